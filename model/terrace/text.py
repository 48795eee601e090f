"""Allmer's Pyramid's position text (:mod:`model.text`): the 7x7 board row by row from row
1 (Black's side, the top of the text board) to row 7, each row from column a to g, ``w`` a
white stone, ``b`` a black one, a number a run of empty fields::

    terrace last_stones_lose=true,no_push_back=false bbbbbbb/7/7/7/7/7/wwwwwww white

With the option ``no_push_back``, the push it forbids now (the stone just pushed may not
push its pusher straight back) is the field ``no_push=d4>d5``. The repetition count is
history, left out.
"""

from __future__ import annotations

from typing import Any

from pyramid_lab.i18n import M_

from ..game import Game, PositionFormatError
from ..textcodec import Field, TextFields, marks, read_rows, write_rows
from ..words import reason_of
from . import COLOURS, SIZE, STEP, Terrace, field_name, parse_field

LETTERS = {"w": "white", "b": "black"}
_SYMBOL = {colour: letter for letter, colour in LETTERS.items()}


class TerraceCodec:
    def write(self, game: Game) -> tuple[str, list[str]]:
        assert isinstance(game, Terrace)
        at = {tuple(coords): _SYMBOL[colour] for coords, colour in game.pieces()}
        board = write_rows([[at.get((r, c)) for c in range(SIZE)] for r in range(SIZE)])
        named = []
        if _bites(game, game.last_push):
            stone, pusher = game.last_push  # type: ignore[misc]  # (_bites: not None)
            named.append(f"no_push={field_name(stone)}>{field_name(pusher)}")
        return board, named

    def read(self, cls: type[Game], options: Any, fields: TextFields) -> Game:
        rows = read_rows(fields.board, [SIZE] * SIZE, "wb", M_("the board"))
        pieces = [((r, c), LETTERS[s]) for r, cells in enumerate(rows) for s, c, _ in cells]
        fields.places = [place for cells in rows for _, _, place in cells]
        try:
            game = cls.from_setup(options, fields.to_move, pieces, study=fields.study)
        except PositionFormatError as exc:
            raise fields.setup_error(exc) from None
        assert isinstance(game, Terrace)
        banned = fields.take("no_push")
        if banned is not None:
            _ban(game, banned)
        return game

    def board(self, game: Game, symbols: bool) -> str:
        """The terraced board, each empty field showing its level."""
        from . import LEVEL, fid

        mark = marks(symbols)
        at = {tuple(coords): mark[colour] for coords, colour in game.pieces()}
        lines = ["   a b c d e f g"]
        for r in range(SIZE):
            cells = [at.get((r, c)) or str(LEVEL[fid(r, c)]) for c in range(SIZE)]
            lines.append(f"{r + 1}  " + " ".join(cells))
        lines.append("(an empty field shows its level, 0 the rim, 3 the top)")
        return "\n".join(lines)


def _bites(game: Terrace, push: tuple[int, int] | None) -> bool:
    """Whether the push back ``push`` forbids is one the side to move could make: its
    stone still stands where it was pushed, and the pusher's field holds a stone."""
    if push is None or not game.options.no_push_back:
        return False
    cells = game._cells
    return cells[push[0]] == COLOURS.index(game.to_move) and cells[push[1]] >= 0


def _ban(game: Terrace, field: Field) -> None:
    """Make the push ``field`` (``d4>d5``) the one the option forbids next."""
    stone, _, pusher = field.text.partition(">")
    try:
        source, target = parse_field(stone), parse_field(pusher)
    except ValueError as exc:
        raise field.fail(
            M_("no_push is a push written d4>d5: {reason}", reason=reason_of(exc))
        ) from None
    if not game.options.no_push_back:
        raise field.fail(M_("no_push needs the option no_push_back=true"))
    if target not in STEP[source] or not _bites(game, (source, target)):
        raise field.fail(
            M_(
                "no_push names two stones side by side, the pushed one the side to move's "
                "(the push back it forbids)"
            )
        )
    game._last_push = (source, target)
    game._moves = None
    game._result = game._end_check()


CODEC = TerraceCodec()
