"""A minimal Qt-free signal, typed: the session, the view state and the lab's parts announce
changes with it, so the model-side objects stay testable without Qt and the front ends merely
observe them. ``Signal[[Change]]`` says what an emission carries (a ``Literal`` of the
change's names, or a small event class), and mypy checks every ``emit`` and every slot
connected against it: a misspelled change is a type error, not a branch never taken."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec

P = ParamSpec("P")


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
