"""Benchmark: the compiled core (model/search/compiled) against the pure-Python agents and
prover, side by side in one run.

Run by hand:  nice -n 10 .venv/bin/python tests/bench/compiled.py [--seconds S] [--quick]

The compiled searches are warmed up first (numba compiles on first use and caches the
machine code on disk), so compile time is not counted. Goals (issue 26): 30x the playouts
and the prover's nodes a second in each game; 20,000 playouts in ``analyze --engine
--seconds 2`` on the empty base-5 Partition pyramid; ``solve`` of the empty base-3 pyramid
in under 10 s in both versions.

1. MCTS playouts a second from each game's start (Partition base 5, Pyraos, Allmer's
   Pyramid), the pure-Python MCTSAgent and the compiled one with the same parameters (RAVE
   in Partition, the playout caps of the levels), S seconds each (default 3).
2. The prover: the same questions to the pure-Python df-pn and the compiled one (the
   example positions of engines.py and random middle games of each game); both count a
   node for each position made by a move or entered. The answers must agree; printed are
   nodes a second, their ratio and the time ratio.
3. ``analyze --engine --seconds 2`` of the empty base-5 pyramid (the analysis itself).
4. ``solve`` of the empty base-3 pyramid, both versions: the shared solver (stopped after
   S x 10 s) and the compiled one; and of Pyraos endgames by the one compiled solver with
   each of its engines (bounded, Pyraos's default, and df-pn).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run by hand: tests.*

from pyramid_lab.model.files import read
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.model.search import Prover, SearchStopped, analyse, knowledge_for, solve
from pyramid_lab.model.search.choice import Limits
from pyramid_lab.model.search.compiled.agent import CompiledMCTSAgent
from pyramid_lab.model.search.compiled.agent import warm_up as warm_up_mcts
from pyramid_lab.model.search.compiled.proof import warm_up as warm_up_proof
from pyramid_lab.model.search.mcts_agent import MCTSAgent
from pyramid_lab.model.search.registry import plugin_for
from pyramid_lab.model.search.solver import Solver
from pyramid_lab.model.terrace import Terrace
from tests.model.handed import adapter_for, solver_for

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

STARTS = [  # (name, game, RAVE, playout cap) as the levels play them
    ("partition base 5", lambda: Partition.new(PartitionOptions(5)), True, 200),
    ("pyraos", Pyraos.new, False, 200),
    ("terrace", Terrace.new, False, 24),
]


def playouts(seconds: float) -> None:
    print(f"1. MCTS playouts a second from the start ({seconds:g} s each)")
    print(f"   {'game':18} {'python':>9} {'compiled':>10} {'ratio':>7}")
    for name, new, rave, cap in STARTS:
        rates = []
        evaluation = plugin_for(new()).evaluation
        for agent in (
            MCTSAgent(seed=1, rave=rave, max_playout=cap, evaluation=evaluation),
            CompiledMCTSAgent(adapter_for, seed=1, rave=rave, max_playout=cap),
        ):
            choice = agent.choose(new(), Limits(seconds=seconds))
            rates.append(choice.visits / choice.seconds)
        print(f"   {name:18} {rates[0]:9,.0f} {rates[1]:10,.0f} {rates[1] / rates[0]:6.0f}x")


PROOFS = [  # (example, side, within), from engines.py
    ("pyraos/endgame-win-in-7", "black", 9),
    ("pyraos/endgame-loss-in-8", "white", 10),
    ("pyraos/alternate-pass", "white", 10),
    ("partition/stacking-support", "blue", 13),
    ("partition/unanchored-sheet-apex", "blue", 13),
    ("partition/t4-anchored-sheet", "red", 13),
    ("partition/t5-around-a-corner-ball", "red", 13),
    ("partition/t3-lone-apex", "blue", 13),
]


SPEED = [  # (game, new game, random plies before, within): questions of seconds in Python
    ("partition base 4", lambda: Partition.new(PartitionOptions(4)), 12, 9),
    ("pyraos", Pyraos.new, 20, 9),
    ("terrace", Terrace.new, 30, 5),
]


def middle_games(new, plies: int, count: int, seed: int) -> list:
    """Positions after random play, set up afresh (the searches take no history)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = new()
        for _ in range(plies):
            if game.is_over():
                break
            game.push(rng.choice(game.legal_moves()))
        if not game.is_over():
            out.append(type(game).from_setup(game.options, game.to_move, game.pieces()))
    return out


def ask_both(game, side: str, within: int, limit: float) -> dict:
    """The shortest win within the bound by both provers: answers, nodes, seconds."""
    out = {}
    for compiled in (False, True):
        search = Prover(
            game, side, compiled=compiled, max_seconds=limit, knowledge=knowledge_for(game)
        )
        began = time.perf_counter()
        try:
            answer: object = search.shortest(within)
        except SearchStopped:
            answer = "stopped"
        out[compiled] = (answer, search.nodes, time.perf_counter() - began)
    return out


def prover(seconds: float, quick: bool) -> None:
    limit = seconds * 10
    print(f"2. The prover: the same questions, pure Python (at most {limit:g} s) and compiled")
    print("   a. speed per game: random middle games (the shortest win, both sides)")
    print(
        f"   {'game':18} {'questions':>9} {'python nodes/s':>14} {'compiled nodes/s':>16}"
        f" {'ratio':>6} {'python s':>9} {'compiled s':>10}  answers"
    )
    for name, new, plies, within in SPEED:
        totals = {False: [0, 0.0], True: [0, 0.0]}
        agree = differ = 0
        positions = middle_games(new, plies, 2 if quick else 4, 26)
        for game in positions:
            for side in game.players:
                both = ask_both(game, side, within, limit)
                for compiled in (False, True):
                    totals[compiled][0] += both[compiled][1]
                    totals[compiled][1] += both[compiled][2]
                if both[False][0] != "stopped":
                    agree += both[False][0] == both[True][0]
                    differ += both[False][0] != both[True][0]
        py = totals[False][0] / totals[False][1]
        co = totals[True][0] / totals[True][1]
        print(
            f"   {name:18} {2 * len(positions):9} {py:14,.0f} {co:16,.0f} {co / py:5.0f}x"
            f" {totals[False][1]:9.1f} {totals[True][1]:10.2f}  {agree} agree, {differ} differ",
            flush=True,
        )
    print("   b. the examples of engines.py (small: fixed costs count)")
    for name, side, within in PROOFS[::2] if quick else PROOFS:
        game = read(EXAMPLES / f"{name}.pyr.json").game
        both = ask_both(game, side, within, limit)
        (a, _, ta), (b, _, tb) = both[False], both[True]
        same = "same answer" if a == b else f"DIFFER: {a} / {b}"
        print(
            f"   {name:34} {side} within {within:2}: {ta * 1000:7.1f} ms and "
            f"{tb * 1000:6.1f} ms ({ta / tb:4.0f}x), {same}",
            flush=True,
        )


def analysis() -> None:
    game = Partition.new(PartitionOptions(5))
    result = analyse(game, seconds=2.0, knowledge=knowledge_for(game))
    print(
        f"3. analyze --engine --seconds 2, empty base-5 pyramid: {result.visits:,} playouts "
        f"({result.agent}), {result.seconds:.2f} s; {result.evaluation_text}"
    )


def solving(seconds: float) -> None:
    print("4. solve, the empty base-3 pyramid, and Pyraos endgames by the one solver's two engines")
    for name in ("endgame-win-in-7", "endgame-loss-in-8", "alternate-pass"):
        game = read(EXAMPLES / "pyraos" / f"{name}.pyr.json").game
        rows = []
        for proof in ("bounded", "dfpn"):
            solver = solver_for(game, table_mb=256, proof=proof)
            assert solver is not None
            result = solver.solve()
            rows.append(f"{proof} {result.value} {result.plies}, {result.nodes:,} nodes")
        print(f"   pyraos {name}: {'; '.join(rows)}")
    for version in ("floating", "stacking"):
        game = Partition.new(PartitionOptions(3, version))
        shared = Solver(game, max_seconds=seconds * 10).solve()
        compiled = solve(game, table_mb=256, book=False, knowledge=knowledge_for(game))
        print(
            f"   {version:8}: shared {shared.value} {shared.plies} in {shared.seconds:.1f} s"
            f" ({shared.stopped or 'settled'}); compiled {compiled.value} in "
            f"{compiled.plies} plies (exact: {compiled.plies_exact}), {compiled.nodes:,} "
            f"nodes, {compiled.seconds:.2f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else args.seconds
    small = Partition.new(PartitionOptions(2, "floating"))
    adapter = adapter_for(small)
    assert adapter is not None
    warm = warm_up_mcts(adapter, small) + warm_up_proof(adapter)
    print(f"compiling or loading the compiled searches: {warm:.1f} s")
    playouts(seconds)
    prover(seconds, args.quick)
    analysis()
    solving(seconds)


if __name__ == "__main__":
    main()
