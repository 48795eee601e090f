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
runs); here the client's side. None of them names a game: what a game gives comes through
its plug-in.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import resource
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..game import Game, shorten
from .registry import KnowledgeOf
from .shelf import from_book
from .solver import SolveResult
from .split_checkpoint import Checkpoint, default_checkpoint, solve_key
from .split_tree import (
    Tree,
    best_move_of,
    expand,
    first_moves_of,
    needed_nodes,
    pick_unit,
    settle,
)
from .split_worker import (
    Task,
    drop_shared,
    open_shared,
    start_unit,
    unlink_shared,
    workers_memory_mb,
)
from .symmetry import Key, key_function

#: The positions of a unit's first slice; each time it comes back unsettled, twice as many
#: (counted, not timed: the same solve divides its work the same way on any machine and
#: any load, so that two runs can be compared).
FIRST_SLICE = 2_000_000
#: A slice grows to at most this many first slices: a worker that searches on while the
#: last unit the root needed is proven elsewhere wastes at most one such slice.
LONGEST_SLICE = 4
#: Seconds to reach an existing scheduler before saying it cannot be reached.
CONNECT_SECONDS = 10.0


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
class SplitStatus:
    """Where a split solve stands (given to its progress callback about once a second):
    units settled of the total (from the checkpoint and proven now), units running, the
    positions searched by this run's workers, seconds since the cluster started, positions
    a second, the memory of the workers and of this process together (MiB) and the seconds
    left by the units' pace so far (None until a few units have been proven, or when it
    cannot be told)."""

    total: int
    settled: int
    from_checkpoint: int
    proven: int
    running: int
    positions: int
    seconds: float
    rate: float
    memory_mb: float
    seconds_left: float | None
    workers: int


SplitProgress = Callable[[SplitStatus], None]


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


class SchedulerError(ConnectionError):
    """The Dask scheduler named could not be reached (the message is one line)."""


# ---- the client's side ------------------------------------------------------------------


#: Dask's settings for the local cluster: its servers' own clocks wake them fifty times a
#: second (the event loop's watch) and a hundred (each worker's profiler); on a machine
#: whose every core has a worker, each wake-up takes a core from a search and spoils its
#: caches (2 workers on 2 cores searched 15 % slower a position than 1). What they
#: watch is for a dashboard that this cluster does not have.
QUIET = {
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.profile.enabled": False,
    "distributed.worker.profile.interval": "1s",
    "distributed.worker.profile.cycle": "10s",
}


def scheduler_security(
    address: str,
    *,
    ca_file: str | None = None,
    cert: str | None = None,
    key: str | None = None,
    insecure: bool = False,
) -> Any:
    """The Dask ``Security`` to reach the existing scheduler at ``address``: TLS with the
    files given, else with Dask's own configuration (``distributed.comm.tls.*``). Connecting
    to a scheduler means running code on its workers and taking pickles back from them, so a
    plain ``tcp://`` one (anyone who reaches it can do the same, as you) is refused unless
    ``insecure`` says so. SchedulerError (one line) for what cannot work."""
    from distributed.security import Security

    plain = not address.startswith("tls://")
    if plain and not insecure:
        raise SchedulerError(
            f"{shorten(address)} is not a tls:// address: anyone who reaches a plain "
            "scheduler can run code on its workers and on this machine through them; use "
            "tls:// with --tls-ca-file, --tls-cert and --tls-key (or Dask's distributed.comm"
            ".tls configuration), or --insecure-scheduler on a network you trust"
        )
    if plain:
        return None
    given = {"tls_ca_file": ca_file, "tls_client_cert": cert, "tls_client_key": key}
    if any(v is not None for v in given.values()):
        missing = [n for n, v in (("--tls-ca-file", ca_file), ("--tls-cert", cert)) if v is None]
        if missing:
            raise SchedulerError(f"a TLS scheduler needs {' and '.join(missing)} as well")
        options = ("--tls-ca-file", "--tls-cert", "--tls-key")
        for option, path in zip(options, given.values(), strict=True):
            if path is not None:
                _check_pem(option, path)
        return Security(**given, require_encryption=True)
    security = Security(require_encryption=True)  # Dask's configuration, if it has TLS
    configured = (getattr(security, name, None) for name in ("tls_ca_file", "tls_client_cert"))
    if not all(configured):
        raise SchedulerError(
            f"{shorten(address)} needs TLS credentials: --tls-ca-file, --tls-cert and "
            "--tls-key, or Dask's distributed.comm.tls configuration"
        )
    return security


#: The local cluster's web servers serve nothing: the scheduler's and each worker's answer
#: plain HTTP on 127.0.0.1 whatever the comm's TLS, to anyone on the machine, with the
#: solve's workers, tasks, logs and call stacks (``/info``, ``/json``); this cluster has no
#: dashboard to show, so no route is served (each answers 404).
CLOSED: dict[str, list[str]] = {
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
}


#: The largest certificate or key file read (a PEM chain is some kilobytes).
MAX_PEM_BYTES = 1024 * 1024


def _check_pem(option: str, path: str) -> None:
    """SchedulerError (one line) unless ``path`` is a regular file of at most
    :data:`MAX_PEM_BYTES` that can be read: checked as the per-user files are read (a FIFO
    or a device is refused before a byte is read, never waited on), before Dask's TLS
    reads it."""
    from ..files import read_regular_file
    from ..game import PositionFormatError

    try:
        read_regular_file(path, MAX_PEM_BYTES, "certificate or key file")
    except FileNotFoundError:
        raise SchedulerError(f"{option}: no such file: {shorten(path)}") from None
    except PositionFormatError as exc:
        raise SchedulerError(f"{option} {shorten(path)}: {exc.reason}") from None
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SchedulerError(f"{option} {shorten(path)}: {shorten(why)}") from None


@contextlib.contextmanager
def _shielded() -> Iterator[None]:
    """Ctrl+C and SIGTERM held back (not lost) while the cluster shuts down: one that
    comes then is raised as KeyboardInterrupt once the shutdown is over, so the cluster's
    processes are never left half closed and the answer, once had, is still given
    (:func:`split_solve`). Python's handlers, not the signal mask: a process-directed signal
    reaches whichever thread does not block it (the Dask client's loop), and its Python
    handler always runs in the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    previous = {number: signal.signal(number, lambda n, _f: caught.append(n)) for number in held}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if caught:
            raise KeyboardInterrupt


_TRACKER: Any = None  # the resource tracker started apart (kept: never collected)


def _tracker_apart() -> str:
    """Start Python's multiprocessing resource tracker in a session of its own, before the
    local cluster makes its semaphores (``/dev/shm/sem.mp-*``, a dozen for 2 workers): a
    SIGKILL of this process's whole group (a terminal's, a batch system's) then leaves the
    tracker alive, and it removes them once every process of the solve is gone, as it does
    after a normal exit. '' when done (or already done), else why not (a tracker already
    running in this process, started by something else: it stays as it is). Uses the
    tracker's own start-up line; its two private fields (``_fd``, ``_pid``) are set as its
    ``ensure_running`` sets them (Python 3.8 to 3.13)."""
    global _TRACKER
    import subprocess
    import sys
    from multiprocessing import resource_tracker, util

    tracker = resource_tracker._resource_tracker
    if _TRACKER is not None and getattr(tracker, "_pid", None) == _TRACKER.pid:
        return ""
    if getattr(tracker, "_fd", None) is not None:
        return "a resource tracker runs already"
    read, write = os.pipe()
    command = f"from multiprocessing.resource_tracker import main;main({read})"
    try:
        process = subprocess.Popen(
            [sys.executable, *util._args_from_interpreter_flags(), "-c", command],  # type: ignore[attr-defined]  # the tracker's own flags; typeshed does not name it
            pass_fds=(read,),
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # out of this process's group: a group's kill spares it
        )
    except OSError as exc:
        os.close(write)
        return f"no resource tracker apart: {exc.strerror or exc}"
    finally:
        os.close(read)
    _TRACKER = process
    # (the fields ensure_running sets; typeshed does not name them)
    setattr(tracker, "_fd", write)  # noqa: B010
    setattr(tracker, "_pid", process.pid)  # noqa: B010
    return ""


@contextlib.contextmanager
def dask_client(workers: int, scheduler: str | None, security: Any = None) -> Iterator[Any]:
    """A Dask client: of a local cluster of ``workers`` processes, one thread each, closed
    to anyone else (TLS with credentials made for this solve, held in memory only, so a
    client without them is refused), or of the existing cluster at ``scheduler`` reached
    with ``security`` (:func:`scheduler_security`; SchedulerError when it cannot be
    reached)."""
    import dask
    from distributed import Client, LocalCluster
    from distributed.security import Security

    if scheduler is not None:
        reason = ""
        try:
            client = Client(scheduler, timeout=CONNECT_SECONDS, security=security)
        except Exception as exc:  # a bad address, a refused or timed-out connection
            reason = shorten(" ".join(str(exc).split()) or type(exc).__name__)
        if reason:
            # The half-made client is collected now: left to a later collection, its
            # __del__ closed its loop runner from inside the next client's start, and
            # distributed's LoopRunner deadlocked (the suite hung in this test, once).
            gc.collect()
            raise SchedulerError(
                f"cannot reach the Dask scheduler at {shorten(scheduler)}: {reason}"
            )
        try:
            yield client
        finally:
            with _shielded():
                client.close()
        return
    # The workers are spawned while SIGINT is ignored (they inherit that): Ctrl+C in the
    # terminal reaches the whole process group, and only this process should answer it
    # (it stops the workers itself), not every worker with its own traceback.
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    _tracker_apart()
    # A certificate authority and a certificate made for this cluster, in memory: the
    # scheduler, the workers and this client hold them; any other client is refused.
    own = Security.temporary()
    try:
        with dask.config.set({**QUIET, **CLOSED}):
            cluster = LocalCluster(
                n_workers=workers,
                processes=True,
                threads_per_worker=1,
                host="127.0.0.1",
                protocol="tls://",
                security=own,
                # no fixed port: with None the scheduler's web server still tries 8787 and
                # warns when another solve's cluster has it (two solves at once)
                dashboard_address="127.0.0.1:0",
                # and no dashboard on it, were bokeh installed (see CLOSED)
                scheduler_kwargs={"dashboard": False},
                # the tables are bounded by table_mb: Dask's own limit (the machine's memory
                # shared out) would only pause or kill a worker whose table it did not expect
                memory_limit=0,
                # a unit that fails (a table too big for its memory) is raised here and said
                # in one line; the workers' own log of it would be a traceback on stderr
                silence_logs=logging.CRITICAL,
            )
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    try:
        client = Client(cluster, security=own)
        try:
            yield client
        finally:
            with _shielded():
                client.close()
    finally:
        with _shielded():
            cluster.close()


class _Run:
    """One split solve on a client (see :func:`split_solve`)."""

    def __init__(
        self,
        client: Any,
        tree: Tree,
        *,
        table_mb: float,
        max_depth: int,
        max_seconds: float | None,
        book: bool,
        checkpoint: Checkpoint | None,
        progress: SplitProgress | None,
        stop: threading.Event | None,
        first_slice: int,
        shared: bool = False,
        began: float | None = None,
        warn: Callable[[str], None] | None = None,
        knowledge_of: KnowledgeOf,
    ) -> None:
        self.client = client
        self.knowledge_of = knowledge_of
        self.tree = tree
        self.table_mb, self.max_depth, self.book = table_mb, max_depth, book
        self.max_seconds = max_seconds
        self.checkpoint = checkpoint
        self.warn = warn
        self.checkpoint_lost = ""  # why the checkpoint stopped being written ('' if not)
        self.progress = progress
        self.stop = stop
        self.first_slice = first_slice
        self.run_id = uuid.uuid4().hex[:12]
        self.topic = f"pyramid-lab-split-{self.run_id}"
        # the clock of the whole solve (the cluster's start counted: a time limit is the
        # wall clock's), and of the searching
        self.began = time.perf_counter() if began is None else began
        self.searching = time.perf_counter()
        self.share = shared
        self.shared = ""  # the name of the run's shared table, once the workers have it
        self.all_shared = False  # every worker mapped it
        self.order = {u.id: i for i, u in enumerate(tree.units)}
        self.units = {u.id: u for u in tree.units}
        self.pending: dict[Any, tuple[str, int]] = {}  # future -> (unit, attempt)
        # what each unit's last slice left: its numbers, its slices so far, its worker
        self.known: dict[str, tuple[int, int]] = {}
        self.attempts: dict[str, int] = {}
        self.last_worker: dict[str, str] = {}
        self.live: dict[str, int] = {}  # unit -> positions of its running attempt
        self.memory: dict[int, tuple[float, float]] = {}  # worker pid -> (own, shared) MiB
        self.lock = threading.Lock()
        self.nodes = 0
        self.proven = 0
        self.proven_ids: set[str] = set()
        self.done = False  # go() has returned: what follows is the cluster's shutdown
        self.from_checkpoint = sum(1 for u in tree.units if u.value is not None)
        self.unit_seconds = 0.0
        self.workers = max(1, len(client.scheduler_info().get("workers", {})))

    # progress from the workers, on the client's event loop
    def _event(self, event: Any) -> None:
        msg = event[1] if isinstance(event, tuple) else event
        if not isinstance(msg, dict):
            return
        with self.lock:
            if msg.get("unit") in self.live:
                self.live[msg["unit"]] = int(msg.get("nodes", 0))
            own, shared = msg.get("memory", (0.0, 0.0))
            self.memory[int(msg.get("pid", 0))] = (float(own), float(shared))

    def _submit(self, uid: str, attempt: int, worker: str | None = None) -> None:
        unit = self.units[uid]
        seconds = None
        if self.max_seconds is not None:
            seconds = max(0.0, self.max_seconds - self._elapsed())
        task = Task(
            uid,
            unit.game,
            min(self.first_slice * 2**attempt, self.first_slice * LONGEST_SLICE),
            seconds,
            self.max_depth - unit.depth,
            self.table_mb,
            self.book,
            self.topic,
            f"{self.topic}-{uid}",
            0,
            self.knowledge_of,
            self.shared,
        )
        future = self.client.submit(
            start_unit,
            task,
            key=f"pyramid-lab-unit-{self.run_id}-{uid}-{attempt}",
            # the tree's order first, every first slice before any second one
            priority=-(attempt * len(self.units) + self.order[uid]),
            # a worker's own table kept the unit's work (a shared one is every worker's)
            **(
                {"workers": [worker], "allow_other_workers": True}
                if worker and not self.shared
                else {}
            ),
            pure=False,
        )
        self.pending[future] = (uid, attempt)
        with self.lock:
            self.live[uid] = 0
        self.ac.add(future)

    def _elapsed(self) -> float:
        return time.perf_counter() - self.began

    def go(self) -> str | None:
        """Prove the needed units; None when the root is settled, else why it stopped."""
        from distributed import as_completed, wait

        self.client.subscribe_topic(self.topic, self._event)
        self.ac = as_completed()
        next_report = self.began
        stopped: str | None = None
        try:
            self._share()
            self._fill()
            while self.pending and self.tree.root.value is None:
                if self.stop is not None and self.stop.is_set():
                    stopped = "interrupted"
                    break
                if self.max_seconds is not None and self._elapsed() > self.max_seconds:
                    stopped = "time limit"
                    break
                # woken by the first unit back, or to look at the clock
                with contextlib.suppress(TimeoutError):
                    wait(list(self.pending), timeout=0.2, return_when="FIRST_COMPLETED")
                for future in self.ac.next_batch(block=False):
                    self._finished(future)
                now = time.perf_counter()
                if now >= next_report:
                    next_report = now + 1.0
                    self._report()
        except KeyboardInterrupt:
            stopped = "interrupted"
        if self.tree.root.value is None and stopped is None:
            stopped = "depth limit"
        self._cancel(list(self.pending))
        if self.shared:  # workers of an existing cluster live on: let go of its memory
            # (waited for: Dask runs a plain function only so; with wait=False each
            # worker refused it, "Combination not supported", and kept the table mapped)
            with contextlib.suppress(Exception):
                self.client.run(drop_shared, self.shared)
        self._report()
        self.done = True
        return stopped

    def _share(self) -> None:
        """Every worker maps the run's shared table, then its file goes (see the module); a
        worker that cannot keeps its own table only, and so does one that joins later."""
        if not self.share:
            return
        name = f"pyramid-lab-split-{self.run_id}.table"
        try:
            # the units' solver (their depth), at the root's position
            depth = self.max_depth - self.tree.plies
            root = Task(
                "",
                self.tree.root.game,
                None,
                None,
                depth,
                self.table_mb,
                False,
                "",
                "",
                0,
                self.knowledge_of,
            )
            said = self.client.run(open_shared, name, root)
            self.all_shared = bool(said) and not any(said.values())
        except Exception:  # a worker lost meanwhile: the others go on without sharing
            pass
        finally:
            with contextlib.suppress(Exception):
                self.client.run(unlink_shared, name)
        self.shared = name

    def _finished(self, future: Any) -> None:
        job = self.pending.pop(future, None)
        if job is None:
            return
        uid, attempt = job
        with self.lock:
            self.live.pop(uid, None)
        if future.status != "finished":
            if future.status == "error":
                raise future.exception()
            return  # cancelled
        answer = future.result()
        self.nodes += int(answer["nodes"])
        unit = self.units[uid]
        if unit.value is not None:  # settled meanwhile through another way
            return
        value, plies = answer["value"], answer["plies"]
        if value in ("win", "loss", "draw"):
            self.proven += 1
            self.proven_ids.add(uid)
            self.unit_seconds += float(answer["seconds"])
            self._keep(uid, value, plies, answer)
            settle(unit, value, plies)
        elif answer["stopped"] in ("slice", "time limit") and (
            self.max_seconds is None or self._elapsed() < self.max_seconds
        ):
            self.attempts[uid] = attempt + 1
            self.last_worker[uid] = answer["worker"]
            if answer.get("numbers") is not None:
                pn, dn = answer["numbers"]
                self.known[uid] = (int(pn), int(dn))
            self._fill()
            return
        elif answer["stopped"] in ("depth limit", None):
            settle(unit, "unknown", None)
        else:
            return
        needed = needed_nodes(self.tree)
        self._cancel([f for f, (u, _) in self.pending.items() if u not in needed])
        self._fill()

    def _keep(self, uid: str, value: str, plies: int | None, answer: dict[str, Any]) -> None:
        """The settled unit written to the checkpoint. One that cannot be written (a full
        disk, the folder gone, a name that cannot be set aside) ends the checkpoint, said
        in one line; never the solve: what is proven stands."""
        if self.checkpoint is None:
            return
        try:
            self.checkpoint.write(uid, value, plies, int(answer["nodes"]), answer["seconds"])
        except OSError as exc:
            why = shorten(exc.strerror or str(exc))
            line = (
                f"checkpoint {shorten(str(self.checkpoint.folder))}: unit {uid} could not be "
                f"written ({why}); the solve goes on without keeping its units"
            )
            self.checkpoint = None
            self.checkpoint_lost = line
            if self.warn is not None:
                self.warn(line)

    def _fill(self) -> None:
        """Give each worker a unit: the most-proving ones (:func:`pick_unit`), so that the
        work goes where the proof stands nearest, as in the single df-pn, rather than to
        every unit in turn (the root of an OR node needs one child proven only)."""
        if self.tree.root.value is not None:
            return
        if self.max_seconds is not None and self._elapsed() > self.max_seconds:
            return
        with contextlib.suppress(Exception):  # a cluster's workers come and go
            self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        while len(self.pending) < self.workers:
            busy = {uid for uid, _ in self.pending.values()}
            uid = pick_unit(self.tree, self.known, busy)
            if uid is None:
                return
            self._submit(uid, self.attempts.get(uid, 0), self.last_worker.get(uid))

    def _cancel(self, futures: list[Any]) -> None:
        from distributed import Event

        if not futures:
            return
        for future in futures:
            uid, _ = self.pending.pop(future, ("", 0))
            with self.lock:  # its positions so far were searched all the same
                self.nodes += self.live.pop(uid, 0)
            if uid:
                with contextlib.suppress(Exception):
                    Event(f"{self.topic}-{uid}", client=self.client).set()
        with contextlib.suppress(Exception):
            self.client.cancel(futures)

    def status(self) -> SplitStatus:
        with self.lock:
            positions = self.nodes + sum(self.live.values())
            memory = workers_memory_mb(self.memory)
        seconds = time.perf_counter() - self.searching
        settled = sum(1 for u in self.tree.units if u.value is not None)
        left = len(needed_nodes(self.tree) & set(self.units))
        running = min(len(self.pending), self.workers)
        eta = None
        if self.proven >= 3 and self.tree.root.value is None:
            eta = left * (self.unit_seconds / self.proven) / self.workers
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return SplitStatus(
            len(self.tree.units),
            settled,
            self.from_checkpoint,
            self.proven,
            running,
            positions,
            seconds,
            positions / seconds if seconds > 0 else 0.0,
            memory + peak,
            eta,
            self.workers,
        )

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(self.status())


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
    a folder is not trusted. ``table_mb`` bounds the table the workers of a machine share
    (``shared``), or each worker's own; ``max_seconds`` the whole solve (the cluster's
    start counted); ``stop`` (set from another thread) and Ctrl+C
    end it with what is settled kept; one that comes while the cluster shuts down, after
    the answer was had, keeps the answer (``shutdown_interrupted``). ``security``: how to
    reach ``scheduler`` (:func:`scheduler_security`; None: plain). ``progress(status)``
    about once a second. ValueError for a game no solver proves, SchedulerError for a
    scheduler not reached. ``knowledge_of`` hands a game its plug-in
    (``search.knowledge_for``, the door's lookup: the workers' processes import it by
    name)."""
    from .solver import unsolvable

    reason = unsolvable(game)
    if reason is not None:
        raise ValueError(reason)
    began = time.perf_counter()
    if book:
        known = from_book(game, knowledge_of(game).book)
        if known is not None:
            return SplitResult(known, Units(0, 0, 0), 0, 0, None)
    symmetry = key_function(knowledge_of(game))
    tree = expand(game, plies, key=symmetry)
    store = _checkpoint(game, tree, checkpoint, max_depth, table_mb, symmetry)
    store, settled, note, rejected = _open_checkpoint(store, warn)
    resumed = _resume(tree, settled)

    def make_run(client: Any) -> _Run:
        return _Run(
            client,
            tree,
            table_mb=table_mb,
            max_depth=max_depth,
            max_seconds=max_seconds,
            book=book,
            checkpoint=store,
            progress=progress,
            stop=stop,
            first_slice=first_slice,
            shared=shared,
            began=began,
            warn=warn,
            knowledge_of=knowledge_of,
        )

    run, stopped, interrupted = _on_cluster(tree, make_run, workers, scheduler, security)
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
            unkeyed = f"checkpoint digests unkeyed: {store.secret_note}"
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
    tree: Tree, run: _Run | None, max_depth: int, stopped: str | None, began: float
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
    make_run: Callable[[Any], _Run],
    workers: int,
    scheduler: str | None,
    security: Any,
) -> tuple[_Run | None, str | None, bool]:
    """The split solve's run on its cluster (None where the rules or the checkpoint settled
    the root: no cluster), why it stopped (None: it did not) and whether Ctrl+C came after
    the answer (which stands)."""
    stopped: str | None = None
    run = None
    interrupted = False
    if tree.root.value is None:  # else settled by the rules or the checkpoint: no cluster
        try:
            with dask_client(max(1, workers), scheduler, security) as client:
                run = make_run(client)
                stopped = run.go()
        except KeyboardInterrupt:
            if run is None or (not run.done and tree.root.value is None):
                raise  # before the answer: the caller's interrupt
            # the root settled (the search letting go of its units, then the cluster's
            # shutdown): what was found stands
            interrupted = True
    return run, stopped, interrupted


def _units(tree: Tree, run: _Run | None, resumed: int, rejected: set[str]) -> Units:
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
