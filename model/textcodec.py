"""The parts a game's position-text codec is made of (:mod:`model.text`, beside each
game's rules as ``model/<game>/text.py``): a part of the line with its place
(:class:`Field`), the fields after the options (:class:`TextFields`), the error that names
a character (:class:`PositionTextError`), and boards drawn as rows of cells, FEN's way
(:func:`write_rows`, :func:`read_rows`; a pyramid level by level: :func:`pyramid_board`,
:func:`read_pyramid`). The codecs import this module and :mod:`model.text` imports them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pyramid_lab.i18n import M_, Mn_

from .errors import study_hint_as
from .game import Game, PositionFormatError, quote


class PositionTextError(PositionFormatError):
    """A position text that is not one: ``index`` is the character (from 0) where it goes
    wrong, and the message says it from 1 ("character 12: ...")."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        # (a Message, as its reason is: said in the reader's language, issue 108)
        super().__init__(M_("character {index}", index=index + 1), reason)


@dataclass(frozen=True, slots=True)
class Field:
    """A part of a position text and where it starts in the line."""

    text: str
    start: int

    def fail(self, reason: str, offset: int = 0) -> PositionTextError:
        """The error at ``offset`` characters into this field."""
        return PositionTextError(self.start + offset, reason)

    def part(self, begin: int, end: int | None = None) -> Field:
        return Field(self.text[begin:end], self.start + begin)

    def split(self, separator: str) -> list[Field]:
        """The parts between ``separator``s, each with its place in the line."""
        parts, begin = [], 0
        for piece in self.text.split(separator):
            parts.append(Field(piece, self.start + begin))
            begin += len(piece) + len(separator)
        return parts


class TextCodec(Protocol):
    """What a game writes after its options and reads back (one module per game)."""

    def write(self, game: Game) -> tuple[str, list[str]]:
        """The board field and the game's own ``name=value`` fields (none: [])."""
        ...

    def read(self, cls: type[Game], options: Any, fields: TextFields) -> Game:
        """The position of ``fields`` (the set-up check's PositionFormatError told at the
        board field, a :class:`PositionTextError` at a field of its own)."""
        ...

    def board(self, game: Game, symbols: bool) -> str:
        """``game``'s position as a text board (``print(pos)``); ``symbols``: Unicode's."""
        ...


@dataclass
class TextFields:
    """The fields of a text after the options: the board, the side to move (a colour of
    the game), the game's own fields by name (a codec takes what it knows:
    :meth:`take`), whether it is a study."""

    board: Field
    to_move: str
    side: Field
    named: dict[str, Field]
    study: bool
    #: Where each piece the codec read stands in the line (a set-up check's "pieces[N]"
    #: is told there).
    places: list[int] = dataclasses.field(default_factory=list)

    def take(self, name: str) -> Field | None:
        """The field ``name=...`` given, its value alone, or None (and it is read)."""
        return self.named.pop(name, None)

    def setup_error(self, exc: PositionFormatError) -> PositionTextError:
        """The set-up check's refusal told at the piece it names, else at the board (or
        the side to move)."""
        where = self.side if exc.key == "to_move" else self.board
        reason = _in_text(exc.reason)
        piece = re.fullmatch(r"pieces\[(\d+)\]", exc.key)
        if piece is not None and int(piece.group(1)) < len(self.places):
            return PositionTextError(
                self.places[int(piece.group(1))],
                M_("not a position of the game: {reason}", reason=reason),
            )
        if exc.key:
            reason = M_("{key}: {reason}", key=exc.key, reason=reason)
        return where.fail(M_("not a position of the game: {reason}", reason=reason))


def _in_text(reason: str) -> str:
    """A set-up's refusal as a text says it: its way round a position play cannot reach
    is a field of the text, not a file's key (a Message stays one, said where it is read)."""
    return study_hint_as(reason, M_("add the field 'study'"))


# ---- boards drawn as rows ------------------------------------------------------------------

_CELL = re.compile(r"(\d{1,3})|([A-Za-z]\*?)")


def write_rows(rows: Sequence[Sequence[str | None]]) -> str:
    """Rows of cells (a symbol, or None for empty) parted by ``/``, each run of empty
    cells written as its length (FEN's way)."""
    out = []
    for row in rows:
        text, run = "", 0
        for cell in row:
            if cell is None:
                run += 1
                continue
            text += (str(run) if run else "") + cell
            run = 0
        out.append(text + (str(run) if run else ""))
    return "/".join(out)


def read_rows(
    field: Field, widths: Sequence[int], symbols: str, what: str, *, stars: bool = False
) -> list[list[tuple[str, int, int]]]:
    """Each row's cells of a board written by :func:`write_rows` (rows of ``widths``):
    (symbol, column, its place in the line) of the cells not empty; a symbol is a letter
    of ``symbols`` (followed by ``*`` where the game says so: ``stars``)."""
    rows = field.split("/")
    if len(rows) != len(widths):
        raise field.fail(
            M_(
                "{what} has {rows} rows parted by '/', not {count}",
                what=what,
                rows=len(widths),
                count=len(rows),
            )
        )
    out = []
    for row, width in zip(rows, widths, strict=True):
        cells: list[tuple[str, int, int]] = []
        column, at = 0, 0
        while at < len(row.text):
            match = _CELL.match(row.text, at)
            if match is None or (match.group(2) and match.group(2)[0] not in symbols):
                raise row.fail(
                    M_(
                        "{cell} is no cell here; {cells}",
                        cell=quote(row.text[at]),
                        cells=_cells(symbols),
                    ),
                    at,
                )
            if match.group(2) and match.group(2).endswith("*") and not stars:
                raise row.fail(M_("'*' marks no piece in this game"), at + 1)
            if match.group(1):
                column += int(match.group(1))
                if int(match.group(1)) == 0:
                    raise row.fail(M_("a run of empty cells is 1 or more"), at)
                if column > width:
                    raise row.fail(M_("the row is longer than {cells}", cells=_cells_of(width)), at)
            else:
                if column >= width:
                    raise row.fail(M_("the row is longer than {cells}", cells=_cells_of(width)), at)
                cells.append((match.group(2), column, row.start + at))
                column += 1
            at = match.end()
        if column != width:
            raise row.fail(
                M_("the row has {cells}, not {count}", cells=_cells_of(column), count=width)
            )
        out.append(cells)
    return out


def _cells_of(width: int) -> str:
    return Mn_("{count} cell", "{count} cells", width, count=width)


def _cells(symbols: str) -> str:
    return M_("cells are {symbols} or a number of empty cells", symbols=", ".join(symbols))


def pyramid_board(size: int, colour_at: Callable[[int, int, int], str | None]) -> str:
    """A pyramid of base ``size`` level by level from the base, parted by ``|``; a level
    row ``j`` by row, each row ``i`` by ``i`` (``colour_at(i, j, k)``: a symbol or None)."""
    return "|".join(
        write_rows([[colour_at(i, j, k) for i in range(size - k)] for j in range(size - k)])
        for k in range(size)
    )


def read_pyramid(
    field: Field, size: int, letters: Mapping[str, str]
) -> tuple[list[tuple[tuple[int, ...], str]], list[int]]:
    """The pieces ``((i, j, k), colour)`` of a pyramid board (:func:`pyramid_board`) and
    the place of each in the line; ``letters``: symbol -> colour."""
    levels = field.split("|")
    if len(levels) != size:
        raise field.fail(
            M_(
                "a pyramid of base {size} has {size} levels parted by '|', not {count}",
                size=size,
                count=len(levels),
            )
        )
    symbols = "".join(letters)
    pieces: list[tuple[tuple[int, ...], str]] = []
    places = []
    for k, level in enumerate(levels):
        rows = read_rows(level, [size - k] * (size - k), symbols, M_("level {level}", level=k))
        for j, cells in enumerate(rows):
            for symbol, i, place in cells:
                if symbol not in letters:
                    raise PositionTextError(
                        place,
                        M_(
                            "{symbol} is no piece; {cells}",
                            symbol=quote(symbol),
                            cells=_cells(symbols),
                        ),
                    )
                pieces.append(((i, j, k), letters[symbol]))
                places.append(place)
    return pieces, places


# ---- text boards (``print(pos)``, :func:`model.text.board_text`) ----------------------------

#: The widest text board laid side by side (a terminal's columns).
WIDTH = 100
#: A piece's mark on a text board by its colour (None: an empty point), in ASCII and Unicode.
ASCII_MARKS = {"red": "r", "blue": "b", "white": "w", "black": "b", None: "."}
UNICODE_MARKS = {"red": "●", "blue": "○", "white": "○", "black": "●", None: "·"}


def marks(symbols: bool) -> dict[str | None, str]:
    """The marks of a text board: Unicode's ● ○ · where ``symbols``, else letters."""
    return dict(UNICODE_MARKS if symbols else ASCII_MARKS)


def side_by_side(blocks: list[list[str]]) -> str:
    """Blocks of lines beside each other, tops aligned, while they fit in :data:`WIDTH`;
    one under another otherwise."""
    widths = [max(map(len, block)) for block in blocks]
    if sum(widths) + 3 * (len(blocks) - 1) > WIDTH:
        return "\n\n".join("\n".join(block) for block in blocks)
    height = max(map(len, blocks))
    lines = []
    for row in range(height):
        parts = [
            (block[row] if row < len(block) else "").ljust(width)
            for block, width in zip(blocks, widths, strict=True)
        ]
        lines.append("   ".join(parts).rstrip())
    return "\n".join(lines)
