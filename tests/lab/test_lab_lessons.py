"""A stepped lesson through the lab alone (viewer.lab.lesson): a whole lesson answered with
wrong and right answers (a move, then points picked), Hint and Retry, the progress kept
between runs, another file ending it; and a teacher's edits and save, the rules' checks
on the lab's job runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyramid_lab.model import lesson as L
from pyramid_lab.model.game import PositionFormatError, game_class
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.session import Session

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "model" / "data" / "lessons"
CORNER_BALL = LESSONS / "partition" / "03-a-corner-ball.lesson.json"
THREE_CORNERS = LESSONS / "partition" / "08-three-corners-win.lesson.json"
PUSHES = LESSONS / "terrace" / "01-pushes.lesson.json"
LONE_APEX = ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json"


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    """The student's progress goes to a folder of the test's own."""
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))


@pytest.fixture
def lab(port, inbox):
    lab = Lab(Session(game_class("partition").new()), port, post=inbox.post, bulletin=port.bulletin)
    lab.changes = []  # what the lesson announced, in order
    lab.lessons.changed.connect(lambda what, *args: lab.changes.append(what))
    yield lab
    lab.shutdown()


def play(lab, text):
    lab.play(lab.game.parse_move(text))


def test_a_lesson_file_opens_on_its_first_step(lab):
    assert lab.documents.open(CORNER_BALL)
    lessons = lab.lessons
    assert lessons.active
    assert lessons.index == 0
    assert lab.game.position_key() == L.read(CORNER_BALL).steps[0].position().position_key()
    assert lessons.title() == "Lesson: A corner ball (step 1 of 2)"
    assert "shown" in lab.changes
    assert lab.lessons.lesson is not None
    assert lab.lessons.path == CORNER_BALL


def test_a_whole_lesson_with_wrong_and_right_answers(lab):
    lab.documents.open(CORNER_BALL)
    lessons = lab.lessons
    play(lab, "0,1,0")  # wrong: SW keeps an escape
    assert lessons.verdict is not None
    assert not lessons.verdict.correct
    assert "SW keeps an escape path through (3,0,0)" in lessons.verdict.reason
    assert lessons.verdict.points  # the path the reason speaks of
    assert not lab.session.dirty  # a lesson's move is not the user's document
    lab.session.undo()  # back at the step's position: the task waits again
    assert lessons.verdict is None
    play(lab, "0,1,0")
    lessons.hint()
    assert lessons.hint_shown
    lessons.retry()
    assert lab.game.colour_at((0, 1, 0)) is None
    assert lessons.verdict is None
    assert not lessons.hint_shown
    play(lab, "2,0,1")  # not the author's 3,0,0: the rules accept it
    assert lessons.verdict.correct
    assert lessons.done() == {0}
    # the second step asks for points picked: which corners does red hold?
    lessons.go(1)
    assert lessons.asks_for_points()
    before = lab.game.position_key()
    lessons.pick((0, 0, 0))
    assert lessons.picked == [(0, 0, 0)]
    assert lab.game.position_key() == before  # a pick, not a move
    lessons.check()
    assert not lessons.verdict.correct
    lessons.pick((0, 3, 0))  # NW: wrong, and let go again
    lessons.pick((0, 3, 0))
    lessons.pick((3, 0, 0))
    lessons.check()
    assert lessons.verdict.correct
    assert lessons.done() == {0, 1}
    lessons.pick((0, 3, 0))  # a right answer stays
    assert lessons.picked == [(0, 0, 0), (3, 0, 0)]


def test_an_answer_undone_and_redone_is_judged_again(lab):
    """Issue 109 item 8: Undo then Redo of an answer left it unjudged (the step waited
    with the answer on the board and no verdict)."""
    lab.documents.open(CORNER_BALL)
    lessons = lab.lessons
    play(lab, "0,1,0")  # wrong
    lab.session.undo()
    assert lessons.verdict is None
    lab.session.redo()
    assert lessons.verdict is not None
    assert not lessons.verdict.correct
    lab.session.undo()
    play(lab, "3,0,0")  # right, a line of its own
    lab.session.goto(lessons.base_ply)
    assert lessons.verdict is None
    lab.session.goto(lessons.base_ply + 1)  # the Moves dock's click on the answer
    assert lessons.verdict is not None
    assert lessons.verdict.correct


@pytest.mark.parametrize("path", [PUSHES, THREE_CORNERS], ids=["move", "win-within"])
def test_moves_played_away_from_the_steps_position_are_no_answer(lab, path):
    """Issue 109 item 8 (N33): Undo into the step's own moves, then two moves, raised
    IllegalMoveError out of ``lab.play`` (the second move judged as if played at the
    step's position); the answer was never judged. Now the lesson says the moves left the
    step's position, and an answer played from it again is judged."""
    lab.documents.open(path)
    lessons = lab.lessons
    lessons.go(1)
    own = [str(m) for m in lessons.step.game.move_stack]
    assert lessons.base_ply == len(own) > 0
    lab.session.undo()  # into the step's own moves
    # a move other than the step's, then one the step's position has not: judged there,
    # it was illegal
    at_step = {str(m) for m in lessons.step.position().legal_moves()}
    for away in lab.game.legal_moves():
        after = lab.game.copy()
        after.push(away)
        second = next((m for m in after.legal_moves() if str(m) not in at_step), None)
        if str(away) != own[-1] and second is not None:
            break
    lab.play(away)
    lab.play(second)
    assert lessons.verdict is None
    assert "step's position" in lessons.judging
    if lessons.step.task.kind == "win-within":
        return  # (its judging is the prover's: tests/lab/test_lab_lesson_judge.py)
    lab.session.goto(len(own) - 1)
    play(lab, own[-1])  # the step's own move again: back at its position
    assert lessons.judging == ""
    play(lab, lessons.step.task.answers[0])
    assert lessons.verdict is not None
    assert lessons.verdict.correct


def test_a_right_pick_of_a_many_answer_task_is_said_right_with_how_many_are_left(lab):
    """User trial: SW alone picked for "Which corners does red hold" (SW and SE) said "Not
    this. 1 more to find", as if SW were wrong."""
    from pyramid_lab.model.lesson import verdict_text

    lab.documents.open(CORNER_BALL)
    lessons = lab.lessons
    lessons.go(1)
    assert "Which corners does red hold" in lessons.step.task.prompt
    lessons.check()  # none picked: not yet, and how many there are
    assert verdict_text(lessons.verdict) == "Not yet: 2 to find"
    lessons.pick((0, 0, 0))
    lessons.check()
    assert not lessons.verdict.correct
    assert lessons.verdict.partial
    assert verdict_text(lessons.verdict) == "Right so far: SW (0,0,0) is right; 1 more to find"
    lessons.pick((0, 3, 0))  # a wrong one besides: not yet, and why
    lessons.check()
    assert not lessons.verdict.partial
    assert verdict_text(lessons.verdict).startswith("Not yet: NW (0,3,0) is not one of them")


def test_the_progress_is_kept_between_runs(lab, port, inbox):
    lab.documents.open(CORNER_BALL)
    play(lab, "3,0,0")
    lab.lessons.go(1)
    again = Lab(
        Session(game_class("partition").new()), port, post=inbox.post, bulletin=port.bulletin
    )
    assert again.documents.open(CORNER_BALL)
    assert again.lessons.index == 1  # where the student left it
    assert again.lessons.done() == {0}


def test_another_file_ends_the_lesson(lab):
    lab.documents.open(CORNER_BALL)
    assert lab.documents.open(LONE_APEX)
    assert not lab.lessons.active
    assert lab.lessons.lesson is None
    assert lab.changes[-2:] == ["ended", "title"]


def test_the_next_lesson_is_the_next_file_of_its_folder(lab):
    lab.documents.open(CORNER_BALL)
    following = lab.lessons.next_lesson()
    assert following is not None
    assert following.parent == CORNER_BALL.parent
    assert following.name > CORNER_BALL.name


def test_a_lesson_is_played_by_the_student(lab):
    lab.engine.set_player("blue", "easy")
    lab.documents.open(CORNER_BALL)
    assert lab.engine.seats.computer == {}


def test_a_teachers_edit_and_save(lab, inbox, tmp_path):
    lessons = lab.lessons
    lessons.editor.new_lesson(lab.game.copy())
    assert lessons.active
    assert lessons.path is None
    assert lessons.editor.edit_step(lesson_title="  Corners  ", text="Look at the corners.") is None
    assert lessons.lesson.title == "Corners"
    assert lessons.step.text == "Look at the corners."
    assert "edited" in lab.changes
    assert lessons.editor.add_step() is None  # a second step on the position shown
    assert lessons.index == 1
    assert len(lessons.lesson.steps) == 2
    assert lessons.editor.move_step(-1) is None
    assert lessons.index == 0
    assert lessons.step.title == "New step"
    assert lessons.editor.move_step(-1) == "no step there"
    bad = lessons.editor.edit_step(task={"kind": "no such kind"})
    assert bad  # refused in words; the lesson stays
    assert lessons.step.task is None
    target = tmp_path / "corners.lesson.json"
    assert lessons.checks.save(target) is None  # checked by the rules on the worker thread
    assert lessons.checks.busy
    inbox.until(lambda: not lessons.checks.busy)
    assert target.exists()
    saved = L.read(target)
    assert saved.title == "Corners"
    assert [s.title for s in saved.steps] == ["New step", "First step"]
    assert lessons.path == target
    assert "saved" in lab.changes
    assert lessons.editor.remove_step() is None
    assert lessons.editor.remove_step() == "a lesson has at least one step"


def test_a_teachers_task_is_checked_and_its_answers_filled_by_the_rules(lab, inbox):
    lab.documents.open(CORNER_BALL)
    lessons = lab.lessons
    reports = []
    lessons.changed.connect(lambda what, *args: reports.append((what, args)))
    lessons.checks.fill_answers(lessons.step.task)
    inbox.until(lambda: not lessons.checks.busy)
    inbox.take(0.1)
    filled = [args[0] for what, args in reports if what == "filled"]
    assert filled
    assert set(filled[0]) == {"3,0,0", "2,0,1"}
    lessons.checks.check_step()
    inbox.until(lambda: not lessons.checks.busy)
    inbox.take(0.1)
    assert ("report", ("applied and checked", True)) in reports


def test_a_shipped_lesson_is_saved_in_the_users_folder(lab):
    lab.documents.open(CORNER_BALL)
    suggested = Path(lab.lessons.checks.save_suggestion())
    assert suggested.parent != CORNER_BALL.parent
    assert suggested.name.endswith(L.SUFFIX)


def test_each_lesson_opens_with_its_own_view_and_the_one_before_comes_back(lab, inbox, tmp_path):
    """The rule both front ends share (viewer.lab.lesson_view): a lesson's saved view, or
    the defaults; the user's changes kept for that lesson only."""
    from pyramid_lab.viewer.lab.lesson_view import LessonViews, view_now
    from pyramid_lab.viewer.lab.view_state import ViewState

    view, cameras = ViewState(), []
    LessonViews(lab.lessons, view, cameras.append)
    view.set_levels(0, 2)  # the user's view before any lesson
    view.set_clip(2, enabled=True, value=1.0)
    lab.documents.open(LESSONS / "partition" / "02-touching-and-groups.lesson.json")
    assert (view.levels[0], view.peel, view.describe()) == (0, 0, "")
    view.set_peel(1)  # during lesson 2
    lab.documents.open(LESSONS / "partition" / "10-a-full-pyramid.lesson.json")
    assert view.peel == 0
    assert cameras == ["iso", "iso"]
    lab.lessons.editor.keep_view({"levels": [0, 1], "peel": 1, "camera": "front"})
    assert lab.lessons.lesson.to_json()["view"]["camera"] == "front"
    path = tmp_path / "mine.lesson.json"
    assert lab.lessons.checks.save(path) is None
    inbox.until(lambda: not lab.lessons.checks.busy)
    assert path.exists()
    lab.documents.open(LESSONS / "partition" / "02-touching-and-groups.lesson.json")
    assert view.peel == 0
    lab.documents.open(path)
    assert (view.levels, view.peel, cameras[-1]) == ((0, 1), 1, "front")
    assert view_now(view, "front", levels=4).to_json() == {
        "levels": [0, 1],
        "peel": 1,
        "camera": "front",
    }
    lab.documents.open(LONE_APEX)  # the lessons end: the view from before comes back
    assert not lab.lessons.active
    assert (view.levels, view.peel, view.describe()) == ((0, 2), 0, "levels 0-2, z<=1")


@pytest.mark.parametrize(
    ("view", "key"),
    [
        ([], "view"),
        ({"peel": -1}, "view.peel"),
        ({"peel": True}, "view.peel"),
        ({"levels": [3, 1]}, "view.levels"),
        ({"clips": [{"axis": "w", "at": 1}]}, "view.clips[0].axis"),
        ({"clips": [{"axis": "x", "at": 1}, {"axis": "x", "at": 2}]}, "view.clips[1].axis"),
        ({"clips": [{"axis": "x", "at": "1"}]}, "view.clips[0].at"),
        ({"clips": [{"axis": "x", "at": 1, "keep": "left"}]}, "view.clips[0].keep"),
        ({"camera": "under"}, "view.camera"),
        ({"zoom": 2}, "view.zoom"),
    ],
)
def test_a_lessons_view_is_checked_and_the_key_at_fault_named(view, key):
    raw = L.read(CORNER_BALL).to_json()
    raw["view"] = view
    with pytest.raises(PositionFormatError) as caught:
        L.from_json(raw)
    assert caught.value.key == key
