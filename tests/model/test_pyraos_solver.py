"""The compiled solver on Pyraos (its bounded proof search, the engine Pyraos was solved with)
against the reference solver (model.search.solver): the spec's solved positions P6-P7d and
random endgames of every version, value and length alike; the solver's options (retarget,
one question, the other engine)."""

from __future__ import annotations

import random

import pytest

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.model.search.solver import Solver
from pyramid_lab.model.search.stop import SearchStopped
from tests.model.handed import solver_for
from tests.model.test_pyraos import P6, P7A, P7B, P7C, P7D, board
from tests.patience import WAIT_S

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
    return solver_for(game, **{"table_mb": 4, **options})


def test_pyraos_is_solved_with_the_bounded_search():
    assert solver(Pyraos.new()).proof == "bounded"


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


REFERENCE_NODES = 100_000


def reference(game):
    """The reference's answer on ``game``, stopped past 100,000 nodes: it is pure Python
    (about 5 µs a node), and one of the alternate 0-2 endgames drawn below (a win in 11) took it
    822,000 nodes, 4.4 s of processor time, more than every other endgame together. The
    compiled solver still meets lines as long elsewhere (alternate 1-2's win in 11, 181
    nodes) and the reference's costliest kept one (standard 1-2's loss in 8, 83,000)."""

    def within_budget(depth, nodes, seconds, entries):
        if nodes > REFERENCE_NODES:
            raise SearchStopped("node budget")

    # a report at every look at the clock (every 1,024 nodes at most) counts the nodes
    return Solver(game, max_depth=60, max_seconds=20, progress=within_budget, progress_every=0)


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
    for spheres, count in ((26, 4), (25, 4), (24, 2)):  # the suite's time: 10, not 13
        for game in endgames(count, f"{variant}{removal}{spheres}", variant, removal, spheres):
            expected = reference(game).solve()
            if expected.stopped is not None:  # past its budget, or slow on a busy machine
                continue
            got = solver(game, max_depth=60).solve()
            assert (got.value, got.plies) == (expected.value, expected.plies), game.pieces()
            assert got.plies_exact
            values.add(got.value)
            compared += 1
    assert compared >= 8
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
        assert search.lower_bound(mover_wins) <= plies
    assert solver(board(P7C, "black")).lower_bound(True) > 1  # it does bound something


def test_time_limit_stops_with_a_report():
    result = solver(Pyraos.new(), max_seconds=0.3).solve()
    assert result.value == "unknown"
    assert result.stopped == "time limit"
    assert result.nodes > 1000
    with pytest.raises(SearchStopped):
        solver(Pyraos.new(), max_seconds=0.2).prove(False, 40)


def test_progress_is_reported():
    # stopped once three reports came and their node counts grew, its time a backstop (how
    # many come in 1.5 s is a busy machine's to cut): a search that says nothing, or
    # nothing of its growth, runs to WAIT_S and fails
    seen = []
    search = solver(
        Pyraos.new(), max_seconds=WAIT_S, progress=lambda *a: seen.append(a), progress_every=0.2
    )
    search.stop = lambda: len(seen) >= 3 and seen[-1][1] > seen[0][1]
    result = search.solve()
    assert len(seen) >= 3
    assert seen[-1][1] > seen[0][1]
    assert result.stopped == "stopped"


def test_huge_pages_only_for_a_search_that_runs_a_while():
    # a short endgame solve never asks for huge pages (their first touch zeroes 2 MiB each:
    # 8 times slower on a 256 MiB table); one that outlasts a call's budget does, and the
    # answer is the same
    quick = solver(board(P7C, "black"), table_mb=256)
    result = quick.solve()
    assert not quick.search.table.huge
    long = solver(board(P7C, "black"), table_mb=256)
    long.search.budget = 8  # nodes per call into the kernel
    long.search.huge_after = 16  # nodes of a question
    again = long.solve()
    assert long.search.table.huge
    assert (again.value, again.plies) == (result.value, result.plies) == ("loss", 8)


def test_retarget_keeps_the_table_for_the_same_rules_only():
    search = solver(board(P7C, "black"))
    first = search.solve()
    stored = search.entries
    search.retarget(board(P7A, "black"))
    again = search.solve()
    assert (first.value, first.plies, again.value, again.plies) == ("loss", 8, "win", 7)
    assert search.entries >= stored
    search.retarget(board(P7C, "black"))  # answered from the table now
    assert search.solve().nodes - again.nodes < first.nodes
    with pytest.raises(ValueError, match="another version"):
        search.retarget(board(P7C, "black", "children"))
    with pytest.raises(ValueError, match="another version"):
        search.retarget(Partition.new(PartitionOptions(3)))


def test_one_question_and_the_best_move_read_from_the_table():
    search = solver(board(P7A, "black"))
    assert not search.prove(True, 5).proven
    proof = search.prove(True, 9)
    assert proof.proven
    assert proof.plies == 7
    assert search.best_move("win") == "3,0,0"
    rows = {move: (win, loss) for move, win, loss in search.child_bounds()}
    assert rows["3,0,0"] == (None, 6)  # the child's side to move loses within 6


@pytest.mark.parametrize("text", [P7A, P7B, P7C])
def test_both_engines_agree_on_pyraos_endings(text):
    for to_move in ("black", "white"):
        game = board(text, to_move)
        bounded = solver(game).solve()
        dfpn = solver(game, proof="dfpn").solve()
        assert (dfpn.value, dfpn.plies) == (bounded.value, bounded.plies)


def test_both_engines_agree_on_partition_positions():
    rng = random.Random(7)
    for version in ("floating", "stacking"):
        for _ in range(4):
            game = Partition.new(PartitionOptions(3, version))
            for _ in range(rng.randrange(3, 7)):
                if game.is_over():
                    break
                game.push(rng.choice(game.legal_moves()))
            dfpn = solver(game, proof="dfpn").solve()
            bounded = solver(game, proof="bounded").solve()
            assert bounded.value == dfpn.value != "unknown"
            if dfpn.plies_exact and bounded.plies_exact:
                assert bounded.plies == dfpn.plies


def test_an_unknown_engine_is_refused():
    with pytest.raises(ValueError, match="proof must be one of dfpn, bounded"):
        solver(Pyraos.new(), proof="alpha-beta")
