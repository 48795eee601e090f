"""A move answering a lesson's win-within task is judged by the prover on a worker thread,
never on the front end's (the GUI monkey, seed 1, saw the window's thread wait 65 s in the
compiled search's first use behind the computer's compile, in
``Lessons.position_changed``). The compile under way is a stand-in here: the first use's
lock held by a thread of the test until it lets it go."""

from __future__ import annotations

import pytest

from pyramid_lab.viewer.lab.lesson import JUDGING
from tests.compile_stand_in import LESSON, STEP, compile_held
from tests.lab.lab_helpers import play

WIN_WITHIN_STEP = 1  # "Win with one red ball." (within 1 ply); its answer 0,0,3


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))


@pytest.fixture
def compiling(monkeypatch):
    """Another thread compiling the search (:func:`tests.compile_stand_in.compile_held`)."""
    with compile_held(monkeypatch) as held:
        yield held


def test_the_answer_is_judged_while_the_front_goes_on(lab, inbox, compiling):
    go, held = compiling
    assert lab.documents.open(LESSON)
    lessons = lab.lessons
    lessons.go(WIN_WITHIN_STEP)
    assert lessons.step.task is not None
    assert lessons.step.task.kind == "win-within"
    answers: list[str] = []
    lessons.changed.connect(lambda what, *args: answers.append(what))
    play(lab, "0,0,3")  # before: the front's thread waited here for the compile's lock
    assert held.is_alive()  # the play came back while the compile still went on
    assert lessons.verdict is None
    assert lessons.judging == JUDGING  # the step's text says the wait
    assert "answer" in answers
    inbox.until(lambda: lessons.judging != JUDGING)  # the job's first-use words, said
    assert lessons.judging == f"{STEP}; then {JUDGING}"
    go.set()
    inbox.until(lambda: lessons.verdict is not None)
    assert lessons.verdict.correct, lessons.verdict.reason
    assert lessons.judging == ""


def test_an_answer_taken_back_drops_its_verdict(lab, inbox, compiling):
    go, _held = compiling
    assert lab.documents.open(LESSON)
    lessons = lab.lessons
    lessons.go(WIN_WITHIN_STEP)
    play(lab, "0,0,3")
    assert lessons.judging
    lab.session.undo()  # back at the step's position before the verdict came: it is dropped
    assert lessons.judging == ""
    go.set()
    job = lessons.judge.runner
    inbox.until(lambda: job.alive() == 0)
    inbox.take(0.1)
    assert lessons.verdict is None
