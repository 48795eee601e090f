"""Every action of the lab that would wait for the compiled search's first use says so in
words while it waits (issue 63): Analyse, Verify, Fill from rules, the Hint. The first use
is a stand-in here (``model.search.warm_up`` held until the test lets it go), so nothing is
compiled: tests/model/test_first_use.py tests the real one."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.model import search
from tests.patience import WAIT_S

ROOT = Path(__file__).resolve().parents[2]
WIN_IN_2 = ROOT / "model" / "data" / "puzzles" / "partition" / "floating-3-win-in-2-a.pyr.json"
LESSON = ROOT / "model" / "data" / "lessons" / "partition" / "08-three-corners-win.lesson.json"
WORDS = (
    "compiling the search for its first use (a minute or two on an idle machine, longer on a "
    "busy one; once): the tree search"
)


def unmarked(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's marks ``⟦…⟧`` (nested ones too)."""
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture
def first_use(monkeypatch):
    """The compiled search's first use, held until ``go`` is set: each job says WORDS."""
    go = threading.Event()
    real = search.warm_up

    def warm_up(game=None, progress=None, **kwargs):
        if progress is not None:
            progress(0.1, WORDS)
        assert go.wait(WAIT_S)
        return real(game, **kwargs)

    monkeypatch.setattr(search, "warm_up", warm_up)
    yield go
    go.set()


def test_verify_and_the_hint_say_what_they_wait_for(lab, inbox, first_use):
    assert lab.documents.open(WIN_IN_2)
    desk = lab.puzzle_desk
    desk.verify()
    goal = lab.puzzle.goal_text()
    inbox.until(lambda: WORDS in desk.note[1])
    assert desk.note == ("aside", f"Verify waits: {WORDS}. Then: {goal}")
    lab.engine.hints.ask()
    inbox.until(lambda: WORDS in lab.engine.thinking_text)
    assert lab.engine.thinking_text.startswith("hint is thinking")
    # each a sentence of the catalog with the search's words (the rules', English) in it:
    # in the pseudo-locale no word of the lab's is left unmarked
    assert not unmarked(i18n.shown(lab.engine.thinking_text, i18n.PSEUDO).replace(WORDS, ""))
    assert not unmarked(i18n.shown(desk.note[1], i18n.PSEUDO).replace(WORDS, ""))
    assert lab.bulletin.status == WORDS
    first_use.set()  # ready: the searches start, the words go
    inbox.until(lambda: not desk.verifying and not lab.engine.runner.thinking)
    assert lab.puzzle.verdict is not None
    assert lab.puzzle.verdict.verified
    assert lab.engine.hints.shown is not None


def test_fill_from_rules_and_analyse_say_what_they_wait_for(lab, inbox, first_use):
    lab.documents.open(LESSON)
    lessons = lab.lessons
    lessons.go(1)
    working: list[str] = []
    lessons.changed.connect(lambda what, *args: what == "working" and working.append(args[0]))
    lessons.checks.fill_answers(lessons.step.task)
    inbox.until(lambda: len(working) > 1)
    assert working[-1] == f"{WORDS}; then finding the answers with the rules..."
    said: list[str] = []
    lab.analysis.runner.preparing.connect(said.append)
    lab.analysis.start(1.0, 1)
    inbox.until(lambda: said)
    assert said == [WORDS]
    first_use.set()
    inbox.until(lambda: not lessons.checks.busy and not lab.analysis.thinking)
    assert working[-1] == "finding the answers with the rules..."  # said again once ready
    assert said == [WORDS, ""]
