"""``pyramid-lab endgame count|build|probe``: a game's endgame tables by retrograde analysis
(every position with at least K pieces on the board, 2 bits a position; docs/engines.md)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from .argtypes import piece_count
from .common import EXIT_BAD_INPUT, EXIT_OK, read_or_say


def add_parser(commands: Any, help: str) -> None:
    endgame = commands.add_parser("endgame", help=help)
    endgame.add_argument("action", choices=("count", "build", "probe"))
    endgame.add_argument("file", nargs="?", metavar="FILE", help="probe: a position file")
    endgame.add_argument(
        "--game", default=None, help="count and build: the game (default: the one with tables)"
    )
    endgame.add_argument(
        "--min-pieces",
        type=piece_count,
        default=None,
        metavar="K",
        help="build and probe: the table's fewest pieces on the board (default: its top "
        "layer only; each layer lower takes much longer, see docs/engines.md)",
    )
    endgame.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="build: a rule option of the version, e.g. variant=alternate",
    )
    endgame.add_argument(
        "--start",
        type=Path,
        default=None,
        metavar="TABLE",
        help="build: take over a finished table with fewer layers (its layers need no work)",
    )
    endgame.add_argument(
        "--table",
        type=Path,
        default=None,
        metavar="PATH",
        help="the table file (default: in the user's cache, named by version and K)",
    )


def _say(message: str) -> int:
    print(f"pyramid-lab: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def run(args: argparse.Namespace) -> int:
    import model.search as search
    from model.game import PositionFormatError, game_class, game_names, quote

    if args.action == "probe":
        if args.file is None:
            return _say("endgame probe: name a position FILE")
        doc = read_or_say(args.file)
        if doc is None:
            return EXIT_BAD_INPUT
        game = doc.game
        tables = search.endgame_for(game)
        if tables is None:
            return _say(f"{args.file}: {game.title} has no endgame tables")
        low = tables.TOP_LAYER if args.min_pieces is None else args.min_pieces
        path = args.table or tables.default_path(low, game.options)
        if not path.exists():
            return _say(
                f"{path}: no table there; build one with `pyramid-lab endgame build "
                f"--min-pieces {low}` or name one with --table"
            )
        try:
            value, low = tables.value(game, path)
        except tables.EndgameError as exc:
            return _say(str(exc))
        pieces = len(game.pieces())
        if pieces < low:
            print(f"unknown: {pieces} pieces on the board, the table starts at {low}")
        elif value == "unknown":
            print("unknown (a draw by endless play, or a line leaving the table)")
        else:
            print(f"{value} for {game.to_move}")
        return EXIT_OK

    games = [game for game in game_names() if search.endgame_for(game) is not None]
    name = args.game or (games[0] if len(games) == 1 else None)
    if name not in games:
        return _say(f"--game {quote(name)}: endgame tables exist for {', '.join(games)}")
    tables = search.endgame_for(name)
    if args.action == "count":
        total = 0
        print("pieces  shapes  positions  bytes at 2 bits")
        for n, shapes, positions in tables.layers():
            total += positions
            print(f"{n:6} {shapes:7} {positions:,} {(positions + 3) // 4:,}")
        print(f"all: {total:,} positions, {(total + 3) // 4:,} bytes")
        return EXIT_OK

    raw: dict[str, str] = {}
    for pair in args.option:
        if "=" not in pair:
            return _say(f"--option {quote(pair)}: write NAME=VALUE")
        key, value = pair.split("=", 1)
        raw[key] = value
    try:
        options = game_class(name).parse_options(raw)
    except PositionFormatError as exc:
        return _say(f"--option: {exc}")
    low = tables.TOP_LAYER if args.min_pieces is None else args.min_pieces
    if low > tables.TOP_LAYER:
        return _say(f"--min-pieces {low}: the tables' top layer is {tables.TOP_LAYER}")
    path = args.table or tables.default_path(low, options)
    began = time.perf_counter()

    def progress(sweep: int, n: int, decided: int, seconds: float) -> None:
        print(f"sweep {sweep}, {n} pieces: {decided:,} decided in {seconds:.1f} s", flush=True)

    try:
        rows = tables.build(low, path, options, progress, args.start)
    except OSError as exc:
        return _say(f"{path}: {exc.strerror or exc}")
    except tables.EndgameError as exc:
        return _say(str(exc))
    for n, positions, wins, losses in rows:
        print(
            f"{n} pieces: {positions:,} positions, {wins:,} won, {losses:,} lost for the side "
            f"to move, {(wins + losses) / positions:.1%} decided"
        )
    print(f"{path} built in {time.perf_counter() - began:.0f} s")
    return EXIT_OK
