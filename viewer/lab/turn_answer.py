"""What a turn builder answers to a click, to Finish turn or to a part handed in
(:class:`viewer.lab.game_ui.TurnBuilder`): a frozen, typed answer, never a bare string.

``Ready(move)``: the turn is complete, play ``move``; ``Stepped()``: the turn being built
advanced (a stone selected, a part handed in) and there is nothing to play yet;
``Declined(reason)``: the click does nothing, and ``reason`` says why in the game's words.
The board's verbs (:mod:`viewer.lab.board`) turn these into an
:data:`viewer.lab.outcome.Outcome`.
"""

from __future__ import annotations

from dataclasses import dataclass

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
