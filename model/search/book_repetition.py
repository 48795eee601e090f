"""A book's value where the game's history repeats a position (issue 109 item 21): the
book's values are of positions without their history, and a repetition draws, so where a
position of the history occurred the rules' count less one times a value may not hold.
Loaded by a book only where a position repeated (a look-up without one loads none of it)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from pyramid_lab.i18n import M_, Message

from ..game import Game
from ..speed import repeats_in_history
from .book import DRAW, bare

#: A position's value from a book, without its history: (value, plies, exact), or None.
BareValue = Callable[[Game], "tuple[str, int, bool] | None"]


def repetition_positions(game: Game) -> list[Game]:
    """The positions of ``game``'s history, its own included, that one more occurrence
    makes a draw by repetition (each once, without its history): those that occurred the
    rules' count less one times or more ([] where none did, or the game counts none)."""
    if not repeats_in_history(game):
        return []
    limit = _limit(game)
    line = game.copy()
    seen: dict[Hashable, list[Any]] = {}
    while True:
        key = line.position_key()
        seen.setdefault(key, [0, None])
        seen[key][0] += 1
        if seen[key][1] is None:
            seen[key][1] = bare(line)
        if not line.move_stack:
            break
        line.pop()
    return [position for count, position in seen.values() if count >= limit - 1]


def repetition_may_change(game: Game, value_of: BareValue) -> bool:
    """Whether the repetition rule may change the value a book gives ``game``'s position
    (``value_of``: a position's value without its history), where its history repeats a
    position (issue 109 item 21). It may not where every position one more occurrence
    makes a draw (:func:`repetition_positions`) is known to the book and none is a win of
    the position's winner in fewer plies than the position's: the winner's exact strategy
    goes to ever shorter wins, so it never meets one of them again (and a position's
    count grows by one at most on it); a draw stays a draw (a repetition draws, it wins
    nothing). Anything the book does not know exactly may change it."""
    danger = repetition_positions(game)
    if not danger:
        return False
    found = value_of(bare(game))
    if found is None:
        return True
    value, plies, exact = found
    if value == DRAW:
        return False
    if not exact:
        return True
    winner = game.to_move if value == "win" else _other(game, game.to_move)
    for position in danger:
        known = value_of(position)
        if known is None:
            return True
        their, their_plies, their_exact = known
        if their == DRAW:
            continue
        mover = position.to_move
        if (mover if their == "win" else _other(position, mover)) != winner:
            continue  # a win of the other side: not on the winner's way
        if not their_exact or their_plies < plies:
            return True
    return False


def repetition_words(game: Game, value_of: BareValue) -> str:
    """What a front end says where the repetition rule may change the book's value of
    ``game``'s position (:func:`repetition_may_change`); '' where it may not."""
    if not repetition_may_change(game, value_of):
        return ""
    found = value_of(bare(game))
    limit = _limit(game)
    if found is None:
        return M_(
            "a position of this game occurred {count} times, and once more draws it "
            "(repetition): the book's values, of positions without their history, may not "
            "hold",
            count=limit - 1,
        )
    value, plies, _exact = found
    if value == DRAW:  # (never: a draw stays one)
        return ""
    winner = game.to_move if value == "win" else _other(game, game.to_move)
    return M_(
        "the book says {winner} wins in {plies} plies from this position without its "
        "history, but a position of this game occurred {count} times, and once more draws "
        "it (repetition): that may change the value, so it is proven by search",
        winner=Message(winner),
        plies=plies,
        count=limit - 1,
    )


def _other(game: Game, player: str) -> str:
    players = list(game.players)
    return players[1 - players.index(player)] if len(players) == 2 else player


def _limit(game: Game) -> int:
    """The occurrence of a position that draws ``game`` (its rules' ``repetition`` option;
    3, chess's, where it has none)."""
    count = game.options.to_json().get("repetition", 3)
    return count if isinstance(count, int) and not isinstance(count, bool) else 3
