"""What the commands share: the exit statuses, the parser that exits 2 on bad arguments,
reading a position file (or saying why not), and the line for a search that ran out of
memory (their shared arguments: :mod:`viewer.cli.options`)."""

from __future__ import annotations

import argparse
import io
import os
import re
import shlex
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from pyramid_lab.i18n import _
from pyramid_lab.i18n import shown as said_in_process

if TYPE_CHECKING:
    from pyramid_lab.model.files import PositionDocument

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2

#: Longest line a command writes on stderr: one that would be longer (a message quoting a
#: long value the user gave) is cut, its last character "…".
MAX_ERROR_LINE = 400


#: Longest name of a position a message shows: a position text given for a file (Rolling's
#: is over 1,000 characters) is cut, so that what the message says of it still shows.
MAX_SHOWN = 80


def shown(source: str) -> str:
    """``source`` (a file's name, a position text, a shipped name) as a message names it: a
    position text longer than :data:`MAX_SHOWN` cut to its first characters and "…"; a
    file's name whole, however long (the user must find the file)."""
    from ..lab.reading import is_position_text

    if len(source) <= MAX_SHOWN or not is_position_text(source):
        return source
    return source[: MAX_SHOWN - 1] + "…"


class Passing(io.TextIOBase):
    """A text stream that writes to ``stream`` what its subclass makes of each text
    (:class:`ShortLines`, :class:`Visible`) and is that stream in all else: flushed with
    it, a terminal where it is one, in its encoding."""

    def __init__(self, stream: TextIO | io.TextIOBase) -> None:
        super().__init__()
        self.stream = stream

    def flush(self) -> None:
        self.stream.flush()

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.stream.isatty()

    @property
    def encoding(self) -> Any:  # type: ignore[override]  # reason: the wrapped stream's
        return getattr(self.stream, "encoding", "utf-8")

    def fileno(self) -> int:
        return self.stream.fileno()


class ShortLines(Passing):
    """A text stream that passes what is written to ``stream`` as it comes (progress lines
    are not held back), cutting every line at ``limit`` characters: the rest of a longer
    line is dropped, an "…" in its place. ``main`` writes stderr through it, so no error
    line is longer, whichever message made it."""

    def __init__(self, stream: TextIO | io.TextIOBase, limit: int = MAX_ERROR_LINE) -> None:
        super().__init__(stream)
        self.limit = limit
        self.column = 0  # characters of the current line written (or cut)

    def write(self, text: str) -> int:
        out = []
        for piece in re.split(r"([\n\r])", text):
            if piece in ("\n", "\r"):
                out.append(piece)
                self.column = 0
                continue
            room = self.limit - self.column
            if len(piece) < room:
                out.append(piece)
            elif room > 0:
                out.append(piece[: room - 1] + "…")
            self.column += len(piece)
        self.stream.write("".join(out))
        return len(text)


#: What a terminal would act on rather than show: the control characters but line break and
#: tab (ESC's sequences set a window's title, clear the screen, fill the clipboard: OSC 52),
#: DEL, the C1 controls, and the marks that reorder a line (bidirectional overrides).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` with each character a terminal would act on written as its escape
    (``\\u001b``, as JSON writes it): a file's title or name is shown, never obeyed."""
    return _CONTROL.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


class Visible(Passing):
    """A text stream that passes what is written to ``stream`` with its control characters
    made visible (:func:`visible`): ``main`` writes stdout and stderr through it, so no text
    of a file (a puzzle's title, a lesson's step, a file's name) reaches the terminal as a
    command, whichever command prints it."""

    def write(self, text: str) -> int:
        self.stream.write(visible(text))
        return len(text)


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """argparse's one line, with any long value it quotes (an unknown choice or flag,
        a stray argument) cut as every error line cuts it."""
        from pyramid_lab.model.game import MAX_QUOTED, shorten

        message = re.sub(rf"\S{{{MAX_QUOTED + 1},}}", lambda m: shorten(m.group()), message)
        self.print_usage(sys.stderr)
        print(error_line(shorten(message, 2 * MAX_QUOTED)), file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def bad_input(line: str) -> int:
    """``line`` (the program's whole line, in the user's language) on stderr: the exit code
    of a bad input, for the command to return."""
    print(line, file=sys.stderr)
    return EXIT_BAD_INPUT


def error_line(message: str) -> str:
    """The line that says a command's error: ``message`` (already in the user's language)
    after the program's name."""
    return _("pyramid-lab: error: {message}").format(message=message)


def system_said(exc: BaseException) -> str:
    """Why the system refused (an ``OSError``; another error's text) in the command line's
    language: the catalog's words for a failure it knows, else the system's own."""
    from pyramid_lab.model.words import system_reason  # (not at import: --help loads no model)

    return said_in_process(system_reason(exc))


def cannot_write(path: object, reason: str) -> str:
    """The one line for a file that cannot be written, and why (the system's words)."""
    return _("pyramid-lab: cannot write {path}: {reason}").format(path=path, reason=reason)


def no_memory(table_mb: float, exc: MemoryError) -> str:
    """The one line for a search that ran out of memory (its table, most likely)."""
    if str(exc):
        return _(
            "pyramid-lab: error: out of memory ({detail}); try a smaller --table-mb than {mb}"
        ).format(detail=exc, mb=f"{table_mb:g}")
    return _("pyramid-lab: error: out of memory; try a smaller --table-mb than {mb}").format(
        mb=f"{table_mb:g}"
    )


def program() -> str:
    """This command as the user's shell runs it, for a command line it prints to be run as
    printed: ``pyramid-lab`` where that name on PATH is this very program, else its
    absolute path (``.venv/bin/pyramid-lab`` of an environment not activated, run from any
    folder), else ``python -m pyramid_lab.viewer.cli`` with this interpreter."""
    scripts = [Path(sys.argv[0])] if Path(sys.argv[0]).name.startswith("pyramid-lab") else []
    scripts.append(Path(sys.executable).parent / "pyramid-lab")  # a venv's, beside python
    for script in scripts:
        if not script.is_file():
            continue
        on_path = shutil.which("pyramid-lab")
        if on_path is not None and os.path.samefile(on_path, script):
            return "pyramid-lab"
        return shlex.quote(str(script.absolute()))
    return f"{shlex.quote(sys.executable)} -m pyramid_lab.viewer.cli"


def runnable(command: str, *paths: str) -> str:
    """``program() command paths...``, each path absolute and quoted for the shell: a line
    that runs as printed, from any folder."""
    quoted = " ".join(shlex.quote(os.path.abspath(path)) for path in paths)
    return f"{program()} {command} {quoted}".rstrip()


def read_or_say(path: str) -> PositionDocument | None:
    """The position file, position text or shipped name ``path`` read as ``pl.load`` reads
    it (:func:`viewer.script.named.read`), or None after the one line on stderr that names
    the file and what is wrong with it (or the near names of a name not shipped)."""
    from ..script.named import read

    try:
        return read(path)
    except ValueError as exc:  # PositionFormatError is one
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return None
