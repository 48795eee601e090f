"""A minimal Qt-free signal: the session and the view state announce changes with it, so
the model-side objects stay testable without Qt and the scene merely observes them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Signal:
    """Callbacks connected to a change; ``emit`` calls each with the change's arguments."""

    def __init__(self) -> None:
        self._slots: list[Callable[..., Any]] = []

    def connect(self, slot: Callable[..., Any]) -> None:
        self._slots.append(slot)

    def disconnect(self, slot: Callable[..., Any]) -> None:
        self._slots.remove(slot)

    def emit(self, *args: Any) -> None:
        for slot in list(self._slots):
            slot(*args)
