"""Compile the whole compiled core once (``scripts/setup.sh`` does), so that no search pays
for it: numba compiles a function on its first call and caches the machine code beside the
source, and the core takes a minute or two to compile on a loaded machine. The searches are
written once for every kernel and compiled with one (Partition's smallest pyramid); each
game's kernel is in its package of the search, and so is its adapter."""

from __future__ import annotations

import time

import numpy as np

from ...partition import Partition, PartitionOptions
from ..games.partition.adapters import PartitionAdapter
from ..games.pyraos.adapters import PyraosAdapter
from ..games.pyraos.retro import warm_up as warm_up_endgame
from ..games.terrace.adapters import TerraceAdapter
from . import core
from .agent import warm_up as warm_up_mcts
from .proof import warm_up as warm_up_proof


def warm_up() -> float:
    """Compile (or load from the cache) the MCTS, the proof search and the kernels' entry
    points the Python side calls; the seconds that took."""
    began = time.perf_counter()
    smallest = PartitionAdapter(2, "floating")
    warm_up_mcts(smallest, Partition.new(PartitionOptions(2, "floating")))
    warm_up_proof(smallest)
    warm_up_endgame()  # the Pyraos endgame tables' kernels
    row = np.zeros(core.STATE, dtype=np.int64)
    child = np.zeros(core.STATE, dtype=np.int64)
    for adapter in (
        PartitionAdapter(2, "floating"),
        PyraosAdapter("standard", "0-2"),
        TerraceAdapter(True, False),
    ):
        ctx = adapter.context()
        moves = np.zeros(adapter.max_moves, dtype=np.int64)
        if core.generate(adapter.code, ctx, row, moves):
            core.play(adapter.code, ctx, row, int(moves[0]), child)
        core.key(adapter.code, ctx, row)
        core.wins_at_once(adapter.code, ctx, row)  # the solver reads its children so
        core.lower_bound(adapter.code, ctx, row, True)
    return time.perf_counter() - began


if __name__ == "__main__":
    print(f"the compiled search core is ready ({warm_up():.1f} s)")
