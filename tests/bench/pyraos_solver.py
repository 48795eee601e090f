"""Benchmark: the compiled solver on Pyraos (its bounded proof search) against the pure-Python
reference, side by side.

Run by hand:  nice -n 10 .venv/bin/python tests/bench/pyraos_solver.py [--seconds S]

One run, two parts; the compiled solver is warmed up first (numba compiles on first use
and caches the machine code on disk), so compile time is not counted.

1. Speed: each solver works S seconds (default 30) on the same unsolvable positions (the
   empty pyramid of the standard version, as in the issue, and a middle game of each
   version). Printed: nodes (positions entered) a second for both and their ratio, and for
   the compiled solver also positions examined a second: every child of an expanded node
   is generated, keyed under the symmetries and looked up in the table (the enhanced
   transposition cutoffs), which is what a node of the reference costs. Goal: 50x.
2. Answers: both solve the same endgames (random games of the standard and children's
   versions set up afresh, the spec's P7 endings), each position for at most S seconds per
   solver; the values and lengths must agree, and the time to the answers is compared.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run by hand: tests.model

from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.model.search.solver import Solver
from tests.model.handed import solver_for
from tests.model.test_pyraos import P7A, P7B, P7C, board


def endgames(count, seed, variant, spheres):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = Pyraos.new(PyraosOptions(variant))
        while not game.is_over() and (game.masks()[0] | game.masks()[1]).bit_count() < spheres:
            game.push_raw(rng.choice(game.raw_moves()))
        if not game.is_over():
            found.append(Pyraos.from_setup(game.options, game.to_move, game.pieces()))
    return found


def groups():
    yield "spec P7a-P7c", [board(P7A, "black"), board(P7B, "black"), board(P7C, "black")]
    yield "standard, 22 spheres", endgames(6, 22, "standard", 22)
    yield "standard, 20 spheres", endgames(4, 20, "standard", 20)
    yield "children's, 20 spheres", endgames(6, 20, "children", 20)
    yield "children's, 18 spheres", endgames(4, 18, "children", 18)


def middle_games():
    yield "empty pyramid, standard", Pyraos.new()
    for variant in ("standard", "children", "alternate"):
        yield f"12 spheres, {variant}", endgames(1, 12, variant, 12)[0]


def speed(reference, compiled, seconds):
    print(
        f"{'position':<26} {'reference n/s':>14} {'compiled n/s':>13} {'ratio':>6} "
        f"{'examined/s':>12} {'ratio':>6}"
    )
    rates = []
    for name, game in middle_games():
        ref = reference(game, seconds).solve()
        comp_solver = compiled(game, seconds)
        comp = comp_solver.solve()
        r_ref = ref.nodes / ref.seconds
        r_comp = comp.nodes / comp.seconds
        r_exam = comp_solver.search.examined / comp.seconds
        rates.append((r_ref, r_comp, r_exam))
        print(
            f"{name:<26} {r_ref:>14,.0f} {r_comp:>13,.0f} {r_comp / r_ref:>5.0f}x "
            f"{r_exam:>12,.0f} {r_exam / r_ref:>5.0f}x"
        )
    ref = sum(r for r, _, _ in rates) / len(rates)
    comp = sum(c for _, c, _ in rates) / len(rates)
    exam = sum(e for _, _, e in rates) / len(rates)
    print(
        f"mean: reference {ref:,.0f} nodes/s; compiled {comp:,.0f} nodes/s ({comp / ref:.0f}x), "
        f"{exam:,.0f} positions examined/s ({exam / ref:.0f}x)\n"
    )


def run(make, game, seconds):
    start = time.perf_counter()
    result = make(game, seconds).solve()
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    reference = lambda g, s: Solver(g, max_seconds=s, max_depth=80)  # noqa: E731
    compiled = lambda g, s: solver_for(g, max_seconds=s, max_depth=80, table_mb=256)  # noqa: E731
    run(compiled, board(P7C, "black"), 60)  # compile (or load the cached machine code)
    speed(reference, compiled, args.seconds)
    print(
        f"{'positions':<24} {'solver':<9} {'solved':>6} {'nodes':>12} {'seconds':>8} "
        f"{'nodes/s':>11} {'both solved: s':>15}"
    )
    totals = {"reference": [0, 0.0, 0.0], "compiled": [0, 0.0, 0.0]}
    for name, games in groups():
        rows = {"reference": [], "compiled": []}
        for game in games:
            for label, make in (("reference", reference), ("compiled", compiled)):
                rows[label].append(run(make, game, args.seconds))
        both = [
            i
            for i in range(len(games))
            if rows["reference"][i][0].stopped is None and rows["compiled"][i][0].stopped is None
        ]
        for i in both:
            ref, comp = rows["reference"][i][0], rows["compiled"][i][0]
            assert (ref.value, ref.plies) == (comp.value, comp.plies), (name, i)
        for label in ("reference", "compiled"):
            results = rows[label]
            nodes = sum(r.nodes for r, _ in results)
            seconds = sum(s for _, s in results)
            shared = sum(results[i][1] for i in both)
            solved = sum(r.stopped is None for r, _ in results)
            totals[label][0] += nodes
            totals[label][1] += seconds
            totals[label][2] += shared
            print(
                f"{name:<24} {label:<9} {solved:>3}/{len(games):<2} {nodes:>12,} "
                f"{seconds:>8.1f} {nodes / seconds:>11,.0f} {shared:>15.2f}"
            )
    ref, comp = totals["reference"], totals["compiled"]
    print(
        f"time to the same answers: reference {ref[2]:.1f} s, compiled {comp[2]:.2f} s: "
        f"{ref[2] / max(comp[2], 1e-9):.0f}x"
    )


if __name__ == "__main__":
    main()
