"""``pyramid-lab endgame count|build|probe``: Pyraos endgame tables by retrograde analysis
(every position with at least K spheres on the board, 2 bits a position)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from .common import EXIT_BAD_INPUT, EXIT_OK, read_or_say

TOP_LAYER = 29


def _spheres(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of spheres, not {text!r}") from None
    if not 0 <= value <= TOP_LAYER:
        raise argparse.ArgumentTypeError(f"must be 0 to {TOP_LAYER}, not {value}")
    return value


def add_parser(commands: Any) -> None:
    endgame = commands.add_parser(
        "endgame",
        help="Pyraos endgame tables: count the layers, build a table, probe a position",
    )
    endgame.add_argument("action", choices=("count", "build", "probe"))
    endgame.add_argument("file", nargs="?", metavar="FILE", help="probe: a Pyraos position file")
    endgame.add_argument(
        "--min-spheres",
        type=_spheres,
        default=29,
        metavar="K",
        help="build and probe: the table's fewest spheres on the board (29; 28 takes "
        "about an hour on two busy cores, see docs/engines.md)",
    )
    endgame.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="build: a rule option, e.g. variant=alternate (default: the standard version)",
    )
    endgame.add_argument(
        "--table",
        type=Path,
        default=None,
        metavar="PATH",
        help="the table file (default: in the user's cache, named by version and K)",
    )


def run(args: argparse.Namespace) -> int:
    from model.search import pyraos_endgame as endgame

    if args.action == "count":
        total = 0
        print("spheres  shapes  positions  bytes at 2 bits")
        for n, shapes, positions in endgame.layers():
            total += positions
            print(f"{n:7} {shapes:7} {positions:,} {(positions + 3) // 4:,}")
        print(f"all: {total:,} positions, {(total + 3) // 4:,} bytes")
        return EXIT_OK
    if args.action == "probe":
        if args.file is None:
            print("pyramid-lab: endgame probe: name a Pyraos position FILE", file=sys.stderr)
            return EXIT_BAD_INPUT
        doc = read_or_say(args.file)
        if doc is None:
            return EXIT_BAD_INPUT
        game = doc.game
        if game.name != "pyraos":
            print(
                f"pyramid-lab: {args.file}: a {game.title} position; the endgame tables are "
                "Pyraos's",
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
        options = game.options
        path = args.table or endgame.default_path(
            args.min_spheres, options.variant, options.removal
        )
        if not path.exists():
            print(
                f"pyramid-lab: {path}: no table there; build one with `pyramid-lab endgame "
                f"build --min-spheres {args.min_spheres}` or name one with --table",
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
        try:
            value, low = endgame.value(game, path)
        except endgame.EndgameError as exc:
            print(f"pyramid-lab: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        spheres = len(game.pieces())
        if spheres < low:
            print(f"unknown: {spheres} spheres on the board, the table starts at {low}")
        else:
            print(value if value != "unknown" else "unknown (a draw, or a line leaving the table)")
        return EXIT_OK
    options = _options(args.option)
    if options is None:
        return EXIT_BAD_INPUT
    variant, removal = options
    path = args.table or endgame.default_path(args.min_spheres, variant, removal)
    began = time.perf_counter()

    def progress(sweep: int, n: int, decided: int, seconds: float) -> None:
        print(f"sweep {sweep}, {n} spheres: {decided:,} decided in {seconds:.1f} s", flush=True)

    try:
        rows = endgame.build(args.min_spheres, path, variant, removal, progress)
    except OSError as exc:
        print(f"pyramid-lab: {path}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for n, positions, wins, losses in rows:
        print(
            f"{n} spheres: {positions:,} positions, {wins:,} won, {losses:,} lost for the "
            f"side to move, {(wins + losses) / positions:.1%} decided"
        )
    print(f"{path} built in {time.perf_counter() - began:.0f} s")
    return EXIT_OK


def _options(pairs: list[str]) -> tuple[str, str] | None:
    from model.game import quote

    chosen = {"variant": "standard", "removal": "0-2"}
    allowed = {"variant": ("standard", "children", "alternate"), "removal": ("0-2", "1-2")}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in allowed or value not in allowed[name]:
            print(
                f"pyramid-lab: --option {quote(pair)}: expected variant=standard|children|"
                "alternate or removal=0-2|1-2",
                file=sys.stderr,
            )
            return None
        chosen[name] = value
    return chosen["variant"], chosen["removal"]
