"""The exact step's time (issue 58): the clock a judging budget counts on, and how much of
an analysis the compiled solver gets before the engine judges.

**CPU seconds.** The judging features' exact step (:class:`.exact.Exact`: the analysis and
its heat map, the review) counts its budget in CPU seconds of the thread that searches
(:data:`cpu_clock`), not in wall seconds: on a busy machine the solver gets the same work
done in more wall time, so a position proven on an idle machine is proven on a loaded one
(five busy processes beside it on two cores: a third of a core, three times the wall time).
A wall limit of :data:`WALL_STRETCH` times the budget still bounds it (:func:`wall_limited`).

**Only where it can settle** (:func:`exact_seconds`). The solver cannot settle a large
position in a share of a few seconds (the empty base-5 Partition pyramid: 0.5 s of df-pn
settled nothing, a quarter of the analysis' playouts lost), and what it settles in time it
mostly settles at once. So a position gets, by its size (its legal moves) and what this
process saw the solver do before (the same position or the one before its last move left
unsettled):

- more than :data:`PROBE_MOVES` legal moves: nothing (the book is still asked, at no cost);
- a position left unsettled before with at least the budget it would get now: nothing;
- more than :data:`SETTLE_MOVES` legal moves, or the position before its last move left
  unsettled with a whole share: a probe, :data:`PROBE_SHARE` of the analysis' seconds;
- else the whole share.

The positions left unsettled are remembered (the last :data:`REMEMBERED`, by game, rule
options and position) by :func:`unsettled`. ``tests/bench/exact_first.py`` measures the
analysis' playouts against the commit before the exact step.

**The compiled core's first use** (issue 111 item 1, issue 109 item 22), one rule for every
search with a deadline (the analysis, the prover: a lesson's or a puzzle's verdict, the
review's, the book's live solve): the wait for the core made ready (:func:`core_ready`) is
kept off the search's clock by its :class:`Deadline` (:meth:`Deadline.wait_off`): a compile
whole, however long; a load of what an earlier run compiled (or an install shipped) up to
:data:`LOAD_OFF_CLOCK`, or on a busy machine the wall its processor seconds took (up to
:data:`LOAD_OFF_CLOCK` of them, stretched at most :data:`WALL_STRETCH` times, as the exact
step's); a longer wait (a stalled one, another thread's load) on the clock past that, so
that a limit holds within the machine's stretch of the call's time. A fresh install and a
busy laptop get the same verdicts.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from ..game import Game

#: The clock of a judging budget: CPU seconds of the calling thread (the searching one).
cpu_clock: Callable[[], float] = time.thread_time

#: A CPU budget's wall seconds, at most, as a multiple of it (a machine too busy to give a
#: search a sixteenth of a core stops it there).
WALL_STRETCH = 16.0
#: Seconds of a load of the compiled core from numba's cache (an install's machine code, an
#: earlier run's compile; numba's import with it) kept off a search's clock: a first search
#: in a process searches its seconds at full strength (issue 111 item 1). On a busy
#: machine, the wall a load's processor seconds took (up to these in all) is off the clock
#: too, up to WALL_STRETCH times them (a load of 0.75 s of processor time took 3 to 6 s at
#: load 8 to 12: past these 3 s, its rest on the clock left a first "2 s" analysis 1,500 to
#: 14,000 playouts against a warmed process's 35,000 to 50,000, and a lesson's 20 s proof
#: "could not settle" at load 15); a longer wait is on the clock past them (see the module).
LOAD_OFF_CLOCK = 3.0
#: More legal moves than this: the exact step gets no time (only the book is asked).
PROBE_MOVES = 32
#: More legal moves than this (and not more than PROBE_MOVES): a probe only.
SETTLE_MOVES = 20
#: The probe, as a share of the analysis' seconds.
PROBE_SHARE = 0.03
#: How many unsettled positions are remembered.
REMEMBERED = 4096

_lock = threading.Lock()
_unsettled: OrderedDict[Hashable, float] = OrderedDict()  # key -> CPU seconds spent in vain


def _key(game: Game) -> Hashable:
    options = json.dumps(game.options.to_json(), sort_keys=True)
    return game.name, options, game.position_key()


def _spent(key: Hashable) -> float | None:
    with _lock:
        return _unsettled.get(key)


def unsettled(game: Game, spent: float) -> None:
    """Remember that the solver left ``game``'s position unsettled in ``spent`` CPU seconds."""
    key = _key(game)
    with _lock:
        _unsettled[key] = max(spent, _unsettled.get(key, 0.0))
        _unsettled.move_to_end(key)
        while len(_unsettled) > REMEMBERED:
            _unsettled.popitem(last=False)


def exact_seconds(game: Game, share: float, seconds: float, moves: int) -> float:
    """The CPU seconds the exact step may take on ``game``'s position (``moves`` legal
    moves) in an analysis of ``seconds`` whose exact share is ``share`` (see the module)."""
    if moves > PROBE_MOVES or share <= 0:
        return 0.0
    probe = min(share, seconds * PROBE_SHARE)
    budget = share if moves <= SETTLE_MOVES else probe
    if game.move_stack and budget > probe:
        parent = game.copy()
        parent.pop()
        before = _spent(_key(parent))
        if before is not None and before >= share:
            budget = probe
    before = _spent(_key(game))
    if before is not None and before >= budget:
        return 0.0
    return budget


def wall_limited(stop: Callable[[], bool] | None, cpu_seconds: float) -> Callable[[], bool]:
    """``stop``, or the wall time of :data:`WALL_STRETCH` times ``cpu_seconds`` run out."""
    limit = time.perf_counter() + WALL_STRETCH * cpu_seconds

    def stopped() -> bool:
        return time.perf_counter() > limit or (stop is not None and stop())

    return stopped


@dataclass(slots=True)
class Deadline:
    """A search's clock (``time.perf_counter``): its ``start`` and its ``end`` (``math.inf``:
    no limit) move on by the waits that are not on it (:meth:`wait_off`, the module's rule
    for the compiled core's first use; the analysis's, a busy machine's wall seconds beside
    the exact step's CPU seconds too)."""

    start: float
    end: float = math.inf
    loads_off: float = 0.0  # the loads' wall seconds kept off the clock so far
    loads_processor: float = 0.0  # ... and this thread's processor seconds in them

    @classmethod
    def starting(cls, seconds: float | None = None) -> Deadline:
        """A clock started now, ``seconds`` to its end (None: no end)."""
        now = time.perf_counter()
        return cls(now, math.inf if seconds is None else now + seconds)

    def left(self) -> float:
        return self.end - time.perf_counter()

    def wait_off(self, seconds: float, processor: float, loaded: bool) -> None:
        """A wait for the compiled core of ``seconds`` (wall; ``processor`` of them this
        thread's) off the clock: a compile's whole, a load's (what an earlier run compiled)
        up to :data:`LOAD_OFF_CLOCK` in all, or on a busy machine the wall its processor
        seconds took (up to :data:`LOAD_OFF_CLOCK` of them, stretched at most
        :data:`WALL_STRETCH` times), the rest on it; a search's loads (its waits told here)
        count together."""
        off = seconds
        if loaded:
            self.loads_processor += max(processor, 0.0)
            stretched = WALL_STRETCH * min(self.loads_processor, LOAD_OFF_CLOCK)
            off = max(0.0, min(seconds, max(LOAD_OFF_CLOCK, stretched) - self.loads_off))
            self.loads_off += off
        self.start, self.end = self.start + off, self.end + off


def core_ready(
    progress: Callable[[float, str], None] | None = None,
    clock: Deadline | None = None,
    *,
    prover: bool = False,
    before: tuple[float, float] | None = None,
) -> tuple[float, float, bool]:
    """The compiled core made ready in this process (its prover's part alone with
    ``prover``: :data:`model.search.compiled.first_use.PROVER`): the core's first import,
    which shares an install's machine code into numba's cache folder, and numba's, then a
    load or a compile, said to ``progress`` (:func:`model.search.compiled.warm.ready`);
    ``clock`` told the wait (:meth:`Deadline.wait_off`), with ``before`` (the wall and
    processor seconds of the caller's waits of the same first use: the core's first
    import, a kernel's, a compile foretold there). The wait: its wall seconds, this
    thread's processor seconds of them (``before``'s with them), and whether it was a load
    (the parts were in numba's cache, and no warm-up of this process's said it compiled
    them, nor began to while it waited)."""
    began, processor = time.perf_counter(), cpu_clock()
    from .compiled import first_use  # (the core's first import: the wait's)

    parts = first_use.PROVER if prover else first_use.PARTS
    if before is None:  # (a compile said before numba's import, once)
        first_use.foretell(parts, progress)
    compiles = first_use.compiles()  # (read first: see first_use._compile_begins)
    loaded = first_use.compiled(parts) and not first_use.compiling()
    from .compiled import warm  # numba and the core: imported on first use

    warm.ready(progress, parts)
    loaded = loaded and first_use.compiles() == compiles  # (none began while it waited)
    earlier = before or (0.0, 0.0)
    seconds = time.perf_counter() - began + earlier[0]
    waited = (seconds, cpu_clock() - processor + earlier[1], loaded)
    if clock is not None:
        clock.wait_off(*waited)
    return waited
