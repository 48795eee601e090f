"""A part made at its first use, by the maker its owner was handed (or holds) when it was
made: a window that never shows the part never builds it (the Lesson dock's steps and
the teacher's lesson editor: 123 of a Partition window's 429 widgets). Made once; nothing is
written into it afterwards but by its owner, as into a part made at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class FirstUse(Generic[T]):
    """``make()``'s part, made at the first call and the same one at every call after."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._made: T | None = None

    def __call__(self) -> T:
        if self._made is None:
            self._made = self._make()
        return self._made

    @property
    def made(self) -> T | None:
        """The part if it was made (None: nobody used it yet)."""
        return self._made
