"""A minimal Qt-free signal, typed, and the lab's events a front end follows.

The session, the view state and the lab's parts announce changes with a :class:`Signal`, so
the model-side objects stay testable without Qt and the front ends merely observe them.
``Signal[[Change]]`` says what an emission carries (a ``Literal`` of the change's names, or
a small event class), and mypy checks every ``emit`` and every slot connected against it:
a misspelled change is a type error, not a branch never taken.

How the lab takes a change of its session in, for every front end (:meth:`viewer.lab.Lab.
follow`), it publishes as :data:`Following` events, each a frozen record of what happened,
in the order it happens: a front end with widgets of its own (the window's docks and
scene) subscribes once (``lab.follows``) and dispatches by the event's type."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Literal, ParamSpec

P = ParamSpec("P")

#: Why the position changed, as ``Session.changed`` says it: a move, undo, redo, goto (a
#: node of the tree), load, new, lines (a line deleted), saved (the same position, now in a
#: file), puzzle (the puzzle texts edited), review (a review of the line made: saved with
#: the file).
PositionChange = Literal[
    "move", "undo", "redo", "goto", "load", "new", "lines", "saved", "puzzle", "review"
]


class Signal(Generic[P]):
    """Callbacks connected to a change; ``emit`` calls each with the change's arguments."""

    def __init__(self) -> None:
        self._slots: list[Callable[P, object]] = []

    def connect(self, slot: Callable[P, object]) -> None:
        self._slots.append(slot)

    def disconnect(self, slot: Callable[P, object]) -> None:
        self._slots.remove(slot)

    def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for slot in list(self._slots):
            slot(*args, **kwargs)


@dataclass(frozen=True)
class PositionKept:
    """The position on the board stays (now in a file, its puzzle texts edited, a review
    of the line made): nothing is taken in."""

    reason: PositionChange


@dataclass(frozen=True)
class PositionComing:
    """A new position is about to be taken in (``reason``), nothing changed yet and
    nothing drawn until it is; ``leaving``: another game's UI replaces the one on show,
    which is still there (its docks with it)."""

    reason: PositionChange
    leaving: bool


@dataclass(frozen=True)
class UIReady:
    """The game UI for the new position is in place (another game's, ``switched``: the
    last one closed); a new turn on it and the UI told of the position come next."""

    reason: PositionChange
    switched: bool


@dataclass(frozen=True)
class PositionTaken:
    """The board took the new position in: a new turn built, the game UI told. Nothing
    drawn yet."""

    reason: PositionChange


@dataclass(frozen=True)
class PartsFollowed:
    """The lab's parts followed a new position (a search, a review or an analysis of the
    last one is void); the board is drawn next."""

    reason: PositionChange


@dataclass(frozen=True)
class PuzzleFollowed:
    """The puzzle desk (and Solve mode) followed a change of the session, kept position or
    new; the lesson judges its answer next."""

    reason: PositionChange


#: What the lab publishes as it follows a change of its session, in this order:
#: :class:`PositionKept`, or :class:`PositionComing`, :class:`UIReady`,
#: :class:`PositionTaken` and :class:`PartsFollowed`; then :class:`PuzzleFollowed`.
Following = PositionKept | PositionComing | UIReady | PositionTaken | PartsFollowed | PuzzleFollowed
