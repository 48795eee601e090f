"""One entry point a kernel function, for the searches written once for every game.

Each game's kernel keeps its position in a row of :data:`STATE` int64 words with the end test
at :data:`STATUS` (0 running, -1 the side to move has lost, 1 it has won, 2 drawn), and its
tables in a context array; the functions here pick the kernel by a game code. A branch on an
integer costs nothing next to the work of a move, and numba caches one compiled search for
every game (a search taking the kernel's functions as arguments would be compiled anew in
every process: numba cannot cache it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..games.partition import kernel as partition
from ..games.partition import outlook as partition_outlook
from ..games.pyraos import state as pyraos
from ..games.terrace import kernel as terrace
from .arrays import Words

PARTITION, PYRAOS, TERRACE = 0, 1, 2
STATE = 8
STATUS, LAST = 6, 7
RUNNING, LOST, WON, DRAWN = 0, -1, 1, 2
#: Room for the moves of one position, per game code.
MAX_MOVES = (partition.MAX_MOVES, pyraos.MAX_MOVES, terrace.MAX_MOVES)
#: Words of the playout's workspace (a board for RAVE, two state rows).
BOARD = 2 * STATE
assert partition.STATE == pyraos.STATE == terrace.STATE == STATE
assert partition.STATUS == pyraos.STATUS == terrace.STATUS == STATUS


@njit(cache=True)
def generate(game: int, ctx: Words, state: Words, out: Words) -> int:
    """The legal moves of the side to move into ``out``; how many (0: it has lost)."""
    if game == PARTITION:
        return partition.generate(ctx, state, out)
    if game == PYRAOS:
        return pyraos.generate(ctx, state, out)
    return terrace.generate(ctx, state, out)


@njit(cache=True)
def play(game: int, ctx: Words, state: Words, move: int, child: Words) -> None:
    """Write the position after ``move`` into the row ``child``."""
    if game == PARTITION:
        partition.play(ctx, state, move, child)
    elif game == PYRAOS:
        pyraos.play(ctx, state, move, child)
    else:
        terrace.play(ctx, state, move, child)


@njit(cache=True)
def key(game: int, ctx: Words, state: Words) -> int:
    """The position up to symmetry, from the side to move, below 2**60."""
    if game == PARTITION:
        return partition.key(ctx, state)
    if game == PYRAOS:
        return pyraos.key(ctx, state)
    return terrace.key(ctx, state)


@njit(cache=True)
def playout(game: int, ctx: Words, state: Words, rng: Words, board: Words, scratch: Words) -> float:
    """A random game from ``state``: the score in [0, 1] for its side to move."""
    if game == PARTITION:
        return partition.playout(ctx, state, rng, board, scratch)
    if game == PYRAOS:
        return pyraos.playout(ctx, state, rng, board, scratch)
    return terrace.playout(ctx, state, rng, board, scratch)


@njit(cache=True)
def can_repeat(game: int) -> bool:
    """Can a position come back (then the searches compare the positions on the line)?"""
    return game != PARTITION


@njit(cache=True)
def perft(game: int, ctx: Words, state: Words, depth: int, states: Words, moves: Words) -> int:
    """Move sequences of length ``depth`` from ``state`` (a finished game has none; no
    repetition ends a line): the kernels' count for the tests against the model.
    ``states`` and ``moves`` have a row per ply."""
    if depth == 0:
        return 1
    count = np.zeros(depth, dtype=np.int64)
    index = np.zeros(depth, dtype=np.int64)
    for i in range(state.shape[0]):  # (a slice's copy compiles numba's error text: 1 s)
        states[0, i] = state[i]
    count[0] = generate(game, ctx, states[0], moves[0])
    if depth == 1:
        return count[0]
    total = 0
    level = 0
    while level >= 0:
        if index[level] == count[level]:
            level -= 1
            continue
        child = level + 1
        play(game, ctx, states[level], moves[level, index[level]], states[child])
        index[level] += 1
        replies = generate(game, ctx, states[child], moves[child])
        if child == depth - 1:
            total += replies
        elif replies:
            count[child], index[child] = replies, 0
            level = child
    return total


# ---- what the bounded proof search (.bounded) asks besides ------------------------------------
# A kernel that has no answer gets the neutral one: no win at once, no lower bound on a win's
# length, no static order, the move itself as its history slot, and every move may lead back.

#: Slots of the bounded search's history table, per side.
HISTORY = 1 << 10


@njit(cache=True)
def wins_at_once(game: int, ctx: Words, state: Words) -> bool:
    """Can the side to move win with its next move (so the search need not list them)?"""
    if game == PYRAOS:
        return pyraos.wins_at_once(ctx, state)
    return False


@njit(cache=True)
def lower_bound(game: int, ctx: Words, state: Words, prover_moves: bool) -> int:
    """Fewest plies in which the prover (the side to move when ``prover_moves``) could
    win from ``state``; 0 where the kernel cannot tell."""
    if game == PYRAOS:
        return pyraos.lower_bound(ctx, state, prover_moves)
    return 0


@njit(cache=True)
def order(game: int, ctx: Words, move: int) -> int:
    """A static score of ``move`` (higher: searched first), ahead of the history counts."""
    if game == PYRAOS:
        return pyraos.order(ctx, move)
    return 0


@njit(cache=True)
def history_slot(game: int, ctx: Words, move: int) -> int:
    """Where the history heuristic counts ``move`` (below :data:`HISTORY`)."""
    if game == PYRAOS:
        return pyraos.history_slot(ctx, move)
    return move & (HISTORY - 1)


@njit(cache=True)
def reopens(game: int, ctx: Words, move: int) -> bool:
    """Can a position from before ``move`` come back after it (where positions repeat)?"""
    if game == PYRAOS:
        return pyraos.reopens(ctx, move)
    return True


@njit(cache=True)
def colour_free(game: int) -> bool:
    """Is the key the same for a board with the colours and the turn swapped (so a line
    repeats a position when either side's earlier position comes back)?"""
    return game == PYRAOS


# ---- what df-pn's helps ask (.dfpn); a kernel without an answer gives none -----------------

#: The words of :func:`outlook`'s answer.
OUTLOOK = 15


@njit(cache=True)
def outlook(
    game: int, ctx: Words, state: Words, out: Words, sure: bool = True, dead: bool = True
) -> bool:
    """What is decided before the end (Partition; False elsewhere): ``out[0]`` the corners
    the side to move is sure to hold whatever the other plays, ``out[1]`` the other side's
    (5-bit masks: three bits or more, that side wins), ``out[2]`` the plies the game lasts
    at most (the empty points), ``out[3:5]`` the dead points (a 128-bit mask as two words):
    moves neither side needs when the question's plies cover the whole game; the rest
    scratch (:data:`OUTLOOK` words in all). ``sure`` and ``dead``: look for those (else
    none found)."""
    if game == PARTITION:
        partition_outlook.outlook(ctx, state, out, sure, dead)
        return True
    return False


@njit(cache=True)
def is_dead(game: int, out: Words, move: int) -> bool:
    """Is ``move`` among the dead points :func:`outlook` wrote into ``out``?"""
    if game == PARTITION:
        return (out[3] >> move & 1) != 0 if move < 64 else (out[4] >> (move - 64) & 1) != 0
    return False


@njit(cache=True)
def estimate(game: int, ctx: Words, state: Words, out: Words) -> bool:
    """A cheap distance to a win for the side to move (``out[0]``) and the other side
    (``out[1]``), small positive-or-zero integers (Partition; False elsewhere)."""
    if game == PARTITION:
        partition_outlook.estimate(ctx, state, out)
        return True
    return False
