"""Push retrograde over a whole-game table (:mod:`.building`, :func:`push`): every position's
children counted once, then each step pushes the positions decided at the plies before to
their predecessors, a layer's range at a time on several threads; the counters kept for a
resume, Ctrl+C held until a unit ends. Its lines are said here too, Messages in each reader's
language, loaded by a build only (never by a probe or a book's look-up); and how the build
stops: asked to (:class:`Stopped`, :class:`StoppedInLayer`), or by Ctrl+C or SIGTERM held
until a unit ends (:class:`Interrupted`, :func:`interrupts_between_units`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyramid_lab.i18n import M_, Message, Mn_, number

from .....errors import SaidError
from ....compiled.lanes import run_lanes
from ..prober.files import TableError, beyond
from ..prober.index import CHUNK, UNIT_POSITIONS
from ..prober.table import WholeTable
from . import moves, pushing, walk
from .store import drop_counters, load_counters, log, save_counters, write_head, write_layer


class Stopped(Exception):
    """The build was asked to stop; the folder holds every layer finished so far."""


class StoppedInLayer(Stopped):
    """Stop asked inside layer ``n`` (:func:`.steps.push_layer`, between two of its units):
    ``at``, the first position of the layer not yet done (a step keeps the part pushed; the
    counting pass counts the layer again)."""

    def __init__(self, n: int, at: int):
        super().__init__()
        self.n, self.at = n, at


class Interrupted(KeyboardInterrupt):
    """Ctrl+C during a build's layer, raised between two of its units
    (:func:`.steps.push_layer`): ``at``, the first position of the layer not yet done."""

    def __init__(self, n: int, at: int):
        super().__init__()
        self.n, self.at = n, at


@contextmanager
def interrupts_between_units() -> Iterator[Callable[[], bool]]:
    """Ctrl+C (SIGINT) and SIGTERM (which the command line makes a Ctrl+C) held while a
    build runs and given to :func:`.steps.push_layer` to raise between two units (every unit
    done is then known: a push's unit is never half counted, nor a layer pushed whole and
    not yet named as pushed): a callable that says whether one came. Off the main thread
    (where Python gives no signal), one that never says so."""
    import signal
    import threading

    came = [False]
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return

    def hold(signum: int, frame: Any) -> None:
        came[0] = True

    held = (signal.SIGINT, signal.SIGTERM)
    before = [signal.signal(signum, hold) for signum in held]
    try:
        yield lambda: came[0]
    finally:
        for signum, handler in zip(held, before, strict=True):
            signal.signal(signum, handler)


#: What a build says before its first layer, by whether it compiles push retrograde's kernels.
COMPILING = M_("compiling the whole game's kernels for their first use (a minute or so, once)")
LOADING = M_("loading the whole game's compiled kernels")


def counters_said(kept: int, layers: int) -> Message:
    """What a resumed step does with the counters: ``kept`` of ``layers`` layers' kept."""
    if kept == layers:
        return M_("the counters kept: no counting pass")
    if kept:
        return Mn_(
            "the counters of {count} layer kept, the other {others} counted again first",
            "the counters of {count} layers kept, the other {others} counted again first",
            kept,
            count=kept,
            others=layers - kept,
        )
    return M_("the counters counted again first, a pass over every position")


def resumed_at_step(
    step: int, pushed: int, spheres: int | None, decided: int, counters: Message
) -> Message:
    """A build resumed at ``step``: ``pushed`` of its layers pushed (``spheres``: the layer
    pushed in part), ``decided`` positions decided kept; ``counters`` (:func:`counters_said`)."""
    if spheres is not None:
        return M_(
            "resuming at step {step}, {pushed} of its layers pushed ({spheres} spheres' in "
            "part): every position decided in fewer than {step} plies kept ({decided} "
            "positions decided); {counters}",
            step=step,
            pushed=pushed,
            spheres=spheres,
            decided=number(decided),
            counters=counters,
        )
    if pushed:
        return M_(
            "resuming at step {step}, {pushed} of its layers pushed: every position decided "
            "in fewer than {step} plies kept ({decided} positions decided); {counters}",
            step=step,
            pushed=pushed,
            decided=number(decided),
            counters=counters,
        )
    return M_(
        "resuming at step {step}: every position decided in fewer than {step} plies kept "
        "({decided} positions decided); {counters}",
        step=step,
        decided=number(decided),
        counters=counters,
    )


def resumed_counting(counted: int, layers: int, positions: int) -> Message:
    """A build resumed in its counting pass: ``counted`` of ``layers`` layers counted."""
    return M_(
        "resuming the counting pass: {counted} of {layers} layers counted, kept ({positions} "
        "positions); {left} to count",
        counted=counted,
        layers=layers,
        positions=number(positions),
        left=layers - counted,
    )


def resumed_from_start(decided: int) -> Message:
    """A build resumed with no counter kept: ``decided`` positions decided kept."""
    return M_(
        "resuming: {decided} positions decided kept; the counting pass from its start",
        decided=number(decided),
    )


#: Push retrograde: positions a thread takes at a time (several at once a unit: threads);
#: a build writes its layers at most this often (a kill loses the steps since).
PUSH_CHUNK = CHUNK
#: The most children still open a position's byte holds while built; more go to the side
#: table (:data:`.pushing.MOST_IN_BYTE`; a test makes it small to try the side table).
BYTE_HOLDS = pushing.MOST_IN_BYTE
CHECKPOINT_SECONDS = 600.0

Progress = Callable[[dict[str, Any]], None]


def count_byte(layer: np.ndarray, byte: int) -> int:
    """How many positions of ``layer`` hold ``byte``: numba's threads over a large layer,
    numpy over a small one (starting the threads cost more than the count, 2 ms a call on a
    quiet machine and far more on a busy one, where they wait for cores)."""
    if layer.shape[0] < PUSH_CHUNK:
        return int(np.count_nonzero(layer == byte))
    return int(pushing.count_byte(layer, byte))


#: The side table (:func:`.pushing.push_range`): the keys of the positions whose
#: children still open are more than a byte holds, sorted, and their counts.
Side = tuple[np.ndarray, np.ndarray]

NO_SIDE: Side = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))


def escaped_side(table: WholeTable, n: int, processed: int) -> np.ndarray:
    """The side counts of layer ``n``'s positions of byte :data:`.pushing.ESCAPE`
    once it is counted (their children still open counted again alone), in order."""
    at = pushing.find_byte(table.values[n], pushing.ESCAPE)
    return pushing.escaped_counts(n, at, processed, walk.view_of(table, n))


def side_of(table: WholeTable, counts: dict[int, np.ndarray]) -> Side:
    """The side table from each layer's positions of byte :data:`.pushing.ESCAPE` and
    their ``counts`` (in the order of their keys: layer, then index)."""
    layers = range(table.index.layers)
    keys = [
        (n << moves.KEY_SHIFT) | pushing.find_byte(table.values[n], pushing.ESCAPE) for n in layers
    ]
    side = (
        np.concatenate(keys).astype(np.int64),
        np.concatenate([counts.get(n, NO_SIDE[1]) for n in layers]).astype(np.int64),
    )
    if len(side[0]) != len(side[1]):
        raise TableError(
            M_("{folder}: the side table's counts do not match", folder=str(table.folder))
        )
    return side


def push_layer(
    table: WholeTable,
    side: Side,
    step: str,
    n: int,
    arg: int,
    begin: int = 0,
    interrupted: Callable[[], bool] | None = None,
    stop: Callable[[], bool] | None = None,
) -> tuple[np.ndarray, float]:
    """Push retrograde's kernel of ``step`` ("count": :func:`.pushing.seed_range`,
    ``arg`` the rounds pushed before; "push": :func:`.pushing.push_range`, ``arg`` the
    frontier's byte) over layer
    ``n`` from position ``begin``, a unit at a time, each on numba's count of threads
    (:func:`...compiled.lanes.run_lanes`, its chunks taken as they go): (its stats summed:
    positions, seeded, the most children; processor seconds). :class:`Interrupted`
    between two units once ``interrupted()`` says so (Ctrl+C), :class:`StoppedInLayer`
    once ``stop()`` does (a unit is a few seconds: Stop waits that long, not a layer)."""
    ix = table.index
    view = walk.view_of(table, n)
    total = np.zeros(3, dtype=np.int64)
    busy = 0.0
    for first in range(begin, ix.sizes[n], UNIT_POSITIONS):
        if interrupted is not None and interrupted():
            raise Interrupted(n, first)
        if stop is not None and stop():
            raise StoppedInLayer(n, first)
        last = min(ix.sizes[n], first + UNIT_POSITIONS)
        chunks = (last - first + PUSH_CHUNK - 1) // PUSH_CHUNK
        stats = np.zeros((chunks, 3), dtype=np.int64)
        where = (n, first, last, arg, view)
        t = time.process_time()
        if step == "count":
            run_lanes(pushing.seed_range, *where, stats, PUSH_CHUNK, BYTE_HOLDS, chunks=chunks)
        else:
            run_lanes(pushing.push_range, *where, side, stats, PUSH_CHUNK, chunks=chunks)
        busy += time.process_time() - t
        if step == "push" and (stats[:, 1] < 0).any():
            # (a position whose predecessors outnumber what a build holds: a bug's sign)
            most = moves.MAX_PREDECESSORS
            raise SaidError(M_("a position with more predecessors than {most}", most=most))
        total[:2] += stats[:, :2].sum(axis=0)
        if step == "count":
            total[2] = max(total[2], int(stats[:, 2].max()))
    return total, busy


def ready_kernels(table: WholeTable, say: Callable[[str], None]) -> None:
    """Push retrograde's kernels for the table's pyramid made ready before the build's
    clock starts (compiled on a first build, a minute or so; loaded from numba's cache
    after), saying which: called on empty ranges, with the table's own arrays (their
    types are the kernels' signatures). A build's first layer is then its own work."""
    from ....compiled import first_use

    part = "pyraos-whole-kernels"  # one signature for every pyramid (prober.index.padded)
    compiling = not first_use.compiled((part,))
    say(COMPILING if compiling else LOADING)
    began = time.perf_counter()
    n = table.index.layers - 1
    view = walk.view_of(table, n)
    stats = np.zeros((0, 3), np.int64)
    taken = np.zeros(1, np.int64)
    pushing.seed_range(n, 0, 0, 0, view, stats, PUSH_CHUNK, BYTE_HOLDS, taken)
    pushing.push_range(n, 0, 0, 1, view, NO_SIDE, stats, PUSH_CHUNK, taken)
    none = table.values[n][:0]
    pushing.count_byte(none, 1)
    pushing.count_between(none, 1, 1)
    pushing.decided_only(none, none)
    pushing.escaped_counts(n, pushing.find_byte(none, pushing.ESCAPE), 0, view)
    first_use.mark(part)
    if compiling:
        kernels = [*vars(pushing).values(), *vars(moves).values()]
        say(first_use.ready_words(began, kernels))


def push(
    table: WholeTable,
    progress: Progress | None,
    stop: Callable[[], bool] | None,
    say: Callable[[str], None],
) -> WholeTable:
    """Push retrograde: every position's children counted once (the count of those still
    open kept in the position's own byte while it is undecided, :func:`.pushing.seed_range`),
    then step ``r`` = 1, 2, ... pushes the
    positions decided at ``r - 1`` plies (byte ``r``) to their predecessors, found by
    un-moves (:func:`.pushing.push_range`): a loss makes each undecided one a win in
    ``r``, a win takes one from each one's count and makes the one left at 0 a loss in
    ``r``. A position is read twice in all (counted, then pushed once decided) instead of
    once a round while undecided; draws are never read again, and their codes are 0 at the
    end. Memory: a byte a position (:data:`.pushing.OPEN`), and 16 bytes for each of
    the few whose children still open are more than a byte holds (the side table).

    The header's round ``r`` means, as for :func:`.building._rounds`, every position decided in
    fewer than ``r`` plies is written (the layers' files hold only decided values: 0
    where the build holds a code). The counters are kept too (``counts-NN.bin``: each
    layer's bytes as built, then its side counts; named with their checksums in the
    header's ``counters`` record, for a round): the counting pass writes each layer's
    values and counters when it is counted (stopped or killed, it resumes at the layer it
    was in); a step's layers, its counters and the layers it pushed are written when it is
    stopped (it resumes at the layer it was in), and after the step that ends
    :data:`CHECKPOINT_SECONDS` after the last write (killed, it resumes from there; values
    written beyond the header's round are correct, only decided sooner than it says).
    Where the counters kept do not serve (none for the header's round, a file that does
    not match its checksum, a table the rounds went on with), they are counted again from
    the values: the pushes done are those of bytes below the header's round. A finished
    table keeps none."""
    head = table.head
    if head["finished"]:
        drop_counters(table)
        return table
    ix = table.index
    values = tuple(table.values)
    start = int(head["round"])
    head["done"] = []
    on_disk = [ix.sizes[n] - count_byte(values[n], 0) for n in range(ix.layers)]
    loaded = load_counters(table, start, pushing.ESCAPE)
    kept, pushed, partial, side = loaded if loaded is not None else (set(), [], None, {})
    _say_resumed(say, table, start, loaded, sum(on_disk))
    ready_kernels(table, say)
    with interrupts_between_units() as interrupted:
        steps = _Steps(table, side, on_disk, progress, stop, interrupted)
        return steps.run(start, kept, pushed, partial)


def _say_resumed(
    say: Callable[[str], None],
    table: WholeTable,
    start: int,
    loaded: tuple[set[int], list[int], tuple[int, int] | None, dict[int, np.ndarray]] | None,
    decided: int,
) -> None:
    """Say where a build resumes (:func:`push`): at which step, with which counters kept,
    or in its counting pass; nothing for a build from its start."""
    ix = table.index
    kept, pushed, partial, _ = loaded if loaded is not None else (set(), [], None, {})
    if start > 0:
        counters = counters_said(len(kept), ix.layers)
        half = partial is not None and len(kept) == ix.layers
        spheres = partial[0] if half and partial else None
        say(resumed_at_step(start, len(pushed) + half, spheres, decided, counters))
    elif kept:
        positions = sum(ix.sizes[n] for n in kept)
        say(resumed_counting(len(kept), ix.layers, positions))
    elif decided:
        say(resumed_from_start(decided))


@dataclass
class _Steps:
    """:func:`push`'s counting pass and steps over ``table``, from where it was kept."""

    table: WholeTable
    side_counts: dict[int, np.ndarray]  # each layer's side counts, as counted or kept
    on_disk: list[int]  # each layer's positions decided, as last written
    progress: Progress | None
    stop: Callable[[], bool] | None
    interrupted: Callable[[], bool]
    side: Side = NO_SIDE

    def entry(
        self, step: str, r: int, n: int, evaluated: int, decided: int, busy: float, began: float
    ) -> None:
        e = {
            "step": step,  # "count": children counted; "push": decided positions pushed
            "round": r,
            "layer": n,
            "evaluated": evaluated,
            "decided": decided,
            "seconds": round(busy, 4),
            "wall": round(time.perf_counter() - began, 4),
        }
        log(self.table, e)
        if self.progress is not None:
            self.progress(e)

    def count_all(self, byte: int) -> list[int]:
        return [count_byte(layer, byte) for layer in self.table.values]

    def sync(self, n: int | None = None) -> None:
        """Write the layers (or layer ``n``) that gained values since last written (their
        decided values: 0 where a code is)."""
        for m in range(self.table.index.layers) if n is None else (n,):
            decided = self.decided_of(m)
            if decided is not None:
                write_layer(self.table, m, decided)

    def decided_of(self, m: int) -> np.ndarray | None:
        """Layer ``m``'s decided values (0 where a code is), where they changed since last
        written (None else: nothing to write), counted as written."""
        values = self.table.values[m]
        now = int(pushing.count_between(values, 1, pushing.OPEN - 1))
        if now == self.on_disk[m]:
            return None
        decided = np.empty_like(values)
        pushing.decided_only(values, decided)
        self.on_disk[m] = now
        return decided

    def counters_of(self, layers: list[int]) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        """``layers``' bytes as built and side counts: those of the side table's positions
        still undecided (a byte :data:`.pushing.ESCAPE`)."""
        keys, counts = self.side
        built = {}
        for n in layers:
            values = self.table.values[n]
            lo, hi = np.searchsorted(keys, [n << moves.KEY_SHIFT, (n + 1) << moves.KEY_SHIFT])
            mine = keys[lo:hi] & ((1 << moves.KEY_SHIFT) - 1)
            still = values[mine] == pushing.ESCAPE
            side = counts[lo:hi][still] if hi > lo else self.side_counts.get(n, NO_SIDE[1])
            built[n] = (values, np.ascontiguousarray(side))
        return built

    def save(self, r: int, layers: list[int], pushed: list[int], at: Any = None) -> None:
        """``layers``' counters (:meth:`counters_of`) kept for round ``r``."""
        save_counters(self.table, self.counters_of(layers), r, pushed, at)

    def count_pass(self, start: int, kept: set[int]) -> None:
        """The start: the positions the rules decide alone, and every other one's count
        (its side count where a byte does not hold it); each layer kept when counted
        (values, then counters, then the header naming them). The files are written by
        one thread while the next layer is counted (a layer's bytes no longer change once
        counted; the kernels let Python's lock go): one layer's at a time, taken from the
        table here (no numba kernel runs there), and the pass waits for them before it
        ends, is stopped or fails."""
        table = self.table
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-writer") as writer:
            writing: Future[None] | None = None
            try:
                for n in range(table.index.layers - 1, -1, -1):
                    if n in kept:
                        continue
                    if self.stop is not None and self.stop():
                        raise Stopped
                    began = time.perf_counter()
                    processed = max(0, start - 1)
                    stats, busy = push_layer(
                        table,
                        NO_SIDE,
                        "count",
                        n,
                        processed,
                        interrupted=self.interrupted,
                        stop=self.stop,
                    )
                    self.side_counts[n] = escaped_side(table, n, processed)
                    if writing is not None:
                        writing.result()  # the layer before written (or its error raised)
                    decided, counters = self.decided_of(n), self.counters_of([n])
                    writing = writer.submit(self.keep_counted, start, n, decided, counters)
                    self.entry("count", start, n, int(stats[0]), int(stats[1]), busy, began)
            finally:
                if writing is not None:
                    writing.exception()  # written, before anything is raised
            if writing is not None:
                writing.result()

    def keep_counted(
        self,
        start: int,
        n: int,
        decided: np.ndarray | None,
        counters: dict[int, tuple[np.ndarray, np.ndarray]],
    ) -> None:
        """Layer ``n``, counted, kept (the writer's part of :meth:`count_pass`): the
        positions the rules decide alone (``decided``: None where none), its counters,
        then the header naming them."""
        if decided is not None:
            write_layer(self.table, n, decided)
        save_counters(self.table, counters, start, [], None)
        write_head(self.table)

    def push_step(
        self, r: int, frontier: list[int], done: list[int], partial: tuple[int, int] | None
    ) -> None:
        """Step ``r`` over every layer with positions to push (``frontier``: each layer's
        positions of byte ``r``) not in ``done`` (``partial``: the layer it was pushing
        and its first position not pushed)."""
        table = self.table
        layers = list(range(table.index.layers - 1, -1, -1))
        for n in layers:
            if not frontier[n] or n in done:
                continue
            begin = partial[1] if partial is not None and partial[0] == n else 0
            try:
                if self.stop is not None and self.stop():
                    raise Stopped
                began = time.perf_counter()
                stats, busy = push_layer(
                    table, self.side, "push", n, r, begin, self.interrupted, self.stop
                )
                done.append(n)
                self.entry("push", r, n, int(stats[0]), 0, busy, began)
            except (Stopped, KeyboardInterrupt) as exc:
                # asked to stop (or Ctrl+C, held until a unit ends: push_layer): the
                # step's layers pushed so far kept, with the counters and the part of the
                # layer under way that was pushed (each unit pushed once in all)
                self.sync()
                table.head["round"] = r
                at = (exc.n, exc.at) if isinstance(exc, (Interrupted, StoppedInLayer)) else None
                self.save(r, layers, done, at)
                write_head(table)
                raise

    def checkpoint(self, r: int, total: int) -> None:
        """The layers first, then the counters, then the header that says how far they
        hold (killed in between, the header's older round is resumed, over values decided
        later, its counters counted again)."""
        table, head = self.table, self.table.head
        if total == 0:  # the finished table: every code left is a draw's 0
            for values in table.values:
                pushing.decided_only(values, values)
        self.sync()
        head["round"] = r + 1
        if total == 0:
            # as the rounds leave it: the round after the last that decided nothing too
            head["decided"].append(0)
            head["finished"] = True
            head.pop("counters", None)
        else:
            self.save(r + 1, list(range(table.index.layers - 1, -1, -1)), [])
        write_head(table)

    def run(
        self, start: int, kept: set[int], pushed: list[int], partial: tuple[int, int] | None
    ) -> WholeTable:
        table, head = self.table, self.table.head
        layers = table.index.layers
        if len(kept) < layers:
            # a counting pass to finish (or do again): a step's part is kept only with
            # every counter, and the record names only the layers this pass has counted
            pushed, partial = [], None
            record = head.get("counters")
            crcs = [record["crc"][n] if record and n in kept else None for n in range(layers)]
            head["counters"] = {"round": start, "pushed": [], "partial": None, "crc": crcs}
        self.count_pass(start, kept)
        self.side = side_of(table, self.side_counts)
        rounds = head["decided"]
        if start == 0:  # the positions without a move: every loss in 0 plies, step 0's share
            rounds[:] = [sum(self.count_all(1))]
            start = 1
            pushed, partial = [], None
        r = start
        synced = time.perf_counter()
        frontier = self.count_all(r)
        while True:
            if r == start:
                self.push_step(r, frontier, list(pushed), partial)
            else:
                self.push_step(r, frontier, [], None)
            frontier = self.count_all(r + 1)  # the next step's (one scan of the table)
            total = sum(frontier)
            while len(rounds) <= r:
                rounds.append(0)
            rounds[r] = total
            if total == 0 or time.perf_counter() - synced >= CHECKPOINT_SECONDS:
                self.checkpoint(r, total)
                synced = time.perf_counter()
            if total == 0:
                drop_counters(table)
                return table
            r += 1
            if r + 1 > pushing.OPEN - 1:
                raise TableError(beyond(table.folder, pushing.OPEN - 2))
