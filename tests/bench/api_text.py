"""Bench of the scripting API's position texts and random moves (issue 87, items 3 and 6).

Run by hand:  .venv/bin/python tests/bench/api_text.py [POSITIONS] [SEED]

1. ``to_text`` and ``from_text`` on POSITIONS positions (default 100,000): positions of
   random games of every game (their default options, and the variants below), collected
   first, then each written and read back (checked equal); prints per game the positions,
   the mean text length, and the microseconds a ``to_text`` and a ``from_text`` take.
2. A random Pyramid Ball game of 20 turns by ``pos.random_move(rng)`` (the lazy space read
   at one index; no turn listed), the basic and the advanced game, five seeds: the wall
   time of each game and of its slowest turn.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pyramid_lab as pl

VARIANTS: dict[str, list[dict[str, object]]] = {
    "ball": [{}, {"mode": "advanced"}],
    "partition": [{"size": 4}, {"size": 5, "version": "stacking"}, {"size": 8}],
    "pyraos": [{}, {"variant": "alternate"}],
    "rolling": [{}, {"players": 1}, {"players": 4}],
    "terrace": [{}, {"no_push_back": True}],
}


def positions(count: int, seed: int) -> dict[str, list[pl.Position]]:
    """``count`` positions of random games, shared out among the games."""
    rng = random.Random(seed)
    share = count // len(VARIANTS)
    out: dict[str, list[pl.Position]] = {}
    for name, variants in VARIANTS.items():
        found: list[pl.Position] = []
        while len(found) < share:
            pos = pl.new(name, **variants[len(found) % len(variants)])
            while len(found) < share:
                found.append(pos)
                if pos.is_over():
                    break
                pos = pos.play(pos.random_move(rng))
        out[name] = found
    return out


def bench_texts(count: int, seed: int) -> None:
    start = time.perf_counter()
    games = positions(count, seed)
    print(
        f"{sum(map(len, games.values())):,} positions made in {time.perf_counter() - start:.1f} s"
    )
    print(
        f"{'game':<10} {'positions':>9} {'text chars':>10} {'to_text µs':>11} {'from_text µs':>13}"
    )
    total = [0.0, 0.0, 0]
    for name, found in games.items():
        t0 = time.perf_counter()
        texts = [pos.to_text() for pos in found]
        t1 = time.perf_counter()
        again = [pl.from_text(text) for text in texts]
        t2 = time.perf_counter()
        bad = sum(a != p for a, p in zip(again, found, strict=True))
        if bad:
            print(f"{name}: {bad} positions did not come back equal")
            sys.exit(1)
        n = len(found)
        mean = statistics.fmean(map(len, texts))
        write, read = (t1 - t0) / n * 1e6, (t2 - t1) / n * 1e6
        print(f"{name:<10} {n:>9,} {mean:>10.0f} {write:>11.1f} {read:>13.1f}")
        total[0] += t1 - t0
        total[1] += t2 - t1
        total[2] += n
    n = total[2]
    print(f"{'all':<10} {n:>9,} {'':>10} {total[0] / n * 1e6:>11.1f} {total[1] / n * 1e6:>13.1f}")
    print(f"to_text on {n:,} positions: {total[0]:.1f} s; from_text: {total[1]:.1f} s")


def bench_ball(seed: int) -> None:
    print("\na random Pyramid Ball game of 20 turns (pos.random_move)")
    for options in ({}, {"mode": "advanced"}):
        walls = []
        for game_seed in range(seed, seed + 5):
            rng = random.Random(game_seed)
            pos = pl.new("ball", **options)
            slowest = 0.0
            start = time.perf_counter()
            for _ in range(20):
                if pos.is_over():
                    pos = pl.new("ball", **options)
                t = time.perf_counter()
                pos = pos.play(pos.random_move(rng))
                slowest = max(slowest, time.perf_counter() - t)
            walls.append(time.perf_counter() - start)
            label = f"{options or 'basic'} seed {game_seed}"
            print(f"  {label}: {walls[-1]:.3f} s, slowest turn {slowest * 1e3:.1f} ms")
        median, most = statistics.median(walls), max(walls)
        print(f"  {options or 'basic'}: median {median:.3f} s, max {most:.3f} s")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bench_texts(count, seed)
    bench_ball(seed)
