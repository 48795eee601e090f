"""One split solve's run on a Dask client (:mod:`.split`): which unit goes out next and to
which worker, the slices, the shared table, the units settled as they come back (and
written to the checkpoint), the status once a second, and the stop."""

from __future__ import annotations

import contextlib
import resource
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_

from ..game import shorten
from ..words import system_reason
from .registry import KnowledgeOf
from .split_checkpoint import Checkpoint
from .split_tree import Tree, needed_nodes, pick_unit, settle
from .split_worker import (
    Task,
    drop_shared,
    open_shared,
    start_unit,
    unlink_shared,
    workers_memory_mb,
)

#: The positions of a unit's first slice; each time it comes back unsettled, twice as many
#: (counted, not timed: the same solve divides its work the same way on any machine and
#: any load, so that two runs can be compared).
FIRST_SLICE = 2_000_000
#: A slice grows to at most this many first slices: a worker that searches on while the
#: last unit the root needed is proven elsewhere wastes at most one such slice.
LONGEST_SLICE = 4


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
class RunOptions:
    """What one split solve asks of its run (see :func:`.split.split_solve`): the table of
    each machine's workers, the depth and the time allowed, whether a unit's worker asks the
    book, where settled units go, who hears the progress and the warnings, what stops it,
    the first slice, whether the workers share one table, when the solve began (the
    cluster's start counted) and how a game's plug-in is found."""

    table_mb: float
    max_depth: int
    max_seconds: float | None
    book: bool
    checkpoint: Checkpoint | None
    progress: SplitProgress | None
    stop: threading.Event | None
    first_slice: int
    shared: bool
    began: float
    warn: Callable[[str], None] | None
    knowledge_of: KnowledgeOf


class UnitRun:
    """One split solve on a client (see :func:`.split.split_solve`)."""

    def __init__(self, client: Any, tree: Tree, options: RunOptions) -> None:
        self.client = client
        self.knowledge_of = options.knowledge_of
        self.tree = tree
        self.table_mb, self.max_depth = options.table_mb, options.max_depth
        self.book = options.book
        self.max_seconds = options.max_seconds
        self.checkpoint = options.checkpoint
        self.warn = options.warn
        self.checkpoint_lost = ""  # why the checkpoint stopped being written ('' if not)
        self.progress = options.progress
        self.stop = options.stop
        self.first_slice = options.first_slice
        self.run_id = uuid.uuid4().hex[:12]
        self.topic = f"pyramid-lab-split-{self.run_id}"
        # the clock of the whole solve (the cluster's start counted: a time limit is the
        # wall clock's), and of the searching
        self.began = options.began
        self.searching = time.perf_counter()
        self.share = options.shared
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
            # no unit left to give: each unknown within the depth, or the time ran out
            # before one was given (the cluster's start took it: "time limit", not depth)
            over = self.max_seconds is not None and self._elapsed() >= self.max_seconds
            stopped = "time limit" if over else "depth limit"
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
            why = shorten(system_reason(exc))
            line = M_(
                "checkpoint {folder}: unit {unit} could not be written ({reason}); the solve "
                "goes on without keeping its units",
                folder=shorten(str(self.checkpoint.folder)),
                unit=uid,
                reason=why,
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
