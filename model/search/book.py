"""A game's book of proven values (its plug-in's ``book``), asked the same way for every
game: the position's value at once, every move's value where the book (or a quick endgame
solve) knows them all, and the position's value as a :class:`SolveResult` for the door's
``solve``."""

from __future__ import annotations

import resource
import time
from typing import Any

from ..game import Game
from .registry import plugin_for, plugins
from .solver import SolveResult


def book_games() -> list[str]:
    """The names of the games with a book of proven values."""
    return [p.game for p in plugins() if p.book is not None]


def book_for(game: Game | type[Game] | str) -> Any:
    """The game's book module (``BOOK_PATH``, ``Book``, ``build``, ``version_of``,
    ``verify_entries``; see :class:`model.search.registry.Plugin`), or None."""
    return plugin_for(game).book


def perfect_value(game: Game) -> Any:
    """The position's value with perfect play for the side to move when the game's book
    knows it at once: an object with ``value`` ("win" / "loss"), ``plies``, ``exact`` and
    ``source``; None when it does not."""
    book = plugin_for(game).book
    return None if book is None else book.perfect_value(game)


def perfect_moves(game: Game, max_seconds: float = 2.0, stop: Any = None) -> Any:
    """Every legal move's value with perfect play for the side to move, when the game knows
    them all (its book, an endgame solved within ``max_seconds``): a sequence of objects
    with ``move`` (its text), ``value`` ("win" / "loss"), ``plies``, ``exact`` and
    ``source``; None when it does not."""
    book = plugin_for(game).book
    return None if book is None else book.perfect_moves(game, max_seconds=max_seconds, stop=stop)


def from_book(game: Game) -> SolveResult | None:
    """The position's value from the game's book, at once and without a search, with every
    first move's value where the book has them all; None where the book does not know the
    position."""
    start = time.perf_counter()
    known = perfect_value(game)
    if known is None:
        return None
    moves = perfect_moves(game, max_seconds=0.0) or ()  # the book's, or none: no search
    firsts = tuple((m.move, m.value, m.plies) for m in moves)
    # wins first, the shortest first, then losses, the longest first: the best leads
    best = moves[0].move if moves and moves[0].value == known.value else None
    return SolveResult(
        known.value,
        known.plies,
        best,
        known.plies,
        0,
        time.perf_counter() - start,
        0,
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        None,
        known.exact,
        firsts,
        "book",
        "book",
    )
