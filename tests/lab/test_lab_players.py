"""A game against the computer in each of the five games, through the lab alone: who plays
each seat, the computer's moves, Stop and taking over, a hint."""

from __future__ import annotations

import functools

import pytest

from pyramid_lab.model import search
from pyramid_lab.model.game import SIMULTANEOUS, JointMove, game_class
from pyramid_lab.model.search import levels_for
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.session import Session

GAMES = ["partition", "pyraos", "terrace", "ball", "rolling"]


def lab_of(name, port, inbox):
    game = game_class(name).new()
    lab = Lab(Session(game), port, post=inbox.post, bulletin=port.bulletin, seed=7)
    return lab


def level(lab):
    return levels_for(lab.game)[0]


def open_start_solved_briefly(monkeypatch):
    """A hint first asks the exact solver for its second (model.search.exact_choice); at
    the start of Partition and Terrace it settles nothing in that second (a fortiori in
    0.05 s), so the hint is the engine's either way: give it 0.05 s."""
    quick = functools.partial(search.exact_choice, max_seconds=0.05)
    monkeypatch.setattr(search, "exact_choice", quick)


def a_legal_move(lab):
    game = lab.game
    if game.current_player() == SIMULTANEOUS:
        spaces = [game.legal_moves(side) for side in range(len(game.players))]
        return JointMove(tuple(moves[0] for moves in spaces))
    return game.legal_moves()[0]


@pytest.mark.parametrize("name", GAMES)
def test_the_computer_makes_the_first_move(name, port, inbox):
    lab = lab_of(name, port, inbox)
    for colour in lab.game.players:
        lab.engine.set_player(colour, level(lab))
    assert lab.engine.runner.thinking
    inbox.until(lambda: lab.session.ply >= 1)
    assert lab.session.ply >= 1
    lab.shutdown()


@pytest.mark.parametrize("name", GAMES)
def test_the_computer_plays_both_seats_on(name, port, inbox):
    lab = lab_of(name, port, inbox)
    for colour in lab.game.players:
        lab.engine.set_player(colour, level(lab))
    inbox.until(lambda: lab.session.ply >= 3 or lab.game.is_over())
    lab.stop()
    assert lab.session.ply >= 3 or lab.game.is_over()
    lab.shutdown()


@pytest.mark.parametrize("name", [n for n in GAMES if n != "ball"])
def test_the_computer_answers_a_human_move(name, port, inbox):
    lab = lab_of(name, port, inbox)
    human = lab.game.to_move
    other = next(c for c in lab.game.players if c != human)
    lab.engine.set_player(other, level(lab))
    assert not lab.engine.runner.thinking  # the human is to move
    lab.play(a_legal_move(lab))
    start = lab.session.ply
    inbox.until(lambda: lab.game.to_move == human or lab.game.is_over())
    assert lab.session.ply > start or lab.game.is_over()
    lab.shutdown()


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_at_a_level_the_game_lacks_is_refused(name, port, inbox):
    lab = lab_of(name, port, inbox)
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        lab.engine.set_player(lab.game.players[0], "grandmaster")
    assert lab.engine.seats.computer == {}


@pytest.mark.parametrize("name", GAMES)
def test_a_colour_the_game_lacks_is_refused(name, port, inbox):
    lab = lab_of(name, port, inbox)
    with pytest.raises(ValueError, match="no player 'green'"):
        lab.engine.set_player("green", level(lab))


@pytest.mark.parametrize("name", ["partition", "pyraos", "terrace", "rolling"])
def test_a_hint_is_a_legal_move_and_plays_nothing(name, port, inbox, monkeypatch):
    if name in ("partition", "terrace"):
        open_start_solved_briefly(monkeypatch)
    lab = lab_of(name, port, inbox)
    hints = []
    lab.changed.connect(lambda what: hints.append(what))
    # at the game's quickest level (a hint asked with no level is the best player's, a
    # search of seconds: test_lab_hint_book.py and test_lab_frontier.py ask one)
    lab.engine.hints.ask(level(lab))
    inbox.until(lambda: lab.engine.hints.shown is not None)
    assert lab.engine.hints.shown[2] in lab.game.legal_moves()
    assert lab.session.ply == 0
    assert "hint" in hints
    assert any(text.startswith("hint: ") for text in port.statuses)
    lab.shutdown()


def test_a_hint_goes_when_the_position_changes(port, inbox, monkeypatch):
    open_start_solved_briefly(monkeypatch)
    lab = lab_of("partition", port, inbox)
    lab.engine.hints.ask(level(lab))
    inbox.until(lambda: lab.engine.hints.shown is not None)
    lab.play(a_legal_move(lab))
    assert lab.engine.hints.shown is None


def test_a_hint_at_a_simultaneous_node_is_the_windows(port, inbox):
    lab = lab_of("ball", port, inbox)
    with pytest.raises(ValueError, match="simultaneous"):
        lab.engine.hints.ask()


def test_at_a_simultaneous_node_one_computer_seat_waits_for_the_human(port, inbox):
    lab = lab_of("ball", port, inbox)
    lab.engine.set_player("red", level(lab))
    assert not lab.engine.runner.thinking  # the window's turn builder takes the human's part first


def test_both_computer_seats_make_one_joint_move(port, inbox):
    lab = lab_of("ball", port, inbox)
    lab.engine.set_player("red", level(lab))
    lab.engine.set_player("blue", level(lab))
    inbox.until(lambda: lab.session.ply >= 1)
    assert isinstance(lab.game.move_stack[0], JointMove)
    lab.shutdown()


def test_stop_pauses_the_computer_until_a_move_by_hand(port, inbox):
    lab = lab_of("partition", port, inbox)
    lab.engine.set_player("red", "strong")
    assert lab.engine.runner.thinking
    lab.stop()
    assert lab.engine.seats.paused
    assert not lab.engine.runner.thinking
    assert port.statuses[-1].startswith("stopped: ")
    assert port.progress[-1] == (None, "")
    inbox.take(0.1)
    assert lab.session.ply == 0  # the stopped search played nothing
    lab.play(a_legal_move(lab))  # the human took over red's move
    assert not lab.engine.seats.paused
    lab.shutdown()


def test_a_new_choice_of_players_switches_the_computer_on_again(port, inbox):
    lab = lab_of("partition", port, inbox)
    lab.engine.set_player("red", "strong")
    lab.stop()
    lab.engine.set_player("red", "easy")
    assert not lab.engine.seats.paused
    assert lab.engine.runner.thinking
    inbox.until(lambda: lab.session.ply == 1)
    lab.shutdown()


def test_a_human_seat_stops_the_computer_playing_it(port, inbox):
    lab = lab_of("partition", port, inbox)
    lab.engine.set_player("blue", "easy")
    lab.engine.set_player("blue", None)
    assert lab.engine.seats.computer == {}
    lab.play(a_legal_move(lab))
    assert not lab.engine.runner.thinking


def test_nothing_moves_while_held(port, inbox):
    lab = lab_of("partition", port, inbox)
    with lab.engine.held():
        lab.engine.set_player("red", "easy")
        assert not lab.engine.runner.thinking  # a question is open
    assert lab.engine.runner.thinking  # and then it goes on
    inbox.until(lambda: lab.session.ply == 1)
    lab.shutdown()


def test_the_engines_progress_goes_to_the_port(port, inbox):
    lab = lab_of("partition", port, inbox)
    lab.engine.set_player("red", "medium")
    inbox.until(lambda: lab.session.ply == 1)
    assert port.progress[-1][0] is None  # the bar went when the move came
    assert all(f is None or 0.0 <= f <= 1.0 for f, _ in port.progress)
    lab.shutdown()


def test_a_failed_search_is_shown_to_the_user(port, inbox):
    lab = lab_of("partition", port, inbox)

    def broken(copy, progress, stop):
        raise RuntimeError("out of memory")

    lab.engine.runner.run("play", broken)
    inbox.until(lambda: not lab.engine.runner.thinking)
    assert port.messages == [("The play search failed", "out of memory")]
