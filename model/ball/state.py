"""Pyramid Ball's options (:class:`BallOptions`), its colours, special moves, targets and
restarts, the undo record :meth:`model.ball.PyramidBall.pop` restores (:class:`UndoRecord`)
and a pyramid named in words (:func:`pyramid_word`). The position itself is
:class:`model.ball.PyramidBall`'s (one object: its docstring says why); the board, the
programs and the row-by-row resolution of a turn are in :mod:`model.ball.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, Message

from ..words import colour
from .moves import ProgramSpace

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
    spaces: tuple[ProgramSpace, ProgramSpace] | None


def pyramid_word(side: str, size: str) -> Message:
    """A pyramid named by its colour and size (a letter) as a word: ``red's Medium``."""
    if size == "L":
        return M_("{colour}'s Large", colour=colour(side))
    if size == "M":
        return M_("{colour}'s Medium", colour=colour(side))
    return M_("{colour}'s Small", colour=colour(side))
