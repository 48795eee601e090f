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

This module names no game: what a game gives comes through its plug-in.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import logging
import os
import resource
import signal
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..game import Game, shorten
from .book import from_book
from .registry import plugin_for
from .solver import SearchStopped, Solver, SolveResult
from .symmetry import search_key

#: The frontier's depth by default: the fewest plies (up to :data:`MAX_AUTO_PLIES`) that
#: give this many units (a frontier that depends on the position alone, not on the number
#: of workers, so that a checkpoint serves any cluster).
MIN_UNITS = 4
MAX_AUTO_PLIES = 4
#: The positions of a unit's first slice; each time it comes back unsettled, twice as many
#: (counted, not timed: the same solve divides its work the same way on any machine and
#: any load, so that two runs can be compared).
FIRST_SLICE = 2_000_000
#: A slice grows to at most this many first slices: a worker that searches on while the
#: last unit the root needed is proven elsewhere wastes at most one such slice.
LONGEST_SLICE = 4
#: The checkpoint's header: its format and version.
FORMAT = "pyramid-lab split checkpoint"
VERSION = 1
HEADER = "checkpoint.json"
#: Seconds to reach an existing scheduler before saying it cannot be reached.
CONNECT_SECONDS = 10.0

ORDER = {"loss": 0, "draw": 1, "unknown": 2, "win": 3}


@dataclass(frozen=True, slots=True)
class Units:
    """How many work units the frontier had (``total``), how many were settled in the
    checkpoint when the solve began (``from_checkpoint``) and how many were proven by this
    run (``proven``); the rest were not needed (their parent settled first) or were left
    open (time limit, interrupted)."""

    total: int
    from_checkpoint: int
    proven: int

    def to_json(self) -> dict[str, int]:
        return {"total": self.total, "from_checkpoint": self.from_checkpoint, "proven": self.proven}


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

    def to_json(self) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "units": self.units.to_json(),
            "workers": self.workers,
            "shared_table": self.shared_table,
            "split_plies": self.plies,
            "checkpoint": self.checkpoint,
        }


class SchedulerError(ConnectionError):
    """The Dask scheduler named could not be reached (the message is one line)."""


# ---- the frontier -----------------------------------------------------------------------


@dataclass(eq=False)
class _Node:
    """A position of the expanded tree, merged under the symmetries at its depth."""

    id: str
    depth: int
    game: Game
    children: list[_Node] = field(default_factory=list)
    parents: list[_Node] = field(default_factory=list)
    #: "win" / "loss" / "draw" for its side to move once settled, "unknown" once nothing
    #: more will come (a unit left unknown), None while open.
    value: str | None = None
    plies: int | None = None


def _stable(key: Hashable) -> str:
    """A text of ``key`` equal in every process and run (sets sorted: the order of a set of
    strings changes with the interpreter's hash seed)."""
    if isinstance(key, (frozenset, set)):
        return "{" + ",".join(sorted(_stable(k) for k in key)) + "}"
    if isinstance(key, tuple | list):
        return "(" + ",".join(_stable(k) for k in key) + ")"
    return repr(key)


def _node_id(game: Game, depth: int) -> str:
    digest = hashlib.sha256(_stable(search_key(game)).encode()).hexdigest()[:20]
    return f"d{depth}-{digest}"


def _terminal(game: Game) -> str | None:
    outcome = game.outcome()
    if outcome is None:
        return None
    mine = outcome.value_for(game.to_move)
    return "win" if mine > 0 else "loss" if mine < 0 else "draw"


@dataclass
class _Tree:
    root: _Node
    root_moves: list[tuple[str, _Node]]
    units: list[_Node]  # the frontier's running positions, in the tree's order
    plies: int


def expand(game: Game, plies: int | None = None) -> _Tree:
    """The tree of ``game`` to ``plies`` (None: the default, see the module), merged under
    the symmetries ply by ply, finished positions settled by the rules."""
    root = _Node(_node_id(game, 0), 0, game.copy())
    root.value = _terminal(game)
    root.plies = 0 if root.value is not None else None
    level = [root] if root.value is None else []
    root_moves: list[tuple[str, _Node]] = []
    depth = 0
    limit = MAX_AUTO_PLIES if plies is None else plies
    while level and depth < limit:
        depth += 1
        seen: dict[str, _Node] = {}
        for node in level:
            for move in node.game.legal_moves():
                child = node.game.copy()
                child.push(move)
                cid = _node_id(child, depth)
                known = seen.get(cid)
                if known is None:
                    known = seen[cid] = _Node(cid, depth, child)
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
    return _Tree(root, root_moves, level, depth)


def _combine(node: _Node) -> bool:
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


def _settle(unit: _Node, value: str, plies: int | None) -> None:
    """A unit's value, carried up to every ancestor it decides."""
    unit.value, unit.plies = value, plies
    stack = list(unit.parents)
    while stack:
        node = stack.pop()
        if _combine(node):
            stack.extend(node.parents)


def _needed(tree: _Tree) -> set[str]:
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


def tree_numbers(tree: _Tree, known: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Proof and disproof numbers of "its side to move wins" for every node of the tree,
    combined as df-pn combines them (negamax): a settled node's from its value, a unit's as
    its last slice left them in ``known`` (1, 1 before its first), an inner node's from its
    children (proof: the least disproof of a child, whose loss would be the node's win;
    disproof: the children's proofs summed)."""
    out: dict[str, tuple[int, int]] = {}

    def visit(node: _Node) -> tuple[int, int]:
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


def pick_unit(tree: _Tree, known: dict[str, tuple[int, int]], busy: set[str]) -> str | None:
    """The unit to search next: the most-proving one, as df-pn picks its next node (from
    the root down, each time the child of least disproof number: the one whose loss would
    settle its parent soonest), passing over units running (``busy``) or settled; ties in
    the tree's order, so that every unit has its first slice first. None when every needed
    unit is running."""
    numbers = tree_numbers(tree, known)
    units = {u.id for u in tree.units}
    seen: set[str] = set()

    def descend(node: _Node) -> str | None:
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


# ---- the checkpoint ---------------------------------------------------------------------


def solve_key(game: Game, plies: int, max_depth: int, table_mb: float) -> dict[str, Any]:
    """What a checkpoint must have been made for to be trusted: the game, its rule options,
    the root position (up to the symmetries), the frontier's plies and the depth asked
    (``table_mb`` changes no proven value and is left out)."""
    del table_mb
    return {
        "game": game.name,
        "options": _stable(game.options),
        "position": _stable(search_key(game)),
        "plies": plies,
        "max_depth": max_depth,
    }


def default_checkpoint(game: Game, plies: int, max_depth: int) -> Path:
    """The checkpoint folder of this solve under the user's cache (``XDG_CACHE_HOME``, else
    ``~/.cache``): ``pyramid-lab/solve/<game>-<digest of the key>``."""
    key = solve_key(game, plies, max_depth, 0)
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "pyramid-lab" / "solve" / f"{game.name}-{digest}"


def _write_atomically(path: Path, data: dict[str, Any]) -> None:
    fd, temp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as out:
            json.dump(data, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


class Checkpoint:
    """The units settled so far, in ``folder`` (see the module)."""

    def __init__(self, folder: Path, key: dict[str, Any]) -> None:
        self.folder = folder
        self.key = key

    def _untrusted(self, why: str) -> str:
        return f"checkpoint {shorten(str(self.folder))}: {why}; not trusted (not read, not written)"

    def open(self) -> tuple[dict[str, tuple[str, int | None]], str]:
        """The units settled in the folder (id -> value, plies), made ready for more;
        or nothing and the line saying why the folder is not trusted."""
        header = self.folder / HEADER
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            names = [p.name for p in self.folder.iterdir() if not p.name.startswith(".tmp-")]
            if not names:
                _write_atomically(header, {"format": FORMAT, "version": VERSION, "key": self.key})
                return {}, ""
            if HEADER not in names:
                return {}, self._untrusted(f"holds files but no {HEADER}: not a checkpoint")
            try:
                head = json.loads(header.read_text())
            except (ValueError, UnicodeDecodeError) as exc:
                return {}, self._untrusted(f"{HEADER} does not parse ({shorten(str(exc))})")
            if not isinstance(head, dict) or head.get("format") != FORMAT:
                return {}, self._untrusted("not a split solve's checkpoint")
            if head.get("version") != VERSION:
                return {}, self._untrusted(f"version {shorten(repr(head.get('version')))}")
            if head.get("key") != self.key:
                return {}, self._untrusted("made for another position or other options")
            settled: dict[str, tuple[str, int | None]] = {}
            for name in names:
                if name == HEADER:
                    continue
                path = self.folder / name
                try:
                    data = json.loads(path.read_text())
                    uid, value, plies = data["unit"], data["value"], data["plies"]
                    ok = (
                        name == f"{uid}.json"
                        and value in ("win", "loss", "draw")
                        and (plies is None or (isinstance(plies, int) and plies >= 0))
                    )
                except (ValueError, UnicodeDecodeError, KeyError, TypeError):
                    ok = False
                if not ok:
                    return {}, self._untrusted(f"{shorten(name)} is damaged")
                settled[uid] = (value, plies)
            return settled, ""
        except OSError as exc:
            return {}, self._untrusted(shorten(exc.strerror or str(exc)))

    def write(self, unit: str, value: str, plies: int | None, nodes: int, seconds: float) -> None:
        """Keep a settled unit (atomically: a kill leaves it whole or absent)."""
        data = {"unit": unit, "value": value, "plies": plies, "nodes": nodes, "seconds": seconds}
        _write_atomically(self.folder / f"{unit}.json", data)


# ---- the worker's side ------------------------------------------------------------------

#: The worker process's solver (its one table), kept from one unit to the next.
_SOLVER: dict[str, Any] = {}
#: The table this worker searches with the others of its machine during one split solve
#: ("name", "table"), mapped by :func:`_open_shared`.
_SHARED: dict[str, Any] = {}


def _shared_folder() -> Path:
    """Where the shared tables' files go: a memory file system where the machine has one."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return shm
    return Path(tempfile.gettempdir())


def _open_shared(name: str, task: _Task) -> str:
    """Run on every worker as a split solve starts: map its shared table (made by the first
    worker of the machine, mapped by the others) for the solver of ``task``'s game; '' or
    why not (then this worker keeps its own table only)."""
    _drop_shared()
    solver = _solver_for(task)
    if solver is None or not hasattr(solver, "shared_table"):
        return "this game's solver keeps its own table"
    try:
        table = solver.shared_table(str(_shared_folder() / name), task.table_mb)
    except (OSError, ValueError) as exc:
        return shorten(str(exc))
    _SHARED.update(name=name, table=table)
    return ""


def _unlink_shared(name: str) -> None:
    """Run on every worker once all have mapped the table: its file goes (the maps stay)."""
    with contextlib.suppress(OSError):
        os.unlink(_shared_folder() / name)


def _drop_shared(name: str | None = None) -> None:
    """Let go of the shared table (of the solve ``name``, or any): its memory goes with the
    last process that had it."""
    if name is not None and _SHARED.get("name") != name:
        return
    solver = _SOLVER.get("solver")
    if solver is not None and hasattr(solver, "share"):
        solver.share(None)
    _SHARED.clear()


@dataclass(frozen=True, slots=True)
class _Task:
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
    shared: str = ""  # the name of the run's shared table ('' none)


def _solver_for(task: _Task) -> Any:
    """The process's compiled solver moved to the unit's position (its table kept), or
    None where the game's plug-in has none that fits."""
    make = plugin_for(task.game).solver
    if make is None:
        return None
    kept = _SOLVER.get("solver")
    if kept is not None and _SOLVER.get("key") == (task.game.name, task.max_depth, task.table_mb):
        try:
            kept.retarget(task.game)
            return kept
        except (ValueError, AttributeError):
            pass
    _SOLVER.clear()  # one table a process
    solver = make(task.game, table_mb=task.table_mb, max_depth=task.max_depth)
    if solver is not None and hasattr(solver, "retarget"):
        _SOLVER.update(solver=solver, key=(task.game.name, task.max_depth, task.table_mb))
    return solver


def _memory_mb() -> tuple[float, float]:
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
        import psutil  # type: ignore[import-untyped]  # psutil (with distributed) has no stubs

        return float(psutil.Process().memory_info().rss) / 2**20, 0.0
    except Exception:  # psutil comes with distributed; the peak where it cannot tell
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 0.0


def workers_memory_mb(reports: dict[int, tuple[float, float]]) -> float:
    """The memory of the workers whose ``(own, shared)`` reports (:func:`_memory_mb`, by
    process) are given: their own memory summed, and what they share once (the most any of
    them has touched: the table's pages are spread by the hash, so the workers touch the
    same ones, and they load the same libraries)."""
    own = sum(mine for mine, _ in reports.values())
    return own + max((shared for _, shared in reports.values()), default=0.0)


def prove_unit(task: _Task) -> dict[str, Any]:
    """Run in a worker: the unit's value for its side to move (see the module), with the
    positions searched, the seconds and the worker's address. Progress goes to the
    client as Dask events on ``task.topic``; the search stops when the client sets the
    unit's cancel ``Event`` or when this worker's parent process is gone."""
    from distributed import Event, get_worker

    began = time.perf_counter()
    worker = get_worker()
    cancel = Event(task.cancel)
    if task.book:
        known = from_book(task.game)
        if known is not None:
            return _answer(task, known, 0, began, worker.address)
    solver = _solver_for(task)
    before = 0 if solver is None else solver.nodes
    if solver is not None and hasattr(solver, "share"):
        mine = task.shared and _SHARED.get("name") == task.shared
        solver.share(_SHARED["table"] if mine else None)

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
                    "memory": _memory_mb(),
                    "pid": os.getpid(),
                },
            )
        try:
            stop = cancel.is_set()
        except Exception:  # the scheduler is gone: nobody wants the answer
            stop = True
        if stop:
            raise SearchStopped("cancelled")

    if solver is None:
        result = Solver(
            task.game,
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
        if hasattr(solver, "QUICK_DEPTH"):
            # nor the shortest win first: the compiled solver's deepening from 1 to 16 plies
            # tripled a base-4 unit's positions (33 million, not 11); the open question
            # alone answers the value
            solver.QUICK_DEPTH = 0
        try:
            result = solver.solve()
        finally:
            solver.progress = None
        if result.stopped == "slice" and hasattr(solver, "numbers"):
            return _answer(
                task, result, result.nodes - before, began, worker.address, solver.numbers()
            )
    return _answer(task, result, result.nodes - before, began, worker.address)


def _answer(
    task: _Task,
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
        "memory": _memory_mb(),
        "pid": os.getpid(),
    }


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


@contextlib.contextmanager
def _client(workers: int, scheduler: str | None) -> Iterator[Any]:
    """A Dask client: of a local cluster of ``workers`` processes, one thread each, or of
    the existing cluster at ``scheduler`` (SchedulerError when it cannot be reached)."""
    import dask
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_SECONDS)
        except Exception as exc:  # a bad address, a refused or timed-out connection
            reason = shorten(" ".join(str(exc).split()) or type(exc).__name__)
            raise SchedulerError(
                f"cannot reach the Dask scheduler at {shorten(scheduler)}: {reason}"
            ) from None
        try:
            yield client
        finally:
            client.close()
        return
    # The workers are spawned while SIGINT is ignored (they inherit that): Ctrl+C in the
    # terminal reaches the whole process group, and only this process should answer it
    # (it stops the workers itself), not every worker with its own traceback.
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        with dask.config.set(QUIET):
            cluster = LocalCluster(
                n_workers=workers,
                processes=True,
                threads_per_worker=1,
                # no fixed port: with None the scheduler's web server still tries 8787 and
                # warns when another solve's cluster has it (two solves at once)
                dashboard_address="127.0.0.1:0",
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
        client = Client(cluster)
        try:
            yield client
        finally:
            client.close()
    finally:
        cluster.close()


class _Run:
    """One split solve on a client (see :func:`split_solve`)."""

    def __init__(
        self,
        client: Any,
        tree: _Tree,
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
    ) -> None:
        self.client = client
        self.tree = tree
        self.table_mb, self.max_depth, self.book = table_mb, max_depth, book
        self.max_seconds = max_seconds
        self.checkpoint = checkpoint
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
        task = _Task(
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
            self.shared,
        )
        future = self.client.submit(
            _start_unit,
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
            with contextlib.suppress(Exception):
                self.client.run(_drop_shared, self.shared, wait=False)
        self._report()
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
            root = _Task(
                "", self.tree.root.game, None, None, depth, self.table_mb, False, "", "", 0
            )
            said = self.client.run(_open_shared, name, root)
            self.all_shared = bool(said) and not any(said.values())
        except Exception:  # a worker lost meanwhile: the others go on without sharing
            pass
        finally:
            with contextlib.suppress(Exception):
                self.client.run(_unlink_shared, name)
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
            self.unit_seconds += float(answer["seconds"])
            if self.checkpoint is not None:
                self.checkpoint.write(uid, value, plies, int(answer["nodes"]), answer["seconds"])
            _settle(unit, value, plies)
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
            _settle(unit, "unknown", None)
        else:
            return
        needed = _needed(self.tree)
        self._cancel([f for f, (u, _) in self.pending.items() if u not in needed])
        self._fill()

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
        left = len(_needed(self.tree) & set(self.units))
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


def _start_unit(task: _Task) -> dict[str, Any]:
    """The task a worker runs: :func:`prove_unit` with its parent process noted (a
    worker whose parent dies stops its search)."""
    return prove_unit(dataclasses.replace(task, parent_pid=os.getppid()))


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
) -> SplitResult:
    """The value of ``game`` (left unchanged) for the side to move by a split solve (see
    the module) on a local Dask cluster of ``workers`` processes, or on the cluster at
    ``scheduler``. ``checkpoint``: the folder of settled units (True: the solve's
    :func:`default_checkpoint`; "", None or False: none); ``warn(line)`` hears at once why
    a folder is not trusted. ``table_mb`` bounds the table the workers of a machine share
    (``shared``), or each worker's own; ``max_seconds`` the whole solve (the cluster's
    start counted); ``stop`` (set from another thread) and Ctrl+C
    end it with what is settled kept. ``progress(status)`` about once a second.
    ValueError for a game no solver proves, SchedulerError for a scheduler not reached."""
    from .solver import unsolvable

    reason = unsolvable(game)
    if reason is not None:
        raise ValueError(reason)
    began = time.perf_counter()
    if book:
        known = from_book(game)
        if known is not None:
            return SplitResult(known, Units(0, 0, 0), 0, 0, None)
    tree = expand(game, plies)
    key = solve_key(game, tree.plies, max_depth, table_mb)
    folder = default_checkpoint(game, tree.plies, max_depth) if checkpoint is True else checkpoint
    store = None if not folder else Checkpoint(Path(folder), key)
    settled: dict[str, tuple[str, int | None]] = {}
    note = ""
    if store is not None:
        settled, note = store.open()
        if note:
            store = None
            if warn is not None:
                warn(note)
    resumed = 0
    for uid, (value, unit_plies) in settled.items():
        unit = next((u for u in tree.units if u.id == uid), None)
        if unit is not None and unit.value is None:
            _settle(unit, value, unit_plies)
            resumed += 1
    count = 0  # the workers of the cluster (none started: 0)
    stopped: str | None = None
    run = None
    if tree.root.value is None:  # else settled by the rules or the checkpoint: no cluster
        with _client(max(1, workers), scheduler) as client:
            run = _Run(
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
            )
            count = run.workers
            stopped = run.go()
    root = tree.root
    value = root.value if root.value in ("win", "loss", "draw") else "unknown"
    if value == "unknown" and stopped is None:
        stopped = "depth limit"
    firsts = _first_moves(tree)
    best = _best_move(tree, value)
    nodes = 0 if run is None else run.nodes
    peak = (
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        if run is None
        else run.status().memory_mb
    )
    result = SolveResult(
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
    units = Units(len(tree.units), resumed, 0 if run is None else run.proven)
    written = None if store is None else str(store.folder)
    shared_table = run is not None and run.all_shared
    return SplitResult(result, units, count, tree.plies, written, note, shared_table)


def _first_moves(tree: _Tree) -> tuple[tuple[str, str, int | None], ...]:
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


def _best_move(tree: _Tree, value: str) -> str | None:
    firsts = _first_moves(tree)
    if value == "win":
        wins = [m for m, v, _ in firsts if v == "win"]
        return wins[0] if wins else None
    if value in ("loss", "draw"):
        same = [m for m, v, _ in firsts if v == value]
        return same[0] if same else None
    return None
