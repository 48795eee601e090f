"""What a page sends, fuzzed by hypothesis at :meth:`Service.act`, on every board the
classroom serves (the ball pyramid, Allmer's stepped pyramid, Pyramid Ball's grid, Rolling's
hex map): any action name, any JSON-like arguments (NaN, infinities, huge numbers, strings
for numbers, long and nested lists, forms of the wrong length, choices not offered) mixed
with sensible ones (rays through the board's sites, the legal moves, the form's choices),
at any lesson and step. Every answer is the page and the board in plain JSON, or a refusal
in words (:class:`Refused`); nothing else is raised, and the student's page still comes
back after. Modest and derandomized here; ``PYRAMID_FUZZ=full`` for ten times as many."""

from __future__ import annotations

import json
import math
import os

import numpy as np
import pytest
from classroom_helpers import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_lab.viewer.classroom.room import Classroom, Refused
from pyramid_lab.viewer.classroom.service import Service
from pyramid_lab.viewer.classroom.sites import on_board

FULL = os.environ.get("PYRAMID_FUZZ") == "full"
LESSONS = ROOT / "model" / "data" / "lessons"
FILES = [
    LESSONS / "partition" / "03-a-corner-ball.lesson.json",
    LESSONS / "terrace" / "01-pushes.lesson.json",
    LESSONS / "ball" / "01-programming.lesson.json",
    LESSONS / "rolling" / "01-the-draft.lesson.json",
    LESSONS / "rolling" / "02-fights.lesson.json",
]
ACTIONS = [
    "click",
    "point",
    "move",
    "form",
    "lesson",
    "view",
    "check",
    "hint",
    "retry",
    "next",
    "previous",
]

#: Values a page may send where a number, a text or a list is expected.
odd = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -0.0, 0.5]),
    st.text(max_size=12),
    st.sampled_from(["S", "F", "X", "deploy a 9", "g6>g7", "1,0,0", "S" * 9, "\u202e"]),
)
values = st.recursive(
    odd,
    lambda inner: (
        st.lists(inner, max_size=20) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=40,
)


@pytest.fixture(scope="module")
def service() -> Service:
    service = Service(Classroom.open(FILES, "abcd-efgh", None, on_board))
    service.join("Fuzz")  # one student for every example (a class holds at most 200)
    return service


def sensible(data: st.DataObject, service: Service, student, action: str) -> list:
    """Arguments for ``action`` made from the student's board now: a ray through one of
    its sites (or points), a legal move, the form's choices (now and then one not offered
    or too few), a lesson's number, a view."""
    seat = student.hand.choices()
    game = student.lab.session.game
    if action in ("click", "point"):
        if seat is not None:
            centres = np.asarray(seat.geometry.centres, dtype=float)
        else:
            centres = np.asarray(on_board(game).centres, dtype=float)
        target = centres[data.draw(st.integers(0, len(centres) - 1))]
        if action == "point":
            return [[round(float(c)) for c in target]]
        eye = target + np.array([0.7, -3.0, 8.0])
        way = target - eye
        return [list(map(float, eye)), list(map(float, way / np.linalg.norm(way)))]
    if action == "move":
        moves = seat.legal() if seat is not None else game.legal_moves()
        if not moves:
            return ["no move"]
        return [str(moves[data.draw(st.integers(0, len(moves) - 1))])]
    if action == "form":
        form = seat.ui.move_form(seat.view) if seat is not None else None
        if form is None:
            return [data.draw(st.lists(st.sampled_from(["S", "F", "B"]), max_size=20))]
        chosen: list = [data.draw(st.sampled_from(part.choices)) for part in form.parts]
        if data.draw(st.booleans()):
            where = data.draw(st.integers(0, len(chosen) - 1))
            chosen[where] = data.draw(st.sampled_from(["X", "", "S" * 9, 3, None]))
        if data.draw(st.booleans()):
            chosen = chosen[: data.draw(st.integers(0, len(chosen)))]
        return [chosen]
    if action == "lesson":
        return [data.draw(st.integers(-1, len(FILES)))]
    if action == "view":
        return [data.draw(st.integers(-1, 100)) for _ in range(2)] + [None]
    return []


@settings(
    max_examples=800 if FULL else 80,
    derandomize=not FULL,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_whatever_a_page_sends_is_answered_or_refused_in_words(service, data):
    student = next(iter(service.room.students.values()))
    token = student.token
    lesson = data.draw(st.integers(0, len(FILES) - 1), label="lesson")
    steps = len(service.room.lessons[lesson].lesson.steps)
    step = data.draw(st.integers(0, steps - 1) | st.just(steps - 1))  # (the last: a task)
    with student.lock:
        student.open_lesson(lesson, step)
    for _ in range(data.draw(st.integers(1, 6))):
        # mostly an action of the page's, with arguments that reach the board and the
        # judging; now and then anything at all
        if data.draw(st.integers(0, 9)) < 8:
            action = data.draw(st.sampled_from(ACTIONS))
        else:
            action = data.draw(st.text(max_size=25) | odd)
        pick = data.draw(st.integers(0, 9))
        if pick < 6:
            args = sensible(data, service, student, action if isinstance(action, str) else "")
        elif pick < 9:
            args = data.draw(st.lists(values, max_size=4))
        else:
            args = data.draw(values)
        known = data.draw(st.none() | values)
        try:
            answer = service.act(token, action, args, known)
        except Refused as exc:  # a value act reads before the student's lock: the action
            said = str(exc)  # or the arguments' shape
        else:
            assert {"page", "board"} <= set(answer) <= {"page", "board", "error"}
            json.dumps(answer, allow_nan=False)  # plain JSON: no NaN, no object of ours
            said = answer.get("error", "a said nothing")
        assert isinstance(said, str)
        assert said  # a refusal says why
    back = service.resume(token)
    assert back["page"]["name"] == "Fuzz"
