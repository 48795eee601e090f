"""``pyramid-lab solve FILE``: prove the value of a position by search (Ctrl+C stops it
with a report)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .argtypes import non_negative, positive_float, table_mb
from .common import EXIT_BAD_INPUT, EXIT_OK, no_memory, read_or_say


def add_parser(commands: Any) -> None:
    solve = commands.add_parser(
        "solve", help="prove the value of a position by search (Ctrl+C stops it with a report)"
    )
    solve.add_argument("file", metavar="FILE")
    solve.add_argument(
        "--max-seconds",
        type=positive_float,
        default=None,
        metavar="S",
        help="stop after S seconds and report how far the search got",
    )
    solve.add_argument(
        "--max-depth",
        type=non_negative,
        default=200,
        metavar="PLIES",
        help="deepest iteration (default 200)",
    )
    solve.add_argument(
        "--table-mb",
        type=table_mb,
        default=2048,
        metavar="MB",
        help="transposition table of a game's compiled solver, in MiB (default 2048)",
    )
    solve.add_argument(
        "--no-book",
        action="store_true",
        help="prove the value by search even where the game's book of proven values has it",
    )
    solve.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def run(args: argparse.Namespace) -> int:
    import resource

    from model.search import solve, unsolvable

    doc = read_or_say(args.file)
    if doc is None:
        return EXIT_BAD_INPUT
    game = doc.game
    reason = unsolvable(game)
    if reason is not None:
        print(f"pyramid-lab: error: {args.file}: cannot be solved: {reason}", file=sys.stderr)
        return EXIT_BAD_INPUT

    def progress(depth: int, nodes: int, seconds: float, entries: int) -> None:
        rate = nodes / seconds if seconds > 0 else 0.0
        memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"solve: within {depth} plies, {nodes:,} positions, {seconds:.1f} s, {rate:,.0f}/s, "
            f"table {entries:,}, memory {memory:,.0f} MB",
            file=sys.stderr,
            flush=True,
        )

    try:
        result = solve(  # Ctrl+C ends the search and still reports
            game,
            book=not args.no_book,
            table_mb=args.table_mb,
            max_seconds=args.max_seconds,
            max_depth=args.max_depth,
            progress=None if args.quiet else progress,
        )
    except MemoryError as exc:
        print(no_memory(args.table_mb, exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    if result.path == "book":
        print("solve: from the book (--no-book proves it again)", file=sys.stderr, flush=True)
    kind = {"reference": "shared"}.get(result.path, result.path)  # the CLI's older word
    report = {
        "file": args.file,
        "game": game.name,
        "to_move": game.to_move,
        "solver": kind,
        **result.to_json(),
    }
    print(json.dumps(report), flush=True)
    return EXIT_OK
