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
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import showing
from ..game import Game, Move
from .book import DRAW, VALUES, PerfectMove
from .choice import Choice, Limits, MoveStat, ProgressCallback
from .exact import Exact
from .exact_budget import cpu_clock, exact_seconds, unsettled
from .kernels import adapter_for, has_kernel
from .levels import agent_for
from .proof_rank import book_replies, marked, proof_words, ranked
from .registry import Plugin
from .shelf import perfect_moves, perfect_value
from .solver import SearchStopped, SolveResult
from .stop import Stop, stop_function
from .threads import check_threads
from .value_book import ValueBook

PROVE_PLIES = 7  # the prover looks for wins within this many plies (4 moves of the mover)
PROVE_SHARE = 0.25  # of the time kept for the prover at least
GRACE_SECONDS = 0.5  # once a win is proven, time to find its length, first move and line
GRACE_SHARE = 0.1  # ... but never more than this share of the seconds past the deadline
PERFECT_SECONDS = 2.0  # at most, for a game's own perfect-play values (an endgame solve)
STOPPED_PASS = 0.05  # seconds of search that rank every move after a stop while solving
EXACT_SHARE = 0.25  # of the seconds, at most, for the compiled solver to settle the position
EXACT_MOVES_SHARE = 0.9  # ... and once it has, at most this share of them in all for its moves
PERFECT = "perfect play"
PERFECT_DRAW_LINE = 12  # plies of a drawn position's best line shown, at most
SOURCE_WORDS = {
    "book": "opening book",
    "solved": "solved now",
    "rules": "the rules",
    "table": "the whole-game table",
}
NOT_TURNS = "the engine analyses positions with one player to move, not simultaneous turns"
NO_ANALYSIS = (
    "no engine analysis for chance games yet: this game's computer players (its own) do "
    "not judge the moves"
)


def unanalysable(game: Game, *, knowledge: Plugin) -> str | None:
    """Why the engine does not analyse ``game``'s position, or None where it does: a game
    whose computer players are its own (chance, scores as returns), or a running game
    where no one player is to move (the window's words). ``knowledge``: its plug-in."""
    if knowledge.own_levels:
        return NO_ANALYSIS
    if not game.is_over() and game.current_player() < 0:
        return f"no analysis here: {NOT_TURNS}"
    return None


@dataclass(frozen=True, slots=True)
class ProvenWin:
    """A forced win: ``side`` wins in ``moves`` of its own moves (``plies`` in all) whatever
    the others do; ``first_move`` is the winning move when ``side`` is to move; ``line`` a
    principal line; ``by`` the prover or the agent that proved it."""

    side: str
    plies: int
    moves: int
    first_move: Move | None
    line: tuple[str, ...]
    by: str

    @property
    def text(self) -> str:
        """'proven: red wins in 1 move (1,1,1)'."""
        word = "move" if self.moves == 1 else "moves"
        first = f" ({self.first_move})" if self.first_move is not None else ""
        return f"proven: {self.side} wins in {self.moves} {word}{first}"

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "moves": self.moves,
            "plies": self.plies,
            "first_move": None if self.first_move is None else str(self.first_move),
            "line": list(self.line),
            "by": self.by,
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the engine makes of a position.

    ``win_rate`` is the chance (0..1) for ``to_move`` (1 or 0 when a win is proven; None
    when the game is over); ``moves`` has every legal move once, best first, each with the
    win rate for ``to_move`` after it (:class:`MoveStat`); ``win`` the shortest forced win
    found, if any; ``prover`` what the prover concluded ("proven", "none within N plies" or
    "unknown": stopped or out of time); ``result`` the winner (or "draw") of a finished game.
    """

    game: str
    to_move: str
    ply: int
    agent: str
    win_rate: float | None
    moves: tuple[MoveStat, ...]
    win: ProvenWin | None
    prover: str
    visits: int
    depth: int
    seconds: float
    pv: tuple[str, ...] = ()
    stopped: bool = False
    result: str | None = None
    #: False when the forced win's length is the strategy found, not the shortest.
    exact: bool = True
    #: What the time limit left undone, in words ("" when nothing): the moves ranked of the
    #: legal moves when the search reached only some (``moves`` then has only those), a
    #: pass after the search left unfinished. See :func:`analyse`.
    cut_short: str = ""
    #: The legal moves of the position (``moves`` has them all unless cut short).
    legal: int = 0
    #: Where the game's book ends (its words: what it knows of the position and what would
    #: give every move's exact value, e.g. Pyraos's whole table); "" where it does not.
    book_end: str = ""
    #: What proved the position a draw (e.g. "perfect play (opening book)"); "" where
    #: none did.
    drawn_by: str = ""
    #: The search's own win rate for ``to_move`` (``win_rate`` is the proven value's
    #: where there is one); None where no search ran.
    search_win_rate: float | None = None

    @property
    def value(self) -> str | None:
        """The position's proven value for ``to_move`` ("win", "loss", "draw"); None where
        it is not proven (or the game is over)."""
        if self.win is not None:
            return "win" if self.win.side == self.to_move else "loss"
        return "draw" if self.drawn_by else None

    @property
    def value_by(self) -> str | None:
        """What proved :attr:`value` (a book, a table, the prover, a solve); None where
        nothing did."""
        if self.win is not None:
            return self.win.by
        return self.drawn_by or None

    @property
    def known_win(self) -> bool:
        """Whether the verdict is perfect play's (a book, a table, a solve) while the moves
        are the search's: the position is known, its moves are estimates but for those
        marked proven."""
        by = self.value_by or ""
        return by.startswith(PERFECT) and not self.agent.startswith(PERFECT)

    def stat(self, move: Move) -> MoveStat | None:
        """The statistics of ``move``, or None when it is not a legal move here."""
        return next((s for s in self.moves if s.move == move), None)

    @property
    def evaluation_text(self) -> str:
        """'red to move: win rate 63% (mcts-rave, 12,345 playouts, best 1,1,1)'."""
        if self.result is not None:
            return "the game is over: " + (
                "a draw" if self.result == "draw" else f"{self.result} won"
            )
        assert self.win_rate is not None
        verdicts = {"win": "wins", "loss": "loses", "draw": "draws"}
        if self.agent.startswith(PERFECT):
            return f"{self.to_move} to move {verdicts[self.value or 'loss']} with {self.agent}"
        work = f"{self.visits:,} {'nodes' if self.agent == 'alphabeta' else 'playouts'}"
        if self.agent == "alphabeta":
            work += f", depth {self.depth}"
        best = f", best {self.moves[0].move}" if self.moves else ""
        stopped = ", stopped" if self.stopped else ""
        cut = f"; cut short: {self.cut_short}" if self.cut_short else ""
        if self.known_win and self.value is not None:  # not the search's win rate: the book's
            proven = proof_words(self.moves, self.value, self.legal)
            return (
                f"{self.to_move} to move {verdicts[self.value]} with {self.value_by}; the "
                f"moves are the search's estimates but those marked proven"
                f"{'; ' + proven if proven else ''} ({self.agent}, {work}{best}{stopped}{cut})"
            )
        if not self.moves and self.win is None:
            return f"{self.to_move} to move: no move judged ({self.agent}, {work}{stopped}{cut})"
        return (
            f"{self.to_move} to move: win rate {round(self.win_rate * 100)}% "
            f"({self.agent}, {work}{best}{stopped}{cut})"
        )

    @property
    def proven_text(self) -> str:
        """The forced win, or what the prover could say; where the book ends, what it
        knows and what would give every move exactly."""
        end = f"; {self.book_end}" if self.book_end else ""
        if self.drawn_by:
            return f"proven: a draw with {self.drawn_by}{end}"
        if self.win is not None:
            if not self.exact:
                return self.win.text.replace(" wins in ", " wins within ", 1) + end
            return self.win.text + end
        if self.result is not None:
            return ""
        return f"not proven: {self.prover}{end}"

    def __repr__(self) -> str:  # and a notebook's table: model.showing
        return showing.analysis_repr(self)

    def _repr_html_(self) -> str:
        return showing.analysis_html(self)

    def to_json(self) -> dict[str, Any]:
        rate = self.search_win_rate
        return {
            "game": self.game,
            "to_move": self.to_move,
            "ply": self.ply,
            # the position's value with perfect play where proven, and what proved it;
            # the search's estimate apart (None where no search ran)
            "value": self.value,
            "value_by": self.value_by,
            "agent": self.agent,
            "win_rate": None if rate is None else round(rate, 3),
            "moves_proven": sum(s.proven is not None for s in self.moves),
            "moves_estimated": sum(s.proven is None for s in self.moves),
            "moves": [
                {
                    "move": str(s.move),
                    "win_rate": round(s.win_rate, 3),
                    "visits": s.visits,
                    "score": s.score,
                    "proven": s.proven,
                    "plies": s.plies,
                    # a row is exact (proven, its length the shortest win or the longest
                    # resistance), within (proven, a strategy's length) or an estimate
                    "exact": s.proven is not None and s.exact,
                    "estimate": s.proven is None,
                }
                for s in self.moves
            ],
            "book_end": self.book_end or None,
            "win": None if self.win is None else self.win.to_json(),
            "prover": self.prover,
            "visits": self.visits,
            "depth": self.depth,
            "seconds": round(self.seconds, 3),
            "pv": list(self.pv),
            "stopped": self.stopped,
            "result": self.result,
            "cut_short": self.cut_short,
            "legal": self.legal,
        }


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
    if not seconds > 0:
        raise ValueError(f"seconds must be more than 0, not {seconds}")
    check_threads(threads)
    if not game.is_over() and game.current_player() < 0:
        raise ValueError(NOT_TURNS)
    if game.has_chance or knowledge.own_levels:
        raise ValueError(NO_ANALYSIS)
    book = knowledge.book
    start = time.perf_counter()
    end = start + seconds  # the one deadline (see the module)
    stopped = stop_function(stop)
    report = progress or (lambda fraction, text: None)
    ply = len(game.move_stack)
    if game.is_over():
        outcome = game.outcome()
        assert outcome is not None
        report(1.0, "the game is over")
        return Analysis(
            game.name, game.to_move, ply, "", None, (), None, "", 0, 0, 0.0, result=outcome.result
        )

    def left() -> float:
        return end - time.perf_counter()

    perfect = perfect_moves(game, book, max(0.0, min(left(), PERFECT_SECONDS)), stopped)
    if perfect:  # the book's (or a table's) answer: no compiled search loaded (issue 76)
        analysis = _perfect(game, book, perfect, start, stopped, end)
        report(1.0, analysis.proven_text)
        return analysis
    if has_kernel(knowledge):  # a compile is said before the kernel's import (numba: seconds)
        from .compiled import first_use

        first_use.foretell(first_use.PARTS, progress)
    # what the book proves of each move, before anything else takes the time, and past
    # the deadline if need be (a millisecond a move once the book's key is loaded): proof
    # ranks before estimate, even on a busy machine (issue 89)
    replies, all_looked_up = book_replies(game, book, None, stopped)
    adapter = adapter_for(game, knowledge)
    if adapter is not None:  # off the clock: the compiled core (a fresh process: about a
        from .compiled import warm  # second from numba's cache; compiling it, a minute)

        waited = time.perf_counter()
        warm.ready(progress)
        waited = time.perf_counter() - waited
        start, end = start + waited, end + waited
        adapter.context()  # this board's tables (a base-6 pyramid's: 0.3 s), on the clock
    # exact first (issue 45): the compiled solver settles the position within its share,
    # then every move (on the one table) while the time lasts; the engine judges the rest.
    # Its time is CPU seconds of this thread, and only as much as the position's size and
    # the solver's past say it can use (issue 58, :mod:`.exact_budget`); the wall seconds
    # a busy machine adds to it are added to the deadline: the engine keeps its share
    settled: SolveResult | None = None
    solved: tuple[PerfectMove, ...] = ()
    if has_kernel(knowledge):
        report(0.0, "solving")
        settler = Exact(knowledge)
        cpu0, wall0 = cpu_clock(), time.perf_counter()
        share = exact_seconds(game, seconds * EXACT_SHARE, seconds, game.legal_move_count())
        settled = settler.value(game, min(max(0.0, left()), share), stopped)
        if settled is None and share > 0 and not stopped():
            unsettled(game, cpu_clock() - cpu0)
        if settled is not None:
            report(EXACT_SHARE, f"settled: {settled.value}; solving each move")
            budget = seconds * EXACT_MOVES_SHARE - (cpu_clock() - cpu0)
            solved, complete = settler.known_moves(
                game, max(0.0, budget), stopped, least=seconds * EXACT_SHARE
            )
            if complete and solved:
                analysis = _perfect(game, book, solved, start, stopped, end)
                report(1.0, analysis.proven_text)
                return analysis
        end += max(0.0, (time.perf_counter() - wall0) - (cpu_clock() - cpu0))
    agent, _ = agent_for(
        game, "strong", knowledge=knowledge, seed=seed, every_move=True, threads=threads
    )
    share = 1 - PROVE_SHARE
    search_seconds = max(left(), 0.0) * share  # the prover keeps the rest

    def search_progress(fraction: float, text: str) -> None:
        report(fraction * share, text)

    limits, engine_stop = Limits(seconds=max(search_seconds, 1e-3)), stop
    if stopped():  # stopped while solving: one short pass still ranks every move
        limits, engine_stop = Limits(seconds=STOPPED_PASS), None
    choice = agent.choose(game, limits, search_progress, engine_stop)
    cuts: list[str] = []
    moves, legal = choice.stats, len(choice.stats)
    if choice.unjudged:  # the moves the search never judged are left out, not shown as such
        judged = _judged(choice)  # (but for those the book proves)
        cuts.append(f"{len(judged):,} of {legal:,} moves ranked (the search reached no others)")
        moves = tuple(s for s in moves if s in judged or str(s.move) in replies)
    moves = marked(moves, replies)
    if not all_looked_up:
        cuts.append(f"the book's values of {len(replies):,} of {legal:,} moves found")
    win: ProvenWin | None = None
    verdict, searched = "unknown (stopped)", 0
    if not choice.stopped and not stopped():
        grace = min(GRACE_SECONDS, seconds * GRACE_SHARE)
        win, verdict, searched = _prove(
            game, knowledge, end, grace, prove_plies, report, share, stopped
        )
    if win is None:
        win = _agent_win(game, choice, searched)
    exact, drawn_by = True, ""
    if win is None:  # a book may know the position, if not each of its moves
        win, exact, drawn_by = _known_win(game, book)
    if settled is not None and settled.value == DRAW and not drawn_by:  # (the book's)
        drawn_by = f"{PERFECT} ({SOURCE_WORDS['book']})"
    if win is None and settled is not None and settled.value in VALUES:  # the solver did
        side = game.to_move if settled.value == "win" else game.other(game.to_move)
        first = (
            game.parse_move(settled.best_move)
            if settled.value == "win" and (settled.best_move is not None)
            else None
        )
        plies = settled.plies if settled.plies is not None else settled.depth
        win = _win(game, side, plies, first, [], f"{PERFECT} ({SOURCE_WORDS['solved']})")
        exact = settled.plies is not None and settled.plies_exact
    if solved:  # the moves the solver settled are proven, whatever the engine guessed
        moves = marked(moves, {p.move: p for p in solved}, over=True)
    if win is not None and win.side == game.to_move and win.first_move is None:
        won = sorted((s.plies or 0, i) for i, s in enumerate(moves) if s.proven == "win")
        if won:
            win = dataclasses.replace(win, first_move=moves[won[0][1]].move)
    win_rate = choice.win_rate
    if win is not None and win.side == game.to_move:
        win_rate = 1.0
        moves = _first(moves, win)
    elif win is not None:
        win_rate = 0.0  # every move loses
        moves = tuple(
            s if s.proven == "loss" else dataclasses.replace(s, win_rate=0.0, proven="loss")
            for s in moves
        )
    value = "draw" if drawn_by else None if win is None else "win" if win_rate else "loss"
    moves = ranked(moves, value)
    cut_short = ""
    if cuts:
        cut_short = ("stopped: " if choice.stopped or stopped() else "out of time: ") + "; ".join(
            cuts
        )
    report(1.0, win.text if win is not None else f"not proven: {verdict}")
    return Analysis(
        game.name,
        game.to_move,
        ply,
        choice.agent,
        win_rate,
        moves,
        win,
        verdict,
        choice.visits,
        choice.depth,
        time.perf_counter() - start,
        choice.pv,
        choice.stopped or stopped(),
        exact=exact,
        cut_short=cut_short,
        legal=legal,
        book_end=_book_end(game, book),
        drawn_by=drawn_by,
        search_win_rate=choice.win_rate,
    )


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


def _known_win(game: Game, book: ValueBook | None) -> tuple[ProvenWin | None, bool, str]:
    """The winner by the game's own perfect-play value of the position (a book), whether
    its length is exact, and what proved it a draw ('' where it is none); (None, True,
    '') when the game does not know it."""
    known = perfect_value(game, book)
    if known is None:
        return None, True, ""
    by = f"{PERFECT} ({SOURCE_WORDS.get(known.source, known.source)})"
    if known.value == DRAW:
        return None, True, by
    side = game.to_move if known.value == "win" else game.other(game.to_move)
    return _win(game, side, known.plies, None, [], by), known.exact, ""


def _perfect(
    game: Game,
    book: ValueBook | None,
    perfect: Any,
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
    agent = f"{PERFECT} ({', '.join(SOURCE_WORDS.get(s, s) for s in sources)})"
    best = perfect[0]
    mover = game.to_move
    plies = PERFECT_DRAW_LINE if best.value == DRAW else best.plies
    line = _perfect_line(game, book, best.move, plies, stopped, end)
    whole = line if len(line) == best.plies else []  # a part line cannot count the moves
    win: ProvenWin | None = None
    if best.value == "win":
        win = _win(game, mover, best.plies, by_text[best.move], whole, agent)
    elif best.value == "loss":
        win = _win(game, game.other(mover), best.plies, None, whole, agent)
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


def _perfect_line(
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


def _prove(
    game: Game,
    knowledge: Plugin,
    deadline: float,
    grace: float,
    max_plies: int,
    report: ProgressCallback,
    share: float,
    stopped: Callable[[], bool],
) -> tuple[ProvenWin | None, str, int]:
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
        report(share + (1 - share) * done * 0.99, f"prover: {text}")

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
            prover._task = f"{side} wins within {within} plies"
            prover_progress(0.0, prover._task + "?")
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
            return _win(game, side, plies, first, line, "prover"), "proven", searched
    except SearchStopped:
        why = "stopped" if stopped() else "out of time"
        if searched:
            verdict = f"no forced win within {searched} plies ({why} before {searched + 1})"
            return None, verdict, searched
        return None, f"unknown ({why})", 0
    finally:
        for prover in provers.values():
            prover._path.clear()
    return None, f"no forced win within {max_plies} plies", max_plies


def _win(
    game: Game, side: str, plies: int, first: Move | None, line: list[Move], by: str
) -> ProvenWin:
    """The win, with ``side``'s own moves counted along the line (or, without a line, as
    turns alternate)."""
    if line:
        copy = game.copy()
        moves = 0
        for move in line:
            moves += copy.to_move == side
            copy.push(move)
    else:
        moves = (plies + 1) // 2 if side == game.to_move else plies // 2
    return ProvenWin(side, plies, max(moves, 1), first, tuple(str(m) for m in line), by)


def _agent_win(game: Game, choice: Choice, disproven: int) -> ProvenWin | None:
    """A win or loss the agent proved beyond the ``disproven`` plies the prover searched
    in vain, as a forced win."""
    if choice.proven not in ("win", "loss") or not choice.plies or choice.plies <= disproven:
        return None
    if choice.proven == "win":
        first = choice.move
        return _win(game, game.to_move, choice.plies, first, [], choice.agent)
    if len(game.players) != 2:
        return None
    return _win(game, game.other(game.to_move), choice.plies, None, [], choice.agent)


def _first(moves: tuple[MoveStat, ...], win: ProvenWin) -> tuple[MoveStat, ...]:
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
