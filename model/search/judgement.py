"""What a game's review knows of one position (:class:`Judgement`) and the verdict on a
move from the judgements before and after it (:func:`verdict_of`): see :mod:`.reviewer` for
the rules of each verdict."""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Game, Move
from ..review import BEST, GOOD, INACCURACY, MISSED_WIN, MISTAKE

GOOD_LOSS = 0.05  # a move that costs at most this much of the mover's chance is good
INACCURATE_LOSS = 0.15  # at most this much: an inaccuracy; more: a mistake


@dataclass(frozen=True)
class Judgement:
    """What the review knows of one position: the mover's value (None when the game is
    over, with ``result`` the winner or "draw"), how it was found ("proven" or the engine),
    the best move, and every winning first move with its plies when the mover wins."""

    to_move: str
    value: float | None
    proven: str | None  # "win", "loss" or None
    best: str | None
    winners: tuple[tuple[str, int], ...] = ()
    win_plies: int | None = None
    result: str | None = None
    stopped: bool = False
    every_winner: bool = False  # ``winners`` lists every winning first move (the prover's)
    rates: tuple[tuple[str, float], ...] = ()  # the engine's win rate of each move it judged
    #: The value is the game's, settled by the book or the solver (not the 7-ply prover's
    #: or the engine's): ``plies`` is then the win's length or the longest resistance.
    exact: bool = False
    plies: int | None = None
    #: What the exact search learnt of each move: (move, "win" / "loss" for the mover).
    known: tuple[tuple[str, str], ...] = ()
    visits: int = 0  # the engine's playouts behind an estimated value


def value_for(judgement: Judgement, side: str) -> float | None:
    """The value of a judged position for ``side``."""
    if judgement.result is not None:
        return 0.5 if judgement.result == "draw" else float(judgement.result == side)
    if judgement.value is None:
        return None
    return judgement.value if judgement.to_move == side else 1.0 - judgement.value


def verdict_of(
    before: Judgement, after: Judgement, move: Move, game: Game
) -> tuple[str, str | None]:
    """The verdict on ``move`` (played by ``before``'s mover at ``game``) and the better
    move, when one is named."""
    side = before.to_move
    value_before, value_after = before.value, value_for(after, side)
    parse = game.parse_move
    won_after = after.result == side or (after.proven == "loss" and after.to_move != side)
    if before.exact:
        return _by_value(before, after, move, game)
    if before.proven == "win":
        if any(parse(w) == move for w, _ in before.winners):
            shortest = before.winners[0][1]
            mine = next(p for w, p in before.winners if parse(w) == move)
            return (BEST, None) if mine == shortest else (GOOD, None)
        if won_after or (after.proven == "win" and after.to_move == side):
            return GOOD, None  # a longer win, proven all the same
        return MISSED_WIN, before.winners[0][0] if before.winners else before.best
    if before.best is not None and parse(before.best) == move:
        return BEST, None
    if value_before is None or value_after is None:
        return GOOD, None  # not judged (stopped): no blame
    if before.proven == "loss":
        return GOOD, None  # every move loses
    lost = value_before - value_after
    rates = {parse(m): rate for m, rate in before.rates}
    if move in rates and before.rates:  # the same search judged both moves: the cost is
        lost = min(lost, before.rates[0][1] - rates[move])  # what both estimates agree on
    lost_to_proof = after.proven == "win" and after.to_move != side
    if lost_to_proof or lost > INACCURATE_LOSS:
        return MISTAKE, before.best
    if lost > GOOD_LOSS:
        return INACCURACY, before.best
    return GOOD, None


def _by_value(
    before: Judgement, after: Judgement, move: Move, game: Game
) -> tuple[str, str | None]:
    """The verdict on ``move`` where the position before it is settled: by the game's
    value alone (see the module), never a flaw for a move that keeps the value."""
    side = before.to_move
    parse = game.parse_move
    known = {parse(m): p for m, p in before.winners}
    # the plies the mover's value takes after the move, as far as the next position says
    if after.result is not None:
        kept = after.result == side if before.proven == "win" else True
        plies_after: int | None = 0
    elif after.exact and after.proven is not None:
        kept = (after.proven == "loss") == (before.proven == "win")
        plies_after = after.plies
    elif before.proven == "win" and move in known:  # the next position unsettled in time
        kept, plies_after = True, known[move] - 1
    elif {parse(m): v for m, v in before.known}.get(move) == "loss":  # ... but the move
        kept, plies_after = before.proven == "loss", None  # is proven to lose
    else:  # unsettled after the move: no blame without a proof
        return GOOD, None
    if before.proven == "loss":  # every move loses: the longest resistance is best
        longest = plies_after is not None and before.plies == plies_after + 1
        return (BEST, None) if longest or before.best == str(move) else (GOOD, None)
    if not kept:
        better = before.best or (before.winners[0][0] if before.winners else None)
        return MISSED_WIN, better
    fastest = plies_after is not None and before.plies == plies_after + 1
    return (BEST, None) if fastest else (GOOD, None)
