"""The board's modes and their router (viewer.lab.modes), with fake modes: no Qt, no window.
The router asks the modes on, up to the first that claims the board, in order."""

from __future__ import annotations

import dataclasses

import pytest

from pyramid_lab.viewer.lab.frame import Frame, Label
from pyramid_lab.viewer.lab.modes import Mode, Router
from pyramid_lab.viewer.lab.outcome import Drawn, Refused


class Fake(Mode):
    def __init__(self, name, *, on=True, claims=False, busy="", takes=False, prompt=""):
        self.name = name
        self.on, self.claim, self.why, self.takes, self.says = on, claims, busy, takes, prompt
        self.log: list[str] = []

    def active(self):
        return self.on

    def claims(self):
        return self.claim

    def busy(self):
        self.log.append("busy")
        return self.why

    def click(self, site):
        self.log.append(f"click {site}")
        return Drawn() if self.takes else None

    def undo(self):
        self.log.append("undo")
        return self.takes

    def redo(self):
        self.log.append("redo")
        return self.takes

    def layer(self, game, ui, frame):
        return dataclasses.replace(frame, labels=(*frame.labels, Label(0, self.name)))

    def prompt(self):
        return self.says


def build(*modes):
    return Router(list(modes))


def test_a_click_goes_to_the_first_mode_that_takes_it():
    lesson, solve, play = Fake("lesson"), Fake("solve", takes=True), Fake("play", claims=True)
    router = build(lesson, solve, play)
    outcome = router.click(7)
    assert outcome == Drawn()  # what the mode that took it did
    assert lesson.log == ["busy", "click 7"]
    assert solve.log == ["busy", "click 7"]
    assert "click 7" not in play.log  # solve took it
    assert outcome.words == ""


def test_a_busy_mode_refuses_the_click_and_says_why():
    solve = Fake("solve", busy="wait for the defence's move")
    play = Fake("play", claims=True, takes=True)
    router = build(solve, play)
    outcome = router.click(3)
    assert outcome == Refused("wait for the defence's move")
    assert outcome.words == "wait for the defence's move"  # what the board says
    assert play.log == []  # neither asked nor clicked
    assert router.busy() == "wait for the defence's move"


def test_a_mode_that_claims_the_board_hides_the_modes_after_it():
    setup = Fake("set-up", claims=True, takes=True, prompt="paint")
    computer = Fake("computer", busy="the computer is thinking", prompt="thinking")
    play = Fake("play", claims=True, takes=True, prompt="your move")
    router = build(setup, computer, play)
    assert router.click(1) == Drawn()
    assert setup.log == ["busy", "click 1"]
    assert computer.log == []
    assert router.prompt() == "paint"
    assert router.owner() is setup
    setup.on = False  # set-up mode ends: the computer's thinking holds the click
    assert router.click(1) == Refused("the computer is thinking")
    assert router.prompt() == "thinking"
    assert router.owner() is play


def test_modes_that_are_off_are_not_asked():
    lesson = Fake("lesson", on=False, takes=True, busy="never")
    play = Fake("play", claims=True, takes=True)
    router = build(lesson, play)
    assert router.click(2) == Drawn()
    assert lesson.log == []
    assert play.log == ["busy", "click 2"]
    assert router.chain() == [play]


def test_undo_and_redo_go_down_the_chain():
    solve = Fake("solve", takes=True)
    play = Fake("play", claims=True, takes=True)
    router = build(solve, play)
    assert router.undo()
    assert router.redo()
    assert solve.log == ["undo", "redo"]
    assert play.log == []
    solve.takes = False
    router.undo()
    assert play.log == ["undo"]


def test_the_frame_is_drawn_from_the_owner_up():
    practice, solve = Fake("practice", on=False), Fake("solve")
    play = Fake("play", claims=True)
    after = Fake("after")  # past the owner: never drawn
    router = build(practice, solve, play, after)
    frame = router.frame(None, None)
    # play draws first, then each mode before it over it, an inactive one's layer too
    assert [label.text for label in frame.labels] == ["play", "solve", "practice"]
    setup = Fake("set-up", claims=True)
    router.insert(setup, before="practice")
    assert [label.text for label in router.frame(None, None).labels] == ["set-up"]


def test_the_prompt_is_the_first_mode_with_something_to_say():
    router = build(Fake("a"), Fake("b", prompt="b says"), Fake("c", claims=True, prompt="c"))
    assert router.prompt() == "b says"


def test_bad_lists_are_refused_with_a_message():
    with pytest.raises(ValueError, match="at least one mode"):
        Router([])
    with pytest.raises(ValueError, match="share a name"):
        Router([Fake("x"), Fake("x")])
    router = build(Fake("play", claims=True))
    with pytest.raises(KeyError, match="no board mode 'nope'"):
        router.mode("nope")
    with pytest.raises(ValueError, match="already"):
        router.insert(Fake("play"), before="play")


def test_the_base_mode_does_nothing():
    mode = Mode()
    frame = Frame()
    assert not mode.active()
    assert not mode.claims()
    assert mode.busy() == ""
    assert not mode.click(0)
    assert not mode.undo()
    assert not mode.redo()
    assert mode.layer(None, None, frame) is frame
    assert mode.prompt() == ""


def test_a_click_no_mode_takes_is_refused_with_no_words():
    lesson, play = Fake("lesson"), Fake("play", claims=True)
    router = build(lesson, play)
    outcome = router.click(5)
    assert outcome == Refused()
    assert play.log == ["busy", "click 5"]
    assert outcome.words == ""
