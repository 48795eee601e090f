"""Benchmark: a long game played into the window stays fast.

Run by hand under a display (Xvfb), e.g.:
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/long_game.py [-n 300]

A Pyramid Partition of base 10 (385 points) in the main window, ``-n`` moves played one by
one through the window's own path (``turns.play``: the session's change, the Moves dock,
the redraw and its render), each chosen at random (seeded) among the moves that do not end
the game, so that the game lasts. Each move is timed until the window is idle again (its
queued events processed). Prints the mean time of a move over the first 20 and the last 20
moves, the VTK renders per move, and ``ratio R`` (last / first; the goal is at most 1.3).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300, help="moves played (default 300)")
    parser.add_argument("--size", type=int, default=10, help="the pyramid's base (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.n < 40:
        parser.error("-n must be at least 40 (20 first and 20 last moves)")
    if not os.environ.get("DISPLAY"):
        parser.error("no X display: run under Xvfb (xvfb-run -a ...)")
    from bench_window import bench_window

    from model.partition import Partition, PartitionOptions

    game = Partition(PartitionOptions(args.size))
    app, window = bench_window(game, (1200, 800), "long-game-bench-")
    renders = [0]
    window.plotter.ren_win.AddObserver(
        "EndEvent", lambda *_: renders.__setitem__(0, renders[0] + 1)
    )
    rng = random.Random(args.seed)
    times: list[float] = []
    counts: list[int] = []
    for _ in range(args.n):
        game = window.session.game
        moves = game.legal_moves()
        rng.shuffle(moves)
        probe = game.copy()
        move = moves[0]
        for candidate in moves:  # one that does not end the game: it goes on
            probe.push(candidate)
            over = probe.is_over()
            probe.pop()
            if not over:
                move = candidate
                break
        before = renders[0]
        began = time.perf_counter()
        window.turns.play(move)
        app.processEvents()
        times.append(time.perf_counter() - began)
        counts.append(renders[0] - before)
        if window.session.game.is_over():
            break
    played = len(times)
    if played < 40:
        print(f"the game ended after {played} moves: too short to compare", file=sys.stderr)
        return 1
    first, last = statistics.mean(times[:20]), statistics.mean(times[-20:])
    print(f"long game: Pyramid Partition base {args.size}, {played} moves in the window")
    print(f"  first 20 moves: {first * 1000:.1f} ms a move")
    print(f"  last 20 moves:  {last * 1000:.1f} ms a move")
    print(f"  renders a move: {statistics.mean(counts):.2f} (max {max(counts)})")
    print(f"  Moves dock rows: {window.moves_dock.rows()}")
    print(f"ratio {last / first:.2f}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
