"""The pyramid as the compiled kernels read it (:func:`geometry_arrays`: a :class:`Geo`
record of read-only arrays, any base the model has) and the rules' versions as the kernels' codes
(:func:`variant_codes`): what the move generator (:mod:`.kernel`) and a table's reader
(:mod:`.prober.table`) both stand on, with no kernel of its own (a probe loads this, not
the generator)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, TypeAlias

import numpy as np

from ....lattice import base_symmetries
from ....pyraos import geometry
from ...compiled.arrays import Words

VARIANT_CODES = {"standard": 0, "children": 1, "alternate": 2}
REMOVAL_CODES = {"0-2": 0, "1-2": 1}
CHILDREN, ALTERNATE = 1, 2
REMOVAL_ONE_OR_TWO = 1

#: ``scalars``' entries (:func:`geometry_arrays`).
POINTS_, SPHERES_, TOP_, FULL_, LEVEL0_, UPPER_, LEVEL2_ = range(7)


class Geo(NamedTuple):
    """The pyramid as the kernels read it, by name (int64 arrays, read-only)."""

    scalars: Words  # [points, spheres, top, full, level0, upper, level2]: POINTS_ ...
    support: Words  # a point's: the points it rests on
    resting: Words  # a point's: the points that rest on it
    level: Words  # a point's level
    above: Words  # a level's: the points above it
    squares: Words  # (point, 4): the 2x2 squares a point is in
    square_count: Words  # a point's: how many
    sym: Words  # (8, 4, 256): a mask's byte c's image under symmetry s
    all_squares: Words  # every 2x2 square of a level


#: A record of arrays (:class:`Geo`, an index's) as it crosses into a kernel: plain.
RecordArgs: TypeAlias = tuple[Words, ...]


@cache
def geometry_arrays(base: int) -> Geo:
    """The pyramid of ``base`` as the kernels read it, ``geo`` (:func:`model.pyraos.geometry`;
    read-only; :class:`Geo`).

    The move generator takes it as an argument: the forward searches give the game's
    pyramid (:data:`GEO`, a constant of the compiled code), the whole-game tables any
    base's."""
    geo = geometry(base)
    points = geo.points
    level2 = geo.support[geo.top]
    scalars = np.array(
        [points, geo.spheres, geo.top, geo.full, geo.level0, geo.upper, level2], dtype=np.int64
    )
    squares = np.zeros((points, 4), dtype=np.int64)
    counts = np.zeros(points, dtype=np.int64)
    for p, row in enumerate(geo.squares_at):
        counts[p] = len(row)
        squares[p, : len(row)] = row
    sym = np.zeros((8, 4, 256), dtype=np.int64)
    bits = (np.arange(256, dtype=np.int64)[:, None] >> np.arange(8, dtype=np.int64)) & 1
    for s, perm in enumerate(base_symmetries(base)):
        for c in range(4):
            # the image of each of the chunk's 8 points (none past the last point)
            to = [1 << perm[8 * c + b] if 8 * c + b < points else 0 for b in range(8)]
            sym[s, c] = bits @ np.array(to, dtype=np.int64)
    arrays = Geo(
        scalars,
        np.array(geo.support, dtype=np.int64),
        np.array(geo.resting, dtype=np.int64),
        np.array(geo.level, dtype=np.int64),
        np.array(geo.above_level, dtype=np.int64),
        squares,
        counts,
        sym,
        np.array([geo.support[p] for p in range(points) if geo.level[p] > 0], dtype=np.int64),
    )
    for a in arrays:
        a.setflags(write=False)
    return arrays


@cache
def geometry_args(base: int) -> RecordArgs:
    """:func:`geometry_arrays` as it crosses into a kernel: plain (lesson 52; ``Geo(*geo)``)."""
    return tuple(geometry_arrays(base))


def variant_codes(variant: str, removal: str) -> tuple[int, int]:
    """The kernel's codes for the options' ``variant`` and ``removal``."""
    return VARIANT_CODES[variant], REMOVAL_CODES[removal]
