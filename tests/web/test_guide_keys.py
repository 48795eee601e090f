"""docs/accessibility.md's page keys tried as its table says them (issue 107 item 7): the
keys the keyboard test of test_page_access.py does not press (Page Down, + and -, Space,
the left and down arrows) each do what the guide says, on a pyramid and on a board of one
level."""

from __future__ import annotations

from typing import Any

import pytest
from classroom_helpers import LESSON, TERRACE, local_class

from tests.patience import WAIT_MS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    results = tmp_path_factory.mktemp("guide") / "results.json"
    with local_class(results, LESSON, TERRACE) as running:
        yield running


def live(page: Any, words: str) -> str:
    """What the page's live region says, once it says ``words``."""
    page.wait_for_function(
        "(w) => document.querySelector('#cr-live').textContent.includes(w)", arg=words,
        timeout=WAIT_MS,
    )  # fmt: skip
    return page.inner_text("#cr-live")


def shown(page: Any, action: str, *args: Any) -> None:
    """``action`` done on the student's page, its answer and its board shown."""
    count = page.evaluate("() => Number(document.body.dataset.acted || 0)")
    page.evaluate("([a, args]) => window.classroom.act(a, args)", [action, list(args)])
    page.wait_for_function(
        f"() => Number(document.body.dataset.acted || 0) > {count}", timeout=WAIT_MS
    )
    page.wait_for_function(
        "() => document.body.dataset.framed === String(window.classroom.boardKey)",
        timeout=WAIT_MS,
    )


def test_the_guides_page_keys_do_what_it_says(server, browser):
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(server.students)
    page.wait_for_selector("#cr-name", timeout=WAIT_MS)
    page.fill("#cr-name", "Kai")
    page.press("#cr-name", "Enter")
    page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
    shown(page, "next")  # Partition's first lesson, step 2: a pick task on the pyramid
    page.focus("#cr-view")
    page.keyboard.press("ArrowRight")  # the first key: a corner of the lowest level
    live(page, "0,0,0: ")
    page.keyboard.press("+")  # a level up
    assert live(page, ",1: ").split(":")[0].endswith(",1")
    page.keyboard.press("-")  # a level down
    assert live(page, ",0: ").split(":")[0].endswith(",0")
    page.keyboard.press("PageUp")
    live(page, ",1: ")
    page.keyboard.press("PageDown")
    assert live(page, ",0: ").split(":")[0].endswith(",0")
    page.keyboard.press("End")
    live(page, "0,0,3: ")
    page.keyboard.press("Space")  # Space clicks, as Enter does
    live(page, "Picked: 0,0,3")
    # a board of one level: the left and down arrows undo the right and up ones
    shown(page, "lesson", 1)
    shown(page, "next")
    page.focus("#cr-view")
    page.keyboard.press("Home")
    assert live(page, "a7") == "a7: white"
    page.keyboard.press("ArrowRight")
    live(page, "b7")
    page.keyboard.press("ArrowUp")
    live(page, "b6")
    page.keyboard.press("ArrowDown")
    assert live(page, "b7") == "b7: white"
    page.keyboard.press("ArrowLeft")
    assert live(page, "a7") == "a7: white"
    page.close()
