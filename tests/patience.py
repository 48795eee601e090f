"""How the tests wait, so that a busy machine does not fail them (issue 63; the rules are in
docs/development.md, "Time in tests"): a wait for something that must happen has a long
timeout and returns as soon as it happens; a deadline is checked in processor time, which a
busy machine does not stretch; a stop comes on an event the search itself reports, never
after a time in which some work is hoped done."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pyramid_lab.model.game import Game
    from pyramid_lab.model.search import Analysis

T = TypeVar("T")

#: How long a test waits, at most, for something that must happen (a window's answer, a
#: computer's move, a thread's end): a wait returns as soon as it does, so this is only
#: the time a broken program takes to fail, long enough for a machine at load 10 that
#: compiles a search on its first use (a cold numba cache: minutes there).
WAIT_S = 300
WAIT_MS = WAIT_S * 1000


def python_says(code: str, cwd: Path) -> str:
    """What a fresh Python running ``code`` in ``cwd`` prints (this environment's, within
    WAIT_S); the test fails with its error where it exits other than 0."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=WAIT_S
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def processor_seconds(call: Callable[[], T]) -> tuple[T, float]:
    """``call()``'s answer and the processor time (user + system, every thread of this
    process) it took. A search with a deadline of wall seconds does no more work on a busy
    machine than on a quiet one, only slower; one that looks at its clock too rarely
    overshoots in processor time too. So a test bounds this, not the wall time."""
    began = time.process_time()
    answer = call()
    return answer, time.process_time() - began


def thread_seconds(call: Callable[[], T]) -> tuple[T, float]:
    """As :func:`processor_seconds`, for a search that runs in the caller's thread: that
    thread's processor time alone, whatever else the process runs beside it (a worker of
    the suite may hold another test's cluster or threads, which the process's time counts)."""
    began = time.thread_time()
    answer = call()
    return answer, time.thread_time() - began


class StopAfterPlayouts:
    """A search's ``progress`` and ``stop`` together: the stop is set once the search has
    said (in its progress text, "N playouts ...") that it has run ``playouts`` playouts, so
    that a stopped search has done that much whatever the machine's load; a stop after a
    time (a timer of 0.2 s) reached 6 of 55 root moves at load 10."""

    def __init__(self, playouts: int, progress: Callable[[float, str], None] | None = None):
        self.playouts = playouts
        self.seen = 0  # the most playouts a progress report said
        self.event = threading.Event()
        self._progress = progress

    def progress(self, fraction: float, text: str) -> None:
        found = re.match(r"(\d+) playouts", text)
        if found:
            self.seen = max(self.seen, int(found.group(1)))
            if self.seen >= self.playouts:
                self.event.set()
        if self._progress is not None:
            self._progress(fraction, text)

    def __call__(self) -> bool:  # the stop
        return self.event.is_set()


def no_exact_step(game: Game) -> None:
    """Tell the exact step of an analysis that this process's solver left ``game``'s position
    unsettled, so that it gives it no time (it would else take a quarter of the analysis'
    seconds where the position has 20 legal moves or fewer): for a test of the engine's
    ranking given long seconds as a backstop. (A helper of the search's tests, listed in
    tests/model/test_imports.py: it reaches below the door.)"""
    from pyramid_lab.model.search.exact_budget import unsettled

    unsettled(game, float(WAIT_S))


def analyse_every_move(game: Game, **options: Any) -> Analysis:
    """The door's analysis of ``game`` (``options``: analyse's others, not ``seconds`` nor
    ``stop``), run until its search has reached every legal move, however busy the machine:
    stopped after 20 playouts a move (:class:`StopAfterPlayouts`), its seconds
    (:data:`WAIT_S`) only a backstop, the exact step given no time (:func:`no_exact_step`:
    what such a test looks at is the engine's ranking). Stopped, the prover does not run.
    Not for a position whose value a book knows (the empty base-4 pyramids, Pyraos's
    opening): settled at once, the exact step then solves each move with most of the
    backstop's seconds before any playout (tests/viewer/test_cli.py took 300 s so)."""
    from pyramid_lab.model.search import analyse, knowledge_for

    stop = StopAfterPlayouts(20 * len(game.legal_moves()), options.pop("progress", None))
    no_exact_step(game)
    return analyse(
        game,
        knowledge=knowledge_for(game),
        seconds=WAIT_S,
        progress=stop.progress,
        stop=stop,
        **options,
    )


def processor_clock(monkeypatch: Any) -> None:
    """For the rest of the test, ``time.perf_counter`` (the searches' clock) is the calling
    thread's processor time: a deadline then counts the work a quiet machine does in it,
    however busy this one is. Only for a search on the test's own thread (one thread),
    nothing that waits idle for the clock to pass (it would wait for ever)."""
    monkeypatch.setattr(time, "perf_counter", time.thread_time)
