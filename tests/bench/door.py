"""Benchmark: the search's door, ``model.search.solve``, on the examples the README quotes,
with the path that answered (book, compiled or reference) and beside it the reference
solver alone over the protocol (what ``from pyramid_lab.model.search import solve`` gave before the
door took the best path: on the empty base-3 floating pyramid, "unknown" after 20 s).
First, what the door itself costs a call, where the search behind it is cheap
(``unanalysable``, the caller handing it the game's plug-in, ``search.knowledge_for``;
``levels_for``), in microseconds; and, with ``--calls-only``, nothing else (for a
before/after, an older checkout's own copy, whose door handed the plug-in itself).

Run by hand:  nice -n 10 .venv/bin/python tests/bench/door.py [--reference-seconds S]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by hand

from pyramid_lab.model import search  # noqa: E402
from pyramid_lab.model.files import read  # noqa: E402
from pyramid_lab.model.game import game_class  # noqa: E402
from pyramid_lab.model.search import SolveResult, knowledge_for, solve, warm_up  # noqa: E402
from pyramid_lab.model.search.registry import plugin_for  # noqa: E402
from pyramid_lab.model.search.solver import Solver  # noqa: E402  (the reference, compared with)
from pyramid_lab.model.search.symmetry import key_function  # noqa: E402

FILES = (
    "examples/partition/empty-base3-floating.pyr.json",
    "examples/partition/empty-base3-stacking.pyr.json",
    "examples/pyraos/empty-children.pyr.json",
)


def row(label: str, r: SolveResult, seconds: float) -> str:
    return (
        f"  {label:<10} {r.path:<9} {r.value:<7} plies {r.plies!s:>4}  "
        f"{r.positions:>12,} positions  {seconds:7.3f} s"
    )


def calls(n: int = 20_000) -> str:
    """Microseconds a call of two cheap verbs of the door (Partition's and Rolling's)."""
    games = (game_class("partition").new(), game_class("rolling").new())
    search.unanalysable(games[0], knowledge=search.knowledge_for(games[0]))  # loaded first
    start = time.perf_counter()
    for _ in range(n):
        for game in games:
            search.unanalysable(game, knowledge=search.knowledge_for(game))
    middle = time.perf_counter()
    for _ in range(n):
        search.levels_for(games[0])
    end = time.perf_counter()
    per = (middle - start) / (2 * n) * 1e6, (end - middle) / n * 1e6
    return f"door calls: unanalysable {per[0]:.2f} us, levels_for {per[1]:.2f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference-seconds", type=float, default=20.0)
    parser.add_argument("--calls-only", action="store_true")
    args = parser.parse_args()
    print(calls(), flush=True)
    if args.calls_only:
        return
    print(f"compiled core ready in {warm_up(knowledge=None):.1f} s")
    for name in FILES:
        game = read(ROOT / name).game
        print(name)
        start = time.perf_counter()
        door = solve(game, table_mb=256, knowledge=knowledge_for(game))
        print(row("door", door, time.perf_counter() - start))
        start = time.perf_counter()
        key = key_function(plugin_for(game))  # the symmetry key the door hands it
        reference = Solver(game, max_seconds=args.reference_seconds, key=key).solve()
        print(row("reference", reference, time.perf_counter() - start))


if __name__ == "__main__":
    main()
