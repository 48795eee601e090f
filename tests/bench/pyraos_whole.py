"""Pyraos's whole game by retrograde analysis (model/search/games/pyraos/whole.py): a small
pyramid built whole, and the standard pyramid's build projected from measured rates.

    PYTHONPATH=. nice -n 10 python tests/bench/pyraos_whole.py              # both parts
    PYTHONPATH=. nice -n 10 python tests/bench/pyraos_whole.py --skip-base4 # the build only

Prints, in order:

1. The whole game of the base-3 pyramid (``--base``) built in this process on one thread
   (``--variant``, ``--removal``): for each layer, its positions, how often positions were
   evaluated in odd rounds (wins sought) and even rounds (losses sought), their seconds and
   positions a second a core; the build's time, rounds, peak memory and the empty
   pyramid's value and length.
2. The standard pyramid (base 4): each layer's positions (canonical shapes x colourings),
   and on a sample of its shapes (``--sample`` positions at most, shapes spread over the
   layer) the rate of an odd round (every child looked up: the dear case) and of an even
   round (stops at the first undecided child) on one thread, over an empty table (its
   2.3 GB is mapped, never touched: zero pages). Rates are of processor time (the machine
   is shared: wall time would count the other jobs' share).
3. The projection: one round over the whole game at the measured rates, on one core and on
   this machine's cores, and the whole build for the evaluations a position needed in part
   1 (mean evaluations a position, odd and even) scaled by ``--rounds-factor`` (the base-4
   game's rounds over the base-3 game's; a guess, stated).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from model.search.games.pyraos import whole
from model.search.games.pyraos import whole_kernel as wk


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def small_build(base: int, variant: str, removal: str) -> tuple[float, float, int]:
    """Part 1; (mean odd evaluations a position, mean even ones, rounds)."""
    import numba

    numba.set_num_threads(1)
    with tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        table = whole.WholeTable.create(Path(tmp) / "t", base, variant, removal)
        entries: list[dict] = []
        whole.build(table, progress=entries.append)
        seconds = time.perf_counter() - began
        sizes = table.index.sizes
        print(f"base {base}, {variant} (removal {removal}): {sum(sizes):,} positions")
        print("layer  positions  odd evals  even evals  cpu s  positions/s/core")
        odd_all = even_all = 0
        for n in range(len(sizes) - 1, -1, -1):
            mine = [e for e in entries if e["layer"] == n]
            odd = sum(e["evaluated"] for e in mine if e["round"] % 2)
            even = sum(e["evaluated"] for e in mine if e["round"] % 2 == 0)
            busy = sum(e["seconds"] for e in mine)
            odd_all += odd
            even_all += even
            rate = (odd + even) / busy if busy else 0.0
            print(f"{n:5} {sizes[n]:10,} {odd:10,} {even:11,} {busy:8.3f} {rate:16,.0f}")
        total = sum(representatives(base))  # the positions evaluated (no copies)
        rounds = int(table.head["round"]) + 1
        print(
            f"built in {seconds:.1f} s ({rounds} rounds), peak memory {peak_mb():.0f} MB; "
            f"evaluations a position: {odd_all / total:.2f} odd, {even_all / total:.2f} even; "
            f"the empty pyramid: {whole.describe(table.value(0, 0))} for the first player"
        )
        checked, bad = whole.verify(table)
        print(f"verify: {checked:,} positions, {len(bad)} that do not hold")
        return odd_all / total, even_all / total, rounds


def representatives(base: int) -> list[int]:
    """For each layer, the positions evaluated: one colouring per orbit under the canonical
    shape's own symmetries (Burnside: the mean over those symmetries of the colourings
    each leaves as they are, counted by the lengths of its cycles)."""
    from model.pyraos import _symmetries, geometry

    ix = whole.index(base)
    perms = _symmetries(base)
    spheres = geometry(base).spheres
    out = []
    for n, row in enumerate(ix.shapes):
        total = 0
        for occ in (int(x) for x in row):
            points = [p for p in range(64) if occ >> p & 1]
            fixing = [perm for perm in perms if all(occ >> perm[p] & 1 for p in points)]
            fixed = 0
            for perm in fixing:
                seen: set[int] = set()
                ways = [1] + [0] * n  # ways[a]: colourings with a own spheres, cycles whole
                for p in points:
                    if p in seen:
                        continue
                    length, q = 0, p
                    while q not in seen:
                        seen.add(q)
                        length += 1
                        q = perm[q]
                    ways = [
                        ways[a] + (ways[a - length] if a >= length else 0) for a in range(n + 1)
                    ]
                fixed += sum(ways[a] for a in range(max(0, n - spheres), min(spheres, n) + 1))
            total += fixed // len(fixing)
        out.append(total)
    return out


def base4_rates(sample: int) -> list[tuple[int, int, float, float, float]]:
    """Part 2: (layer, positions, odd rate, even rate) a core."""
    import numba

    numba.set_num_threads(1)
    began = time.perf_counter()
    ix = whole.index(4)
    print(
        f"\nbase 4: index of {sum(len(s) for s in ix.shapes):,} canonical shapes "
        f"in {time.perf_counter() - began:.1f} s; {sum(ix.sizes):,} positions "
        f"({sum(ix.sizes) / 1e9:.2f} GB at a byte)"
    )
    values = tuple(np.zeros(size, dtype=np.uint8) for size in ix.sizes)  # zero pages
    geo = whole.geometry_arrays(4)
    codes = (0, 0)
    # every shape fresh: each child is read (the dear case: early rounds, where most are)
    fresh = np.ones(sum(len(row) for row in ix.shapes), dtype=np.uint8)
    # no shape fresh: no child read (late rounds, where few are)
    stale = np.zeros(sum(len(row) for row in ix.shapes), dtype=np.uint8)
    for d in (1, 2, 3):  # compiled (or loaded) before the clock
        wk.round_range_serial(
            29,
            0,
            1,
            d,
            *codes,
            geo,
            ix.arrays,
            ix.shapes[29],
            ix.shape_points[29],
            values,
            fresh,
            np.zeros(1, dtype=np.uint8),
            np.zeros((1, 2), dtype=np.int64),
        )
    rows = []
    print("layer      positions   sampled   odd (all read)   even   odd (none read)  pos/s/core")
    for n in range(len(ix.sizes) - 1, -1, -1):
        size = ix.sizes[n]
        # ranges of 4,096 positions spread over the layer, ``sample`` positions at most
        step = 4096
        ranges = max(1, min(size // step, sample // step))
        starts = np.linspace(0, max(0, size - step), ranges).astype(np.int64)
        rates = []
        for d in (1, 2, 3):  # odd, all fresh; even; odd, none fresh
            evaluated = 0
            busy = 0.0
            for start in starts:
                first, last = int(start), min(size, int(start) + step)
                out = np.zeros(last - first, dtype=np.uint8)
                stats = np.zeros((1, 2), dtype=np.int64)
                t = time.process_time()
                wk.round_range_serial(
                    n,
                    first,
                    last,
                    d,
                    *codes,
                    geo,
                    ix.arrays,
                    ix.shapes[n],
                    ix.shape_points[n],
                    values,
                    fresh if d < 3 else stale,
                    out,
                    stats,
                )
                busy += time.process_time() - t
                evaluated += int(stats[0, 0])
            rates.append(evaluated / busy if busy else 0.0)
        rows.append((n, ix.sizes[n], rates[0], rates[1], rates[2]))
        print(
            f"{n:5} {ix.sizes[n]:13,} {len(starts) * step:8} {rates[0]:15,.0f} "
            f"{rates[1]:9,.0f} {rates[2]:16,.0f}",
            flush=True,
        )
    print(f"peak memory {peak_mb():.0f} MB")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=int, default=3)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--removal", default="0-2")
    parser.add_argument("--sample", type=int, default=200_000)
    parser.add_argument("--rounds-factor", type=float, default=3.0)
    parser.add_argument("--skip-base4", action="store_true")
    args = parser.parse_args()
    odd, even_evals, rounds = small_build(args.base, args.variant, args.removal)
    if args.skip_base4:
        return 0
    rows = base4_rates(args.sample)
    cores = os.cpu_count() or 1
    reps = representatives(4)
    print(
        f"positions evaluated (one a position under its shape's own symmetries): "
        f"{sum(reps):,} of {sum(r[1] for r in rows):,}; by layer from 29: "
        + ", ".join(f"{reps[r[0]]:,}" for r in rows[:6])
        + ", ..."
    )
    dear = sum(reps[r[0]] / r[2] for r in rows if r[2])
    even = sum(reps[r[0]] / r[3] for r in rows if r[3])
    cheap = sum(reps[r[0]] / r[4] for r in rows if r[4])
    hours = 3600.0
    print(
        f"\none round over the whole standard game on one core: odd {dear / hours:.2f} h "
        f"(every child read) to {cheap / hours:.2f} h (none), even {even / hours:.2f} h"
    )
    f = args.rounds_factor
    low = f * (odd * cheap + even_evals * even)
    high = f * (odd * dear + even_evals * even)
    print(
        f"the whole build, at base {args.base}'s {odd:.2f} odd and {even_evals:.2f} even "
        f"evaluations a position ({rounds} rounds) x {f:g} (base 4's rounds over base "
        f"{args.base}'s, a guess): {low / hours:.1f} to {high / hours:.1f} core-hours, "
        f"{low / cores / hours:.1f} to {high / cores / hours:.1f} h on {cores} cores"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
