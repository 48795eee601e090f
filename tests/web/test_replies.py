"""The page's replies are typed (viewer/classroom/replies.py: one TypedDict a kind) and
each student's action is done by its function typed with its class (service.ACTIONS):
what the service answers has its kind's keys and no other, and an entry of the table
refuses an action of another class."""

from __future__ import annotations

from typing import Any

import pytest
from classroom_helpers import LESSON, SECOND

from pyramid_lab.viewer.classroom import messages, replies
from pyramid_lab.viewer.classroom.checks import Refused
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.service import ACTIONS, Service, forget_answer
from pyramid_lab.viewer.classroom.sites import on_board


def of_kind(reply: dict[str, Any], kind: Any) -> bool:
    """Whether ``reply`` has every key ``kind`` requires and none it does not name."""
    keys = set(reply)
    return kind.__required_keys__ <= keys <= kind.__required_keys__ | kind.__optional_keys__


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
