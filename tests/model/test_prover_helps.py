"""The compiled df-pn's helps (model.search.compiled.dfpn: decided corners, dead points, move
order, first proof numbers) against exhaustive play and the pure-Python prover on small
Partition boards: the facts they rest on, each claim they make, and the same answers with
each help on and off."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.search import Prover, knowledge_for
from pyramid_lab.model.search.compiled import core, dfpn
from pyramid_lab.model.search.compiled.proof import ProofSearch
from pyramid_lab.model.search.games.partition import kernel as pk
from pyramid_lab.model.search.games.partition import outlook as po
from pyramid_lab.model.search.games.partition.adapters import PartitionAdapter
from tests.model.handed import adapter_for

HELP_SETS = {"none": 0, **dfpn.HELP_NAMES, "all": dfpn.ALL_HELPS}


def random_positions(size: int, version: str, count: int, balls: range, seed: int) -> list:
    rng = random.Random(seed)
    found: list = []
    while len(found) < count:
        game = Partition.new(PartitionOptions(size, version))
        for _ in range(rng.choice(balls)):
            if game.is_over():
                break
            game.push(rng.choice(game.legal_moves()))
        if not game.is_over():
            found.append(Partition.from_setup(game.options, game.to_move, game.pieces()))
    return found


def exact(ctx, state: np.ndarray) -> bool:
    """Does the side to move win (plain negamax over the kernel, memoised)?"""

    @cache
    def wins(own_lo: int, own_hi: int, opp_lo: int, opp_hi: int, mine: int, theirs: int) -> bool:
        row = np.array([own_lo, own_hi, opp_lo, opp_hi, mine, theirs, 0, 0], dtype=np.int64)
        moves = np.zeros(pk.MAX_MOVES, dtype=np.int64)
        child = np.zeros(pk.STATE, dtype=np.int64)
        for move in moves[: pk.generate(ctx, row, moves)]:
            pk.play(ctx, row, int(move), child)
            if child[pk.STATUS] == pk.LOST or not wins(*(int(w) for w in child[:6])):
                return True
        return False

    return wins(*(int(w) for w in state[:6]))


def balls(lo: int, hi: int) -> list[int]:
    return [p for p in range(128) if (lo if p < 64 else hi) >> (p % 64) & 1]


def test_holdings_are_one_sides_and_grow_with_its_balls():
    """Facts 1 and 2 of the kernel's comment: on random boards of base 3 and 4 two sides
    never hold one corner, every corner of a full pyramid has a holder, and a ball more
    never takes a holding away."""
    rng = random.Random(5)
    for size in (3, 4):
        ctx = pk.context(size, False)
        points = list(range(int(ctx[pk.COUNT])))
        for _ in range(300):
            rng.shuffle(points)
            filled = rng.randint(1, len(points))
            red = set(points[:filled:2])
            blue = set(points[1:filled:2])
            r = pk.held_corners(ctx, *pk._words(red))
            b = pk.held_corners(ctx, *pk._words(blue))
            assert r & b == 0
            if filled == len(points):
                assert r | b == 31
            more = pk.held_corners(ctx, *pk._words(red | {points[-1]} - blue))
            assert more & r == r


@pytest.mark.parametrize("version", ["floating", "stacking"])
def test_a_side_sure_of_three_corners_wins(version):
    """outlook's "sure" corners against exhaustive play on base 3: a side sure of three
    wins whatever is played; the sample has such claims for both sides."""
    adapter = PartitionAdapter(3, version)
    ctx = adapter.context()
    out = np.zeros(core.OUTLOOK, dtype=np.int64)
    claims = {0: 0, 1: 0}
    for game in random_positions(3, version, 150, range(5, 12), 11):
        state = adapter.state(game)
        # (both looks named as the df-pn passes them: no signature of the tests' own)
        assert core.outlook(core.PARTITION, ctx, state, out, True, True)
        assert out[2] == 14 - len(game.pieces())
        for side in (0, 1):
            if bin(int(out[side])).count("1") >= 3:
                claims[side] += 1
                assert exact(ctx, state) == (side == 0), (game.pieces(), game.to_move, side)
    assert claims[0] > 0
    assert claims[1] > 0


def test_a_dead_point_does_not_change_the_winner():
    """Base 4: the centre of level 1 touches no wall; with its twelve neighbours red, whoever
    takes it, the winner of every full pyramid is the same (all fillings of the other empty
    points checked, for every point outlook calls dead). outlook calls the centre dead in the
    floating version, never anything in the stacking one."""
    rng = random.Random(3)
    lat = Partition.new(PartitionOptions(4)).lattice
    ctx = pk.context(4, False)
    centre = lat.id_of(1, 1, 1)
    ring = set(lat.neighbour_lists[centre])
    assert len(ring) == 12
    others = [p for p in range(lat.count) if p != centre and p not in ring]
    checked = 0
    for _ in range(60):
        red = set(ring)
        blue = set(rng.sample(others, rng.randint(len(others) - 7, len(others))))
        state = np.array([*pk._words(red), *pk._words(blue), 0, 0, 0, 0], dtype=np.int64)
        state[pk.OWN_HELD] = pk.held_corners(ctx, *pk._words(red))
        state[pk.OPP_HELD] = pk.held_corners(ctx, *pk._words(blue))
        out = np.zeros(core.OUTLOOK, dtype=np.int64)
        po.outlook(ctx, state, out, True, True)
        if max(bin(int(w)).count("1") for w in out[:2]) >= 3:
            continue  # decided (or over): the dead points are not looked for
        dead = balls(int(out[3]), int(out[4]))
        assert centre in dead
        stacked = np.zeros(core.OUTLOOK, dtype=np.int64)
        po.outlook(pk.context(4, True), state, stacked, True, True)
        assert stacked[3] == stacked[4] == 0
        for p in dead:
            empty = [q for q in range(lat.count) if q not in red | blue | {p}]
            for fill in range(1 << len(empty)):
                r = red | {q for i, q in enumerate(empty) if fill >> i & 1}
                winners = {
                    bin(pk.held_corners(ctx, *pk._words(r | extra))).count("1") >= 3
                    for extra in ({p}, set())
                }
                assert len(winners) == 1, (sorted(red), sorted(blue), p, fill)
            checked += 1
        if checked <= 3:  # the search leaves the dead points out and answers the same
            want = exact(ctx, state)
            for helps in (0, dfpn.DEAD, dfpn.ALL_HELPS):
                search = ProofSearch(PartitionAdapter(4, "floating"), table_mb=1, helps=helps)
                assert search.ask(state, True, 30).proven == want
    assert checked > 0


def answers(game: Partition, helps: int, within: int) -> tuple:
    adapter = adapter_for(game)
    assert adapter is not None
    search = ProofSearch(adapter, table_mb=4, helps=helps)
    state = adapter.state(game)
    # the other side's question too (its AND node first)
    return tuple(search.ask(state, mover, within).proven for mover in (True, False))


CASES = [  # size, version, balls before, plies asked (None: every empty point)
    (3, "floating", range(5, 9), None),
    (3, "floating", range(4, 9), 5),
    (3, "stacking", range(4, 10), None),
    (4, "floating", range(18, 22), None),
    (4, "stacking", range(16, 22), None),
]


@pytest.mark.parametrize(("size", "version", "balls_before", "within"), CASES)
def test_each_help_gives_the_references_answers(size, version, balls_before, within):
    seen = set()
    for game in random_positions(size, version, 4, balls_before, size * 100 + len(version)):
        left = within or size * (size + 1) * (2 * size + 1) // 6 - len(game.pieces())
        expected = tuple(
            Prover(
                game, side, compiled=False, max_seconds=60, knowledge=knowledge_for(game)
            ).wins_within(left)
            for side in (game.to_move, game.other(game.to_move))
        )
        seen.add(expected)
        for name, helps in HELP_SETS.items():
            assert answers(game, helps, left) == expected, (name, game.pieces(), game.to_move)
    assert len(seen) > 1  # the sample has wins for each side, or none within the plies


def test_the_empty_base_3_pyramids_with_every_help():
    for version, mover_wins in (("floating", True), ("stacking", False)):
        game = Partition.new(PartitionOptions(3, version))
        adapter = adapter_for(game)
        assert adapter is not None
        spent = {}
        for name, helps in HELP_SETS.items():
            search = ProofSearch(adapter, table_mb=16, helps=helps)
            answer = search.ask(adapter.state(game), True, 14)
            assert answer.proven == mover_wins, (version, name)
            spent[name] = answer.nodes
        assert spent["all"] < spent["none"]  # together they search fewer positions


def test_helps_are_checked():
    adapter = PartitionAdapter(3, "floating")
    with pytest.raises(ValueError, match="helps must be"):
        ProofSearch(adapter, table_mb=1, helps=dfpn.ALL_HELPS + 1)


def test_the_solver_and_the_prover_search_with_the_default_helps():
    from pyramid_lab.model.search.compiled.proof import DEFAULT_HELPS
    from tests.model.handed import solver_for

    game = Partition.new(PartitionOptions(3))
    solver = solver_for(game, table_mb=1)
    assert solver is not None
    assert isinstance(solver.search, ProofSearch)
    assert solver.search.helps == DEFAULT_HELPS == dfpn.DECIDED | dfpn.INIT
    prover = Prover(game, "red", knowledge=knowledge_for(game))
    assert prover._compiled is not None
    assert prover._compiled.helps == DEFAULT_HELPS
