"""A turn builder (:class:`TurnBuilder`: one per position, made by a game UI) turns clicks
on sites into a move, and answers a click, Finish turn or a part handed in with a frozen,
typed answer, never a bare string.

``Ready(move)``: the turn is complete, play ``move``; ``Stepped()``: the turn being built
advanced (a stone selected, a part handed in) and there is nothing to play yet;
``Declined(reason)``: the click does nothing, and ``reason`` says why in the game's words.
The board's verbs (:mod:`viewer.lab.board`) turn these into an
:data:`viewer.lab.outcome.Outcome`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar, runtime_checkable

from pyramid_lab.model.game import Move


@dataclass(frozen=True)
class Ready:
    """The turn is complete: ``move`` is to be played."""

    move: Move


@dataclass(frozen=True)
class Stepped:
    """A step of the turn being built, nothing to play yet (the board is redrawn)."""


@dataclass(frozen=True)
class Declined:
    """Nothing happens; ``reason`` says why (a rule, the game over, where to act instead)."""

    reason: str

    def __post_init__(self) -> None:
        if not isinstance(self.reason, str) or not self.reason:
            raise ValueError(f"reason: a sentence saying why, not {self.reason!r}")


#: What a turn builder answers (the module's text).
TurnAnswer = Ready | Stepped | Declined

#: The one answer of a step (the dataclass has no fields: one value says it).
STEPPED = Stepped()


def ready_or_declined(move: Move, reason: str | None) -> Ready | Declined:
    """``Declined(reason)`` where the rules say why ``move`` is illegal, else ``Ready(move)``."""
    return Declined(reason) if reason else Ready(move)


class TurnBuilder(Protocol):
    """Turns clicks on sites into a move for one position."""

    @property
    def building(self) -> bool:
        """A turn is half built (Cancel turn undoes that)."""

    @property
    def can_finish(self) -> bool:
        """The turn waits for Finish turn."""

    def pieces(self) -> Mapping[int, str]:
        """The board as it looks with the turn built so far: site -> colour."""

    def click(self, site: int) -> TurnAnswer: ...

    def finish(self) -> TurnAnswer: ...

    def cancel(self) -> None: ...

    def prompt(self) -> str:
        """What to do next, for the status bar ('' when nothing special)."""


@runtime_checkable
class JointTurn(TurnBuilder, Protocol):
    """The turn builder of a game with simultaneous nodes (a game without one need not
    have ``submit``)."""

    def submit(self, side: int, part: Move) -> TurnAnswer:
        """``side``'s part of the joint move (the computer's): ``Ready`` with the joint move
        once every part is in, else ``Stepped``, or ``Declined`` saying why the part is
        refused."""


Turn = TypeVar("Turn", bound=TurnBuilder)
