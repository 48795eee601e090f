"""``pyramid-lab practice FOLDER``: the window, practising a collection at its first
unsolved puzzle."""

from __future__ import annotations

import argparse
import os
import shlex

from pyramid_lab.i18n import N_, _

from .common import EXIT_BAD_INPUT, bad_input, program
from .open import SCREENSHOT, open_window
from .options import Option, add_options
from .puzzles import load_collection, say

#: The command runs the window (SIGTERM keeps its default: see ``viewer.cli.main``).
WINDOW = True


#: ``practice``'s arguments, in order.
ARGUMENTS = (
    Option(
        "folder",
        metavar="FOLDER",
        help=N_("a folder of puzzle files or a shipped collection's name"),
    ),
    SCREENSHOT,
)


def add_arguments(practice: argparse.ArgumentParser) -> None:
    add_options(practice, ARGUMENTS)


def _folder(folder: str) -> str:
    """``folder`` for a printed command line: a folder absolute, a shipped collection's
    name as it is; quoted for the shell."""
    return shlex.quote(os.path.abspath(folder) if os.path.exists(folder) else folder)


def run(args: argparse.Namespace) -> int:
    from pyramid_lab.model.collection import Progress

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        said = _(
            "pyramid-lab: there is no display to open the window on (DISPLAY is not set); "
            "try: {command}"
        ).format(command=f"xvfb-run -a {program()} practice {_folder(args.folder)}")
        return bad_input(said)
    collection = load_collection(args.folder)
    if collection is None:
        return EXIT_BAD_INPUT
    index = Progress(tell=say).next_unsolved(collection)
    first = collection.entries[index if index is not None else 0]
    os.environ.setdefault("QT_API", "pyside6")
    return open_window(str(first.path), practice=collection.folder, screenshot=args.screenshot)
