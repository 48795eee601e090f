"""Push retrograde's kernels (:func:`.steps.push`): each undecided position's byte
seeded with its children still open (:func:`seed_range`), then each step's decided
positions pushed to their predecessors (:func:`push_range`, over :mod:`.moves`'
un-moves), a counter taken down by an atomic decrement; a layer's bytes counted and
found 8 at a time."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.core import cgutils
from numba.core.extending import intrinsic

from ....compiled.arrays import Bytes, Words
from ....compiled.lanes import fetch_add_one, fetch_sub_one, unmanaged
from ..kernel import MAX_MOVES, can_place_top_in, move_arrays
from ..prober.index import CHUNK, IndexArrays, Layers, layer_of
from ..pyramid_arrays import Geo
from .moves import (
    KEY_SHIFT,
    MAX_PREDECESSORS,
    children_keys,
    fresh_byte,
    lookup_of,
    predecessors_at,
    unmove_arrays,
)
from .walk import (
    ViewArgs,
    advance_at,
    chunk_bounds,
    is_read_at,
    scatter,
    view_in,
    walk_start,
    walk_start_at,
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


#: While a table is built, an undecided position's byte holds its children still open:
#: ``OPEN + c`` for ``c`` up to :data:`MOST_IN_BYTE`, :data:`ESCAPE` for more (the count
#: then in a side table of those few, sorted by key); a distance is at most ``OPEN - 1``
#: (the standard game's longest is 65), and the finished table holds 0 where a code was
#: (a draw). So a position costs one byte while built, not a byte and a 2-byte counter.
OPEN = 128
ESCAPE = 255
MOST_IN_BYTE = ESCAPE - 1 - OPEN


@njit(cache=True)  # not inlined: read on the rare paths only (a build resumed, the escapes)
def _open_children(
    own: int,
    opp: int,
    processed: int,
    codes: tuple[int, int],
    values: Layers,
    moves: Words,
    keys: Words,
    geo: Geo,
    index: IndexArrays,
) -> int:
    """The byte the rules give (own, opp) alone (1: no move; 2: the top can be placed),
    else ``-1 - c``, ``c`` its distinct children not yet pushed (those won with a byte of
    at most ``processed``: the rounds done). Where none is pushed yet (``processed`` 0)
    the children are located all the same, not counted alone (:func:`fresh_byte`, as many:
    ``children_count``): on these rare paths, one inlined copy of the count less to compile."""
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
            c = layer_of(values, key >> KEY_SHIFT)[key & ((1 << KEY_SHIFT) - 1)]
            if c > 0 and c % 2 == 0 and c <= processed:
                left -= 1
    return -1 - left


@njit(cache=True, nogil=True)
def seed_range(
    n: int,
    first: int,
    last: int,
    processed: int,
    view: ViewArgs,
    stats: Words,
    chunk: int,
    most: int,
    taken: Words,
) -> None:
    """Push retrograde's start over positions ``first`` to ``last`` of layer ``n`` (``view``:
    :data:`.walk.ViewArgs`): each undecided position read (no copy) gets its byte
    where the rules decide it alone, else the code of its children still open
    (:func:`_open_children`; :data:`ESCAPE` past ``most``, counted again by
    :func:`escaped_counts`); (positions, seeded, greatest count) of each ``chunk``
    positions into ``stats``. A lane (:func:`...compiled.lanes.run_lanes`): the chunks
    taken one at a time from ``taken[0]`` until none is left, its arrays uncounted."""
    codes, walk, values = view_in(unmanaged(view))
    geo, index, shapes, shape_points = walk
    layer = layer_of(values, n)
    chunks = (last - first + chunk - 1) // chunk
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    keys = np.empty(MAX_MOVES, dtype=np.int64)
    # the pyramid's arrays taken from its record once a lane (numba's reference counts)
    pyramid = move_arrays(geo)
    sym, binom, ncol, coff, stabs = geo.sym, index.binom, index.ncol, index.coff, index.stabs
    shapes_before = index.first[n]  # the canonical shapes of the layers below
    while True:
        r = fetch_add_one(taken, 0)
        if r >= chunks:
            break
        begin, end = chunk_bounds(first, last, r, chunk)
        shape, a, rank, pattern = walk_start_at(n, begin, binom, ncol, coff)
        seen = 0
        seeded = 0
        greatest = 0  # (not ``most``: the parameter, the most a byte holds)
        for i in range(begin, end):
            if layer[i] == 0:
                own = scatter(pattern, shape_points[shape])
                if is_read_at(own, shapes_before + shape, stabs, sym):
                    opp = shapes[shape] & ~own
                    seen += 1
                    if processed == 0:
                        v = fresh_byte(own, opp, codes, moves, keys, pyramid, sym)
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
                shape, a, rank, pattern = advance_at(n, shape, a, rank, pattern, binom, coff)
        stats[r, 0] = seen
        stats[r, 1] = seeded
        stats[r, 2] = greatest


@njit(cache=True)
def escaped_counts(n: int, at: Words, processed: int, view: ViewArgs) -> Words:
    """The children still open of layer ``n``'s positions ``at`` (their bytes
    :data:`ESCAPE`, :func:`seed_range`), counted again alone: the side table's counts."""
    codes, walk, values = view_in(view)
    geo, index, shapes, shape_points = walk
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    keys = np.empty(MAX_MOVES, dtype=np.int64)
    out = np.empty(at.shape[0], dtype=np.int64)
    for j in range(at.shape[0]):
        shape, _, _, pattern = walk_start(n, at[j], index)
        own = scatter(pattern, shape_points[shape])
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
    for b in range(blocks):  # the starts in place (numba's cumsum: a compile of its own)
        counts[b + 1] += counts[b]
    starts = counts
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


@njit(cache=True, inline="always")
def _walk_to(
    n: int, i: int, at: int, walk: tuple[int, int, int, int], binom: Words, ncol: Words, coff: Words
) -> tuple[int, int, int, int]:
    """The walk (shape, own count, rank, pattern) moved from position ``at`` to ``i`` of
    layer ``n``: started again there when it is more than :data:`SPARSE` ahead, else
    advanced."""
    if i - at > SPARSE:
        return walk_start_at(n, i, binom, ncol, coff)
    shape, a, rank, pattern = walk
    for _ in range(i - at):
        shape, a, rank, pattern = advance_at(n, shape, a, rank, pattern, binom, coff)
    return shape, a, rank, pattern


@njit(cache=True, inline="always")
def _push_to(keys: Words, m: int, values: Layers, byte: int, side: tuple[Words, Words]) -> None:
    """A position of byte ``byte`` pushed to its ``m`` predecessors' ``keys`` (see
    :func:`push_range`): each undecided one a win (this one lost), or one open child less
    (this one won), a loss once none is left."""
    side_keys, side_counts = side
    low = (1 << KEY_SHIFT) - 1
    for k in range(m):
        layer = layer_of(values, keys[k] >> KEY_SHIFT)
        qi = keys[k] & low
        held = layer[qi]
        if held < OPEN:
            continue
        if byte % 2 == 1:
            layer[qi] = byte + 1
        elif held == ESCAPE:
            j = np.searchsorted(side_keys, keys[k])
            if fetch_sub_one(side_counts, j) == 1:
                layer[qi] = byte + 1
        elif fetch_sub_one(layer, qi) == OPEN + 1:
            layer[qi] = byte + 1


@njit(cache=True, nogil=True)
def push_range(
    n: int,
    first: int,
    last: int,
    byte: int,
    view: ViewArgs,
    side: tuple[Words, Words],
    stats: Words,
    chunk: int,
    taken: Words,
) -> None:
    """One step of push retrograde over positions ``first`` to ``last`` of layer ``n``
    (``view``: :data:`.walk.ViewArgs`, the table's and the layer's walk): each
    position of byte ``byte`` (decided at ``byte - 1`` plies, the last step) pushes its
    value to its undecided predecessors (a byte of :data:`OPEN` or more): a loss makes each
    a win in ``byte`` plies (the byte ``byte + 1``); a win takes one from each one's count
    of children still open (its byte, or its count in ``side``: the keys of the bytes
    :data:`ESCAPE`, sorted, and their counts), and the one that reaches 0 is a loss in
    ``byte`` plies (its longest child, this one, won last step). Several threads may push to
    one predecessor: a count is taken from at once (atomic), and a byte is written only as
    the value every writer gives it (a step pushes only losses or only wins, and a count is
    taken from at most as often as it was, so no count is taken from once it is a value).
    (frontier positions, predecessors read: -1 where more than :data:`MAX_PREDECESSORS`, a
    fault the caller raises) of each ``chunk`` positions into ``stats``. A lane, as
    :func:`seed_range`."""
    codes, walk, values = view_in(unmanaged(view))
    side = unmanaged(side)
    geo, index, shapes, shape_points = walk
    layer = layer_of(values, n)
    chunks = (last - first + chunk - 1) // chunk
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    keys = np.empty(MAX_PREDECESSORS, dtype=np.int64)
    # the arrays taken from their records once a lane (numba's reference counts)
    pyramid, lookup = unmove_arrays(geo), lookup_of(geo, index)
    binom, ncol, coff = lookup.binom, lookup.ncol, lookup.coff
    while True:
        r = fetch_add_one(taken, 0)
        if r >= chunks:
            break
        begin, end = chunk_bounds(first, last, r, chunk)
        at = begin  # where the walk is: moved only to the positions pushed
        shape, a, rank, pattern = walk_start_at(n, begin, binom, ncol, coff)
        pushed = 0
        read = 0
        over = False
        i = next_holding(layer, begin, end, byte)
        while i < end:
            walked = _walk_to(n, i, at, (shape, a, rank, pattern), binom, ncol, coff)
            shape, a, rank, pattern = walked
            at = i
            own = scatter(pattern, shape_points[shape])
            opp = shapes[shape] & ~own
            pushed += 1
            m = predecessors_at(own, opp, codes, moves, keys, pyramid, lookup, geo)
            if m < 0:
                over = True
                m = 0
            read += m
            _push_to(keys, m, values, byte, side)
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
