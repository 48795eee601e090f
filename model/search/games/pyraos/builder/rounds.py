"""The whole-game kernels that read a position's children's values (a build by rounds):
the rounds (:func:`.building._rounds`), round ``d`` over a range of a layer, each
undecided position evaluated from its children, and the one-pass check of a finished
table (:func:`.verifying.verify`), each value re-derived from its children's."""

from __future__ import annotations

import numpy as np
from numba import njit

from ....compiled.arrays import Bytes, Words
from ....compiled.lanes import fetch_add_one, unmanaged
from ..kernel import FROM_START, MAX_MOVES, can_place_top_in, moves_or_pass_in, play
from ..prober.index import CHUNK, IndexArrays, Layers, find_slot, layer_of, locate_in, slot_info
from ..pyramid_arrays import Geo
from .walk import (
    ViewArgs,
    chunk_bounds,
    is_read,
    scatter,
    view_in,
    walk_start,
    walk_step,
)


@njit(cache=True, inline="always")
def evaluate(
    own: int,
    opp: int,
    d: int,
    codes: tuple[int, int],
    moves: Words,
    geo: Geo,
    index: IndexArrays,
    values: Layers,
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
    child exists. ``codes``: the variant's and removal's."""
    variant, removal = codes
    odd = d % 2 == 1
    if can_place_top_in(own, opp, geo):
        return d + 1 if odd else 0
    m = moves_or_pass_in(own, opp, variant, removal, moves, FROM_START, geo)
    hashed = index.hashed
    if not odd and (m == 0 or not _touched(own, opp, m, moves, hashed, fresh)):
        return d + 1 if m == 0 else 0  # no move: lost; no child fresh: as it was
    # one loop for both rounds: one inlined copy of the locate, not two
    for k in range(m):
        child = play(own, moves[k])
        slot = find_slot(opp | child, hashed)
        if odd:
            if slot < 0 or fresh[slot_info(slot, hashed)[2]] == 0:
                continue
        elif slot < 0:
            return 0
        n, i = locate_in(opp, child, slot, geo, index)
        if odd:
            if layer_of(values, n)[i] == d:  # lost in d - 1 (a byte beyond: written early)
                return d + 1
            continue
        v = layer_of(values, n)[i] if n >= 0 else 0
        if v == 0 or v % 2 == 1 or v > d:  # not won, or won beyond d - 1 (written early)
            return 0
    return 0 if odd else d + 1


@njit(cache=True, inline="always")
def _touched(own: int, opp: int, m: int, moves: Words, hashed: Words, fresh: Bytes) -> bool:
    """Whether one of the ``m`` children of (own, opp) has a ``fresh`` shape (an even round
    :func:`evaluate` reads no child unless one has)."""
    for k in range(m):
        child = play(own, moves[k])
        slot = find_slot(opp | child, hashed)
        if slot >= 0 and fresh[slot_info(slot, hashed)[2]]:
            return True
    return False


@njit(cache=True)
def fresh_shapes(layer: Bytes, ncol: int, byte: int, out: Bytes) -> None:
    """``out[shape]`` 1 where a position of the shape has the value ``byte``."""
    for shape in range(out.shape[0]):
        out[shape] = 0
        for i in range(shape * ncol, (shape + 1) * ncol):
            if layer[i] == byte:
                out[shape] = 1
                break


@njit(cache=True, nogil=True)
def round_range(
    n: int,
    first: int,
    last: int,
    d: int,
    view: ViewArgs,
    fresh: Bytes,
    out: Bytes,
    stats: Words,
    taken: Words,
) -> None:
    """Round ``d`` over positions ``first`` to ``last`` of layer ``n`` (``view``: the
    table's and the layer's walk, :data:`.walk.ViewArgs`; ``fresh``:
    the shapes decided in round ``d - 1``, see :func:`evaluate`): the new byte of each
    into ``out[i - first]`` (0 where nothing is decided now, so the caller ORs it in);
    (evaluated, decided) of each chunk of :data:`CHUNK` into ``stats``. A lane
    (:func:`...compiled.lanes.run_lanes`): the chunks taken one at a time from
    ``taken[0]`` until none is left, the arrays uncounted."""
    codes, walk, values = view_in(unmanaged(view))
    fresh, out = unmanaged(fresh), unmanaged(out)
    geo, index, shapes, shape_points = walk
    layer = layer_of(values, n)
    chunks = (last - first + CHUNK - 1) // CHUNK
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    while True:
        r = fetch_add_one(taken, 0)
        if r >= chunks:
            break
        begin, end = chunk_bounds(first, last, r, CHUNK)
        shape, a, rank, pattern = walk_start(n, begin, index)
        evaluated = 0
        decided = 0
        for i in range(begin, end):
            if layer[i] == 0:
                own = scatter(pattern, shape_points[shape])
                if is_read(own, n, shape, geo, index):  # a copy: lookups go to the least image
                    opp = shapes[shape] & ~own
                    v = evaluate(own, opp, d, codes, moves, geo, index, values, fresh)
                    evaluated += 1
                    if v:
                        out[i - first] = v
                        decided += 1
            shape, a, rank, pattern = walk_step(i, end, n, shape, a, rank, pattern, index)
        stats[r, 0] = evaluated
        stats[r, 1] = decided


@njit(cache=True)
def check_position(
    own: int,
    opp: int,
    v: int,
    codes: tuple[int, int],
    moves: Words,
    geo: Geo,
    index: IndexArrays,
    values: Layers,
) -> bool:
    """Whether the byte ``v`` of (own, opp) follows from its children's bytes: a win in d
    plies has the top or a child lost in d - 1 and no child lost sooner; a loss in d has
    every child won, the longest in d - 1 (no move: d 0); undecided has no child lost and
    some child undecided. ``codes``: the variant's and removal's."""
    variant, removal = codes
    if can_place_top_in(own, opp, geo):
        return v == 2
    m = moves_or_pass_in(own, opp, variant, removal, moves, FROM_START, geo)
    if m == 0:
        return v == 1
    shortest_loss = 1 << 20  # the least byte of a lost child
    longest_win = 0  # the greatest byte of a won child
    undecided = False
    hashed = index.hashed
    for k in range(m):
        child = play(own, moves[k])
        slot = find_slot(opp | child, hashed)
        c = 0
        if slot >= 0:
            n, i = locate_in(opp, child, slot, geo, index)
            if n >= 0:
                c = layer_of(values, n)[i]
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
def verify_chunk(n: int, first: int, last: int, view: ViewArgs, bad: Words) -> int:
    """Check positions ``first`` to ``last`` of layer ``n`` (``view``: the table's and the
    layer's walk, :data:`.walk.ViewArgs`); the indices of those whose byte does not
    follow from their children's, and of the copies no look-up reads (a position's other
    images under its shape's own symmetries) whose byte is not 0, into ``bad`` (as many as
    fit); how many there are."""
    codes, walk, values = view_in(view)
    geo, index, shapes, shape_points = walk
    layer = layer_of(values, n)
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    shape, a, rank, pattern = walk_start(n, first, index)
    found = 0
    for i in range(first, last):
        own = scatter(pattern, shape_points[shape])
        opp = shapes[shape] & ~own
        if is_read(own, n, shape, geo, index):
            holds = check_position(own, opp, layer[i], codes, moves, geo, index, values)
        else:
            holds = layer[i] == 0  # a copy, never read: its byte stays 0
        if not holds:
            if found < bad.shape[0]:
                bad[found] = i
            found += 1
        shape, a, rank, pattern = walk_step(i, last, n, shape, a, rank, pattern, index)
    return found


@njit(cache=True, nogil=True)
def verify_range(
    n: int,
    first: int,
    last: int,
    view: ViewArgs,
    found: Words,
    taken: Words,
) -> None:
    """The number of positions that do not hold in each chunk of :data:`CHUNK` positions
    from ``first`` to ``last`` of layer ``n`` into ``found``. A lane, as
    :func:`round_range`."""
    view = unmanaged(view)
    chunks = (last - first + CHUNK - 1) // CHUNK
    none = np.empty(0, dtype=np.int64)
    while True:
        r = fetch_add_one(taken, 0)
        if r >= chunks:
            break
        begin, end = chunk_bounds(first, last, r, CHUNK)
        found[r] = verify_chunk(n, begin, end, view, none)
