"""Monte Carlo tree search compiled for every kernel: UCT with RAVE and the MCTS-Solver.

The same search as :class:`model.search.mcts_agent.MCTSAgent` (its formulas, its expansion on a
node's second visit, its proofs), over the kernels of :mod:`.core` instead of the game
protocol, with the tree in flat arrays (:class:`Tree`) of a fixed capacity: once full, the
search goes on with playouts from the leaves it has. :func:`run` does a number of playouts
and returns, so the caller keeps the clock, the stop button and the progress reports in
Python between calls; the tree stays in the arrays.

RAVE (all moves as first) is for the kernels whose moves are points that keep the colour
of whoever took them (Pyramid Partition): a playout there fills the board, and each move of
a node on the path is scored by who holds its point at the end.

First-play urgency: a child not yet visited scores its prior (1.0, or with RAVE its
all-moves-as-first rate plus 0.5) plus ``c * sqrt(N / FIRST_PLAY)``, rising with its
parent's visits N (as PUCT's exploration term does). A visited child scores at most
``1 + c * sqrt(ln(N + 1) / n)`` (n: its visits), so no child is starved: without RAVE an
untried child comes before any sibling with more than ``FIRST_PLAY * ln(N + 1) / N``
visits, with RAVE soon after. A constant first-play value of 1.0 let a child that won its
early playouts take them all (``tests/model/test_agents.py``'s starving position: one root
move of 20 had all 3,000 playouts). Early in a search (the medium level's 40 playouts) the
bonus is small, so RAVE's prior still picks the moves to try first; with 1 instead of
``FIRST_PLAY`` (every child tried once before any twice) Partition's medium level (40
playouts with RAVE) fell to 5-5 against easy in 10 games (19-1 in 20 before).

Proven values are for the node's mover (the side that played its move): :data:`WIN`,
:data:`LOSS`, :data:`DRAW`, ordered so that the opponent's value is ``4 - v``.
"""

from __future__ import annotations

import math
from typing import cast

import numpy as np
from numba import njit

from . import core
from .arrays import Arrays, Counts, Flags, Floats, Shorts, TreeArrays, Words
from .bits import uniform

UNKNOWN, LOSS, DRAW, WIN = 0, 1, 2, 3
# st: the search's registers between calls
NODES, PLAYOUTS, MAX_DEPTH, CAPACITY, DONE = range(5)
REGISTERS = 8
# fp: its parameters
EXPLORATION, RAVE_K, USE_RAVE, EVERY_MOVE = range(4)
#: The parent's visits at which an untried child's first-play bonus is the exploration
#: constant (see the module).
FIRST_PLAY = 1000.0
#: The deepest line the tree follows (then the playout takes over).
DEPTH_LIMIT = 250
#: The root's node, an int64 (typed ``int`` here): numba compiles a call that passes a
#: literal (``0``) for a signature of its own.
ROOT = cast(int, np.int64(0))
NODE_BYTES = 4 + 4 + 8 + 4 + 8 + 1 + 2 + 4 + 8


class Tree:
    """The search tree's arrays, node 0 the root (see the module)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.first = np.full(capacity, -1, dtype=np.int32)  # first child, -1: not expanded
        self.count = np.zeros(capacity, dtype=np.int32)  # children
        self.move = np.zeros(capacity, dtype=np.int64)  # the move that led here
        self.visits = np.zeros(capacity, dtype=np.int32)
        self.wins = np.zeros(capacity, dtype=np.float64)  # rewards for the node's mover
        self.proven = np.zeros(capacity, dtype=np.int8)  # for the node's mover
        self.plies = np.zeros(capacity, dtype=np.int16)  # to the end, when proven
        self.rave_n = np.zeros(capacity, dtype=np.int32)  # AMAF of the node's move
        self.rave_w = np.zeros(capacity, dtype=np.float64)

    def arrays(self) -> tuple[np.ndarray, ...]:
        return (
            self.first,
            self.count,
            self.move,
            self.visits,
            self.wins,
            self.proven,
            self.plies,
            self.rave_n,
            self.rave_w,
        )

    def children(self, node: int) -> range:
        first = int(self.first[node])
        return range(first, first + int(self.count[node])) if first >= 0 else range(0)


@njit(cache=True, inline="always")
def _has(lo: int, hi: int, p: int) -> bool:
    return (lo >> p & 1) != 0 if p < 64 else (hi >> (p - 64) & 1) != 0


@njit(cache=True)
def _expand(
    game: int, ctx: Words, state: Words, node: int, tree: TreeArrays, st: Words, moves: Words
) -> int:
    """Give ``node`` its children; -1 when the tree is full, else their number (0: the
    side to move has no move and has lost: the node is a win for its mover)."""
    first, count, move, visits, wins, proven, plies, rave_n, rave_w = tree
    n = core.generate(game, ctx, state, moves)
    if n == 0:
        proven[node] = WIN
        plies[node] = 0
        return 0
    base = st[NODES]
    if base + n > st[CAPACITY]:
        return -1
    for i in range(n):
        c = base + i
        first[c] = -1
        count[c] = 0
        move[c] = moves[i]
        visits[c] = 0
        wins[c] = 0.0
        proven[c] = UNKNOWN
        plies[c] = 0
        rave_n[c] = 0
        rave_w[c] = 0.0
    first[node] = base
    count[node] = n
    st[NODES] = base + n
    return n


@njit(cache=True)
def _select(node: int, tree: TreeArrays, fp: Floats, rng: Words, unproven_only: bool) -> int:
    """The child to search next by UCT with RAVE; a proven win at once; -1 when
    ``unproven_only`` and every child is proven."""
    first, count, _move, visits, wins, proven, _plies, rave_n, rave_w = tree
    c_explore = fp[EXPLORATION]
    k = fp[RAVE_K]
    use_rave = fp[USE_RAVE] != 0
    log_n = math.log(visits[node] + 1)
    first_play = c_explore * math.sqrt(visits[node] / FIRST_PLAY)  # see the module
    best = -1
    best_value = -1e300
    start = first[node]
    for c in range(start, start + count[node]):
        pr = proven[c]
        if pr != UNKNOWN:
            if unproven_only:
                continue
            if pr == WIN:
                return c
            if pr == LOSS:
                continue
        n = visits[c]
        rn = rave_n[c] if use_rave else 0
        if n == 0:  # first-play urgency: see the module docstring
            prior = rave_w[c] / rn + 0.5 if rn > 0 else 1.0
            value = prior + first_play + uniform(rng) * 0.01
        else:
            q = wins[c] / n
            if rn > 0:
                beta = math.sqrt(k / (3 * n + k))
                q = (1 - beta) * q + beta * rave_w[c] / rn
            value = q + c_explore * math.sqrt(log_n / n)
        if value > best_value:
            best, best_value = c, value
    if best < 0 and not unproven_only:  # every move loses: play on with the most visited
        most = -1
        for c in range(start, start + count[node]):
            if visits[c] > most:
                best, most = c, visits[c]
    return best


@njit(cache=True)
def _prove(node: int, first: Counts, count: Counts, proven: Flags, plies: Shorts) -> None:
    """MCTS-Solver: a child that wins for the side to move makes ``node`` lost for its
    mover; when every child is proven, the best of them decides."""
    best = LOSS
    settled = True
    quickest = -1
    start = first[node]
    for c in range(start, start + count[node]):
        pr = proven[c]
        if pr == WIN:
            if quickest < 0 or plies[c] < quickest:
                quickest = plies[c]
        elif pr == UNKNOWN:
            settled = False
        elif pr > best:
            best = pr
    if quickest >= 0:
        proven[node] = LOSS
        plies[node] = quickest + 1
    elif settled:
        longest = 0
        for c in range(start, start + count[node]):
            if proven[c] == best and plies[c] > longest:
                longest = plies[c]
        proven[node] = 4 - best
        plies[node] = longest + 1


@njit(cache=True)
def expand_root(
    game: int,
    ctx: Words,
    root_state: Words,
    tree: TreeArrays,
    st: Words,
    states: Words,
    moves: Words,
) -> int:
    """Give the root its children, each move that ends the game proven at once: by the
    kernel's end test, or by leaving the other side no move (a loss the kernel's status
    does not carry: Allmer's Pyramid where the last stones stay), as the reference does."""
    first, count, move, _visits, _wins, proven, plies, _rave_n, _rave_w = tree
    for i in range(root_state.shape[0]):  # (a slice's copy compiles numba's error text: 1 s)
        states[0, i] = root_state[i]
    n = _expand(game, ctx, states[0], ROOT, tree, st, moves)
    for c in range(first[0], first[0] + max(n, 0)):
        core.play(game, ctx, states[0], move[c], states[1])
        status = states[1, core.STATUS]
        if status != core.RUNNING:
            proven[c] = WIN if status == core.LOST else LOSS if status == core.WON else DRAW
        elif core.generate(game, ctx, states[1], moves) == 0:  # the root's moves are in tree
            proven[c] = WIN
            plies[c] = 0
    if n > 0:
        _prove(ROOT, first, count, proven, plies)
    return n


@njit(cache=True, nogil=True)  # the window's thread runs while it searches
def run(
    game: int,
    ctx: Words,
    tree: TreeArrays,
    st: Words,
    fp: Floats,
    rng: Words,
    work: Arrays,
    budget: int,
) -> bool:
    """About ``budget`` more playouts from the root (``states[0]``, expanded by
    :func:`expand_root`); True once there is nothing more to learn (the root proven, or with
    the every-move option every root move proven). ``tree``: :meth:`Tree.arrays`; ``work``:
    the line's states, keys and nodes, and room for moves, a playout's board and scratch.
    Each playout: selection and expansion (:func:`_descend`), a random playout or the
    leaf's known value, then the reward backed up the line (:func:`_backup`)."""
    first, count, proven = tree[0], tree[1], tree[5]
    states, keys, path, board, scratch = work[0], work[1], work[2], work[4], work[5]
    every_move = fp[EVERY_MOVE] != 0
    use_rave = fp[USE_RAVE] != 0
    if core.can_repeat(game):
        keys[0] = core.key(game, ctx, states[0])
    for _ in range(budget):
        if proven[0] != UNKNOWN and not every_move:
            st[DONE] = 1
            return True
        depth, node, repeated = _descend(game, ctx, tree, st, fp, rng, work, every_move)
        root = depth == 0 and every_move and node == 0 and first[0] >= 0
        if root and _all_proven(first[0], count[0], proven):
            st[DONE] = 1
            return True
        if depth > st[MAX_DEPTH]:
            st[MAX_DEPTH] = depth
        # -- simulation: the reward for the side to move at the leaf --
        leaf = path[depth]
        filled = False
        if repeated:
            reward = 0.5
        elif leaf != 0 and proven[leaf] != UNKNOWN:
            pr = proven[leaf]
            reward = 0.0 if pr == WIN else 1.0 if pr == LOSS else 0.5
        else:
            reward = core.playout(game, ctx, states[depth], rng, board, scratch)
            filled = use_rave
        _backup(tree, path, board, depth, reward, filled)
        st[PLAYOUTS] += 1
    return False


@njit(cache=True, inline="always")
def _descend(
    game: int,
    ctx: Words,
    tree: TreeArrays,
    st: Words,
    fp: Floats,
    rng: Words,
    work: Arrays,
    every_move: bool,
) -> tuple[int, int, bool]:
    """Selection and expansion from the root down the line (``path``, ``states``, ``keys``):
    to a node not visited yet, a finished game, a proven node or a repetition of the line;
    the leaf's depth and node, and whether it repeats the line."""
    first, move, visits, proven = tree[0], tree[2], tree[3], tree[5]
    states, keys, path, moves = work[0], work[1], work[2], work[3]
    repeats = core.can_repeat(game)
    node = ROOT
    depth = 0
    path[0] = 0
    repeated = False
    while depth < DEPTH_LIMIT - 1:
        if states[depth, core.STATUS] != core.RUNNING:
            break
        if node != 0 and proven[node] != UNKNOWN:
            break
        if first[node] < 0 and _expand(game, ctx, states[depth], node, tree, st, moves) <= 0:
            break
        child = _select(node, tree, fp, rng, every_move and node == 0)
        if child < 0:
            break
        core.play(game, ctx, states[depth], move[child], states[depth + 1])
        depth += 1
        path[depth] = child
        node = child
        status = states[depth, core.STATUS]
        if status != core.RUNNING and proven[child] == UNKNOWN:
            proven[child] = WIN if status == core.LOST else LOSS if status == core.WON else DRAW
        if repeats and status == core.RUNNING:
            keys[depth] = core.key(game, ctx, states[depth])
            for j in range(depth - 2, -1, -2):
                if keys[j] == keys[depth]:
                    repeated = True
                    break
            if repeated:
                break
        if visits[child] == 0:
            break
    return depth, node, repeated


@njit(cache=True, inline="always")
def _all_proven(start: int, n: int, proven: Flags) -> bool:
    """Is every child from ``start`` (``n`` of them) proven?"""
    for c in range(start, start + n):  # noqa: SIM110  (a loop numba compiles plainly)
        if proven[c] == UNKNOWN:
            return False
    return True


@njit(cache=True, inline="always")
def _backup(
    tree: TreeArrays, path: Words, board: Words, depth: int, reward: float, filled: bool
) -> None:
    """The playout's ``reward`` (for the side to move at the leaf) backed up the line: each
    node's visits and wins for its mover, its proof where its children settle it, and, after
    a random playout (``filled``), the RAVE statistics of its children's moves."""
    first, count, move, visits, wins, proven, plies, rave_n, rave_w = tree
    for d in range(depth, -1, -1):
        nd = path[d]
        mine = reward if (depth - d) % 2 == 1 else 1.0 - reward  # for the node's mover
        visits[nd] += 1
        wins[nd] += mine
        if first[nd] >= 0 and proven[nd] == UNKNOWN:
            _prove(nd, first, count, proven, plies)
        if filled and first[nd] >= 0:
            # the side to move at depth d is the leaf's when depth - d is even
            if (depth - d) % 2 == 0:
                lo, hi, score = board[0], board[1], reward
            else:
                lo, hi, score = board[2], board[3], 1.0 - reward
            for c in range(first[nd], first[nd] + count[nd]):
                if _has(lo, hi, move[c]):
                    rave_n[c] += 1
                    rave_w[c] += score
