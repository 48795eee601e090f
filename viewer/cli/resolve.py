"""``pyramid-lab resolve FILE OFFENCE DEFENCE``: Pyramid Ball, one programmed turn resolved
row by row (the new position and why, as JSON)."""

from __future__ import annotations

import argparse
import json

from pyramid_lab.i18n import N_, _

from .common import EXIT_BAD_INPUT, EXIT_OK, bad_input, error_line, read_or_say
from .options import FILE, Option, add_options

#: ``resolve``'s arguments, in order.
ARGUMENTS = (
    FILE,
    Option("offence", metavar="OFFENCEPROG", help=N_("e.g. F,R,R/S,>L,F/B,F,F")),
    Option("defence", metavar="DEFENCEPROG"),
    Option(
        "--choose",
        action="append",
        metavar="SPECIAL",
        help=N_(
            "advanced game: the special move a scored-on player takes first (dash, "
            "quick_pass, blitz; once per pending choice, in order)"
        ),
    ),
)


def add_arguments(resolve: argparse.ArgumentParser) -> None:
    add_options(resolve, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    from pyramid_lab.model import IllegalMoveError, InvalidMoveError

    doc = read_or_say(args.file)
    if doc is None:
        return EXIT_BAD_INPUT
    resolve = getattr(doc.game, "resolve_text", None)
    if resolve is None:
        said = _(
            "{file}: resolve plays a programmed turn (Pyramid Ball), not a turn of {game}"
        ).format(file=args.file, game=doc.game.title)
        return bad_input(error_line(said))
    try:
        result = resolve(args.offence, args.defence, args.choose)
    except (InvalidMoveError, IllegalMoveError) as exc:
        return bad_input(error_line(str(exc)))
    print(json.dumps(result, indent=2))
    return EXIT_OK
