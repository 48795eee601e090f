"""A click-points task's click on a ball offers the point behind it, as placing does (issue
77, item 4): in "A full pyramid" a click where the hidden 1,1,0 is drawn picked the front
ball 0,0,1, said nothing of the point behind, and a second click let go of the ball."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.service import Service
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.classroom.student import page_of

FULL = (
    Path(__file__).resolve().parents[2]
    / "model/data/lessons/partition/10-a-full-pyramid.lesson.json"
)


def test_a_pick_task_offers_the_point_behind_a_ball_and_a_second_click_picks_it(tmp_path):
    room = Classroom.open([FULL], "abcd-efgh", tmp_path / "results.json", on_board)
    service = Service(room)
    token = service.join("Ada")["token"]
    student = service.room.student(token)
    with student.lock:
        student.open_lesson(0, 0)  # "A full pyramid": click the corners red holds
    assert page_of(student)["task"]["points"]
    lattice = student.board.geometry()
    front, hidden = lattice.centres[lattice.id_of(0, 0, 1)], lattice.centres[lattice.id_of(1, 1, 0)]
    direction = (hidden - front) / np.linalg.norm(hidden - front)
    ray = [list(front - 6.0 * direction), list(direction)]  # 0,0,1 drawn over 1,1,0
    first = service.act(token, "click", ray)
    assert first["page"]["picked"] == ["0,0,1"]  # the ball in front, picked as before
    assert first["error"].startswith(
        "Click 0,0,1 again to pick 1,1,0, the point its ball hides, instead, or "
    ), first.get("error")
    second = service.act(token, "click", ray)
    assert second["page"]["picked"] == ["1,1,0"], second  # the ball let go, the point behind
    assert "error" not in second
    third = service.act(token, "click", ray)  # then as before: the ball in front
    assert sorted(third["page"]["picked"]) == ["0,0,1", "1,1,0"]
