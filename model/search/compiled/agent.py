"""The compiled MCTS as an agent of :mod:`model.search.agents`' interface.

``CompiledMCTSAgent(...).choose(game, limits, progress, stop) -> Choice`` answers as
:class:`model.search.mcts_agent.MCTSAgent` does (the same search, the same statistics of every
root move, proofs and principal line) some fifty times faster (``tests/bench/compiled.py``).
The compiled search runs in slices of playouts between which the clock, the stop button and
progress reports are looked at, here in Python.

With ``threads`` above 1 the search is root-parallel: each of that many Python threads grows
a tree of its own from the same root with a generator of its own, calling the compiled
slices, which run without the GIL (:func:`.mcts.run` is ``nogil``), so the threads search on
as many cores at once. The caller's thread keeps the clock, the stop button and the progress
reports, and stops every thread (each ends the slice under way: hundredths of a second).
Between slices each thread hands the root moves it proved to the others and takes theirs
(:class:`RootProofs`), so a proof is found once. The answer merges the trees' root moves:
their visits and wins summed, their proofs (the shortest where two trees proved one), the
principal line from the tree that searched the best move most. A playout limit is shared out
among the threads; the playouts counted are the sum.

Why root-parallel and not one shared tree with virtual loss: the trees here are flat arrays
grown by a counter of nodes (:mod:`.mcts`); sharing them would need atomic updates or locks
in the compiled loop (numba has neither on the CPU), or races that corrupt the tree. Trees
of their own share nothing while they search, scale with the cores as far as memory
bandwidth allows, and what the Analysis dock shows (every root move's visits, win rate and
proof) merges exactly. One thread (the default) is the search as it always was, repeatable
from its seed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Unpack

import numpy as np

from pyramid_lab.i18n import M_, Mn_

from ...game import Game
from ..choice import Choice, Clock, Limits, MoveStat, ProgressCallback
from ..mcts_agent import MCTSOptions, MCTSParameters
from ..threads import check_threads
from . import core, first_use, mcts
from .adapters import Adapter
from .bits import seed_state

_PROVEN_TEXT = {mcts.WIN: "win", mcts.LOSS: "loss", mcts.DRAW: "draw"}
_RATE = {mcts.WIN: 1.0, mcts.LOSS: 0.0, mcts.DRAW: 0.5}
#: The root's value for the side to move from its proven value for the node's mover.
_ROOT_TEXT = {mcts.LOSS: "win", mcts.WIN: "loss", mcts.DRAW: "draw"}


class RootProofs:
    """The root moves proved by any of the threads' trees (they all have the root's moves
    in the same order), handed from each tree to the others between their slices."""

    def __init__(self, search: _Search, every_move: bool) -> None:
        tree = search.tree
        self.first = int(tree.first[0])
        self.count = int(tree.count[0]) if self.first >= 0 else 0
        kids = slice(self.first, self.first + self.count)
        self.proven = tree.proven[kids].copy()
        self.plies = tree.plies[kids].copy()
        self.root = int(tree.proven[0])  # the root proven (for its mover) by some tree
        self.every_move = every_move
        self.lock = threading.Lock()

    def exchange(self, search: _Search) -> None:
        """The proofs of ``search``'s root moves to the others, and theirs to it."""
        if self.count == 0:
            return
        tree = search.tree
        kids = slice(self.first, self.first + self.count)
        proven, plies = tree.proven[kids], tree.plies[kids]  # views: written through
        with self.lock:
            if tree.proven[0] != mcts.UNKNOWN and self.root == mcts.UNKNOWN:
                self.root = int(tree.proven[0])
            found = (proven != mcts.UNKNOWN) & (self.proven == mcts.UNKNOWN)
            self.proven[found] = proven[found]
            self.plies[found] = plies[found]
            known = (proven == mcts.UNKNOWN) & (self.proven != mcts.UNKNOWN)
            proven[known] = self.proven[known]  # its next playout proves the root from them
            plies[known] = self.plies[known]

    def settled(self) -> bool:
        """Nothing more to learn: the root proven, or with ``every_move`` every root move."""
        with self.lock:
            if self.every_move:
                return bool(self.count) and bool(np.all(self.proven != mcts.UNKNOWN))
            return self.root != mcts.UNKNOWN or _root_value(self.proven, self.plies)[0] != 0


def _root_value(proven: np.ndarray, plies: np.ndarray) -> tuple[int, int]:
    """The root's value for its mover (and plies) from its moves' proofs, as
    :func:`.mcts._prove` finds it: (UNKNOWN, 0) while they do not settle it."""
    won = proven == mcts.WIN
    if won.any():
        return mcts.LOSS, int(plies[won].min()) + 1
    if not len(proven) or (proven == mcts.UNKNOWN).any():
        return mcts.UNKNOWN, 0
    best = int(proven.max())
    return 4 - best, int(plies[proven == best].max()) + 1


@dataclass(frozen=True)
class _Merged:
    """The root moves of one or more trees merged (see the module): for each move, in the
    trees' order, its kernel move, visits, wins (for the root's side to move), proof and
    plies; the root's proof; the deepest line."""

    moves: np.ndarray
    visits: np.ndarray
    wins: np.ndarray
    proven: np.ndarray
    plies: np.ndarray
    root: int
    root_plies: int
    depth: int
    playouts: int

    def rank(self, i: int) -> tuple[int, int, int, float]:
        """Move ``i``'s place, best first: as :meth:`_Search._rank`."""
        proven, plies, visits = int(self.proven[i]), int(self.plies[i]), int(self.visits[i])
        order = {mcts.WIN: 2, mcts.DRAW: 0, mcts.LOSS: -2}.get(proven, 0)
        # the quickest proven win, the longest proven loss
        length = -plies if proven == mcts.WIN else plies if proven == mcts.LOSS else 0
        return order, length, visits, float(self.wins[i]) / visits if visits else 0.0


def _merge(searches: Sequence[_Search]) -> _Merged:
    """The trees' root moves merged (see :class:`_Merged`); one tree's as they are."""
    trees = [search.tree for search in searches]
    first = int(trees[0].first[0])
    count = int(trees[0].count[0]) if first >= 0 else 0
    kids = slice(first, first + count)
    moves = trees[0].move[kids].copy()
    for tree in trees[1:]:
        assert np.array_equal(tree.move[kids], moves), "the trees' root moves differ"
    visits = np.stack([tree.visits[kids] for tree in trees]).sum(axis=0, dtype=np.int64)
    wins = np.stack([tree.wins[kids] for tree in trees]).sum(axis=0, dtype=np.float64)
    proven = np.stack([tree.proven[kids] for tree in trees]).max(axis=0)
    plies = np.zeros(count, dtype=np.int64)
    for i in np.flatnonzero(proven):  # the shortest of the trees' proofs
        plies[i] = min(int(t.plies[first + i]) for t in trees if t.proven[first + i] != 0)
    rooted = [t for t in trees if t.proven[0] != mcts.UNKNOWN]
    if rooted:
        root = int(rooted[0].proven[0])
        root_plies = min(int(t.plies[0]) for t in rooted if t.proven[0] == root)
    else:
        root, root_plies = _root_value(proven, plies)
    return _Merged(
        moves,
        visits,
        wins,
        proven,
        plies,
        root,
        root_plies,
        max(int(search.st[mcts.MAX_DEPTH]) for search in searches),
        sum(search.playouts for search in searches),
    )


def trees_summary(searches: Sequence[_Search]) -> str:
    """'best 1,1,1 63%' from the trees so far (read while they search: near enough)."""
    merged = _merge(searches)
    if not len(merged.moves):
        return ""
    best = int(np.argmax(merged.visits))
    if merged.visits[best] == 0:
        return ""
    rate = merged.wins[best] / merged.visits[best]
    search = searches[0]
    move = search.adapter.public(search.game, int(merged.moves[best]))
    return M_("best {move} {percent}%", move=str(move), percent=f"{rate * 100:.0f}")


def trees_choice(searches: Sequence[_Search], clock: Clock) -> Choice:
    """The answer of one tree, or of several merged (see the module)."""
    merged = _merge(searches)
    search = searches[0]
    game, adapter = search.game, search.adapter
    ordered = sorted(range(len(merged.moves)), key=merged.rank, reverse=True)
    stats = []
    for i in ordered:
        proven = int(merged.proven[i])
        visits = int(merged.visits[i])
        rate = _RATE[proven] if proven else float(merged.wins[i]) / max(visits, 1)
        stats.append(
            MoveStat(
                adapter.public(game, int(merged.moves[i])),
                visits,
                rate,
                None,
                _PROVEN_TEXT.get(proven),
                int(merged.plies[i]) + 1 if proven in (mcts.WIN, mcts.LOSS) else None,
            )
        )
    pv: list[str] = []
    if ordered:  # the line of the tree that searched the best move most
        best = ordered[0]
        first = int(search.tree.first[0])
        deepest = max(searches, key=lambda s: int(s.tree.visits[first + best]))
        pv = deepest.line(first + best)
    value = _ROOT_TEXT.get(merged.root)
    plies = merged.root_plies if merged.root in (mcts.WIN, mcts.LOSS) else None
    win_rate = stats[0].win_rate if stats else 0.5
    if value is not None:
        win_rate = {"win": 1.0, "loss": 0.0, "draw": 0.5}[value]
    # the moves no playout reached (out of time), and not proven
    unjudged = sum(1 for s in stats if not s.visits and s.proven is None)
    return Choice(
        stats[0].move if stats else None,
        search.name(),
        win_rate,
        merged.playouts,
        merged.depth,
        clock.elapsed(),
        tuple(pv),
        tuple(stats),
        value,
        plies,
        stopped=clock.stopped,
        unjudged=unjudged,
    )


#: Nodes the tree may hold at most (about 45 bytes each): 180 MB; with more threads, shared
#: out among their trees, each at least :data:`MIN_THREAD_NODES`.
MAX_NODES = 1 << 22
MIN_THREAD_NODES = 1 << 16
SLICE_SECONDS = 0.04
#: How often the caller's thread looks at the clock, the stop button and the threads while
#: they search (seconds).
TICK_SECONDS = 0.01


class CompiledMCTSAgent(MCTSParameters):
    """UCT with RAVE and the MCTS-Solver, compiled (see :mod:`.mcts`); the parameters of
    :class:`model.search.mcts_agent.MCTSAgent` (``max_playout`` None: the kernel's cap).
    :attr:`max_nodes` caps the tree. ``adapters`` gives a position's kernel (None where
    none fits): the layer above hands it in (``model.search.kernels.adapter_for``)."""

    #: The most nodes of the tree (of all the threads' trees together).
    max_nodes: int = MAX_NODES

    def __init__(
        self,
        adapters: Callable[[Game], Adapter | None],
        *,
        threads: int = 1,
        **options: Unpack[MCTSOptions],
    ) -> None:
        """The parameters of :class:`model.search.mcts_agent.MCTSAgent`, and ``threads``: the
        threads the search runs on (see the module; 1 to :data:`MAX_THREADS`)."""
        check_threads(threads)
        super().__init__(**options)
        self.threads = threads
        self.adapters = adapters
        self._seed = options.get("seed")
        #: The generators of the threads after the first (which has :attr:`rng`), made as
        #: they are first needed and kept, so that a next search goes on from them.
        self._more_rngs: list[np.ndarray] = []

    def _generator(self, seed: int | None) -> np.ndarray:
        return np.array([seed_state(seed)], dtype=np.int64)  # the generator's state

    def _thread_rng(self, index: int) -> np.ndarray:
        """Thread ``index``'s generator: :attr:`rng` for the first, for the others one of
        their own drawn from the seed (each different, the same for the same seed)."""
        if index == 0:
            return self.rng
        while len(self._more_rngs) < index:
            n = len(self._more_rngs) + 1
            seed = None if self._seed is None else seed_state(self._seed) + n
            self._more_rngs.append(self._generator(seed))
        return self._more_rngs[index - 1]

    def _before(self, game: Game, progress: ProgressCallback | None) -> None:
        if first_use.is_ready(TREE) or game.is_over():
            return  # ready, or no search to run
        adapter = self.adapters(game)
        if adapter is None:
            return

        def make(say: ProgressCallback, _parts: Sequence[str]) -> None:
            say(0.0, "the tree search")  # (the warm-up is above: it compiles this one)
            warm_up(adapter, game)
            first_use.mark("tree")

        first_use.ready(make, progress, TREE)  # compiling is not thinking: off the clock

    def _search(self, game: Game, limits: Limits, clock: Clock) -> Choice:
        adapter = self.adapters(game)
        if adapter is None:
            raise ValueError(f"no compiled kernel for this {game.title} position")
        limit = limits.playouts
        threads = self.threads if limit is None else max(1, min(self.threads, limit))
        if threads > 1:
            return _parallel(self, adapter, game, limit, clock, threads)
        search = _Search(self, adapter, game, limits.playouts)
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
                lambda: Mn_(
                    "{count} playout, {summary}",
                    "{count} playouts, {summary}",
                    search.playouts,
                    count=search.playouts,
                    summary=search.summary(),
                ),
            )
        return search.choice(clock)


def _parallel(
    agent: CompiledMCTSAgent,
    adapter: Adapter,
    game: Game,
    limit: int | None,
    clock: Clock,
    threads: int,
) -> Choice:
    """The root-parallel search (see the module): ``threads`` trees searched at once, each
    on a thread of its own, while this thread keeps the clock; their answers merged."""
    shares: list[int | None] = [None] * threads
    if limit is not None:  # the playouts shared out, the first threads one more
        shares = [limit // threads + (i < limit % threads) for i in range(threads)]
    nodes = max(agent.max_nodes // threads, MIN_THREAD_NODES)
    searches = [
        _Search(agent, adapter, game, shares[i], rng=agent._thread_rng(i), max_nodes=nodes)
        for i in range(threads)
    ]
    proofs = RootProofs(searches[0], agent.every_move)
    halt = threading.Event()
    errors: list[BaseException] = []
    workers = [
        threading.Thread(
            target=_work,
            args=(search, share, halt, proofs, errors),
            name=f"mcts-{i}",
            daemon=True,
        )
        for i, (search, share) in enumerate(zip(searches, shares, strict=True))
    ]

    def progress_text() -> str:
        total = sum(search.playouts for search in searches)
        return M_(
            "{count} playouts on {threads} threads, {best}",
            count=total,
            threads=threads,
            best=trees_summary(searches),
        )

    for worker in workers:
        worker.start()
    try:
        while any(worker.is_alive() for worker in workers):
            if halt.is_set() or proofs.settled() or clock.out_of_time():
                break
            total = sum(search.playouts for search in searches)
            clock.report(clock.fraction(total), progress_text)
            halt.wait(TICK_SECONDS)
    finally:
        halt.set()  # every thread ends the slice under way and stops
        for worker in workers:
            worker.join()
    if errors:
        raise errors[0]
    return trees_choice(searches, clock)


def _work(
    search: _Search,
    share: int | None,
    halt: threading.Event,
    proofs: RootProofs,
    errors: list[BaseException],
) -> None:
    """One thread's search: slices of playouts (each about :data:`SLICE_SECONDS`, the GIL
    released) until ``halt``, its ``share`` of the playouts, or nothing more to learn; the
    root's proofs exchanged between slices."""
    budget = 16
    try:
        while not halt.is_set():
            if share is not None:
                budget = min(budget, share - search.playouts)
                if budget <= 0:
                    return
            began = time.perf_counter()
            done = search.run(budget)
            spent = time.perf_counter() - began
            proofs.exchange(search)
            if done:
                return
            if spent < SLICE_SECONDS / 2:
                budget *= 2
            elif spent > SLICE_SECONDS * 2 and budget > 1:
                budget //= 2
    except BaseException as exc:  # handed to the caller's thread, which raises it
        errors.append(exc)
        halt.set()


class _Search:
    """One search's tree and registers, and the answer read from them."""

    def __init__(
        self,
        agent: CompiledMCTSAgent,
        adapter: Adapter,
        game: Game,
        playouts: int | None,
        *,
        rng: np.ndarray | None = None,
        max_nodes: int | None = None,
    ) -> None:
        """A tree for ``playouts`` (None: as many as time allows) of at most ``max_nodes``
        (the agent's), searched with ``rng`` (the agent's generator)."""
        self.game = game
        self.adapter = adapter
        self.code = adapter.code
        self.ctx = adapter.context(agent.max_playout)
        capacity = agent.max_nodes if max_nodes is None else max_nodes
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
        self.rng = agent.rng if rng is None else rng
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
        return trees_summary([self])

    def choice(self, clock: Clock) -> Choice:
        return trees_choice([self], clock)

    def name(self) -> str:
        return "mcts-rave" if self.fp[mcts.USE_RAVE] else "mcts"

    def line(self, first: int) -> list[str]:
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


#: The part of the compiled core this agent runs (:mod:`.first_use`).
TREE = ("tree",)


def warm_up(adapter: Adapter, game: Game) -> float:
    """Compile the search (or load it from numba's cache) if this process has not, by a
    search of four playouts with ``adapter``'s kernel from ``game``'s position (not over);
    the seconds that took. One compiled search serves every kernel: the layer above hands
    the kernel it is about to search with, ``model.search.compiled.warm`` a small one."""
    if mcts.run.signatures:
        return 0.0
    began = time.perf_counter()
    agent = CompiledMCTSAgent(lambda _game: adapter, seed=0)
    search = _Search(agent, adapter, game, 4)
    search.run(4)
    return time.perf_counter() - began
