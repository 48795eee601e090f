"""The compiled Pyraos solver against the reference solver (model.search.solver): the spec's
solved positions P6-P7d and random endgames of every version, value and length alike."""

from __future__ import annotations

import random

import pytest

from model.pyraos import Pyraos, PyraosOptions
from model.search import Solver
from model.search.pyraos_solver import PyraosSolver, lower_bound
from model.search.solver import SearchStopped
from tests.model.test_pyraos import P6, P7A, P7B, P7C, P7D, board

SPEC_ENDINGS = [
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
]


def solver(game, **options):
    return PyraosSolver(game, table_mb=4, **options)


@pytest.mark.parametrize(("text", "to_move", "variant", "value", "plies"), SPEC_ENDINGS)
def test_spec_endings(text, to_move, variant, value, plies):
    result = solver(board(text, to_move, variant)).solve()
    assert (result.value, result.plies, result.stopped) == (value, plies, None)


def test_best_moves_are_the_references():
    for text, to_move, variant, value, _ in SPEC_ENDINGS:
        game = board(text, to_move, variant)
        if value == "win" or game.legal_move_count() == 1:
            assert solver(game).solve().best_move == Solver(game).solve().best_move


def test_best_move_wins_as_fast_as_claimed():
    game = board(P7A, "black")
    result = solver(game).solve()
    game.push_text(result.best_move)
    after = solver(game).solve()
    assert (after.value, after.plies) == ("loss", result.plies - 1)


def test_the_longest_resistance_is_chosen():
    game = board(P7C, "black")
    result = solver(game).solve()
    assert (result.value, result.plies, result.best_move) == ("loss", 8, "2,3,0>0,0,2")


def endgames(count, seed, variant, removal, spheres):
    """Positions of random games once ``spheres`` are on the board (set up afresh)."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        game = Pyraos.new(PyraosOptions(variant, removal))
        while not game.is_over() and (game.masks()[0] | game.masks()[1]).bit_count() < spheres:
            game.push_raw(rng.choice(game.raw_moves()))
        if not game.is_over():
            found += 1
            yield Pyraos.from_setup(game.options, game.to_move, game.pieces())


@pytest.mark.parametrize(
    ("variant", "removal"),
    [
        ("standard", "0-2"),
        ("standard", "1-2"),
        ("children", "0-2"),
        ("alternate", "0-2"),
        ("alternate", "1-2"),
    ],
)
def test_random_endgames_agree_with_the_reference(variant, removal):
    values = set()
    compared = 0
    for spheres, count in ((26, 5), (25, 5), (24, 3)):
        for game in endgames(count, f"{variant}{removal}{spheres}", variant, removal, spheres):
            expected = Solver(game, max_depth=60, max_seconds=20).solve()
            if expected.stopped is not None:  # the reference is slow on a busy machine
                continue
            got = solver(game, max_depth=60).solve()
            assert (got.value, got.plies) == (expected.value, expected.plies), game.pieces()
            assert got.plies_exact
            values.add(got.value)
            compared += 1
    assert compared >= 10
    assert values == {"win", "loss"}


def test_repetition_is_no_win():
    # each side can fill a square and take the sphere back for ever; whoever proves a win
    # must do it without the cycle, so a short bound proves nothing and says so
    game = board("BB../B.../...W/..WW|.../.../...|../..|.", "black")
    search = solver(game)
    proof = search.prove(True, 9)
    assert not proof.proven


def test_lower_bound_is_never_above_a_proof():
    for text, to_move, variant, value, plies in SPEC_ENDINGS:
        game = board(text, to_move, variant)
        search = solver(game)
        mover_wins = value == "win"
        assert lower_bound(search.own, search.opp, mover_wins, search.variant) <= plies


def test_time_limit_stops_with_a_report():
    result = solver(Pyraos.new(), max_seconds=0.3).solve()
    assert result.value == "unknown"
    assert result.stopped == "time limit"
    assert result.nodes > 1000
    with pytest.raises(SearchStopped):
        solver(Pyraos.new(), max_seconds=0.2).prove(False, 40)


def test_progress_is_reported():
    seen = []
    solver(
        Pyraos.new(), max_seconds=1.5, progress=lambda *a: seen.append(a), progress_every=0.2
    ).solve()
    assert len(seen) >= 3
    assert seen[-1][1] > seen[0][1]


def test_huge_pages_only_for_a_search_that_runs_a_while():
    # a short endgame solve never asks for huge pages (their first touch zeroes 2 MiB each:
    # 8 times slower on a 256 MiB table); one that outlasts a call's budget does, and the
    # answer is the same
    quick = PyraosSolver(board(P7C, "black"), table_mb=256)
    result = quick.solve()
    assert not quick._huge
    long = PyraosSolver(board(P7C, "black"), table_mb=256)
    long.BUDGET = 16  # nodes per call into the kernel
    again = long.solve()
    assert long._huge
    assert (again.value, again.plies) == (result.value, result.plies) == ("loss", 8)
