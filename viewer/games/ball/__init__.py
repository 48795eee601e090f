"""Pyramid Ball in the window: the 7x8 board with both goal rows tinted, the six pyramids
in their sizes and the ball (a gold sphere) on its carrier; the status bar gives the score,
the ball and the special moves held. Set-up mode places any size: each empty square shows a
small marker per size (Large, Medium, Small from the left).

Programming a turn in the window (two Program docks, hot-seat, the row-by-row animation from
the model's TurnReport) is still to come: clicks say so, and
``pyramid-lab resolve FILE OFFENCEPROG DEFENCEPROG`` plays a turn meanwhile.

Sites are the grid board's ``(row * 7 + col) * 3 + kind``, kind 0 Large, 1 Medium,
2 Small (the size is in the site, so set-up mode can paint each size).
"""

from __future__ import annotations

from collections.abc import Mapping

from model.ball import COLOURS, PyramidBall
from model.game import Game

from ...boards.grid import GridBoard
from ...frame import Frame, Marker
from .. import register_ui
from ..base import ClickResult, GameUI

FILE_SIZES = (3, 2, 1)  # kind -> size number in position files
SIZE_NAMES = ("Large", "Medium", "Small")
BOARD = GridBoard(7, 8, kinds=3, goal_rows={0: COLOURS[0], 7: COLOURS[1]}, column_names="abcdefg")
WAITING = (
    "programming a turn in the window is coming (the Program docks); meanwhile play a turn "
    "with: pyramid-lab resolve FILE OFFENCEPROG DEFENCEPROG"
)


def site_of(col: int, row: int, size: int) -> int:
    return (row * 7 + col) * 3 + FILE_SIZES.index(size)


class ProgramDockComing:
    """The turn builder until the Program docks exist: nothing to build; a click says so."""

    building = False
    can_finish = False

    def __init__(self, game: PyramidBall) -> None:
        self.game = game
        self._pieces = {site_of(*coords): colour for coords, colour in game.pieces()}

    def pieces(self) -> dict[int, str]:
        return self._pieces

    def click(self, site: int) -> ClickResult:
        if self.game.is_over():
            return f"the game is over: {self.game.describe_result()}"
        return WAITING

    def finish(self) -> ClickResult:
        return WAITING

    def cancel(self) -> None:
        return None

    def prompt(self) -> str:
        if self.game.is_over():
            return ""
        return "program dock coming: turns are played with pyramid-lab resolve for now"


@register_ui
class BallUI(GameUI):
    game_name = PyramidBall.name
    board_kind = "grid"
    piece_word = "pyramids"

    def geometry(self, game: Game) -> GridBoard:
        return BOARD

    def site_of(self, coords: tuple[int, ...]) -> int:
        return site_of(*coords)

    def coords_of(self, site: int) -> tuple[int, ...]:
        square, kind = divmod(site, 3)
        return square % 7, square // 7, FILE_SIZES[kind]

    def site_name(self, site: int) -> str:
        square, kind = divmod(site, 3)
        return f"{'abcdefg'[square % 7]}{square // 7 + 1} {SIZE_NAMES[kind]}"

    def turn(self, game: Game) -> ProgramDockComing:
        assert isinstance(game, PyramidBall)
        return ProgramDockComing(game)

    def frame(self, game: Game, turn: ProgramDockComing) -> Frame:  # type: ignore[override]
        assert isinstance(game, PyramidBall)
        colour, size = game.carrier
        carriers = [
            site for site, c in turn.pieces().items() if c == colour and "LMS"[site % 3] == size
        ]
        markers = tuple(Marker(site, "carrier") for site in carriers)
        return Frame(pieces=turn.pieces(), markers=markers)

    def status(self, game: Game) -> str:
        assert isinstance(game, PyramidBall)
        scores = game.scores
        text = f"red {scores['red']} - blue {scores['blue']}"
        if game.is_over():
            return f"{game.describe_result()} ({text})"
        colour, size = game.carrier
        parts = [
            text + f" (first to {game.options.target})",
            f"ball: {colour} {SIZE_NAMES['LMS'.index(size)]} on {game.carrier_square()}",
        ]
        for c in COLOURS:
            held = game.specials(c)
            if held:
                parts.append(f"{c} holds {', '.join(s.replace('_', ' ') for s in held)}")
        return "; ".join(parts)

    def describe(  # type: ignore[override]
        self, game: Game, turn: ProgramDockComing, site: int, shown: Mapping[int, str]
    ) -> str:
        square = site // 3
        name = f"{'abcdefg'[square % 7]}{square // 7 + 1}"
        here = [s for s in shown if s // 3 == square]
        if not here:
            return f"{name}, empty"
        s = here[0]
        return f"{name}: {shown[s]} {SIZE_NAMES[s % 3]}"
