"""The split solve: a position's value proven by many processes on a Dask cluster, and
resumable after a kill.

The root's tree is expanded by the protocol to a frontier a few plies deep (``plies``; by
default the fewest from 1 to :data:`MAX_AUTO_PLIES` that give at least :data:`MIN_UNITS`),
positions merged under the board's symmetries (:func:`model.search.symmetry.search_key`)
ply by ply: each frontier position still running is a *work unit*. A unit is proven in a
worker process by the game's compiled solver where its plug-in has one (df-pn over the
kernel; the reference solver otherwise), with a table of ``table_mb`` that the process keeps
from one unit to the next (``retarget``: what one unit proved helps the next); the units'
values are combined by AND/OR (negamax over win, draw and loss) up to the root.

The workers of one machine search one table together (``shared``, the default): a file of
``/dev/shm`` of ``table_mb`` that each maps and that is unlinked once all have, so its
memory goes with the last of them, a kill included. Its entries are written without locks
and checked on reading (:mod:`.compiled.dfpn`), so what one worker proves, or has
searched part of, the others find: a placement game's units share most of their subtrees,
which each worker's own table would search once per worker. Workers on other machines
share theirs among themselves. Both compiled searches share (df-pn and the bounded search,
:mod:`.compiled.bounded`, whose entries are checked alike). Without ``shared`` (or where a
worker cannot map the file) each worker has its own table of ``table_mb``.

Units go out one a worker, each with a slice of work (:data:`FIRST_SLICE` positions, then
twice as many each time it comes back unsettled, up to :data:`LONGEST_SLICE` first slices;
to the same worker where it can when the workers do not share a table, whose own table kept
the work). Which unit goes next is the search's choice, as df-pn makes it (:func:`pick_unit`):
every unit's first slice in the tree's order, then the most-proving unit by the proof and
disproof numbers the units' slices left, combined up the tree, so that the workers search
where a proof stands nearest (an OR node needs one child proven, not every child in turn).
A unit whose parent is settled is no longer needed: a waiting one is cancelled, a running
one stops at its next look at the clock (a Dask ``Event`` it polls about once a second).

The cluster is Dask's (``distributed``): a ``LocalCluster`` of ``workers`` processes of one
thread each by default, or an existing cluster reached at ``scheduler`` (every worker there
needs this package and its dependencies installed, the same version). Dask places and runs
the tasks; this module only says which unit to ask next.

Settled units go to a checkpoint folder as they finish, one small JSON file a unit written
atomically (a temporary file, then ``os.replace``), under a header (``checkpoint.json``)
that names the format, its version and the key of the solve (the game, its rule options,
the root position, the plies of the frontier and the depth asked): a solve started again
with the same key skips every unit settled there and gives the same answer. A folder whose
header does not parse, is of another format or version, or was made for another solve is
named in one line (:attr:`SplitResult.checkpoint_note`), neither read nor written nor
deleted.

The parts: :mod:`.split_tree` (the frontier, AND/OR, the next unit's choice),
:mod:`.split_checkpoint` (the folder of settled units), :mod:`.split_worker` (what a worker
runs), :mod:`.split_cluster` (the Dask cluster), :mod:`.split_run` (the run on a client); here
the solve's door and its answer. None of them names a game: what a game gives comes through
its plug-in.
"""

from __future__ import annotations

import resource
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_

from ..game import Game, SaidError
from .registry import KnowledgeOf
from .shelf import from_book
from .solver import SolveResult
from .split_checkpoint import Checkpoint, default_checkpoint, solve_key
from .split_cluster import SchedulerError, dask_client, scheduler_security
from .split_run import FIRST_SLICE, RunOptions, SplitProgress, SplitStatus, UnitRun
from .split_tree import Tree, best_move_of, expand, first_moves_of, settle
from .symmetry import Key, key_function

#: The door's names (``search.cluster``): the solve, its answer and status, and how to reach
#: an existing scheduler.
__all__ = [
    "SchedulerError",
    "SplitProgress",
    "SplitResult",
    "SplitStatus",
    "Units",
    "scheduler_security",
    "split_solve",
]


@dataclass(frozen=True, slots=True)
class Units:
    """How many work units the frontier had (``total``), how many were settled in the
    checkpoint when the solve began (``from_checkpoint``) and how many were proven by this
    run (``proven``); the rest were not needed (their parent settled first) or were left
    open (time limit, interrupted)."""

    total: int
    from_checkpoint: int
    proven: int
    #: unit files of the checkpoint not trusted (damaged, or their digest did not match)
    rejected: int = 0
    #: of those, the units this run proved again (the others were not needed)
    reproved: int = 0

    def to_json(self) -> dict[str, int]:
        return {
            "total": self.total,
            "from_checkpoint": self.from_checkpoint,
            "proven": self.proven,
            "trusted": self.from_checkpoint,
            "rejected": self.rejected,
            "reproved": self.reproved,
        }


@dataclass(frozen=True, slots=True)
class SplitResult:
    """A split solve's answer: ``result`` as the single solver gives it (``path``
    "split"; ``nodes`` the positions this run's workers searched), the units, the workers
    of the cluster, the frontier's plies and the checkpoint folder written (None: none),
    with ``checkpoint_note`` the line saying why a folder was not trusted ('' when it was,
    or none was asked for)."""

    result: SolveResult
    units: Units
    workers: int
    plies: int
    checkpoint: str | None
    checkpoint_note: str = ""
    #: the workers searched one table (see the module), not each its own
    shared_table: bool = False
    #: the cluster's shutdown was interrupted (Ctrl+C, SIGTERM) after the answer was had:
    #: the answer stands
    shutdown_interrupted: bool = False
    #: a secure cluster: TLS with credentials made for this solve (a local one), or the
    #: scheduler's TLS (an existing one); False only for a scheduler asked for in plain
    secure: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "units": self.units.to_json(),
            "workers": self.workers,
            "shared_table": self.shared_table,
            "split_plies": self.plies,
            "checkpoint": self.checkpoint,
            "shutdown_interrupted": self.shutdown_interrupted,
        }


def split_solve(
    game: Game,
    *,
    workers: int = 2,
    scheduler: str | None = None,
    plies: int | None = None,
    checkpoint: str | Path | bool | None = None,
    table_mb: float = 1024.0,
    shared: bool = True,
    max_seconds: float | None = None,
    max_depth: int = 200,
    book: bool = True,
    progress: SplitProgress | None = None,
    stop: threading.Event | None = None,
    first_slice: int = FIRST_SLICE,
    warn: Callable[[str], None] | None = None,
    security: Any = None,
    knowledge_of: KnowledgeOf,
) -> SplitResult:
    """The value of ``game`` (left unchanged) for the side to move by a split solve (see
    the module) on a local Dask cluster of ``workers`` processes, or on the cluster at
    ``scheduler``. ``checkpoint``: the folder of settled units (True: the solve's
    :func:`default_checkpoint`; "", None or False: none); ``warn(line)`` hears at once why
    a folder is not trusted, and why the local cluster's resource tracker is not apart.
    ``table_mb`` bounds the table the workers of a machine share (``shared``), or each
    worker's own; ``max_seconds`` the whole solve (the cluster's start counted); ``stop``
    (set from another thread) and Ctrl+C end it with what is settled kept; one that comes
    while the cluster shuts down, after the answer was had, keeps the answer
    (``shutdown_interrupted``). ``security``: how to
    reach ``scheduler`` (:func:`scheduler_security`; None: plain). ``progress(status)``
    about once a second. ValueError for a game no solver proves, SchedulerError for a
    scheduler not reached. ``knowledge_of`` hands a game its plug-in
    (``search.knowledge_for``, the door's lookup: the workers' processes import it by
    name)."""
    began = time.perf_counter()
    known = _from_book(game, book, knowledge_of)
    if known is not None:
        return SplitResult(known, Units(0, 0, 0), 0, 0, None)
    symmetry = key_function(knowledge_of(game))
    tree = expand(game, plies, key=symmetry)
    store = _checkpoint(game, tree, checkpoint, max_depth, table_mb, symmetry)
    store, settled, note, rejected = _open_checkpoint(store, warn)
    resumed = _resume(tree, settled)
    options = RunOptions(  # (by position: the record's order)
        *(table_mb, max_depth, max_seconds, book, store, progress, stop, first_slice),
        *(shared, began, warn, knowledge_of),
    )
    run, stopped, interrupted = _on_cluster(tree, options, workers, scheduler, security)
    if run is not None and run.checkpoint_lost:
        note = run.checkpoint_lost
    return SplitResult(
        _result(tree, run, max_depth, stopped, began),
        _units(tree, run, resumed, rejected),
        0 if run is None else run.workers,  # the workers of the cluster (none started: 0)
        tree.plies,
        None if store is None else str(store.folder),
        note,
        run is not None and run.all_shared,
        interrupted,
        scheduler is None or security is not None,
    )


def _from_book(game: Game, book: bool, knowledge_of: KnowledgeOf) -> SolveResult | None:
    """The game's book's answer (where ``book`` asks it), before any cluster; ValueError for
    a game no solver proves."""
    from .solver import unsolvable

    reason = unsolvable(game)
    if reason is not None:
        raise SaidError(reason)
    return from_book(game, knowledge_of(game).book) if book else None


def _checkpoint(
    game: Game,
    tree: Tree,
    checkpoint: str | Path | bool | None,
    max_depth: int,
    table_mb: float,
    symmetry: Key,
) -> Checkpoint | None:
    """The folder of settled units the split solve asks for (True: its
    :func:`default_checkpoint`; "", None or False: none), keyed by what the solve is."""
    key = solve_key(game, tree.plies, max_depth, table_mb, key=symmetry)
    folder = (
        default_checkpoint(game, tree.plies, max_depth, key=symmetry)
        if checkpoint is True
        else checkpoint
    )
    return None if not folder else Checkpoint(Path(folder), key, own=checkpoint is True)


def _open_checkpoint(
    store: Checkpoint | None, warn: Callable[[str], None] | None
) -> tuple[Checkpoint | None, dict[str, tuple[str, int | None]], str, set[str]]:
    """The checkpoint opened: itself (None where not trusted: neither read nor written),
    its settled units, the note why it is not trusted ('' if it is) and the units it set
    aside; ``warn`` hears each note at once."""
    settled: dict[str, tuple[str, int | None]] = {}
    note = ""
    rejected: set[str] = set()
    if store is not None:
        settled, note = store.open()
        if note and warn is not None:
            warn(note)
        if note and not store.aside:  # not trusted: neither read nor written
            store = None
        else:
            rejected = {name.removesuffix(".json") for name in store.rejected}
            unkeyed = M_("checkpoint digests unkeyed: {reason}", reason=store.secret_note)
            for line in (unkeyed if store.secret_note else "", store.rejected_note()):
                if line and warn is not None:
                    warn(line)
    return store, settled, note, rejected


def _resume(tree: Tree, settled: dict[str, tuple[str, int | None]]) -> int:
    """Settle the tree's units that the checkpoint settled; how many."""
    resumed = 0
    for uid, (value, unit_plies) in settled.items():
        unit = next((u for u in tree.units if u.id == uid), None)
        if unit is not None and unit.value is None:
            settle(unit, value, unit_plies)
            resumed += 1
    return resumed


def _result(
    tree: Tree, run: UnitRun | None, max_depth: int, stopped: str | None, began: float
) -> SolveResult:
    """The split solve's answer from its tree (and its run, None where no cluster ran)."""
    root = tree.root
    value = root.value if root.value in ("win", "loss", "draw") else "unknown"
    if value == "unknown" and stopped is None:
        stopped = "depth limit"
    firsts = first_moves_of(tree)
    best = best_move_of(firsts, value)
    nodes = 0 if run is None else run.nodes
    peak = (
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        if run is None
        else run.status().memory_mb
    )
    return SolveResult(
        value,
        root.plies if value != "unknown" else None,
        best,
        max_depth if value != "unknown" else tree.plies,
        nodes,
        time.perf_counter() - began,
        0,
        peak,
        None if value != "unknown" else stopped,
        root.plies is not None and root.plies == 0,  # lengths come from unsettled searches
        firsts,
        "search",
        "split",
    )


def _on_cluster(
    tree: Tree,
    options: RunOptions,
    workers: int,
    scheduler: str | None,
    security: Any,
) -> tuple[UnitRun | None, str | None, bool]:
    """The split solve's run on its cluster (None where the rules or the checkpoint settled
    the root: no cluster), why it stopped (None: it did not) and whether Ctrl+C came after
    the answer (which stands)."""
    stopped: str | None = None
    run = None
    interrupted = False
    out_of_time = options.max_seconds is not None and (
        time.perf_counter() - options.began >= options.max_seconds
    )
    if tree.root.value is None and out_of_time:  # no cluster started past the limit
        return None, "time limit", False
    if tree.root.value is None:  # else settled by the rules or the checkpoint: no cluster
        try:
            with dask_client(max(1, workers), scheduler, security, options.warn) as client:
                run = UnitRun(client, tree, options)
                stopped = run.go()
        except KeyboardInterrupt:
            if run is None or (not run.done and tree.root.value is None):
                raise  # before the answer: the caller's interrupt
            # the root settled (the search letting go of its units, then the cluster's
            # shutdown): what was found stands
            interrupted = True
    return run, stopped, interrupted


def _units(tree: Tree, run: UnitRun | None, resumed: int, rejected: set[str]) -> Units:
    """What the split solve's units came to: how many, from the checkpoint, proven by the
    run, set aside by the checkpoint and proven again."""
    proven_ids = set() if run is None else run.proven_ids
    return Units(
        len(tree.units),
        resumed,
        0 if run is None else run.proven,
        len(rejected),
        len(rejected & proven_ids),
    )
