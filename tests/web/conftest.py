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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import NO_OMNIBOX, chromium

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


@pytest.fixture
def browser(_driver: tuple[Any, asyncio.AbstractEventLoop], _chromium: Any) -> Iterator[Any]:
    """The shared Chromium, for one test: what the test leaves open is closed after it."""
    _, loop = _driver
    with _driving(loop):
        try:
            yield _chromium
        finally:
            for context in _chromium.contexts:
                context.close()
