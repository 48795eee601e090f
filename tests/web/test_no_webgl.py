"""A browser that cannot draw the board (no WebGL: Firefox headless, hardware acceleration
turned off, a locked-down school PC) gets a page that says so, not a blank board and a
script error: Chromium with its 3D APIs turned off stands for it."""

from __future__ import annotations

import pytest
from classroom_helpers import LESSON, local_class

from tests.chromium import NO_OMNIBOX, chromium
from tests.patience import WAIT_MS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with local_class(tmp_path_factory.mktemp("nogl") / "results.json", LESSON) as running:
        yield running


def test_a_page_without_webgl_says_it_cannot_draw_the_board(server, playwright):
    browser = playwright.chromium.launch(  # (a Chromium of its own: no WebGL in it)
        executable_path=chromium(),
        headless=True,
        args=["--no-sandbox", "--disable-3d-apis", "--disable-webgl", NO_OMNIBOX],
    )
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 760})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.students)
        page.fill("#cr-name", "Nell", timeout=WAIT_MS)
        page.click("#cr-join-button")
        page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
        page.click("#cr-next")  # a step whose task is a click on the board
        page.wait_for_selector("#cr-picked", timeout=WAIT_MS)
        page.wait_for_timeout(500)  # the camera is set 50 ms after a board arrives
        notice = page.text_content("#cr-nogl", timeout=WAIT_MS) or ""
        assert "cannot draw the board" in notice
        assert "WebGL" in notice
        assert page.is_visible("#cr-nogl")
        # the step is there to read, and nothing of the page broke
        assert "Five walls" in (page.text_content("#cr-step-title") or "")
        assert errors == []
        assert page.evaluate("() => window.classroom.webgl") is False
    finally:
        browser.close()
