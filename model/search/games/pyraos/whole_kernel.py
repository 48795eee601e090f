"""The compiled kernels of the whole-game retrograde analysis (:mod:`.whole`): the rules
over a pyramid given as arrays (any base the model has, :func:`model.pyraos.geometry`),
the index of a canonical position by table lookup, one round of the analysis over a range
of a layer, and the one-pass check of a finished table.

The pyramid's arrays (``geo``, made by :func:`.whole.geometry_arrays`)::

    scalars  [points, spheres, top, full, level0, upper, level2]
    support, resting, level (a point each), above (a level each), squares (point, 4),
    square_count (a point each), sym (8, 4, 256): a mask's byte c's image under symmetry s,
    all_squares (every 2x2 square of a level)

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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.core import cgutils
from numba.core.extending import intrinsic

from ...compiled.arrays import Arrays, Bytes, Words
from ...compiled.bits import cttz, popcount

if TYPE_CHECKING:
    from numba.core.typing.templates import Signature

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

    Only children's bytes of at most ``d`` count: a table push retrograde wrote may hold
    values decided beyond its header's round (killed while its layers were written), right
    but not yet to be read.

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
            if values[n][i] == d:  # lost in d - 1 (a byte beyond: written early, not yet)
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
        if v == 0 or v % 2 == 1 or v > d:  # not won, or won beyond d - 1 (written early)
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


# ---- push retrograde: predecessors by un-moves, counters of the children still open -----------


@intrinsic
def fetch_sub_one(typingctx: Any, array: Any, i: Any) -> tuple[Signature, Callable[..., Any]]:
    """``array[i] -= 1`` at once for every thread (LLVM's atomicrmw); the value before."""
    sig = array.dtype(array, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Sequence[Any]) -> Any:
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]])
        one = ir.Constant(ptr.type.pointee, 1)
        return builder.atomic_rmw("sub", ptr, one, "monotonic")

    return sig, codegen


KEY_SHIFT = 40  # a position's key: layer << KEY_SHIFT | index in the layer
MAX_PREDECESSORS = 1 << 16


@njit(cache=True, inline="always")
def placeable(p: int, occ: int, geo: Arrays) -> bool:
    """Whether the empty point ``p`` (not the top) can hold a sphere over ``occ``."""
    support = geo[1][p]
    return support & occ == support


@njit(cache=True)
def distinct(keys: Words, m: int) -> int:
    """``keys[:m]`` sorted with each key once; how many."""
    if m <= 32:
        for j in range(1, m):
            k = keys[j]
            i = j - 1
            while i >= 0 and keys[i] > k:
                keys[i + 1] = keys[i]
                i -= 1
            keys[i + 1] = k
    else:
        keys[:m].sort()
    out = 0
    for j in range(m):
        if out == 0 or keys[j] != keys[out - 1]:
            keys[out] = keys[j]
            out += 1
    return out


@njit(cache=True)
def children_keys(
    own: int,
    opp: int,
    variant: int,
    removal: int,
    moves: Words,
    keys: Words,
    geo: Arrays,
    index: Arrays,
) -> int:
    """The keys of the distinct canonical children of (own, opp) into ``keys``; how many
    (a child outside the table, which the rules never make, gets a key of its own that no
    position has)."""
    m = generate(own, opp, variant, removal, moves, geo)
    hashed = index[0]
    for k in range(m):
        child = child_mask(own, moves[k])
        slot = find_slot(opp | child, hashed)
        if slot < 0:
            keys[k] = -1 - k
            continue
        n, i = locate_in(opp, child, slot, geo, index)
        keys[k] = n << KEY_SHIFT | i if n >= 0 else -1 - k
    return distinct(keys, m)


@njit(cache=True)
def _emit(own: int, opp: int, keys: Words, m: int, geo: Arrays, index: Arrays) -> int:
    n, i = locate(own, opp, geo, index)
    if n < 0:
        return m
    if m >= keys.shape[0]:
        raise ValueError("more predecessors than MAX_PREDECESSORS")
    keys[m] = n << KEY_SHIFT | i
    return m + 1


@njit(cache=True)
def _unmoves_of(
    a1: int,
    b: int,
    occ1: int,
    removed: bool,
    variant: int,
    removal: int,
    keys: Words,
    m: int,
    geo: Arrays,
    index: Arrays,
) -> int:
    """The positions (a', b), ``a'`` to move, whose move ends (before any removal) with the
    mover's spheres ``a1`` over ``occ1`` and then removes the spheres it no longer has
    (``removed``: some were)."""
    scalars, support, resting, level, above = geo[0], geo[1], geo[2], geo[3], geo[4]
    in_square = 0  # the points of the mover's complete squares
    if variant != CHILDREN_CODE:
        all_squares = geo[8]
        for q in range(all_squares.shape[0]):
            sq = all_squares[q]
            if sq & a1 == sq:
                in_square |= sq
    # the empty points that can hold a sphere (a raised sphere's point before)
    empty = scalars[FULL_] & ~occ1 & ~(1 << scalars[TOP_])
    holding = 0
    while empty:
        bs = empty & -empty
        empty ^= bs
        s = cttz(bs)
        if support[s] & occ1 == support[s]:
            holding |= bs
    rest = a1 & in_square if removed else a1
    while rest:
        bt = rest & -rest
        rest ^= bt
        t = cttz(bt)
        if resting[t] & occ1:
            continue  # something rests on it: it was not the last sphere to arrive
        if not removed and removal == ONE_OR_TWO and in_square & bt:
            continue  # a square of the mover's with it: a removal was required
        before = a1 & ~bt
        m = _emit(before, b, keys, m, geo, index)  # placed from the reserve
        if level[t] == 0:
            continue
        # raised from an empty point s below it that can hold it, which s then held
        # (nothing rests on an empty point, and s is no support of t, being empty now)
        below = holding & ~above[level[t] - 1]
        while below:
            bs = below & -below
            below ^= bs
            m = _emit(before | bs, b, keys, m, geo, index)
    return m


@njit(cache=True, inline="always")
def _holds_back(back: int, occ: int, support: Words) -> bool:
    """Whether the empty points ``back`` (one or two) can hold spheres over ``occ``, one
    after the other in some order (the other order of their removal)."""
    x = cttz(back)
    rest = back & ~(1 << x)
    if rest == 0:
        return support[x] & occ == support[x]
    y = cttz(rest)
    if support[x] & occ == support[x] and support[y] & (occ | 1 << x) == support[y]:
        return True
    return support[y] & occ == support[y] and support[x] & (occ | 1 << y) == support[x]


@njit(cache=True)
def predecessor_keys(
    own: int,
    opp: int,
    variant: int,
    removal: int,
    moves: Words,
    keys: Words,
    geo: Arrays,
    index: Arrays,
) -> int:
    """The keys of the distinct canonical positions that have (own, opp) as a child (the
    side that just moved is ``opp``) into ``keys``; how many. The un-moves: the last sphere
    to arrive (nothing rests on it) un-placed or un-raised to an empty point below it that
    can hold it, after the spheres the move removed (none, one or two empty points that can
    hold them) are put back, where a square of the mover's with that sphere allows the
    removal (or required it: removal 1-2); in the alternate version, a pass from
    (opp, own) when it has no other move. Spheres are only put back where they complete
    a square of the mover's (unless one is there already)."""
    scalars, support = geo[0], geo[1]
    a, b = opp, own
    occ = a | b
    m = _unmoves_of(a, b, occ, False, variant, removal, keys, 0, geo, index)
    spheres = scalars[SPHERES_]
    if variant != CHILDREN_CODE and popcount(a) < spheres:
        empty = scalars[FULL_] & ~occ & ~(1 << scalars[TOP_])
        pairs = popcount(a) + 1 < spheres
        # the squares a removal can follow: none of the other's spheres, at most two
        # points missing (put back); one complete already allows any spheres back
        all_squares = geo[8]
        any_back = False
        for q in range(all_squares.shape[0]):
            sq = all_squares[q]
            if sq & a == sq:
                any_back = True
                break
        for q in range(all_squares.shape[0]):
            if any_back and q > 0:
                break
            sq = all_squares[q]
            missing = sq & ~a
            if not any_back and (sq & b or popcount(missing) > 2):
                continue
            if not any_back and popcount(missing) == 2:
                if pairs and _holds_back(missing, occ, support):
                    m = _unmoves_of(
                        a | missing,
                        b,
                        occ | missing,
                        True,
                        variant,
                        removal,
                        keys,
                        m,
                        geo,
                        index,
                    )
                continue
            # one point back (any, or the square's missing one), and with it any other
            first = empty if any_back else missing
            while first:
                bx = first & -first
                first ^= bx
                if _holds_back(bx, occ, support):
                    m = _unmoves_of(
                        a | bx, b, occ | bx, True, variant, removal, keys, m, geo, index
                    )
                if not pairs:
                    continue
                # each pair once over every point (from its lower point), a square's
                # missing point with every other
                second = (empty & ~bx & ~(bx - 1)) if any_back else empty & ~bx
                while second:
                    by = second & -second
                    second ^= by
                    if _holds_back(bx | by, occ, support):
                        back = bx | by
                        m = _unmoves_of(
                            a | back,
                            b,
                            occ | back,
                            True,
                            variant,
                            removal,
                            keys,
                            m,
                            geo,
                            index,
                        )
    if variant == ALTERNATE_CODE:
        g = generate(a, b, variant, removal, moves, geo)
        if g == 1 and moves[0] == 0:
            m = _emit(a, b, keys, m, geo, index)
    return distinct(keys, m)


def _seed_range(
    n: int,
    first: int,
    last: int,
    processed: int,
    variant: int,
    removal: int,
    geo: Arrays,
    index: Arrays,
    shapes: Words,
    shape_points: Words,
    values: Arrays,
    counters: Arrays,
    stats: Words,
    chunk: int,
) -> None:
    """Push retrograde's start over positions ``first`` to ``last`` of layer ``n``: each
    undecided position read (no copy) gets its byte where the rules decide it alone (1: no
    move; 2: the top can be placed), else the count of its distinct children not yet
    pushed (those won with a byte of at most ``processed``: the rounds done) into
    ``counters``; (positions, seeded, greatest count) of each ``chunk`` positions (a
    thread's share at a time) into ``stats``."""
    layer = values[n]
    counts = counters[n]
    chunks = (last - first + chunk - 1) // chunk
    for r in prange(chunks):
        moves = np.empty(MAX_MOVES, dtype=np.int64)
        keys = np.empty(MAX_MOVES, dtype=np.int64)
        begin = first + r * chunk
        end = min(last, begin + chunk)
        shape, a, rank, pattern = _start(n, begin, index)
        seen = 0
        seeded = 0
        most = 0
        for i in range(begin, end):
            if layer[i] == 0:
                own = _scatter(pattern, shape_points[shape])
                stab = index[7][index[8][n] + shape]
                if stab == 0 or least_image(own, stab, geo[7]) == own:
                    opp = shapes[shape] & ~own
                    seen += 1
                    if can_place_top(own, opp, geo):
                        layer[i] = 2
                        seeded += 1
                    else:
                        m = children_keys(own, opp, variant, removal, moves, keys, geo, index)
                        if m == 0:
                            layer[i] = 1
                            seeded += 1
                        else:
                            left = m
                            if processed > 0:
                                for k in range(m):
                                    key = keys[k]
                                    if key >= 0:
                                        c = values[key >> KEY_SHIFT][key & ((1 << KEY_SHIFT) - 1)]
                                        if c > 0 and c % 2 == 0 and c <= processed:
                                            left -= 1
                            counts[i] = min(left, 65535)  # more: the caller refuses
                            most = max(most, m)
            if i + 1 < end:
                shape, a, rank, pattern = _advance(n, shape, a, rank, pattern, index)
        stats[r, 0] = seen
        stats[r, 1] = seeded
        stats[r, 2] = most


seed_range = njit(cache=True, parallel=True)(_seed_range)
seed_range_serial = njit(cache=True)(_seed_range)


def _push_range(
    n: int,
    first: int,
    last: int,
    byte: int,
    variant: int,
    removal: int,
    geo: Arrays,
    index: Arrays,
    shapes: Words,
    shape_points: Words,
    values: Arrays,
    counters: Arrays,
    stats: Words,
    chunk: int,
) -> None:
    """One step of push retrograde over positions ``first`` to ``last`` of layer ``n``:
    each position of byte ``byte`` (decided at ``byte - 1`` plies, the last step) pushes
    its value to its undecided predecessors: a loss makes each a win in ``byte`` plies (the
    byte ``byte + 1``); a win takes one from each one's counter of children still open, and
    the one that reaches 0 is a loss in ``byte`` plies (its longest child, this one, won
    last step). Several threads may push to one predecessor: the counters are taken from
    at once (atomic), and a byte is written only as the value every writer gives it.
    (frontier positions, predecessors read) of each ``chunk`` positions into ``stats``."""
    layer = values[n]
    low = (1 << KEY_SHIFT) - 1
    lost = byte % 2 == 1
    chunks = (last - first + chunk - 1) // chunk
    for r in prange(chunks):
        moves = np.empty(MAX_MOVES, dtype=np.int64)
        keys = np.empty(MAX_PREDECESSORS, dtype=np.int64)
        begin = first + r * chunk
        end = min(last, begin + chunk)
        shape, a, rank, pattern = _start(n, begin, index)
        pushed = 0
        read = 0
        for i in range(begin, end):
            if layer[i] == byte:
                own = _scatter(pattern, shape_points[shape])
                opp = shapes[shape] & ~own
                pushed += 1
                m = predecessor_keys(own, opp, variant, removal, moves, keys, geo, index)
                read += m
                for k in range(m):
                    qn = keys[k] >> KEY_SHIFT
                    qi = keys[k] & low
                    if values[qn][qi] != 0:
                        continue
                    if lost or fetch_sub_one(counters[qn], qi) == 1:
                        values[qn][qi] = byte + 1
            if i + 1 < end:
                shape, a, rank, pattern = _advance(n, shape, a, rank, pattern, index)
        stats[r, 0] = pushed
        stats[r, 1] = read


push_range = njit(cache=True, parallel=True)(_push_range)
push_range_serial = njit(cache=True)(_push_range)


@njit(cache=True, parallel=True)
def count_byte(layer: Bytes, byte: int) -> int:
    """How many positions of ``layer`` hold ``byte``."""
    total = 0
    for i in prange(layer.shape[0]):
        if layer[i] == byte:
            total += 1
    return total
