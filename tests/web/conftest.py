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
