"""Verifying a whole-game table (:func:`verify`, the command line's ``endgame verify``):
every value re-derived from its children's in one pass, by the kernels of
:mod:`.rounds` (:func:`.rounds.verify_range`), and a layer's counts."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ....compiled.lanes import run_lanes
from ..prober.index import CHUNK, UNIT_POSITIONS, locate
from .rounds import verify_chunk, verify_range
from .walk import unrank, view_of

if TYPE_CHECKING:
    from ..prober.table import WholeTable


def verify(
    table: WholeTable, progress: Callable[[int, int, int, float], None] | None = None
) -> tuple[int, list[tuple[int, int, int, int]]]:
    """Re-derive every value from its children's in one pass: (positions checked, every
    position that does not hold as (layer, index, own, opp)). ``progress(layer, positions
    checked so far, found so far, seconds)`` after each layer."""
    began = time.perf_counter()
    ix = table.index
    checked = 0
    bad: list[tuple[int, int, int, int]] = []
    for n in range(ix.layers):
        view = view_of(table, n)
        for first in range(0, ix.sizes[n], UNIT_POSITIONS):
            last = min(ix.sizes[n], first + UNIT_POSITIONS)
            found = np.zeros((last - first + CHUNK - 1) // CHUNK, dtype=np.int64)
            run_lanes(verify_range, n, first, last, view, found, chunks=found.shape[0])
            for chunk in np.flatnonzero(found):
                begin = first + int(chunk) * CHUNK
                indices = np.zeros(int(found[chunk]), dtype=np.int64)
                verify_chunk(n, begin, min(last, begin + CHUNK), view, indices)
                for i in indices:
                    own, opp = unrank(n, int(i), ix.shapes[n], ix.shape_points[n], ix.arrays)
                    bad.append((n, int(i), int(own), int(opp)))
        checked += ix.sizes[n]
        if progress is not None:
            progress(n, checked, len(bad), time.perf_counter() - began)
    return checked, bad


def is_copy(table: WholeTable, n: int, i: int, own: int, opp: int) -> bool:
    """Whether position ``i`` of layer ``n`` (the board ``own``, ``opp``) is a copy no
    look-up reads (another image of a position under its shape's own symmetries)."""
    found = locate(own, opp, table.geo, table.index.arrays)
    return (int(found[0]), int(found[1])) != (n, i)
