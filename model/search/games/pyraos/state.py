"""Pyraos as a kernel of the compiled core, over :mod:`.kernel`.

The state row (:data:`STATE` words, the end test at :data:`STATUS` as in every kernel)::

    own, opp, 0, 0, 0, 0, status, last move

``own`` and ``opp`` are the 30-bit masks of :mod:`.kernel` from the side
to move; ``status`` is -1 once the side to move has lost (the top was placed). A side with
no move loses; the core sees that as a position without moves. The context holds the
version's codes and the playout cap; a playout plays random moves (the top at once when it
can be placed) and, at the cap, scores the reserves as its plug-in's ``evaluation`` does.

The bounded proof search (:mod:`model.search.compiled.bounded`) also asks: can the mover
win at once (place the top), the fewest plies of any win, a move's static order, its
history slot, and whether it can lead back to an earlier position (only a removal or a pass
can: a placement adds a sphere, a lift raises one).
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit

from ....pyraos import SPHERES, TOP
from ...compiled.arrays import Words
from ...compiled.bits import next_random, popcount
from .kernel import (
    FROM_START,
    GEO_LEVEL,
    MAX_MOVES,
    can_place_top,
    canonical,
    move_removed,
    move_source,
    move_target,
    moves_or_pass,
)
from .kernel import play as play_mask
from .pyramid_arrays import ALTERNATE, variant_codes

STATE = 8
OWN, OPP = 0, 1
STATUS, LAST = 6, 7
LOST = -1
VARIANT, REMOVAL, PLAYOUT_CAP = range(3)
CONTEXT_SIZE = 4
__all__ = [
    "MAX_MOVES",
    "STATE",
    "context",
    "generate",
    "history_slot",
    "key",
    "lower_bound",
    "order",
    "play",
    "playout",
    "reopens",
    "wins_at_once",
]


@cache
def context(variant: str, removal: str, playout_cap: int = 200) -> np.ndarray:
    """The version's codes and the playout cap as the kernel's context."""
    ctx = np.zeros(CONTEXT_SIZE, dtype=np.int64)
    ctx[VARIANT], ctx[REMOVAL] = variant_codes(variant, removal)
    ctx[PLAYOUT_CAP] = playout_cap
    ctx.setflags(write=False)
    return ctx


@njit(cache=True)
def generate(ctx: Words, state: Words, out: Words) -> int:
    if state[STATUS] != 0:
        return 0
    return moves_or_pass(state[OWN], state[OPP], ctx[VARIANT], ctx[REMOVAL], out, FROM_START)


@njit(cache=True)
def play(ctx: Words, state: Words, move: int, child: Words) -> None:
    child[OWN] = state[OPP]
    child[OPP] = play_mask(state[OWN], move)
    child[STATUS] = LOST if move_target(move) == TOP else 0
    child[LAST] = move


@njit(cache=True)
def key(ctx: Words, state: Words) -> int:
    """The canonical key of :mod:`.kernel` (below 2**60)."""
    return canonical(state[OWN], state[OPP])


@njit(cache=True)
def playout(ctx: Words, state: Words, rng: Words, board: Words, scratch: Words) -> float:
    """Random moves to the end or the cap: 1.0 when the side to move at the start wins,
    0.0 when it loses, the reserves' score at the cap."""
    own, opp = state[OWN], state[OPP]
    if state[STATUS] != 0:
        return 0.0
    mine = True  # the side to move now is the one the playout scores for
    for _ in range(ctx[PLAYOUT_CAP]):
        if can_place_top(own, opp):
            return 1.0 if mine else 0.0
        n = moves_or_pass(own, opp, ctx[VARIANT], ctx[REMOVAL], scratch, FROM_START)
        if n == 0:
            return 0.0 if mine else 1.0
        move = scratch[next_random(rng) % n]
        own, opp = opp, play_mask(own, move)
        mine = not mine
    score = 0.5 + 0.5 * (popcount(opp) - popcount(own)) / 8.0  # reserves: fewer on the board
    score = min(1.0, max(0.0, score))
    return score if mine else 1.0 - score


# ---- for the bounded proof search (:mod:`model.search.compiled.bounded`) --------------------


@njit(cache=True)
def wins_at_once(ctx: Words, state: Words) -> bool:
    """The side to move can place the top (and so wins)."""
    return state[STATUS] == 0 and can_place_top(state[OWN], state[OPP])


@njit(cache=True)
def lower_bound(ctx: Words, state: Words, prover_moves: bool) -> int:
    """Fewest plies in which the prover could win: by the top (placed on the ply after 29
    spheres are down; the board gains at most one a ply), or, outside the alternate version,
    by the defender left without a move (only with its 15 spheres on the board)."""
    own, opp = state[OWN], state[OPP]
    empty = 30 - popcount(own | opp)
    if prover_moves:
        top = empty if empty % 2 == 1 else empty + 1
        if ctx[VARIANT] == ALTERNATE:
            return top
        return min(top, 2 * (SPHERES - popcount(opp)) + 1)
    top = empty if empty % 2 == 0 else empty + 1
    if ctx[VARIANT] == ALTERNATE:
        return top
    return min(top, 2 * (SPHERES - popcount(own)))


@njit(cache=True)
def order(ctx: Words, move: int) -> int:
    """Height first, then spheres kept in reserve (removals, a lift instead of a
    placement). Ahead of the history counts: on random children's positions 12 plies in,
    this order took 5.6 million nodes where history first took 12.4 million (and the
    mirror reply first, once tried, 6.9 million)."""
    t = move_target(move)
    if t < 0:
        return 0
    removed = popcount(move_removed(move))
    lift = 1 if move_source(move) >= 0 else 0
    return GEO_LEVEL[t] * 16 + removed + lift


@njit(cache=True)
def history_slot(ctx: Words, move: int) -> int:
    """The move's source and target (each -1 to 29) as one slot below 1024."""
    return (move_source(move) + 1) * 32 + move_target(move) + 1


@njit(cache=True)
def reopens(ctx: Words, move: int) -> bool:
    """A removal or a pass: positions before it can come back after it."""
    return move_removed(move) != 0 or move_target(move) < 0
