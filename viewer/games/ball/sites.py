"""Pyramid Ball's board and sites, without Qt: the 7x8 grid with both goal rows tinted;
a site is ``(row * 7 + col) * 3 + kind``, kind 0 Large, 1 Medium, 2 Small (the size is in
the site, so set-up mode can paint each size)."""

from __future__ import annotations

from pyramid_lab.model.ball import COLOURS
from pyramid_lab.model.ball.rules import parse_square

from ...boards.geometries import GridBoard
from ...lab.palette import GOAL_ROW

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
