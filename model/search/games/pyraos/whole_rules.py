"""The whole-game kernels' rules (:mod:`.whole_kernel`, where the pyramid's arrays ``geo`` are
said): a position's moves from the side to move, with removals, and the top's placing;
the constants every part shares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit

from ...compiled.arrays import Arrays, Words
from ...compiled.bits import cttz, popcount

if TYPE_CHECKING:
    pass


POINTS_, SPHERES_, TOP_, FULL_, LEVEL0_, UPPER_, LEVEL2_ = range(7)
CHILDREN_CODE, ALTERNATE_CODE, ONE_OR_TWO = 1, 2, 1
MAX_MOVES = 4096
UNDECIDED = 0
CHUNK = 1 << 15  # positions a thread takes at a time


@njit(cache=True, inline="always")
def encode(source: int, target: int, removed: int) -> int:
    return removed | (target + 1) << 30 | (source + 1) << 35


@njit(cache=True, inline="always")
def child_mask(own: int, move: int) -> int:
    """The mover's mask after ``move`` (a pass leaves it)."""
    t = (move >> 30 & 31) - 1
    if t < 0:
        return own
    s = (move >> 35 & 31) - 1
    if s >= 0:
        own &= ~(1 << s)
    return (own | 1 << t) & ~(move & ((1 << 30) - 1))


@njit(cache=True, inline="always")
def can_place_top(own: int, opp: int, geo: Arrays) -> bool:
    scalars = geo[0]
    occ = own | opp
    level2 = scalars[LEVEL2_]
    return (
        occ & level2 == level2
        and occ >> scalars[TOP_] & 1 == 0
        and popcount(own) < scalars[SPHERES_]
    )


@njit(cache=True)
def _with_removals(
    out: Words, n: int, s: int, t: int, own: int, occ: int, variant: int, removal: int, geo: Arrays
) -> int:
    resting, squares, square_count = geo[2], geo[5], geo[6]
    square = False
    if variant != CHILDREN_CODE:
        for q in range(square_count[t]):
            sq = squares[t, q]
            if sq & own == sq:
                square = True
                break
    if n + 1 >= out.shape[0]:
        raise ValueError("more moves than MAX_MOVES")
    if not square:
        out[n] = encode(s, t, 0)
        return n + 1
    if removal != ONE_OR_TWO:
        out[n] = encode(s, t, 0)
        n += 1
    rest = own
    while rest:
        b1 = rest & -rest
        rest ^= b1
        r1 = cttz(b1)
        if resting[r1] & occ:
            continue
        if n + 1 >= out.shape[0]:
            raise ValueError("more moves than MAX_MOVES")
        out[n] = encode(s, t, b1)
        n += 1
        occ1 = occ & ~b1
        others = own & ~b1
        while others:
            b2 = others & -others
            others ^= b2
            r2 = cttz(b2)
            # each pair once: from the lower sphere, unless the higher was not free before
            # the lower went (then only this order reaches it)
            if resting[r2] & occ1 == 0 and (r2 > r1 or resting[r2] & occ != 0):
                if n + 1 >= out.shape[0]:
                    raise ValueError("more moves than MAX_MOVES")
                out[n] = encode(s, t, b1 | b2)
                n += 1
    return n


@njit(cache=True)
def generate(own: int, opp: int, variant: int, removal: int, out: Words, geo: Arrays) -> int:
    """Every move of the mover into ``out`` (the alternate version's pass when there is no
    other); how many. The same moves as :func:`.kernel.moves_or_pass` on base 4."""
    scalars, support, resting, level, above = geo[0], geo[1], geo[2], geo[3], geo[4]
    occ = own | opp
    empty = scalars[FULL_] & ~occ
    targets = empty & scalars[LEVEL0_]
    upper = empty & scalars[UPPER_]
    while upper:
        b = upper & -upper
        upper ^= b
        p = cttz(b)
        if support[p] & occ == support[p]:
            targets |= b
    n = 0
    if popcount(own) < scalars[SPHERES_]:
        rest = targets
        while rest:
            b = rest & -rest
            rest ^= b
            n = _with_removals(out, n, -1, cttz(b), own | b, occ | b, variant, removal, geo)
    spheres = own
    while spheres:
        bs = spheres & -spheres
        spheres ^= bs
        s = cttz(bs)
        if resting[s] & occ:
            continue
        occ_without = occ & ~bs
        rest = targets & above[level[s]]
        while rest:
            b = rest & -rest
            rest ^= b
            t = cttz(b)
            if support[t] & occ_without == support[t]:
                n = _with_removals(
                    out, n, s, t, own & ~bs | b, occ_without | b, variant, removal, geo
                )
    if n == 0 and variant == ALTERNATE_CODE:
        out[0] = 0  # the pass
        return 1
    return n
