"""Pyraos compiled with numba: bitboard positions, move generation, symmetry keys.

A position is seen from the side to move: ``own`` and ``opp`` are 30-bit masks over the
lattice's point ids (the same ids and tables as :mod:`model.pyraos`); each side's reserve is
15 minus its spheres on the board, so the colour and the turn need not be stored (the rules
treat both colours alike). A move is one int64::

    removed mask (bits 0-29) | (target + 1) << 30 | (source + 1) << 35

target -1 is the alternate version's pass, source -1 a placement. Playing a move gives the
child position ``(opp, new_own)`` (:func:`play`), so make/unmake is two integers on a stack.

Why numba: the pure-Python rules run some 10^5 positions a second, and proving anything
from the opening visits ~10^8-10^10; numba compiles these loops over integers and numpy
tables to machine code with no C toolchain to ship, keeping the rules readable as Python.
:mod:`model.pyraos` stays the reference: tests compare move lists and perft counts (the
compiled searches' one perft, :func:`model.search.compiled.core.perft`, over these moves).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ....lattice import base_symmetries
from ....pyraos import POINTS
from ...compiled.arrays import Words
from ...compiled.bits import cttz, popcount
from .pyramid_arrays import (
    ALTERNATE,
    CHILDREN,
    FULL_,
    LEVEL0_,
    LEVEL2_,
    REMOVAL_ONE_OR_TWO,
    SPHERES_,
    TOP_,
    UPPER_,
    Geo,
    geometry_arrays,
    variant_codes,
)

#: Room for one position's moves; generation raises if a position ever had more.
MAX_MOVES = 4096
#: A move list's first slot (the ``start`` of a compiled caller's call), an int64: numba
#: compiles a call that passes a literal (``0``) for a signature of its own.
FROM_START = np.int64(0)
#: :func:`_with_removals`' ``s`` for a sphere placed from the reserve (an int64, not a literal).
_PLACED = np.int64(-1)
PASS_MOVE = 0  # target -1, source -1, nothing removed

#: The game's pyramid (base 4): a global record, so numba compiles it into the forward
#: searches' code as constants.
GEO = geometry_arrays(4)
FULL = int(GEO.scalars[FULL_])
GEO_LEVEL = GEO.level

SYMMETRY_PERMS = np.array(base_symmetries(4), dtype=np.int64)  # (8, 30): point -> image
# Byte tables: _SYM[s, c, byte] is the image under symmetry s of byte c of a mask.
_SYM = GEO.sym


@njit(cache=True, inline="always")
def encode(source: int, target: int, removed: int) -> int:
    return removed | (target + 1) << 30 | (source + 1) << 35


@njit(cache=True, inline="always")
def move_source(move: int) -> int:
    return (move >> 35 & 31) - 1


@njit(cache=True, inline="always")
def move_target(move: int) -> int:
    return (move >> 30 & 31) - 1


@njit(cache=True, inline="always")
def move_removed(move: int) -> int:
    return move & FULL


@njit(cache=True, inline="always")
def play(own: int, move: int) -> int:
    """The mover's mask after ``move`` (a pass leaves it)."""
    t = (move >> 30 & 31) - 1
    if t < 0:
        return own
    s = (move >> 35 & 31) - 1
    if s >= 0:
        own &= ~(1 << s)
    return (own | 1 << t) & ~(move & FULL)


@njit(cache=True, inline="always")
def can_place_top_in(own: int, opp: int, geo: Geo) -> bool:
    """The mover can place the top (and so wins at once) on the pyramid ``geo``."""
    return can_place_top_at(own, opp, geo.scalars)


@njit(cache=True, inline="always")
def can_place_top_at(own: int, opp: int, scalars: Words) -> bool:
    """:func:`can_place_top_in` on the pyramid's scalars, given alone (a loop that takes
    them from the pyramid's tuple once spares numba's reference counts)."""
    occ = own | opp
    level2 = scalars[LEVEL2_]
    return (
        occ & level2 == level2
        and occ >> scalars[TOP_] & 1 == 0
        and popcount(own) < scalars[SPHERES_]
    )


@njit(cache=True, inline="always")
def can_place_top(own: int, opp: int) -> bool:
    """The mover can place the top on the game's pyramid."""
    return can_place_top_in(own, opp, GEO)


@njit(cache=True, inline="always")
def free_spheres(own: int, occ: int, resting: Words) -> int:
    """The spheres of ``own`` that no sphere of ``occ`` rests on: those that may be lifted
    or removed."""
    free = own
    rest = own
    while rest:
        b = rest & -rest
        rest ^= b
        if resting[cttz(b)] & occ:
            free ^= b
    return free


@njit(cache=True)  # not inlined: its raise would leave a prange loop twice
def _with_removals(
    out: Words,
    n: int,
    s: int,
    t: int,
    own: int,
    occ: int,
    codes: tuple[int, int],
    resting: Words,
    squares: Words,
    square_count: Words,
) -> int:
    """Append the moves of the step ``s`` -> ``t`` (own/occ after it) with removal sets
    (``codes``: the variant's and the removal's)."""
    variant, removal = codes
    square = False
    if variant != CHILDREN:
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
    if removal != REMOVAL_ONE_OR_TWO:
        out[n] = encode(s, t, 0)
        n += 1
    rest = free_spheres(own, occ, resting)
    while rest:
        b1 = rest & -rest
        rest ^= b1
        r1 = cttz(b1)
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
            # the pair once: from the lower sphere, unless the higher one was not free
            # before the lower went (then only this order reaches it)
            if resting[r2] & occ1 == 0 and (r2 > r1 or resting[r2] & occ != 0):
                if n + 1 >= out.shape[0]:
                    raise ValueError("more moves than MAX_MOVES")
                out[n] = encode(s, t, b1 | b2)
                n += 1
    return n


@njit(cache=True, inline="always")
def open_points(occ: int, geo: Geo) -> int:
    """The empty points a sphere could be put on over ``occ`` (the top among them)."""
    return open_points_at(occ, geo.scalars, geo.support)


@njit(cache=True, inline="always")
def open_points_at(occ: int, scalars: Words, support: Words) -> int:
    """:func:`open_points` on the two arrays it reads, given one by one (a loop that takes
    them from the pyramid's tuple once spares numba's reference counts of each)."""
    empty = scalars[FULL_] & ~occ
    targets = empty & scalars[LEVEL0_]
    upper = empty & scalars[UPPER_]
    while upper:
        b = upper & -upper
        upper ^= b
        p = cttz(b)
        if support[p] & occ == support[p]:
            targets |= b
    return targets


class MoveArrays(NamedTuple):
    """The pyramid's arrays the move generator reads (:func:`generate_at`), by name: a
    loop over positions takes them from ``geo`` once (:func:`move_arrays`), not at each
    position (numba's reference counts of each array taken)."""

    scalars: Words
    support: Words
    resting: Words
    level: Words
    above: Words
    squares: Words
    square_count: Words


@njit(cache=True, inline="always")
def move_arrays(geo: Geo) -> MoveArrays:
    """``geo``'s arrays the move generator reads."""
    return MoveArrays(
        geo.scalars, geo.support, geo.resting, geo.level, geo.above, geo.squares, geo.square_count
    )


@njit(cache=True)
def generate_in(
    own: int, opp: int, variant: int, removal: int, out: Words, start: int, geo: Geo
) -> int:
    """Write every legal move of the mover on the pyramid ``geo`` from ``out[start]`` on;
    return how many (no pass, no game-over check: the caller knows whether the top is
    taken). The one move generator of the forward searches and the whole-game tables."""
    return generate_at(own, opp, (variant, removal), out, start, move_arrays(geo))


@njit(cache=True, inline="always")
def generate_at(
    own: int,
    opp: int,
    codes: tuple[int, int],
    out: Words,
    start: int,
    pyramid: MoveArrays,
) -> int:
    """:func:`generate_in` on the pyramid's arrays it reads (:class:`MoveArrays`), for a
    loop that takes them from ``geo`` once."""
    scalars, support, resting, level, above, squares, square_count = pyramid
    occ = own | opp
    targets = open_points_at(occ, scalars, support)
    n = start
    if popcount(own) < scalars[SPHERES_]:
        rest = targets
        while rest:
            b = rest & -rest
            rest ^= b
            t = cttz(b)
            n = _with_removals(
                out, n, _PLACED, t, own | b, occ | b, codes, resting, squares, square_count
            )
    spheres = free_spheres(own, occ, resting)
    while spheres:
        bs = spheres & -spheres
        spheres ^= bs
        s = cttz(bs)
        occ_without = occ & ~bs
        rest = targets & above[level[s]]
        while rest:
            b = rest & -rest
            rest ^= b
            t = cttz(b)
            if support[t] & occ_without == support[t]:
                after = own & ~bs | b
                n = _with_removals(
                    out, n, s, t, after, occ_without | b, codes, resting, squares, square_count
                )
    return n - start


@njit(cache=True)
def moves_or_pass_in(
    own: int, opp: int, variant: int, removal: int, out: Words, start: int, geo: Geo
) -> int:
    """:func:`generate_in`, or the one pass of the alternate version when nothing else is
    legal."""
    n = generate_in(own, opp, variant, removal, out, start, geo)
    if n == 0 and variant == ALTERNATE:
        out[start] = PASS_MOVE
        return 1
    return n


@njit(cache=True)
def generate(own: int, opp: int, variant: int, removal: int, out: Words, start: int) -> int:
    """:func:`generate_in` on the game's pyramid."""
    return generate_in(own, opp, variant, removal, out, start, GEO)


@njit(cache=True)
def moves_or_pass(own: int, opp: int, variant: int, removal: int, out: Words, start: int) -> int:
    """:func:`moves_or_pass_in` on the game's pyramid."""
    return moves_or_pass_in(own, opp, variant, removal, out, start, GEO)


@njit(cache=True, inline="always")
def transform(mask: int, s: int) -> int:
    """The image of a 30-bit mask under symmetry ``s``."""
    return (
        _SYM[s, 0, mask & 255]
        | _SYM[s, 1, mask >> 8 & 255]
        | _SYM[s, 2, mask >> 16 & 255]
        | _SYM[s, 3, mask >> 24 & 255]
    )


#: The half turn of the square (i, j) -> (w-1-i, w-1-j) on every level, among SYMMETRY_PERMS.
HALF_TURN = 3
_PERMS = SYMMETRY_PERMS


@njit(cache=True)
def move_image(move: int, s: int) -> int:
    """The move played on the image of the board under symmetry ``s``."""
    t = move_target(move)
    if t < 0:
        return move
    source = move_source(move)
    return encode(_PERMS[s, source] if source >= 0 else -1, _PERMS[s, t], transform(move & FULL, s))


@njit(cache=True)
def canonical(own: int, opp: int) -> int:
    """The least of ``own << 30 | opp`` over the 8 symmetries of the square (the same key
    as :func:`model.search.games.pyraos.plugin.search_key`)."""
    # the mover's image decides; the opponent's is needed only where it ties
    best_own = transform(own, 0)
    best = best_own << POINTS | transform(opp, 0)
    for s in range(1, 8):
        image = transform(own, s)
        if image <= best_own:
            key = image << POINTS | transform(opp, s)
            if key < best:
                best, best_own = key, image
    return best


def legal_moves(own: int, opp: int, variant: str, removal: str) -> list[tuple[int, int, int]]:
    """The moves as :func:`model.pyraos.generate` writes them (source, target, removed), plus
    the alternate version's pass, for tests and for mapping kernel moves to the model's."""
    out = np.empty(MAX_MOVES, dtype=np.int64)
    n = moves_or_pass(own, opp, *variant_codes(variant, removal), out, 0)
    return [(int(move_source(m)), int(move_target(m)), int(move_removed(m))) for m in out[:n]]
