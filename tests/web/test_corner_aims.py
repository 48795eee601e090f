"""A click on a corner's cone or on its name, on the student's page in headless Chromium,
is a click on that corner (issue 89's classroom trial: both answered "that is not on the
board"), while a click on nothing is still refused in words."""

from __future__ import annotations

import signal

import pytest
from classroom_helpers import LESSON, start_server
from test_classroom import centre, join

from tests.patience import WAIT_MS

NOT_ON = "that is not on the board"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = start_server(tmp_path_factory.mktemp("aims") / "results.json", LESSON)
    yield running
    running.stop(signal.SIGKILL)


def clicked_at(page, x: float, y: float) -> str:
    """Click the page at (x, y); the picked points afterwards, or the message said."""
    acted = page.evaluate("() => Number(document.body.dataset.acted || 0)")
    page.mouse.click(x, y)
    page.wait_for_function(
        f"() => Number(document.body.dataset.acted || 0) > {acted}", timeout=WAIT_MS
    )
    message = page.query_selector("#cr-msg")
    said = message.inner_text() if message is not None and message.is_visible() else ""
    return said or page.inner_text("#cr-picked")


def test_a_corner_cone_or_name_clicked_picks_the_corner(server, browser):
    page = join(browser, server.students, "Ada")
    try:
        page.click("#cr-next")
        page.wait_for_function(
            "() => document.querySelector('#cr-step-title').innerText === 'Five walls'",
            timeout=WAIT_MS,
        )
        page.wait_for_function("() => document.querySelector('#cr-view canvas')", timeout=WAIT_MS)
        page.wait_for_function("() => window.classroom.labels_at('AP')", timeout=WAIT_MS)
        page.wait_for_function(  # the camera set for the board shown (a new board's)
            "() => document.body.dataset.framed === String(window.classroom.boardKey)",
            timeout=WAIT_MS,
        )
        # the apex's name, over the board above the apex ball
        x, y = page.evaluate("() => window.classroom.labels_at('AP')")
        assert clicked_at(page, x, y) == "Picked: 0,0,3"
        assert clicked_at(page, x, y) != "Picked: 0,0,3"  # a second click lets it go
        # its cone, between the ball and the name (two thirds of the way out)
        cone = page.evaluate(
            """(apex) => {
                const C = window.classroom;
                const spot = C.labels.find((l) => l.text === 'AP').at;
                return C.screen_of(spot.map((v, i) => apex[i] + (v - apex[i]) * 2 / 3));
            }""",
            centre(LESSON, 1, (0, 0, 3)),
        )
        assert clicked_at(page, *cone) == "Picked: 0,0,3"
        # a click on the page's empty corner is refused in words, as before
        box = page.locator("#cr-view").bounding_box()
        said = clicked_at(page, box["x"] + 5, box["y"] + box["height"] - 5)
        assert said.startswith(NOT_ON), said
        assert page.errors == []
    finally:
        page.close()
