"""The compiled kernels of the whole-game retrograde analysis (:mod:`.whole`): the rules
over a pyramid given as arrays (any base the model has, :func:`model.pyraos.geometry`),
the index of a canonical position by table lookup, one round of the analysis over a range
of a layer, and the one-pass check of a finished table.

The pyramid's arrays (``geo``, made by :func:`.whole.geometry_arrays`)::

    scalars  [points, spheres, top, full, level0, upper, level2]
    support, resting, level (a point each), above (a level each), squares (point, 4),
    square_count (a point each), sym (8, 4, 256): a mask's byte c's image under symmetry s

Symmetries a canonical shape has of its own (``stab``: a bit each, by its number over all
layers) make several colourings the same position: only the least image is evaluated and
read (:func:`least_image`), the copies' bytes stay 0.

The index (``index``, made by :func:`.whole.index`): every support-closed shape of the
pyramid without its top in an open-addressing hash (``hashed``: the shape and, beside it,
its canonical shape's number in its layer, the first symmetry that takes it there and the
canonical shape's number over all layers, for flags a shape), so a child's index costs one
hash probe, four byte lookups for the own spheres' image and a rank of up to 15 bits
(colex: ``binom[position, count]``), never a search.
``shape_points`` holds, for each canonical shape, its points in order (up to 29);
``ncol[n]``, ``coff[n, a]`` the colourings of a layer and where those with ``a`` own
spheres start.

A value is a byte: 0 not decided, else 1 + the plies to the end with best play (even: the
side to move loses; odd: it wins; 1: it has no move, 2: it places the top or leaves the
other without a move).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from ...compiled.arrays import Arrays, Bytes, Words
from ...compiled.bits import cttz, popcount

POINTS_, SPHERES_, TOP_, FULL_, LEVEL0_, UPPER_, LEVEL2_ = range(7)
CHILDREN_CODE, ALTERNATE_CODE, ONE_OR_TWO = 1, 2, 1
HASH_MULTIPLIER = -7046029254386353131  # 0x9E3779B97F4A7C15 as an int64
MAX_MOVES = 4096
UNDECIDED = 0


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


@njit(cache=True, inline="always")
def evaluate(
    own: int,
    opp: int,
    d: int,
    variant: int,
    removal: int,
    moves: Words,
    geo: Arrays,
    index: Arrays,
    values: Arrays,
    fresh: Bytes,
) -> int:
    """The byte an undecided position gets in round ``d`` (0: none yet). Odd ``d``: a win
    in ``d`` plies when the top can be placed or a child is lost; even ``d``: a loss in
    ``d`` when every child is won (no move at all: ``d`` 0). Values written in round ``d``
    cannot change what round ``d`` finds elsewhere (wins when wins are sought, losses when
    losses are), so the order of the positions, threads and workers is free. (The
    children are read here, not through :func:`value_of`: a call that passes the tuples of
    arrays copies them, 8x the cost of a position on the measures of issue 67.)

    Still undecided in round ``d``, a position can only be decided now by a child decided
    in round ``d - 1`` (a child lost sooner would have won it sooner; every child won, the
    longest sooner, would have lost it sooner): only children whose shapes had a position
    decided then (``fresh``) are read, and an even round reads none unless one such
    child exists."""
    if d % 2 == 1:
        if can_place_top(own, opp, geo):
            return d + 1
        m = generate(own, opp, variant, removal, moves, geo)
        hashed = index[0]
        for k in range(m):
            child = child_mask(own, moves[k])
            slot = find_slot(opp | child, hashed)
            if slot < 0 or fresh[slot_info(slot, hashed)[2]] == 0:
                continue
            n, i = locate_in(opp, child, slot, geo, index)
            v = values[n][i]
            if v > 0 and v % 2 == 1:
                return d + 1
        return 0
    if can_place_top(own, opp, geo):
        return 0
    m = generate(own, opp, variant, removal, moves, geo)
    if m == 0:
        return d + 1
    touched = False
    hashed = index[0]
    for k in range(m):
        child = child_mask(own, moves[k])
        slot = find_slot(opp | child, hashed)
        if slot >= 0 and fresh[slot_info(slot, hashed)[2]]:
            touched = True
            break
    if not touched:
        return 0
    for k in range(m):
        child = child_mask(own, moves[k])
        slot = find_slot(opp | child, hashed)
        if slot < 0:
            return 0
        n, i = locate_in(opp, child, slot, geo, index)
        v = values[n][i] if n >= 0 else 0
        if v == 0 or v % 2 == 1:
            return 0
    return d + 1


@njit(cache=True)
def fresh_shapes(layer: Bytes, ncol: int, byte: int, out: Bytes) -> None:
    """``out[shape]`` 1 where a position of the shape has the value ``byte``."""
    for shape in range(out.shape[0]):
        out[shape] = 0
        for i in range(shape * ncol, (shape + 1) * ncol):
            if layer[i] == byte:
                out[shape] = 1
                break


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


CHUNK = 1 << 15  # positions a thread takes at a time


def _round_range(
    n: int,
    first: int,
    last: int,
    d: int,
    variant: int,
    removal: int,
    geo: Arrays,
    index: Arrays,
    shapes: Words,
    shape_points: Words,
    values: Arrays,
    fresh: Bytes,
    out: Bytes,
    stats: Words,
) -> None:
    """Round ``d`` over positions ``first`` to ``last`` of layer ``n`` (``fresh``: the
    shapes decided in round ``d - 1``, see :func:`evaluate`): the new byte of each
    into ``out[i - first]`` (0 where nothing is decided now, so the caller ORs it in);
    (evaluated, decided) of each chunk of :data:`CHUNK` into ``stats``."""
    layer = values[n]
    chunks = (last - first + CHUNK - 1) // CHUNK
    for r in prange(chunks):
        moves = np.empty(MAX_MOVES, dtype=np.int64)
        begin = first + r * CHUNK
        end = min(last, begin + CHUNK)
        shape, a, rank, pattern = _start(n, begin, index)
        evaluated = 0
        decided = 0
        for i in range(begin, end):
            if layer[i] == 0:
                own = _scatter(pattern, shape_points[shape])
                stab = index[7][index[8][n] + shape]
                if stab and least_image(own, stab, geo[7]) != own:
                    if i + 1 < end:
                        shape, a, rank, pattern = _advance(n, shape, a, rank, pattern, index)
                    continue  # a copy: lookups go to the least image
                opp = shapes[shape] & ~own
                v = evaluate(own, opp, d, variant, removal, moves, geo, index, values, fresh)
                evaluated += 1
                if v:
                    out[i - first] = v
                    decided += 1
            if i + 1 < end:
                shape, a, rank, pattern = _advance(n, shape, a, rank, pattern, index)
        stats[r, 0] = evaluated
        stats[r, 1] = decided


#: Over many chunks, numba's threads; over one, this thread (no pool to wake).
round_range = njit(cache=True, parallel=True)(_round_range)
round_range_serial = njit(cache=True)(_round_range)


@njit(cache=True)
def check_position(
    own: int,
    opp: int,
    v: int,
    variant: int,
    removal: int,
    moves: Words,
    geo: Arrays,
    index: Arrays,
    values: Arrays,
) -> bool:
    """Whether the byte ``v`` of (own, opp) follows from its children's bytes: a win in d
    plies has the top or a child lost in d - 1 and no child lost sooner; a loss in d has
    every child won, the longest in d - 1 (no move: d 0); undecided has no child lost and
    some child undecided."""
    if can_place_top(own, opp, geo):
        return v == 2
    m = generate(own, opp, variant, removal, moves, geo)
    if m == 0:
        return v == 1
    shortest_loss = 1 << 20  # the least byte of a lost child
    longest_win = 0  # the greatest byte of a won child
    undecided = False
    hashed = index[0]
    for k in range(m):
        child = child_mask(own, moves[k])
        slot = find_slot(opp | child, hashed)
        c = 0
        if slot >= 0:
            n, i = locate_in(opp, child, slot, geo, index)
            if n >= 0:
                c = values[n][i]
        if c == 0:
            undecided = True
        elif c % 2 == 1:
            shortest_loss = min(shortest_loss, c)
        else:
            longest_win = max(longest_win, c)
    if shortest_loss < 1 << 20:
        return v == shortest_loss + 1
    if undecided:
        return v == 0
    return v == longest_win + 1


@njit(cache=True)
def verify_chunk(
    n: int,
    first: int,
    last: int,
    variant: int,
    removal: int,
    geo: Arrays,
    index: Arrays,
    shapes: Words,
    shape_points: Words,
    values: Arrays,
    bad: Words,
) -> int:
    """Check positions ``first`` to ``last`` of layer ``n``; the indices of those whose
    byte does not follow from their children's into ``bad`` (as many as fit); how many
    there are."""
    layer = values[n]
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    shape, a, rank, pattern = _start(n, first, index)
    found = 0
    for i in range(first, last):
        own = _scatter(pattern, shape_points[shape])
        opp = shapes[shape] & ~own
        stab = index[7][index[8][n] + shape]
        if stab and least_image(own, stab, geo[7]) != own:
            pass  # a copy, never read: its byte stays 0
        elif not check_position(own, opp, layer[i], variant, removal, moves, geo, index, values):
            if found < bad.shape[0]:
                bad[found] = i
            found += 1
        if i + 1 < last:
            shape, a, rank, pattern = _advance(n, shape, a, rank, pattern, index)
    return found


@njit(cache=True, parallel=True)
def verify_range(
    n: int,
    first: int,
    last: int,
    variant: int,
    removal: int,
    geo: Arrays,
    index: Arrays,
    shapes: Words,
    shape_points: Words,
    values: Arrays,
    found: Words,
) -> None:
    """The number of positions that do not hold in each chunk of :data:`CHUNK` positions
    from ``first`` to ``last`` of layer ``n`` into ``found``."""
    chunks = (last - first + CHUNK - 1) // CHUNK
    for r in prange(chunks):
        none = np.empty(0, dtype=np.int64)
        begin = first + r * CHUNK
        end = min(last, begin + CHUNK)
        found[r] = verify_chunk(
            n, begin, end, variant, removal, geo, index, shapes, shape_points, values, none
        )


@njit(cache=True)
def layer_counts(
    n: int, geo: Arrays, index: Arrays, shapes: Words, shape_points: Words, layer: Bytes
) -> tuple[int, int, int]:
    """(won, lost, undecided) among the positions of layer ``n`` that are read (the least
    image under their shape's own symmetries; copies are left out)."""
    won = 0
    lost = 0
    undecided = 0
    if layer.shape[0] == 0:
        return 0, 0, 0
    shape, a, rank, pattern = _start(n, 0, index)
    for i in range(layer.shape[0]):
        own = _scatter(pattern, shape_points[shape])
        stab = index[7][index[8][n] + shape]
        if stab == 0 or least_image(own, stab, geo[7]) == own:
            v = layer[i]
            if v == 0:
                undecided += 1
            elif v % 2 == 1:
                lost += 1
            else:
                won += 1
        if i + 1 < layer.shape[0]:
            shape, a, rank, pattern = _advance(n, shape, a, rank, pattern, index)
    return won, lost, undecided
