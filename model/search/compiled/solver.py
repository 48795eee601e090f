"""The value of a position by the compiled proof searches: ``CompiledSolver(game,
adapter).solve()`` (the game's adapter handed in: ``model.search.kernels.solver_for``)
gives a :class:`model.search.solver.SolveResult`, as the shared solver does.

The questions asked, on one table, of one engine (``proof``: "dfpn", :mod:`.dfpn`, or
"bounded", :mod:`.bounded`; by default the adapter's, bounded for Pyraos):

1. "does the side to move win within d plies?" for odd d and "does the other side?" for
   even d, from 1 up to ``QUICK_DEPTH`` (wins take the winner's plies: odd for the side to
   move), skipping those the kernel's lower bound on a win's length answers: the first
   proof is the shortest win or the longest resistance;
2. then both sides' "within ``max_depth``" in turn (the adapter says whose first), in time
   slices that double, until one is proven. In a game without draws or repetitions
   (Pyramid Partition: the pyramid fills up and has a winner) one disproof answers the
   other: the other side wins; and where ``max_depth`` covers the empty points the two
   questions are exact duals (the same search with its numbers swapped), so only the
   mover's is asked (a loss found so has no length: finding it would take the dual search
   again);
3. once a side is proven by an open question, the win shortened two plies at a time while
   the time lasts (the length is then exact; ``tighten`` False skips it); then the
   winner's proof looked up for the best move.

Where the game always ends within the empty points (Partition), ``max_depth`` is at most
those, so a proof at that depth is a proof without bound.

The solver keeps its table: :meth:`CompiledSolver.retarget` moves it to another position of
the same rules (the book's builder and the endgame oracle solve many so), :meth:`prove`
asks one bounded question, :meth:`child_bounds` and :meth:`best_move` read the table.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from typing import Any, TypedDict

import numpy as np

from ...game import Game
from ..solver import SolveResult
from ..stop import SearchStopped
from . import bounded, core, dfpn
from .adapters import Adapter
from .proof import ENGINES, Answer, ProofSearch

Progress = Callable[[int, int, float, int], None]  # depth, nodes, seconds, table entries


class _SliceOver(SearchStopped):
    """One open question's time slice is over (the search goes on with the other)."""


class SolverOptions(TypedDict, total=False):
    """The keyword arguments of :class:`CompiledSolver` (see it)."""

    max_seconds: float | None
    max_depth: int
    progress: Progress | None
    progress_every: float
    table_mb: float
    proof: str | None


class CompiledSolver:
    """Solves a position with a compiled proof search (see the module). ``table_mb`` bounds
    the table (df-pn: 32 bytes a position; bounded: 16). What the table then knows of the
    position's moves is read here too (each move's proven win and loss lengths, the best
    move, every first move with its value)."""

    QUICK_DEPTH = 16
    FIRST_SLICE = 2.0
    #: After a proof, look for a shorter win / longer resistance while the time lasts.
    tighten = True
    #: Where the one open question finds the side to move lost (no length: its dual is not
    #: asked), ask the other side's question too, for the length of the loss (the judging
    #: features' best move in a lost position is the longest resistance).
    loss_length = False

    def __init__(
        self,
        game: Game,
        adapter: Adapter,
        *,
        max_seconds: float | None = None,
        max_depth: int = 200,
        progress: Progress | None = None,
        progress_every: float = 1.0,
        table_mb: float = 1024,
        proof: str | None = None,
    ) -> None:
        self.adapter = adapter
        self.proof = adapter.proof if proof is None else proof
        if self.proof not in ENGINES:
            raise ValueError(f"proof must be one of {', '.join(ENGINES)}, not {self.proof!r}")
        self.search = ENGINES[self.proof](adapter, table_mb=table_mb)
        self.max_seconds = max_seconds
        self._max_depth = min(max_depth, self.search.MAX_PLIES)
        self.draws = adapter.code != core.PARTITION
        self.progress = progress
        self.progress_every = progress_every
        self._iteration = 0
        self._start = self.clock()
        self._next_report = 0.0
        self._deadline: float | None = None
        self._target(game)

    def _target(self, game: Game) -> None:
        self.game = game.copy()
        self.state = self.adapter.state(game)
        self.max_depth = self._max_depth
        if not self.draws:  # the pyramid fills up within its empty points
            self.max_depth = min(self.max_depth, self._empty_points())
        self.depth_done = 0

    def retarget(self, game: Game) -> None:
        """Work on another position of the same game and rules from now on, keeping the
        table (all it proved stays proven). ValueError for another version of the rules."""
        if game.name != self.game.name or game.options != self.game.options:
            raise ValueError("the table belongs to another version of the rules")
        self._target(game)

    @property
    def nodes(self) -> int:
        return self.search.nodes

    @property
    def entries(self) -> int:
        return self.search.entries

    def shared_table(self, path: str, megabytes: float) -> dfpn.Table | bounded.Table:
        """A table of this solver's engine mapped from the file ``path`` (made where
        missing), that every process mapping it searches: what one proves, the others find
        (see :mod:`.dfpn`). OSError where it cannot be made."""
        return self.search.shared_table(path, megabytes)

    def share(self, table: dfpn.Table | bounded.Table | None) -> bool:
        """Prove in ``table`` (:meth:`shared_table`) from now on, with the other processes
        that search it; None: the solver's own table again. False for a table of another
        engine."""
        return self.search.share(table)

    # ---- the clock ----

    #: Asked between slices: True ends the search as the time limit does ("stopped").
    stop: Callable[[], bool] | None = None
    #: The clock ``max_seconds`` and the slices count on: wall seconds, or a judging
    #: feature's CPU seconds of the searching thread (:mod:`model.search.exact_budget`).
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def _tick(self) -> None:
        now = self.clock()
        if self.max_seconds is not None and now - self._start > self.max_seconds:
            raise SearchStopped("time limit")
        if self.stop is not None and self.stop():
            raise SearchStopped("stopped")
        if self._deadline is not None and now > self._deadline:
            raise _SliceOver("slice")
        if now >= self._next_report:
            self._next_report = now + self.progress_every
            self._report(self._iteration)

    def _report(self, depth: int) -> None:
        if self.progress is not None:
            self.progress(depth, self.nodes, self.clock() - self._start, self.entries)

    def _ask(self, mover_wins: bool, depth: int) -> Answer:
        self._iteration = depth
        return self.search.ask(self.state, mover_wins, depth, self._tick)

    def prove(self, mover_wins: bool, depth: int) -> Answer:
        """One question: does the side to move (``mover_wins``) or the other side win
        within ``depth`` plies of the position? SearchStopped when the time runs out
        (``max_seconds`` from the last :meth:`solve`, or from ``_start`` as set)."""
        return self.search.ask(self.state, mover_wins, depth, self._tick)

    def numbers(self) -> tuple[int, int] | None:
        """How far the last open question "does the side to move win?" got (its root's
        proof and disproof numbers: the smaller, the nearer a proof or a disproof), right
        after a stop; None for the bounded search, or where the last question was the
        other side's."""
        if not isinstance(self.search, ProofSearch):  # df-pn's numbers: the bounded has none
            return None
        found: tuple[int, int] | None = self.search.root_numbers()
        return found

    def lower_bound(self, mover_wins: bool) -> int:
        """The fewest plies of any win of that side from the position, by the kernel (0
        where it cannot tell)."""
        code, ctx = self.adapter.code, self.search.ctx
        return int(core.lower_bound(code, ctx, self.state, mover_wins))

    # ---- the value ----

    def solve(self) -> SolveResult:
        from . import first_use, warm  # (it compiles this module's searches too)

        # Compiling is not searching: off the clock (and said). Loading what an earlier
        # run compiled is this run's time, on it (a second idle, several at load 14:
        # issue 109 item 22, a 10 s limit took 13.9 s of wall time, 1 s 4.5 s).
        loading = first_use.compiled(warm.PROVER)
        began = self.clock()
        warm.ready(parts=warm.PROVER)
        self._start = began if loading else self.clock()  # (and the seconds it says)
        self._next_report = self._start + self.progress_every
        stopped: str | None
        value, plies, stopped, exact = "unknown", None, "depth limit", True
        try:
            if self.game.outcome() is None:
                # a proof at the first depth that has one is the shortest win or the
                # longest resistance already: no win was found two plies shorter
                value, plies = self._quick()
                if value != "unknown":
                    stopped = None
                elif self.max_depth > self.QUICK_DEPTH:
                    value, plies = self._open_questions()
                    if value != "unknown":
                        stopped = None
                        if plies is None or not self.tighten:
                            exact = False
                        else:
                            plies, exact = self._tighten(value == "win", plies)
        except SearchStopped as exc:
            stopped = str(exc)
        except KeyboardInterrupt:
            stopped = "interrupted"
        return self._result(value, plies, stopped, exact)

    def _quick(self) -> tuple[str, int | None]:
        for depth in range(1, min(self.max_depth, self.QUICK_DEPTH) + 1):
            mover_wins = depth % 2 == 1
            if self.lower_bound(mover_wins) <= depth:
                self._iteration = depth
                answer = self._ask(mover_wins, depth)
                if answer.proven:
                    self.depth_done = depth
                    self._report(depth)
                    return ("win" if mover_wins else "loss"), answer.plies
            self.depth_done = depth
            self._report(depth)
        return "unknown", None

    def _open_questions(self) -> tuple[str, int | None]:
        depth = self.max_depth
        open_ = {False: depth - depth % 2, True: depth - (depth % 2 == 0)}
        if not self.draws and depth >= self._empty_points():
            # the game ends with a winner within the empty points: "does the other side
            # win?" is the exact dual of "does the mover?" (the same search, its numbers
            # swapped), so one question, without time slices, is the whole of it
            answer = self._ask(True, open_[True])
            self.depth_done = depth
            if answer.proven:
                return "win", answer.plies
            if self.loss_length:  # the dual question: proven, since the mover cannot win
                try:
                    answer = self._ask(False, open_[False])
                except (SearchStopped, KeyboardInterrupt):
                    return "loss", None  # proven all the same; its length is what time allowed
                return "loss", answer.plies if answer.proven else None
            return "loss", None
        span = self.FIRST_SLICE
        order = (True, False) if self.adapter.mover_first else (False, True)
        while open_:
            for mover_wins in order:
                if mover_wins not in open_:
                    continue
                self._deadline = self.clock() + span
                try:
                    answer = self._ask(mover_wins, open_[mover_wins])
                except _SliceOver:
                    continue
                finally:
                    self._deadline = None
                if answer.proven:
                    self.depth_done = depth
                    return ("win" if mover_wins else "loss"), answer.plies
                del open_[mover_wins]
                if not self.draws:  # no draw: the other side wins, in some plies
                    self.depth_done = depth
                    return ("loss" if mover_wins else "win"), None
            span *= 2
        self.depth_done = depth
        return "unknown", None

    def _tighten(self, mover_wins: bool, plies: int) -> tuple[int, bool]:
        """The shortest win (longest resistance): ask again two plies shorter until the
        answer is no. (plies, exact); not exact when the time ran out first."""
        try:
            while plies - 2 >= max(1, self.lower_bound(mover_wins)):
                answer = self._ask(mover_wins, plies - 2)
                if not answer.proven:
                    break
                assert answer.plies is not None
                plies = answer.plies
        except (SearchStopped, KeyboardInterrupt):
            return plies, False
        return plies, True

    # ---- the answer ----

    def _result(
        self, value: str, plies: int | None, stopped: str | None, exact: bool
    ) -> SolveResult:
        outcome = self.game.outcome()
        best = None
        firsts: tuple[tuple[str, str, int | None], ...] = ()
        if outcome is not None:
            mine = outcome.value_for(self.game.to_move)
            value = "win" if mine > 0 else "loss" if mine < 0 else "draw"
            plies, stopped = 0, None
        else:
            firsts = self.first_moves()
            best = self.best_move(value)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return SolveResult(
            value,
            plies,
            best,
            self.depth_done,
            self.nodes,
            self.clock() - self._start,
            self.entries,
            peak,
            stopped,
            exact,
            firsts,
        )

    # ---- the table's reading ----

    def _empty_points(self) -> int:
        return self.game.lattice.count - len(self.game.pieces())  # type: ignore[attr-defined]  # a Partition position

    def first_moves(self) -> tuple[tuple[str, str, int | None], ...]:
        """Every legal move with what the table knows of it for the side to move: a win or
        a loss within n plies (the proof's length), or unknown; wins first, shortest first,
        then unknown, then losses, longest first."""
        rows: list[tuple[int, int, Any, str, int | None]] = []
        lost = self._lost_children()
        for move, win, loss in self.child_bounds():
            if loss is not None:
                rows.append((0, loss + 1, move, "win", loss + 1))
            elif win is not None:
                rows.append((2, -(win + 1), move, "loss", win + 1))
            elif move in lost:  # a loss of no known length: after the longer ones
                rows.append((3, 0, move, "loss", None))
            else:
                rows.append((1, 0, move, "unknown", None))
        rows.sort(key=lambda row: row[:3])
        return tuple((move, value, plies) for _, _, move, value, plies in rows)

    def _children(self) -> list[tuple[str, np.ndarray]]:
        """Per legal move of the position: the move and the kernel's row after it."""
        code, ctx = self.adapter.code, self.search.ctx
        moves = np.zeros(self.adapter.max_moves, dtype=np.int64)
        out = []
        for move in moves[: core.generate(code, ctx, self.state, moves)]:
            child = np.zeros(core.STATE, dtype=np.int64)
            core.play(code, ctx, self.state, move, child)
            out.append((str(self.adapter.public(self.game, int(move))), child))
        return out

    def _lost_children(self) -> set[str]:
        """The moves after which the table holds a disproof of the mover's win over all the
        child's empty points, in a game that always ends with a winner (Partition): those
        moves lose, though no length is known (the open question's disproof stores these)."""
        if self.draws or self.game.outcome() is not None:
            return set()
        code, ctx = self.adapter.code, self.search.ctx
        left = self._empty_points() - 1
        left -= left % 2  # the mover's wins from the child end on even plies
        return {
            move
            for move, child in self._children()
            if child[core.STATUS] == core.RUNNING
            and self.search.no_win_for_other(core.key(code, ctx, child), left)
        }

    def child_bounds(self) -> list[tuple[str, int | None, int | None]]:
        """Per legal move: the move and the child's proven win and loss lengths for its
        side to move, as far as the rules and the table know them (None where nothing is
        known)."""
        code, ctx = self.adapter.code, self.search.ctx
        scratch = np.zeros(self.adapter.max_moves, dtype=np.int64)
        out: list[tuple[str, int | None, int | None]] = []
        for text, child in self._children():
            status = child[core.STATUS]
            if status != core.RUNNING:
                lost, won = status == core.LOST, status == core.WON
                out.append((text, 0 if won else None, 0 if lost else None))
            elif core.wins_at_once(code, ctx, child):
                out.append((text, 1, None))
            elif core.generate(code, ctx, child, scratch) == 0:  # no move: lost
                out.append((text, None, 0))
            else:
                out.append((text, *self.search.bounds(core.key(code, ctx, child))))
        return out

    def best_move(self, value: str) -> str | None:
        """The winning move with the shortest proof, or the losing move resisting longest,
        by the proof lengths in the table; the first in the kernel's move order among
        equals (as the reference solver chooses)."""
        best, best_plies = None, None
        for move, win, loss in self.child_bounds():
            if value == "win" and loss is not None and (best_plies is None or loss < best_plies):
                best, best_plies = move, loss
            if value == "loss" and win is not None and (best_plies is None or win > best_plies):
                best, best_plies = move, win
        return best
