"""A pytest plugin that runs the wall clocks fast, to find the tests that lean on wall time
without loading the machine: ``python -m pytest -p tests.fastclock tests/model`` (the
factor in ``PYRAMID_FAST_CLOCK``, default 5). ``time.perf_counter``, ``time.monotonic`` and
``time.time`` (and their ``_ns``) run that many times fast from the moment the plugin
loads; the processor clocks (``process_time``, ``thread_time``) do not. A search's wall
deadline then allows a fifth of the work, and a wait of ``WAIT_S`` (a qtbot wait, the
lab's ``inbox.until``, a deadline loop) a fifth of its seconds: as a process given a fifth
of a core would see them, a load of 10 on two cores (docs/development.md, "Time in tests").
Qt's own timers, ``time.sleep`` and the waits of ``threading`` keep real time, and so do
other processes (a classroom server, a command run as a child), so it is a probe, not the
load itself. A lab test that drains its inbox while a solve reports every few wall seconds
(``inbox.take``) can wait for ever under it: the reports come five times as often."""

from __future__ import annotations

import os
import time

FACTOR = float(os.environ.get("PYRAMID_FAST_CLOCK", "5"))
_perf_counter, _monotonic, _time = time.perf_counter, time.monotonic, time.time
_START = (_perf_counter(), _monotonic(), _time())


def _fast_perf_counter() -> float:
    return _START[0] + (_perf_counter() - _START[0]) * FACTOR


def _fast_monotonic() -> float:
    return _START[1] + (_monotonic() - _START[1]) * FACTOR


def _fast_time() -> float:
    return _START[2] + (_time() - _START[2]) * FACTOR


time.perf_counter = _fast_perf_counter
time.monotonic = _fast_monotonic
time.time = _fast_time
time.perf_counter_ns = lambda: int(_fast_perf_counter() * 1e9)
time.monotonic_ns = lambda: int(_fast_monotonic() * 1e9)
time.time_ns = lambda: int(_fast_time() * 1e9)
