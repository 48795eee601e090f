"""What a hand on the board did (:meth:`viewer.lab.board.Board.click`, ``finish``,
``play``), as a frozen, typed answer: a move played, a step drawn, a point picked, or
refused with its words. A front end reads it instead of comparing the position before
and after or listening to the status line (the classroom's page: a refusal is its
message). ``words`` is what the board said of it last ('' when nothing), the status line's
text as the window shows it."""

from __future__ import annotations

from dataclasses import dataclass

from pyramid_lab.model.game import Move


@dataclass(frozen=True)
class Played:
    """``move`` was played (a lesson judges it; the computer may have answered)."""

    move: Move
    words: str = ""


@dataclass(frozen=True)
class Drawn:
    """A step drawn and nothing played: a step of the turn being built (a stone
    selected, a group shown), a set-up painted. ``words``: what the board said of it (a
    ball's group described, why no ball goes there)."""

    words: str = ""


@dataclass(frozen=True)
class Picked:
    """A click-points task's point picked (``kept``), or let go (not ``kept``).
    ``offer``: the words offering the point the ball clicked hides ('' when none)."""

    point: tuple[int, ...]
    kept: bool
    words: str = ""
    offer: str = ""


@dataclass(frozen=True)
class Refused:
    """Nothing happened, and ``words`` say why ('' when nothing took the click): a mode
    busy, a rule, a click that moves nothing (with the way to the points its ball hides)."""

    words: str = ""


#: What a hand on the board did (the module's text).
Outcome = Played | Drawn | Picked | Refused
