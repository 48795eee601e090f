"""A minimal Qt-free signal, typed, and the lab's events a front end follows.

The session, the view state and the lab's parts announce changes with a :class:`Signal`, so
the model-side objects stay testable without Qt and the front ends merely observe them.
``Signal[[Change]]`` says what an emission carries (a ``Literal`` of the change's names, or
a small event class), and mypy checks every ``emit`` and every slot connected against it:
a misspelled change is a type error, not a branch never taken.

How the lab took a change of its session in, for every front end (:meth:`viewer.lab.Lab.
follow`), it publishes as :data:`Following` events once it has (napari's typed events: the
window follows the model, it sits in on none of its steps), at most two, each a frozen
record: what changed of the UI, then the position taken and why. A front end (the window,
a classroom student's hand) subscribes once (``lab.follows``) and dispatches by type."""

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

#: What the engine announces (``Engine.changed``): "thinking" (a search began), "done" (it
#: ended: the bar goes), "stopped" (ended with nothing to play: the board shows that),
#: "hint", "players" (who plays a seat changed).
EngineChange = Literal["thinking", "done", "stopped", "hint", "players"]

#: What ``Lab.changed`` says (:mod:`viewer.lab.lab`): the engine's changes, passed on, and
#: the lab's own.
LabChange = EngineChange | Literal["lesson", "analysis", "analysis dropped", "title", "table built"]


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
class UIChanged:
    """Another document came (``reason``: load or new): the words on the last go and the
    game UI for it is in place (another game's, ``switched``: the last one closed, its
    docks with it). Nothing taken in or drawn yet: :class:`PositionTaken` comes next."""

    reason: PositionChange
    switched: bool


@dataclass(frozen=True)
class PositionTaken:
    """The lab took a new position in, the whole change (``reason``): the board a new
    turn and its UI told, a search, a review or an analysis of the last void, the puzzle
    desk followed. Nothing drawn yet: the board is drawn next, then the lesson judges."""

    reason: PositionChange


@dataclass(frozen=True)
class PositionKept:
    """The position on the board stays (``reason``: now in a file, its puzzle texts
    edited, a review of the line made): nothing is taken in; the puzzle desk followed."""

    reason: PositionChange


#: What the lab publishes once it has followed a change of its session, at most two:
#: :class:`UIChanged` (another document), then :class:`PositionTaken`; or
#: :class:`PositionKept` alone.
Following = UIChanged | PositionTaken | PositionKept
