"""Pyramid Ball's board and sites, without Qt: the 7x8 grid with both goal rows tinted;
a site is ``(row * 7 + col) * 3 + kind``, kind 0 Large, 1 Medium, 2 Small (the size is in
the site, so set-up mode can paint each size)."""

from __future__ import annotations

from collections.abc import Mapping

from pyramid_lab.i18n import M_
from pyramid_lab.model.ball import COLOURS
from pyramid_lab.model.ball.rules import parse_square
from pyramid_lab.model.game import Game

from ...boards.geometries import GridBoard
from ...lab.game_ui import GameUI
from ...lab.outcome_words import word
from ...lab.palette import GOAL_ROW
from ...lab.turn_builder import Turn
from .words import SIZE_NAMES

FILE_SIZES = (3, 2, 1)  # kind -> size number in position files
BOARD = GridBoard(7, 8, kinds=3, goal_rows={0: COLOURS[0], 7: COLOURS[1]}, column_names="abcdefg")
#: The tinted goal rows, named in every frame for the legend (the board always draws them).
GOAL_ROWS = frozenset(f"{GOAL_ROW}{colour}" for colour in COLOURS)


def site_of(col: int, row: int, size: int) -> int:
    return (row * 7 + col) * 3 + FILE_SIZES.index(size)


def site_at(square: str, size: str) -> int | None:
    """The site of a pyramid of size letter ``size`` on ``square`` ('d4'), or None."""
    try:
        sq = parse_square(square)
    except ValueError:
        return None
    return sq * 3 + "LMS".index(size)


def square_name(site: int) -> str:
    """The square a site is on, as moves write it ('d4')."""
    square = site // 3
    return f"{'abcdefg'[square % 7]}{square // 7 + 1}"


class BallSites(GameUI[Turn]):
    """The board's sites of Pyramid Ball's UI (a part of :class:`BallUI`)."""

    def geometry(self, game: Game) -> GridBoard:
        return BOARD

    def site_of(self, coords: tuple[int, ...]) -> int:
        return site_of(*coords)

    def cell_of(self, site: int) -> int:
        return BOARD.square_of(site)

    def coords_of(self, site: int) -> tuple[int, ...]:
        square, kind = divmod(site, 3)
        return square % 7, square // 7, FILE_SIZES[kind]

    def site_name(self, site: int) -> str:
        """``d4 Large``: a Message, its size a word (said in each reader's language)."""
        # TRANSLATORS: a place of Pyramid Ball's board: its square (d4) and a pyramid's size
        return M_("{square} {size}", square=square_name(site), size=M_(SIZE_NAMES[site % 3]))

    def describe(self, game: Game, turn: Turn, site: int, shown: Mapping[int, str]) -> str:
        square = site // 3
        here = [s for s in shown if s // 3 == square]
        if not here:
            return M_("{site}, empty", site=square_name(site))
        s = here[0]
        return M_(
            "{square}: {colour} {pyramid}",
            square=square_name(site),
            colour=word(shown[s]),
            pyramid=M_(SIZE_NAMES[s % 3]),
        )
