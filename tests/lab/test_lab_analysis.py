"""The analysis of the position shown, through the lab: start, its result, Stop keeping the
moves weighed so far, a change of position dropping it, and where it is refused."""

from __future__ import annotations

import pytest
from lab_helpers import short_exact_step

from pyramid_lab.model.game import game_class
from pyramid_lab.model.search import knowledge_for, unanalysable
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.analysis import refusal
from pyramid_lab.viewer.lab.session import Session


@pytest.fixture
def lab(port, inbox):
    lab = Lab(Session(game_class("partition").new()), port, post=inbox.post, bulletin=port.bulletin)
    lab.analysis.seed = 1
    yield lab
    lab.shutdown()


def test_an_analysis_gives_moves_of_the_position(lab, port, inbox):
    progress = []  # (the front shows it where it shows the analysis: the window's dock)
    lab.analysis.runner.progressed.connect(lambda f, text: progress.append(f))
    assert lab.analysing.start(0.3)
    assert lab.analysis.thinking
    inbox.until(lambda: lab.analysis.shown() is not None)
    result = lab.analysis.shown()
    assert result.moves
    assert port.statuses[-1].startswith("analysis: ")
    assert progress
    assert not lab.analysis.thinking
    assert port.progress == []  # the status bar's thinking bar is the computer player's


def test_stop_keeps_the_moves_weighed_so_far(lab, port, inbox):
    lab.analysing.start(120)
    lab.analysing.stop()
    assert port.statuses[-1] == "analysis stopped: the moves weighed so far are shown"
    # wall-clock: stopped long before the 120 s it would have run, however busy the machine
    inbox.until(lambda: not lab.analysis.thinking, seconds=60)
    assert lab.analysis.shown() is not None


def test_stop_twice_says_it_once(lab, port, inbox):
    lab.analysing.start(30)
    lab.analysing.stop()
    lab.analysing.stop()
    assert port.statuses.count("analysis stopped: the moves weighed so far are shown") == 1


def test_a_move_drops_the_analysis_under_way(lab, port, inbox):
    lab.analysing.start(30)
    lab.play(lab.game.legal_moves()[0])
    assert not lab.analysis.thinking
    assert "the analysis was dropped" in port.statuses[-1]
    inbox.take(0.2)
    assert lab.analysis.shown() is None


def test_a_move_forgets_the_result(lab, port, inbox):
    lab.analysing.start(0.2)
    inbox.until(lambda: lab.analysis.shown() is not None)
    changes = []
    lab.changed.connect(changes.append)
    lab.play(lab.game.legal_moves()[0])
    assert lab.analysis.analysis is None
    assert "analysis" in changes


def test_the_computer_and_the_analysis_keep_their_own_jobs(lab, port, inbox, monkeypatch):
    # (the hint's exact step gives up on the empty base-5 pyramid: cut short, the analysis
    # meanwhile searches for 0.05 s of the hint's thread instead of its second)
    short_exact_step(monkeypatch)
    lab.analysing.start(30)
    lab.engine.hints.ask("easy")  # (the quickest hint: the analysis searches meanwhile)
    assert lab.analysis.thinking  # the hint stopped nothing of the analysis
    inbox.until(lambda: lab.engine.hints.shown is not None)
    lab.analysing.stop()


def test_rolling_pyramids_has_no_analysis(port, inbox):
    lab = Lab(Session(game_class("rolling").new()), port, post=inbox.post, bulletin=port.bulletin)
    assert not lab.analysing.start(0.2)
    said = unanalysable(lab.session.game, knowledge=knowledge_for(lab.session.game))
    assert said is not None
    assert said.startswith("no engine analysis for chance games")
    assert port.statuses[-1] == said
    assert not lab.analysis.thinking


def test_a_simultaneous_node_has_no_analysis(port, inbox):
    lab = Lab(Session(game_class("ball").new()), port, post=inbox.post, bulletin=port.bulletin)
    assert not lab.analysing.start(0.2)
    assert port.statuses[-1].startswith("no analysis here: ")


def test_set_up_mode_refuses_an_analysis():
    game = game_class("partition").new()
    assert refusal(game, in_setup=True).startswith("no analysis in set-up mode")
    assert refusal(game) == ""
