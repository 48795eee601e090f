"""The review judges by the game's value first (issue 45): base-3 Partition games whose
every move's value the exact solver knows (``tests/bench/judging.py --make`` made them),
each with one missed win and every other move optimal: the review finds every missed win
and calls no optimal move a flaw. Five seconds a position: each settles in a fraction of
that on an idle machine (the review moves on as soon as it does), the margin is for a
loaded one (``tests/bench/judging.py`` runs them at the default 2 s). Each game is reviewed
once for the module (``reviewed``): the tests only read a review."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable

import pytest

from pyramid_lab.model.game import game_class
from pyramid_lab.model.review import BEST, FLAWED, GOOD, MISSED_WIN, GameReview, read_review
from pyramid_lab.model.search import knowledge_for, review

DATA = pathlib.Path(__file__).resolve().parent / "data" / "missed_wins.json"
GAMES = json.loads(DATA.read_text())["games"]


def replayed(entry):
    cls = game_class("partition")
    game = cls.new(cls.parse_options({"size": 3, "version": entry["version"]}))
    for text in entry["moves"]:
        game.push(game.parse_move(text))
    return game


@pytest.fixture(scope="module")
def reviewed() -> Callable[[dict], GameReview]:
    """A game's review (five seconds a position, seed 1), made at its first use and kept for
    the module: the stacking game the last test reads is one the parametrised test reviews
    (every value exact, so the same review either way)."""
    kept: dict[int, GameReview] = {}

    def review_of(entry: dict) -> GameReview:
        if entry["seed"] not in kept:
            game = replayed(entry)
            kept[entry["seed"]] = review(game, seconds=5.0, seed=1, knowledge=knowledge_for(game))
        return kept[entry["seed"]]

    return review_of


def test_the_games_are_twenty_of_both_versions():
    assert len(GAMES) == 20
    assert {g["version"] for g in GAMES} == {"floating", "stacking"}
    for entry in GAMES:
        assert replayed(entry).is_over()


@pytest.mark.parametrize("entry", GAMES, ids=[f"seed{g['seed']}" for g in GAMES])
def test_every_missed_win_and_no_optimal_move_is_a_flaw(entry, reviewed):
    game = replayed(entry)
    result = reviewed(entry)
    assert not result.stopped
    assert len(result.moves) == len(entry["moves"])
    flaws = {m.ply: m.verdict for m in result.moves if m.verdict in FLAWED}
    assert flaws == {entry["missed"]: MISSED_WIN}
    missed = result.moves[entry["missed"] - 1]
    assert missed.better is not None
    assert missed.proven == "win"
    # every value settled: none an estimate, the graph proven throughout
    assert all(not m.estimate and m.visits is None for m in result.moves)
    assert result.exact == (True,) * (len(entry["moves"]) + 1)
    assert set(result.values[:1]) <= {0.0, 1.0}
    # the saved review reads back with its new keys
    again = read_review(json.loads(json.dumps(result.to_json())), game)
    assert again.exact == result.exact
    assert [m.estimate for m in again.moves] == [m.estimate for m in result.moves]


def test_the_first_move_of_base3_stacking_is_no_mistake(reviewed):
    # Blue (the second player) wins base-3 stacking: every first move of red loses, and
    # none is a flaw; the longest resistance is best.
    entry = next(g for g in GAMES if g["version"] == "stacking")
    result = reviewed(entry)
    first = result.moves[0]
    assert first.proven == "loss"
    assert first.verdict in (BEST, GOOD)
    assert first.better is None
