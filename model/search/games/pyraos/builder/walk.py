"""The walk over a range of a whole-game table's layer in index order (what every kernel
over a range reads: :class:`Walk`), and the position at an index (:func:`unrank`): the
colourings of each canonical shape in colex order (:func:`next_pattern`, :func:`scatter`),
the copies under a shape's own symmetries skipped (:func:`is_read`); a layer's counts and
look-up keys. The building kernels' (:mod:`.rounds`, :mod:`.pushing`) and the
opening's; a probe of one position needs none of it (:func:`..prober.index.value_of`)."""

from __future__ import annotations

from typing import NamedTuple, Protocol, TypeAlias

import numpy as np
from numba import njit

from ....compiled.arrays import Bytes, Words
from ....compiled.bits import cttz
from ..prober.index import Index, IndexArrays, Layers, least_image, transform
from ..pyramid_arrays import Geo, RecordArgs


class Walk(NamedTuple):
    """A layer's walk, what every kernel over a range of it reads: the pyramid's arrays,
    the index's, the layer's canonical shapes and their points (a shape's points in
    order, -1 padded)."""

    geo: Geo
    index_arrays: IndexArrays  # (not ``index``: a tuple's method)
    shapes: Words
    shape_points: Words


class TableView(NamedTuple):
    """What a kernel over a range of a layer reads of a table, by name (:func:`view_in`):
    the rules' codes (the variant's and the removal's), the layer's :class:`Walk`, every
    layer's bytes (their addresses: :func:`..prober.index.layer_of` reads one)."""

    codes: tuple[int, int]
    walk: Walk
    values: Layers


#: A :class:`Walk` as it crosses into a kernel from Python (:func:`walk_of`): plain tuples
#: in the records' order, named again inside (:func:`walk_in`). Numba types a named tuple's
#: argument in Python at every call, a plain tuple's in its dispatcher's C code: 9.1 us
#: against 4.6 for a table's 36 arrays, a cost a kernel call that base 3's small layers
#: pay (docs/development.md, lesson 52).
WalkArgs: TypeAlias = tuple[RecordArgs, RecordArgs, Words, Words]
#: A :class:`TableView` as it crosses into a kernel (:func:`view_of`, :func:`view_in`).
ViewArgs: TypeAlias = tuple[tuple[int, int], WalkArgs, Layers]


class Held(Protocol):
    """What a layer's walk and view are made of: a table's
    (:class:`..prober.table.WholeTable`) pyramid, index, codes and layers."""

    geo_args: RecordArgs
    index: Index
    codes: tuple[int, int]
    values: list[np.ndarray]
    layers: Layers  # ``values`` as they cross into a kernel (:func:`..prober.index.layers_of`)

    def check_layer(self, n: int) -> None: ...


def walk_of(table: Held, n: int) -> WalkArgs:
    """Layer ``n``'s walk of ``table``, as it crosses into a kernel."""
    ix = table.index
    return (table.geo_args, ix.args, ix.shapes[n], ix.shape_points[n])


def view_of(table: Held, n: int) -> ViewArgs:
    """What a kernel over a range of layer ``n`` of ``table`` reads (the codes, the layer's
    walk, every layer's bytes), as it crosses into the kernel."""
    return (table.codes, walk_of(table, n), table.layers)


@njit(cache=True, inline="always")
def walk_in(walk: WalkArgs) -> Walk:
    """A walk that crossed into a kernel, named again (no copy: the same machine code)."""
    geo, index, shapes, shape_points = walk
    return Walk(Geo(*geo), IndexArrays(*index), shapes, shape_points)


@njit(cache=True, inline="always")
def view_in(view: ViewArgs) -> TableView:
    """A view that crossed into a kernel, named again (:func:`walk_in`)."""
    codes, walk, values = view
    return TableView(codes, walk_in(walk), values)


@njit(cache=True, inline="always")
def next_pattern(v: int) -> int:
    """The next integer with as many set bits (Gosper): the next colouring in colex order."""
    t = v | (v - 1)
    return (t + 1) | (((~t & -~t) - 1) >> (cttz(v) + 1))


@njit(cache=True, inline="always")
def scatter(pattern: int, points: Words) -> int:
    own = 0
    while pattern:
        b = pattern & -pattern
        pattern ^= b
        own |= 1 << points[cttz(b)]
    return own


@njit(cache=True, inline="always")
def unrank_colouring(
    c: int, n: int, most: int, binom: Words, offsets: Words
) -> tuple[int, int, int]:
    """(own count ``a``, colex rank, own pattern) of colouring ``c`` of ``n`` points, the
    colourings in order of ``a`` (``offsets[a]``: the first of count ``a``, -1 for none;
    ``most``: the greatest ``a``), each count's patterns (``a`` ones among ``n`` bits) in
    colex order (the whole table's layers and the endgame tables' alike)."""
    a = 0
    for k in range(most, -1, -1):
        if offsets[k] >= 0 and offsets[k] <= c:
            a = k
            break
    c -= offsets[a]
    rank = c
    pattern = 0  # greedy from the top
    k = a
    for j in range(n - 1, -1, -1):
        if k == 0:
            break
        if binom[j, k] <= c:
            c -= binom[j, k]
            pattern |= 1 << j
            k -= 1
    return a, rank, pattern


@njit(cache=True)
def walk_start(n: int, i: int, index: IndexArrays) -> tuple[int, int, int, int]:
    """(shape, own count, colex rank, own pattern) of position ``i`` of layer ``n``."""
    return walk_start_at(n, i, index.binom, index.ncol, index.coff)


@njit(cache=True, inline="always")
def walk_start_at(
    n: int, i: int, binom: Words, ncol: Words, coff: Words
) -> tuple[int, int, int, int]:
    """:func:`walk_start` on the index's arrays it reads (``binom``, ``ncol``, ``coff``),
    given one by one by a loop that takes them from the record once."""
    shape = i // ncol[n]
    a, rank, pattern = unrank_colouring(i - shape * ncol[n], n, n, binom, coff[n])
    return shape, a, rank, pattern


@njit(cache=True)
def advance(
    n: int, shape: int, a: int, rank: int, pattern: int, index: IndexArrays
) -> tuple[int, int, int, int]:
    """The position after (shape, a, rank, pattern) in the layer's order."""
    return advance_at(n, shape, a, rank, pattern, index.binom, index.coff)


@njit(cache=True, inline="always")
def advance_at(
    n: int, shape: int, a: int, rank: int, pattern: int, binom: Words, coff: Words
) -> tuple[int, int, int, int]:
    """:func:`advance` on the index's arrays it reads (``binom``, ``coff``)."""
    if rank + 1 < binom[n, a]:
        return shape, a, rank + 1, next_pattern(pattern)
    a += 1
    if a > n or coff[n, a] < 0:
        shape += 1
        a = 0
        while coff[n, a] < 0:
            a += 1
    return shape, a, 0, (1 << a) - 1


@njit(cache=True, inline="always")
def chunk_bounds(first: int, last: int, r: int, chunk: int) -> tuple[int, int]:
    """The positions of chunk ``r`` of ``chunk`` positions from ``first`` (to ``last``)."""
    begin = first + r * chunk
    return begin, min(last, begin + chunk)


@njit(cache=True, inline="always")
def walk_step(
    i: int, end: int, n: int, shape: int, a: int, rank: int, pattern: int, index: IndexArrays
) -> tuple[int, int, int, int]:
    """The walk at position ``i + 1`` (:func:`advance`), where there is one before ``end``."""
    if i + 1 < end:
        return advance(n, shape, a, rank, pattern, index)
    return shape, a, rank, pattern


@njit(cache=True, inline="always")
def is_read(own: int, n: int, shape: int, geo: Geo, index: IndexArrays) -> bool:
    """Whether the colouring ``own`` of canonical shape ``shape`` of layer ``n`` is read:
    the least image under the shape's own symmetries (its copies are never read, their
    bytes stay 0)."""
    return is_read_at(own, index.first[n] + shape, index.stabs, geo.sym)


@njit(cache=True, inline="always")
def is_read_at(own: int, glob: int, stabs: Words, sym: Words) -> bool:
    """:func:`is_read` of the canonical shape numbered ``glob`` over all layers, on the
    arrays it reads (``index.stabs``, ``geo.sym``) given one by one."""
    stab = stabs[glob]
    return stab == 0 or least_image(own, stab, sym) == own


@njit(cache=True)
def layer_counts(n: int, walk: WalkArgs, layer: Bytes) -> tuple[int, int, int]:
    """(won, lost, undecided) among the positions of layer ``n`` that are read (the least
    image under their shape's own symmetries; copies are left out)."""
    geo, index, _, shape_points = walk_in(walk)
    counts = np.zeros(3, dtype=np.int64)  # won, lost, undecided
    if layer.shape[0] == 0:
        return 0, 0, 0
    first = np.int64(0)  # (a literal 0 would compile walk_start a second time)
    shape, a, rank, pattern = walk_start(n, first, index)
    for i in range(layer.shape[0]):
        own = scatter(pattern, shape_points[shape])
        if is_read(own, n, shape, geo, index):
            v = layer[i]
            counts[2 if v == 0 else 1 if v % 2 == 1 else 0] += 1
        shape, a, rank, pattern = walk_step(i, layer.shape[0], n, shape, a, rank, pattern, index)
    return counts[0], counts[1], counts[2]


def table_counts(table: Held, n: int) -> tuple[int, int, int]:
    """(won, lost, undecided) for the side to move in layer ``n`` of ``table`` (checked
    first; copies of a position under its shape's own symmetries left out)."""
    table.check_layer(n)
    won, lost, undecided = layer_counts(n, walk_of(table, n), table.values[n])
    return int(won), int(lost), int(undecided)


@njit(cache=True)
def unrank(
    n: int, i: int, shapes: Words, shape_points: Words, index: IndexArrays
) -> tuple[int, int]:
    """The (own, opp) of position ``i`` of layer ``n`` (``shapes``, ``shape_points``: the
    layer's rows)."""
    shape, _, _, pattern = walk_start(n, i, index)
    own = scatter(pattern, shape_points[shape])
    return own, shapes[shape] & ~own


@njit(cache=True)
def layer_keys(n: int, walk: WalkArgs, layer: Bytes, keys: Words, values: Bytes) -> int:
    """The look-up keys and bytes of layer ``n``'s decided positions, in index order: a
    key is the least ``own << points | opp`` over the 8 symmetries (the game's kernel's
    canonical key on its pyramid); copies under a shape's own symmetries are 0, never
    taken. How many."""
    geo, index, shapes, shape_points = walk_in(walk)
    points = geo.scalars[0]
    m = 0
    for i in range(layer.shape[0]):
        byte = layer[i]
        if byte == 0:
            continue
        own, opp = unrank(n, i, shapes, shape_points, index)
        best = -1
        for s in range(8):
            key = transform(own, s, geo.sym) << points | transform(opp, s, geo.sym)
            if best < 0 or key < best:
                best = key
        keys[m] = best
        values[m] = byte
        m += 1
    return m
