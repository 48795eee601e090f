"""Pyraos as a kernel of the compiled core, over :mod:`model.search.pyraos_kernel`.

The state row (:data:`STATE` words, the end test at :data:`STATUS` as in every kernel)::

    own, opp, 0, 0, 0, 0, status, last move

``own`` and ``opp`` are the 30-bit masks of :mod:`model.search.pyraos_kernel` from the side
to move; ``status`` is -1 once the side to move has lost (the top was placed). A side with
no move loses; the core sees that as a position without moves. The context holds the
version's codes and the playout cap; a playout plays random moves (the top at once when it
can be placed) and, at the cap, scores the reserves as :mod:`model.search.evaluate` does.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit

from ..pyraos_kernel import (
    MAX_MOVES,
    TOP,
    can_place_top,
    canonical,
    move_target,
    moves_or_pass,
    variant_codes,
)
from ..pyraos_kernel import play as play_mask
from .bits import next_random, popcount

STATE = 8
OWN, OPP = 0, 1
STATUS, LAST = 6, 7
LOST = -1
VARIANT, REMOVAL, PLAYOUT_CAP = range(3)
CONTEXT_SIZE = 4
__all__ = ["MAX_MOVES", "STATE", "context", "generate", "key", "play", "playout"]


@cache
def context(variant: str, removal: str, playout_cap: int = 200) -> np.ndarray:
    """The version's codes and the playout cap as the kernel's context."""
    ctx = np.zeros(CONTEXT_SIZE, dtype=np.int64)
    ctx[VARIANT], ctx[REMOVAL] = variant_codes(variant, removal)
    ctx[PLAYOUT_CAP] = playout_cap
    ctx.setflags(write=False)
    return ctx


@njit(cache=True)
def generate(ctx, state, out) -> int:
    if state[STATUS] != 0:
        return 0
    return moves_or_pass(state[OWN], state[OPP], ctx[VARIANT], ctx[REMOVAL], out, 0)


@njit(cache=True)
def play(ctx, state, move: int, child) -> None:
    child[OWN] = state[OPP]
    child[OPP] = play_mask(state[OWN], move)
    child[STATUS] = LOST if move_target(move) == TOP else 0
    child[LAST] = move


@njit(cache=True)
def key(ctx, state) -> int:
    """The canonical key of :mod:`model.search.pyraos_kernel` (below 2**60)."""
    return canonical(state[OWN], state[OPP])


@njit(cache=True)
def playout(ctx, state, rng, board, scratch) -> float:
    """Random moves to the end or the cap: 1.0 when the side to move at the start wins,
    0.0 when it loses, the reserves' score at the cap."""
    own, opp = state[OWN], state[OPP]
    if state[STATUS] != 0:
        return 0.0
    mine = True  # the side to move now is the one the playout scores for
    for _ in range(ctx[PLAYOUT_CAP]):
        if can_place_top(own, opp):
            return 1.0 if mine else 0.0
        n = moves_or_pass(own, opp, ctx[VARIANT], ctx[REMOVAL], scratch, 0)
        if n == 0:
            return 0.0 if mine else 1.0
        move = scratch[next_random(rng) % n]
        own, opp = opp, play_mask(own, move)
        mine = not mine
    score = 0.5 + 0.5 * (popcount(opp) - popcount(own)) / 8.0  # reserves: fewer on the board
    score = min(1.0, max(0.0, score))
    return score if mine else 1.0 - score
