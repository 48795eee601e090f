"""The class without a browser: the checks of what a page sends, a student's answers judged
by their lab, the teacher's rows and CSV, the results file written and read again, and the
board's meshes and picking."""

from __future__ import annotations

import asyncio
import csv
import hashlib
import io
import json
import re
import time

import aiohttp
import numpy as np
import pytest
from aiohttp import web
from classroom_helpers import LESSON, SECOND, TERRACE, Page

from pyramid_lab import i18n
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.viewer.classroom.checks import Refused, make_code, name_of
from pyramid_lab.viewer.classroom.choices import page_reach
from pyramid_lab.viewer.classroom.guard import Limits
from pyramid_lab.viewer.classroom.messages import Point, action_of
from pyramid_lab.viewer.classroom.pages import LATE
from pyramid_lab.viewer.classroom.room import Classroom, csv_text
from pyramid_lab.viewer.classroom.scene import hex_of
from pyramid_lab.viewer.classroom.service import Service, _refusing
from pyramid_lab.viewer.classroom.sites import on_board, pick, site_board
from pyramid_lab.viewer.classroom.student import page_of
from pyramid_lab.viewer.classroom.web import build_app
from pyramid_lab.viewer.lab.events import Following, PositionTaken
from tests.patience import WAIT_S

CODE = "abcd-efgh"


@pytest.fixture
def room(tmp_path):
    return Classroom.open([LESSON, SECOND], CODE, tmp_path / "results.json", on_board)


def test_names_and_points_are_checked():
    assert name_of("  Ada   Lovelace ") == "Ada Lovelace"
    for bad, why in (
        ("", "type your name first"),
        ("x" * 41, "the name is too long (at most 40 characters)"),
        ("a\u202eb", "the name has a character that cannot be shown"),
        (17, "the name must be text"),
    ):
        with pytest.raises(Refused, match="^" + why.replace("(", r"\(").replace(")", r"\)")):
            name_of(bad)
    assert action_of("point", [[1, 0, 2.0]]) == Point((1, 0, 2))
    with pytest.raises(Refused, match="a coordinate must be a whole number"):
        action_of("point", [[1, 0, 0.5]])
    code = make_code()  # 16 of 31 letters and digits: 79 random bits
    assert len(code) == 19
    assert code.count("-") == 3


def test_a_wrong_answer_is_judged_counted_and_listed(room):
    ada, bo = room.join("Ada"), room.join("Bo")
    with ada.lock:
        ada.next()
        ada.hand.click_point((0, 0, 0))
        ada.hand.check()
        page = page_of(ada)
    assert page["verdict"] == {
        "correct": False,
        "partial": False,
        "word": "Not yet:",
        "reason": "SW (0,0,0) is not one of them",
    }
    with ada.lock:
        ada.go(ada.step_index)  # (Retry)
        ada.hand.click_point((0, 0, 3))
        ada.hand.check()
        with pytest.raises(Refused, match="answered right already"):
            ada.hand.click_point((0, 0, 0))
    rows = {row["name"]: row for row in room.rows()}
    assert (rows["Ada"]["tries"], rows["Ada"]["right"], rows["Ada"]["wrong"]) == (2, 1, 1)
    assert rows["Ada"]["last_wrong"] == "0,0,0"
    assert rows["Ada"]["done"] == [1]
    assert rows["Bo"]["step"] == 0
    with pytest.raises(Refused, match="that is not this class's code"):
        room.teacher("abcd-efgi")
    room.teacher(CODE)
    table = list(csv.DictReader(io.StringIO(csv_text(room))))
    assert [(r["student"], r["step"], r["answered right"]) for r in table] == [
        ("Ada", "1", "no question"),  # a step to read asks nothing
        ("Ada", "2", "yes"),
        ("Bo", "1", "no question"),
    ]
    assert page_of(bo)["picked"] == []  # Ada's picks are Ada's


def test_a_move_task_is_played_by_a_click_and_refused_in_words(room):
    ada = room.join("Ada")
    with ada.lock:
        ada.open_lesson(1, 0)  # a corner ball: place a ball that holds a corner
        with pytest.raises(Refused, match="is not a point of this board"):
            ada.hand.click_point((9, 9, 9))
        with pytest.raises(Refused, match="0,0,0 already holds a red ball"):
            ada.hand.click_point((0, 0, 0))
        task = ada.lab.lessons.step.task
        game = ada.lab.session.game
        wrong = next(str(m) for m in game.legal_moves() if str(m) not in task.answers)
        ada.hand.click_point(tuple(int(c) for c in wrong.split(",")))
        verdict = ada.lab.lessons.verdict
        assert verdict is not None
        assert not verdict.correct
        assert verdict.reason  # the rules' words on the move
        with pytest.raises(Refused, match="a move is on the board already"):
            ada.hand.play(ada.hand.read_move(task.answers[0]))
        assert room.rows()[0]["last_wrong"] == wrong


def test_a_students_move_reaches_their_hand_as_the_windows_typed_events(room):
    """The classroom follows the lab's typed events as the window does: a move played is
    heard once the lab has followed it, at most two events (were five), and the hand
    follows them (the student seated for the position taken in)."""
    ada = room.join("Ada")
    with ada.lock:
        ada.open_lesson(1, 0)
        heard: list[Following] = []
        ada.lab.follows.connect(heard.append)
        task = ada.lab.lessons.step.task
        assert ada.hand.follow in ada.lab.follows._slots  # the hand's one subscription
        ada.hand.play(ada.hand.read_move(task.answers[0]))
        assert heard == [PositionTaken("move")]


def test_a_move_that_is_none_is_named_once(room):
    """The classroom trial: "a1: 'a1' is not a point; ..." named the text twice."""
    ada = room.join("Ada")
    with ada.lock:
        ada.open_lesson(1, 0)
        with pytest.raises(Refused) as info:
            ada.hand.read_move("a1")
    assert str(info.value).startswith("'a1' is not a point"), info.value


def test_a_right_pick_of_a_many_answer_task_is_said_right_on_the_page(room):
    ada = room.join("Ada")
    with ada.lock:
        ada.open_lesson(1, 1)  # which corners does red hold? SW and SE
        ada.hand.click_point((0, 0, 0))
        ada.hand.check()
        verdict = page_of(ada)["verdict"]
    assert verdict["word"] == "Right so far:"
    assert verdict["reason"] == "SW (0,0,0) is right; 1 more to find"


def test_the_last_step_says_the_lesson_is_done_to_the_student_and_the_teacher(room):
    ada = room.join("Ada")
    with ada.lock:
        ada.open_lesson(0, 2)  # the first lesson's last step: SW and SE
        assert page_of(ada)["end"] == ""  # not answered yet: Next opens the next lesson
        ada.hand.click_point((0, 0, 0))
        ada.hand.click_point((3, 0, 0))
        ada.hand.check()
        assert page_of(ada)["end"] == "Lesson done: Next opens the next lesson"
    assert room.rows()[0]["end"] == "lesson done"
    with ada.lock:
        ada.open_lesson(1, 1)  # the class's last step: which corners does red hold?
        page = page_of(ada)
    assert page["last"]  # Next greyed out, and why
    assert page["end"] == "The class's last step: answer it and the lesson is done"
    assert not page["ended"]
    assert room.rows()[0]["end"] == ""
    with ada.lock:
        ada.hand.click_point((0, 0, 0))
        ada.hand.click_point((3, 0, 0))
        ada.hand.check()
        page = page_of(ada)
    assert page["end"] == "Lesson done: that was the class's last step"
    assert page["ended"]
    assert room.rows()[0]["end"] == "all lessons done"
    assert room.lines()["rows"][0]["end"] == "all lessons done"  # the teacher's page


def test_two_students_named_alike_are_told_apart(room):
    first, second = room.join("Ada"), room.join("Ada")
    rows = room.rows()
    assert [row["name"] for row in rows] == ["Ada", "Ada"]
    assert rows[0]["tag"] != rows[1]["tag"]
    assert {rows[0]["tag"], rows[1]["tag"]} == {first.tag, second.tag}
    table = list(csv.DictReader(io.StringIO(csv_text(room))))
    assert {r["student tag"] for r in table} == {first.tag, second.tag}


def test_each_lesson_opens_with_its_own_view(room):
    ada = room.join("Ada")
    with ada.lock:
        ada.set_view(1, 1, 2)
        assert page_of(ada)["view"] == {"top": 1, "peel": 1, "clip": 2}
        ada.next()  # a step of the same lesson keeps the view the student chose
        assert page_of(ada)["view"]["peel"] == 1
        ada.open_lesson(1)
        assert page_of(ada)["view"] == {"top": 99, "peel": 0, "clip": None}


def test_everyone_to_a_step(room):
    students = [room.join(name) for name in ("Ada", "Bo", "Cy")]
    assert room.everyone_to(1, 1) == 3
    assert {(s.lesson_index, s.step_index) for s in students} == {(1, 1)}
    with pytest.raises(Refused, match="the step must be from 0 to 1"):
        room.everyone_to(1, 7)


def test_a_student_who_joins_after_everyone_to_a_step_starts_there(room):
    room.join("Ada")
    room.everyone_to(1, 1)
    late = room.join("Bo")  # after the teacher's "Everyone to this step"
    assert (late.lesson_index, late.step_index) == (1, 1)
    page = page_of(late)
    assert (page["lesson"], page["step"]) == (1, 1)
    room.admission.set_closed(True)  # closed: one let in by a door number starts there too
    by_door = room.join("Cy", door=True)
    assert (by_door.lesson_index, by_door.step_index) == (1, 1)


def test_the_results_file_is_written_atomically_and_read_again(room, tmp_path):
    ada = room.join("Ada")
    with ada.lock:
        ada.next()
        ada.hand.click_point((0, 0, 3))
        ada.hand.check()
    written = room.save()
    assert written == (tmp_path / "results.json").resolve()
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]
    assert written.stat().st_mode & 0o777 == 0o600  # this user's only
    text = written.read_text(encoding="utf-8")
    assert ada.token not in text  # the key is kept as its SHA-256 only
    assert hashlib.sha256(ada.token.encode()).hexdigest() in text
    again = Classroom.open([LESSON, SECOND], CODE, tmp_path / "results.json", on_board)
    back = again.student(ada.token)
    assert (back.name, back.lesson_index, back.step_index) == ("Ada", 0, 1)
    assert page_of(back)["done"] == [1]
    assert back.record(1).right == 1
    # a damaged results file is refused by name, not taken
    (tmp_path / "bad.json").write_text(json.dumps({"format": "other"}))
    with pytest.raises(PositionFormatError, match="not a results file"):
        Classroom.open([LESSON], CODE, tmp_path / "bad.json", on_board)


def test_the_service_refuses_and_answers(room):
    service = Service(room)
    joined = service.join("Ada")
    token = joined["token"]
    # the first step's board has no ball: no part of balls, and each part it has is sent
    board = joined["board"]
    names = [part["name"] for part in board["parts"]]
    assert "balls" not in names
    assert {"board", "edges", "markers"} <= set(names)
    assert {part["key"] for part in board["parts"]} == set(board["meshes"])
    for state in board["meshes"].values():
        assert state["mesh"]["points"]["dtype"] == "float32"
    for args, why in (
        ([[0, 0, 0]], "a click is a ray: a start and a direction"),
        ([[0, 0, "x"], [0, 0, 1]], "a click is a ray: two lists of three numbers"),
        ([list(range(3000))], "the page sent too much"),
    ):
        assert _refusing(lambda a=args: service.act(token, "click", a))["error"] == why
    assert service.poll(token, -1)["page"]["name"] == "Ada"
    assert service.poll(token, service.poll(token, -1)["page"]["version"]) == {"same": True}
    assert service.resume("x" * 30)["forget"] is True


def test_joins_waiting_are_answered_one_or_many_at_once_within_bounds(room):
    from pyramid_lab.viewer.classroom.checks import MAX_WAITING
    from pyramid_lab.viewer.classroom.messages import Admit, Refuse, Unread, read

    def order(name, args):
        _ident, kind, raw = read(
            json.dumps({"id": 1, "do": "teacher", "order": name, "args": args})
        )
        return kind.read(raw)

    assert order("refuse", ["a1"]) == Refuse(("a1",))
    assert order("admit", [["a1", "b2", "a1"]]) == Admit(("a1", "b2"))  # each once
    for args, why in (
        ([[]], "refuse which pages waiting? (tick them first)"),
        ([[f"h{n}" for n in range(MAX_WAITING + 1)]], "at most 60 at once"),
        ([[1, 2]], "a page waiting must be text"),
        ([["x" * 25]], "a page waiting is too long"),
        ([], "refuse which pages waiting?"),
        ([["a"] * 400], "the page sent too much"),
    ):
        with pytest.raises((Refused, Unread), match=re.escape(why)):
            order("refuse", args)
    # the class: as many wait as may, then a join is told why in words; the teacher's no to
    # many is one change, their names said
    room.admission.set_closed(True)
    handles = [room.admission.wait(f"Filler {n}") for n in range(MAX_WAITING)]
    with pytest.raises(Refused, match=r"60 are already waiting .*: ask the teacher for a door"):
        room.admission.wait("Newcomer")
    version = room.version
    names = room.admission.refuse([*handles, "gone"])
    assert names == [f"Filler {n}" for n in range(MAX_WAITING)]
    assert room.version == version + 1
    assert room.lines()["waiting"] == []
    assert room.lines()["waiting_max"] == MAX_WAITING
    newcomer = room.admission.wait("Newcomer")
    assert room.admit(newcomer).name == "Newcomer"


def student_on(room, lesson: int, step: int = 0):
    """A student of ``room`` on ``lesson``'s ``step``: their board on show has its
    position, its overlays and the lesson's marks."""
    student = room.join("Ada")
    with student.lock:
        student.open_lesson(lesson, step)
    return student


def test_a_click_finds_the_point_it_meets(room):
    shown = student_on(room, 1).board
    shown.ui.set_overlays({"walls": True, "corners": True, "region": "SW"})
    board = site_board(shown)
    lattice = shown.geometry()
    eye = np.array([20.0, -20.0, 15.0])
    for pid in (0, lattice.count - 1, lattice.id_of(1, 1, 0)):
        target = lattice.centres[pid]
        hit = pick(board, eye, target - eye)
        # the point aimed at, or one in front of it on the same ray (a ball hides it)
        assert hit is not None
        assert np.linalg.norm(lattice.centres[hit] - eye) <= np.linalg.norm(target - eye) + 1e-9
    assert pick(board, eye, eye) is None  # looking away
    kinds = {kind for _c, _w, kind in board.legend}
    assert {"decoration", "pointer", "labels", "path"} <= kinds  # SW is open: its paths
    texts = {text for text, _at, _kind in board.labels}
    assert {"SW", "SE", "NW", "NE", "AP", "base", "west"} <= texts  # corners' and walls' names


def test_a_ball_in_front_of_an_empty_point_offers_it_and_a_second_click_plays_it(room):
    # As in the window: a click on a ball that hides empty points says how to reach them
    # in the page's own words, and a second click on the same ball plays the one point
    service = Service(room)
    token = service.join("Ada")["token"]
    student = service.room.student(token)
    with student.lock:
        student.open_lesson(1, 0)  # place a ball; 0,0,0 1,0,0 2,0,0 taken, 3,0,0 free
    lattice = student.board.geometry()
    along_x = [list(lattice.centres[lattice.id_of(0, 0, 0)] - (6.0, 0.0, 0.0)), [1.0, 0.0, 0.0]]
    first = service.act(token, "click", along_x)
    assert first["error"].startswith(
        "Click 0,0,0 again to play 3,0,0, the point its ball hides, or set Levels shown "
        "(under the board) to 1 and look from above (drag the board to turn it). "
        "(0,0,0): group of 3 touching"  # then why the click was refused
    )
    assert first["error"].endswith("; 0,0,0 already holds a red ball")
    second = service.act(token, "click", along_x)
    assert "error" not in second
    assert tuple(student.lab.session.game.move_stack[-1].point) == (3, 0, 0)
    assert second["page"]["verdict"] is not None  # the move played, judged by the lesson
    # a ray through two empty points behind a ball names them, and a second click plays
    # nothing of them (which one?)
    service.act(token, "retry", [])
    along_y = [list(lattice.centres[lattice.id_of(1, 0, 0)] - (0.0, 6.0, 0.0)), [0.0, 1.0, 0.0]]
    named = service.act(token, "click", along_y)
    assert named["error"].startswith(
        "To reach 1,2,0 and 1,3,0, hidden behind the ball at 1,0,0: set Levels shown (under "
        "the board) to 1 and look from above (drag the board to turn it). "
    )
    again = service.act(token, "click", along_y)
    assert again["error"].startswith("To reach 1,2,0 and 1,3,0")  # nothing played
    assert len(student.lab.session.game.move_stack) == 0
    # looked at from above, the levels over a hidden point hide its ball
    assert page_reach(0, 2) == "set Levels shown (under the board) to 1"
    assert "dock" not in page_reach(0, 2) + page_reach(1, 1)


#: Balls round 1,1,0 on every side but the board's: the points round it on the base and
#: above it, and 0,0,2 over the gap between those above (issue 77: the page's words).
WALLED_IN = [
    [x, y, z, "red" if n % 2 else "blue"]
    for n, (x, y, z) in enumerate(
        [
            *[(0, 1, 0), (2, 1, 0), (1, 0, 0), (1, 2, 0), (0, 0, 0), (2, 0, 0), (0, 2, 0)],
            *[(2, 2, 0), (0, 0, 1), (1, 0, 1), (0, 1, 1), (1, 1, 1), (0, 0, 2)],
        ]
    )
]


def walled_in_lesson(tmp_path):
    """A lesson of one step whose task is a ball placed, where 1,1,0 is walled in."""
    lesson = json.loads(SECOND.read_text())
    step = lesson["steps"][0]
    step["position"]["pieces"] = WALLED_IN
    step.pop("highlights", None)
    step["task"]["answers"] = ["1,1,0"]
    lesson["steps"] = [step]
    path = tmp_path / "walled.lesson.json"
    path.write_text(json.dumps(lesson))
    return path


def seen_from_a_side(board, site: int, centre) -> list[tuple[float, float]]:
    """The ways (tilt over the board, turn round it) from which the board shows ``site``
    where a click can aim at it: every ray within a tenth of the balls' spacing of the one
    at its centre meets it (a seam between touching balls shows a sliver, no target)."""
    seen = []
    for tilt in np.linspace(0.05, 1.5, 12):  # from just over the board to nearly above
        for turn in np.linspace(0.0, 2 * np.pi, 24, endpoint=False):
            way = np.array([np.cos(turn) * np.cos(tilt), np.sin(turn) * np.cos(tilt), np.sin(tilt)])
            across = np.cross(way, (0.0, 0.0, 1.0))
            across /= np.linalg.norm(across)
            rays = [centre + 20 * way + a * across + b * np.cross(way, across) for a, b in AIM]
            if all(pick(board, eye, -way) == site for eye in rays):
                seen.append((tilt, turn))
    return seen


AIM = [(a, b) for a in (-0.1, 0.0, 0.1) for b in (-0.1, 0.0, 0.1)]


def test_the_page_advises_only_what_reveals_a_hidden_point(tmp_path):
    # A click on a ball in front of a playable point names the page's way to it, and the
    # way works: 1,1,0, walled in, shows from no side while the levels above it show
    # (turning the board alone never reveals it); with one level shown, a look from
    # above reaches it and a click plays it
    room = Classroom.open([walled_in_lesson(tmp_path)], CODE, None, on_board)
    service = Service(room)
    token = service.join("Ada")["token"]
    student = service.room.student(token)
    lattice = student.board.geometry()
    hidden = lattice.id_of(1, 1, 0)
    centre = lattice.centres[hidden]
    assert not seen_from_a_side(site_board(student.board, student.view), hidden, centre)
    side = [list(centre - np.array((6.0, 0.0, 0.0))), [1.0, 0.0, 0.0]]  # through 0,1,0 first
    said = service.act(token, "click", side)["error"]
    assert said.startswith(  # (3,1,0, on the board's edge behind it, too)
        "To reach 1,1,0 and 3,1,0, hidden behind the ball at 0,1,0: set Levels shown "
        "(under the board) to 1 and look from above (drag the board to turn it). "
    ), said
    assert "turn the board (drag it)" not in said
    from_above = [
        list(centre + np.array((0.0, 0.0, 20.0))),
        [0.0, 0.0, -1.0],
    ]  # through 0,0,2 first
    said = service.act(token, "click", from_above)["error"]
    assert said.startswith(  # every ball in front is higher: hiding them is enough
        "Click 0,0,2 again to play 1,1,0, the point its ball hides, or set Levels shown "
        "(under the board) to 1. "
    ), said
    assert service.act(token, "view", [0, 0, None]).get("error") is None  # Levels shown: 1
    assert pick(site_board(student.board, student.view), *from_above) == hidden
    played = service.act(token, "click", from_above)
    assert "error" not in played, played
    assert tuple(student.lab.session.game.move_stack[-1].point) == (1, 1, 0)


def test_every_shipped_lesson_is_served(tmp_path):
    lessons_folder = LESSON.parents[1]
    room = Classroom.open([lessons_folder], CODE, None, on_board)
    games = {given.lesson.game_name for given in room.lessons}
    assert len(games) == 5  # the ball pyramid's two games and the three others
    assert len(room.lessons) == len(list(lessons_folder.rglob("*.lesson.json")))
    again = Classroom.open([lessons_folder, LESSON], CODE, None, on_board)
    assert [given.path for given in again.lessons] == [given.path for given in room.lessons]
    with pytest.raises(PositionFormatError, match="no such file or folder") as caught:
        Classroom.open([tmp_path / "nowhere"], CODE, None, on_board)
    # said in the reader's language (issue 108 item 3: English in every language before)
    assert i18n.shown(caught.value.reason, "de") == "keine solche Datei und kein solcher Ordner"
    (tmp_path / "empty").mkdir()
    with pytest.raises(PositionFormatError, match="the folder holds no lesson file") as caught:
        Classroom.open([tmp_path / "empty"], CODE, None, on_board)
    assert i18n.shown(caught.value.reason, "fr") == "le dossier ne contient aucun fichier de leçon"


def test_a_shared_escape_path_is_one_tube_and_one_legend_line(room):
    # Partition's lesson 3: red's and blue's escape paths from SW run along the same
    # points; the page draws one tube in the window's colour for both, said once
    from pyramid_lab.viewer.lab import palette

    board = site_board(student_on(room, 1).board)
    legend = board.state()["legend"]
    paths = [entry for entry in legend if entry["kind"] == "path"]
    assert len(paths) == 1
    assert "escape path" in paths[0]["words"]
    assert paths[0]["colour"] == hex_of(palette.PATH_RGB["both"])
    marks = board.drawn["paths"].mesh()
    colours = {tuple(int(c) for c in rgb) for rgb in np.asarray(marks.point_data["rgb"])}
    assert palette.PATH_RGB["both"] in colours
    assert palette.PATH_RGB["red"] not in colours
    assert palette.PATH_RGB["blue"] not in colours


def test_a_fault_is_said_without_its_details_and_logged_on_one_line(caplog):
    def broken():
        raise OSError(2, "No such file or directory", "/home/teacher/secret\nFORGED: line")

    with caplog.at_level("ERROR", logger="pyramid_lab.viewer.classroom"):
        answer = _refusing(broken)
    assert answer == {"error": "the server could not do that; try again"}
    (record,) = caplog.records
    logged = record.getMessage()
    assert "\n" not in logged  # the traceback escaped onto one line: nothing forged
    assert "Traceback" in logged


def test_a_join_slower_than_a_pages_window_is_answered_and_silence_still_closed(room, monkeypatch):
    # a loaded server that takes longer than Limits.hello to answer a page's join (or a
    # resume: the board built anew after a restart) does not close that page as one that
    # said nothing (it waited for its answer, then for nothing: a page that closed so
    # never came back by itself); a page that says nothing is still closed as late
    window = 0.3
    joined_as = Service.join

    def slow_join(self, name, door=False):
        time.sleep(4 * window)  # (on the class's worker thread, as a long answer is)
        return joined_as(self, name, door)

    monkeypatch.setattr(Service, "join", slow_join)

    async def scene():
        runner = web.AppRunner(build_app(room, Limits(hello=window)))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        try:
            async with aiohttp.ClientSession() as session:
                url = f"ws://127.0.0.1:{port}/ws"
                silent = await session.ws_connect(url)
                page = await Page(session, url).open()
                joined = await page.ask(do="join", name="Slow")
                polled = await page.ask(do="poll")
                shut = await silent.receive(timeout=WAIT_S)
                await page.close()
                return joined, polled, (shut.type, shut.data)
        finally:
            await runner.cleanup()

    joined, polled, shut = asyncio.run(scene())
    assert joined["page"]["name"] == "Slow"
    assert "error" not in polled
    assert shut == (aiohttp.WSMsgType.CLOSE, LATE)


def test_the_board_says_it_takes_a_click_only_while_it_does(tmp_path):
    # Allmer's pushes: black's stones that may move are ringed "takes a click now" while
    # the step waits for an answer; a step that asks nothing, or one answered (a click
    # then says so and does nothing), rings none and its legend says nothing of clicks
    room = Classroom.open([TERRACE], CODE, None, on_board)
    service = Service(room)
    token = service.join("Ada")["token"]
    student = room.student(token)

    def clicks_said() -> bool:
        words = [words for _colour, words, _kind in service.board(student).legend]
        return any("takes a click now" in line for line in words)

    assert student.step_index == 0
    assert not clicks_said()
    g6 = [[6.0, 1.0, 20.8], [0.0, 0.0, -1.0]]
    assert service.act(token, "click", g6)["error"].startswith("this step asks nothing")
    service.act(token, "next", [])
    assert clicks_said()
    wrong = service.act(token, "move", ["g6-g5"])
    assert wrong["page"]["verdict"]["correct"] is False
    assert not clicks_said()
    assert service.act(token, "click", g6)["error"].startswith("a move is on the board already")
    service.act(token, "retry", [])
    assert clicks_said()
    service.act(token, "move", ["g6>g7"])
    assert not clicks_said()


def test_a_pyramid_ball_turn_played_shows_where_it_ends():
    # The page has no Turn dock to replay the turn row by row: its board shows the
    # position the programs lead to (red's Medium carried the ball from d6 to d8), not
    # the one before them
    ball = LESSON.parents[1] / "ball" / "01-programming.lesson.json"
    room = Classroom.open([ball], CODE, None, on_board)
    service = Service(room)
    token = service.join("Ada")["token"]
    student = room.student(token)
    service.act(token, "next", [])
    played = service.act(token, "move", ["S,F,S/S,F,S/S,S,S | S,S,S/S,S,S/S,S,S"])
    assert played["page"]["verdict"]["correct"] is True
    board = student.board
    shown = {tuple(board.ui.coords_of(site)): c for site, c in board.frame().pieces.items()}
    now = {tuple(point): colour for point, colour in board.session.game.pieces()}
    assert shown == now
    assert now[(3, 7, 2)] == "red"
    assert (3, 5, 2) not in now
