"""The page's replies are typed (viewer/classroom/replies.py: one TypedDict a kind, and one
for each thing a reply carries: a student's page, their board and its parts, the moves, the
teacher's lines ...) and each student's action is done by its function typed with its class
(service.ACTIONS): what the service answers has its kind's keys and no other, all the way
down, as the page reads it (after JSON), and an entry of the table refuses an action of
another class."""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, Union

import pytest
from classroom_helpers import LESSON, ROOT, SECOND, TERRACE

from pyramid_lab.viewer.classroom import messages, replies
from pyramid_lab.viewer.classroom.checks import Refused
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.service import ACTIONS, Service, forget_answer
from pyramid_lab.viewer.classroom.sites import on_board


def of_kind(reply: dict[str, Any], kind: Any) -> bool:
    """Whether ``reply`` has every key ``kind`` requires and none it does not name."""
    keys = set(reply)
    return kind.__required_keys__ <= keys <= kind.__required_keys__ | kind.__optional_keys__


LESSONS = ROOT / "model" / "data" / "lessons"


def problems(value: object, kind: Any, where: str = "reply") -> Iterator[str]:
    """What in ``value`` (read from JSON) is not of ``kind`` (a reply's type hint), each
    said with where it is: keys missing or not named, values of another type."""
    origin = typing.get_origin(kind)
    if typing.is_typeddict(kind):
        if not isinstance(value, dict):
            yield f"{where}: {type(value).__name__}, not an object"
            return
        hints = typing.get_type_hints(kind)
        if missing := kind.__required_keys__ - set(value):
            yield f"{where}: no {sorted(missing)}"
        if extra := set(value) - set(hints):
            yield f"{where}: {sorted(extra)} not named by {kind.__name__}"
        for key in set(value) & set(hints):
            yield from problems(value[key], hints[key], f"{where}.{key}")
    elif origin in (Union, types.UnionType):
        if all(list(problems(value, each, where)) for each in typing.get_args(kind)):
            yield f"{where}: {value!r:.60} is not {kind}"
    elif origin is list:
        if not isinstance(value, list):
            yield f"{where}: {type(value).__name__}, not a list"
            return
        for n, item in enumerate(value):
            yield from problems(item, typing.get_args(kind)[0], f"{where}[{n}]")
    elif origin is dict:
        if not isinstance(value, dict):
            yield f"{where}: {type(value).__name__}, not an object"
            return
        for key, item in value.items():
            yield from problems(item, typing.get_args(kind)[1], f"{where}[{key!r}]")
    elif origin is Literal:
        if value not in typing.get_args(kind):
            yield f"{where}: {value!r} is not {kind}"
    elif kind is type(None):
        if value is not None:
            yield f"{where}: {value!r:.60} is not None"
    elif kind in (int, float):
        numbers = (int,) if kind is int else (int, float)
        if isinstance(value, bool) or not isinstance(value, numbers):
            yield f"{where}: {value!r:.60} is not {kind.__name__}"
    elif kind in (str, bool):
        if not isinstance(value, kind):
            yield f"{where}: {value!r:.60} is not {kind.__name__}"
    else:
        yield f"{where}: a hint this check does not know: {kind}"


def typed(reply: Any, kind: Any) -> list[str]:
    """What of ``reply``, as the page reads it (JSON), is not of ``kind``."""
    return list(problems(json.loads(json.dumps(reply, allow_nan=False)), kind))


@pytest.fixture
def service(tmp_path):
    return Service(Classroom.open([LESSON, SECOND], "abcd-efgh", tmp_path / "r.json", on_board))


def test_each_answer_is_of_its_kind(service):
    joined = service.join("Ada")
    assert of_kind(joined, replies.StudentAnswer)
    token = joined["token"]
    student = service.room.student(token)
    assert of_kind(service.poll(token, student.version), replies.Same)
    assert of_kind(service.poll(token, -1), replies.StudentAnswer)
    refused = service.act(token, "previous", [])  # the first step: refused in words
    assert of_kind(refused, replies.StudentAnswer)
    assert refused["error"] == "this is the lesson's first step"
    assert of_kind(service.resume("no such key at all"), replies.Forget)
    assert of_kind(forget_answer(Refused("gone")), replies.Forget)
    assert of_kind(service.room.lines(), replies.TeacherLines)
    assert not of_kind({"page": {}}, replies.StudentAnswer)  # (the check can fail)


def test_every_action_has_its_function_typed_with_its_class(service):
    assert set(ACTIONS) == set(messages.ACTIONS.values())
    student = service.room.student(service.join("Ada")["token"])
    with pytest.raises(TypeError, match="Check is not a Hint"):
        ACTIONS[messages.Hint](service, student, messages.Check())
    ACTIONS[messages.Hint](service, student, messages.Hint())
    assert student.lab.lessons.hint_shown


def test_every_payload_is_typed_all_the_way_down(tmp_path):
    """A student's page and board in every game (meshes, spheres, glyphs and their shape;
    moves, groups, a form, panels; a verdict, the view), and the teacher's lines with
    rows, joins waiting, door numbers and students removed: each of its TypedDict, after
    JSON as the page reads it."""
    files = [
        LESSON,
        TERRACE,
        LESSONS / "ball" / "01-programming.lesson.json",
        LESSONS / "rolling" / "01-the-draft.lesson.json",
        LESSONS / "pyraos" / "01-squares-and-removals.lesson.json",
    ]
    room = Classroom.open(files, "abcd-efgh", tmp_path / "r.json", on_board)
    service = Service(room)
    joined = service.join("Ada")
    token = joined["token"]
    answers = [joined]
    answers.append(service.act(token, "next", []))  # "click the apex": a corner picked
    answers.append(service.act(token, "point", [[0, 0, 0]]))
    answers.append(service.act(token, "check", []))  # (a verdict)
    seen: dict[str, set[object]] = {"kinds": set(), "keys": set()}
    for lesson in range(len(files)):
        answers.append(service.act(token, "lesson", [lesson]))
        for _step in range(2):
            answers.append(service.act(token, "next", []))
    answers.append(service.act(token, "click", [[0, 0, 50], [0, 0, -1]]))
    answers.append(service.act(token, "view", [1, 0, None]))
    for answer in answers:
        assert typed(answer, replies.StudentAnswer) == []
        seen["kinds"] |= {part["kind"] for part in answer["board"]["parts"]}
        seen["keys"] |= set(answer["page"])
    assert seen["kinds"] == {"mesh", "spheres", "glyphs"}  # (every kind of part was seen)
    assert {"play", "panels"} <= seen["keys"]
    assert any(a["page"]["verdict"] for a in answers)
    assert any(a["page"]["task"] for a in answers)
    assert any(a["page"].get("play", {}).get("form") for a in answers)
    assert any(a["page"].get("play", {}).get("groups") for a in answers)
    service.join("Bo")
    room.admission.door()
    room.remove([next(iter(room.students.values())).id])
    room.admission.set_closed(True)
    room.admission.wait("Cy")
    lines = room.lines()
    assert lines["rows"]
    assert lines["waiting"]
    assert lines["doors"]
    assert lines["removed"]
    assert typed(lines, replies.TeacherLines) == []
    assert typed({**lines, "said": 1}, replies.TeacherLines) == ["reply.said: 1 is not str"]
    assert typed({"page": {}, "board": {}}, replies.StudentAnswer)  # (the check can fail)
