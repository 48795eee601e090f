"""The lessons of the games on other boards (Allmer's stepped pyramid, Pyramid Ball's grid,
Rolling Pyramids' hex map), without a browser: a wrong move's explanation and a right move
accepted in each, clicks through the game's own turn builder, Pyramid Ball's program form,
the moves a page lists, the board's meshes and labels, what a student of one seat is sent
of another seat's secret orders (nothing), and no Qt loaded by any of it."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from classroom_helpers import ROOT

from pyramid_lab.model import lesson as lessons
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.service import Service, _refusing
from pyramid_lab.viewer.classroom.sites import on_board

CODE = "abcd-efgh"
LESSONS = ROOT / "model" / "data" / "lessons"
TERRACE = LESSONS / "terrace" / "01-pushes.lesson.json"
BALL = LESSONS / "ball" / "01-programming.lesson.json"
DRAFT = LESSONS / "rolling" / "01-the-draft.lesson.json"
FIGHTS = LESSONS / "rolling" / "02-fights.lesson.json"


@pytest.fixture
def service():
    return Service(Classroom.open([TERRACE, BALL, DRAFT, FIGHTS], CODE, None, on_board))


def student_at(service, lesson: int, step: int = 1):
    token = service.join("Ada")["token"]
    student = service.room.student(token)
    with student.lock:
        student.open_lesson(lesson, step)
    return token, student


def ray_onto(point, eye=(3.0, -9.0, 12.0)):
    """A view ray from ``eye`` through ``point`` (as a page's click sends it)."""
    eye = np.asarray(eye, dtype=float)
    way = np.asarray(point, dtype=float) - eye
    return [list(eye), list(way / np.linalg.norm(way))]


def test_allmers_pyramid_by_clicks_a_wrong_push_then_the_right_one(service):
    token, ada = student_at(service, 0)
    answer = service.resume(token)
    board, page = answer["board"], answer["page"]
    assert board["flat"] is False
    assert board["levels"] == 4
    assert {"a", "g", "1", "7"} <= {label["text"] for label in board["labels"]}
    assert "black's stones" in [entry["words"] for entry in board["legend"]]
    assert page["play"]["form"] is None
    assert "g6>g7" in [m["text"] for m in page["play"]["moves"]]
    seat = ada.hand.choices()
    named = {seat.ui.site_name(s): s for s in range(49)}
    g6, g7, g1 = named["g6"], named["g7"], named["g1"]
    top = np.array([0.0, 0.0, 0.3])  # a stone's top over its field
    # the black stone on g6: selected, as in the window; its moves are listed
    picked = service.act(token, "click", ray_onto(seat.geometry.centres[g6] + top))
    assert "error" not in picked
    assert picked["page"]["play"]["about"] == "g6"
    assert {m["text"] for m in picked["page"]["play"]["moves"]} == {
        "g6-g1",
        "g6-g2",
        "g6-g3",
        "g6-g4",
        "g6-g5",
        "g6>g7",
        "g6^f6",
    }
    # a run to g1 is legal but not the push asked for: the lesson's reason
    wrong = service.act(token, "click", ray_onto(seat.geometry.centres[g1]))
    assert wrong["page"]["verdict"]["correct"] is False
    assert wrong["page"]["verdict"]["reason"].startswith(
        "g6-g1 is not the move this step asks for: it runs black's stone from g6 to g1; "
        "it removes no stone"
    )
    again = service.act(token, "retry", [])
    assert again["page"]["verdict"] is None
    # Retry after a stone selected (no move played) goes back to the step as shown first:
    # nothing selected, no destination drawn, every move listed
    service.act(token, "click", ray_onto(seat.geometry.centres[g6] + top))
    after = service.act(token, "retry", [])
    assert after["page"]["play"] == again["page"]["play"]
    assert after["page"]["play"]["about"] == ""
    assert after["board"]["keys"] == again["board"]["keys"]
    seat = ada.hand.choices()
    service.act(token, "click", ray_onto(seat.geometry.centres[g6] + top))
    right = service.act(token, "click", ray_onto(seat.geometry.centres[g7] + top))
    assert right["page"]["verdict"]["correct"] is True
    assert right["page"]["done"] == [1]
    # a click off the board, and a click once answered, are refused in words
    assert _refusing(lambda: service.act(token, "click", [[0, 0, 50], [0, 0, 1]]))["error"]
    once = service.act(token, "click", ray_onto(seat.geometry.centres[g6]))
    assert once["error"].startswith("answered right already")


def test_allmers_pyramid_a_click_points_task_is_answered_by_clicks(tmp_path):
    # a task of points on a board of sites: a click picks the field (the window's lesson
    # takes it so), drawn and named in the legend; Check judges the points picked
    raw = json.loads(TERRACE.read_text(encoding="utf-8"))
    raw["steps"][1]["task"] = {
        "kind": "click-points",
        "prompt": "Click the stone that can push a white stone off.",
        "answers": ["5,6"],  # g6
    }
    path = tmp_path / "points.lesson.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    service = Service(Classroom.open([path], CODE, None, on_board))
    token, ada = student_at(service, 0)
    seat = ada.hand.choices()
    named = {seat.ui.site_name(s): s for s in range(49)}
    top = np.array([0.0, 0.0, 0.3])
    wrong = service.act(token, "click", ray_onto(seat.geometry.centres[named["g1"]]))
    assert wrong["page"]["picked"] == ["0,6"]
    assert "a point you picked (click again to let go)" in [
        entry["words"] for entry in wrong["board"]["legend"]
    ]
    judged = service.act(token, "check", [])
    assert judged["page"]["verdict"]["correct"] is False
    assert judged["page"]["verdict"]["reason"].startswith("0,6 is not one of them")
    service.act(token, "retry", [])
    picked = service.act(token, "click", ray_onto(seat.geometry.centres[named["g6"]] + top))
    assert picked["page"]["picked"] == ["5,6"]
    assert "a piece you picked (click again to let go)" in [
        entry["words"] for entry in picked["board"]["legend"]
    ]
    assert service.act(token, "check", [])["page"]["verdict"]["correct"] is True


def test_pyramid_ball_by_its_program_form(service):
    token, _ada = student_at(service, 1)
    page = service.resume(token)["page"]
    form = page["play"]["form"]
    assert [g["title"] for g in form["groups"]] == ["red's program", "blue's program"]
    assert form["defaults"] == ["S"] * 18
    medium = form["groups"][0]["rows"][0]["parts"][1]
    assert medium["label"] == "Medium"
    assert medium["choices"][0] == "S"
    assert "F" in medium["choices"]
    # a click on the board says what to do in the page's own words (no window dock named)
    clicked = service.act(token, "click", ray_onto((3, 3, 0)))
    assert clicked["error"] == (
        "a click moves nothing: program the pyramids beside the board, then play"
    )
    wrong = service.act(token, "form", [form["defaults"]])
    assert wrong["page"]["verdict"]["correct"] is False
    assert "red has not won yet; nothing moves in any row" in wrong["page"]["verdict"]["reason"]
    service.act(token, "retry", [])
    # a choice that is not one of the part's is refused in words
    bad = service.act(token, "form", [["X"] * 18])
    assert bad["error"].startswith("red's program, row 1, Large: choose one of")
    too_many = _refusing(lambda: service.act(token, "form", [["S"] * 400]))
    assert too_many["error"] == "the page sent too much"
    answer = "S,F,S/S,F,S/S,S,S | S,S,S/S,S,S/S,S,S"
    chosen = answer.replace(" | ", "/").replace("/", ",").split(",")
    right = service.act(token, "form", [chosen])
    assert right["page"]["verdict"]["correct"] is True
    # once answered, the form, a typed move and a click are refused in the same words
    for action, args in (("form", [chosen]), ("move", [answer]), ("click", ray_onto((3, 3, 0)))):
        again = service.act(token, action, args)
        assert again["error"] == "answered right already: go on with Next"
    # a step that asks nothing takes no move, typed or from the form
    service.act(token, "previous", [])
    for action, args in (("form", [chosen]), ("move", [answer])):
        idle = service.act(token, action, args)
        assert idle["error"] == "this step asks nothing: read it and go on with Next"


def test_rolling_pyramids_the_draft_and_the_deployment(service):
    token, _ada = student_at(service, 2)
    play = service.resume(token)["page"]["play"]
    assert play["buttons"] is False  # 113 ways to take a die: too many for one row
    take = next(m for m in play["moves"] if m["text"] == "take blue d4 2 > hero")
    assert take["words"] == ""  # written once: the notation says it all
    # the page shows them grouped by die, each in the Turn dock's words
    groups = {group["title"]: group["moves"] for group in play["groups"]}
    assert sum(len(moves) for moves in groups.values()) == len(play["moves"])
    hero = next(m for m in groups["blue d4 = 2"] if m["text"] == "take blue d4 2 > hero")
    assert hero["words"] == "the next hero slot: 2"
    panels = [panel["title"] for panel in service.resume(token)["page"]["panels"]]
    assert panels[0] == "The dice pool"
    assert "red's faction board" in panels
    # a click on the map in the draft says where a die is taken: the list, not a dock
    seat = _ada.hand.choices()
    nine = seat.geometry.site(seat.view.map.cell("9"))
    said = _refusing(lambda: service.act(token, "click", ray_onto(seat.geometry.centres[nine])))
    assert said["error"] == (
        "take a die from the pool in the moves listed beside the board, then choose where "
        "to write it"
    )
    wrong = service.act(token, "move", ["take red d4 2 > a1"])
    assert wrong["page"]["verdict"]["correct"] is False
    assert "not a hero" in wrong["page"]["verdict"]["reason"]
    service.act(token, "retry", [])
    assert service.act(token, "move", ["take blue d4 2 > hero"])["page"]["verdict"]["correct"]

    token, _ada = student_at(service, 3)
    answer = service.resume(token)
    assert answer["board"]["flat"] is True
    assert [m["text"] for m in answer["page"]["play"]["moves"]][:2] == ["deploy a 2", "deploy a 8"]
    wrong = service.act(token, "move", ["deploy a 2"])
    assert wrong["page"]["verdict"]["correct"] is False
    assert "red's ram helps only an attack across its border" in wrong["page"]["verdict"]["reason"]
    service.act(token, "retry", [])
    assert service.act(token, "move", ["deploy a 9"])["page"]["verdict"]["correct"] is True


def test_a_click_on_a_space_deploys_in_rollings_secret_phase(service):
    # the student sits at their own screen: the map takes their click (no "hand over to
    # red ... 'I am red' in the Turn dock", a dock the page has not)
    token, ada = student_at(service, 3)
    seat = ada.hand.choices()
    nine = seat.geometry.site(seat.view.map.cell("9"))
    right = service.act(token, "click", ray_onto(seat.geometry.centres[nine]))
    assert "error" not in right
    verdict = right["page"]["verdict"]
    assert (verdict["word"], verdict["reason"]) == ("Right!", "deploy a 9 is the move")
    assert verdict["correct"]


def secret_lesson(tmp_path, targets):
    """Fights' step 2 after red sent its three units to ``targets`` (secret): blue, to
    move, is the student."""
    raw = json.loads(FIGHTS.read_text(encoding="utf-8"))
    game = lessons.read(FIGHTS).steps[1].game
    for unit, cell in zip(("a", "f1", "f2"), targets, strict=True):
        game.push(game.parse_move(f"deploy {unit} {cell}"))
    assert game.to_move == "blue"
    position = raw["steps"][0]["position"]
    position["state"] = game.file_state()
    position["to_move"] = "blue"
    raw["steps"] = [
        {
            "title": "Blue deploys",
            "text": "Red has deployed its units.",
            "position": position,
            "task": {"kind": "move", "prompt": "Deploy a unit.", "answers": ["deploy f1 3"]},
        }
    ]
    path = tmp_path / f"secret-{'-'.join(map(str, targets))}.lesson.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def blue_session(path, targets):
    """Everything a blue student's page is sent: the page, clicks on the map, a wrong
    deployment (blue deploys again after it), Retry and the right one."""
    service = Service(Classroom.open([path], CODE, None, on_board))
    token = service.join("Bo")["token"]
    student = service.room.student(token)
    real = student.lab.session.game
    assert [o.cell for o in real.state.orders] == [  # the secret is in the position
        real.map.cell(str(c)) for c in targets
    ]
    seat = student.hand.choices()
    assert seat.seat == 1
    assert [o.cell for o in seat.view.state.orders] == [None, None, None]  # not in the view
    answers = [service.resume(token)]
    hexes = [seat.geometry.site(seat.view.map.cell(name)) for name in ("1", "2", "9", "3")]
    for site in hexes:  # a space refused (blue may not go there), then one played
        answers.append(
            _refusing(
                lambda s=site: service.act(token, "click", ray_onto(seat.geometry.centres[s]))
            )
        )
    answers.append(service.act(token, "retry", []))
    answers.append(service.act(token, "move", ["deploy f2 3"]))
    answers.append(service.act(token, "retry", []))
    answers.append(service.act(token, "move", ["deploy f1 3"]))
    for answer in answers:
        answer.pop("ms", None)
    return answers


def test_another_seats_secret_orders_are_never_sent(tmp_path):
    # red's three units sent to spaces 2, 2, 2 or to 9, 8, 19: whatever blue's page asks,
    # it is sent the very same bytes (the board's meshes, their keys, labels, legend,
    # moves, words and verdicts), so nothing it is sent carries where red's units went
    targets = [(2, 2, 2), (9, 8, 19)]
    seen = [blue_session(secret_lesson(tmp_path, t), t) for t in targets]
    assert seen[0] == seen[1]
    texts = [
        [label["text"] for label in answer["board"]["labels"]]
        for answer in seen[0]
        if "board" in answer
    ]
    assert not any(text.startswith("sent a") for labels in texts for text in labels)
    # blue's own order (its wrong deployment, blue to deploy again) is drawn for blue
    assert any("sent f2" in text for labels in texts for text in labels)
    assert seen[0][-1]["page"]["verdict"]["correct"] is True


def test_serving_every_lesson_loads_no_qt():
    script = (
        "import sys\n"
        "from pyramid_lab.viewer.classroom.room import Classroom\n"
        "from pyramid_lab.viewer.classroom.sites import on_board\n"
        "from pyramid_lab.viewer.classroom.service import Service\n"
        "room = Classroom.open(['model/data/lessons'], 'abcd-efgh', None, on_board)\n"
        "service = Service(room)\n"
        "token = service.join('Ada')['token']\n"
        "student = room.student(token)\n"
        "for index in range(len(room.lessons)):\n"
        "    student.open_lesson(index, 0)\n"
        "    assert 'board' in service.resume(token)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6', 'pyvistaqt'))\n"
        "print(loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_picture_asked_for_at_once_by_many_students_is_drawn_once(monkeypatch):
    """The class on one step asks for the same board at once: one thread draws it, the
    others wait for it and share it (not a drawing each); and a layer's key is worked out
    once, not at every answer."""
    import threading
    import time

    from pyramid_lab.viewer.classroom import sites

    room = Classroom.open([TERRACE], CODE, None, on_board)
    seats = [room.join(f"Student {n}") for n in range(6)]
    for student in seats:
        with student.lock:
            student.go(1)
    drawn: list[int] = []
    real = sites._draw

    def slow_draw(*args, **kwargs):
        drawn.append(1)
        time.sleep(0.3)  # long enough for every thread to ask meanwhile
        return real(*args, **kwargs)

    monkeypatch.setattr(sites, "_draw", slow_draw)
    view = {"top": 3, "peel": 0, "clip": None, "test": time.time()}  # a picture kept by none
    boards: list[object] = []
    threads = [
        threading.Thread(target=lambda s=seat: boards.append(sites.site_board(s.board, view)))
        for seat in seats
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(boards) == len(seats)
    assert len(drawn) == 1
    assert all(board is boards[0] for board in boards)
    layer = next(part for part in boards[0].layers().values() if part.kind == "mesh")
    first = layer.key()
    layer.part = layer.part.copy()
    layer.part.points += 1.0  # (a board is only read once drawn: the key is not worked out again)
    assert layer.key() == first
    assert not sites._DRAWING


def test_a_click_beside_the_board_says_what_this_board_is_clicked_on(service):
    # the words fit each board: a square or a stone on Allmer's pyramid, a hex on Rolling's
    said = {}
    for lesson in (0, 2):
        token, _student = student_at(service, lesson)
        away = [[0.0, 0.0, 50.0], [0.0, 0.0, 1.0]]  # a ray up, away from every board
        said[lesson] = service.act(token, "click", away)["error"]
    assert said == {
        0: "that is not on the board: click a square or a stone",
        2: "that is not on the board: click a hex",
    }
