"""Questions to the compiled proof searches from Python: "does the prover win within
``left`` plies from this position?", with the table kept between questions.

Two engines answer them with the same calls: :class:`ProofSearch` (df-pn, :mod:`.dfpn`) and
:class:`BoundedSearch` (the depth-bounded AND/OR search of :mod:`.bounded`). Both run the
compiled search in slices of nodes, a few hundredths of a second each, and call ``tick``
between them: the caller's clock raises :class:`model.search.stop.SearchStopped` to stop
(time limit, the Stop button, Ctrl+C), and reports progress. The table stays valid after a
stop.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import bounded, core, dfpn
from .adapters import Adapter
from .stacks import BoundedFrames, DfpnFrames

#: The helps of :mod:`.dfpn` that the proof search uses unless told otherwise, as measured
#: by ``tests/bench/prover_helps.py`` on base-4 questions: decided corners and first proof
#: numbers search some 16 times fewer positions, 3 times faster, on floating ones; dead
#: points are rare (they add nothing to the others) and move order adds nothing to the
#: first proof numbers, so both cost time for nothing and are left out.
DEFAULT_HELPS = dfpn.DECIDED | dfpn.INIT
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


class _Engine:
    """What both engines share: the kernel, the slices of nodes between two looks at the
    clock, huge pages for a question that runs long."""

    #: The longest question (plies) the engine's stack and table take.
    MAX_PLIES: int
    #: Nodes of one question after which its table gets huge pages.
    huge_after = HUGE_AFTER
    table: dfpn.Table | bounded.Table
    nodes: int  # positions counted over all questions (see each engine)

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.code = adapter.code
        self.ctx = adapter.context()
        # nodes a call into the compiled search, adapting to the slice: from few, since a
        # fresh table's first touches (page faults, a position's children each probed)
        # can make 4,096 nodes take more than a second on a loaded machine
        self.budget = 1 << 8

    def _slices(
        self, step: Callable[[int], tuple[bool, int]], tick: Callable[[], None] | None
    ) -> None:
        """``step(budget)`` (done, nodes of this question so far) until done, ``tick()``
        before each call (a question asked past the time limit is not started: a solve
        asks many that each end within one slice); the budget kept near
        :data:`SLICE_SECONDS` a call."""
        while True:
            if tick is not None:
                tick()
            began = time.perf_counter()
            done, spent_nodes = step(self.budget)
            spent = time.perf_counter() - began
            if done:
                return
            if spent_nodes > self.huge_after:
                self.table.go_huge()
            if spent < SLICE_SECONDS / 2 and self.budget < 1 << 24:
                self.budget *= 2
            elif spent > SLICE_SECONDS * 2 and self.budget > 1 << 6:
                self.budget = max(1 << 6, int(self.budget * SLICE_SECONDS / spent))

    def ask(
        self,
        state: np.ndarray,
        prover_moves: bool,
        left: int,
        tick: Callable[[], None] | None = None,
    ) -> Answer:
        """Does the prover (the side to move when ``prover_moves``) win within ``left``
        plies from the kernel position ``state``? ``tick()`` is called before each slice and
        may raise SearchStopped."""
        known = self._at_once(state, prover_moves, left)
        return self._search(state, prover_moves, left, tick) if known is None else known

    def _search(
        self, state: np.ndarray, prover_moves: bool, left: int, tick: Callable[[], None] | None
    ) -> Answer:
        """The engine's search of a question :meth:`_at_once` does not answer."""
        raise NotImplementedError

    @staticmethod
    def _at_once(state: np.ndarray, prover_moves: bool, left: int) -> Answer | None:
        """The answer without a search: the game is over, or no plies are left."""
        status = int(state[core.STATUS])
        if status != core.RUNNING:
            won = (status == core.WON) == prover_moves and status != core.DRAWN
            return Answer(won, 0 if won else None, 0)
        if left <= 0:
            return Answer(False, None, 0)
        return None


class ProofSearch(_Engine):
    """Compiled df-pn over one game's kernel; see the module. ``table_mb`` bounds the
    table's memory (its pages are taken only as the search touches them). ``nodes``:
    positions entered and made by a move, as the pure-Python prover counts them."""

    MAX_PLIES = dfpn.MAX_PLIES
    table: dfpn.Table

    def __init__(
        self, adapter: Adapter, *, table_mb: float = 256, helps: int | None = None
    ) -> None:
        super().__init__(adapter)
        self.table = dfpn.Table(table_mb)
        self.st = np.zeros(dfpn.REGISTERS, dtype=np.int64)
        self.st[dfpn.REPEATS] = int(self.code != core.PARTITION)
        self.helps = DEFAULT_HELPS if helps is None else helps
        self.own_table = self.table

    @property
    def helps(self) -> int:
        """The helps the search uses (:data:`.dfpn.DECIDED` and the others, a bit each)."""
        return int(self.st[dfpn.HELPS])

    @helps.setter
    def helps(self, value: int) -> None:
        if not 0 <= value <= dfpn.ALL_HELPS:
            raise ValueError(f"helps must be a mask of the bits 0 to {dfpn.ALL_HELPS}, not {value}")
        self.st[dfpn.HELPS] = value
        self.frames: DfpnFrames | None = None
        self.nodes = 0  # positions entered and made by a move, over all questions

    @staticmethod
    def shared_table(path: str | os.PathLike[str], megabytes: float) -> dfpn.Table:
        """A table of this engine mapped from the file ``path``, that every process mapping
        it searches (OSError where it cannot be made)."""
        return dfpn.Table(megabytes, path)

    def share(self, table: dfpn.Table | bounded.Table | None) -> bool:
        """Search ``table`` (:meth:`shared_table`) from now on, with the other processes
        that map it; None: this engine's own table again. False for a table of the other
        engine."""
        if table is not None and not isinstance(table, dfpn.Table):
            return False
        self.table = self.own_table if table is None else table
        return True

    @property
    def entries(self) -> int:
        """Positions stored in the table (new entries; replacements not counted twice)."""
        return int(self.st[dfpn.STORED])

    def _frames(self, plies: int) -> DfpnFrames:
        if self.frames is None or self.frames.plies < plies:
            self.frames = DfpnFrames(max(plies, 16), self.adapter.max_moves)
        return self.frames

    def _search(
        self, state: np.ndarray, prover_moves: bool, left: int, tick: Callable[[], None] | None
    ) -> Answer:
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

        def step(budget: int) -> tuple[bool, int]:
            done = dfpn.run(self.code, self.ctx, self.table.entries, st, arrays, budget)
            self.nodes = before + int(st[dfpn.NODES] + st[dfpn.MADE])
            return done, self.nodes - before

        self._slices(step, tick)
        proven = int(st[dfpn.RET_PN]) == 0
        plies = int(st[dfpn.RET_WIN]) if proven else None
        return Answer(proven, plies, self.nodes - before)

    def bounds(self, key: int) -> tuple[int | None, int | None]:
        """What the table has proven of the position ``key``: the plies within which its
        side to move wins, and within which the other side does (None: nothing proven)."""
        found = np.zeros(3, dtype=np.int64)
        out: list[int | None] = []
        for is_or in (1, 0):  # its side to move proves; the other side proves
            known = dfpn.probe(self.table.entries, key, is_or, dfpn.MAX_PLIES, found)
            out.append(int(found[2]) if known and found[0] == 0 else None)
        return out[0], out[1]

    def root_numbers(self) -> tuple[int, int] | None:
        """How far the last question got: its root's proof and disproof numbers as the
        search left them, for the side to move's win (its moves' numbers combined: a root
        is stored in the table only once answered, its thresholds being infinite); None
        when the last question was the other side's or has not looked at its moves."""
        f = self.frames
        if f is None or not f.is_or[0] or f.count[0] <= 0:
            return None
        n = int(f.count[0])
        pn = min(int(v) for v in f.cpn[0, :n])
        dn = min(dfpn.INF, sum(int(v) for v in f.cdn[0, :n]))
        return pn, dn

    def no_win_for_other(self, key: int, left: int) -> bool:
        """Has the table disproven a win within ``left`` plies for the other side than
        the one to move at ``key``?"""
        found = np.zeros(3, dtype=np.int64)
        # the other side's question: ``key`` is one of its AND nodes
        return bool(dfpn.probe(self.table.entries, key, 0, left, found) and found[1] == 0)


class BoundedSearch(_Engine):
    """The depth-bounded AND/OR search (:mod:`.bounded`) over one game's kernel, with the
    same questions as :class:`ProofSearch`. ``table_mb`` bounds the table (16 bytes a
    position); ``nodes``: positions entered (``examined``: children generated and looked
    up in the table)."""

    MAX_PLIES = bounded.MAX_PLIES
    huge_after = 1 << 18
    table: bounded.Table

    def __init__(self, adapter: Adapter, *, table_mb: float = 256) -> None:
        super().__init__(adapter)
        self.table = bounded.Table(table_mb)
        self.own_table = self.table
        self.st = np.zeros(bounded.REGISTERS, dtype=np.int64)
        self.history = np.zeros((2, core.HISTORY), dtype=np.int64)
        self.frames = BoundedFrames(bounded.MAX_PLIES, adapter.max_moves)
        self.nodes = 0
        self.examined = 0

    @property
    def entries(self) -> int:
        """Positions stored in the table (new entries; replacements not counted twice)."""
        return int(self.st[bounded.STORED])

    @staticmethod
    def shared_table(path: str | os.PathLike[str], megabytes: float) -> bounded.Table:
        """As :meth:`ProofSearch.shared_table`."""
        return bounded.Table(megabytes, path)

    def share(self, table: dfpn.Table | bounded.Table | None) -> bool:
        """As :meth:`ProofSearch.share`."""
        if table is not None and not isinstance(table, bounded.Table):
            return False
        self.table = self.own_table if table is None else table
        return True

    def _search(
        self, state: np.ndarray, prover_moves: bool, left: int, tick: Callable[[], None] | None
    ) -> Answer:
        """A proof's plies are the length of the win found (at most ``left``)."""
        f = self.frames
        f.states[0] = state
        f.keys[0] = core.key(self.code, self.ctx, state)
        f.depth[0] = min(left, bounded.MAX_PLIES)
        f.prover[0] = int(prover_moves)
        f.last_back[0] = 0
        st = self.st
        for register in (bounded.PLY, bounded.RET_OK, bounded.RET_REP, bounded.RET_BOUND):
            st[register] = 0
        st[bounded.MODE] = bounded.ENTER
        st[bounded.DONE] = 0
        st[bounded.NODES] = 0
        st[bounded.EXAMINED] = 0
        nodes, examined = self.nodes, self.examined
        arrays = f.arrays()
        table = self.table

        def step(budget: int) -> tuple[bool, int]:
            done = bounded.run(
                self.code, self.ctx, table.keys, table.data, self.history, st, arrays, budget
            )
            self.nodes = nodes + int(st[bounded.NODES])
            self.examined = examined + int(st[bounded.EXAMINED])
            return done, int(st[bounded.NODES])

        self._slices(step, tick)
        proven = bool(st[bounded.RET_OK])
        return Answer(proven, int(st[bounded.RET_BOUND]) if proven else None, self.nodes - nodes)

    def bounds(self, key: int) -> tuple[int | None, int | None]:
        """As :meth:`ProofSearch.bounds`."""
        entry = bounded.probe(self.table.keys, self.table.data, key)
        win, loss = entry & 255, entry >> 8 & 255
        return (
            None if win == bounded.UNKNOWN_BOUND else int(win),
            None if loss == bounded.UNKNOWN_BOUND else int(loss),
        )

    def no_win_for_other(self, key: int, left: int) -> bool:
        """As :meth:`ProofSearch.no_win_for_other`: the side to move at ``key`` cannot
        lose within ``left`` plies."""
        entry = bounded.probe(self.table.keys, self.table.data, key)
        return (entry >> 24 & 255) > left


#: The engines by name, as the solver's ``proof`` option takes them.
ENGINES: dict[str, type[ProofSearch] | type[BoundedSearch]] = {
    "dfpn": ProofSearch,
    "bounded": BoundedSearch,
}


def warm_up(adapter: Adapter, *engines: str) -> float:
    """Compile the searches of ``engines`` (default: both) for every kernel, or load them
    from numba's cache, where this process has not, by a question of three plies from the
    empty state row of ``adapter``'s kernel (one compiled search serves every kernel: the
    caller hands the kernel it is about to search with); the seconds that took."""
    compiled = {"dfpn": dfpn.run, "bounded": bounded.run}
    missing = [name for name in engines or tuple(ENGINES) if not compiled[name].signatures]
    if not missing:
        return 0.0
    began = time.perf_counter()
    for name in missing:
        search = ENGINES[name](adapter, table_mb=1)
        search.ask(np.zeros(core.STATE, dtype=np.int64), True, 3)
    return time.perf_counter() - began
