"""The ``pyramid-lab`` command line (the contract: ``docs/file-formats.md``, ``docs/explore.md``).

Exit status: 0 success, 2 malformed file or bad arguments (message on stderr), 1 internal
error. Commands that need no window import no Qt or VTK, so they stay fast.

One module a command, each with ``add_parser(commands)`` (its subparser) and
``run(args)`` (the exit status); this module only puts them together, in the order
``--help`` lists them. Files are read through :mod:`viewer.lab.documents`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
import traceback
from collections.abc import Iterator, Sequence
from types import ModuleType

from . import (
    analyze,
    book,
    certificate,
    classroom,
    desktop,
    endgame,
    export,
    lesson,
    perft,
    practice,
    puzzles,
    render,
    resolve,
    review,
    solve,
    verify,
)
from . import open as open_command
from .common import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, Parser, ShortLines
from .open import first_lesson, open_window

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "EXIT_OK",
    "build_parser",
    "first_lesson",
    "main",
    "open_window",
]

#: The commands, by name, in the order ``--help`` lists them.
COMMANDS: dict[str, ModuleType] = {
    "open": open_command,
    "analyze": analyze,
    "review": review,
    "perft": perft,
    "resolve": resolve,
    "solve": solve,
    "certificate": certificate,
    "book": book,
    "endgame": endgame,
    "verify": verify,
    "puzzles": puzzles,
    "practice": practice,
    "lesson": lesson,
    "classroom": classroom,
    "render": render,
    "export": export,
    "desktop": desktop,
}


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pyramid-lab",
        description="Pyramid Lab: explore, edit and analyse pyramid board-game positions.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS.values():
        command.add_parser(commands)
    return parser


def _printable_streams() -> None:
    """Text that the terminal's encoding cannot show (a lone surrogate in a title, say) is
    printed as an escape rather than ending the command with UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def _term_as_ctrl_c(command: ModuleType) -> Iterator[None]:
    """SIGTERM (``kill``, ``timeout``, a batch system's stop) ends a command as Ctrl+C does:
    a solve reports how far it got, keeps its checkpoint and stops its workers, rather than
    dying without a word. Not for the window's commands (``WINDOW``): Qt's event loop would
    swallow the exception, and the window would not close."""
    if (
        getattr(command, "WINDOW", False)
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` names; every line it writes on stderr is at most
    :data:`~viewer.cli.common.MAX_ERROR_LINE` characters (a longer one is cut)."""
    _printable_streams()
    stderr = sys.stderr
    sys.stderr = ShortLines(stderr)
    try:
        return _main(argv)
    finally:
        sys.stderr.flush()
        sys.stderr = stderr


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] not in COMMANDS and os.path.isfile(words[0]):
        words.insert(0, "open")  # pyramid-lab FILE: a file manager's way to open one
    if words[:2] == ["puzzles", "compose"]:  # a parser of its own: its usage, its --help
        args = puzzles.compose_parser().parse_args(words[2:])
        args.command, args.folder, args.json = "puzzles", "compose", False
    else:
        parser = build_parser()
        args = parser.parse_args(words)
    if args.command is None:
        args = parser.parse_args(["open"])
    command = COMMANDS[args.command]
    try:
        with _term_as_ctrl_c(command):
            status: int = command.run(args)
        return status
    except KeyboardInterrupt:
        print("pyramid-lab: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception:
        traceback.print_exc()
        print(
            "pyramid-lab: internal error (the report above is a bug; please file it)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
