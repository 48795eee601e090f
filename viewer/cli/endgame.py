"""``pyramid-lab endgame count|build|probe|verify``: a game's endgame tables by retrograde
analysis (every position with at least K pieces on the board, 2 bits a position), or with
``--whole`` the whole game (a byte a position with its distance to the end, resumable;
push retrograde in this process, or rounds split over a Dask cluster; docs/engines.md)."""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import N_, _, format_number, format_percent, ngettext

from .argtypes import piece_count
from .common import EXIT_BAD_INPUT, EXIT_OK
from .endgame_parts import game_with_tables, probed, rules_options, say, value_for
from .options import RULE_OPTION, Option, add_options, flag


class _Intermixed(argparse.ArgumentParser):
    """The command's words parsed intermixed: its FILE after the options as before them
    (``probe --whole --table DIR FILE``; argparse alone gives an optional positional
    nothing once an option follows the action, and refuses the FILE after it)."""

    _mixing = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


#: ``endgame``'s arguments, in order.
ARGUMENTS = (
    Option("action", choices=("count", "build", "probe", "verify", "book")),
    Option("file", nargs="?", metavar="FILE", help=N_("probe: a position file")),
    Option("--game", help=N_("count and build: the game (default: the one with tables)")),
    Option(
        "--min-pieces",
        type=piece_count,
        metavar="K",
        help=N_(
            "build and probe: the table's fewest pieces on the board (verify "
            "--against-solver: the lowest layer tried; default: its top "
            "layer only; each layer lower takes much longer, see docs/engines.md)"
        ),
    ),
    replace(RULE_OPTION, help=N_("build: a rule option of the version, e.g. variant=alternate")),
    Option(
        "--start",
        type=Path,
        metavar="TABLE",
        help=N_("build: take over a finished table with fewer layers (its layers need no work)"),
    ),
    flag(
        "--whole",
        N_("the whole game's table (every position, distances to the end; verify: always)"),
    ),
    Option(
        "--base",
        type=int,
        choices=(2, 3, 4),
        default=4,
        help=N_(
            "--whole build: the pyramid's base (4: the game; 2 and 3: small games, for checks)"
        ),
    ),
    Option(
        "--workers",
        type=int,
        metavar="N",
        help=N_(
            "--whole build: a local Dask cluster of N worker processes, by rounds (default "
            "0: this process, push retrograde on a thread a core: faster, a byte a position in "
            "memory)"
        ),
    ),
    Option(
        "--scheduler",
        metavar="ADDRESS",
        help=N_("--whole build: the Dask scheduler of an existing cluster to split the work over"),
    ),
    Option(
        "--against-solver",
        type=int,
        metavar="N",
        help=N_(
            "verify: instead of re-deriving every value, compare random positions of "
            "each layer (29 down to --min-pieces, or to the first where the solver settles too "
            "few) with the compiled forward solver's answer, until N a layer are settled (at "
            "most 2N tried)"
        ),
    ),
    Option(
        "--seconds",
        type=float,
        default=1.0,
        metavar="S",
        help=N_("verify --against-solver: the solver's processor time a position (default 1)"),
    ),
    Option(
        "--seed",
        type=int,
        default=1,
        help=N_("verify --against-solver: the random positions' seed (default 1)"),
    ),
    Option(
        "--spheres",
        type=int,
        metavar="K",
        help=N_(
            "book: every position with at most K spheres on the board (default 9: the "
            "first 9 plies, about 0.85 MB a version)"
        ),
    ),
    Option(
        "--book",
        type=Path,
        metavar="FILE",
        help=N_(
            "book: the opening file to write (default: the package's, where the book reads it)"
        ),
    ),
    Option(
        "--table",
        type=Path,
        metavar="PATH",
        help=N_("the table file (default: in the user's cache, named by version and K)"),
    ),
)


def add_arguments(endgame: argparse.ArgumentParser) -> None:
    # the subcommands' action makes its parsers of one class: this one's, intermixed
    endgame.__class__ = _Intermixed
    add_options(endgame, ARGUMENTS)


def _count(layers: list[tuple[int, int, int]]) -> int:
    """``endgame count``: the endgame tables' layers, from the top down."""
    total = 0
    # TRANSLATORS: the headings of a table's columns, above its rows of numbers
    print(_("pieces  shapes  positions  bytes at 2 bits"))
    for n, shapes, positions in layers:
        total += positions
        print(f"{n:6} {shapes:7} {format_number(positions)} {format_number((positions + 3) // 4)}")
    print(
        _("all: {positions} positions, {bytes} bytes").format(
            positions=format_number(total), bytes=format_number((total + 3) // 4)
        )
    )
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    import pyramid_lab.model.search as search

    if args.action in ("verify", "book") or args.whole:
        from .endgame_whole import run_whole

        return run_whole(args)
    if args.action == "probe":
        return _probe(args)
    chosen = game_with_tables(
        args.game,
        N_("--game {name}: endgame tables exist for {games}"),
        lambda game: search.tables_for(game).endgame,
    )
    if isinstance(chosen, str):
        return say(chosen)
    name, tables = chosen
    if args.action == "count":
        return _count(tables.layers())
    return _build(args, name, tables)


def _probe(args: argparse.Namespace) -> int:
    """``endgame probe FILE``: the position's value from its game's endgame table."""
    import pyramid_lab.model.search as search

    doc = probed(args)
    if doc is None:
        return EXIT_BAD_INPUT
    game = doc.game
    tables = search.tables_for(game).endgame
    if tables is None:
        return say(
            _("{file}: {game} has no endgame tables").format(file=args.file, game=game.title)
        )
    low = tables.TOP_LAYER if args.min_pieces is None else args.min_pieces
    path = args.table or tables.default_path(low, game.options)
    if not path.exists():
        return say(
            _(
                "{path}: no table there; build one with `pyramid-lab endgame build "
                "--min-pieces {low}` or name one with --table"
            ).format(path=path, low=low)
        )
    try:
        value, low = tables.value(game, path)
    except tables.EndgameError as exc:
        return say(str(exc))
    pieces = len(game.pieces())
    if pieces < low:
        print(
            ngettext(
                "unknown: {pieces} piece on the board, the table starts at {low}",
                "unknown: {pieces} pieces on the board, the table starts at {low}",
                pieces,
            ).format(pieces=pieces, low=low)
        )
    elif value == "unknown":
        print(_("unknown (a draw by endless play, or a line leaving the table)"))
    else:
        print(value_for(value, game.to_move))
    return EXIT_OK


def _build(args: argparse.Namespace, name: str, tables: Any) -> int:
    """``endgame build``: the endgame tables of game ``name`` down to ``--min-pieces``,
    each sweep said as it ends."""
    try:
        options = rules_options(args, name)
    except ValueError as exc:
        return say(str(exc))
    low = tables.TOP_LAYER if args.min_pieces is None else args.min_pieces
    if low > tables.TOP_LAYER:
        return say(
            _("--min-pieces {low}: the tables' top layer is {top}").format(
                low=low, top=tables.TOP_LAYER
            )
        )
    path = args.table or tables.default_path(low, options)
    began = time.perf_counter()

    def progress(sweep: int, n: int, decided: int, seconds: float) -> None:
        print(
            _("sweep {sweep}, {n} pieces: {decided} decided in {seconds} s").format(
                sweep=sweep,
                n=n,
                decided=format_number(decided),
                seconds=format_number(seconds, digits=1),
            ),
            flush=True,
        )

    try:
        rows = tables.build(low, path, options, progress, args.start)
    except OSError as exc:
        return say(f"{path}: {exc.strerror or exc}")
    except tables.EndgameError as exc:
        return say(str(exc))
    for n, positions, wins, losses in rows:
        print(
            _(
                "{n} pieces: {positions} positions, {wins} won, {losses} lost for the side "
                "to move, {decided} decided"
            ).format(
                n=n,
                positions=format_number(positions),
                wins=format_number(wins),
                losses=format_number(losses),
                decided=format_percent((wins + losses) / positions, digits=1),
            )
        )
    seconds = format_number(time.perf_counter() - began, digits=0)
    print(_("{path} built in {seconds} s").format(path=path, seconds=seconds))
    return EXIT_OK
