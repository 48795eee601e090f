"""The whole-game table's index: the canonical shapes of each layer and the hash of every
shape, made with numpy (:func:`index`), and the compiled look-up a probe reads
(:func:`value_of`: a position's canonical image and its rank in its layer). The walk over a
range of a layer is :mod:`..builder.walk`'s.

Symmetries a canonical shape has of its own (``stab``: a bit each, by its number over all
layers) make several colourings the same position: only the least image is evaluated and
read (:func:`least_image`), the copies' bytes stay 0.

The index: every support-closed shape of the pyramid without its top in an
open-addressing hash (:class:`IndexArrays`), so a child's index costs one hash probe,
four byte lookups for the own spheres' image and a colex rank, never a search (see
docs/engines.md, "Canonical positions, indexed by lookup").

A value is a byte: 0 not decided, else 1 + the plies to the end with best play (even: the
side to move loses; odd: it wins; 1: it has no move, 2: it places the top or leaves the
other without a move)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

import numpy as np
from numba import carray, njit, types
from numba.core.extending import intrinsic

from .....lattice import base_symmetries
from .....pyraos import Geometry, geometry
from ....compiled.arrays import Bytes, Words
from ....compiled.bits import popcount
from ..pyramid_arrays import Geo, RecordArgs, geometry_arrays

if TYPE_CHECKING:
    from numba.core.typing.templates import Signature

CHUNK = 1 << 15  # positions a thread takes at a time
#: Positions a unit of work holds at most (a shape range of one layer).
UNIT_POSITIONS = 1 << 22
HASH_MULTIPLIER = -7046029254386353131  # 0x9E3779B97F4A7C15 as an int64
#: A table's layers as they cross into a kernel (:func:`layers_of`): each layer's address
#: and its size, read inside as an array (:func:`layer_of`). Not a tuple of the arrays: numba
#: compiles a kernel for each length of a tuple (a signature for each pyramid), and types and
#: unboxes each array at every call (a meminfo each: base 3's push steps, 115 calls of a
#: few positions, were 12 % slower with its 14 layers padded to 30).
Layers: TypeAlias = tuple[Words, Words]


def layers_of(values: Sequence[np.ndarray]) -> Layers:
    """``values`` (a table's layers: writable C-contiguous bytes) as they cross into a
    kernel. The caller holds the arrays while a kernel reads them (a table its ``values``)."""
    if any(v.dtype != np.uint8 or not (v.flags.c_contiguous and v.flags.writeable) for v in values):
        raise ValueError("a table's layers are writable C-contiguous bytes")
    addresses = np.array([v.ctypes.data for v in values], dtype=np.int64)
    return addresses, np.array([v.shape[0] for v in values], dtype=np.int64)


@intrinsic
def _bytes_at(typingctx: Any, address: Any) -> tuple[Signature, Callable[..., Any]]:
    """The bytes at ``address`` (an int64) as numba's pointer to them."""
    sig = types.CPointer(types.uint8)(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Sequence[Any]) -> Any:
        return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

    return sig, codegen


@njit(cache=True, inline="always")
def layer_of(layers: Layers, n: int) -> Bytes:
    """Layer ``n`` of ``layers`` (:func:`layers_of`) as an array of its bytes (uncounted, as
    :func:`...compiled.lanes.unmanaged` makes them: its caller holds it)."""
    addresses, sizes = layers
    return carray(_bytes_at(addresses[n]), (sizes[n],))


class IndexArrays(NamedTuple):
    """The index as the kernels read it (:class:`Index`'s ``arrays``), by name."""

    hashed: Words  # a slot's shape and, beside it, what it leads to (:func:`slot_info`)
    slot_shape: Words  # a slot's canonical shape's number in its layer
    slot_sym: Words  # the symmetry that takes a slot's shape to its canonical one
    binom: Words  # (32, 32): binom[i, j], i choose j
    ncol: Words  # a layer's colourings of a shape
    coff: Words  # (layer, own count): where the colourings of the count start; -1 none
    slot_global: Words  # a slot's canonical shape's number over all layers
    stabs: Words  # a canonical shape's own symmetries (a bit each, 1 to 7), over all layers
    first: Words  # a layer's first canonical shape, numbered over all layers


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
def locate_in(own: int, opp: int, slot: int, geo: Geo, index: IndexArrays) -> tuple[int, int]:
    """(layer, index in the layer) of the canonical image of (own, opp), whose shape is at
    hash ``slot`` (:func:`locate_at` on the arrays it reads)."""
    i = index
    return locate_at(own, opp, slot, geo.sym, i.hashed, i.binom, i.ncol, i.coff, i.stabs)


@njit(cache=True, inline="always")
def locate_at(
    own: int,
    opp: int,
    slot: int,
    sym: Words,
    hashed: Words,
    binom: Words,
    ncol: Words,
    coff: Words,
    stabs: Words,
) -> tuple[int, int]:
    """:func:`locate_in` on the arrays it reads one by one (:class:`..builder.moves.Lookup`): a
    loop that takes them from their records once spares numba's reference counts of each
    array taken (two atomic operations each: three times a locate's own work)."""
    occ = own | opp
    n = popcount(occ)
    start = coff[n, popcount(own)]
    if start < 0:
        return -1, -1
    shape, s, glob = slot_info(slot, hashed)
    image = transform(own, s, sym)
    canon = transform(occ, s, sym)
    stab = stabs[glob]
    if stab:
        image = least_image(image, stab, sym)
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
def locate(own: int, opp: int, geo: Geo, index: IndexArrays) -> tuple[int, int]:
    """(layer, index in the layer) of the canonical image of (own, opp); (-1, -1) for a
    board outside the table (the top taken, or not support-closed)."""
    slot = find_slot(own | opp, index.hashed)
    if slot < 0:
        return -1, -1
    return locate_in(own, opp, slot, geo, index)


@njit(cache=True)
def value_of(own: int, opp: int, geo: RecordArgs, index: RecordArgs, values: Layers) -> int:
    """The byte of (own, opp) in ``values`` (0 for a board outside the table): a probe."""
    n, i = locate(own, opp, Geo(*geo), IndexArrays(*index))
    if n < 0:
        return 0
    return layer_of(values, n)[i]


# ---- the index, made with numpy -------------------------------------------------------------


def all_shapes(geo: Geometry) -> list[int]:
    """Every support-closed set of points of the pyramid without its top: level by level,
    each shape below grown by every subset of the points it supports, in the order of the
    subsets' numbers (subset ``sub`` takes the i-th free point where its bit i is set).
    Numpy over the shapes at once, a shape's free points as a bit of each point of the
    level (the subsets of each such set listed once): 0.05 s at base 4, not 1 s."""
    current = np.zeros(1, dtype=np.int64)
    for k in range(geo.base - 1):
        points = [p for p in range(geo.points) if geo.level[p] == k]
        free = np.zeros(len(current), dtype=np.int64)  # bit i: points[i] is supported
        for i, p in enumerate(points):
            need = geo.support[p] if k else 0
            free |= ((current & need) == need).astype(np.int64) << i
        kinds, which = np.unique(free, return_inverse=True)
        subsets = []
        for kind in kinds.tolist():
            bits = np.array([1 << p for i, p in enumerate(points) if kind >> i & 1], np.int64)
            subs = np.arange(1 << len(bits), dtype=np.int64)[:, None]
            subsets.append((subs >> np.arange(len(bits), dtype=np.int64) & 1) @ bits)
        sizes = np.array([len(row) for row in subsets], dtype=np.int64)
        lengths, starts = sizes[which], (np.cumsum(sizes) - sizes)[which]
        ends = np.cumsum(lengths)
        within = np.arange(int(ends[-1]), dtype=np.int64) - np.repeat(ends - lengths, lengths)
        current = (
            np.repeat(current, lengths)
            | np.concatenate(subsets)[np.repeat(starts, lengths) + within]
        )
    return current.tolist()


def images(masks: np.ndarray, base: int) -> np.ndarray:
    """The images of ``masks`` under each of the 8 symmetries, (8, len(masks)): a byte
    table a byte of the mask (the kernels' ``transform``), over the whole array at once."""
    sym = geometry_arrays(base).sym
    out = np.zeros((8, len(masks)), dtype=np.int64)
    for s in range(8):
        for c in range(4):
            out[s] |= sym[s, c, masks >> (8 * c) & 255]
    return out


@dataclass
class Index:
    """The positions of the pyramid of ``base``: canonical shapes by layer, the hash of
    every shape and the colourings' counts (see the module)."""

    base: int
    shapes: list[np.ndarray]  # canonical shapes of each layer, sorted
    shape_points: list[np.ndarray]  # their points in order, -1 padded
    arrays: IndexArrays
    args: RecordArgs  # the arrays as they cross into a kernel
    sizes: list[int] = field(default_factory=list)

    @property
    def layers(self) -> int:
        return len(self.shapes)


def _popcount(masks: np.ndarray) -> np.ndarray:
    return np.bitwise_count(masks).astype(np.int64)


def _hash_slots(occ: np.ndarray, size: int) -> np.ndarray:
    """Each shape's slot in an open-addressing table of ``size`` slots probed linearly from
    its hash (as :func:`.index.find_slot` looks it up), numpy over the shapes at
    once: each round, the shapes that want the same empty slot, the first takes it and the
    others go on to the next slot with those that found theirs taken (so every slot from a
    shape's hash to its own is full: the look-up finds it)."""
    home = ((occ * HASH_MULTIPLIER) >> 24) & (size - 1)
    slot = np.full(len(occ), -1, dtype=np.int64)
    taken = np.zeros(size, dtype=bool)
    left = np.arange(len(occ), dtype=np.int64)
    want = home.copy()
    while len(left):
        free = ~taken[want]
        # the first (in order) of the shapes wanting each empty slot takes it
        cand = left[free]
        wanted, first = np.unique(want[free], return_index=True)
        winners = cand[first]
        slot[winners] = wanted
        taken[wanted] = True
        placed = np.zeros(len(occ), dtype=bool)
        placed[winners] = True
        keep = ~placed[left]
        left = left[keep]
        want = (want[keep] + 1) & (size - 1)
    return slot


@cache
def index(base: int) -> Index:
    """The index of the pyramid of ``base`` (:class:`Index`), numpy over its shapes at
    once (base 4's 141,119 shapes in a tenth of a second: a probe's first answer waits for
    it)."""
    geo = geometry(base)
    perms = base_symmetries(base)
    every = np.array(all_shapes(geo), dtype=np.int64)
    layers = geo.points  # 0 .. points - 1 spheres (the top never on a board)
    seen = images(every, base)  # (8, shapes), numpy at once
    least, which = seen.min(axis=0), seen.argmin(axis=0)
    canonical = every[every == least]
    counts_of = _popcount(canonical)
    shapes = [np.sort(canonical[counts_of == n]) for n in range(layers)]
    # each shape's canonical shape's number in its layer
    lay = _popcount(least)
    number = np.zeros(len(every), dtype=np.int64)
    for n in range(layers):
        at = lay == n
        number[at] = np.searchsorted(shapes[n], least[at])
    size = 1 << max(4, (2 * len(every)).bit_length())
    slots = _hash_slots(every, size)
    keys = np.full(size, -1, dtype=np.int64)
    slot_shape = np.zeros(size, dtype=np.int64)
    slot_sym = np.zeros(size, dtype=np.int64)
    keys[slots], slot_shape[slots], slot_sym[slots] = every, number, which
    binom = np.zeros((32, 32), dtype=np.int64)
    for i in range(32):
        for j in range(i + 1):
            binom[i, j] = comb(i, j)
    spheres = geo.spheres
    ncol = np.zeros(layers, dtype=np.int64)
    coff = np.full((layers, layers + 1), -1, dtype=np.int64)
    for n in range(layers):
        total = 0
        for a in range(max(0, n - spheres), min(spheres, n) + 1):
            coff[n, a] = total
            total += comb(n, a)
        ncol[n] = total
    shape_points = []
    point_ids = np.arange(32, dtype=np.int64)
    for row in shapes:
        bits = (row[:, None] >> point_ids) & 1  # a shape's points, in order, then -1
        order = np.argsort(-bits, axis=1, kind="stable")
        shape_points.append(np.where(np.take_along_axis(bits, order, axis=1) == 1, order, -1))
    first_of = np.cumsum([0] + [len(row) for row in shapes])
    slot_global = np.where(keys >= 0, slot_shape, 0)
    slot_global[slots] += first_of[_popcount(every)]
    stab = np.zeros(int(first_of[-1]), dtype=np.int64)
    for n, row in enumerate(shapes):
        own = images(row, base)
        for g in range(1, len(perms)):
            stab[first_of[n] : first_of[n + 1]] |= (own[g] == row).astype(np.int64) << g
    hashed = np.empty(2 * size, dtype=np.int64)
    hashed[0::2] = keys
    hashed[1::2] = slot_shape | slot_sym << 24 | slot_global << 28
    first = np.array(first_of[:-1], dtype=np.int64)
    arrays = IndexArrays(hashed, slot_shape, slot_sym, binom, ncol, coff, slot_global, stab, first)
    sizes = [len(shapes[n]) * int(ncol[n]) for n in range(layers)]
    return Index(base, shapes, shape_points, arrays, tuple(arrays), sizes)
