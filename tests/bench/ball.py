"""Pyramid Ball figures: resolutions per second (random programs from the set-up and from
mid-game positions), random whole games per second (basic and advanced), and the time to
build a side's program space. Run: ``.venv/bin/python tests/bench/ball.py [SECONDS]``."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pyramid_lab.model.ball import PyramidBall


def resolutions(seconds: float, rng: random.Random) -> tuple[int, float]:
    """Push + pop of random joint moves on positions met in random play."""
    game = PyramidBall.new(PyramidBall.parse_options({"mode": "advanced"}))
    count = 0
    spent = 0.0
    while spent < seconds:
        if game.is_over():
            game = PyramidBall.new(game.options)
        moves = [game.random_move(rng) for _ in range(50)]
        start = time.perf_counter()
        for move in moves:
            game.push_search(move)
            game.pop()
        spent += time.perf_counter() - start
        count += len(moves)
        game.push(moves[0])
    return count, spent


def games(seconds: float, mode: str, rng: random.Random) -> tuple[int, int, float]:
    options = PyramidBall.parse_options({"mode": mode})
    count = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = PyramidBall.new(options)
        while not game.is_over():
            game.push(game.random_move(rng))
            turns += 1
        count += 1
    return count, turns, time.perf_counter() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    rng = random.Random(2024)
    game = PyramidBall.new()
    start = time.perf_counter()
    spaces = 0
    for _ in range(200):
        game._spaces = None
        game.program_space(0)
        game.program_space(1)
        spaces += 2
    per_space = (time.perf_counter() - start) / spaces
    print(f"program spaces: {len(game.program_space(0)):,} x {len(game.program_space(1)):,}")
    print(f"  built in {per_space * 1e6:.0f} us a side (tracks cached)")
    count, spent = resolutions(seconds, rng)
    print(f"resolutions (push + pop): {count / spent:,.0f}/s, {spent / count * 1e6:.0f} us each")
    for mode in ("basic", "advanced"):
        n, turns, spent = games(seconds, mode, rng)
        print(
            f"random {mode} games: {n / spent:,.1f}/s, {turns / n:.1f} turns a game, "
            f"{turns / spent:,.0f} turns/s"
        )


if __name__ == "__main__":
    main()
