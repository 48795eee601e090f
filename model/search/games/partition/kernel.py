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
def _escapes(
    ctx: Words, start: int, allow_lo: int, allow_hi: int, far_lo: int, far_hi: int
) -> bool:
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
    return not _escapes(
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


# ---- what the proof search's helps ask (see .dfpn) ---------------------------------------
#
# Facts these rest on (tests/model/test_prover_helps.py checks each against exhaustive play
# on base 3):
#
# 1. A side's holdings depend on its own balls only (A is made of them; the escape flood
#    runs over every point outside A, whoever holds it) and grow with them: more balls
#    make A larger (a group only grows or merges) and a larger A leaves fewer escapes.
# 2. Two sides never hold one corner, and on the full pyramid every corner has a holder;
#    so the side that holds three corners of the full pyramid is the one that held three
#    first (holdings never shrink): the winner is a function of the full pyramid's colours.
#
# So a corner is decided only once it is held: were it out of X's reach with every empty
# point X's, the other side would hold it on that full pyramid, with the balls it has now.
# What is decided before, under a strategy: a *virtual* corner of X is an open corner c with
# two points X may take (``legal`` now, so still then, in either version), each of which
# alone makes X hold c with its present balls (1: whatever else is played, X still holds c
# after taking either). With the pairs of X's virtual corners disjoint, X answers a ball on
# one point of a pair with the other and so holds every such corner on the full pyramid,
# and by 2 the other side never holds it. So X, holding h corners with v such pairs, and,
# when X moves first, one more corner that one further point (in no pair) gives at once, is
# sure of those corners: with three, the other side can reach at most two, never wins, and
# X wins (the game always has a winner) at the latest with its last ball.
#
# Let U(X, c) be the groups of X's balls and the empty points together that touch W(c): the
# most A can ever be for X. An empty point p outside U(X, c) can never join X's A for c
# (its group in any later board lies inside its group of X-or-empty points, which touches
# no wall of W(c), and the groups it would join touch none either), so whether X holds c
# never depends on p; and by 2 neither does whether the other side holds c. So p does not
# matter to the winner when for every corner still open to both sides p lies outside
# U(red, c) or outside U(blue, c): the winner of every full pyramid is the same whoever
# takes p. Such a point is *dead*. In the floating version the game on the other empty
# points has the same value for the same side to move (Hex's argument: the game is decided
# by the full board and a ball more never hurts, so a side answers a move on p with any
# ball of its own and plays on as before), and a winning first move, when there is one,
# is one off the dead points; so the search may leave them out of both sides' move lists.
# Not in the stacking version: there a ball on p changes which points may be taken next
# (a tempo can matter), so no point is dead there.


@njit(cache=True)
def _potential(ctx: Words, c: int, mine_lo: int, mine_hi: int) -> tuple[int, int, bool]:
    """A of the side with the balls ``mine`` for corner ``c`` (its groups touching W(c)),
    and whether that side holds ``c``."""
    far_lo, far_hi = ctx[FAR + 2 * c], ctx[FAR + 2 * c + 1]
    a_lo, a_hi = flood(ctx, mine_lo & far_lo, mine_hi & far_hi, mine_lo, mine_hi)
    corner = ctx[CORNER + c]
    if has(a_lo, a_hi, corner):
        return a_lo, a_hi, True
    if not (a_lo | a_hi):
        return a_lo, a_hi, False
    escape = _escapes(
        ctx, corner, ctx[FULL] & ~a_lo, ctx[FULL + 1] & ~a_hi, far_lo & ~a_lo, far_hi & ~a_hi
    )
    return a_lo, a_hi, not escape


@njit(cache=True)
def _sure(
    ctx: Words,
    mine_lo: int,
    mine_hi: int,
    held: int,
    taken: int,
    legal_lo: int,
    legal_hi: int,
    to_move: bool,
    s1: Words,
) -> int:
    """The corners the side with the balls ``mine`` (holding ``held``; ``taken`` held by
    either side) is sure to hold on the full pyramid, whatever the other side plays: those
    it holds, and those it holds virtually (see above); ``to_move``: it moves first.
    ``s1``: scratch of 10 words."""
    open_ = 31 & ~taken
    for c in range(5):
        s1[2 * c] = 0
        s1[2 * c + 1] = 0
    if not open_:
        return held
    rest_lo, rest_hi = legal_lo, legal_hi
    while rest_lo | rest_hi:
        rest_lo, rest_hi, x = pop_point(rest_lo, rest_hi)
        if x < 64:
            x_lo, x_hi = 1 << x, 0
        else:
            x_lo, x_hi = 0, 1 << (x - 64)
        got = new_holdings(ctx, x_lo, x_hi, mine_lo | x_lo, mine_hi | x_hi, open_)
        for c in range(5):
            if got >> c & 1:
                s1[2 * c] |= x_lo
                s1[2 * c + 1] |= x_hi
    sure = held
    used_lo = 0
    used_hi = 0
    # corners with the fewest such points first: each gets two points no other uses
    for _ in range(5):
        best = -1
        fewest = 1 << 30
        for c in range(5):
            if open_ >> c & 1 and not sure >> c & 1:
                k = popcount(s1[2 * c] & ~used_lo) + popcount(s1[2 * c + 1] & ~used_hi)
                if 2 <= k < fewest:
                    best, fewest = c, k
        if best < 0:
            break
        a_lo, a_hi = s1[2 * best] & ~used_lo, s1[2 * best + 1] & ~used_hi
        for _ in range(2):
            a_lo, a_hi, x = pop_point(a_lo, a_hi)
            if x < 64:
                used_lo |= 1 << x
            else:
                used_hi |= 1 << (x - 64)
        sure |= 1 << best
    if to_move:  # one more corner by taking one of its points now
        for c in range(5):
            free = (s1[2 * c] & ~used_lo) | (s1[2 * c + 1] & ~used_hi)
            if open_ >> c & 1 and not sure >> c & 1 and free:
                sure |= 1 << c
                break
    return sure


@njit(cache=True)
def outlook(ctx: Words, state: Words, out: Words, sure: bool, dead: bool) -> None:
    """What is decided before the pyramid is full (see above): ``out[0]`` the corners the
    side to move is sure to hold (held or held virtually, a 5-bit mask; three or more: it
    wins whatever the other side plays), ``out[1]`` the other side's, ``out[2]`` the empty
    points, ``out[3:5]`` the dead empty points (lo, hi words; none in the stacking
    version); ``out[5:15]`` scratch. Only what ``sure`` and ``dead`` ask for is looked
    for (the rest reads as nothing decided, nothing dead)."""
    own_lo, own_hi, opp_lo, opp_hi = state[OWN_LO], state[OWN_HI], state[OPP_LO], state[OPP_HI]
    empty_lo = ctx[FULL] & ~(own_lo | opp_lo)
    empty_hi = ctx[FULL + 1] & ~(own_hi | opp_hi)
    mine = state[OWN_HELD]
    theirs = state[OPP_HELD]
    taken = mine | theirs
    legal_lo, legal_hi = legal(ctx, state)
    s1 = out[5:15]
    out[0], out[1] = mine, theirs
    if sure:
        out[0] = _sure(ctx, own_lo, own_hi, mine, taken, legal_lo, legal_hi, True, s1)
        out[1] = _sure(ctx, opp_lo, opp_hi, theirs, taken, legal_lo, legal_hi, False, s1)
    out[2] = popcount(empty_lo) + popcount(empty_hi)
    out[3], out[4] = 0, 0
    if not dead or ctx[STACKING] or popcount(out[0]) >= 3 or popcount(out[1]) >= 3:
        return
    live_lo = 0
    live_hi = 0
    for c in range(5):
        if taken >> c & 1:
            continue
        m_lo, m_hi, m_can = _potential(ctx, c, own_lo | empty_lo, own_hi | empty_hi)
        o_lo, o_hi, o_can = _potential(ctx, c, opp_lo | empty_lo, opp_hi | empty_hi)
        if m_can and o_can:  # open to both: a point in both sides' U may matter
            live_lo |= m_lo & o_lo
            live_hi |= m_hi & o_hi
    out[3], out[4] = empty_lo & ~live_lo, empty_hi & ~live_hi


@njit(cache=True)
def _neighbours(ctx: Words, lo: int, hi: int) -> tuple[int, int]:
    out_lo = 0
    out_hi = 0
    while lo | hi:
        lo, hi, p = pop_point(lo, hi)
        out_lo |= ctx[NBR + 2 * p]
        out_hi |= ctx[NBR + 2 * p + 1]
    return out_lo, out_hi


DISTANCE_CAP = 9


@njit(cache=True)
def connection(ctx: Words, c: int, mine_lo: int, mine_hi: int, empty_lo: int, empty_hi: int) -> int:
    """The fewest empty points the side with ``mine`` must take to join corner ``c`` to a
    wall of W(c) through its balls (:data:`DISTANCE_CAP` where it cannot, or past it)."""
    corner = ctx[CORNER + c]
    far_lo, far_hi = ctx[FAR + 2 * c], ctx[FAR + 2 * c + 1]
    if has(mine_lo, mine_hi, corner):
        k = 0
    elif has(empty_lo, empty_hi, corner):
        k = 1
    else:
        return DISTANCE_CAP
    if corner < 64:
        seed_lo, seed_hi = 1 << corner, 0
    else:
        seed_lo, seed_hi = 0, 1 << (corner - 64)
    r_lo, r_hi = flood(ctx, seed_lo, seed_hi, mine_lo | seed_lo, mine_hi | seed_hi)
    while k < DISTANCE_CAP:
        if (r_lo & far_lo) | (r_hi & far_hi):
            return k
        n_lo, n_hi = _neighbours(ctx, r_lo, r_hi)
        n_lo &= empty_lo & ~r_lo
        n_hi &= empty_hi & ~r_hi
        if not (n_lo | n_hi):
            return DISTANCE_CAP
        r_lo, r_hi = flood(
            ctx, r_lo | n_lo, r_hi | n_hi, mine_lo | r_lo | n_lo, mine_hi | r_hi | n_hi
        )
        k += 1
    return DISTANCE_CAP


@njit(cache=True)
def estimate(ctx: Words, state: Words, out: Words) -> None:
    """A cheap distance to a win for each side: ``out[0]`` the side to move's, ``out[1]``
    the other's, each the sum of its three shortest connections of a corner to W(c) (0
    for a corner it holds; the other side's corners out)."""
    own_lo, own_hi, opp_lo, opp_hi = state[OWN_LO], state[OWN_HI], state[OPP_LO], state[OPP_HI]
    empty_lo = ctx[FULL] & ~(own_lo | opp_lo)
    empty_hi = ctx[FULL + 1] & ~(own_hi | opp_hi)
    for side in range(2):
        if side == 0:
            m_lo, m_hi, held, lost = own_lo, own_hi, state[OWN_HELD], state[OPP_HELD]
        else:
            m_lo, m_hi, held, lost = opp_lo, opp_hi, state[OPP_HELD], state[OWN_HELD]
        a = b = c3 = DISTANCE_CAP  # the three smallest
        for c in range(5):
            if lost >> c & 1:
                continue
            d = 0 if held >> c & 1 else connection(ctx, c, m_lo, m_hi, empty_lo, empty_hi)
            if d < a:
                a, b, c3 = d, a, b
            elif d < b:
                b, c3 = d, b
            elif d < c3:
                c3 = d
        out[side] = a + b + c3
