"""``pyramid-lab endgame count|build|probe|verify|book``: a game's whole-game table by
retrograde analysis (a byte a position with its distance to the end, resumable; push
retrograde in this process, or rounds split over a Dask cluster; docs/engines.md), its
actions in :mod:`.endgame_whole`. The endgame tables of K pieces or more (2 bits a
position, the layers K to 29) were retired in issue 88: the whole-game table answers every
position they answered; ``endgame build`` without ``--whole`` and ``--min-pieces`` on a
build or a probe say so in one line."""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import N_, _

from .argtypes import piece_count
from .endgame_parts import say
from .options import RULE_OPTION, Option, add_options, flag

#: What ``endgame build`` without ``--whole`` and ``--min-pieces`` on a build or a probe
#: are told (``asked``: the words the user gave).
RETIRED = N_(
    "{asked}: the endgame tables of K pieces or more were retired; the whole-game table "
    "answers every position they answered, with its distance to the end: build it with "
    "`pyramid-lab endgame build --whole`, probe it with `pyramid-lab endgame probe FILE`"
)


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
            "verify --against-solver: the lowest layer tried (each layer lower takes much "
            "longer, see docs/engines.md)"
        ),
    ),
    replace(RULE_OPTION, help=N_("build: a rule option of the version, e.g. variant=alternate")),
    flag(
        "--whole",
        N_(
            "build: the whole game's table (every position, distances to the end; the only "
            "kind: count, probe, verify and book always read it)"
        ),
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
        help=N_("the table's folder (default: in the user's cache, named by the version)"),
    ),
)


def add_arguments(endgame: argparse.ArgumentParser) -> None:
    # the subcommands' action makes its parsers of one class: this one's, intermixed
    endgame.__class__ = _Intermixed
    add_options(endgame, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    """``endgame``: every action on the whole game's table (:mod:`.endgame_whole`); a build
    asks for it by name (``--whole``: a long build, said before it starts), and the options
    of the endgame tables of K pieces, retired, are refused in one line, saying why."""
    if args.action == "build" and not args.whole:
        return say(_(RETIRED).format(asked="endgame build"))
    if args.min_pieces is not None and args.action in ("build", "probe"):
        return say(_(RETIRED).format(asked=f"endgame {args.action} --min-pieces"))
    from .endgame_whole import run_whole

    return run_whole(args)
