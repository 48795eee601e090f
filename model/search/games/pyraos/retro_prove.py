"""A forward proof search of a Pyraos position that consults the endgame tables of
:mod:`.retro` at their layers (:func:`prove`), and the warm-up that compiles the tables'
kernels without a table file (:func:`warm_up`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from ...compiled.arrays import Arrays, Bytes, Words
from ...compiled.bits import popcount
from .kernel import MAX_MOVES, can_place_top, moves_or_pass
from .kernel import play as play_mask
from .pyramid_arrays import variant_codes
from .retro import (
    LOSS,
    TOP_LAYER,
    WIN,
    EndgameTable,
    count_values,
    kernel_tables,
    probe,
    sweep_layer,
)

MAX_PLY = 128


@njit(cache=True)
def _prove(
    own: int,
    opp: int,
    depth: int,
    ply: int,
    ctx: Words,
    moves: Words,
    path: Words,
    tt_key: Words,
    tt_val: Words,
    nodes: Words,
    data: Bytes,
    offsets: Words,
    tabs: Arrays,
) -> int:
    """+1: the side to move wins within ``depth`` plies (or the table says it wins), -1: it
    loses so, 0: not known (depth, a repetition on the line, the node budget).
    ``ctx``: lowest layer consulted (above 29: none), variant, removal, node budget."""
    nodes[0] += 1
    if can_place_top(own, opp):
        return 1
    low = ctx[0]
    n = popcount(own | opp)
    if low <= n <= TOP_LAYER:
        v = probe(own, opp, low, data, offsets, tabs)
        if v == WIN:
            return 1
        if v == LOSS:
            return -1
    row = moves[ply]
    m = moves_or_pass(own, opp, ctx[1], ctx[2], row, 0)
    if m == 0:
        return -1
    if depth <= 1 or nodes[0] > ctx[3] or ply + 1 >= MAX_PLY:
        return 0
    key = own << 30 | opp
    slot = (key * 0x9E3779B97F4A7C15 >> 20) & (tt_key.shape[0] - 1)
    if tt_key[slot] == key:
        stored = tt_val[slot]
        if stored == 1 or stored == -1 or (stored >= 2 and stored - 2 >= depth):
            return stored if stored < 2 else 0
    for p in range(ply):
        if path[p] == key:
            return 0  # a repetition on the line proves nothing
    path[ply] = key
    best = -1
    for i in range(m):
        child = play_mask(own, row[i])
        r = -_prove(
            opp,
            child,
            depth - 1,
            ply + 1,
            ctx,
            moves,
            path,
            tt_key,
            tt_val,
            nodes,
            data,
            offsets,
            tabs,
        )
        if r == 1:
            best = 1
            break
        if r == 0:
            best = 0
    tt_key[slot] = key
    tt_val[slot] = best if best != 0 else 2 + depth  # unknown to this depth: 2 + depth
    return best


def prove(
    own: int,
    opp: int,
    max_depth: int,
    node_budget: int,
    table: EndgameTable | None = None,
    variant: str = "standard",
    removal: str = "0-2",
    table_bits: int = 22,
) -> tuple[int, int, int]:
    """Iterative deepening of :func:`_prove` to ``max_depth`` plies: (value for the side to
    move, +1/-1/0, the depth that settled it or the last tried, nodes), consulting
    ``table`` (None: not at all) at its layers."""
    v, r = variant_codes(variant, removal) if table is None else table.codes
    ctx = np.array([TOP_LAYER + 1 if table is None else table.low, v, r, node_budget])
    if table is None:
        data = np.zeros(1, dtype=np.uint8)
        offsets = np.zeros(TOP_LAYER + 1, dtype=np.int64)
        tabs = kernel_tables()
    else:
        data, offsets, tabs = table.data, table.offsets, table.tabs
    moves = np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64)
    path = np.zeros(MAX_PLY, dtype=np.int64)
    tt_key = np.full(1 << table_bits, -1, dtype=np.int64)
    tt_val = np.zeros(1 << table_bits, dtype=np.int64)
    nodes = np.zeros(1, dtype=np.int64)
    value, depth = 0, 0
    for depth in range(1, max_depth + 1):
        value = int(
            _prove(own, opp, depth, 0, ctx, moves, path, tt_key, tt_val, nodes, data, offsets, tabs)
        )
        if value != 0 or nodes[0] > node_budget:
            break
    return value, depth, int(nodes[0])


def warm_up() -> None:
    """Compile the kernels (a writable table for the build, a read-only one for probes)
    without a table file: the sweep of nothing, a probe and a short search."""
    offsets = np.zeros(TOP_LAYER + 1, dtype=np.int64)
    sizes = np.zeros(TOP_LAYER + 1, dtype=np.int64)
    tabs = kernel_tables()
    writable = np.zeros(4, dtype=np.uint8)
    readonly = np.zeros(4, dtype=np.uint8)
    readonly.setflags(write=False)
    sweep_layer(TOP_LAYER, TOP_LAYER, 0, 0, writable, offsets, sizes, tabs, 0, 0)
    for data in (writable, readonly):
        count_values(data, 0, 0)
        probe(0, 0, TOP_LAYER + 1, data, offsets, tabs)
        _prove_with(data, offsets, tabs)


def _prove_with(data: np.ndarray, offsets: np.ndarray, tabs: tuple) -> None:
    ctx = np.array([TOP_LAYER + 1, 0, 0, 10])
    moves = np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64)
    path = np.zeros(MAX_PLY, dtype=np.int64)
    keys = np.full(16, -1, dtype=np.int64)
    vals = np.zeros(16, dtype=np.int64)
    _prove(0, 0, 1, 0, ctx, moves, path, keys, vals, np.zeros(1, np.int64), data, offsets, tabs)
