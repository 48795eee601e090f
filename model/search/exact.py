"""Exact values first (issue 45): what the judging features (the review, the analysis and
its heat map) ask before any engine estimate. A position's value by the game's book, else
by its compiled solver within a time share, on one table that :class:`Exact` keeps from
one position to the next (a review's positions share most of their proofs); None where
neither settles it in time, and the engine judges.

A game without a compiled solver gets None here at once (the reference solver is too slow
for a time share; its prover and the engine judge as before).

Every budget here is CPU seconds of the calling thread, within a wall limit some times it
(:mod:`.exact_budget`): the same verdicts on a busy machine as on an idle one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import Game, Move
from .book import DRAW, PerfectMove, reply, settle_moves
from .exact_budget import SETTLE_MOVES, cpu_clock, wall_limited
from .kernels import adapter_for, has_kernel, solver_for
from .registry import Plugin
from .shelf import from_book, perfect_moves
from .solver import SolveResult, unsolvable

#: The compiled solver's table for judging, in MiB (its pages are taken as it fills).
TABLE_MB = 256.0


def _ready() -> float:
    """The compiled solver's part of the core made ready in this process (a first use:
    compiled, or loaded from numba's cache), before a clock of the solver starts; the
    seconds that took."""
    from .compiled import warm  # numba: imported on first use

    return warm.ready(parts=warm.PROVER)


class Exact:
    """Settles positions of games by the book, then the compiled solver (see the module).
    One object keeps one table, for the positions of one version of the rules at a time,
    and is handed its game's plug-in (``knowledge``: the book, the compiled kernel)."""

    def __init__(self, knowledge: Plugin, table_mb: float = TABLE_MB) -> None:
        self.knowledge = knowledge
        self.table_mb = table_mb
        self._solver: Any = None  # the compiled solver, its table kept

    def value(
        self, game: Game, max_seconds: float, stop: Callable[[], bool] | None = None
    ) -> SolveResult | None:
        """The proven value of ``game`` (left unchanged) for its side to move ("win" or "loss",
        or "draw" where the book knows it one; ``first_moves`` what the proof knows of each
        move), or None where the book does not know it and the compiled solver does not
        settle it within ``max_seconds`` of this thread's CPU (or ``stop`` said so first). A
        position the book knows without its best move (the book's last ply: its replies are
        not in it) is solved for it where it is small enough to settle (``SETTLE_MOVES``
        legal moves at most, :mod:`.exact_budget`): None where that solve fails (the engine
        judges it and names a move; the book's value is still the book's), the book's value
        as it is where none is tried (a larger position, or no time)."""
        if game.is_over() or unsolvable(game) is not None:
            return None
        known = from_book(game, self.knowledge.book)
        if known is not None and (
            known.best_move is not None
            or known.value == DRAW  # (the solver proves no draw of a game without an end)
            or game.legal_move_count() > SETTLE_MOVES
        ):
            return known
        if max_seconds <= 0 or (stop is not None and stop()):
            return known
        if adapter_for(game, self.knowledge, history=True) is None:
            return known
        solver = self._solver
        if solver is not None:
            try:
                solver.retarget(game)
            except ValueError:  # another version of the rules: a table of its own
                solver = None
        if solver is None:
            solver = solver_for(game, self.knowledge, table_mb=self.table_mb)
            if solver is None:
                return known
            if not solver.draws:  # a game that always ends with a winner: the one open
                # question at once, the win's and the loss's lengths tightened after it
                solver.QUICK_DEPTH = 0
                solver.loss_length = True
            self._solver = solver
        _ready()  # compiling is not solving: the wall limit starts after it
        solver.clock = cpu_clock
        solver.max_seconds = max_seconds
        solver.stop = wall_limited(stop, max_seconds)
        result: SolveResult = solver.solve()
        if result.stopped is not None or result.value not in ("win", "loss"):
            return None
        return result

    def moves(
        self, game: Game, max_seconds: float, stop: Callable[[], bool] | None = None
    ) -> tuple[PerfectMove, ...] | None:
        """Every legal move of ``game`` with its proven value for the side to move (wins
        first, the shortest first, then losses, the longest first), when the book and the
        compiled solver settle every move within ``max_seconds``; else None."""
        known, complete = self.known_moves(game, max_seconds, stop)
        return known if complete else None

    def known_moves(
        self,
        game: Game,
        max_seconds: float,
        stop: Callable[[], bool] | None = None,
        least: float | None = None,
    ) -> tuple[tuple[PerfectMove, ...], bool]:
        """The legal moves of ``game`` whose value the book, the rules or the compiled
        solver settle within ``max_seconds`` (see :meth:`moves`), and whether that is all
        of them. It stops at the first move not settled in its time: with ``least``, each
        move has at most four times its share of the time left, or ``least`` seconds if
        more (so a position whose moves cannot all be settled gives up early, leaving the
        rest of the time to the engine); else all the time left."""
        deadline = cpu_clock() + max_seconds
        known = perfect_moves(game, self.knowledge.book, max_seconds=0.0)  # the book's, no search
        if known:
            return tuple(known), True
        if game.is_over() or unsolvable(game) is not None or not has_kernel(self.knowledge):
            return (), False
        before = cpu_clock()
        _ready()  # a first use's compile (CPU of this thread too) is not the solver's time
        deadline += cpu_clock() - before
        # each move's position proven on its own (on the one table): a proof of the
        # position would show one winning move only, and every other move needs its own

        def settle(move: Move, child: Game, remaining: int) -> PerfectMove | None:
            left = deadline - cpu_clock()
            if least is not None:
                left = min(left, max(least, 4 * left / remaining))
            settled = self.value(child, left, stop)
            if settled is None:
                return None
            if settled.plies is None:  # a win of no known length: within the depth proven
                return reply(move, settled.value, settled.depth, False, "solved")
            return reply(move, settled.value, settled.plies, settled.plies_exact, "solved")

        return settle_moves(game, settle)
