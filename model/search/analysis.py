"""The engine's analysis of a position (the window's Analysis dock, ``pyramid-lab analyze
--engine``): the strong agent's win rate for the side to move and its statistics for every
legal move, then the prover's shortest forced win within a few plies, for the side to move
or for the other side.

``analyse(game, seconds=..., progress=None, stop=None, threads=1) -> Analysis``. The
caller's game is never changed. The agent (the level "strong" of :func:`agent_for`, judging
every root move) takes the time the prover does not keep (at least ``PROVE_SHARE`` of
``seconds``; the prover also gets what the agent leaves over). ``progress(fraction, text)``
is called a few times a second; ``stop`` (a threading.Event or a callable returning True)
ends the analysis early with what it has.

``threads``: where the agent is the compiled MCTS, it searches on that many threads at once
(root-parallel, see :mod:`model.search.compiled.agent`): in the same seconds some N times
the playouts on N cores; ``visits`` counts them all. The window and ``pyramid-lab analyze
--engine`` pass the cores (:func:`model.search.levels.default_threads`); one thread, the
default here, is repeatable from ``seed``.

``seconds`` is a promise on every board: everything after the compiled core is loaded
(:func:`model.search.compiled.warm.ready`, once a process, saying so: a first use's
compile is never on the clock) runs to one deadline, the board's tables, the book's values,
the search, the prover and the passes after them, and what is not done by then is left out
and said (:attr:`Analysis.cut_short`): the moves no playout reached are not ranked, a book's
values of the rest not looked up. Past the deadline only the step under way finishes (a random
playout's ply, a prover's node, a compiled slice: hundredths of a second) and the work that
grows with the number of legal moves (listing and ranking them, some 10 microseconds a
move: a few tenths of a second on a base-50 pyramid's 42,925); once a forced win is proven,
its length and line get ``GRACE_SHARE`` of ``seconds`` more at most
(``tests/bench/deadlines.py`` measures it all). One exception, so that a verdict does not
depend on the machine's load: the exact step counts CPU seconds of its thread (issue 58:
:mod:`.exact_budget`, which also gives it no time where it cannot settle the position),
and the wall seconds a busy machine adds to them move the deadline on as much.

The proven side is here too: the game's own perfect-play values of every move and their
line (a book, a table, an endgame solve), the prover's shortest forced win, a win the agent
or the book proved, and the winning move put first. The record it answers is apart
(:mod:`.analysis_record`: the door hands it out without the analysis).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pyramid_lab.i18n import M_, N_, Message, Mn_, number

from ..game import Game, Move, SaidError
from ..words import joined
from . import exact_budget, prover_words
from .analysis_record import Analysis, ProvenWin, perfect_by, proven_win
from .book import DRAW, VALUES, PerfectMove
from .choice import Agent, Choice, Limits, MoveStat, ProgressCallback
from .exact import Exact
from .exact_budget import Deadline, core_ready, cpu_clock, exact_seconds, unsettled
from .kernels import adapter_for, has_kernel
from .levels import agent_for
from .proof_rank import book_replies, marked, ranked
from .registry import Plugin
from .shelf import perfect_moves, perfect_value
from .solver import SolveResult
from .stop import SearchStopped, Stop, stop_function
from .threads import check_threads
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
        return None, _prover_cut_short(searched, stopped()), searched
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


def _prover_cut_short(searched: int, stopped: bool) -> Message:
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


PROVE_PLIES = 7  # the prover looks for wins within this many plies (4 moves of the mover)
PROVE_SHARE = 0.25  # of the time kept for the prover at least
GRACE_SECONDS = 0.5  # once a win is proven, time to find its length, first move and line
GRACE_SHARE = 0.1  # ... but never more than this share of the seconds past the deadline
STOPPED_PASS = 0.05  # seconds of search that rank every move after a stop while solving
EXACT_SHARE = 0.25  # of the seconds, at most, for the compiled solver to settle the position
EXACT_MOVES_SHARE = 0.9  # ... and once it has, at most this share of them in all for its moves
#: The engine's refusals (Messages: said in the reader's language where they are shown).
NOT_TURNS = M_("the engine analyses positions with one player to move, not simultaneous turns")
NO_ANALYSIS = M_(
    "no engine analysis for chance games yet: this game's computer players (its own) do "
    "not judge the moves"
)
NO_ANALYSIS_HERE = M_(
    "no analysis here: the engine analyses positions with one player to move, not "
    "simultaneous turns"
)


def unanalysable(game: Game, *, knowledge: Plugin) -> Message | None:
    """Why the engine does not analyse ``game``'s position (a Message), or None where it
    does: a game whose computer players are its own (chance, scores as returns), or a
    running game where no one player is to move (the window's words). ``knowledge``: its
    plug-in."""
    if knowledge.own_levels:
        return NO_ANALYSIS
    if not game.is_over() and game.current_player() < 0:
        return NO_ANALYSIS_HERE
    return None


@dataclass(frozen=True, slots=True)
class _Asked:
    """What every step of one analysis is handed: the game, its plug-in, the seconds asked,
    the progress and the stop."""

    game: Game
    knowledge: Plugin
    seconds: float
    report: ProgressCallback
    stopped: Callable[[], bool]

    @property
    def book(self) -> ValueBook | None:
        return self.knowledge.book


def analyse(
    game: Game,
    *,
    seconds: float,
    progress: ProgressCallback | None = None,
    stop: Stop | None = None,
    seed: int | None = None,
    prove_plies: int = PROVE_PLIES,
    threads: int = 1,
    knowledge: Plugin,
) -> Analysis:
    """The analysis of ``game`` (left unchanged) in about ``seconds`` (see the module).
    ValueError for a running game where no one player is to move (a simultaneous or a
    chance node): its moves cannot be ranked for a side to move; for ``threads`` not 1 to
    :data:`model.search.levels.MAX_THREADS`. ``knowledge``: the game's plug-in, handed by the
    caller (``search.knowledge_for(game)``)."""
    _check(game, seconds, threads, knowledge)
    clock = Deadline.starting(seconds)  # the one deadline (see the module)
    asked = _Asked(game, knowledge, seconds, progress or _silent, stop_function(stop))
    if game.is_over():
        return _over(game, asked.report)
    time_left = max(0.0, min(clock.left(), PERFECT_SECONDS))
    perfect = perfect_moves(game, asked.book, time_left, asked.stopped, waited=clock.wait_off)
    if perfect:  # the book's (or a table's) answer: no compiled search loaded (issue 76)
        return _perfect(asked, perfect, clock)
    replies, all_looked_up = _before_search(asked, progress, clock)
    settled: SolveResult | None = None
    solved: tuple[PerfectMove, ...] = ()
    if has_kernel(knowledge):
        settled, solved, complete = _settle(asked, clock)
        if complete:
            return _perfect(asked, solved, clock)
    agent, _ = agent_for(
        game, "strong", knowledge=knowledge, seed=seed, every_move=True, threads=threads
    )
    share = 1 - PROVE_SHARE
    choice = _search(asked, agent, clock, share, stop)
    moves, cuts = _judged_moves(choice, replies, all_looked_up)
    win, verdict, exact, drawn_by = _verdict(asked, choice, settled, clock, prove_plies, share)
    if solved:  # the moves the solver settled are proven, whatever the engine guessed
        moves = marked(moves, {p.move: p for p in solved}, over=True)
    win, win_rate, moves = _with_win(game, moves, win, choice.win_rate)
    value = "draw" if drawn_by else None if win is None else "win" if win_rate else "loss"
    stopped = choice.stopped or asked.stopped()
    cut_short = _cut_short(cuts, stopped)
    asked.report(1.0, win.text if win is not None else M_("not proven: {verdict}", verdict=verdict))
    return Analysis(
        *(game.name, game.to_move, len(game.move_stack), choice.agent, win_rate),
        *(ranked(moves, value), win, verdict, choice.visits, choice.depth),
        *(time.perf_counter() - clock.start, choice.pv, stopped),
        exact=exact,
        cut_short=cut_short,
        legal=len(choice.stats),
        book_end=_book_end(game, asked.book),
        drawn_by=drawn_by,
        search_win_rate=choice.win_rate,
    )


def _silent(_fraction: float, _text: str) -> None:
    """No one hears the progress."""


def _check(game: Game, seconds: float, threads: int, knowledge: Plugin) -> None:
    """SaidError (a ValueError) for what the analysis cannot do (see :func:`analyse`)."""
    if not seconds > 0:
        raise SaidError(M_("seconds must be more than 0, not {seconds}", seconds=str(seconds)))
    check_threads(threads)
    if not game.is_over() and game.current_player() < 0:
        raise SaidError(NOT_TURNS)
    if game.has_chance or knowledge.own_levels:
        raise SaidError(NO_ANALYSIS)


def _over(game: Game, report: ProgressCallback) -> Analysis:
    """The analysis of a game that is over: its result, nothing to rank."""
    outcome = game.outcome()
    assert outcome is not None
    report(1.0, M_("the game is over"))
    return Analysis(
        game.name,
        game.to_move,
        len(game.move_stack),
        "",
        None,
        (),
        None,
        "",
        0,
        0,
        0.0,
        result=outcome.result,
    )


def _perfect(asked: _Asked, perfect: Sequence[PerfectMove], clock: Deadline) -> Analysis:
    """The analysis from the game's perfect-play values of every move, said."""
    game, book, stopped = asked.game, asked.book, asked.stopped
    analysis = perfect_analysis(game, book, perfect, clock.start, stopped, clock.end)
    asked.report(1.0, analysis.proven_text)
    return analysis


def _before_search(
    asked: _Asked, progress: ProgressCallback | None, clock: Deadline
) -> tuple[dict[str, PerfectMove], bool]:
    """What the book proves of each move, before anything else takes the time, and past
    the deadline if need be (a millisecond a move once the book's key is loaded): proof
    ranks before estimate, even on a busy machine (issue 89); whether it looked up every
    move. The compiled core made ready meanwhile, off the clock by
    :mod:`.exact_budget`'s rule (:func:`.exact_budget.core_ready`: a compile whole, a load
    up to :data:`.exact_budget.LOAD_OFF_CLOCK` or the stretch of its processor seconds, the
    rest on it; issue 111 item 1, issue 109 item 22)."""
    game, knowledge = asked.game, asked.knowledge
    waited, processor = time.perf_counter(), exact_budget.cpu_clock()  # (the core's first
    if has_kernel(knowledge):  # import, an install's machine code shared into numba's cache
        from .compiled import first_use  # folder there, is the load's; a compile said first)

        first_use.foretell(first_use.PARTS, progress)
    waited, processor = time.perf_counter() - waited, exact_budget.cpu_clock() - processor
    replies, all_looked_up = book_replies(game, asked.book, None, asked.stopped)
    began, cpu0 = time.perf_counter(), exact_budget.cpu_clock()  # (the kernel's import,
    adapter = adapter_for(game, knowledge)  # numba's with it, is the load's)
    if adapter is not None:  # the compiled core made ready, its waits by the one rule
        waited += time.perf_counter() - began
        core_ready(progress, clock, before=(waited, processor + exact_budget.cpu_clock() - cpu0))
        adapter.context()  # this board's tables (a base-6 pyramid's: 0.3 s), on the clock
    return replies, all_looked_up


def _settle(
    asked: _Asked, clock: Deadline
) -> tuple[SolveResult | None, tuple[PerfectMove, ...], bool]:
    """Exact first (issue 45): the compiled solver settles the position within its share,
    then every move (on the one table) while the time lasts; the engine judges the rest.
    Its time is CPU seconds of this thread, and only as much as the position's size and
    the solver's past say it can use (issue 58, :mod:`.exact_budget`); the wall seconds a
    busy machine adds to it are added to the deadline: the engine keeps its share. The
    position's value (None: not settled), the moves settled, whether they are all."""
    game, seconds, stopped = asked.game, asked.seconds, asked.stopped
    asked.report(0.0, M_("solving"))
    settler = Exact(asked.knowledge)
    cpu0, wall0 = cpu_clock(), time.perf_counter()
    share = exact_seconds(game, seconds * EXACT_SHARE, seconds, game.legal_move_count())
    settled = settler.value(game, min(max(0.0, clock.left()), share), stopped)
    if settled is None and share > 0 and not stopped():
        unsettled(game, cpu_clock() - cpu0)
    solved: tuple[PerfectMove, ...] = ()
    if settled is not None:
        value = M_(settled.value) if settled.value in ("win", "loss", "draw") else settled.value
        asked.report(EXACT_SHARE, M_("settled: {value}; solving each move", value=value))
        budget = seconds * EXACT_MOVES_SHARE - (cpu_clock() - cpu0)
        solved, complete = settler.known_moves(
            game, max(0.0, budget), stopped, least=seconds * EXACT_SHARE
        )
        if complete and solved:
            return settled, solved, True
    clock.end += max(0.0, (time.perf_counter() - wall0) - (cpu_clock() - cpu0))
    return settled, solved, False


def _search(
    asked: _Asked,
    agent: Agent,
    clock: Deadline,
    share: float,
    stop: Stop | None,
) -> Choice:
    """The strong agent's judgement of every root move in its ``share`` of the time left
    (the prover keeps the rest); one short pass when stopped while solving."""
    search_seconds = max(clock.left(), 0.0) * share

    def search_progress(fraction: float, text: str) -> None:
        asked.report(fraction * share, text)

    limits, engine_stop = Limits(seconds=max(search_seconds, 1e-3)), stop
    if asked.stopped():  # stopped while solving: one short pass still ranks every move
        limits, engine_stop = Limits(seconds=STOPPED_PASS), None
    return agent.choose(asked.game, limits, search_progress, engine_stop)


def _judged_moves(
    choice: Choice, replies: dict[str, PerfectMove], all_looked_up: bool
) -> tuple[tuple[MoveStat, ...], list[str]]:
    """The moves shown, marked with what the book proves, and what was cut short, in words."""
    cuts: list[str] = []
    moves, legal = choice.stats, len(choice.stats)
    if choice.unjudged:  # the moves the search never judged are left out, not shown as such
        judged = _judged(choice)  # (but for those the book proves)
        ranked_words = N_("{ranked} of {legal} moves ranked (the search reached no others)")
        cuts.append(M_(ranked_words, ranked=number(len(judged)), legal=number(legal)))
        moves = tuple(s for s in moves if s in judged or str(s.move) in replies)
    if not all_looked_up:
        found = number(len(replies))
        cuts.append(
            M_(
                "the book's values of {found} of {legal} moves found",
                found=found,
                legal=number(legal),
            )
        )
    return marked(moves, replies), cuts


def _cut_short(cuts: list[str], stopped: bool) -> str:
    """What the time limit (or a stop) left undone, in words ('' where nothing)."""
    if not cuts:
        return ""
    if stopped:
        return M_("stopped: {cuts}", cuts=joined(cuts, "; "))
    return M_("out of time: {cuts}", cuts=joined(cuts, "; "))


def _verdict(
    asked: _Asked,
    choice: Choice,
    settled: SolveResult | None,
    clock: Deadline,
    prove_plies: int,
    share: float,
) -> tuple[ProvenWin | None, str, bool, str]:
    """The win proven (the prover's, the agent's, the book's or the solver's, in that
    order), the prover's verdict in words, whether the win's length is exact, and what
    proved the position a draw ('' where nothing did)."""
    game, stopped = asked.game, asked.stopped
    win: ProvenWin | None = None
    verdict, searched = UNKNOWN_STOPPED, 0
    if not choice.stopped and not stopped():
        grace = min(GRACE_SECONDS, asked.seconds * GRACE_SHARE)
        win, verdict, searched = prove_win(
            game, asked.knowledge, clock.end, grace, prove_plies, asked.report, share, stopped
        )
    if win is None:
        win = agent_win(game, choice, searched)
    exact, drawn_by = True, ""
    if win is None:  # a book may know the position, if not each of its moves
        win, exact, drawn_by = known_win(game, asked.book)
    if settled is not None and settled.value == DRAW and not drawn_by:  # (the book's)
        drawn_by = perfect_by(["book"])
    if win is None and settled is not None and settled.value in VALUES:  # the solver did
        win = _solved_win(game, settled)
        exact = settled.plies is not None and settled.plies_exact
    return win, verdict, exact, drawn_by


def _solved_win(game: Game, settled: SolveResult) -> ProvenWin:
    """The win or loss the compiled solver settled."""
    side = game.to_move if settled.value == "win" else game.other(game.to_move)
    first = (
        game.parse_move(settled.best_move)
        if settled.value == "win" and (settled.best_move is not None)
        else None
    )
    plies = settled.plies if settled.plies is not None else settled.depth
    return proven_win(game, side, plies, first, [], perfect_by(["solved"]))


def _with_win(
    game: Game, moves: tuple[MoveStat, ...], win: ProvenWin | None, win_rate: float | None
) -> tuple[ProvenWin | None, float | None, tuple[MoveStat, ...]]:
    """The win with its first move, the win rate and the moves as the proof says: the
    winning move first, or every move lost."""
    if win is not None and win.side == game.to_move and win.first_move is None:
        won = sorted((s.plies or 0, i) for i, s in enumerate(moves) if s.proven == "win")
        if won:
            win = dataclasses.replace(win, first_move=moves[won[0][1]].move)
    if win is not None and win.side == game.to_move:
        return win, 1.0, first_marked(moves, win)
    if win is not None:  # every move loses
        lost = tuple(
            s if s.proven == "loss" else dataclasses.replace(s, win_rate=0.0, proven="loss")
            for s in moves
        )
        return win, 0.0, lost
    return win, win_rate, moves


def _book_end(game: Game, book: ValueBook | None) -> str:
    """The book's words where it ends (:meth:`ValueBook.book_end`)."""
    return book.book_end(game) if book is not None else ""


def _judged(choice: Choice) -> tuple[MoveStat, ...]:
    """The root moves the search judged (see :attr:`Choice.unjudged`): a visit or a proof
    each, or none at all when ``unjudged`` counts every move (alpha-beta without one
    finished depth)."""
    if choice.unjudged >= len(choice.stats):
        return ()
    return tuple(s for s in choice.stats if s.visits or s.proven is not None)
