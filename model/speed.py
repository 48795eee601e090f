"""Speed hooks a game may offer the search, beside its rules, and move-path counting.

The search walks any game through its public moves: :func:`search_moves` is
``legal_moves()``, :func:`push_search` is ``push``. A game with faster ways subclasses
:class:`SearchHooks` and overrides what it has: moves in a cheaper form and a better order
(Pyraos's raw masks, Pyramid Ball's sample of joint moves), a push that skips re-checking a
move the generator made, a faster :meth:`SearchHooks.perft`. (A key equal under the
board's symmetries is search knowledge: the game's search plug-in's ``search_key``.) These are
no rules: the games keep them here and the search asks through the functions below, so a
game without them still plays and is searched.
"""

from __future__ import annotations

from typing import Any

from pyramid_lab.i18n import M_

from .game import Game, SaidError


class SearchHooks(Game):
    """The hooks the search asks of a game; the defaults go through the public moves."""

    def search_moves(self) -> list[Any]:
        """Legal moves in the order search should try them, in any form push_search takes."""
        return list(self.legal_moves())

    def push_search(self, move: Any) -> None:
        """Play a move from :meth:`search_moves` without re-checking it."""
        self.push(move)

    def perft(self, depth: int) -> int:
        """:func:`perft`'s count for this position; a game may count faster."""
        return count_paths(self, depth)

    def repeats_in_history(self) -> bool:
        """Whether some position of the game so far has occurred twice or more (a game
        whose rules count repetitions says; none here)."""
        return False


def search_moves(game: Game) -> list[Any]:
    """``game``'s moves in the order search should try them, in any form
    :func:`push_search` takes (:meth:`SearchHooks.search_moves`; the legal moves)."""
    return game.search_moves() if isinstance(game, SearchHooks) else list(game.legal_moves())


def push_search(game: Game, move: Any) -> None:
    """Play a move of :func:`search_moves` without re-checking it."""
    if isinstance(game, SearchHooks):
        game.push_search(move)
    else:
        game.push(move)


def repeats_in_history(game: Game) -> bool:
    """Whether a position of ``game``'s history has occurred twice or more
    (:meth:`SearchHooks.repeats_in_history`; never in a game that counts no repetitions): a
    value of the position without its history (a book's, a kernel's) may not hold then."""
    return isinstance(game, SearchHooks) and game.repeats_in_history()


def public_moves(game: Game) -> bool:
    """True when :func:`search_moves` gives ``game``'s legal moves themselves (the
    protocol's :class:`~model.game.Move` values), so no push is needed to read one."""
    return not isinstance(game, SearchHooks) or type(game).search_moves is SearchHooks.search_moves


def perft(game: Game, depth: int) -> int:
    """The number of move sequences of length ``depth`` from the position (a finished
    game has none); the position is left as it was."""
    return game.perft(depth) if isinstance(game, SearchHooks) else count_paths(game, depth)


def count_paths(game: Game, depth: int) -> int:
    """:func:`perft` through :func:`search_moves` and :func:`push_search`. Iterative (an
    explicit stack), so any depth is safe."""
    if depth < 0:
        raise SaidError(M_("depth must be 0 or more, not {depth}", depth=str(depth)))
    if depth == 0:
        return 1
    if game.is_over():
        return 0
    if depth == 1:
        return game.legal_move_count()
    total = 0
    stack = [iter(search_moves(game))]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                game.pop()
            continue
        push_search(game, move)
        if game.is_over():
            game.pop()
        elif len(stack) == depth - 1:
            total += game.legal_move_count()
            game.pop()
        else:
            stack.append(iter(search_moves(game)))
    return total
