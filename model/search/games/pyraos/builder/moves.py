"""A whole-game position's neighbours as push retrograde reads them: its children's keys
(:func:`children_keys`, :func:`children_count`: the forward searches' own generator over
the table's pyramid) and its predecessors by un-moves (:func:`predecessor_keys`: every
position one move before it, the spheres a move removed put back). A key is a position's
layer and index (:data:`KEY_SHIFT`). The push itself is :mod:`.pushing`'s."""

from __future__ import annotations

from typing import NamedTuple

from numba import njit

from ....compiled.arrays import Words
from ....compiled.bits import cttz, popcount
from ..kernel import (
    FROM_START,
    FULL,
    PASS_MOVE,
    MoveArrays,
    can_place_top_at,
    generate_at,
    move_arrays,
    moves_or_pass_in,
    open_points_at,
    play,
)
from ..prober.index import IndexArrays, find_slot, least_image, locate_at, transform
from ..pyramid_arrays import ALTERNATE, CHILDREN, FULL_, REMOVAL_ONE_OR_TWO, SPHERES_, TOP_, Geo


class UnmoveArrays(NamedTuple):
    """The pyramid's arrays an un-move reads (:func:`predecessors_at`), by name: a kernel
    takes them from ``geo`` once (:func:`unmove_arrays`), not at each position (numba
    counts references to each array taken from a record)."""

    scalars: Words
    support: Words
    resting: Words
    level: Words
    above: Words
    all_squares: Words


class Lookup(NamedTuple):
    """The pyramid's and the index's arrays a position is located with
    (:func:`..prober.index.locate_at`), by name, taken from ``geo`` and ``index`` once by a
    loop over positions (:func:`lookup_of`)."""

    sym: Words
    hashed: Words
    binom: Words
    ncol: Words
    coff: Words
    stabs: Words


@njit(cache=True, inline="always")
def lookup_of(geo: Geo, index: IndexArrays) -> Lookup:
    """The arrays a position is located with, taken from ``geo`` and ``index``."""
    return Lookup(geo.sym, index.hashed, index.binom, index.ncol, index.coff, index.stabs)


@njit(cache=True, inline="always")
def unmove_arrays(geo: Geo) -> UnmoveArrays:
    """``geo``'s arrays an un-move reads."""
    return UnmoveArrays(
        geo.scalars, geo.support, geo.resting, geo.level, geo.above, geo.all_squares
    )


KEY_SHIFT = 40  # a position's key: layer << KEY_SHIFT | index in the layer


MAX_PREDECESSORS = 1 << 16


@njit(cache=True, inline="always")
def placeable(p: int, occ: int, geo: Geo) -> bool:
    """Whether the empty point ``p`` (not the top) can hold a sphere over ``occ``."""
    support = geo.support[p]
    return support & occ == support


@njit(cache=True)  # not inlined: the rare long lists only (a position's keys are a few dozen)
def heap_sort(keys: Words, m: int) -> None:
    """``keys[:m]`` sorted in place: numba's own sort compiled its quicksort and comparisons
    again in every process that compiled a kernel sorting keys (about a second each)."""
    half = m // 2
    for step in range(half + m - 1):  # the heap made (``half`` sifts), then its tops moved out
        if step < half:
            root, end = half - 1 - step, m
        else:
            root, end = 0, m - 1 - (step - half)
            keys[0], keys[end] = keys[end], keys[0]
        while 2 * root + 1 < end:  # sifted down below its greater child
            child = 2 * root + 1
            if child + 1 < end and keys[child] < keys[child + 1]:
                child += 1
            if keys[root] >= keys[child]:
                break
            keys[root], keys[child] = keys[child], keys[root]
            root = child


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
        heap_sort(keys, m)
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
    geo: Geo,
    index: IndexArrays,
) -> int:
    """The keys of the distinct canonical children of (own, opp) into ``keys``; how many
    (a child outside the table, which the rules never make, gets a key of its own that no
    position has)."""
    m = moves_or_pass_in(own, opp, variant, removal, moves, FROM_START, geo)
    sym, hashed, binom, ncol, coff, stabs = lookup_of(geo, index)
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
    own: int, opp: int, variant: int, removal: int, moves: Words, keys: Words, geo: Geo
) -> int:
    """How many distinct canonical children (own, opp) has: :func:`children_keys`'s count
    without a child located (:func:`_children_count_at`). ``keys`` gets the children's
    images."""
    pyramid = move_arrays(geo)
    return _children_count_at(own, opp, (variant, removal), moves, keys, pyramid, geo.sym)


@njit(cache=True, inline="always")
def _children_count_at(
    own: int,
    opp: int,
    codes: tuple[int, int],
    moves: Words,
    keys: Words,
    pyramid: MoveArrays,
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
    m = generate_at(own, opp, codes, moves, FROM_START, pyramid)
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
    pyramid: MoveArrays,
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
def fresh_byte(
    own: int,
    opp: int,
    codes: tuple[int, int],
    moves: Words,
    keys: Words,
    pyramid: MoveArrays,
    sym: Words,
) -> int:
    """:func:`.pushing._open_children` where no child is pushed yet (``processed`` 0), on the
    pyramid's arrays taken from its tuple once by the loop that counts."""
    if can_place_top_at(own, opp, pyramid.scalars):
        return 2
    m = _children_count_at(own, opp, codes, moves, keys, pyramid, sym)
    return 1 if m == 0 else -1 - m


@njit(cache=True, inline="always")
def _emit(own: int, opp: int, keys: Words, m: int, lookup: Lookup) -> int:
    """The key of (own, opp)'s canonical image into ``keys[m]`` (none for a board outside
    the table); how many keys then (:func:`..prober.index.locate_at` over ``lookup``)."""
    sym, hashed, binom, ncol, coff, stabs = lookup
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


@njit(cache=True)  # not inlined: the alternate version's pass, a rare path
def _emit_pass(own: int, opp: int, keys: Words, m: int, lookup: Lookup) -> int:
    """:func:`_emit` of the position a pass leads to, compiled once apart."""
    return _emit(own, opp, keys, m, lookup)


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
    geo: Geo,
    index: IndexArrays,
) -> int:
    """The keys of the distinct canonical positions that have (own, opp) as a child (the
    side that just moved is ``opp``) into ``keys``; how many. The un-moves: the last sphere
    to arrive (nothing rests on it) un-placed or un-raised to an empty point below it that
    can hold it, after the spheres the move removed (none, one or two empty points that can
    hold them) are put back, where a square of the mover's with that sphere allows the
    removal (or required it: removal 1-2); in the alternate version, a pass from
    (opp, own) when it has no other move. Spheres are only put back where they complete
    a square of the mover's (unless one is there already)."""
    codes = (variant, removal)
    m = predecessors_at(
        own, opp, codes, moves, keys, unmove_arrays(geo), lookup_of(geo, index), geo
    )
    if m < 0:
        raise ValueError("more predecessors than MAX_PREDECESSORS")
    return m


@njit(cache=True, inline="always")
def predecessors_at(
    own: int,
    opp: int,
    codes: tuple[int, int],
    moves: Words,
    keys: Words,
    pyramid: UnmoveArrays,
    lookup: Lookup,
    geo: Geo,
) -> int:
    """:func:`predecessor_keys` on the arrays it reads (``pyramid``, ``lookup``), taken
    from their records once by a loop over positions (numba's reference counts of each
    array taken cost more than an un-move; ``geo`` is read only for the alternate
    version's pass). For each set of spheres put back (none, one or two: ``back``), the
    positions (a', b), ``a'`` to move, whose move ends (before any removal) with the
    mover's spheres ``a1`` over ``occ1`` and then removes ``back``."""
    variant, removal = codes
    scalars, support, resting, level, above, all_squares = pyramid
    a, b = opp, own
    occ = a | b
    backs = _put_back(a, b, variant, scalars, support, all_squares, moves)
    m = FROM_START  # an int64: a literal 0 compiled _emit_pass for a signature of its own
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
            # placed from the reserve (bs 0), or raised from an empty point s below it that
            # can hold it, which s then held (nothing rests on an empty point, and s is no
            # support of t, being empty now): one inlined copy of the emit, not two
            below = holding & ~above[level[t] - 1] if level[t] else 0
            bs = 0
            while True:
                m = _emit(before | bs, b, keys, m, lookup)
                if below == 0:
                    break
                bs = below & -below
                below ^= bs
    if variant == ALTERNATE:
        g = moves_or_pass_in(a, b, variant, removal, moves, FROM_START, geo)
        if g == 1 and moves[0] == 0:
            m = _emit_pass(a, b, keys, m, lookup)
    if m > keys.shape[0]:
        return -1  # more than MAX_PREDECESSORS (the caller raises)
    return distinct(keys, m)
