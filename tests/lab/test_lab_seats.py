"""Who plays each seat (viewer.lab.seats): the lab's and the window's engine keep theirs
there, so these rules hold for both."""

from __future__ import annotations

import pytest

from pyramid_lab.model.game import game_class
from pyramid_lab.viewer.lab.seats import Seats


def test_a_seat_to_the_computer_and_back():
    game, seats = game_class("partition").new(), Seats()
    assert seats.set(game, "blue", "easy")
    assert seats.computer == {"blue": "easy"}
    assert not seats.set(game, "blue", "easy")  # so already
    assert seats.set(game, "blue", None)
    assert seats.computer == {}


def test_the_computer_at_a_level_wakes_up():
    game, seats = game_class("partition").new(), Seats()
    seats.paused = True
    seats.set(game, "red", "medium")
    assert not seats.paused


def test_a_new_games_choice_is_checked():
    seats = Seats()
    with pytest.raises(ValueError, match="unknown level 'godlike'"):
        seats.choose({"red": "godlike"})
    seats.choose({"red": "easy", "blue": "strong"})
    assert seats.computer == {"red": "easy", "blue": "strong"}


def test_another_game_keeps_what_it_can():
    seats = Seats()
    seats.choose({"red": "easy", "white": "medium"})
    rolling = game_class("rolling").new()  # red and blue; random, greedy, planner
    seats.keep(rolling, rolling.players)
    assert seats.computer == {}  # easy is no level of Rolling Pyramids
    partition = game_class("partition").new()
    seats.choose({"red": "easy", "white": "medium"})
    seats.keep(partition, partition.players)
    assert seats.computer == {"red": "easy"}


def test_the_side_to_move_or_the_waiting_parts():
    partition, seats = game_class("partition").new(), Seats()
    seats.set(partition, "red", "easy")
    assert seats.sides(partition, ()) == (0,)
    assert not seats.plays_all(partition)
    ball = game_class("ball").new()  # a simultaneous node: the parts still due
    seats.set(ball, "blue", "easy")
    assert seats.sides(ball, (0, 1)) == (0, 1)
    assert seats.sides(ball, (0,)) == (0,)
    assert seats.plays_all(ball)
