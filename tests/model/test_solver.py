"""The solver (the door's ``solve`` and the reference ``Solver``): hand-checkable Pyraos
endings, and random endgames checked against a plain exhaustive minimax (a repeated
position is a draw)."""

from __future__ import annotations

import random

import pytest

from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.model.search import knowledge_for, solve
from pyramid_lab.model.search.solver import Solver
from tests.model.test_pyraos import P6, P7A, P7B, P7C, P7D, board


@pytest.mark.parametrize(
    ("text", "to_move", "variant", "value", "plies"),
    [
        (P6, "black", "standard", "win", 1),  # the side to move places the top
        (P6, "white", "standard", "loss", 0),  # no reserve, no lift: lost already
        (P6, "white", "alternate", "loss", 2),  # forced pass, then the top
        (P7A, "black", "standard", "win", 7),
        (P7B, "black", "standard", "loss", 4),
        (P7C, "black", "standard", "loss", 8),
        (P7C, "black", "children", "win", 7),
        (P7C, "white", "standard", "win", 7),
        (P7D, "black", "standard", "loss", 0),
        (P7D, "black", "alternate", "loss", 8),
    ],
)
def test_spec_endings(text, to_move, variant, value, plies):
    # the door's best path (Pyraos: its compiled solver) and the reference agree
    game = board(text, to_move, variant)
    door = solve(game, book=False, knowledge=knowledge_for(game))
    reference = Solver(game).solve()
    assert door.path == "compiled"
    assert reference.path == "reference"
    for result in (door, reference):
        assert result.value == value
        assert result.plies == plies
        assert result.stopped is None


def test_best_move_wins():
    game = board(P7A, "black")
    result = solve(game, knowledge=knowledge_for(game))
    assert result.best_move is not None
    game.push_text(result.best_move)
    after = solve(game, knowledge=knowledge_for(game))
    assert after.value == "loss"
    assert after.plies == 6


def test_forced_pass_is_reported_as_the_move():
    assert (
        solve(board(P6, "white", "alternate"), knowledge=knowledge_for("pyraos")).best_move
        == "pass"
    )


def minimax(game, path):
    """+1 / -1 / 0 for the side to move; a position repeated on the path is a draw."""
    out = game.outcome()
    if out is not None:
        return -1 if out.winner != game.to_move else 1
    key = game.position_key()
    if key in path:
        return 0
    path.add(key)
    best = -1
    for move in game.raw_moves():
        game.push_raw(move)
        best = max(best, -minimax(game, path))
        game.pop()
        if best == 1:
            break
    path.discard(key)
    return best


def endgames(count, seed, variant):
    rng = random.Random(seed)
    found = 0
    while found < count:
        g = Pyraos.new(PyraosOptions(variant))
        while not g.is_over() and (g.masks()[0] | g.masks()[1]).bit_count() < 25:
            g.push_raw(rng.choice(g.raw_moves()))
        if not g.is_over():
            found += 1
            yield Pyraos.from_setup(g.options, g.to_move, g.pieces())


@pytest.mark.parametrize("variant", ["standard", "children", "alternate"])
def test_endgames_agree_with_plain_minimax(variant):
    checked = 0
    for game in endgames(12, seed=len(variant), variant=variant):
        expected = minimax(game.copy(), set())
        result = Solver(game, max_depth=60).solve()
        assert {"win": 1, "loss": -1, "unknown": 0}[result.value] == expected, game.pieces()
        checked += 1
    assert checked == 12


def test_time_limit_stops_with_a_report():
    result = Solver(Pyraos.new(), max_seconds=0.3).solve()
    assert result.value == "unknown"
    assert result.stopped == "time limit"
    assert result.nodes > 1000
    assert result.depth >= 1


def test_progress_is_reported():
    seen = []
    Solver(board(P7C, "black"), progress=lambda *a: seen.append(a)).solve()
    assert [d for d, *_ in seen] == list(range(1, 9))
    assert seen[-1][1] > 0
