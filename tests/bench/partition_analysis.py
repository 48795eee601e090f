"""Benchmark: Pyramid Partition holdings, incremental update vs. plain BFS from scratch.

Run by hand:  .venv/bin/python tests/bench/partition_analysis.py [--samples K]

For N = 10, 20, 30 on random sparse (10 %), half-full and full boards it times
  * update:  placing one ball and bringing both players' holdings up to date (the engine's
             union-find + witness-path repair, exactly what a move costs), and
  * scratch: recomputing the same holdings from nothing with plain breadth-first searches
             (label all groups, then one search per player and corner),
in the same run, and prints the ratio of the medians. Goal: ratio >= 10 at N = 20 and 30.
Most moves need no new search; the 're-search median' column shows the cost of those that do
(the witness path of an open corner was cut, so A* looks for a new one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pyramid_lab.model.lattice import lattice
from pyramid_lab.model.partition import Partition, PartitionOptions, holdings_from_scratch


def board(
    n: int, fill: float, holes: int, rng: random.Random, to_move: str
) -> tuple[Partition, list[int]]:
    """A random study board with about ``fill`` of the points coloured, alternately red and
    blue in random order, and ``holes`` sampled empty points to play into."""
    lat = lattice(n)
    order = list(range(lat.count))
    rng.shuffle(order)
    filled = max(0, min(lat.count - holes, round(fill * lat.count)))
    coloured = order[:filled]
    holes_ids = order[filled:][:holes]
    pieces = [
        (tuple(lat.point(p)), "red" if i % 2 == 0 else "blue") for i, p in enumerate(coloured)
    ]
    return Partition.from_setup(PartitionOptions(n), to_move, pieces, study=True), holes_ids


def measure(n: int, fill: float, samples: int, rng: random.Random) -> dict[str, float]:
    updates, scratch, searched = [], [], []
    for to_move in ("red", "blue"):
        game, holes = board(n, fill, samples, rng, to_move)
        lat = game.lattice
        for pid in holes:
            witnesses = [list(w) for w in game._witness]
            t0 = time.perf_counter()
            game._place(pid)
            t1 = time.perf_counter()
            updates.append(t1 - t0)
            if game._witness != witnesses:
                searched.append(t1 - t0)
            if len(scratch) < 12:
                t2 = time.perf_counter()
                expected = holdings_from_scratch(lat, game._cells)
                scratch.append(time.perf_counter() - t2)
                assert expected == tuple(game._holdings), "update and scratch disagree"
            game._unplace()
    return {
        "update_med": statistics.median(updates),
        "update_max": max(updates),
        "scratch_med": statistics.median(scratch),
        "repaired": len(searched) / len(updates),
        "searched_med": statistics.median(searched) if searched else float("nan"),
    }


def _ms(seconds: float) -> str:
    return "-" if seconds != seconds else f"{seconds * 1e3:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=60, help="moves timed per board and side")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(
        f"{'N':>3} {'points':>6} {'board':>9} {'update median':>14} {'update max':>11} "
        f"{'re-searched':>11} {'re-search median':>16} {'scratch median':>15} {'ratio':>7}"
    )
    for n in (10, 20, 30):
        for label, fill in (("sparse", 0.1), ("half-full", 0.5), ("full", 1.0)):
            r = measure(n, fill, args.samples, rng)
            print(
                f"{n:>3} {lattice(n).count:>6} {label:>9} {r['update_med'] * 1e6:>11.1f} us "
                f"{r['update_max'] * 1e3:>8.2f} ms {r['repaired']:>10.0%} "
                f"{_ms(r['searched_med']):>16} "
                f"{r['scratch_med'] * 1e3:>12.2f} ms {r['scratch_med'] / r['update_med']:>6.0f}x"
            )


if __name__ == "__main__":
    main()
