"""One picture, two front ends: for every step of each game's first lesson, the classroom's
page says on its legend what the window's legend says (the same lines, in the same order;
the page adds a line per player's pieces, which the window shows on the board itself).
Both are made from the game UI's frame of the step; a page that drew the board another way
(its own overlays, its own words) would say other lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyramid_lab.model import lesson as lessons
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.service import Service
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.lab.legend_entries import DEFAULT_WORDS

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

LESSONS = Path(__file__).resolve().parents[2] / "model" / "data" / "lessons"
FIRST = {
    "partition": "01-corners-and-walls",
    "pyraos": "01-squares-and-removals",
    "terrace": "01-pushes",
    "ball": "01-programming",
    "rolling": "01-the-draft",
}


#: The window's legend line of what takes a click now.
CLICKABLE = DEFAULT_WORDS[("rim", "clickable")]
HOVER = DEFAULT_WORDS[("hover", "")]


def page_legend(service: Service, student, step: int) -> list[str]:
    with student.lock:
        student.go(step)
        board = service.student_answer(student)["board"]
    return [line["words"] for line in board["legend"] if line["kind"] != "pieces"]


@pytest.mark.parametrize("game", sorted(FIRST))
def test_the_page_s_legend_is_the_window_s(make_window, game):
    path = LESSONS / game / f"{FIRST[game]}.lesson.json"
    steps = len(lessons.read(path).steps)
    service = Service(Classroom.open([path], "abcd-efgh", None, on_board))
    student = service.room.join("Ada")
    window = make_window()
    assert window.lab.documents.open(path)
    said_something = False
    for step in range(steps):
        window.lab.lessons.go(step)
        window.stage.redraw()
        shown = window.scene.legend.texts()
        # (where the page takes no click, a step that asks nothing, the window's line of
        # what takes a click there is not the page's)
        said = page_legend(service, student, step)
        told = shown if student.hand.takes_clicks() else [w for w in shown if w != CLICKABLE]
        told = [w for w in told if w != HOVER]  # (the window's ring under its mouse)
        assert said == told, f"{game}, step {step + 1}"
        said_something |= bool(shown)
    assert said_something  # (a lesson whose legend is always empty would prove nothing)
