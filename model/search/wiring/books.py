"""The door's ``books`` namespace: the books of proven values (:mod:`model.search.shelf`),
each game's its plug-in's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ...game import Game
from ..book import PerfectMove, PerfectValue
from ..registry import plugin_for, plugins
from ..shelf import book_game as _book_game
from ..shelf import from_book as _from_book
from ..shelf import perfect_moves as _perfect_moves
from ..shelf import perfect_value as _perfect_value
from ..solver import SolveResult

if TYPE_CHECKING:
    from ..value_book import ValueBook


def book_games() -> list[str]:
    """The names of the games with a book of proven values."""
    return [p.game for p in plugins() if p.book is not None]


def book_for(game: Game | type[Game] | str) -> ValueBook | None:
    """The game's book (``BOOK_PATH``, ``Book``, ``build``, ``version_of``,
    ``verify_entries``: :class:`model.search.value_book.ValueBook`), or None."""
    return plugin_for(game).book


def book_game(path: Path | str) -> str:
    """The game whose book the file at ``path`` is, by its format (each game's book knows
    its own); PositionFormatError naming the file where it cannot be read or is none of
    theirs."""
    books = {p.game: p.book for p in plugins() if p.book is not None}
    return _book_game(path, books)


def perfect_value(game: Game) -> PerfectValue | None:
    """:func:`model.search.shelf.perfect_value` by ``game``'s book."""
    return _perfect_value(game, plugin_for(game).book)


def perfect_moves(
    game: Game, max_seconds: float = 2.0, stop: Callable[[], bool] | None = None
) -> tuple[PerfectMove, ...] | None:
    """:func:`model.search.shelf.perfect_moves` by ``game``'s book."""
    return _perfect_moves(game, plugin_for(game).book, max_seconds, stop)


def from_book(game: Game) -> SolveResult | None:
    """:func:`model.search.shelf.from_book` by ``game``'s book."""
    return _from_book(game, plugin_for(game).book)
