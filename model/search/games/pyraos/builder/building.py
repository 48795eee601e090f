"""Building a whole-game table (gathered in the package, :mod:`.`): a new table, the one
under way opened, the build's lock, and the two methods: push retrograde in this process
(:mod:`.steps`) and rounds that re-read children, in this process or split over a Dask
cluster in units of a layer's range (:func:`worker_unit`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict, Unpack

import numpy as np

from pyramid_lab.i18n import M_

from ....compiled.lanes import run_lanes
from ..prober.files import (
    FORMAT,
    HEADER,
    MAX_BYTE,
    VERSION,
    TableError,
    beyond,
    checksum,
    layer_file,
    version_words,
)
from ..prober.index import CHUNK, UNIT_POSITIONS, index
from ..prober.table import WholeTable
from . import rounds, walk
from .steps import Progress, Stopped, push
from .store import drop_counters, locked, log, write_atomic, write_head, write_layer


def create(folder: Path, base: int, variant: str, removal: str) -> WholeTable:
    """A new table of every position undecided in ``folder`` (made if missing), its
    layers and header written."""
    ix = index(base)
    folder.mkdir(parents=True, exist_ok=True)
    values = [np.zeros(size, dtype=np.uint8) for size in ix.sizes]
    head = {
        "format": FORMAT,
        "version": VERSION,
        "base": base,
        "variant": variant,
        "removal": removal,
        "round": 0,
        "done": [],
        "finished": False,
        "layers": [
            {"positions": size, "crc": [checksum(v)]}
            for size, v in zip(ix.sizes, values, strict=True)
        ],
        "decided": [],  # positions each round decided
    }
    table = WholeTable(folder, head, values)
    for n in range(ix.layers):
        write_atomic(layer_file(folder, n), ix.sizes[n])  # zeros, none written (sparse)
    write_head(table)
    return table


def open_or_create(folder: Path, base: int, variant: str, removal: str) -> WholeTable:
    """The table under way in ``folder`` (checked), or a new one; TableError for a folder
    of another pyramid or other rules."""
    if (folder / HEADER).exists():
        table = WholeTable.open(folder)
        if (table.base, table.variant, table.removal) != (base, variant, removal):
            raise TableError(
                M_(
                    "{folder}: a table of base {base}, the {version}; not of base {wanted}, "
                    "the {wanted_version}",
                    folder=str(folder),
                    base=table.base,
                    version=version_words(table.variant, table.removal),
                    wanted=base,
                    wanted_version=version_words(variant, removal),
                )
            )
        return table
    return create(folder, base, variant, removal)


class BuildRun(TypedDict, total=False):
    """How a build runs, the same for :func:`build` and :func:`build_folder` (each key may be
    left out): ``client`` a Dask client (None, the default: in this process), ``progress``
    gets a dict after each layer, ``stop()`` is asked between units of a few seconds (push)
    or layers (rounds) (true: :class:`Stopped`), ``method`` "push" (the default) or
    "rounds", ``say`` gets what the build says beside its layers (resuming and what is kept,
    the kernels compiling)."""

    client: Any
    progress: Progress | None
    stop: Callable[[], bool] | None
    method: str
    say: Callable[[str], None] | None


def build(table: WholeTable, **run: Unpack[BuildRun]) -> WholeTable:
    """Decide every position: in this process (``client`` None) by push retrograde
    (:func:`.steps.push`, ``method`` "push", the default) or by rounds that re-read children
    (:func:`_rounds`, "rounds"), with a Dask client always by rounds, its workers taking
    the units (:class:`BuildRun`: the keywords). Both give the same bytes and keep the same
    header, so either resumes the other's table. One build a folder at a time (a lock held
    while it runs, let go by the system however it ends): TableError for a second."""
    with locked(table.folder):
        return _build(table, run)


def _build(table: WholeTable, run: BuildRun) -> WholeTable:
    """:func:`build`'s and :func:`build_folder`'s work, the lock held (ValueError for a
    ``method`` neither names)."""
    method = run.get("method", "push")
    if method not in ("push", "rounds"):
        raise ValueError(f"method {method!r}: push or rounds")
    client, progress, stop = run.get("client"), run.get("progress"), run.get("stop")
    if client is None and method == "push":
        return push(table, progress, stop, run.get("say") or (lambda text: None))
    drop_counters(table)  # the rounds change values, not the counters: kept, they'd lie
    return _rounds(table, client, progress, stop)


def build_folder(
    folder: Path, base: int, variant: str, removal: str, **run: Unpack[BuildRun]
) -> WholeTable:
    """:func:`build` of the table in ``folder`` (made, or resumed: :func:`open_or_create`),
    the lock taken before the folder is read, so that a second build is told another is
    running, not shown the first one's files half written."""
    with locked(folder):
        return _build(open_or_create(folder, base, variant, removal), run)


def _rounds(
    table: WholeTable,
    client: Any,
    progress: Progress | None,
    stop: Callable[[], bool] | None,
) -> WholeTable:
    """Rounds that re-read children (:func:`build`'s "rounds"): round ``d`` over every
    layer not yet done in it (:func:`_round_layer`), the header written after a layer that
    changed or a second's work, until two rounds in a row decide nothing."""
    head = table.head
    layers = list(range(table.index.layers - 1, -1, -1))
    written = time.perf_counter()
    while not head["finished"]:
        d = int(head["round"])
        if d + 1 > MAX_BYTE - 1:
            raise TableError(beyond(table.folder, MAX_BYTE - 2))
        fresh = fresh_of(table, d)
        for n in layers:
            if n in head["done"]:
                continue
            if stop is not None and stop():
                raise Stopped
            entry = _round_layer(table, client, n, d, fresh)
            # the header after a layer that changed (its checksum) or a second's work;
            # a kill before it only makes the layers since the last one run again
            if entry["decided"] or time.perf_counter() - written > 1.0:
                write_head(table)
                written = time.perf_counter()
            if progress is not None:
                progress(entry)
        rounds = head["decided"]
        if d >= 1 and rounds[d] == 0 and rounds[d - 1] == 0:
            head["finished"] = True
        else:
            head["round"] = d + 1
            head["done"] = []
        write_head(table)
        written = time.perf_counter()
    return table


def _round_layer(
    table: WholeTable, client: Any, n: int, d: int, fresh: np.ndarray
) -> dict[str, Any]:
    """Round ``d`` over layer ``n`` (its units in this process, or on the Dask ``client``'s
    workers): the bytes it decides ORed in and the layer written where it decided any, the
    layer named done and the round's count kept in the header (not written), its log
    entry written; the entry."""
    began = time.perf_counter()
    units = units_of(table, n, d, fresh)
    results: Iterator[tuple[Unit, np.ndarray, int, int, float]]
    if client is None:
        results = ((u, *run_unit(u, table)) for u in units)
    else:
        from distributed import as_completed

        futures = client.map(worker_unit, units, pure=False)
        results = (f.result() for f in as_completed(futures))
    evaluated = decided = 0
    busy = 0.0
    for unit, out, ev, dec, seconds in results:
        if dec:
            view = table.values[n][unit.first : unit.last]
            np.maximum(view, out, out=view)  # undecided bytes are 0
        evaluated += ev
        decided += dec
        busy += seconds
    if decided:
        write_layer(table, n)
    head = table.head
    head["done"].append(n)
    rounds = head["decided"]
    while len(rounds) <= d:
        rounds.append(0)
    rounds[d] += decided
    entry = {
        "round": d,
        "layer": n,
        "evaluated": evaluated,
        "decided": decided,
        "seconds": round(busy, 4),  # processor seconds, all threads and workers
        "wall": round(time.perf_counter() - began, 4),
    }
    log(table, entry)
    return entry


# ---- one round's work -----------------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """Round ``d`` over positions ``first`` to ``last`` of layer ``n`` (a range of its
    canonical shapes, or a part of one large shape)."""

    folder: str
    n: int
    first: int
    last: int
    d: int
    fresh: np.ndarray  # a flag a canonical shape (over all layers): decided in round d - 1


def fresh_of(table: WholeTable, d: int) -> np.ndarray:
    """A flag a canonical shape, numbered over all layers: whether a position of it was
    decided in round ``d - 1`` (its byte is ``d``; none before round 1)."""
    ix = table.index
    flags = []
    for n in range(ix.layers):
        out = np.zeros(len(ix.shapes[n]), dtype=np.uint8)
        if d >= 1:
            rounds.fresh_shapes(table.values[n], int(ix.arrays.ncol[n]), d, out)
        flags.append(out)
    return np.concatenate(flags)


def units_of(table: WholeTable, n: int, d: int, fresh: np.ndarray) -> list[Unit]:
    size = table.index.sizes[n]
    return [
        Unit(str(table.folder), n, first, min(size, first + UNIT_POSITIONS), d, fresh)
        for first in range(0, size, UNIT_POSITIONS)
    ]


def run_unit(unit: Unit, table: WholeTable) -> tuple[np.ndarray, int, int, float]:
    """(new bytes of the unit's positions, evaluated, decided, processor seconds: of every
    thread, so that rates a core hold on a loaded machine)."""
    out = np.zeros(unit.last - unit.first, dtype=np.uint8)
    chunks = (unit.last - unit.first + CHUNK - 1) // CHUNK
    stats = np.zeros((chunks, 2), dtype=np.int64)
    began = time.process_time()
    run_lanes(
        rounds.round_range,
        *(unit.n, unit.first, unit.last, unit.d, walk.view_of(table, unit.n)),
        *(unit.fresh, out, stats),
        chunks=chunks,
    )
    seconds = time.process_time() - began
    return out, int(stats[:, 0].sum()), int(stats[:, 1].sum()), seconds


_WORKER_VIEW: dict[str, tuple[int, WholeTable]] = {}


def worker_unit(unit: Unit) -> tuple[Unit, np.ndarray, int, int, float]:
    """A Dask worker's share: the unit run over read-only maps of the folder's layers,
    reopened each round (the client writes a round's layers before the next starts)."""
    import numba

    numba.set_num_threads(1)  # one thread a worker: the cluster gives the parallelism
    seen = _WORKER_VIEW.get(unit.folder)
    if seen is None or seen[0] != unit.d:
        table = WholeTable.open(Path(unit.folder), mmap=True)
        seen = (unit.d, table)
        _WORKER_VIEW[unit.folder] = seen
    table = seen[1]
    out, evaluated, decided, seconds = run_unit(unit, table)
    return unit, out, evaluated, decided, seconds
