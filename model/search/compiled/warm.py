"""Compile the whole compiled core once (``scripts/setup.sh`` does), so that no search pays
for it: numba compiles a function on its first call and caches the machine code beside the
source, and the core takes a minute or two to compile on a loaded machine. The searches are
written once for every kernel and compiled with one (Partition's smallest pyramid); each
game's kernel is in its package of the search, and so is its adapter.

A finished warm-up leaves a mark (the hash of the sources it compiled, beside numba's
stamp): :func:`compiled` tells a front end whether a process's first search loads the core
from the cache (a second) or compiles it first (a minute or two: the set-up skipped, or the
sources changed since), so that it can say so; :func:`loaded` whether this process has it.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ...partition import Partition, PartitionOptions
from ..games.partition.adapters import PartitionAdapter
from ..games.pyraos.adapters import PyraosAdapter
from ..games.pyraos.kernel import move_removed, move_source, move_target
from ..games.pyraos.retro import warm_up as warm_up_endgame
from ..games.terrace.adapters import TerraceAdapter
from . import bounded, core, dfpn, mcts, sources_digest
from .agent import warm_up as warm_up_mcts
from .proof import warm_up as warm_up_proof

#: The mark of a finished warm-up (beside numba's stamp of the sources).
MARK = Path(__file__).resolve().parent / "__pycache__" / "compiled-warm.sha256"


def _mark() -> str:
    return f"{sources_digest()} {os.environ.get('NUMBA_CACHE_DIR', '')}"


def compiled() -> bool:
    """Whether a warm-up compiled the current sources into the cache in use (the next
    process loads the core in a second instead of compiling it)."""
    try:
        return MARK.read_text() == _mark()
    except OSError:
        return False


def loaded() -> bool:
    """Whether this process has the compiled core (a search starts at once)."""
    return bool(mcts.run.signatures and dfpn.run.signatures and bounded.run.signatures)


def warm_up(progress: Callable[[float, str], None] | None = None) -> float:
    """Compile (or load from the cache) the MCTS, the proof search and the kernels' entry
    points the Python side calls; the seconds that took. ``progress(fraction, text)`` is
    told each step."""
    began = time.perf_counter()
    say = progress or (lambda fraction, text: None)
    smallest = PartitionAdapter(2, "floating")
    say(0.0, "the tree search")
    warm_up_mcts(smallest, Partition.new(PartitionOptions(2, "floating")))
    say(0.3, "the proof searches")
    warm_up_proof(smallest)
    say(0.6, "the endgame tables")
    warm_up_endgame()  # the Pyraos endgame tables' kernels
    say(0.8, "the games' kernels")
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
    for part in (move_source, move_target, move_removed):  # Pyraos's adapter reads a move
        part(0)  # so (tests/bench/first_use.py found them compiled on first use)
    if not compiled():
        with contextlib.suppress(OSError):  # a read-only install: said again next time
            MARK.parent.mkdir(exist_ok=True)
            MARK.write_text(_mark())
    say(1.0, "ready")
    return time.perf_counter() - began


if __name__ == "__main__":
    print(f"the compiled search core is ready ({warm_up():.1f} s)")
