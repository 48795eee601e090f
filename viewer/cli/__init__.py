"""The ``pyramid-lab`` command line (the contract: ``docs/file-formats.md``, ``docs/explore.md``).

Exit status: 0 success, 2 malformed file or bad arguments (message on stderr), 1 internal
error. Commands that need no window import no Qt or VTK, so they stay fast.

One module a command, each with ``add_arguments(command)`` (its arguments, declared as
data, :mod:`viewer.cli.options`, on the subparser made here with its name and its line in
``--help``) and ``run(args)`` (the exit status); this module only puts them together, in
the order ``--help`` lists them, and imports only the module of the command that runs.
Files are read through :mod:`viewer.lab.documents`.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import gettext
import importlib
import logging
import os
import signal
import sys
import threading
import traceback
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

from pyramid_lab import i18n
from pyramid_lab.i18n import N_, _

from .common import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, Parser, ShortLines, Visible

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "EXIT_OK",
    "build_parser",
    "first_lesson",
    "main",
    "open_window",
]

#: The commands, by name, in the order ``--help`` lists them, each with its line there. A
#: command's module (``viewer.cli.<name>``) is imported only when it runs or its own
#: ``--help`` is asked for: ``pyramid-lab --help`` imports no game.
COMMANDS: dict[str, str] = {
    "open": N_("open the desktop app (on Lesson 1 without a FILE)"),
    "analyze": N_("validate and analyse position files (one JSON line per file)"),
    "review": N_("review a game: every move judged (best, good, inaccuracy, mistake, missed win)"),
    "perft": N_("count the move sequences of a given length"),
    "resolve": N_("Pyramid Ball: resolve one turn row by row (the new position and why, as JSON)"),
    "solve": N_("prove the value of a position by search (Ctrl+C stops it with a report)"),
    "certificate": N_("check a certificate (a proof of a position's value) by the rules"),
    "book": N_("a game's book of proven values: show it, prove its entries again, or build it"),
    "endgame": N_("endgame tables: count their layers, build one, probe a position"),
    "verify": N_("prove each puzzle's goal against every defence; check its solution, list cooks"),
    "puzzles": N_("list a puzzle collection in order: difficulty and the puzzles you solved"),
    "practice": N_("open the window practising a collection, at its first unsolved puzzle"),
    "lesson": N_("lesson files (*.lesson.json)"),
    "classroom": N_(
        "serve lessons to a class in their browsers: a page for the students, one for the teacher"
    ),
    "render": N_("draw a position to a picture file, headless"),
    "export": N_(
        "export a position, headless: a picture, a turntable or replay (GIF, MP4), "
        "a 3D web page (HTML) or floor plans for print (PDF)"
    ),
    "desktop": N_(
        "put Pyramid Lab in the desktop's applications menu and make it open position "
        "and lesson files on a double-click (the user's own folders, no root needed)"
    ),
}


def command_module(name: str) -> ModuleType:
    """The module that parses and runs the command ``name`` (a key of :data:`COMMANDS`)."""
    return importlib.import_module(f"{__name__}.{name}")


class _Version(argparse.Action):
    """``--version``: the installed version, read (importlib.metadata) only when asked,
    not each time the parser is built."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(
            option_strings, argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0,
            help=_("show the program's version and exit"),
        )  # fmt: skip

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        from pyramid_lab import __version__

        print(f"pyramid-lab {__version__}")
        parser.exit()


def build_parser(command: str | None = None, *, others: bool = True) -> argparse.ArgumentParser:
    """The parser of the command line: ``command``'s arguments in full (every command's,
    where None), the other commands by their line in ``--help`` only; with ``others``
    False, not at all (a command line that starts with ``command``: its parse, its
    ``--help`` and its errors name no other command, and a window's start makes 16 parsers
    fewer)."""
    parser = Parser(
        prog="pyramid-lab",
        description=_("Pyramid Lab: explore, edit and analyse pyramid board-game positions."),
    )
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, line in COMMANDS.items():
        if not others and name != command:
            continue
        sub = commands.add_parser(name, help=_(line))
        if command is None or name == command:
            command_module(name).add_arguments(sub)
    return parser


def __getattr__(name: str) -> object:
    if name in ("first_lesson", "open_window"):  # the window's opening, for tests and tools
        return getattr(command_module("open"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _printable_streams() -> None:
    """Text that the terminal's encoding cannot show (a lone surrogate in a title, say) is
    printed as an escape rather than ending the command with UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


class _Said(logging.Handler):
    """A log line on stderr as the command has it when the line comes (tests swap it)."""

    def emit(self, record: logging.LogRecord) -> None:
        print(f"pyramid-lab: {self.format(record)}", file=sys.stderr, flush=True)


def _say_first_use() -> None:
    """A first use's compile said on stderr, step by step, as it goes (the compiled search
    logs its steps where no one shows progress): a command that waits a minute after an
    install says why, and its time limits count the search only
    (:mod:`model.search.compiled.first_use`)."""
    logger = logging.getLogger("pyramid_lab.model.search.compiled.first_use")
    if not any(isinstance(h, _Said) for h in logger.handlers):
        logger.addHandler(_Said())
        logger.setLevel(logging.INFO)
        logger.propagate = False


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _runs_a_window(command: ModuleType) -> bool:
    """Whether ``command``'s module runs the window (its ``WINDOW``: open, practice)."""
    return bool(getattr(command, "WINDOW", False))


@contextlib.contextmanager
def _term_as_ctrl_c(command: ModuleType) -> Iterator[None]:
    """SIGTERM (``kill``, ``timeout``, a batch system's stop) ends a command as Ctrl+C does:
    a solve reports how far it got, keeps its checkpoint and stops its workers, rather than
    dying without a word. Not for the window's commands (``WINDOW``): Qt's event loop would
    swallow the exception, and the window would not close."""
    if _runs_a_window(command) or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def speak(language: str) -> str:
    """Speak ``language`` (:func:`pyramid_lab.i18n.resolve` takes it) from now on: the
    commands' words and argparse's own (its usage, headings and errors), which it takes from
    the functions it imported from :mod:`gettext` as ``argparse._`` and
    ``argparse.ngettext``: those two are the catalog's while a language other than English
    is spoken (tests/viewer/test_cli_i18n.py checks argparse still has them). The language
    chosen."""
    chosen = i18n.use(language)
    english = chosen == i18n.ENGLISH
    # argparse's module-level names for gettext's functions are not in its stubs:
    argparse._ = gettext.gettext if english else i18n._  # type: ignore[attr-defined]  # (above)
    argparse.ngettext = (  # type: ignore[attr-defined]  # (not in argparse's stubs, as above)
        gettext.ngettext if english else i18n.ngettext
    )
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` names, in the language of the environment (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); every line it writes on stderr is at most
    :data:`~viewer.cli.common.MAX_ERROR_LINE` characters (a longer one is cut).

    The cyclic collector waits while the command starts (the parser and the modules it
    imports make much and free little: its collections cost a window's start 4 ms of
    processor time) and resumes when the command runs; a window's command resumes it once
    the window is built (:func:`viewer.cli.open.open_window`)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        speak(i18n.language_from_env())
        _printable_streams()
        _say_first_use()
        stdout, stderr = sys.stdout, sys.stderr
        sys.stdout = Visible(stdout)
        sys.stderr = ShortLines(Visible(stderr))
        try:
            return _main(argv, collecting)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            sys.stdout, sys.stderr = stdout, stderr
    finally:
        if collecting:
            gc.enable()


def _main(argv: Sequence[str] | None, collecting: bool) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] not in COMMANDS and os.path.isfile(words[0]):
        words.insert(0, "open")  # pyramid-lab FILE: a file manager's way to open one
    if words[:2] == ["puzzles", "compose"]:  # a parser of its own: its usage, its --help
        args = command_module("puzzles").compose_parser().parse_args(words[2:])
        args.command, args.folder, args.json = "puzzles", "compose", False
    else:
        first = next((word for word in words if not word.startswith("-")), None)
        named = first if first in COMMANDS else ""
        alone = bool(named) and words[0] == named  # (an option before it: --help lists all)
        args = build_parser(named, others=not alone).parse_args(words)
    if args.command is None:
        args = build_parser("open").parse_args(["open"])
    command = command_module(args.command)
    if collecting and not _runs_a_window(command):
        gc.enable()
    try:
        with _term_as_ctrl_c(command):
            status: int = command.run(args)
        return status
    except KeyboardInterrupt:
        print(_("pyramid-lab: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception:
        traceback.print_exc()
        print(
            _("pyramid-lab: internal error (the report above is a bug; please file it)"),
            file=sys.stderr,
        )
        return EXIT_INTERNAL
