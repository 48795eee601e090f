"""The value of a position by the compiled df-pn: ``CompiledSolver(game).solve()`` gives a
:class:`model.search.solver.SolveResult`, as the shared solver does.

The questions asked, on one table:

1. "does the side to move win within d plies?" for odd d and "does the other side?" for
   even d, from 1 up to ``QUICK_DEPTH`` (wins take the winner's plies: odd for the side to
   move): the first proof is the shortest win or the longest resistance;
2. then both sides' "within ``max_depth``" in turn, in time slices that double, until one
   is proven. In a game without draws or repetitions (Pyramid Partition: the pyramid fills
   up and has a winner) one disproof answers the other: the other side wins; and where
   ``max_depth`` covers the empty points the two questions are exact duals (the same
   search with its numbers swapped), so only the mover's is asked (a loss found so has no
   length: finding it would take the dual search again);
3. once a side is proven, the win shortened two plies at a time while the time lasts (the
   length is then exact), and the winner's proof looked up for the best move.

Where the game always ends within the empty points (Partition), ``max_depth`` is at most
those, so a proof at that depth is a proof without bound.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ...game import Game
from ..solver import SearchStopped, SolveResult
from . import core, dfpn
from .adapters import Adapter, adapter_for
from .proof import Answer, ProofSearch, warm_up

Progress = Callable[[int, int, float, int], None]  # depth, nodes, seconds, table entries


class _SliceOver(SearchStopped):
    """One open question's time slice is over (the search goes on with the other)."""


class CompiledSolver:
    """Solves a position with the compiled df-pn (see the module). ``table_mb`` bounds the
    table (32 bytes a position)."""

    QUICK_DEPTH = 16
    FIRST_SLICE = 2.0
    #: After a proof, look for a shorter win / longer resistance while the time lasts.
    tighten = True

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
    ) -> None:
        self.game = game.copy()
        self.adapter = adapter
        self.search = ProofSearch(adapter, table_mb=table_mb)
        self.state = adapter.state(game)
        self.max_seconds = max_seconds
        self.max_depth = min(max_depth, dfpn.MAX_PLIES)
        self.draws = adapter.code != core.PARTITION
        if not self.draws:  # the pyramid fills up within its empty points
            self.max_depth = min(self.max_depth, self._empty_points())
        self.progress = progress
        self.progress_every = progress_every
        self.depth_done = 0
        self._iteration = 0
        self._start = time.perf_counter()
        self._next_report = 0.0
        self._deadline: float | None = None

    def _empty_points(self) -> int:
        return self.game.lattice.count - len(self.game.pieces())  # type: ignore[attr-defined]  # a Partition position

    @property
    def nodes(self) -> int:
        return self.search.nodes

    @property
    def entries(self) -> int:
        return self.search.entries

    # ---- the clock ----

    def _tick(self) -> None:
        now = time.perf_counter()
        if self.max_seconds is not None and now - self._start > self.max_seconds:
            raise SearchStopped("time limit")
        if self._deadline is not None and now > self._deadline:
            raise _SliceOver("slice")
        if now >= self._next_report:
            self._next_report = now + self.progress_every
            self._report(self._iteration)

    def _report(self, depth: int) -> None:
        if self.progress is not None:
            self.progress(depth, self.nodes, time.perf_counter() - self._start, self.entries)

    def _ask(self, mover_wins: bool, depth: int) -> Answer:
        self._iteration = depth
        return self.search.ask(self.state, mover_wins, depth, self._tick)

    # ---- the value ----

    def solve(self) -> SolveResult:
        self._start = time.perf_counter() + warm_up()  # compiling is not searching
        self._next_report = self._start + self.progress_every
        stopped: str | None
        value, plies, stopped, exact = "unknown", None, "depth limit", True
        try:
            if self.game.outcome() is None:
                value, plies = self._quick()
                if value == "unknown" and self.max_depth > self.QUICK_DEPTH:
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
            answer = self._ask(mover_wins, depth)
            self.depth_done = depth
            self._report(depth)
            if answer.proven:
                return ("win" if mover_wins else "loss"), answer.plies
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
            return ("win", answer.plies) if answer.proven else ("loss", None)
        span = self.FIRST_SLICE
        while open_:
            for mover_wins in (True, False):
                if mover_wins not in open_:
                    continue
                self._deadline = time.perf_counter() + span
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
            while plies - 2 >= 1:
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
            best = self._best_move(value, firsts)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return SolveResult(
            value,
            plies,
            best,
            self.depth_done,
            self.nodes,
            time.perf_counter() - self._start,
            self.entries,
            peak,
            stopped,
            exact,
            firsts,
        )

    def first_moves(self) -> tuple[tuple[str, str, int | None], ...]:
        """Every legal move with what the table knows of it for the side to move: a win or
        a loss within n plies (the proof's length), or unknown; wins first, shortest first,
        then unknown, then losses, longest first."""
        rows: list[tuple[int, int, Any, str, int | None]] = []
        lost = self._lost_children()
        for move, win, loss in self._child_bounds():
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

    def _lost_children(self) -> set[str]:
        """The moves after which the table holds a disproof of the mover's win over all the
        child's empty points, in a game that always ends with a winner (Partition): those
        moves lose, though no length is known (the open question's disproof stores these)."""
        if self.draws or self.game.outcome() is not None:
            return set()
        adapter, search = self.adapter, self.search
        code, ctx = adapter.code, search.ctx
        left = self._empty_points() - 1
        left -= left % 2  # the mover's wins from the child end on even plies
        moves = np.zeros(adapter.max_moves, dtype=np.int64)
        child = np.zeros(core.STATE, dtype=np.int64)
        found = np.zeros(3, dtype=np.int64)
        lost = set()
        for move in moves[: core.generate(code, ctx, self.state, moves)]:
            core.play(code, ctx, self.state, move, child)
            if child[core.STATUS] != core.RUNNING:
                continue
            key = core.key(code, ctx, child)
            # the child is an AND node of the mover's question (its other side moves)
            if dfpn.probe(search.table.entries, key, 0, left, found) and found[1] == 0:
                lost.add(str(adapter.public(self.game, int(move))))
        return lost

    def _child_bounds(self) -> list[tuple[str, int | None, int | None]]:
        """Per legal move: the child's proven win and loss lengths for its side to move, as
        far as the table knows them (None where it knows none)."""
        adapter, search = self.adapter, self.search
        code, ctx = adapter.code, search.ctx
        moves = np.zeros(adapter.max_moves, dtype=np.int64)
        n = core.generate(code, ctx, self.state, moves)
        child = np.zeros(core.STATE, dtype=np.int64)
        found = np.zeros(3, dtype=np.int64)
        out: list[tuple[str, int | None, int | None]] = []
        for move in moves[:n]:
            core.play(code, ctx, self.state, move, child)
            text = str(adapter.public(self.game, int(move)))
            status = child[core.STATUS]
            if status != core.RUNNING:
                lost, won = status == core.LOST, status == core.WON
                out.append((text, 0 if won else None, 0 if lost else None))
                continue
            key = core.key(code, ctx, child)
            bounds: list[int | None] = []
            for is_or in (1, 0):  # its side to move wins; the other side (our mover) wins
                known = dfpn.probe(search.table.entries, key, is_or, dfpn.MAX_PLIES, found)
                bounds.append(int(found[2]) if known and found[0] == 0 else None)
            out.append((text, bounds[0], bounds[1]))
        return out

    @staticmethod
    def _best_move(value: str, firsts: tuple[tuple[str, str, int | None], ...]) -> str | None:
        """The quickest winning move, or the losing move resisting longest, as far as the
        table knows them."""
        if value == "win":
            wins = [(plies, move) for move, v, plies in firsts if v == "win" and plies]
            return min(wins)[1] if wins else None
        if value == "loss":
            losses = [(plies, move) for move, v, plies in firsts if v == "loss" and plies]
            return max(losses)[1] if losses else None
        return None


def compiled_solver(game: Game, **options: Any) -> CompiledSolver | None:
    """The compiled solver of ``game``'s position, or None where no kernel fits it."""
    adapter = adapter_for(game)
    if adapter is None or adapter.code == core.PYRAOS:  # Pyraos has a solver of its own
        return None
    return CompiledSolver(game, adapter, **options)
