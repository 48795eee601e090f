"""The whole-game kernels' push retrograde (:mod:`.whole_kernel`, :func:`.whole._push`):
predecessors by un-moves, counters of the children still open, an atomic decrement."""

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
from ...compiled.lanes import fetch_add_one, fetch_sub_one, unmanaged
from .kernel import (
    ALTERNATE,
    CHILDREN,
    FULL,
    FULL_,
    MAX_MOVES,
    PASS_MOVE,
    REMOVAL_ONE_OR_TWO,
    SPHERES_,
    TOP_,
    can_place_top_at,
    can_place_top_in,
    generate_at,
    moves_or_pass_in,
    open_points_at,
    play,
)
from .whole_index import (
    CHUNK,
    Walk,
    _advance_at,
    _bounds,
    _read_at,
    _scatter,
    _start,
    _start_at,
    find_slot,
    least_image,
    locate_at,
    transform,
)

if TYPE_CHECKING:
    from numba.core.typing.templates import Signature


@intrinsic
def load_word(typingctx: Any, array: Any, i: Any) -> tuple[Signature, Callable[..., Any]]:
    """The 8 bytes of a byte array from ``i`` as one number (unaligned; no bounds checked:
    ``i + 8`` at most the array's length): :func:`next_holding`'s stride."""
    sig = types.uint64(array, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Sequence[Any]) -> Any:
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]])
        return builder.load(builder.bitcast(ptr, ir.IntType(64).as_pointer()), align=1)

    return sig, codegen


_ONES = np.uint64(0x0101010101010101)
_HIGHS = np.uint64(0x8080808080808080)


@njit(cache=True, inline="always")
def next_holding(layer: Bytes, i: int, end: int, byte: int) -> int:
    """The first position from ``i`` to ``end`` of ``layer`` that holds ``byte`` (``end``
    where none does): 8 bytes at a time while none of them is ``byte`` (a zero byte of
    their exclusive or with ``byte`` in each: a test without carries between bytes), then
    byte by byte. A push step's frontier is a few positions of a layer in most steps:
    read a byte at a time, the layer took most of those steps' time."""
    spread = np.uint64(byte) * _ONES
    while i + 8 <= end:
        x = load_word(layer, i) ^ spread
        if (x - _ONES) & ~x & _HIGHS:
            break
        i += 8
    while i < end and layer[i] != byte:
        i += 1
    return i


KEY_SHIFT = 40  # a position's key: layer << KEY_SHIFT | index in the layer


MAX_PREDECESSORS = 1 << 16


@njit(cache=True, inline="always")
def placeable(p: int, occ: int, geo: Arrays) -> bool:
    """Whether the empty point ``p`` (not the top) can hold a sphere over ``occ``."""
    support = geo[1][p]
    return support & occ == support


@njit(cache=True, inline="always")
def distinct(keys: Words, m: int) -> int:
    """``keys[:m]`` sorted with each key once; how many."""
    if m <= 128:
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
    m = moves_or_pass_in(own, opp, variant, removal, moves, 0, geo)
    sym, hashed, binom, ncol, coff, stabs = geo[7], index[0], index[3], index[4], index[5], index[7]
    for k in range(m):
        child = play(own, moves[k])
        slot = find_slot(opp | child, hashed)
        if slot < 0:
            keys[k] = -1 - k
            continue
        n, i = locate_at(opp, child, slot, sym, hashed, binom, ncol, coff, stabs)
        keys[k] = n << KEY_SHIFT | i if n >= 0 else -1 - k
    return distinct(keys, m)


@njit(cache=True)
def children_count(
    own: int, opp: int, variant: int, removal: int, moves: Words, keys: Words, geo: Arrays
) -> int:
    """How many distinct canonical children (own, opp) has: :func:`children_keys`'s count
    without a child located (:func:`_children_count_at`). ``keys`` gets the children's
    images."""
    pyramid = (geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6])
    return _children_count_at(own, opp, (variant, removal), moves, keys, pyramid, geo[7])


@njit(cache=True, inline="always")
def _children_count_at(
    own: int,
    opp: int,
    codes: tuple[int, int],
    moves: Words,
    keys: Words,
    pyramid: tuple[Words, Words, Words, Words, Words, Words, Words],
    sym: Words,
) -> int:
    """:func:`children_count` on the pyramid's arrays (:func:`.kernel.generate_at`'s, and
    the symmetries), taken from its tuple once by the loop that counts. Every child keeps
    ``opp`` (the side to move next), so two children (opp, x) and (opp, y) are one
    position exactly where a symmetry that leaves ``opp`` as it is takes x to y: each
    child's least image under those symmetries (most positions have none but the
    identity) is counted once. Moves that remove nothing give distinct children (each
    places or raises to another point, or from another), so without a removal or such a
    symmetry the children are the moves, counted without a sort."""
    fixing = 0  # the symmetries (a bit each, 1 to 7) that leave opp as it is
    for g in range(1, 8):
        if transform(opp, g, sym) == opp:
            fixing |= 1 << g
    if fixing == 0:
        steps = _plain_steps(own, opp, codes, pyramid)
        if steps >= 0:
            return 1 if steps == 0 and codes[0] == ALTERNATE else steps
    m = generate_at(own, opp, codes, moves, 0, pyramid)
    if m == 0 and codes[0] == ALTERNATE:
        moves[0] = PASS_MOVE
        m = 1
    removing = False
    for k in range(m):
        removing |= moves[k] & FULL != 0
        child = play(own, moves[k])
        keys[k] = least_image(child, fixing, sym) if fixing else child
    if fixing == 0 and not removing:
        return m
    return distinct(keys, m)


@njit(cache=True, inline="always")
def _plain_steps(
    own: int,
    opp: int,
    codes: tuple[int, int],
    pyramid: tuple[Words, Words, Words, Words, Words, Words, Words],
) -> int:
    """How many moves (own, opp) has, counted on the masks without one written, where none
    completes a square of the mover's (no removal: each move is one step, :func:`.kernel.
    generate_at`'s placements and raises); -1 where one does (the moves are then listed).
    A raise of the free sphere ``s`` goes to any open point above its level that does not
    rest on it; a square a step completes holds its target (``s``, lower, is in none of
    the target's squares), so it is one whose other three points are the mover's."""
    scalars, support, resting, level, above, squares, square_count = pyramid
    occ = own | opp
    targets = open_points_at(occ, scalars, support)
    if codes[0] != CHILDREN:
        rest = targets
        while rest:
            b = rest & -rest
            rest ^= b
            t = cttz(b)
            after = own | b
            for q in range(square_count[t]):
                sq = squares[t, q]
                if sq & after == sq:
                    return -1
    steps = popcount(targets) if popcount(own) < scalars[SPHERES_] else 0
    spheres = own
    while spheres:
        bs = spheres & -spheres
        spheres ^= bs
        s = cttz(bs)
        if resting[s] & occ == 0:  # free: nothing rests on it
            steps += popcount(targets & above[level[s]] & ~resting[s])
    return steps


@njit(cache=True, inline="always")
def _fresh_byte(
    own: int,
    opp: int,
    codes: tuple[int, int],
    moves: Words,
    keys: Words,
    pyramid: tuple[Words, Words, Words, Words, Words, Words, Words],
    sym: Words,
) -> int:
    """:func:`_open_children` where no child is pushed yet (``processed`` 0), on the
    pyramid's arrays taken from its tuple once by the loop that counts."""
    if can_place_top_at(own, opp, pyramid[0]):
        return 2
    m = _children_count_at(own, opp, codes, moves, keys, pyramid, sym)
    return 1 if m == 0 else -1 - m


@njit(cache=True, inline="always")
def _emit(
    own: int,
    opp: int,
    keys: Words,
    m: int,
    sym: Words,
    hashed: Words,
    binom: Words,
    ncol: Words,
    coff: Words,
    stabs: Words,
) -> int:
    """The key of (own, opp)'s canonical image into ``keys[m]`` (none for a board outside
    the table); how many keys then (:func:`.whole_index.locate_at`'s arrays)."""
    slot = find_slot(own | opp, hashed)
    if slot < 0:
        return m
    n, i = locate_at(own, opp, slot, sym, hashed, binom, ncol, coff, stabs)
    if n < 0:
        return m
    if m >= keys.shape[0]:
        return keys.shape[0] + 1  # too many: the caller raises (none inside a prange loop)
    keys[m] = n << KEY_SHIFT | i
    return m + 1


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


@njit(cache=True, inline="always")
def _put_back(
    a: int, b: int, variant: int, scalars: Words, support: Words, all_squares: Words, out: Words
) -> int:
    """The spheres a move of ``a``'s that ends over (a, b) may have removed, put back (none
    first, then one or two empty points that can hold them, where a square of the mover's
    allows the removal: :func:`predecessor_keys`) into ``out``; how many."""
    occ = a | b
    out[0] = 0  # none removed
    k = 1
    spheres = scalars[SPHERES_]
    if variant == CHILDREN or popcount(a) >= spheres:
        return k
    empty = scalars[FULL_] & ~occ & ~(1 << scalars[TOP_])
    pairs = popcount(a) + 1 < spheres
    # the squares a removal can follow: none of the other's spheres, at most two
    # points missing (put back); one complete already allows any spheres back
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
                out[k] = missing
                k += 1
            continue
        # one point back (any, or the square's missing one), and with it any other
        first = empty if any_back else missing
        while first:
            bx = first & -first
            first ^= bx
            if _holds_back(bx, occ, support):
                out[k] = bx
                k += 1
            if not pairs:
                continue
            # each pair once over every point (from its lower point), a square's
            # missing point with every other
            second = (empty & ~bx & ~(bx - 1)) if any_back else empty & ~bx
            while second:
                by = second & -second
                second ^= by
                if _holds_back(bx | by, occ, support):
                    out[k] = bx | by
                    k += 1
    return k


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
    scalars, support, resting, level, above, all_squares = (
        geo[0],
        geo[1],
        geo[2],
        geo[3],
        geo[4],
        geo[8],
    )
    sym, hashed, binom, ncol, coff, stabs = geo[7], index[0], index[3], index[4], index[5], index[7]
    m = _predecessors_at(
        own,
        opp,
        (variant, removal),
        moves,
        keys,
        scalars,
        support,
        resting,
        level,
        above,
        all_squares,
        sym,
        hashed,
        binom,
        ncol,
        coff,
        stabs,
        geo,
    )
    if m < 0:
        raise ValueError("more predecessors than MAX_PREDECESSORS")
    return m


@njit(cache=True, inline="always")
def _predecessors_at(
    own: int,
    opp: int,
    codes: tuple[int, int],
    moves: Words,
    keys: Words,
    scalars: Words,
    support: Words,
    resting: Words,
    level: Words,
    above: Words,
    all_squares: Words,
    sym: Words,
    hashed: Words,
    binom: Words,
    ncol: Words,
    coff: Words,
    stabs: Words,
    geo: Arrays,
) -> int:
    """:func:`predecessor_keys` on the arrays it reads, given one by one by a loop over
    positions that takes them from their tuples once (numba's reference counts of each
    array taken cost more than an un-move; ``geo`` is read only for the alternate
    version's pass). For each set of spheres put back (none, one or two: ``back``), the
    positions (a', b), ``a'`` to move, whose move ends (before any removal) with the
    mover's spheres ``a1`` over ``occ1`` and then removes ``back``."""
    variant, removal = codes
    a, b = opp, own
    occ = a | b
    backs = _put_back(a, b, variant, scalars, support, all_squares, moves)
    m = 0
    for j in range(backs):
        back = moves[j]
        a1, occ1 = a | back, occ | back
        in_square = 0  # the points of the mover's complete squares
        if variant != CHILDREN:
            for q in range(all_squares.shape[0]):
                sq = all_squares[q]
                if sq & a1 == sq:
                    in_square |= sq
        rest = a1 & in_square if back else a1
        if rest == 0:
            continue  # a removal without a square of the mover's
        # the empty points that can hold a sphere (a raised sphere's point before)
        holding = open_points_at(occ1, scalars, support) & ~(1 << scalars[TOP_])
        while rest:
            bt = rest & -rest
            rest ^= bt
            t = cttz(bt)
            if resting[t] & occ1:
                continue  # something rests on it: it was not the last sphere to arrive
            if not back and removal == REMOVAL_ONE_OR_TWO and in_square & bt:
                continue  # a square of the mover's with it: a removal was required
            before = a1 & ~bt
            # placed from the reserve
            m = _emit(before, b, keys, m, sym, hashed, binom, ncol, coff, stabs)
            if level[t] == 0:
                continue
            # raised from an empty point s below it that can hold it, which s then held
            # (nothing rests on an empty point, and s is no support of t, being empty now)
            below = holding & ~above[level[t] - 1]
            while below:
                bs = below & -below
                below ^= bs
                m = _emit(before | bs, b, keys, m, sym, hashed, binom, ncol, coff, stabs)
    if variant == ALTERNATE:
        g = moves_or_pass_in(a, b, variant, removal, moves, 0, geo)
        if g == 1 and moves[0] == 0:
            m = _emit(a, b, keys, m, sym, hashed, binom, ncol, coff, stabs)
    if m > keys.shape[0]:
        return -1  # more than MAX_PREDECESSORS (the caller raises)
    return distinct(keys, m)


#: While a table is built, an undecided position's byte holds its children still open:
#: ``OPEN + c`` for ``c`` up to :data:`MOST_IN_BYTE`, :data:`ESCAPE` for more (the count
#: then in a side table of those few, sorted by key); a distance is at most ``OPEN - 1``
#: (the standard game's longest is 65), and the finished table holds 0 where a code was
#: (a draw). So a position costs one byte while built, not a byte and a 2-byte counter.
OPEN = 128
ESCAPE = 255
MOST_IN_BYTE = ESCAPE - 1 - OPEN


@njit(cache=True, inline="always")
def _open_children(
    own: int,
    opp: int,
    processed: int,
    codes: tuple[int, int],
    values: Arrays,
    moves: Words,
    keys: Words,
    geo: Arrays,
    index: Arrays,
) -> int:
    """The byte the rules give (own, opp) alone (1: no move; 2: the top can be placed),
    else ``-1 - c``, ``c`` its distinct children not yet pushed (those won with a byte of
    at most ``processed``: the rounds done)."""
    if processed == 0:  # no child pushed yet: their count alone, none located
        pyramid = (geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6])
        return _fresh_byte(own, opp, codes, moves, keys, pyramid, geo[7])
    variant, removal = codes
    if can_place_top_in(own, opp, geo):
        return 2
    m = children_keys(own, opp, variant, removal, moves, keys, geo, index)
    if m == 0:
        return 1
    left = m
    for k in range(m):
        key = keys[k]
        if key >= 0:
            c = values[key >> KEY_SHIFT][key & ((1 << KEY_SHIFT) - 1)]
            if c > 0 and c % 2 == 0 and c <= processed:
                left -= 1
    return -1 - left


@njit(cache=True, nogil=True)
def seed_range(
    n: int,
    first: int,
    last: int,
    processed: int,
    codes: tuple[int, int],
    walk: Walk,
    values: Arrays,
    stats: Words,
    chunk: int,
    most: int,
    taken: Words,
) -> None:
    """Push retrograde's start over positions ``first`` to ``last`` of layer ``n``
    (``walk``: the layer's, :data:`.whole_index.Walk`): each undecided position read (no
    copy) gets its byte where the rules decide it alone, else the code of its children
    still open (:func:`_open_children`; :data:`ESCAPE` past ``most``, at most
    :data:`MOST_IN_BYTE` (less in a test of the side table), counted
    again by :func:`escaped_counts`); (positions, seeded, greatest count) of each
    ``chunk`` positions into ``stats``. A lane: the chunks are taken one at a time from
    ``taken[0]`` (:func:`fetch_add_one`) until none is left, so that several threads may
    run it at once over one range (:func:`...compiled.lanes.run_lanes`), its arrays
    uncounted (:func:`...compiled.lanes.unmanaged`)."""
    walk, values = unmanaged(walk), unmanaged(values)
    geo, index, shapes, shape_points = walk
    layer = values[n]
    chunks = (last - first + chunk - 1) // chunk
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    keys = np.empty(MAX_MOVES, dtype=np.int64)
    # the pyramid's arrays taken from its tuple once a lane (numba's reference counts)
    pyramid = (geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6])
    sym, binom, ncol, coff, stabs = geo[7], index[3], index[4], index[5], index[7]
    shapes_before = index[8][n]  # the canonical shapes of the layers below
    while True:
        r = fetch_add_one(taken, 0)
        if r >= chunks:
            break
        begin, end = _bounds(first, last, r, chunk)
        shape, a, rank, pattern = _start_at(n, begin, binom, ncol, coff)
        seen = 0
        seeded = 0
        greatest = 0  # (not ``most``: the parameter, the most a byte holds)
        for i in range(begin, end):
            if layer[i] == 0:
                own = _scatter(pattern, shape_points[shape])
                if _read_at(own, shapes_before + shape, stabs, sym):
                    opp = shapes[shape] & ~own
                    seen += 1
                    if processed == 0:
                        v = _fresh_byte(own, opp, codes, moves, keys, pyramid, sym)
                    else:
                        v = _open_children(
                            own, opp, processed, codes, values, moves, keys, geo, index
                        )
                    if v > 0:
                        layer[i] = v
                        seeded += 1
                    else:
                        left = -1 - v
                        layer[i] = OPEN + left if left <= most else ESCAPE
                        greatest = max(greatest, left)
            if i + 1 < end:
                shape, a, rank, pattern = _advance_at(n, shape, a, rank, pattern, binom, coff)
        stats[r, 0] = seen
        stats[r, 1] = seeded
        stats[r, 2] = greatest


@njit(cache=True)
def escaped_counts(
    n: int, at: Words, processed: int, codes: tuple[int, int], walk: Walk, values: Arrays
) -> Words:
    """The children still open of layer ``n``'s positions ``at`` (their bytes
    :data:`ESCAPE`, :func:`seed_range`), counted again alone: the side table's counts."""
    geo, index, shapes, shape_points = walk
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    keys = np.empty(MAX_MOVES, dtype=np.int64)
    out = np.empty(at.shape[0], dtype=np.int64)
    for j in range(at.shape[0]):
        shape, _, _, pattern = _start(n, at[j], index)
        own = _scatter(pattern, shape_points[shape])
        opp = shapes[shape] & ~own
        out[j] = -1 - _open_children(own, opp, processed, codes, values, moves, keys, geo, index)
    return out


@njit(cache=True, parallel=True)
def find_byte(layer: Bytes, byte: int) -> Words:
    """The positions of ``layer`` that hold ``byte``, in order (few: two passes)."""
    blocks = (layer.shape[0] + CHUNK - 1) // CHUNK
    counts = np.zeros(blocks + 1, dtype=np.int64)
    for b in prange(blocks):
        for i in range(b * CHUNK, min(layer.shape[0], (b + 1) * CHUNK)):
            if layer[i] == byte:
                counts[b + 1] += 1
    starts = np.cumsum(counts)
    out = np.empty(starts[-1], dtype=np.int64)
    for b in prange(blocks):
        k = starts[b]
        for i in range(b * CHUNK, min(layer.shape[0], (b + 1) * CHUNK)):
            if layer[i] == byte:
                out[k] = i
                k += 1
    return out


#: A push step walks from one position it pushes to the next (a position's step costs a
#: few ns) unless more than this lie between: then it starts the walk there (an unrank,
#: about a hundred), so a sparse frontier costs its positions, not its layer's.
SPARSE = 32


@njit(cache=True, nogil=True)
def push_range(
    n: int,
    first: int,
    last: int,
    byte: int,
    codes: tuple[int, int],
    walk: Walk,
    values: Arrays,
    side: tuple[Words, Words],
    stats: Words,
    chunk: int,
    taken: Words,
) -> None:
    """One step of push retrograde over positions ``first`` to ``last`` of layer ``n``
    (``walk``: the layer's, :data:`.whole_index.Walk`): each position of byte ``byte``
    (decided at ``byte - 1`` plies, the last step) pushes its value to its undecided
    predecessors (a byte of :data:`OPEN` or more): a loss makes each a win in ``byte``
    plies (the byte ``byte + 1``); a win takes one from each one's count of children still
    open (its byte, or its count in ``side``: the keys of the bytes :data:`ESCAPE`, sorted,
    and their counts), and the one that reaches 0 is a loss in ``byte`` plies (its longest
    child, this one, won last step). Several threads may push to one predecessor: a count
    is taken from at once (atomic), and a byte is written only as the value every writer
    gives it (a step pushes only losses or only wins, and a count is taken from at most as
    often as it was, so no count is taken from once it is a value). (frontier positions,
    predecessors read: -1 where more than :data:`MAX_PREDECESSORS`, a fault the caller
    raises) of each ``chunk`` positions into ``stats``. A lane, as :func:`seed_range`."""
    walk, values, side = unmanaged(walk), unmanaged(values), unmanaged(side)
    geo, index, shapes, shape_points = walk
    side_keys, side_counts = side
    layer = values[n]
    low = (1 << KEY_SHIFT) - 1
    lost = byte % 2 == 1
    chunks = (last - first + chunk - 1) // chunk
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    keys = np.empty(MAX_PREDECESSORS, dtype=np.int64)
    # the arrays taken from their tuples once a lane (numba's reference counts)
    scalars, support, resting, level, above = geo[0], geo[1], geo[2], geo[3], geo[4]
    all_squares, sym = geo[8], geo[7]
    hashed, binom, ncol, coff, stabs = index[0], index[3], index[4], index[5], index[7]
    while True:
        r = fetch_add_one(taken, 0)
        if r >= chunks:
            break
        begin, end = _bounds(first, last, r, chunk)
        at = begin  # where the walk is: moved only to the positions pushed
        shape, a, rank, pattern = _start_at(n, begin, binom, ncol, coff)
        pushed = 0
        read = 0
        over = False
        i = next_holding(layer, begin, end, byte)
        while i < end:
            if i - at > SPARSE:
                shape, a, rank, pattern = _start_at(n, i, binom, ncol, coff)
            else:
                for _ in range(i - at):
                    shape, a, rank, pattern = _advance_at(n, shape, a, rank, pattern, binom, coff)
            at = i
            own = _scatter(pattern, shape_points[shape])
            opp = shapes[shape] & ~own
            pushed += 1
            m = _predecessors_at(
                own,
                opp,
                codes,
                moves,
                keys,
                scalars,
                support,
                resting,
                level,
                above,
                all_squares,
                sym,
                hashed,
                binom,
                ncol,
                coff,
                stabs,
                geo,
            )
            if m < 0:
                over = True
                m = 0
            read += m
            for k in range(m):
                qn = keys[k] >> KEY_SHIFT
                qi = keys[k] & low
                held = values[qn][qi]
                if held < OPEN:
                    continue
                if lost:
                    values[qn][qi] = byte + 1
                elif held == ESCAPE:
                    j = np.searchsorted(side_keys, keys[k])
                    if fetch_sub_one(side_counts, j) == 1:
                        values[qn][qi] = byte + 1
                elif fetch_sub_one(values[qn], qi) == OPEN + 1:
                    values[qn][qi] = byte + 1
            i = next_holding(layer, i + 1, end, byte)
        stats[r, 0] = pushed
        stats[r, 1] = -1 if over else read


@njit(cache=True, parallel=True)
def count_between(layer: Bytes, low: int, high: int) -> int:
    """How many positions of ``layer`` hold a byte from ``low`` to ``high``."""
    total = 0
    for i in prange(layer.shape[0]):
        if low <= layer[i] <= high:
            total += 1
    return total


@njit(cache=True, parallel=True)
def decided_only(layer: Bytes, out: Bytes) -> None:
    """``layer`` into ``out`` with every code of children still open (a byte of
    :data:`OPEN` or more) 0: what the finished table holds there (``out`` may be
    ``layer``)."""
    for i in prange(layer.shape[0]):
        v = layer[i]
        out[i] = 0 if v >= OPEN else v


@njit(cache=True, parallel=True)
def count_byte(layer: Bytes, byte: int) -> int:
    """How many positions of ``layer`` hold ``byte``."""
    total = 0
    for i in prange(layer.shape[0]):
        if layer[i] == byte:
            total += 1
    return total
