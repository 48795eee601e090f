"""The split solve's worker side (:mod:`.split`): what a Dask worker process runs — a
unit proven by the game's compiled solver in slices (its table kept from one unit to the
next, or the table the workers of a machine share), progress and memory sent to the
client as Dask events, a cancelled or orphaned unit stopped."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import resource
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game import Game, shorten
from .kernels import has_kernel
from .kernels import solver_for as compiled_solver
from .registry import KnowledgeOf
from .shelf import from_book
from .solver import Solver, SolveResult
from .stop import SearchStopped
from .symmetry import key_function

if TYPE_CHECKING:
    from collections.abc import Callable

    from distributed import Event, Worker

    from .compiled.solver import CompiledSolver

#: The worker process's solver (its one table), kept from one unit to the next.
_SOLVER: dict[str, Any] = {}
#: The table this worker searches with the others of its machine during one split solve
#: ("name", "table"), mapped by :func:`open_shared`.
_SHARED: dict[str, Any] = {}


def shared_folder() -> Path:
    """Where the shared tables' files go: a memory file system where the machine has one."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return shm
    return Path(tempfile.gettempdir())


def open_shared(name: str, task: Task) -> str:
    """Run on every worker as a split solve starts: map its shared table (made by the first
    worker of the machine, mapped by the others) for the solver of ``task``'s game; '' or
    why not (then this worker keeps its own table only)."""
    drop_shared()
    solver = solver_for(task)
    if solver is None:
        return "this game's solver keeps its own table"
    try:
        table = solver.shared_table(str(shared_folder() / name), task.table_mb)
    except (OSError, ValueError) as exc:
        return shorten(str(exc))
    _SHARED.update(name=name, table=table)
    return ""


def unlink_shared(name: str) -> None:
    """Run on every worker once all have mapped the table: its file goes (the maps stay)."""
    with contextlib.suppress(OSError):
        os.unlink(shared_folder() / name)


def drop_shared(name: str | None = None) -> None:
    """Let go of the shared table (of the solve ``name``, or any): its memory goes with the
    last process that had it."""
    if name is not None and _SHARED.get("name") != name:
        return
    solver = _SOLVER.get("solver")
    if solver is not None:
        solver.share(None)
    _SHARED.clear()


@dataclass(frozen=True, slots=True)
class Task:
    unit: str
    game: Game
    positions: int | None  # the slice (None: until settled)
    seconds: float | None
    max_depth: int
    table_mb: float
    book: bool
    topic: str
    cancel: str
    parent_pid: int
    #: Who hands the worker the game's plug-in (a function the worker's process imports
    #: by name: the door's lookup).
    knowledge_of: KnowledgeOf
    shared: str = ""  # the name of the run's shared table ('' none)


def solver_for(task: Task) -> CompiledSolver | None:
    """The process's compiled solver moved to the unit's position (its table kept), or
    None where the game's plug-in has none that fits."""
    knowledge = task.knowledge_of(task.game)
    if not has_kernel(knowledge):
        return None
    kept: CompiledSolver | None = _SOLVER.get("solver")
    if kept is not None and _SOLVER.get("key") == (task.game.name, task.max_depth, task.table_mb):
        try:
            kept.retarget(task.game)
            return kept
        except (ValueError, AttributeError):
            pass
    _SOLVER.clear()  # one table a process
    solver = compiled_solver(task.game, knowledge, table_mb=task.table_mb, max_depth=task.max_depth)
    if solver is not None:
        _SOLVER.update(solver=solver, key=(task.game.name, task.max_depth, task.table_mb))
    return solver


def memory_mb() -> tuple[float, float]:
    """This process's resident memory (MiB): its own (anonymous pages), and what it maps
    from shared memory and files: the split solve's shared table, which every worker of the
    machine maps and each worker's resident size counts whole, and the libraries (the same
    files in every worker). From ``/proc/self/status``, which is cheap (``smaps``'
    proportional sizes took a quarter of a second a call with a table of 8 GiB mapped);
    elsewhere the whole resident size as the process's own."""
    try:
        fields: dict[str, float] = {}
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                name, _, value = line.partition(":")
                if name in ("RssAnon", "RssFile", "RssShmem"):
                    fields[name] = float(value.split()[0]) / 1024  # kB
        if len(fields) == 3:
            return fields["RssAnon"], fields["RssFile"] + fields["RssShmem"]
    except (OSError, ValueError, IndexError):
        pass
    try:
        import psutil

        return float(psutil.Process().memory_info().rss) / 2**20, 0.0
    except Exception:  # psutil comes with distributed; the peak where it cannot tell
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 0.0


def workers_memory_mb(reports: dict[int, tuple[float, float]]) -> float:
    """The memory of the workers whose ``(own, shared)`` reports (:func:`memory_mb`, by
    process) are given: their own memory summed, and what they share once (the most any of
    them has touched: the table's pages are spread by the hash, so the workers touch the
    same ones, and they load the same libraries)."""
    own = sum(mine for mine, _ in reports.values())
    return own + max((shared for _, shared in reports.values()), default=0.0)


def prove_unit(task: Task) -> dict[str, Any]:
    """Run in a worker: the unit's value for its side to move (see the module), with the
    positions searched, the seconds and the worker's address. Progress goes to the
    client as Dask events on ``task.topic``; the search stops when the client sets the
    unit's cancel ``Event`` or when this worker's parent process is gone."""
    from distributed import Event, get_worker

    began = time.perf_counter()
    worker = get_worker()
    cancel = Event(task.cancel)
    if task.book:
        known = from_book(task.game, task.knowledge_of(task.game).book)
        if known is not None:
            return _answer(task, known, 0, began, worker.address)
    solver = solver_for(task)
    before = 0 if solver is None else solver.nodes
    if solver is not None:
        mine = task.shared and _SHARED.get("name") == task.shared
        solver.share(_SHARED["table"] if mine else None)

    tick = _ticker(task, worker, cancel, before)

    numbers: tuple[int, int] | None = None
    if solver is None:
        result = Solver(
            task.game,
            key=key_function(task.knowledge_of(task.game)),
            max_seconds=task.seconds,
            max_depth=task.max_depth,
            progress=tick,
            progress_every=0.05,
        ).solve()
    else:
        solver.max_seconds = task.seconds
        solver.progress = tick
        solver.progress_every = 0.02  # each look at the clock: the slice is counted
        solver.tighten = False  # the value is wanted, not the shortest win's exact length
        # nor the shortest win first: the compiled solver's deepening from 1 to 16 plies
        # tripled a base-4 unit's positions (33 million, not 11); the open question alone
        # answers the value
        solver.QUICK_DEPTH = 0
        try:
            result = solver.solve()
        finally:
            solver.progress = None
        if result.stopped == "slice":
            numbers = solver.numbers()  # how far the unit's proof got: the next choice's
    return _answer(task, result, result.nodes - before, began, worker.address, numbers)


def _ticker(
    task: Task, worker: Worker, cancel: Event, before: int
) -> Callable[[int, int, float, int], None]:
    """The search's progress call in a worker: it ends the unit's slice after its
    positions, tells the client how far it got (at most once a second), and stops the
    search when the worker's parent is gone or the client cancels the unit."""
    looked = [0.0]  # when the client was last told and asked

    def tick(depth: int, nodes: int, seconds: float, entries: int) -> None:
        del depth, seconds, entries
        if task.positions is not None and nodes - before >= task.positions:
            raise SearchStopped("slice")
        now = time.monotonic()
        if now - looked[0] < 1.0:
            return
        looked[0] = now
        if os.getppid() != task.parent_pid:  # the nanny (or the local client) was killed
            raise SearchStopped("orphaned")
        with contextlib.suppress(Exception):  # a lost event is only a late progress line
            worker.log_event(
                task.topic,
                {
                    "unit": task.unit,
                    "nodes": nodes - before,
                    "memory": memory_mb(),
                    "pid": os.getpid(),
                },
            )
        try:
            stop = cancel.is_set()
        except Exception:  # the scheduler is gone: nobody wants the answer
            stop = True
        if stop:
            raise SearchStopped("cancelled")

    return tick


def _answer(
    task: Task,
    result: SolveResult,
    nodes: int,
    began: float,
    address: str,
    numbers: tuple[int, int] | None = None,
) -> dict[str, Any]:
    return {
        "numbers": numbers,
        "unit": task.unit,
        "value": result.value,
        "plies": result.plies,
        "stopped": result.stopped,
        "nodes": nodes,
        "seconds": time.perf_counter() - began,
        "worker": address,
        "memory": memory_mb(),
        "pid": os.getpid(),
    }


def start_unit(task: Task) -> dict[str, Any]:
    """The task a worker runs: :func:`prove_unit` with its parent process noted (a
    worker whose parent dies stops its search)."""
    return prove_unit(dataclasses.replace(task, parent_pid=os.getppid()))
