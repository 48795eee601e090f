"""The review of a game (``pyramid-lab review``, the window's Analysis > Review game): every
position of the game's line judged, its exact value first and the engine otherwise, and
each move given a verdict (:mod:`model.review`).

At each position before a move (and the last one), for the side to move:

0. the exact value (:class:`model.search.exact.Exact`: the game's book, then its compiled
   solver within ``EXACT_SHARE`` of the position's seconds, on one table for the whole
   line). Where it settles the position, the verdict is by the game's value alone: in a
   won position a move that keeps the win is best (the fastest win) or good, one after
   which the other side wins is a **missed win**; in a lost position no move is a flaw
   (the longest resistance is best). Else, with the time left:
1. the prover: does the mover win within ``PROVE_PLIES`` plies? If so the value is 1,
   exactly, and every winning first move is listed (a move outside that list, after which
   the mover is not proven to win, lets the win go: a **missed win**);
2. else: does the other side (of two) win within ``PROVE_PLIES - 1``? Then the value is 0;
3. else the engine (:func:`~model.search.analysis.analyse`, ``seconds`` a position): its
   win rate for the mover, its best move.

A move's verdict weighs what the move cost the mover: its value before the move less its
value after (the next position's value, turned to the mover's side) and, where the engine
judged the move in the position before, the best move's win rate less this move's, from
that one search; the smaller of the two counts (a move is blamed when both estimates agree,
so a short search's noise is not called a mistake):
best (the engine's or a winning move), good (it lost at most ``GOOD_LOSS`` of the
chance), inaccuracy (at most ``INACCURATE_LOSS``), mistake (more, or a move into a proven
loss), missed win (:class:`Judgement`: what the review knows of one position;
:func:`verdict_of`). A position where the side to move wins within a
bound by one move only is a puzzle spot (:class:`model.review.PuzzleSpot`), kept where a
missed win or a mistake let it come about.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from pyramid_lab.i18n import M_, Message

from ..game import Game, Move, SaidError
from ..review import (
    BEST,
    GOOD,
    INACCURACY,
    MISSED_WIN,
    MISTAKE,
    GameReview,
    MoveReview,
    PuzzleSpot,
)
from ..setup import start_copy
from .analysis import analyse
from .analysis_record import Analysis
from .choice import ProgressCallback
from .exact import Exact
from .prover import prove
from .registry import Plugin
from .solver import SolveResult
from .stop import Stop, stop_function

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


EXACT_SHARE = 0.5  # of a position's seconds, at most, for its exact value
BACK_SHARE = 0.25  # ... and once more, going back from a settled position (_settle_backwards)
PROVE_PLIES = 7  # the mover's forced wins within this many plies are called exactly
PROVE_SHARE = 0.5  # of a position's seconds, at most, for the two proofs


def unreviewable(game: Game, *, knowledge: Plugin) -> Message | None:
    """Why the game's line cannot be reviewed (a Message; None when it can); ``knowledge``:
    its plug-in."""
    title = game.title
    if len(game.players) != 2:
        return M_("{game} is not a two-player game: the review judges two-player games", game=title)
    if game.has_chance:
        return M_("{game} is a game of chance: the review judges games without chance", game=title)
    if game.simultaneous_turns:
        return M_(
            "{game} plays simultaneous turns: the review judges one mover at a time", game=title
        )
    if knowledge.own_levels:
        return M_("{game} has no engine analysis: its computer players are its own", game=title)
    return None


def judge(
    game: Game,
    *,
    seconds: float,
    stop: Callable[[], bool],
    exact: Exact,
    seed: int | None = None,
    progress: ProgressCallback | None = None,
) -> Judgement:
    """The value of ``game`` (left unchanged) for its side to move (see the module), by
    ``exact`` first (its table kept from one position to the next), then the prover and
    the engine, each handed the game's plug-in that ``exact`` holds."""
    if game.is_over():
        outcome = game.outcome()
        assert outcome is not None
        return Judgement(game.to_move, None, None, None, result=outcome.result)
    if game.current_player() < 0:
        raise SaidError(M_("the review judges positions with one player to move"))
    mover, other = game.to_move, game.other(game.to_move)
    started = time.perf_counter()
    knowledge = exact.knowledge
    settled = exact.value(game, seconds * EXACT_SHARE, stop)
    if settled is not None and settled.value in ("win", "loss"):  # (a book's draw: judged)
        left = max(seconds - (time.perf_counter() - started), 0.05)
        return _settled(game, settled, left, stop, knowledge)
    if stop():
        return Judgement(mover, None, None, None, stopped=True)
    seconds = max(seconds - (time.perf_counter() - started), seconds * (1 - EXACT_SHARE))
    started = time.perf_counter()
    limit = seconds * PROVE_SHARE
    win = _winners(game, PROVE_PLIES, limit, stop, knowledge)
    if win is not None:
        winners, plies = win
        return Judgement(mover, 1.0, "win", winners[0][0], winners, plies, every_winner=True)
    left = max(limit - (time.perf_counter() - started), 0.05)
    loss = prove(
        game, other, PROVE_PLIES - 1, line=False, max_seconds=left, stop=stop, knowledge=knowledge
    )
    if stop():
        return Judgement(mover, None, None, None, stopped=True)
    engine_seconds = max(seconds - (time.perf_counter() - started), seconds * 0.25)
    analysis = analyse(
        game,
        seconds=engine_seconds,
        stop=stop,
        seed=seed,
        progress=progress,
        knowledge=knowledge,
    )
    return _by_engine(mover, analysis, loss.result == "proven")


def _by_engine(mover: str, analysis: Analysis, lost: bool) -> Judgement:
    """The judgement by the engine's analysis (a win or loss it proved, else its win rate
    and every move's), or a loss the prover proved (``lost``) with the engine's best move."""
    best = str(analysis.moves[0].move) if analysis.moves else None
    if lost:
        return Judgement(mover, 0.0, "loss", best)
    if analysis.win is not None and analysis.win.side == mover:
        first = analysis.win.first_move
        winners = ((str(first), analysis.win.plies),) if first is not None else ()
        return Judgement(mover, 1.0, "win", best, winners, analysis.win.plies)
    if analysis.win is not None:
        return Judgement(mover, 0.0, "loss", best)
    rates = tuple((str(s.move), s.win_rate) for s in analysis.moves)
    return Judgement(
        mover,
        analysis.win_rate,
        None,
        best,
        stopped=analysis.stopped,
        rates=rates,
        visits=analysis.visits,
    )


def _winners(
    game: Game, within: int, seconds: float, stop: Callable[[], bool], knowledge: Plugin
) -> tuple[tuple[tuple[str, int], ...], int | None] | None:
    """Every first move of the side to move that wins within ``within`` plies, with its
    shortest win (shortest first), and the shortest win, as the prover lists them within
    ``seconds``; None where it proves no win."""
    win = prove(
        game,
        game.to_move,
        within,
        first_moves=True,
        line=False,
        max_seconds=seconds,
        stop=stop,
        knowledge=knowledge,
    )
    if win.result != "proven" or not win.first_moves:
        return None
    return tuple((str(m), plies) for m, plies in win.first_moves), win.plies


def _settled(
    game: Game,
    settled: SolveResult,
    seconds: float,
    stop: Callable[[], bool],
    knowledge: Plugin,
) -> Judgement:
    """The judgement of ``game`` by its settled value (``seconds`` left for the prover to
    list every winning first move of a short win, which a puzzle spot needs)."""
    mover = game.to_move
    started = time.perf_counter()
    wins = tuple(
        (move, plies)
        for move, value, plies in settled.first_moves
        if value == "win" and plies is not None
    )
    every = bool(settled.first_moves) and all(
        value != "unknown" for _, value, _ in settled.first_moves
    )
    plies = settled.plies
    if settled.value == "win" and not every and plies is not None and plies <= PROVE_PLIES:
        # every winning first move within the win's length (a puzzle spot needs them)
        left = max(seconds - (time.perf_counter() - started), 0.05)
        win = _winners(game, plies, left, stop, knowledge)
        if win is not None:
            wins, every = win[0], True
    known = tuple((m, v) for m, v, _ in settled.first_moves if v in ("win", "loss"))
    if settled.value == "win":
        return Judgement(
            mover,
            1.0,
            "win",
            settled.best_move,
            wins,
            settled.plies,
            every_winner=every,
            exact=True,
            plies=settled.plies,
            known=known,
        )
    return Judgement(
        mover, 0.0, "loss", settled.best_move, exact=True, plies=settled.plies, known=known
    )


def _settle_backwards(
    game: Game,
    line: list[Move],
    judgements: list[Judgement],
    seconds: float,
    stop: Callable[[], bool],
    exact: Exact,
) -> None:
    """Once more, from the end: a position left open just before a settled one is asked
    again (``BACK_SHARE`` of its seconds), the table now holding the proofs that came
    after it; each one settled so lets the one before it be asked too. This is where a
    side that was already lost would else be blamed for the move that let the prover see
    it (the engine had guessed it well off). ``judgements`` is updated in place."""
    positions = [start_copy(game)]
    for move in line[: len(judgements) - 1]:
        positions.append(positions[-1].copy())
        positions[-1].push(move)
    for index in range(len(judgements) - 2, -1, -1):
        here, after = judgements[index], judgements[index + 1]
        if here.exact or here.result is not None or stop():
            continue
        if not (after.exact or after.result is not None):
            continue
        position = positions[index]
        settled = exact.value(position, seconds * BACK_SHARE, stop)
        if settled is not None:
            left = seconds * BACK_SHARE
            judgements[index] = _settled(position, settled, left, stop, exact.knowledge)


def review(
    game: Game,
    *,
    seconds: float,
    progress: ProgressCallback | None = None,
    stop: Stop | None = None,
    seed: int | None = None,
    knowledge: Plugin,
) -> GameReview:
    """The review of the line of ``game`` (left unchanged) from its start to the position
    shown, ``seconds`` of thought a position (see the module). SaidError (a ValueError) for
    a game the review does not judge (:func:`unreviewable`). With ``stop`` the review ends early and
    judges the moves it reached (``stopped``). ``knowledge``: the game's plug-in, handed by
    the caller (``search.knowledge_for(game)``)."""
    why = unreviewable(game, knowledge=knowledge)
    if why is not None:
        raise SaidError(why)
    if not seconds > 0:
        raise SaidError(M_("seconds must be more than 0, not {seconds}", seconds=str(seconds)))
    stopped = stop_function(stop)
    report = progress or (lambda fraction, text: None)
    line = list(game.move_stack)
    position = start_copy(game)
    count = len(line) + 1
    judgements: list[Judgement] = []
    exact = Exact(knowledge)  # one table for the whole line
    for index in range(count):
        if stopped():
            break

        def part(fraction: float, text: str, i: int = index) -> None:
            said = M_("position {n} of {count}: {text}", n=i + 1, count=count, text=text)
            report((i + min(fraction, 1.0)) / count, said)

        part(0.0, M_("proving"))
        judgement = judge(
            position, seconds=seconds, stop=stopped, seed=seed, progress=part, exact=exact
        )
        if judgement.stopped and stopped():
            break
        judgements.append(judgement)
        if index < len(line):
            position.push(line[index])
    _settle_backwards(game, line, judgements, seconds, stopped, exact)
    first = game.players[0]
    values = tuple(
        _graph_value(judgements, index, line, first, game) for index in range(len(judgements))
    )
    moves, spots = _move_reviews(game, line, judgements)
    done = len(judgements) == count
    report(1.0, M_("review done") if done else M_("review stopped"))
    exact_points = tuple(j.exact or j.result is not None for j in judgements)
    return GameReview(
        tuple(moves),
        values,
        seconds,
        tuple(spots),
        stopped=not done,
        exact=exact_points,
        book_end=_book_end(game, line[: len(judgements)], knowledge),
    )


def _book_end(game: Game, line: list[Move], knowledge: Plugin) -> str:
    """Where the reviewed ``line`` leaves the game's book, in its words (a book may say
    them: :meth:`ValueBook.book_end`), at the first such position; '' where it never does."""
    book = knowledge.book
    if book is None:
        return ""
    position = start_copy(game)
    for index in range(len(line) + 1):
        words = book.book_end(position)
        if words:
            return M_("after ply {ply}, {words}", ply=index, words=words) if index else words
        if index < len(line):
            position.push(line[index])
    return ""


def _move_reviews(
    game: Game, line: list[Move], judgements: list[Judgement]
) -> tuple[list[MoveReview], list[PuzzleSpot]]:
    """Each judged move's review (its verdict from the judgements before and after it) and
    the puzzle spots its missed wins and mistakes leave, in the line's order."""
    moves: list[MoveReview] = []
    spots: list[PuzzleSpot] = []
    position = start_copy(game)
    for index in range(len(judgements) - 1):
        before, after = judgements[index], judgements[index + 1]
        move = line[index]
        verdict, better = verdict_of(before, after, move, position)
        side = before.to_move
        moves.append(
            MoveReview(
                index + 1,
                side,
                str(move),
                verdict,
                better,
                before.value,
                value_for(after, side),
                before.proven,
                estimate=before.value is not None and not before.exact,
                visits=before.visits or None,
            )
        )
        spot = None
        if verdict == MISSED_WIN:
            spot = _spot(index, before)
        elif verdict == MISTAKE:
            spot = _spot(index + 1, after)
        if spot is not None and spot not in spots:
            spots.append(spot)
        position.push(move)
    return moves, spots


def _graph_value(
    judgements: list[Judgement], index: int, line: list[Move], first: str, game: Game
) -> float | None:
    """The graph's value of position ``index`` for ``first``: its own, and where neither
    it nor the position before is proven, the mean of its own and the win rate the search
    before gave the move that led to it (each search favours its side to move a little;
    the two sides' searches, averaged, make a steadier graph)."""
    own = value_for(judgements[index], first)
    here = judgements[index]
    if index == 0 or own is None or here.proven is not None or here.result is not None:
        return own
    before = judgements[index - 1]
    if before.proven is not None or not before.rates:
        return own
    move = line[index - 1]
    rates = {game.parse_move(m): rate for m, rate in before.rates}
    if move not in rates:
        return own
    rate = rates[move] if before.to_move == first else 1.0 - rates[move]
    return (own + rate) / 2


def _spot(ply: int, judgement: Judgement) -> PuzzleSpot | None:
    """The puzzle at the position after ``ply`` moves, when its mover wins by one move
    only within the shortest win's plies."""
    if judgement.proven != "win" or judgement.win_plies is None or not judgement.every_winner:
        return None
    shortest = [w for w, p in judgement.winners if p <= judgement.win_plies]
    if len(shortest) != 1:
        return None
    return PuzzleSpot(ply, judgement.to_move, judgement.win_plies, shortest[0])
