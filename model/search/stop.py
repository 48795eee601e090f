"""How a search is told to stop (a callable that returns True, a threading.Event, or
nothing) and what it raises when stopped (:class:`SearchStopped`): a module of its own,
light, so that the players' shared types and the books need no kernel and no solver."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class SearchStopped(Exception):
    """The time limit ran out or the user interrupted the search."""


Stop = Callable[[], bool] | Any  # a callable returning True to stop, or a threading.Event


def stop_function(stop: Stop | None) -> Callable[[], bool]:
    """A threading.Event (anything with ``is_set``), a callable or None, as a callable."""
    if stop is None:
        return lambda: False
    if hasattr(stop, "is_set"):
        is_set: Callable[[], bool] = stop.is_set
        return is_set
    return stop
