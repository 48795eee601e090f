"""Questions to the compiled df-pn (:mod:`.dfpn`) from Python: "does the prover win within
``left`` plies from this position?", with the table kept between questions.

:class:`ProofSearch` runs the compiled search in slices of nodes, a few hundredths of a
second each, and calls ``tick`` between them: the caller's clock raises
:class:`model.search.solver.SearchStopped` to stop (time limit, the Stop button, Ctrl+C), and
reports progress. The table stays valid after a stop.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import core, dfpn
from .adapters import Adapter

SLICE_SECONDS = 0.05  # between two looks at the clock
HUGE_AFTER = 1 << 20  # nodes of one question, after which its table gets huge pages


@dataclass(frozen=True, slots=True)
class Answer:
    """``proven``: the prover wins within the bound; ``plies``: the length of the win the
    search found (at most the bound, not always the shortest); ``nodes`` spent on it: the
    positions entered and made by a move, as the pure-Python prover counts them."""

    proven: bool
    plies: int | None
    nodes: int


class ProofSearch:
    """Compiled df-pn over one game's kernel; see the module. ``table_mb`` bounds the
    table's memory (its pages are taken only as the search touches them)."""

    def __init__(self, adapter: Adapter, *, table_mb: float = 256) -> None:
        self.adapter = adapter
        self.code = adapter.code
        self.ctx = adapter.context()
        self.table = dfpn.Table(table_mb)
        self.st = np.zeros(dfpn.REGISTERS, dtype=np.int64)
        self.st[dfpn.REPEATS] = int(self.code != core.PARTITION)
        self.frames: dfpn.Frames | None = None
        self.nodes = 0  # positions entered and made by a move, over all questions
        self._budget = 1 << 12

    @property
    def entries(self) -> int:
        """Positions stored in the table (new entries; replacements not counted twice)."""
        return int(self.st[dfpn.STORED])

    def _frames(self, plies: int) -> dfpn.Frames:
        if self.frames is None or self.frames.plies < plies:
            self.frames = dfpn.Frames(max(plies, 16), self.adapter.max_moves)
        return self.frames

    def ask(
        self,
        state: np.ndarray,
        prover_moves: bool,
        left: int,
        tick: Callable[[], None] | None = None,
    ) -> Answer:
        """Does the prover (the side to move when ``prover_moves``) win within ``left``
        plies from the kernel position ``state``? ``tick()`` is called between slices and
        may raise SearchStopped."""
        status = int(state[core.STATUS])
        if status != core.RUNNING:
            won = (status == core.WON) == prover_moves and status != core.DRAWN
            return Answer(won, 0 if won else None, 0)
        if left <= 0:
            return Answer(False, None, 0)
        left = min(left, dfpn.MAX_PLIES)
        f = self._frames(left)
        f.states[0] = state
        f.node_keys[0] = core.key(self.code, self.ctx, state)
        f.left[0] = left
        f.is_or[0] = int(prover_moves)
        f.thpn[0] = f.thdn[0] = dfpn.INF
        st = self.st
        st[dfpn.PLY] = 0
        st[dfpn.MODE] = dfpn.ENTER
        st[dfpn.DONE] = 0
        before = self.nodes
        arrays = f.arrays()
        st[dfpn.NODES] = 0
        st[dfpn.MADE] = 0
        while True:
            began = time.perf_counter()
            done = dfpn.run(self.code, self.ctx, self.table.entries, st, arrays, self._budget)
            spent = time.perf_counter() - began
            self.nodes = before + int(st[dfpn.NODES] + st[dfpn.MADE])
            if done:
                break
            if self.nodes - before > HUGE_AFTER:
                self.table.go_huge()
            if spent < SLICE_SECONDS / 2 and self._budget < 1 << 24:
                self._budget *= 2
            elif spent > SLICE_SECONDS * 2 and self._budget > 1 << 8:
                self._budget //= 2
            if tick is not None:
                tick()
        proven = int(st[dfpn.RET_PN]) == 0
        plies = int(st[dfpn.RET_WIN]) if proven else None
        return Answer(proven, plies, self.nodes - before)


def warm_up() -> float:
    """Compile the search for every kernel (or load it from numba's cache) if this process
    has not; the seconds that took."""
    if dfpn.run.signatures:
        return 0.0
    from .adapters import PartitionAdapter

    began = time.perf_counter()
    adapter = PartitionAdapter(2, "floating")
    search = ProofSearch(adapter, table_mb=1)
    row = np.zeros(core.STATE, dtype=np.int64)
    search.ask(row, True, 3)
    return time.perf_counter() - began
