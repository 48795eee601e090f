"""Pyramid Partition's position text (:mod:`model.text`): the pyramid level by level from
the base, ``r`` a red ball, ``b`` a blue one, a number a run of empty points::

    partition size=3,version=floating r2/3/3|2/2|1 blue
"""

from __future__ import annotations

from typing import Any

from ..game import Game, PositionFormatError
from ..textcodec import TextFields, marks, pyramid_board, read_pyramid, side_by_side

LETTERS = {"r": "red", "b": "blue"}
_SYMBOL = {colour: letter for letter, colour in LETTERS.items()}


class PyramidCodec:
    """A pyramid of spheres of two colours (Partition, Pyraos), nothing beyond them."""

    def __init__(self, letters: dict[str, str], size: Any) -> None:
        self.letters = letters
        self.symbol = {colour: letter for letter, colour in letters.items()}
        self.size = size  # options -> the base

    def write(self, game: Game) -> tuple[str, list[str]]:
        at = {tuple(coords): self.symbol[colour] for coords, colour in game.pieces()}
        board = pyramid_board(self.size(game.options), lambda i, j, k: at.get((i, j, k)))
        return board, []

    def read(self, cls: type[Game], options: Any, fields: TextFields) -> Game:
        pieces, fields.places = read_pyramid(fields.board, self.size(options), self.letters)
        try:
            return cls.from_setup(options, fields.to_move, pieces, study=fields.study)
        except PositionFormatError as exc:
            raise fields.setup_error(exc) from None

    def board(self, game: Game, symbols: bool) -> str:
        """The pyramid level by level, side by side while they fit."""
        size, mark = self.size(game.options), marks(symbols)
        at = {tuple(coords): mark[colour] for coords, colour in game.pieces()}
        levels = []
        for k in range(size):
            width = size - k
            rows = [
                " ".join(at.get((i, j, k), mark[None]) for i in range(width)) for j in range(width)
            ]
            levels.append([f"level {k}".ljust(2 * width - 1), *rows])
        return side_by_side(levels)


CODEC = PyramidCodec(LETTERS, lambda options: options.size)
