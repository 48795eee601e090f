"""What the commands share: the exit statuses, the parser that exits 2 on bad arguments,
the parser of a command on one position file, reading a position file (or saying why not),
and the line for a search that ran out of memory."""

from __future__ import annotations

import argparse
import re
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from model.files import PositionDocument

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """argparse's one line, with any long value it quotes (an unknown choice or flag,
        a stray argument) cut as every error line cuts it."""
        from model.game import MAX_QUOTED, shorten

        message = re.sub(rf"\S{{{MAX_QUOTED + 1},}}", lambda m: shorten(m.group()), message)
        self.print_usage(sys.stderr)
        print(f"pyramid-lab: error: {shorten(message, 2 * MAX_QUOTED)}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def file_command(commands: Any, name: str, help: str) -> argparse.ArgumentParser:
    """The parser of a command on one position file, ``FILE`` its first argument."""
    command: argparse.ArgumentParser = commands.add_parser(name, help=help)
    command.add_argument("file", metavar="FILE")
    return command


def no_memory(table_mb: float, exc: MemoryError) -> str:
    """The one line for a search that ran out of memory (its table, most likely)."""
    detail = f" ({exc})" if str(exc) else ""
    return f"pyramid-lab: error: out of memory{detail}; try a smaller --table-mb than {table_mb:g}"


def read_or_say(path: str) -> PositionDocument | None:
    """The position file at ``path`` (read by :mod:`viewer.documents`), or None after the
    one line on stderr that names the file and what is wrong with it."""
    from model import PositionFormatError

    from ..documents import read_position

    try:
        return read_position(path)
    except PositionFormatError as exc:
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return None
