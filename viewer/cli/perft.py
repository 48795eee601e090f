"""``pyramid-lab perft FILE DEPTH``: count the move sequences of a given length."""

from __future__ import annotations

import argparse

from pyramid_lab.i18n import N_

from .argtypes import perft_depth
from .common import EXIT_BAD_INPUT, EXIT_OK, bad_input, error_line, read_or_say
from .options import FILE, Option, add_options

#: ``perft``'s arguments, in order.
ARGUMENTS = (FILE, Option("depth", metavar="DEPTH", type=perft_depth, help=N_("0 to 100")))


def add_arguments(perft: argparse.ArgumentParser) -> None:
    add_options(perft, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    from pyramid_lab.model.search import perft

    doc = read_or_say(args.file)
    if doc is None:
        return EXIT_BAD_INPUT
    try:
        count = perft(doc.game, args.depth)
    except ValueError as exc:  # a game whose turns are too many to count this deep
        return bad_input(error_line(str(exc)))
    print(count)
    return EXIT_OK
