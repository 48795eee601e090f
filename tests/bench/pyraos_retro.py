"""Pyraos standard endgame table by retrograde analysis: reach, agreement, nodes, extrapolation.

    PYTHONPATH=. python tests/bench/pyraos_retro.py                 # K=29, about a minute
    PYTHONPATH=. nice -n 19 python tests/bench/pyraos_retro.py --low 28 --keep   # K=28: long

Prints, in order: the exact number of positions of every layer (0-29 spheres, side to
move's view) and its size at 2 bits; the build of layers 29..K (per layer: positions,
seconds over all sweeps, bytes, fraction decided); the table against the compiled solver
on sampled positions of each built layer (must agree wherever both decide); the nodes of
a forward proof search (:func:`prove`) on mid-game positions without and with the table,
side by side; and the extrapolation of the measured rate to the whole game.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import pyramid_lab.model.search as search
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.model.search.games.pyraos import retro, retro_prove


def mover_masks(game: Pyraos) -> tuple[int, int]:
    white, black = game.masks()
    return (white, black) if game.to_move == "white" else (black, white)


def game_of(own: int, opp: int) -> Pyraos:
    """The position (own, opp) with white to move (the rules treat the colours alike)."""
    pieces = [(tuple(Pyraos.new().lattice.point(p)), "white") for p in range(30) if own >> p & 1]
    pieces += [(tuple(Pyraos.new().lattice.point(p)), "black") for p in range(30) if opp >> p & 1]
    return Pyraos.from_setup(None, "white", pieces)


def midgame(rng: random.Random, spheres: int) -> Pyraos:
    """Random play from the empty pyramid, preferring removals and lifts (spheres kept in
    hand, as good play does), until ``spheres`` are down with the reserves within one."""
    while True:
        game = Pyraos.new()
        for _ in range(300):
            if game.outcome() is not None:
                break
            own, opp = mover_masks(game)
            if (own | opp).bit_count() >= spheres and abs(own.bit_count() - opp.bit_count()) <= 1:
                return game
            moves = game.raw_moves()
            keep = [m for m in moves if m[2] or m[0] >= 0]
            game.push_raw(rng.choice(keep if keep and rng.random() < 0.7 else moves))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--low", type=int, default=29, help="fewest spheres in the table")
    parser.add_argument("--path", type=Path, help="table file (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="reuse/keep the file at --path")
    parser.add_argument(
        "--unfinished",
        action="store_true",
        help="with --keep: read a table whose build is still going (its values are proven)",
    )
    parser.add_argument("--samples", type=int, default=40, help="positions checked a layer")
    parser.add_argument("--positions", type=int, default=8, help="mid-game positions")
    parser.add_argument("--spheres", type=int, default=24, help="spheres down in those")
    parser.add_argument("--depth", type=int, default=24, help="forward search's plies")
    parser.add_argument("--budget", type=int, default=3_000_000, help="nodes a position")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.1f} (cores: {os.cpu_count()})")

    print("\nlayer  shapes  positions          bytes (2 bits)")
    total = 0
    for n in range(retro.TOP_LAYER, -1, -1):
        count = retro.layer_positions(n)
        total += count
        print(f"{n:5} {len(retro.shapes()[n]):7} {count:16,} {(count + 3) // 4:16,}")
    print(
        f"all   {len(retro.shapes()[0]) * 0 + sum(map(len, retro.shapes())):7} {total:16,}"
        f" {(total + 3) // 4:16,}"
    )

    tmp = None
    path = args.path
    if path is None:
        tmp = tempfile.TemporaryDirectory()
        path = Path(tmp.name) / f"k{args.low}.retro"
    table = None
    if args.keep and path.exists():
        try:
            table = retro.EndgameTable.open(path, unfinished=args.unfinished)
            print(f"\nreusing {path}" + (" (unfinished)" if args.unfinished else ""))
        except retro.TableError as exc:
            print(f"\nrebuilding: {exc}")
    seconds: dict[int, float] = {}
    evaluated: dict[int, int] = {}
    sweeps = 0
    if table is None:
        table = retro.EndgameTable.create(path, args.low)
        decided = {n: 0 for n in range(args.low, 30)}

        def progress(sweep: int, n: int, done: int, secs: float) -> None:
            nonlocal sweeps
            sweeps = sweep
            evaluated[n] = evaluated.get(n, 0) + int(table.sizes[n]) - decided[n]
            decided[n] += done
            seconds[n] = seconds.get(n, 0.0) + secs
            print(f"  sweep {sweep} layer {n}: {done:,} decided in {secs:.1f} s", flush=True)

        began = time.perf_counter()
        retro.build(table, progress)
        print(
            f"built in {time.perf_counter() - began:.1f} s, {sweeps} sweeps (the first "
            "compiles the kernels)"
        )
    print("\nlayer  positions        seconds  bytes         wins        losses      decided")
    for n in range(retro.TOP_LAYER, table.low - 1, -1):
        w, lo = table.counts(n)
        size = int(table.sizes[n])
        secs = f"{seconds[n]:8.1f}" if n in seconds else "       -"
        print(
            f"{n:5} {size:16,} {secs} {(size + 3) // 4:12,} {w:12,} {lo:12,} {(w + lo) / size:8.1%}"
        )

    print("\nthe table against the compiled solver (sampled positions):")
    rng = random.Random(1)
    for n in range(retro.TOP_LAYER, table.low - 1, -1):
        agree = differ = unknown = 0
        for _ in range(args.samples):
            index = rng.randrange(int(table.sizes[n]))
            own, opp = retro.unrank(n, index, table.tabs)
            value = table.value(own, opp)
            result = search.solve(
                game_of(own, opp), max_seconds=2.0, knowledge=search.knowledge_for("pyraos")
            )
            ref = {"win": retro.WIN, "loss": retro.LOSS}.get(result.value, retro.UNKNOWN)
            if value == retro.UNKNOWN or ref == retro.UNKNOWN:
                unknown += 1
            elif value == ref:
                agree += 1
            else:
                differ += 1
                print(f"  DIFFER at layer {n} index {index}: table {value}, solver {ref}")
        print(f"  layer {n}: {agree} agree, {differ} differ, {unknown} undecided by one side")

    print(
        f"\nforward proof search, {args.positions} positions with {args.spheres} spheres "
        f"(depth {args.depth}, {args.budget:,} nodes at most):"
    )
    print("  pos  without: value depth nodes      with table: value depth nodes     ratio")
    rng = random.Random(7)
    sums = [0, 0]
    for i in range(args.positions):
        own, opp = mover_masks(midgame(rng, args.spheres))
        plain = retro_prove.prove(own, opp, args.depth, args.budget)
        tabled = retro_prove.prove(own, opp, args.depth, args.budget, table)
        if plain[0] and tabled[0] and plain[0] != tabled[0]:
            print("  DIFFERENT VALUES")
        sums[0] += plain[2]
        sums[1] += tabled[2]
        print(
            f"  {i:3}  {plain[0]:+d} {plain[1]:3} {plain[2]:12,}      {tabled[0]:+d} "
            f"{tabled[1]:3} {tabled[2]:12,}  {plain[2] / max(1, tabled[2]):8.2f}"
        )
    print(f"  all: {sums[0]:,} without, {sums[1]:,} with ({sums[0] / max(1, sums[1]):.2f}x)")

    if seconds:
        done = sum(evaluated.values())
        rate = done / sum(seconds.values())
        cores = os.cpu_count() or 1
        print(
            f"\nmeasured: {done:,} position evaluations in {sum(seconds.values()):.0f} s "
            f"= {rate:,.0f} a second on {cores} cores (load {os.getloadavg()[0]:.1f})"
        )
        # The lowest layer's rate is extrapolated: it falls as boards empty (more moves).
        rate = evaluated[table.low] / seconds[table.low]
        print(f"layer {table.low}: {rate:,.0f} positions a second (the rate extrapolated)")
        per_sweep = total / rate / 3600
        print(
            f"whole game ({total:,} positions, {(total + 3) // 4 / 2**30:.1f} GiB at 2 bits):"
            f" {per_sweep:.1f} h a full sweep here; with S sweeps on N machines of C cores: "
            f"{per_sweep:.1f} * S * {cores} / (N * C) h"
        )
        for machines in (1, 10, 100):
            print(
                f"  40 sweeps, {machines} machines of 16 cores: "
                f"{per_sweep * 40 * cores / (machines * 16):.1f} h"
            )
    if tmp is not None:
        del table
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
