"""Verifying a whole-game table (:func:`verify`, the command line's ``endgame verify``):
every value re-derived from its children's in one pass, with its compiled kernels
(:mod:`.whole_kernel`), and a layer's counts."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from numba import njit, prange

from ...compiled.arrays import Arrays, Words
from .kernel import MAX_MOVES, can_place_top_in, moves_or_pass_in, play
from .whole_index import (
    CHUNK,
    UNIT_POSITIONS,
    Walk,
    _bounds,
    _read,
    _scatter,
    _start,
    _step,
    find_slot,
    locate,
    locate_in,
    unrank,
)

if TYPE_CHECKING:
    from .whole_table import WholeTable


@njit(cache=True)
def check_position(
    own: int,
    opp: int,
    v: int,
    codes: tuple[int, int],
    moves: Words,
    geo: Arrays,
    index: Arrays,
    values: Arrays,
) -> bool:
    """Whether the byte ``v`` of (own, opp) follows from its children's bytes: a win in d
    plies has the top or a child lost in d - 1 and no child lost sooner; a loss in d has
    every child won, the longest in d - 1 (no move: d 0); undecided has no child lost and
    some child undecided. ``codes``: the variant's and removal's."""
    variant, removal = codes
    if can_place_top_in(own, opp, geo):
        return v == 2
    m = moves_or_pass_in(own, opp, variant, removal, moves, 0, geo)
    if m == 0:
        return v == 1
    shortest_loss = 1 << 20  # the least byte of a lost child
    longest_win = 0  # the greatest byte of a won child
    undecided = False
    hashed = index[0]
    for k in range(m):
        child = play(own, moves[k])
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
    n: int, first: int, last: int, codes: tuple[int, int], walk: Walk, values: Arrays, bad: Words
) -> int:
    """Check positions ``first`` to ``last`` of layer ``n`` (``walk``: the layer's,
    :data:`.whole_index.Walk`); the indices of those whose byte does not follow from their
    children's, and of the copies no look-up reads (a position's other images under its
    shape's own symmetries) whose byte is not 0, into ``bad`` (as many as fit); how many
    there are."""
    geo, index, shapes, shape_points = walk
    layer = values[n]
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    shape, a, rank, pattern = _start(n, first, index)
    found = 0
    for i in range(first, last):
        own = _scatter(pattern, shape_points[shape])
        opp = shapes[shape] & ~own
        if _read(own, n, shape, geo, index):
            holds = check_position(own, opp, layer[i], codes, moves, geo, index, values)
        else:
            holds = layer[i] == 0  # a copy, never read: its byte stays 0
        if not holds:
            if found < bad.shape[0]:
                bad[found] = i
            found += 1
        shape, a, rank, pattern = _step(i, last, n, shape, a, rank, pattern, index)
    return found


@njit(cache=True, parallel=True)
def verify_range(
    n: int, first: int, last: int, codes: tuple[int, int], walk: Walk, values: Arrays, found: Words
) -> None:
    """The number of positions that do not hold in each chunk of :data:`CHUNK` positions
    from ``first`` to ``last`` of layer ``n`` into ``found``."""
    geo, index, shapes, shape_points = walk  # a tuple of tuples is no parallel loop's
    chunks = (last - first + CHUNK - 1) // CHUNK
    for r in prange(chunks):
        none = np.empty(0, dtype=np.int64)
        begin, end = _bounds(first, last, r, CHUNK)
        here = (geo, index, shapes, shape_points)
        found[r] = verify_chunk(n, begin, end, codes, here, values, none)


def verify(
    table: WholeTable, progress: Callable[[int, int, int, float], None] | None = None
) -> tuple[int, list[tuple[int, int, int, int]]]:
    """Re-derive every value from its children's in one pass: (positions checked, every
    position that does not hold as (layer, index, own, opp)). ``progress(layer, positions
    checked so far, found so far, seconds)`` after each layer."""
    began = time.perf_counter()
    ix = table.index
    values = tuple(table.values)
    checked = 0
    bad: list[tuple[int, int, int, int]] = []
    for n in range(ix.layers):
        args = (table.codes, table.walk(n), values)
        for first in range(0, ix.sizes[n], UNIT_POSITIONS):
            last = min(ix.sizes[n], first + UNIT_POSITIONS)
            found = np.zeros((last - first + CHUNK - 1) // CHUNK, dtype=np.int64)
            verify_range(n, first, last, *args, found)
            for chunk in np.flatnonzero(found):
                begin = first + int(chunk) * CHUNK
                indices = np.zeros(int(found[chunk]), dtype=np.int64)
                verify_chunk(n, begin, min(last, begin + CHUNK), *args, indices)
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
