"""Pyramid Partition compiled (numba): bitboards of up to 128 points (bases 2 to 6).

A position is seen from the side to move: ``own`` and ``opp`` are 128-bit masks over the
lattice's point ids (two int64 words each, ``lo`` for ids 0-63), with the corners each side
holds (5-bit masks in :data:`model.lattice.CORNERS` order) and whether the side to move has
lost. The state is one row of int64 (:data:`STATE`)::

    own_lo, own_hi, opp_lo, opp_hi, own_held, opp_held, status, last move

``status`` is 0 while the game runs and -1 once the side to move has lost (its opponent
holds three corners); a move is a point id. :func:`play` writes the child's row (the board
from the other side), so copy-make is one row of eight words.

Holding a corner is tested as :mod:`model.partition` says it: with A the mover's balls
connected to a wall of W(c), the corner is held when it is in A or a flood from it that
avoids A never reaches W(c). Only the mover's holdings change with a move, and only through
the new ball's group, which must then touch W(c) and every wall beside the corner (the
spec: isolation forces the holding group onto each adjacent wall), so :func:`play` tests a
corner only when the group does.

A random playout fills the empty points at random (the side to move gets the odd one) and
judges the full pyramid once: holdings never shrink and two sides never hold one corner, so
whoever holds three corners of the full pyramid is the side that held three first.

The tables of a base and version are one int64 array (:func:`context`), passed to every
function: the generic searches take any kernel's context the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np
from numba import njit

from ....lattice import CORNERS, WALLS, base_symmetries, lattice
from ...compiled.arrays import Words
from ...compiled.bits import cttz, mix64, next_random, popcount

MAX_BASE = 6
MAX_POINTS = 91
STATE = 8
OWN_LO, OWN_HI, OPP_LO, OPP_HI, OWN_HELD, OPP_HELD, STATUS, LAST = range(STATE)
LOST = -1
MAX_MOVES = 96

# ---- the context: one int64 array per base and version ----------------------------------
SIZE, COUNT, STACKING, NBYTES, EXACT = range(5)
HEADER = 8
NBR = HEADER  # [point][2]: the contact neighbours
SUP = NBR + 2 * MAX_POINTS  # [point][2]: the four supports (stacking)
FULL = SUP + 2 * MAX_POINTS  # [2]
LEVEL0 = FULL + 2  # [2]
UPPER = LEVEL0 + 2  # [2]
FAR = UPPER + 2  # [corner][2]: the points on the corner's far walls W(c)
CORNER = FAR + 10  # [corner]
WALL = CORNER + 5  # [wall][2]: the points on each wall (model.lattice.WALLS order)
ADJACENT = WALL + 10  # [corner]: its adjacent walls, a bit a wall
LEVEL = ADJACENT + 5  # [point]
PERM = LEVEL + MAX_POINTS  # [symmetry][point]: the image of each point
SYM = PERM + 8 * MAX_POINTS  # [symmetry][byte][256][2]: the image of a mask's byte
SYM_BYTES = 12
CONTEXT_SIZE = SYM + 8 * SYM_BYTES * 256 * 2
#: Keys are the board itself (not a hash) up to this many points.
EXACT_POINTS = 30


def _words(points: Iterable[int]) -> tuple[int, int]:
    mask = sum(1 << p for p in points)
    lo, hi = mask & ((1 << 64) - 1), mask >> 64
    return _signed(lo), _signed(hi)


def _signed(word: int) -> int:
    return word - (1 << 64) if word >= 1 << 63 else word


@cache
def context(size: int, stacking: bool) -> np.ndarray:
    """The tables of base ``size`` (2 to 6) and version as one read-only int64 array."""
    if not 2 <= size <= MAX_BASE:
        raise ValueError(f"the compiled kernel plays bases 2 to {MAX_BASE}, not {size}")
    lat = lattice(size)
    ctx = np.zeros(CONTEXT_SIZE, dtype=np.int64)
    count = lat.count
    ctx[SIZE], ctx[COUNT], ctx[STACKING] = size, count, int(stacking)
    ctx[NBYTES] = (count + 7) // 8
    ctx[EXACT] = int(count <= EXACT_POINTS)
    for p in range(count):
        ctx[NBR + 2 * p : NBR + 2 * p + 2] = _words(lat.neighbour_lists[p])
        ctx[SUP + 2 * p : SUP + 2 * p + 2] = _words(lat.support_lists[p])
        ctx[LEVEL + p] = lat.levels[p]
    ctx[FULL : FULL + 2] = _words(range(count))
    ctx[LEVEL0 : LEVEL0 + 2] = _words(list(lat.level_ids(0)))
    ctx[UPPER : UPPER + 2] = _words(range(len(lat.level_ids(0)), count))
    for c, corner in enumerate(CORNERS):
        far = int(corner.far_walls)
        on_far = [p for p in range(count) if lat.wall_masks[p] & far]
        ctx[FAR + 2 * c : FAR + 2 * c + 2] = _words(on_far)
        ctx[CORNER + c] = lat.corner_ids[corner]
        beside = corner.adjacent_walls
        ctx[ADJACENT + c] = sum(1 << w for w, wall in enumerate(WALLS) if beside & wall)
    for w, wall in enumerate(WALLS):
        on_wall = [p for p in range(count) if lat.wall_masks[p] & wall]
        ctx[WALL + 2 * w : WALL + 2 * w + 2] = _words(on_wall)
    for s, perm in enumerate(base_symmetries(size)):
        ctx[PERM + s * MAX_POINTS : PERM + s * MAX_POINTS + count] = perm
        for b in range(ctx[NBYTES]):
            for byte in range(256):
                image = [perm[8 * b + i] for i in range(8) if byte >> i & 1 and 8 * b + i < count]
                at = SYM + ((s * SYM_BYTES + b) * 256 + byte) * 2
                ctx[at : at + 2] = _words(image)
    ctx.setflags(write=False)
    return ctx


# ---- masks of two words ------------------------------------------------------------------


@njit(cache=True, inline="always")
def has(lo: int, hi: int, p: int) -> bool:
    return (lo >> p & 1) != 0 if p < 64 else (hi >> (p - 64) & 1) != 0


@njit(cache=True, inline="always")
def pop_point(lo: int, hi: int) -> tuple[int, int, int]:
    """A non-empty mask without its lowest point, and that point."""
    if lo:
        b = lo & -lo
        return lo ^ b, hi, cttz(b)
    b = hi & -hi
    return lo, hi ^ b, 64 + cttz(b)


@njit(cache=True)
def flood(ctx: Words, seed_lo: int, seed_hi: int, allow_lo: int, allow_hi: int) -> tuple[int, int]:
    """The points reached from ``seed`` (inside ``allow``) by contacts inside ``allow``."""
    seen_lo, seen_hi = seed_lo, seed_hi
    front_lo, front_hi = seed_lo, seed_hi
    while front_lo | front_hi:
        front_lo, front_hi, p = pop_point(front_lo, front_hi)
        new_lo = ctx[NBR + 2 * p] & allow_lo & ~seen_lo
        new_hi = ctx[NBR + 2 * p + 1] & allow_hi & ~seen_hi
        seen_lo |= new_lo
        seen_hi |= new_hi
        front_lo |= new_lo
        front_hi |= new_hi
    return seen_lo, seen_hi


@njit(cache=True)
def escapes(ctx: Words, start: int, allow_lo: int, allow_hi: int, far_lo: int, far_hi: int) -> bool:
    """Does a flood from point ``start`` inside ``allow`` reach a point of ``far``?"""
    if start < 64:
        seen_lo, seen_hi = 1 << start, 0
    else:
        seen_lo, seen_hi = 0, 1 << (start - 64)
    front_lo, front_hi = seen_lo, seen_hi
    while front_lo | front_hi:
        front_lo, front_hi, p = pop_point(front_lo, front_hi)
        new_lo = ctx[NBR + 2 * p] & allow_lo & ~seen_lo
        new_hi = ctx[NBR + 2 * p + 1] & allow_hi & ~seen_hi
        if (new_lo & far_lo) | (new_hi & far_hi):
            return True
        seen_lo |= new_lo
        seen_hi |= new_hi
        front_lo |= new_lo
        front_hi |= new_hi
    return False


@njit(cache=True)
def holds(ctx: Words, c: int, mine_lo: int, mine_hi: int) -> bool:
    """Does the side with the balls ``mine`` hold corner ``c``?"""
    far_lo, far_hi = ctx[FAR + 2 * c], ctx[FAR + 2 * c + 1]
    a_lo, a_hi = flood(ctx, mine_lo & far_lo, mine_hi & far_hi, mine_lo, mine_hi)
    corner = ctx[CORNER + c]
    if has(a_lo, a_hi, corner):
        return True
    if not (a_lo | a_hi):
        return False  # nothing anchored: the corner is open
    return not escapes(
        ctx, corner, ctx[FULL] & ~a_lo, ctx[FULL + 1] & ~a_hi, far_lo & ~a_lo, far_hi & ~a_hi
    )


@njit(cache=True)
def held_corners(ctx: Words, mine_lo: int, mine_hi: int) -> int:
    """The corners the side with ``mine`` holds, as a 5-bit mask (from scratch)."""
    held = 0
    for c in range(5):
        if holds(ctx, c, mine_lo, mine_hi):
            held |= 1 << c
    return held


# ---- the game --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def new_holdings(
    ctx: Words, ball_lo: int, ball_hi: int, mine_lo: int, mine_hi: int, open_: int
) -> int:
    """The corners of ``open_`` that the balls ``mine`` hold through the group of the new
    ball ``ball`` (one of ``mine``): only that group can make a new holding, and a group that
    holds a corner touches its far walls and every wall beside it (or takes the corner
    itself)."""
    g_lo, g_hi = flood(ctx, ball_lo, ball_hi, mine_lo, mine_hi)
    walls = 0
    for w in range(5):
        if (g_lo & ctx[WALL + 2 * w]) | (g_hi & ctx[WALL + 2 * w + 1]):
            walls |= 1 << w
    got = 0
    for c in range(5):
        if not open_ >> c & 1:
            continue
        if not ((g_lo & ctx[FAR + 2 * c]) | (g_hi & ctx[FAR + 2 * c + 1])):
            continue
        beside = ctx[ADJACENT + c]
        if walls & beside != beside and not has(g_lo, g_hi, ctx[CORNER + c]):
            continue
        if holds(ctx, c, mine_lo, mine_hi):
            got |= 1 << c
    return got


@njit(cache=True)
def legal(ctx: Words, state: Words) -> tuple[int, int]:
    """The points the side to move may take (none once the game is over)."""
    if state[STATUS] != 0:
        return 0, 0
    occ_lo = state[OWN_LO] | state[OPP_LO]
    occ_hi = state[OWN_HI] | state[OPP_HI]
    empty_lo = ctx[FULL] & ~occ_lo
    empty_hi = ctx[FULL + 1] & ~occ_hi
    if ctx[STACKING] == 0:
        return empty_lo, empty_hi
    out_lo = empty_lo & ctx[LEVEL0]
    out_hi = empty_hi & ctx[LEVEL0 + 1]
    rest_lo = empty_lo & ctx[UPPER]
    rest_hi = empty_hi & ctx[UPPER + 1]
    while rest_lo | rest_hi:
        rest_lo, rest_hi, p = pop_point(rest_lo, rest_hi)
        s_lo, s_hi = ctx[SUP + 2 * p], ctx[SUP + 2 * p + 1]
        if s_lo & occ_lo == s_lo and s_hi & occ_hi == s_hi:
            if p < 64:
                out_lo |= 1 << p
            else:
                out_hi |= 1 << (p - 64)
    return out_lo, out_hi


@njit(cache=True)
def bits_into(lo: int, hi: int, out: Words) -> int:
    """Write the point ids of a mask into ``out``; return how many."""
    n = 0
    while lo:
        b = lo & -lo
        lo ^= b
        out[n] = cttz(b)
        n += 1
    while hi:
        b = hi & -hi
        hi ^= b
        out[n] = 64 + cttz(b)
        n += 1
    return n


@njit(cache=True)
def generate(ctx: Words, state: Words, out: Words) -> int:
    """Write the legal moves (point ids) into ``out``; return how many."""
    lo, hi = legal(ctx, state)
    return bits_into(lo, hi, out)


@njit(cache=True)
def play(ctx: Words, state: Words, move: int, child: Words) -> None:
    """Write into ``child`` the position after the side to move takes point ``move``."""
    own_lo, own_hi = state[OWN_LO], state[OWN_HI]
    if move < 64:
        own_lo |= 1 << move
        ball_lo, ball_hi = 1 << move, 0
    else:
        own_hi |= 1 << (move - 64)
        ball_lo, ball_hi = 0, 1 << (move - 64)
    held = state[OWN_HELD]
    taken = held | state[OPP_HELD]
    if taken != 31:
        held |= new_holdings(ctx, ball_lo, ball_hi, own_lo, own_hi, 31 & ~taken)
    child[OWN_LO], child[OWN_HI] = state[OPP_LO], state[OPP_HI]
    child[OPP_LO], child[OPP_HI] = own_lo, own_hi
    child[OWN_HELD], child[OPP_HELD] = state[OPP_HELD], held
    child[STATUS] = LOST if popcount(held) >= 3 else 0
    child[LAST] = move


@njit(cache=True)
def transform(ctx: Words, lo: int, hi: int, s: int) -> tuple[int, int]:
    """The image of a mask under symmetry ``s``."""
    out_lo = 0
    out_hi = 0
    for b in range(ctx[NBYTES]):
        word = lo if b < 8 else hi
        byte = (word >> (8 * (b & 7))) & 255
        if byte:
            at = SYM + ((s * SYM_BYTES + b) * 256 + byte) * 2
            out_lo |= ctx[at]
            out_hi |= ctx[at + 1]
    return out_lo, out_hi


@njit(cache=True, inline="always")
def _less(a3: int, a2: int, a1: int, a0: int, b3: int, b2: int, b1: int, b0: int) -> bool:
    if a3 != b3:
        return a3 < b3
    if a2 != b2:
        return a2 < b2
    if a1 != b1:
        return a1 < b1
    return a0 < b0


KEY_BITS = (1 << 60) - 1


@njit(cache=True)
def key(ctx: Words, state: Words) -> int:
    """The position up to the 8 symmetries, from the mover's side, below 2**60: the board
    itself up to 30 points (``own << 30 | opp``), else a 60-bit hash of the least image."""
    own_lo, own_hi, opp_lo, opp_hi = state[OWN_LO], state[OWN_HI], state[OPP_LO], state[OPP_HI]
    b3, b2, b1, b0 = own_hi, own_lo, opp_hi, opp_lo
    for s in range(1, 8):
        i_lo, i_hi = transform(ctx, own_lo, own_hi, s)
        if i_hi > b3 or (i_hi == b3 and i_lo > b2):
            continue
        j_lo, j_hi = transform(ctx, opp_lo, opp_hi, s)
        if _less(i_hi, i_lo, j_hi, j_lo, b3, b2, b1, b0):
            b3, b2, b1, b0 = i_hi, i_lo, j_hi, j_lo
    if ctx[EXACT]:
        return b2 << 30 | b0
    h = mix64(b2 ^ 0x5851F42D4C957F2D)
    h = mix64(h ^ b3)
    h = mix64(h ^ b0)
    h = mix64(h ^ b1)
    return h & KEY_BITS


@njit(cache=True)
def playout(ctx: Words, state: Words, rng: Words, board: Words, scratch: Words) -> float:
    """Fill the empty points at random (the side to move first) and return 1.0 when the
    side to move holds three corners of the full pyramid, else 0.0. ``board[0:2]`` gets the
    side to move's balls at the end, ``board[2:4]`` the other side's (for RAVE);
    ``scratch`` holds at least :data:`MAX_POINTS` ints."""
    own_lo, own_hi, opp_lo, opp_hi = state[OWN_LO], state[OWN_HI], state[OPP_LO], state[OPP_HI]
    if state[STATUS] != 0:
        board[0], board[1], board[2], board[3] = own_lo, own_hi, opp_lo, opp_hi
        return 0.0
    count = bits_into(ctx[FULL] & ~(own_lo | opp_lo), ctx[FULL + 1] & ~(own_hi | opp_hi), scratch)
    # the mover's share of the empty points, drawn without replacement (Fisher-Yates)
    for i in range((count + 1) // 2):
        j = i + next_random(rng) % (count - i)
        p = scratch[j]
        scratch[j] = scratch[i]
        scratch[i] = p
        if p < 64:
            own_lo |= 1 << p
        else:
            own_hi |= 1 << (p - 64)
    opp_lo |= ctx[FULL] & ~own_lo
    opp_hi |= ctx[FULL + 1] & ~own_hi
    opp_lo &= ~own_lo
    opp_hi &= ~own_hi
    board[0], board[1], board[2], board[3] = own_lo, own_hi, opp_lo, opp_hi
    mine = state[OWN_HELD]
    theirs = state[OPP_HELD]
    for c in range(5):
        if (mine | theirs) >> c & 1:
            continue
        if holds(ctx, c, own_lo, own_hi):
            mine |= 1 << c
        else:
            theirs |= 1 << c  # the full pyramid: every corner has one holder
        if popcount(mine) >= 3:
            return 1.0
        if popcount(theirs) >= 3:
            return 0.0
    return 1.0 if popcount(mine) >= 3 else 0.0
