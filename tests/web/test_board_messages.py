"""What a click costs on the wire, without a browser: the answer to a click is at most
30 KB (the balls go as spheres, centres, radii and colours, not as meshes), a part of the
board that did not change is never sent again (nor twice in one answer), and the page is
sent a part's state exactly when it lacks it."""

from __future__ import annotations

import json

import numpy as np
from classroom_helpers import LESSON, SECOND, TERRACE

from pyramid_lab.model import lesson as lessons
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.service import Service
from pyramid_lab.viewer.classroom.sites import on_board

CODE = "abcd-efgh"
#: The most bytes an answer to a click may take (issue 65: ~320 KB when balls were meshes).
CLICK_BYTES = 30_000
PYRAOS = LESSON.parents[1] / "pyraos" / "01-squares-and-removals.lesson.json"
PATHS = LESSON.parents[1] / "partition" / "05-escape-paths.lesson.json"


def on_step(path, step: int):
    """A service on lesson ``path`` and a student at ``step``: their key, their first
    answer's board (all sent) and the camera's eye."""
    service = Service(Classroom.open([path], CODE, None, on_board))
    token = service.join("Ada")["token"]
    student = service.room.student(token)
    with student.lock:
        student.go(step)
    first = service.resume(token)
    return service, token, first


def ray(board: dict, point) -> list[list[float]]:
    """The view ray from the page's camera through ``point`` (as a page's click)."""
    eye = np.asarray(board["camera"]["position"], dtype=float)
    return [list(eye), list(np.asarray(point, dtype=float) - eye)]


def size(answer: dict) -> int:
    return len(json.dumps(answer, allow_nan=False))  # (as the server sends it)


def sent_as_changed(before: dict, after: dict) -> None:
    """``after`` (the answer to a page that has ``before``'s parts) sends exactly the
    states of the parts whose keys changed, each once."""
    had = set(before["keys"].values())
    lacking = {key for key in after["keys"].values() if key not in had}
    # (the points a keyboard stops at go as the board's spots, not a mesh: when they change)
    spots = {key for key in lacking if key.startswith("spots-")}
    assert set(after["meshes"]) == lacking - spots
    assert ("spots" in after) == bool(spots)


def test_a_click_on_a_point_answers_in_a_few_kilobytes():
    # Partition's first lesson, the apex asked for: a point clicked is picked (its marker
    # turns), and only the markers go again: the board, its edges, walls and cones stay
    service, token, first = on_step(LESSON, 1)
    board = first["board"]
    assert size(first) > CLICK_BYTES  # (the whole board, once: the test can see bytes)
    game = lessons.read(LESSON).steps[1].game
    apex = game.lattice.centres[game.lattice.id_of(0, 0, 3)]
    picked = service.act(token, "click", ray(board, apex), board["keys"])
    assert picked["page"]["picked"] == ["0,0,3"]
    assert size(picked) <= CLICK_BYTES
    sent_as_changed(board, picked["board"])
    changed = [p["name"] for p in picked["board"]["parts"] if p["key"] in picked["board"]["meshes"]]
    assert changed == ["markers"]
    checked = service.act(token, "check", [], picked["board"]["keys"])
    assert checked["page"]["verdict"]["correct"] is True
    assert size(checked) <= CLICK_BYTES
    sent_as_changed(picked["board"], checked["board"])
    # asked again with every part known: no part is sent
    again = service.resume(token, checked["board"]["keys"])
    assert again["board"]["meshes"] == {}


def test_the_balls_go_as_spheres_and_a_move_answers_in_a_few_kilobytes():
    # Pyraos: the balls are a part of spheres (a centre, a radius and a colour each, no
    # cells); a move played sends the balls and the markers, never the board again
    service, token, first = on_step(PYRAOS, 1)
    board = first["board"]
    parts = {part["name"]: part for part in board["parts"]}
    assert parts["balls"]["kind"] == "spheres"
    balls = board["meshes"][parts["balls"]["key"]]
    assert "polys" not in balls["mesh"]
    count = len(lessons.read(PYRAOS).steps[1].game.pieces())
    arrays = {array["name"]: array for array in balls["pointArrays"]}
    assert {"rgb", "radius"} == set(arrays)
    assert len(balls["mesh"]["points"]["bvals"]) == len(_b64(count * 12))
    game = lessons.read(PYRAOS).steps[1].game
    move = str(game.legal_moves()[0])
    played = service.act(token, "move", [move], board["keys"])
    assert "error" not in played
    assert size(played) <= CLICK_BYTES
    sent_as_changed(board, played["board"])
    assert parts["board"]["key"] not in played["board"]["meshes"]


def test_a_path_and_its_x_ray_are_sent_once():
    # Partition's escape paths: the path drawn twice (as itself and faint over the balls
    # that hide it) is one state; the move that changes it answers within the bound
    service, token, first = on_step(PATHS, 1)
    board = first["board"]
    parts = {part["name"]: part for part in board["parts"]}
    assert parts["paths"]["key"] == parts["xray"]["key"]
    game = lessons.read(PATHS).steps[1].game
    answer = lessons.read(PATHS).steps[1].task.answers[0]
    target = game.lattice.centres[game.lattice.id_of(*map(int, answer.split(",")))]
    played = service.act(token, "click", ray(board, target), board["keys"])
    assert played["page"]["verdict"] is not None
    assert size(played) <= CLICK_BYTES
    sent_as_changed(board, played["board"])


def test_a_stone_selected_on_the_stepped_board_answers_in_a_few_kilobytes():
    service, token, first = on_step(TERRACE, 1)
    board = first["board"]
    student = service.room.student(token)
    ui, geometry = student.board.ui, student.board.geometry()
    g6 = next(s for s in range(len(geometry.centres)) if ui.site_name(s) == "g6")
    stone = np.asarray(geometry.centres[g6]) + np.array([0.0, 0.0, 0.3])
    selected = service.act(token, "click", ray(board, stone), board["keys"])
    assert selected["page"]["play"]["about"] == "g6"
    assert size(selected) <= CLICK_BYTES
    sent_as_changed(board, selected["board"])
    # the push g6>g7 played: the stones (copies of one shape: glyphs, the shape sent once,
    # with the first board) go again as their offsets and colours only
    g7 = next(s for s in range(len(geometry.centres)) if ui.site_name(s) == "g7")
    target = np.asarray(geometry.centres[g7]) + np.array([0.0, 0.0, 0.3])
    pushed = service.act(token, "click", ray(board, target), selected["board"]["keys"])
    assert pushed["page"]["verdict"]["correct"] is True
    assert size(pushed) <= CLICK_BYTES
    sent_as_changed(selected["board"], pushed["board"])
    stones = next(part for part in pushed["board"]["parts"] if part["name"] == "stones")
    assert stones["kind"] == "glyphs"
    assert stones["key"] in pushed["board"]["meshes"]
    assert stones["shape"] in board["meshes"]
    assert stones["shape"] not in pushed["board"]["meshes"]


def test_a_page_that_lost_a_part_is_sent_it_again():
    # the keys a page has are the server's record of what it sent this page: a part the
    # page was not sent (another connection, a reload) goes whole
    service, token, first = on_step(SECOND, 0)
    keys = dict(first["board"]["keys"])
    keys.pop("balls")
    again = service.resume(token, keys)
    assert list(again["board"]["meshes"]) == [first["board"]["keys"]["balls"]]


def _b64(count: int) -> str:
    import base64

    return base64.b64encode(bytes(count)).decode("ascii")
