"""The books of proven values as the rest of the search asks them, each handed the book
(the game's plug-in's, or None): which of the books handed a file is, a position's value
and its moves' values at once, and a solve's answer from the book (:func:`from_book`).
The door's ``books`` namespace (:mod:`model.search.wiring.books`) asks it which book a file
is, handing it every game's.
:mod:`.book` is the shared reader, writer and verdicts beneath every book
(:class:`model.search.value_book.ValueBook`).
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_

from ..game import Game, PositionFormatError
from .book import DRAW, PerfectMove, PerfectValue, _read_book_json, best_first, reply
from .solver import SolveResult

if TYPE_CHECKING:
    from .value_book import ValueBook


def book_game(path: Path | str, books: Mapping[str, ValueBook]) -> str:
    """The game whose book the file at ``path`` is among ``books`` (game name -> its book),
    by its format (each game's book knows its own); PositionFormatError naming the file
    where it cannot be read or is none of theirs."""
    raw = _read_book_json(path)
    name = next((name for name, book in books.items() if book.owns(raw)), None)
    if name is None:
        games: str = ""
        for game in books:  # (the games' names: notation)
            games = M_("{first} or {second}", first=games, second=game) if games else game
        raise PositionFormatError(
            "", M_("{path}: not a book of {games}", path=str(path), games=games)
        )
    return name


def perfect_value(game: Game, book: ValueBook | None) -> PerfectValue | None:
    """The position's value with perfect play for the side to move when the game's
    ``book`` knows it at once: an object with ``value`` ("win" / "loss" / "draw"), ``plies``,
    ``exact`` and ``source``; None when it does not (or there is no book)."""
    return None if book is None else book.perfect_value(game)


def perfect_moves(
    game: Game,
    book: ValueBook | None,
    max_seconds: float = 2.0,
    stop: Callable[[], bool] | None = None,
    waited: Callable[[float, float, bool], None] | None = None,
) -> tuple[PerfectMove, ...] | None:
    """Every legal move's value with perfect play for the side to move, when the game's
    ``book`` knows them all (its entries, an endgame solved within ``max_seconds``): a
    sequence of objects with ``move`` (its text), ``value`` ("win" / "loss"), ``plies``,
    ``exact`` and ``source``; None when it does not (or there is no book). ``waited``: told
    the compiled core's first load or compile (:meth:`.value_book.ValueBook.perfect_moves`)."""
    if book is None:
        return None
    return book.perfect_moves(game, max_seconds=max_seconds, stop=stop, waited=waited)


def _known_replies(game: Game, book: ValueBook) -> tuple[PerfectMove, ...]:
    """The moves whose position the book knows, where it does not know them all (a book
    keeps the winning reply of a position it settled with it): wins first."""
    out = []
    for move in game.legal_moves():
        child = game.copy()
        child.push(move)
        known = None if child.is_over() else perfect_value(child, book)
        if known is not None:
            out.append(reply(move, known.value, known.plies, known.exact, "book"))
    return best_first(out)


def from_book(game: Game, book: ValueBook | None) -> SolveResult | None:
    """The position's value from the game's ``book``, at once and without a search, with
    every first move's value where the book has them all (else those it has); None where
    the book does not know the position (or there is none)."""
    start = time.perf_counter()
    known = perfect_value(game, book)
    if known is None or book is None:
        return None
    moves = perfect_moves(game, book, max_seconds=0.0) or _known_replies(game, book)
    firsts = tuple((m.move, m.value, None if m.value == DRAW else m.plies) for m in moves)
    # wins first, the shortest first, then draws, then losses, the longest first: the best
    # leads
    best = moves[0].move if moves and moves[0].value == known.value else None
    return SolveResult(
        known.value,
        None if known.value == DRAW else known.plies,
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
