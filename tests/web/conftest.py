"""The classroom's pages in a real browser: Debian's Chromium, its headless shell where
installed (:mod:`tests.chromium`; scripts/setup.sh installs both), driven by Playwright's
Python API (Playwright's own browser download is never used).

One Playwright driver and one Chromium for each test process (an xdist worker), started
when a test first asks for them: a launch costs about a second of processor time, which
each file paid again. Each test still starts clean: ``browser.new_page()`` makes a context
of its own (its cookies and local storage: a student's key), and every context a test
leaves open is closed after it (:func:`browser`), so no page, key or listener of one test
reaches the next.

Playwright's sync API marks its event loop as the thread's running loop between its calls,
and ``asyncio.run`` refuses to start while one is marked: many tests of this folder (and of
the others, in the same worker) talk to the class through ``asyncio.run``. The loop is
marked only while a test that asked for the browser runs (:func:`_driving`)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import NO_OMNIBOX, SCALE, chromium

#: The Chromium of the class's pages (tests/chromium.py: its headless shell where installed).
CHROMIUM = chromium() or "/usr/bin/chromium"
#: The classroom's browser: software WebGL (SwiftShader), as on a machine with no GPU.
#:
#: Flags measured and not taken (2026-11-28), as none made a page cheaper: Chromium's processor
#: time, every process of it counted, for a launch and four student pages joined, framed and turned
#: once (medians of three, alternated: 2.7 s with these ARGS): ``--in-process-gpu`` (with
#: ``--use-gl=swiftshader`` a page's WebGL context never came and the page never loaded; without it
#: 2.69 s, the GPU's work then in the browser process), ``--use-gl=angle --use-angle=swiftshader``
#: (3.6 s, the GPU process 1.3 s instead of 0.5; ``--use-gl=swiftshader`` already runs as ANGLE's
#: ``swiftshader-webgl``), ``--disable-gpu-vsync --disable-frame-rate-limit`` (3.0 s),
#: ``--renderer-process-limit=1`` (2.85 s), ``--disable-site-isolation-trials`` with
#: ``site-per-process,IsolateOrigins`` disabled (2.6 s), ``--no-zygote`` (2.7 s), Chromium pinned to
#: one core (2.7 s), ``--single-process`` (no page loaded). Site isolation off,
#: ``--renderer-process-limit=1`` and ``--no-zygote`` together, over the 14 files of tests/web that
#: open pages: 30.2 and 31.3 s against 29.9 and 28.8 s. Playwright already passes
#: ``--disable-extensions``, ``--disable-background-networking``, ``--disable-component-update``,
#: ``--disable-default-apps``, ``--mute-audio``, ``--disable-breakpad``, ``--disable-sync``,
#: ``--metrics-recording-only`` and ``--no-first-run``. Nothing here is drawn while a test waits (a
#: framed board idle for 4 s, a teacher's page with a student's not joined for 5 s: 0.02 s each),
#: and a view changed is one WebGL frame: a page's cost is its load and join (about 0.4 s of its
#: renderer to a framed board) and its board's first frames (about 0.12 s of the GPU process).
ARGS = ["--no-sandbox", "--use-gl=swiftshader", NO_OMNIBOX]


@contextmanager
def _driving(loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    """Playwright's loop marked as running (what its sync calls expect between them), and
    no loop marked afterwards (what ``asyncio.run`` needs)."""
    asyncio._set_running_loop(loop)  # (private, and the only way: see the module's text)
    try:
        yield
    finally:
        asyncio._set_running_loop(None)


@pytest.fixture(scope="session")
def _driver() -> Iterator[tuple[Any, asyncio.AbstractEventLoop]]:
    """This test process's Playwright (its driver, a node process) and its loop."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM} (scripts/setup.sh installs it)"
    manager = sync_playwright()
    playwright = manager.start()
    loop = asyncio.get_running_loop()  # (marked by the call that started it)
    asyncio._set_running_loop(None)  # (see _driving)
    yield playwright, loop
    with _driving(loop):
        manager.__exit__()


@pytest.fixture(scope="session")
def _chromium(_driver: tuple[Any, asyncio.AbstractEventLoop]) -> Iterator[Any]:
    """This test process's Chromium."""
    playwright, loop = _driver
    with _driving(loop):
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    yield chromium
    with _driving(loop):
        chromium.close()


@pytest.fixture
def playwright(_driver: tuple[Any, asyncio.AbstractEventLoop]) -> Iterator[Any]:
    """Playwright, for a test that launches a Chromium of its own (other flags)."""
    playwright, loop = _driver
    with _driving(loop):
        yield playwright


class _Scaled:
    """The shared Chromium, its pages and contexts opened at :data:`SCALE` unless a test
    names its own ``device_scale_factor``; the rest of it as it is."""

    def __init__(self, chromium: Any) -> None:
        self._chromium = chromium

    def __getattr__(self, name: str) -> Any:
        return getattr(self._chromium, name)

    def new_page(self, **options: Any) -> Any:
        return self._chromium.new_page(**{"device_scale_factor": SCALE, **options})

    def new_context(self, **options: Any) -> Any:
        return self._chromium.new_context(**{"device_scale_factor": SCALE, **options})


@pytest.fixture
def browser(_driver: tuple[Any, asyncio.AbstractEventLoop], _chromium: Any) -> Iterator[Any]:
    """The shared Chromium, for one test (its pages at :data:`SCALE`): what the test leaves
    open is closed after it."""
    _, loop = _driver
    with _driving(loop):
        try:
            yield _Scaled(_chromium)
        finally:
            for context in _chromium.contexts:
                context.close()


# PYRAMID_LAB_CPU_DURATIONS (tests/conftest.py): the shared Chromium's processor time is
# each test's too. Its processes are Playwright's driver's children, never waited for by
# the test's process, so the test's own figure left them out (test_page_access.py: 4.0 s
# of the process's children against 23.1 s of its Chromium): in a fresh clone's suite
# Chromium spent 85 s of 679 (issue 111 item 5), the dearest after the workers, seen by no
# test. Read from /proc every quarter second (a renderer
# closed in a test keeps the time last read), each test is given what its Chromium spent
# from its set-up to its tear-down.
_CHROMIUM_EVERY = 0.25
_chromium_seen: dict[tuple[int, str], float] = {}
_chromium_lock = threading.Lock()


def _chromium_read() -> None:
    """Each Chromium process under this one: its processor time so far, kept by its pid and
    start (the caller holds the lock)."""
    tick, procs = os.sysconf("SC_CLK_TCK"), {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as stat_file, open(f"/proc/{pid}/cmdline", "rb") as cmd:
                stat, named = stat_file.read(), b"chrom" in cmd.read()
        except OSError:  # (gone meanwhile)
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        procs[int(pid)] = (int(fields[1]), fields[19], int(fields[11]) + int(fields[12]), named)
    me = os.getpid()
    for pid, (parent, start, ticks, named) in procs.items():
        while named and parent in procs and parent != me:
            parent = procs[parent][0]
        if named and parent == me:
            _chromium_seen[(pid, start)] = ticks / tick


def _chromium_seconds() -> float:
    with _chromium_lock:
        _chromium_read()
        return sum(_chromium_seen.values())


def _chromium_watch() -> None:
    while True:
        with _chromium_lock:
            _chromium_read()
        time.sleep(_CHROMIUM_EVERY)


_chromium_began: dict[str, float] = {}
_chromium_watched: list[threading.Thread] = []


def pytest_runtest_logstart(nodeid: str, location: object) -> None:
    if not int(os.environ.get("PYRAMID_LAB_CPU_DURATIONS", "0") or 0):
        return
    if not _chromium_watched:
        _chromium_watched.append(threading.Thread(target=_chromium_watch, daemon=True))
        _chromium_watched[0].start()
    _chromium_began[nodeid] = _chromium_seconds()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    if call.when == "teardown" and item.nodeid in _chromium_began:
        spent = _chromium_seconds() - _chromium_began.pop(item.nodeid)
        outcome.get_result().user_properties.append(("processor_seconds_chromium", spent))
