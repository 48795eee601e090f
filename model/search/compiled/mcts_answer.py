"""The answer of the compiled MCTS read from its trees: one tree's root moves, or several
root-parallel trees' merged (their visits and wins summed, the shortest proofs, the line
of the tree that searched the best move most), and the root moves' proofs handed between
the trees while they search (see :mod:`.agent`, whose searches these read through
:class:`SearchTree`)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from pyramid_lab.i18n import M_

from ...game import Game
from ..choice import Choice, Clock, MoveStat
from . import mcts
from .adapters import Adapter


class SearchTree(Protocol):
    """What the answer reads of one search (:class:`.agent._Search`): its position and
    kernel, its tree and registers, the playouts run, its name and a line of its tree."""

    game: Game
    adapter: Adapter
    tree: mcts.Tree
    st: np.ndarray

    @property
    def playouts(self) -> int: ...

    def name(self) -> str: ...

    def line(self, first: int) -> list[str]: ...


_PROVEN_TEXT = {mcts.WIN: "win", mcts.LOSS: "loss", mcts.DRAW: "draw"}
_RATE = {mcts.WIN: 1.0, mcts.LOSS: 0.0, mcts.DRAW: 0.5}
#: The root's value for the side to move from its proven value for the node's mover.
_ROOT_TEXT = {mcts.LOSS: "win", mcts.WIN: "loss", mcts.DRAW: "draw"}


class RootProofs:
    """The root moves proved by any of the threads' trees (they all have the root's moves
    in the same order), handed from each tree to the others between their slices."""

    def __init__(self, search: SearchTree, every_move: bool) -> None:
        tree = search.tree
        self.first = int(tree.first[0])
        self.count = int(tree.count[0]) if self.first >= 0 else 0
        kids = slice(self.first, self.first + self.count)
        self.proven = tree.proven[kids].copy()
        self.plies = tree.plies[kids].copy()
        self.root = int(tree.proven[0])  # the root proven (for its mover) by some tree
        self.every_move = every_move
        self.lock = threading.Lock()

    def exchange(self, search: SearchTree) -> None:
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
        """Move ``i``'s place, best first: as :meth:`.agent._Search._rank`."""
        proven, plies, visits = int(self.proven[i]), int(self.plies[i]), int(self.visits[i])
        order = {mcts.WIN: 2, mcts.DRAW: 0, mcts.LOSS: -2}.get(proven, 0)
        # the quickest proven win, the longest proven loss
        length = -plies if proven == mcts.WIN else plies if proven == mcts.LOSS else 0
        return order, length, visits, float(self.wins[i]) / visits if visits else 0.0


def _merge(searches: Sequence[SearchTree]) -> _Merged:
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


def trees_summary(searches: Sequence[SearchTree]) -> str:
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


def trees_choice(searches: Sequence[SearchTree], clock: Clock) -> Choice:
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
