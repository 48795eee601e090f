"""Position texts: a position of any game in one line, as FEN writes a chess position, to
paste into a forum, an issue, a test or a command line (``docs/file-formats.md``, "Position
texts")::

    partition size=3,version=floating r2/3/3|2/2|1 blue

The line is fields parted by single spaces: the game, its options (every one, written
``name=value`` and parted by commas; a reader takes those left out at their defaults, and
``-`` for none given), the board (each game's own: :mod:`model.partition.text` and the
others), the side to move, then the game's own ``name=value`` fields and ``study`` for a
study. The history is left out, as FEN leaves it out: what a position needs of it (the
Pyramid Ball's scores and special moves, Rolling Pyramids' dice and sheets, the pusher
Allmer's Pyramid may not push back) is written; what only counts repetitions is not.

:func:`position_text` writes one and :func:`read_position_text` reads it back through the
game's own set-up check (:meth:`Game.from_setup` or the file ``state``'s reader), so a text
admits exactly the positions a position file does. A text that is not one raises
:class:`PositionTextError` (a PositionFormatError, so a ValueError) naming the character
where it goes wrong and what is wrong there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .game import STUDY_HINT, Game, PositionFormatError, game_class, game_names, quote

#: The longest text read: a base-50 Partition with every point filled and Rolling
#: Pyramids' richest state stay far below it.
MAX_TEXT = 200_000


class PositionTextError(PositionFormatError):
    """A position text that is not one: ``index`` is the character (from 0) where it goes
    wrong, and the message says it from 1 ("character 12: ...")."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        super().__init__(f"character {index + 1}", reason)


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

    def take(self, name: str) -> Field | None:
        """The field ``name=...`` given, its value alone, or None (and it is read)."""
        return self.named.pop(name, None)

    def setup_error(self, exc: PositionFormatError) -> PositionTextError:
        """The set-up check's refusal told at the board (or the side to move)."""
        where = self.side if exc.key == "to_move" else self.board
        reason = str(exc).replace(STUDY_HINT, "add the field 'study'")
        return where.fail(f"not a position of the game: {reason}")


# ---- writing ---------------------------------------------------------------------------


def position_text(game: Game) -> str:
    """``game``'s position in one line (see the module's docstring)."""
    board, named = codec_for(game.name).write(game)
    parts = [game.name, write_options(game.options.to_json()), board, game.to_move, *named]
    if game.study:
        parts.append("study")
    return " ".join(parts)


def write_options(options: Mapping[str, Any]) -> str:
    """``name=value`` for each option, parted by commas (``-`` for none)."""
    if not options:
        return "-"
    return ",".join(f"{name}={_option_value(value)}" for name, value in options.items())


def _option_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ---- reading ---------------------------------------------------------------------------

_NAMED = re.compile(r"([a-z_]+)=(.*)", re.DOTALL)


def read_position_text(text: str) -> Game:
    """The position written ``text`` (:func:`position_text`'s line; spaces around it are
    let be); PositionTextError (a ValueError) naming the character where it goes wrong."""
    if not isinstance(text, str):
        raise TypeError(f"a position text is a str, not {quote(text)}")
    if len(text) > MAX_TEXT:
        raise PositionTextError(MAX_TEXT, f"too long: a position text is at most {MAX_TEXT:,}")
    lead = len(text) - len(text.lstrip())
    line = Field(text.strip(), lead)
    if not line.text:
        raise PositionTextError(0, "empty: a position text starts with the game's name")
    bad = next((i for i, ch in enumerate(line.text) if ch.isspace() and ch != " "), None)
    if bad is not None:
        raise line.fail(
            f"{quote(line.text[bad])}: a position text is one line, fields parted by spaces", bad
        )
    fields = [f for f in line.split(" ")]
    empty = next((f for f in fields if not f.text), None)
    if empty is not None:
        raise empty.fail("two spaces: fields are parted by one space")
    cls = _game(fields[0])
    if len(fields) < 4:
        at = fields[-1].start + len(fields[-1].text)
        need = ("its options", "its board", "the side to move")[len(fields) - 1]
        raise PositionTextError(at, f"the text ends before {need} ({_SHAPE})")
    options = _options(cls, fields[1])
    to_move = _side(cls, options, fields[3])
    named: dict[str, Field] = {}
    study = False
    for field in fields[4:]:
        if field.text == "study" and not study:
            study = True
            continue
        match = _NAMED.fullmatch(field.text)
        if match is None:
            raise field.fail(
                f"{quote(field.text)} is no field: after the side to move come "
                "name=value fields and 'study'"
            )
        if match.group(1) in named:
            raise field.fail(f"{match.group(1)} is given twice")
        named[match.group(1)] = field.part(match.end(1) + 1)
    parts = TextFields(fields[2], to_move, fields[3], named, study)
    game = codec_for(cls.name).read(cls, options, parts)
    if parts.named:
        name, field = next(iter(parts.named.items()))
        raise Field(name, field.start - len(name) - 1).fail(
            f"{cls.title} has no field {quote(name)}"
        )
    return game


_SHAPE = "GAME OPTIONS BOARD SIDE [FIELDS]"


def _game(field: Field) -> type[Game]:
    try:
        return game_class(field.text)
    except KeyError:
        known = ", ".join(game_names())
        raise field.fail(f"{quote(field.text)} is no game; the games: {known}") from None


def _options(cls: type[Game], field: Field) -> Any:
    raw: dict[str, object] = {}
    if field.text != "-":
        for part in field.split(","):
            name, equals, value = part.text.partition("=")
            if not equals or not name:
                raise part.fail(f"{quote(part.text)}: an option is written name=value")
            if name in raw:
                raise part.fail(f"the option {name} is given twice")
            raw[name] = _typed(value)
    try:
        return cls.parse_options(raw)
    except PositionFormatError as exc:
        at = _option_at(field, exc.key.removeprefix("options.").removeprefix("options"))
        raise at.fail(str(exc)) from None


def _typed(value: str) -> object:
    """An option's value as its kind: true/false, a whole number, else the text."""
    if value in ("true", "false"):
        return value == "true"
    if re.fullmatch(r"-?\d{1,9}", value):
        return int(value)
    return value


def _option_at(field: Field, name: str) -> Field:
    """The part of the options field that gives ``name`` (else the whole field)."""
    for part in field.split(","):
        if name and part.text.partition("=")[0] == name:
            return part
    return field


def _side(cls: type[Game], options: Any, field: Field) -> str:
    players = cls.players_for(options)
    if field.text in players:
        return field.text
    raise field.fail(f"{quote(field.text)} is not a player; {cls.title}'s: {', '.join(players)}")


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
    field: Field, widths: Sequence[int], symbols: str, what: str
) -> list[list[tuple[str, int]]]:
    """Each row's cells of a board written by :func:`write_rows` (rows of ``widths``),
    as (symbol, column) of the cells not empty; a symbol is a letter of ``symbols``
    (followed by ``*`` where the game says so)."""
    rows = field.split("/")
    if len(rows) != len(widths):
        raise field.fail(f"{what} has {len(widths)} rows parted by '/', not {len(rows)}")
    out = []
    for row, width in zip(rows, widths, strict=True):
        cells: list[tuple[str, int]] = []
        column, at = 0, 0
        while at < len(row.text):
            match = _CELL.match(row.text, at)
            if match is None or (match.group(2) and match.group(2)[0] not in symbols):
                raise row.fail(f"{quote(row.text[at])} is no cell here; {_cells(symbols)}", at)
            if match.group(1):
                column += int(match.group(1))
                if int(match.group(1)) == 0:
                    raise row.fail("a run of empty cells is 1 or more", at)
                if column > width:
                    raise row.fail(f"the row is longer than {width} cells", at)
            else:
                if column >= width:
                    raise row.fail(f"the row is longer than {width} cells", at)
                cells.append((match.group(2), column))
                column += 1
            at = match.end()
        if column != width:
            raise row.fail(f"the row has {column} cells, not {width}")
        out.append(cells)
    return out


def _cells(symbols: str) -> str:
    return f"cells are {', '.join(symbols)} or a number of empty cells"


def pyramid_board(size: int, colour_at: Callable[[int, int, int], str | None]) -> str:
    """A pyramid of base ``size`` level by level from the base, parted by ``|``; a level
    row ``j`` by row, each row ``i`` by ``i`` (``colour_at(i, j, k)``: a symbol or None)."""
    return "|".join(
        write_rows([[colour_at(i, j, k) for i in range(size - k)] for j in range(size - k)])
        for k in range(size)
    )


def read_pyramid(
    field: Field, size: int, letters: Mapping[str, str]
) -> list[tuple[tuple[int, int, int], str]]:
    """The pieces ``((i, j, k), colour)`` of a pyramid board (:func:`pyramid_board`);
    ``letters``: symbol -> colour."""
    levels = field.split("|")
    if len(levels) != size:
        raise field.fail(
            f"a pyramid of base {size} has {size} levels parted by '|', not {len(levels)}"
        )
    symbols = "".join(letters)
    pieces = []
    for k, level in enumerate(levels):
        rows = read_rows(level, [size - k] * (size - k), symbols, f"level {k}")
        for j, cells in enumerate(rows):
            for symbol, i in cells:
                if symbol not in letters:
                    raise level.fail(f"{quote(symbol)} is no piece; {_cells(symbols)}")
                pieces.append(((i, j, k), letters[symbol]))
    return pieces


# ---- the games' codecs --------------------------------------------------------------------


def codec_for(name: str) -> TextCodec:
    """The position-text codec of the lab's game ``name`` (each beside its rules)."""
    match name:
        case "ball":
            from .ball import text as ball

            return ball.CODEC
        case "partition":
            from .partition import text as partition

            return partition.CODEC
        case "pyraos":
            from .pyraos import text as pyraos

            return pyraos.CODEC
        case "rolling":
            from .rolling import text as rolling

            return rolling.CODEC
        case "terrace":
            from .terrace import text as terrace

            return terrace.CODEC
    raise KeyError(f"{quote(name)} has no position text")
