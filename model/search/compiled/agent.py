"""The compiled MCTS as an agent of :mod:`model.search.agents`' interface.

``CompiledMCTSAgent(...).choose(game, limits, progress, stop) -> Choice`` answers as
:class:`model.search.agents.MCTSAgent` does (the same search, the same statistics of every
root move, proofs and principal line) some fifty times faster (``tests/bench/compiled.py``).
The compiled search runs in slices of playouts between which the clock, the stop button and
progress reports are looked at, here in Python.
"""

from __future__ import annotations

import time

import numpy as np

from ...game import Game
from ..agents import MCTSParameters
from ..choice import Choice, Clock, Limits, MoveStat
from . import core, mcts
from .adapters import Adapter, adapter_for
from .bits import seed_state

#: Nodes the tree may hold at most (about 45 bytes each): 180 MB.
MAX_NODES = 1 << 22
SLICE_SECONDS = 0.04
_PROVEN_TEXT = {mcts.WIN: "win", mcts.LOSS: "loss", mcts.DRAW: "draw"}
_RATE = {mcts.WIN: 1.0, mcts.LOSS: 0.0, mcts.DRAW: 0.5}
#: The root's value for the side to move from its proven value for the node's mover.
_ROOT_TEXT = {mcts.LOSS: "win", mcts.WIN: "loss", mcts.DRAW: "draw"}


class CompiledMCTSAgent(MCTSParameters):
    """UCT with RAVE and the MCTS-Solver, compiled (see :mod:`.mcts`); the parameters of
    :class:`model.search.agents.MCTSAgent` (``max_playout`` None: the kernel's cap).
    :attr:`max_nodes` caps the tree."""

    #: The most nodes of the tree.
    max_nodes: int = MAX_NODES

    def _generator(self, seed: int | None) -> np.ndarray:
        return np.array([seed_state(seed)], dtype=np.int64)  # the generator's state

    def _before(self) -> None:
        warm_up()  # compiling is not thinking: off the clock

    def _search(self, game: Game, limits: Limits, clock: Clock) -> Choice:
        adapter = adapter_for(game)
        if adapter is None:
            raise ValueError(f"no compiled kernel for this {game.title} position")
        search = _Search(self, adapter, game, limits.playouts)
        limit = limits.playouts
        budget = 16
        while True:
            if limit is not None:
                budget = max(1, min(budget, limit - search.playouts))
            began = time.perf_counter()
            done = search.run(budget)
            spent = time.perf_counter() - began
            if done or (limit is not None and search.playouts >= limit):
                break
            if clock.out_of_time():
                break
            if spent < SLICE_SECONDS / 2:
                budget *= 2
            elif spent > SLICE_SECONDS * 2 and budget > 1:
                budget //= 2
            clock.report(
                clock.fraction(search.playouts),
                lambda: f"{search.playouts} playouts, {search.summary()}",
            )
        return search.choice(clock)


class _Search:
    """One search's tree and registers, and the answer read from them."""

    def __init__(
        self, agent: CompiledMCTSAgent, adapter: Adapter, game: Game, playouts: int | None
    ) -> None:
        self.game = game
        self.adapter = adapter
        self.code = adapter.code
        self.ctx = adapter.context(agent.max_playout)
        capacity = agent.max_nodes
        if playouts is not None:  # each playout adds at most one node's children
            capacity = min(capacity, (playouts + 2) * adapter.max_moves)
        self.tree = tree = mcts.Tree(capacity)
        self.arrays = tree.arrays()
        self.st = np.zeros(mcts.REGISTERS, dtype=np.int64)
        self.st[mcts.NODES] = 1
        self.st[mcts.CAPACITY] = capacity
        tree.first[0] = -1
        tree.visits[0] = 0
        tree.wins[0] = 0.0
        tree.proven[0] = mcts.UNKNOWN
        self.fp = np.array(
            [
                agent.exploration,
                agent.rave_equivalence,
                float(agent.rave and adapter.rave),
                float(agent.every_move),
            ]
        )
        self.rng = agent.rng
        self.states = np.zeros((mcts.DEPTH_LIMIT + 1, core.STATE), dtype=np.int64)
        self.keys = np.zeros(mcts.DEPTH_LIMIT + 1, dtype=np.int64)
        self.path = np.zeros(mcts.DEPTH_LIMIT + 1, dtype=np.int64)
        self.moves = np.zeros(adapter.max_moves, dtype=np.int64)
        self.board = np.zeros(core.BOARD, dtype=np.int64)
        self.scratch = np.zeros(max(adapter.max_moves, 128), dtype=np.int64)
        root = adapter.state(game)
        mcts.expand_root(self.code, self.ctx, root, self.arrays, self.st, self.states, self.moves)
        self.states[0] = root

    @property
    def playouts(self) -> int:
        return int(self.st[mcts.PLAYOUTS])

    def run(self, budget: int) -> bool:
        work = (self.states, self.keys, self.path, self.moves, self.board, self.scratch)
        return bool(
            mcts.run(self.code, self.ctx, self.arrays, self.st, self.fp, self.rng, work, budget)
        )

    def _rank(self, c: int) -> tuple[int, int, int, float]:
        tree = self.tree
        proven = int(tree.proven[c])
        plies = int(tree.plies[c])
        visits = int(tree.visits[c])
        order = {mcts.WIN: 2, mcts.DRAW: 0, mcts.LOSS: -2}.get(proven, 0)
        # the quickest proven win, the longest proven loss
        length = -plies if proven == mcts.WIN else plies if proven == mcts.LOSS else 0
        return order, length, visits, float(tree.wins[c]) / visits if visits else 0.0

    def summary(self) -> str:
        tree = self.tree
        children = tree.children(0)
        if not children:
            return ""
        best = max(children, key=lambda c: tree.visits[c])
        if tree.visits[best] == 0:
            return ""
        rate = tree.wins[best] / tree.visits[best]
        return f"best {self.adapter.public(self.game, int(tree.move[best]))} {rate:.0%}"

    def choice(self, clock: Clock) -> Choice:
        tree, game, adapter = self.tree, self.game, self.adapter
        ordered = sorted(tree.children(0), key=self._rank, reverse=True)
        stats = []
        for c in ordered:
            proven = int(tree.proven[c])
            visits = int(tree.visits[c])
            rate = _RATE[proven] if proven else float(tree.wins[c]) / max(visits, 1)
            stats.append(
                MoveStat(
                    adapter.public(game, int(tree.move[c])),
                    visits,
                    rate,
                    None,
                    _PROVEN_TEXT.get(proven),
                    int(tree.plies[c]) + 1 if proven in (mcts.WIN, mcts.LOSS) else None,
                )
            )
        pv = self._pv(ordered[0]) if ordered else []
        proven_root = int(tree.proven[0])
        value = _ROOT_TEXT.get(proven_root)
        plies = int(tree.plies[0]) if proven_root in (mcts.WIN, mcts.LOSS) else None
        win_rate = stats[0].win_rate if stats else 0.5
        if value is not None:
            win_rate = {"win": 1.0, "loss": 0.0, "draw": 0.5}[value]
        # the moves no playout reached (out of time), and not proven
        unjudged = sum(1 for s in stats if not s.visits and s.proven is None)
        return Choice(
            stats[0].move if stats else None,
            self.name(),
            win_rate,
            self.playouts,
            int(self.st[mcts.MAX_DEPTH]),
            clock.elapsed(),
            tuple(pv),
            tuple(stats),
            value,
            plies,
            stopped=clock.stopped,
            unjudged=unjudged,
        )

    def name(self) -> str:
        return "mcts-rave" if self.fp[mcts.USE_RAVE] else "mcts"

    def _pv(self, first: int) -> list[str]:
        """The most visited line (a proven win first), as move texts."""
        tree, adapter = self.tree, self.adapter
        line: list[str] = []
        game = self.game.copy()
        node = first
        while node >= 0 and tree.visits[node] > 0:
            move = adapter.public(game, int(tree.move[node]))
            line.append(str(move))
            game.push(move)
            children = tree.children(node)
            if not children or game.is_over():
                break
            node = max(children, key=lambda c: (tree.proven[c] == mcts.WIN, tree.visits[c]))
        return line


def warm_up() -> float:
    """Compile the search (or load it from numba's cache) if this process has not; the
    seconds that took. One compiled search serves every kernel."""
    if mcts.run.signatures:
        return 0.0
    from ...partition import Partition, PartitionOptions

    began = time.perf_counter()
    game = Partition.new(PartitionOptions(2, "floating"))
    agent = CompiledMCTSAgent(seed=0)
    adapter = adapter_for(game)
    assert adapter is not None  # base 2 has a kernel
    search = _Search(agent, adapter, game, 4)
    search.run(4)
    return time.perf_counter() - began
