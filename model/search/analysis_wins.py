"""The proven side of an analysis (:func:`.analysis.analyse`): the game's own perfect-play
values of every move and their line (a book, a table, an endgame solve), the prover's
shortest forced win, a win the agent or the book proved, and the winning move put first."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence

from pyramid_lab.i18n import M_, Message, Mn_

from ..game import Game, Move
from . import prover_words
from .analysis_record import Analysis, ProvenWin, perfect_by, proven_win
from .book import DRAW, PerfectMove
from .choice import Choice, MoveStat, ProgressCallback
from .registry import Plugin
from .shelf import perfect_moves, perfect_value
from .stop import SearchStopped
from .value_book import ValueBook

PERFECT_SECONDS = 2.0  # at most, for a game's own perfect-play values (an endgame solve)
PERFECT_DRAW_LINE = 12  # plies of a drawn position's best line shown, at most


def known_win(game: Game, book: ValueBook | None) -> tuple[ProvenWin | None, bool, str]:
    """The winner by the game's own perfect-play value of the position (a book), whether
    its length is exact, and what proved it a draw ('' where it is none); (None, True,
    '') when the game does not know it."""
    known = perfect_value(game, book)
    if known is None:
        return None, True, ""
    by = perfect_by([known.source])
    if known.value == DRAW:
        return None, True, by
    side = game.to_move if known.value == "win" else game.other(game.to_move)
    return proven_win(game, side, known.plies, None, [], by), known.exact, ""


def perfect_analysis(
    game: Game,
    book: ValueBook | None,
    perfect: Sequence[PerfectMove],
    start: float,
    stopped: Callable[[], bool] = lambda: False,
    end: float | None = None,
) -> Analysis:
    """The analysis from the game's own perfect-play values of every move (a book, an
    endgame solve): no search, the proven values only; the line as far as it goes by
    ``end``."""
    by_text = {str(move): move for move in game.legal_moves()}
    moves = tuple(
        MoveStat(
            by_text[p.move],
            0,
            {"win": 1.0, "loss": 0.0}.get(p.value, 0.5),
            None,
            p.value,
            None if p.value == DRAW else p.plies,
            p.exact,
        )
        for p in perfect
    )
    sources = sorted({p.source for p in perfect})
    agent = perfect_by(sources)
    best = perfect[0]
    mover = game.to_move
    plies = PERFECT_DRAW_LINE if best.value == DRAW else best.plies
    line = perfect_line(game, book, best.move, plies, stopped, end)
    whole = line if len(line) == best.plies else []  # a part line cannot count the moves
    win: ProvenWin | None = None
    if best.value == "win":
        win = proven_win(game, mover, best.plies, by_text[best.move], whole, agent)
    elif best.value == "loss":
        win = proven_win(game, game.other(mover), best.plies, None, whole, agent)
    return Analysis(
        game.name,
        mover,
        len(game.move_stack),
        agent,
        {"win": 1.0, "loss": 0.0}.get(best.value, 0.5),
        moves,
        win,
        "proven",
        0,
        0,
        time.perf_counter() - start,
        tuple(str(m) for m in line),
        exact=best.exact,
        legal=len(moves),
        drawn_by=agent if best.value == DRAW else "",
    )


def perfect_line(
    game: Game,
    book: ValueBook | None,
    first: str,
    plies: int,
    stopped: Callable[[], bool] = lambda: False,
    end: float | None = None,
) -> list[Move]:
    """The best line from the game's perfect-play values, as far as they go (each position
    after the first move asks again, briefly; in all at most PERFECT_SECONDS, not past
    ``end`` and not after ``stopped``)."""
    copy = game.copy()
    line: list[Move] = []
    text = first
    deadline = time.perf_counter() + PERFECT_SECONDS
    if end is not None:
        deadline = min(deadline, end)
    while True:
        move = copy.parse_move(text)
        line.append(move)
        copy.push(move)
        left = min(0.5, deadline - time.perf_counter())
        if copy.is_over() or len(line) >= plies or left <= 0 or stopped():
            return line
        perfect = perfect_moves(copy, book, max_seconds=left, stop=stopped)
        if not perfect:
            return line
        text = perfect[0].move


def prove_win(
    game: Game,
    knowledge: Plugin,
    deadline: float,
    grace: float,
    max_plies: int,
    report: ProgressCallback,
    share: float,
    stopped: Callable[[], bool],
) -> tuple[ProvenWin | None, Message, int]:
    """The shortest forced win within ``max_plies`` plies: the side to move within 1, 3, 5,
    ... plies, the other side (of two) within 2, 4, ..., shortest first. Returns the win,
    the verdict in words, and the plies within which neither side was found to win. Once a
    win is proven, its length, first move and line get ``grace`` seconds more at most."""
    mover = game.to_move
    sides = [mover] + ([game.other(mover)] if len(game.players) == 2 else [])
    begin = time.perf_counter()
    budget = max(deadline - begin, 1e-3)
    until = [deadline]

    def out_of_time() -> bool:
        return stopped() or time.perf_counter() > until[0]

    def prover_progress(_fraction: float, text: str) -> None:
        done = min(1.0, (time.perf_counter() - begin) / budget)
        report(share + (1 - share) * done * 0.99, M_("prover: {text}", text=text))

    from .prover import Prover  # its compiled proof searches: loaded when it is run

    provers = {
        side: Prover(game, side, stop=out_of_time, progress=prover_progress, knowledge=knowledge)
        for side in sides
    }
    searched = 0  # plies within which no side wins
    try:
        for within in range(1, max_plies + 1):
            side = sides[(within - 1) % len(sides)]
            prover = provers[side]
            prover._task = prover_words.within_plies(side, within)
            prover_progress(0.0, M_("{task}?", task=prover._task))
            if not prover.wins_within(within):
                searched = within
                continue
            until[0] = max(until[0], time.perf_counter() + grace)
            plies, first, line = within, None, []
            try:
                plies = prover.shortest(within) or within
                first = prover.winning_move(plies) if side == mover else None
                line = prover.line(plies)
            except SearchStopped:
                pass  # proven all the same; the details are what time allowed
            return proven_win(game, side, plies, first, line, "prover"), PROVEN, searched
    except SearchStopped:
        return None, _cut_short(searched, stopped()), searched
    finally:
        for prover in provers.values():
            prover._path.clear()
    return None, _no_forced_win(max_plies), max_plies


#: The prover's verdict where it found the win.
PROVEN = M_("proven")
#: ... where it was stopped before it settled anything.
UNKNOWN_STOPPED = M_("unknown (stopped)")


def _no_forced_win(plies: int) -> Message:
    """The prover's verdict where it searched all its ``plies`` and found no win."""
    return Mn_(
        "no forced win within {plies} ply", "no forced win within {plies} plies", plies, plies=plies
    )


def _cut_short(searched: int, stopped: bool) -> Message:
    """The prover's verdict when it was stopped (``stopped``) or ran out of time after
    finding no win within ``searched`` plies (none: unknown)."""
    if not searched:
        return UNKNOWN_STOPPED if stopped else M_("unknown (out of time)")
    after = {"plies": searched, "next": searched + 1}
    if stopped:
        return Mn_(
            "no forced win within {plies} ply (stopped before {next})",
            "no forced win within {plies} plies (stopped before {next})",
            searched,
            **after,
        )
    return Mn_(
        "no forced win within {plies} ply (out of time before {next})",
        "no forced win within {plies} plies (out of time before {next})",
        searched,
        **after,
    )


def agent_win(game: Game, choice: Choice, disproven: int) -> ProvenWin | None:
    """A win or loss the agent proved beyond the ``disproven`` plies the prover searched
    in vain, as a forced win."""
    if choice.proven not in ("win", "loss") or not choice.plies or choice.plies <= disproven:
        return None
    if choice.proven == "win":
        first = choice.move
        return proven_win(game, game.to_move, choice.plies, first, [], choice.agent)
    if len(game.players) != 2:
        return None
    return proven_win(game, game.other(game.to_move), choice.plies, None, [], choice.agent)


def first_marked(moves: tuple[MoveStat, ...], win: ProvenWin) -> tuple[MoveStat, ...]:
    """The proven winning move first, marked won."""
    if win.first_move is None:
        return moves
    chosen = [s for s in moves if s.move == win.first_move]
    if not chosen:
        return moves
    rest = tuple(s for s in moves if s.move != win.first_move)
    first = chosen[0]
    plies = first.plies if first.proven == "win" else win.plies
    return (dataclasses.replace(first, win_rate=1.0, proven="win", plies=plies), *rest)
