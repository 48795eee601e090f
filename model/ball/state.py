"""Pyramid Ball's position: the options, what a position holds (each pyramid's square, the
ball, the offence, the goal-row rule, the scores and the special moves) and what it shows
(the ball's square, the pieces, the key of the position).

The game is built in layers, one module each: this position, the moves
(:mod:`model.ball.moves`: the programs a side may enter, the choice of a special move, and
why a move is not legal), the file ``state`` (:mod:`model.ball.files`) and the game itself
(:mod:`model.ball`: construction, applying a turn, the end). The board, the programs and
the row-by-row resolution of a turn are in :mod:`model.ball.rules`.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, Message

from ..game import SIMULTANEOUS, TERMINAL, Piece
from ..setup import StatefulGame
from ..speed import SearchHooks
from ..words import colour
from .report import TurnReport
from .rules import COLS, FILE_SIZE, OFF, SIZE_LETTERS, square_name

COLOURS = ("red", "blue")
SPECIALS = ("dash", "quick_pass", "blitz")  # the order they are gained in
TARGETS = {"basic": 1, "advanced": 6}
RESTARTS = ("sheet", "formation")


@dataclass(frozen=True, slots=True)
class BallOptions:
    mode: str = "basic"
    offence_may_follow_defender: bool = False
    tackle_on_contact: bool = True
    restart: str = "sheet"
    defensive_score_ends_turn: bool = False

    @property
    def target(self) -> int:
        return TARGETS[self.mode]

    @property
    def plays_on(self) -> bool:
        """The sheet's restart in the advanced game: after a point that does not win, the
        turn goes on (a tackle or interception with the roles swapped at once, unless
        ``defensive_score_ends_turn``)."""
        return self.mode == "advanced" and self.restart == "sheet"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "mode": self.mode,
            "offence_may_follow_defender": self.offence_may_follow_defender,
            "tackle_on_contact": self.tackle_on_contact,
            "restart": self.restart,
        }
        if self.defensive_score_ends_turn:  # written only when set: older files stay equal
            data["defensive_score_ends_turn"] = True
        return data


@dataclass(frozen=True, slots=True)
class UndoRecord:
    """What ``pop`` restores: the position before a move."""

    pos: tuple[int, ...]
    carrier: int
    ball: int
    offence: int
    barred: int | None
    scores: tuple[int, int]
    held: tuple[frozenset[str], frozenset[str]]
    gained: tuple[frozenset[str], frozenset[str]]
    choosing: tuple[int, ...]
    spaces: Any


class BallPosition(StatefulGame, SearchHooks):
    """The position and what it shows; :class:`model.ball.PyramidBall` sets these
    attributes up."""

    _options: BallOptions
    _pos: list[int]  # pid (side * 3 + k) -> square
    _carrier: int  # OFF: the ball lies loose on _ball
    _ball: int
    _offence: int
    _barred: int | None  # the side barred from its goal row
    _scores: list[int]
    _held: tuple[frozenset[str], frozenset[str]]  # the special moves each side holds
    _gained: tuple[frozenset[str], frozenset[str]]  # ... and has gained, held or used
    _choosing: tuple[int, ...]  # the sides still to choose a special move, in order
    _granted: list[tuple[tuple[str, str], ...]]
    _undo: list[UndoRecord]
    _reports: list[TurnReport | None]  # None: a special move's choice, no turn resolved
    _spaces: Any  # the two sides' program spaces, once listed (model.ball.moves)
    _setup_state: dict[str, Any] | None

    def current_player(self) -> int:
        """SIMULTANEOUS while both sides program a turn; the scored-on side's index while
        it chooses a special move (after a point, advanced game); TERMINAL at the end."""
        if self.is_over():
            return TERMINAL
        return self._choosing[0] if self._choosing else SIMULTANEOUS

    @property
    def to_move(self) -> str:
        """The offence: the colour whose pyramid carries the ball (with the ball loose,
        the side that scored it there); while a special move is chosen, the chooser."""
        return COLOURS[self._choosing[0] if self._choosing else self._offence]

    @property
    def choosing(self) -> str | None:
        """The colour choosing a special move now, or None."""
        return COLOURS[self._choosing[0]] if self._choosing and not self.is_over() else None

    @property
    def offence(self) -> int:
        return self._offence

    @property
    def carrier(self) -> tuple[str, str] | None:
        """(colour, size letter) of the pyramid with the ball; None while it lies loose."""
        if self._carrier == OFF:
            return None
        return COLOURS[self._carrier // 3], SIZE_LETTERS[self._carrier % 3]

    def carrier_square(self) -> str:
        """The ball's square: its carrier's, or where it lies loose."""
        return self.ball_square()

    def ball_square(self) -> str:
        """The ball's square: its carrier's, or where it lies loose."""
        if self._carrier == OFF:
            return square_name(self._ball)
        return square_name(self._pos[self._carrier])

    @property
    def loose_ball(self) -> str | None:
        """The square the ball lies loose on (advanced restart), or None while carried."""
        return square_name(self._ball) if self._carrier == OFF else None

    @property
    def goal_row_barred(self) -> str | None:
        """The colour under the goal-row rule (it may not enter its goal row), or None."""
        return COLOURS[self._barred] if self._barred is not None else None

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(COLOURS, self._scores, strict=True))

    def specials(self, colour: str) -> list[str]:
        """The special moves ``colour`` holds, in the sheet's order."""
        held = self._held[COLOURS.index(colour)]
        return [s for s in SPECIALS if s in held]

    def pyramids(self) -> list[tuple[str, str, str, bool]]:
        """(square, colour, size letter, carries the ball) of each pyramid on the board."""
        return [
            (square_name(sq), COLOURS[p // 3], SIZE_LETTERS[p % 3], p == self._carrier)
            for p, sq in enumerate(self._pos)
            if sq != OFF
        ]

    def pieces(self) -> list[Piece]:
        return [
            ((sq % COLS, sq // COLS, FILE_SIZE[p % 3]), COLOURS[p // 3])
            for p, sq in enumerate(self._pos)
            if sq != OFF
        ]

    def position_key(self) -> Hashable:
        return (
            tuple(self._pos),
            self._carrier,
            self._ball,
            self._offence,
            self._barred,
            tuple(self._scores),
            self._held,
            self._gained,
            self._choosing,
        )

    def last_effect(self) -> TurnReport | None:
        """The last move's resolution, row by row (None after a special move's choice)."""
        return self._reports[-1] if self._reports else None

    def last_turn(self) -> TurnReport | None:
        """The last turn resolved (choices of special moves since then aside)."""
        return next((r for r in reversed(self._reports) if r is not None), None)

    def ball_json(self) -> dict[str, Any]:
        """The ball: its carrier's colour and size (None while loose), its square, loose."""
        carrier = self.carrier
        return {
            "colour": carrier[0] if carrier else None,
            "size": carrier[1] if carrier else None,
            "square": self.ball_square(),
            "loose": carrier is None,
        }

    def ball_text(self) -> Message:
        """'ball: red's Medium on d4' or 'ball loose on c8 (red on offence)' (a Message)."""
        carrier = self.carrier
        square = self.ball_square()
        if carrier is None:
            offence = colour(COLOURS[self._offence])
            return M_("ball loose on {square} ({colour} on offence)", square=square, colour=offence)
        return M_("ball: {pyramid} on {square}", pyramid=pyramid_word(*carrier), square=square)


def pyramid_word(side: str, size: str) -> Message:
    """A pyramid named by its colour and size (a letter) as a word: ``red's Medium``."""
    if size == "L":
        return M_("{colour}'s Large", colour=colour(side))
    if size == "M":
        return M_("{colour}'s Medium", colour=colour(side))
    return M_("{colour}'s Small", colour=colour(side))
