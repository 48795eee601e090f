"""Proof ranks before estimate (STYLE lesson 36, issue 89): what a game's book proves of a
position's moves, looked up before any search, and the one order every front end lists
moves in: the proven wins (the shortest first), then the moves not proven and the proven
draws, then the proven losses (the longest resistance first). A search's win rate orders
moves only within their rank.

The moves not proven come before the proven draws where the position is a proven win and
no move is proven to win (the winning move is among them), after them otherwise (a move
not proven is at best a draw in a drawn position, and may lose). :func:`proof_words`
says, in the same words for the Analysis dock, Hint and ``analyze --engine``, what is
proven of the moves and, where the position is won and its winning move is not known,
that it is among the moves not proven.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_, Mn_

from ..game import Game
from ..showing import with_lost
from .book import DRAW, RANK, PerfectMove, reply
from .choice import Choice, MoveStat
from .shelf import perfect_value

if TYPE_CHECKING:
    from .value_book import ValueBook

#: A move's place: its rank (win, not proven, draw, loss), then its length within it.
Rank = tuple[float, int]
#: A proven win's rank among the others with no length known (listed after those with one).
_NO_LENGTH = 1 << 30


def book_replies(
    game: Game,
    book: ValueBook | None,
    end: float | None = None,
    stopped: Callable[[], bool] = lambda: False,
) -> tuple[dict[str, PerfectMove], bool]:
    """Each legal move of ``game`` whose position the game's ``book`` knows at once (a
    millisecond each: no search), by the move's text, with its value for the side that
    plays it; and whether every move was looked up (False where ``end``, a
    ``time.perf_counter()`` deadline, or ``stopped`` came first)."""
    found: dict[str, PerfectMove] = {}
    if book is None or game.is_over() or not book.may_know(game):
        return found, True  # (a large board of rules the book has nothing of: at once)
    for move in game.legal_moves():
        if (end is not None and time.perf_counter() > end) or stopped():
            return found, False
        child = game.copy()
        child.push(move)
        known = None if child.is_over() else perfect_value(child, book)
        if known is not None:
            found[str(move)] = reply(move, known.value, known.plies, known.exact, known.source)
    return found, True


def marked(
    stats: Iterable[MoveStat], replies: dict[str, PerfectMove], *, over: bool = False
) -> tuple[MoveStat, ...]:
    """``stats`` with the value in ``replies`` of each move there, where the search proved
    nothing of it (with ``over``, whatever it proved); the win rate of a proven move is
    its value's (1, 0.5 or 0)."""
    out = []
    for stat in stats:
        known = replies.get(str(stat.move))
        if known is not None and (over or stat.proven is None):
            plies = None if known.value == DRAW else known.plies
            rate = {"win": 1.0, "loss": 0.0}.get(known.value, 0.5)
            stat = dataclasses.replace(
                stat, proven=known.value, plies=plies, exact=known.exact, win_rate=rate
            )
        out.append(stat)
    return tuple(out)


def _order(stats: tuple[MoveStat, ...], position: str | None) -> Callable[[MoveStat], Rank]:
    """The sort key of :func:`ranked`: (rank, length) of a move among ``stats``."""
    wins = any(s.proven == "win" for s in stats)
    open_rank = 0.5 if position == "win" and not wins else 1.5  # before or after draws

    def key(stat: MoveStat) -> Rank:
        if stat.proven not in RANK:
            return open_rank, 0
        plies = _NO_LENGTH if stat.plies is None else stat.plies
        return RANK[stat.proven], (plies if stat.proven == "win" else -plies)

    return key


def ranked(stats: Iterable[MoveStat], position: str | None = None) -> tuple[MoveStat, ...]:
    """``stats`` in the order of proof (see the module); ``position``: the position's
    proven value for the side to move ("win", "loss", "draw"), None where not known. The
    order within a rank is the one given (the search's)."""
    stats = tuple(stats)
    return tuple(sorted(stats, key=_order(stats, position)))


def proof_words(stats: Iterable[MoveStat], position: str | None, legal: int = 0) -> str:
    """What is proven of the moves, where some are proven and some are not, in words
    ('' where all or none are): how many are proven lost (listed last), and, where the
    position is a proven win and no move is proven to win, that the winning move is one
    of the moves not proven. ``legal``: the legal moves, where ``stats`` has only some."""
    stats = tuple(stats)
    proven = sum(s.proven is not None for s in stats)
    open_moves = max(legal, len(stats)) - proven
    if not open_moves or not proven:
        return ""
    lost = sum(s.proven == "loss" for s in stats)
    if position == "win" and not any(s.proven == "win" for s in stats):
        said = M_("the winning move is one of the {count} not proven", count=open_moves)
    else:
        said = Mn_(
            "{count} move not proven", "{count} moves not proven", open_moves, count=open_moves
        )
    return with_lost(said, lost)


def proven_choice(game: Game, choice: Choice, book: ValueBook | None) -> tuple[Choice, str]:
    """``choice`` (a search's move for ``game``'s side to move) where the ``book`` proves
    nothing better, else the best move by proof (:func:`ranked`, the search's order within
    a rank), its statistics the search's where it has them; and what is proven of the
    moves in words (:func:`proof_words`, '' where nothing or everything is). The Hint asks
    it: it never recommends a move proven lost while a move not proven lost is left."""
    if choice.move is None or book is None:
        return choice, ""
    replies, _ = book_replies(game, book)
    if not replies:
        return choice, ""
    known = perfect_value(game, book)
    position = None if known is None else known.value
    stats = {str(s.move): s for s in choice.stats}
    given = [stats.get(str(m), MoveStat(m, 0, 0.0)) for m in game.legal_moves()]
    given.sort(key=lambda s: (str(s.move) != str(choice.move), -s.visits))
    order = ranked(marked(given, replies), position)
    words = proof_words(order, position)
    key = _order(order, position)
    best = order[0]
    mine = next(s for s in order if str(s.move) == str(choice.move))
    if key(mine)[0] <= key(best)[0]:  # the search's move is of the best rank
        return dataclasses.replace(choice, stats=order), words
    better = dataclasses.replace(
        choice,
        move=best.move,
        win_rate=best.win_rate,
        pv=(str(best.move),),
        stats=order,
        proven=best.proven,
        plies=best.plies,
    )
    return better, words
