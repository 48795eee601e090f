"""The whole-game kernels' index (:mod:`.whole_kernel`): a position's canonical image and
its rank in its layer by one hash probe, byte tables and a colex rank; the position at an
index (``unrank``) and a range of them walked in order; a layer's look-up keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit

from ...compiled.arrays import Arrays, Bytes, Words
from ...compiled.bits import cttz, popcount

if TYPE_CHECKING:
    pass


HASH_MULTIPLIER = -7046029254386353131  # 0x9E3779B97F4A7C15 as an int64


@njit(cache=True, inline="always")
def transform(mask: int, s: int, sym: Words) -> int:
    return (
        sym[s, 0, mask & 255]
        | sym[s, 1, mask >> 8 & 255]
        | sym[s, 2, mask >> 16 & 255]
        | sym[s, 3, mask >> 24 & 255]
    )


@njit(cache=True, inline="always")
def find_slot(occ: int, hashed: Words) -> int:
    """The hash slot of shape ``occ`` (-1 if it is no shape of the index): ``hashed[2 *
    slot]`` is the shape, ``hashed[2 * slot + 1]`` what it leads to (:func:`slot_info`),
    side by side so that a probe costs one cache line."""
    mask = (hashed.shape[0] >> 1) - 1
    slot = (occ * HASH_MULTIPLIER >> 24) & mask
    while True:
        k = hashed[2 * slot]
        if k == occ:
            return slot
        if k < 0:
            return -1
        slot = (slot + 1) & mask


@njit(cache=True, inline="always")
def slot_info(slot: int, hashed: Words) -> tuple[int, int, int]:
    """(canonical shape's number in its layer, the symmetry that takes the shape there,
    the canonical shape's number over all layers) of a hash slot."""
    packed = hashed[2 * slot + 1]
    return packed & 0xFFFFFF, packed >> 24 & 15, packed >> 28


@njit(cache=True, inline="always")
def least_image(own: int, stab: int, sym: Words) -> int:
    """The least image of ``own`` under the symmetries in ``stab`` (a bit each, 1 to 7:
    those that leave its canonical shape as it is), ``own`` itself included."""
    least = own
    for g in range(1, 8):
        if stab >> g & 1:
            image = transform(own, g, sym)
            if image < least:
                least = image
    return least


@njit(cache=True, inline="always")
def locate_in(own: int, opp: int, slot: int, geo: Arrays, index: Arrays) -> tuple[int, int]:
    """(layer, index in the layer) of the canonical image of (own, opp), whose shape is at
    hash ``slot``."""
    binom, ncol, coff = index[3], index[4], index[5]
    occ = own | opp
    n = popcount(occ)
    start = coff[n, popcount(own)]
    if start < 0:
        return -1, -1
    shape, s, glob = slot_info(slot, index[0])
    image = transform(own, s, geo[7])
    canon = transform(occ, s, geo[7])
    stab = index[7][glob]
    if stab:
        image = least_image(image, stab, geo[7])
    rank = 0
    i = 0
    rest = image
    while rest:
        b = rest & -rest
        rest ^= b
        i += 1
        rank += binom[popcount(canon & (b - 1)), i]
    return n, shape * ncol[n] + start + rank


@njit(cache=True, inline="always")
def locate(own: int, opp: int, geo: Arrays, index: Arrays) -> tuple[int, int]:
    """(layer, index in the layer) of the canonical image of (own, opp); (-1, -1) for a
    board outside the table (the top taken, or not support-closed)."""
    slot = find_slot(own | opp, index[0])
    if slot < 0:
        return -1, -1
    return locate_in(own, opp, slot, geo, index)


@njit(cache=True, inline="always")
def value_of(own: int, opp: int, geo: Arrays, index: Arrays, values: Arrays) -> int:
    n, i = locate(own, opp, geo, index)
    if n < 0:
        return 0
    return values[n][i]


@njit(cache=True)
def _next_pattern(v: int) -> int:
    """The next integer with as many set bits (Gosper): the next colouring in colex order."""
    t = v | (v - 1)
    return (t + 1) | (((~t & -~t) - 1) >> (cttz(v) + 1))


@njit(cache=True)
def _scatter(pattern: int, points: Words) -> int:
    own = 0
    while pattern:
        b = pattern & -pattern
        pattern ^= b
        own |= 1 << points[cttz(b)]
    return own


@njit(cache=True)
def _start(n: int, i: int, index: Arrays) -> tuple[int, int, int, int]:
    """(shape, own count, colex rank, own pattern) of position ``i`` of layer ``n``."""
    binom, ncol, coff = index[3], index[4][n], index[5]
    shape = i // ncol
    c = i - shape * ncol
    a = 0
    for k in range(n, -1, -1):
        if coff[n, k] >= 0 and coff[n, k] <= c:
            a = k
            break
    c -= coff[n, a]
    rank = c
    pattern = 0
    k = a
    for j in range(n - 1, -1, -1):
        if k == 0:
            break
        if binom[j, k] <= c:
            c -= binom[j, k]
            pattern |= 1 << j
            k -= 1
    return shape, a, rank, pattern


@njit(cache=True)
def _advance(
    n: int, shape: int, a: int, rank: int, pattern: int, index: Arrays
) -> tuple[int, int, int, int]:
    """The position after (shape, a, rank, pattern) in the layer's order."""
    binom, coff = index[3], index[5]
    if rank + 1 < binom[n, a]:
        return shape, a, rank + 1, _next_pattern(pattern)
    a += 1
    if a > n or coff[n, a] < 0:
        shape += 1
        a = 0
        while coff[n, a] < 0:
            a += 1
    return shape, a, 0, (1 << a) - 1


@njit(cache=True)
def unrank(n: int, i: int, shapes: Words, shape_points: Words, index: Arrays) -> tuple[int, int]:
    """The (own, opp) of position ``i`` of layer ``n`` (``shapes``, ``shape_points``: the
    layer's rows)."""
    shape, _, _, pattern = _start(n, i, index)
    own = _scatter(pattern, shape_points[shape])
    return own, shapes[shape] & ~own


@njit(cache=True)
def layer_keys(
    n: int,
    geo: Arrays,
    index: Arrays,
    shapes: Words,
    shape_points: Words,
    layer: Bytes,
    keys: Words,
    values: Bytes,
) -> int:
    """The look-up keys and bytes of layer ``n``'s decided positions, in index order: a
    key is the least ``own << points | opp`` over the 8 symmetries (the game's kernel's
    canonical key on its pyramid); copies under a shape's own symmetries are 0, never
    taken. How many."""
    points = geo[0][0]
    m = 0
    for i in range(layer.shape[0]):
        byte = layer[i]
        if byte == 0:
            continue
        own, opp = unrank(n, i, shapes, shape_points, index)
        best = -1
        for s in range(8):
            key = transform(own, s, geo[7]) << points | transform(opp, s, geo[7])
            if best < 0 or key < best:
                best = key
        keys[m] = best
        values[m] = byte
        m += 1
    return m
