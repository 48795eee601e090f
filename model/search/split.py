"""The split solve: a position's value proven by many processes on a Dask cluster, and
resumable after a kill.

The root's tree is expanded by the protocol to a frontier a few plies deep (``plies``; by
default the fewest from 1 to :data:`MAX_AUTO_PLIES` that give at least :data:`MIN_UNITS`),
positions merged under the board's symmetries (:func:`model.search.symmetry.key_function`)
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

Here is the client's side of the solve, one concept (about 900 lines): the tree (the
frontier, AND/OR, the next unit's choice: plain data, no Dask), the run on a client (which
unit goes out next and to which worker, the slices, the shared table, the units settled as
they come back, the status once a second, the stop), and the solve's door and its answer.
Apart: :mod:`.split_checkpoint` (the folder of settled units), :mod:`.split_worker` (what a
worker process runs) and :mod:`.split_cluster` (the Dask cluster, which the Pyraos table's
build asks for alone). None of them names a game: what a game gives comes through its
plug-in.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import resource
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_

from ..game import Game, SaidError, shorten
from ..words import system_reason
from .registry import KnowledgeOf
from .shelf import from_book
from .solver import SolveResult
from .split_checkpoint import Checkpoint, default_checkpoint, solve_key, stable
from .split_cluster import SchedulerError, dask_client, scheduler_security
from .split_worker import (
    Task,
    drop_shared,
    open_shared,
    start_unit,
    unlink_shared,
    workers_memory_mb,
)
from .symmetry import Key, key_function

#: The frontier's depth by default: the fewest plies (up to :data:`MAX_AUTO_PLIES`) that
#: give this many units (a frontier that depends on the position alone, not on the number
#: of workers, so that a checkpoint serves any cluster).
MIN_UNITS = 4
MAX_AUTO_PLIES = 4


@dataclass(eq=False)
class Node:
    """A position of the expanded tree, merged under the symmetries at its depth."""

    id: str
    depth: int
    game: Game
    children: list[Node] = field(default_factory=list)
    parents: list[Node] = field(default_factory=list)
    #: "win" / "loss" / "draw" for its side to move once settled, "unknown" once nothing
    #: more will come (a unit left unknown), None while open.
    value: str | None = None
    plies: int | None = None


def _node_id(game: Game, depth: int, key: Key) -> str:
    digest = hashlib.sha256(stable(key(game)).encode()).hexdigest()[:20]
    return f"d{depth}-{digest}"


def _terminal(game: Game) -> str | None:
    outcome = game.outcome()
    if outcome is None:
        return None
    mine = outcome.value_for(game.to_move)
    return "win" if mine > 0 else "loss" if mine < 0 else "draw"


@dataclass
class Tree:
    root: Node
    root_moves: list[tuple[str, Node]]
    units: list[Node]  # the frontier's running positions, in the tree's order
    plies: int


def expand(game: Game, plies: int | None = None, *, key: Key) -> Tree:
    """The tree of ``game`` to ``plies`` (None: the default, see the module), merged under
    the symmetries ply by ply (``key``: the game's symmetry key, its plug-in's), finished
    positions settled by the rules."""
    root = Node(_node_id(game, 0, key), 0, game.copy())
    root.value = _terminal(game)
    root.plies = 0 if root.value is not None else None
    level = [root] if root.value is None else []
    root_moves: list[tuple[str, Node]] = []
    depth = 0
    limit = MAX_AUTO_PLIES if plies is None else plies
    while level and depth < limit:
        depth += 1
        seen: dict[str, Node] = {}
        for node in level:
            for move in node.game.legal_moves():
                child = node.game.copy()
                child.push(move)
                cid = _node_id(child, depth, key)
                known = seen.get(cid)
                if known is None:
                    known = seen[cid] = Node(cid, depth, child)
                    known.value = _terminal(child)
                    known.plies = 0 if known.value is not None else None
                if node is root:
                    root_moves.append((str(move), known))
                if known not in node.children:
                    node.children.append(known)
                    known.parents.append(node)
        level = [n for n in seen.values() if n.value is None]
        if plies is None and len(level) >= MIN_UNITS:
            break
    return Tree(root, root_moves, level, depth)


def combine(node: Node) -> bool:
    """Settle ``node`` from its children where they decide it (negamax); True when it
    changed."""
    if node.value is not None or not node.children:
        return False
    values = [c.value for c in node.children]
    losses = [c for c in node.children if c.value == "loss"]
    if losses:
        known = [c.plies for c in losses if c.plies is not None]
        node.value, node.plies = "win", (1 + min(known)) if known else None
        return True
    if any(v is None for v in values):
        return False
    if all(v == "win" for v in values):
        lengths = [c.plies for c in node.children]
        node.value = "loss"
        node.plies = None if None in lengths else 1 + max(p for p in lengths if p is not None)
    elif "unknown" in values:
        node.value = "unknown"
    else:
        node.value, node.plies = "draw", None
    return True


def settle(unit: Node, value: str, plies: int | None) -> None:
    """A unit's value, carried up to every ancestor it decides."""
    unit.value, unit.plies = value, plies
    stack = list(unit.parents)
    while stack:
        node = stack.pop()
        if combine(node):
            stack.extend(node.parents)


def needed_nodes(tree: Tree) -> set[str]:
    """The open nodes reachable from the root through open nodes: the units whose value
    may still change the root's."""
    seen: set[str] = set()
    stack = [tree.root] if tree.root.value is None else []
    while stack:
        node = stack.pop()
        if node.id in seen:
            continue
        seen.add(node.id)
        stack.extend(c for c in node.children if c.value is None)
    return seen


#: A number past every proof or disproof number of the tree (its sums are capped here), as
#: the compiled df-pn has it for a proven or disproven question.
INF = 1 << 62


def tree_numbers(tree: Tree, known: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Proof and disproof numbers of "its side to move wins" for every node of the tree,
    combined as df-pn combines them (negamax): a settled node's from its value, a unit's as
    its last slice left them in ``known`` (1, 1 before its first), an inner node's from its
    children (proof: the least disproof of a child, whose loss would be the node's win;
    disproof: the children's proofs summed)."""
    out: dict[str, tuple[int, int]] = {}

    def visit(node: Node) -> tuple[int, int]:
        if node.id in out:
            return out[node.id]
        if node.value == "win":
            numbers = (0, INF)
        elif node.value == "loss":
            numbers = (INF, 0)
        elif node.value is not None:  # a draw or left unknown: neither to prove
            numbers = (INF, INF)
        elif not node.children:
            numbers = known.get(node.id, (1, 1))
        else:
            below = [visit(c) for c in node.children]
            numbers = (min(d for _, d in below), min(INF, sum(p for p, _ in below)))
        out[node.id] = numbers
        return numbers

    visit(tree.root)
    return out


def pick_unit(tree: Tree, known: dict[str, tuple[int, int]], busy: set[str]) -> str | None:
    """The unit to search next: the most-proving one, as df-pn picks its next node (from
    the root down, each time the child of least disproof number: the one whose loss would
    settle its parent soonest), passing over units running (``busy``) or settled; ties in
    the tree's order, so that every unit has its first slice first. None when every needed
    unit is running."""
    numbers = tree_numbers(tree, known)
    units = {u.id for u in tree.units}
    seen: set[str] = set()

    def descend(node: Node) -> str | None:
        if node.id in seen or node.value is not None:
            return None
        seen.add(node.id)
        if node.id in units:
            return None if node.id in busy else node.id
        ranked = sorted(enumerate(node.children), key=lambda ic: (numbers[ic[1].id][1], ic[0]))
        for _, child in ranked:
            found = descend(child)
            if found is not None:
                return found
        return None

    return descend(tree.root)


def first_moves_of(tree: Tree) -> tuple[tuple[str, str, int | None], ...]:
    """Each first move with its value for the root's side to move (as settled)."""
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    rows = []
    for move, child in tree.root_moves:
        value = flip.get(child.value or "", "unknown")
        plies = None if child.plies is None or value == "unknown" else child.plies + 1
        rows.append((move, value, plies))
    rank = {"win": 0, "draw": 1, "unknown": 2, "loss": 3}

    def order(row: tuple[str, str, int | None]) -> tuple[int, int]:
        _, value, plies = row
        length = plies if plies is not None else 10**6
        return rank[value], (length if value != "loss" else -length)

    return tuple(sorted(rows, key=order))


def best_move_of(firsts: tuple[tuple[str, str, int | None], ...], value: str) -> str | None:
    """The best first move of ``value`` (win, loss or draw) for the root's side to move, of
    :func:`first_moves_of`'s rows; None when the value is unknown or no move has it."""
    if value == "unknown":
        return None
    return next((move for move, known, _ in firsts if known == value), None)


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

    def time_left(self) -> float:
        """Seconds left of the time allowed, the solve's whole (infinite without a limit)."""
        if self.max_seconds is None:
            return math.inf
        return self.max_seconds - (time.perf_counter() - self.began)


class UnitRun:
    """One split solve on a client (see :func:`.split.split_solve`)."""

    def __init__(self, client: Any, tree: Tree, options: RunOptions) -> None:
        self.client = client
        self.tree = tree
        self.options = options  # (its began: the clock of the whole solve, the cluster's start
        # counted, a time limit being the wall clock's)
        self.checkpoint = options.checkpoint  # (None once a write failed)
        self.checkpoint_lost = ""  # why the checkpoint stopped being written ('' if not)
        self.run_id = uuid.uuid4().hex[:12]
        self.topic = f"pyramid-lab-split-{self.run_id}"
        self.searching = time.perf_counter()  # the clock of the searching
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
        seconds = None if self.options.max_seconds is None else max(0.0, self.options.time_left())
        task = Task(
            uid,
            unit.game,
            min(self.options.first_slice * 2**attempt, self.options.first_slice * LONGEST_SLICE),
            seconds,
            self.options.max_depth - unit.depth,
            self.options.table_mb,
            self.options.book,
            self.topic,
            f"{self.topic}-{uid}",
            0,
            self.options.knowledge_of,
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

    def go(self) -> str | None:
        """Prove the needed units; None when the root is settled, else why it stopped."""
        from distributed import as_completed, wait

        self.client.subscribe_topic(self.topic, self._event)
        self.ac = as_completed()
        next_report = self.options.began
        stopped: str | None = None
        try:
            self._share()
            self._fill()
            while self.pending and self.tree.root.value is None:
                if self.options.stop is not None and self.options.stop.is_set():
                    stopped = "interrupted"
                    break
                if self.options.time_left() < 0:
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
            stopped = "time limit" if self.options.time_left() <= 0 else "depth limit"
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
        if not self.options.shared:
            return
        name = f"pyramid-lab-split-{self.run_id}.table"
        try:
            # the units' solver (their depth), at the root's position
            depth = self.options.max_depth - self.tree.plies
            root = Task(
                "",
                self.tree.root.game,
                None,
                None,
                depth,
                self.options.table_mb,
                False,
                "",
                "",
                0,
                self.options.knowledge_of,
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
        elif answer["stopped"] in ("slice", "time limit") and self.options.time_left() > 0:
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
            if self.options.warn is not None:
                self.options.warn(line)

    def _fill(self) -> None:
        """Give each worker a unit: the most-proving ones (:func:`pick_unit`), so that the
        work goes where the proof stands nearest, as in the single df-pn, rather than to
        every unit in turn (the root of an OR node needs one child proven only)."""
        if self.tree.root.value is not None:
            return
        if self.options.time_left() < 0:
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
        if self.options.progress is not None:
            self.options.progress(self.status())


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
    if tree.root.value is None and options.time_left() <= 0:  # no cluster started past the limit
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
