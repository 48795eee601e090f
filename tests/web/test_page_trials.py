"""What the classroom and newcomer trials found on the student's page (issue 77 item 4),
in headless Chromium: Rolling's legend beside its board, never over it, at a laptop's
widths."""

from __future__ import annotations

import pytest
from classroom_helpers import ROOT, local_class

from tests.patience import WAIT_MS

LESSONS = ROOT / "model" / "data" / "lessons"
ROLLING = LESSONS / "rolling" / "01-the-draft.lesson.json"
BALL = LESSONS / "ball" / "01-programming.lesson.json"
PYRAOS = LESSONS / "pyraos" / "01-squares-and-removals.lesson.json"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    results = tmp_path_factory.mktemp("trials") / "results.json"
    with local_class(results, ROLLING, BALL, PYRAOS) as running:
        yield running


def open_step(browser, url: str, width: int, lesson: int = 0, step: int = 0):
    """A student's page ``width`` px wide, at ``step`` of lesson ``lesson``, drawn."""
    page = browser.new_page(viewport={"width": width, "height": 760})
    page.goto(url)
    page.fill("#cr-name", f"Trial {width}", timeout=WAIT_MS)
    page.click("#cr-join-button")
    page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
    if lesson:
        title = page.inner_text("#cr-lesson-title")
        page.select_option("#cr-lesson", str(lesson))
        page.wait_for_function(
            f"() => document.querySelector('#cr-lesson-title').innerText !== {title!r}",
            timeout=WAIT_MS,
        )
    for at in range(step):
        page.click("#cr-next")
        page.wait_for_function(
            f"() => document.querySelector('#cr-steps').innerText.includes('Step {at + 2} ')",
            timeout=WAIT_MS,
        )
    page.wait_for_function("() => document.querySelector('#cr-view canvas')", timeout=WAIT_MS)
    return page


#: The page laid out at width ``w``, its board's canvas drawn to its view's size again.
FITTED = """(w) => {
  const view = document.querySelector('#cr-view');
  const canvas = view && view.querySelector('canvas');
  if (document.documentElement.clientWidth !== w || !canvas) return false;
  const [a, b] = [view.getBoundingClientRect(), canvas.getBoundingClientRect()];
  return Math.abs(a.width - b.width) < 1 && Math.abs(a.height - b.height) < 1;
}"""


def box(page, selector: str) -> dict[str, float]:
    found = page.query_selector(selector)
    assert found is not None, selector
    where = found.bounding_box()
    assert where is not None, selector
    return where


def test_the_legend_never_covers_the_board(server, browser):
    # at 1100 px the legend, over the view's top right, hid Rolling's top-right hexes: it is
    # now beside the view, and every point of the board is in the view, none under it (one
    # student's page at each width in turn: the layout is the page's, not the student's)
    page = open_step(browser, server.students, 1100)
    try:
        for width in (1100, 1280, 1400):
            page.set_viewport_size({"width": width, "height": 760})
            page.wait_for_function(FITTED, arg=width, timeout=WAIT_MS)
            assert "held by red" in page.inner_text("#cr-legend")
            legend, view = box(page, "#cr-legend"), box(page, "#cr-view canvas")
            apart = (
                legend["y"] >= view["y"] + view["height"] - 0.5
                or legend["x"] >= view["x"] + view["width"] - 0.5
                or legend["y"] + legend["height"] <= view["y"] + 0.5
            )
            assert apart, (width, legend, view)
    finally:
        page.close()


def test_the_ball_form_says_what_a_pass_is(server, browser):
    # Pyramid Ball's programs: ">L" and ">S" among a pyramid's entries were said nowhere
    # on the page; the form says what every entry is, passes first among them
    page = open_step(browser, server.students, 1280, lesson=1, step=1)
    try:
        page.wait_for_selector("#cr-form", timeout=WAIT_MS)
        entries = page.eval_on_selector_all(
            "#cr-form option", "(options) => options.map((o) => o.value)"
        )
        assert ">L" in entries or ">S" in entries, entries
        found = page.query_selector("#cr-form-key")
        assert found is not None, "no words under the form"
        key = found.inner_text()
        assert ">L, >M, >S: a pass" in key
        assert "passes the ball to that pyramid" in key
        assert "F forward" in key
        assert "S stand" in key
    finally:
        page.close()


def test_pyraos_moves_are_read_without_hover(server, browser):
    # Pyraos's 21 moves were buttons of notation only ("1,1,0 x0,0,0"), their words on hover:
    # now under the rules' headings, each button its own short words
    page = open_step(browser, server.students, 1100, lesson=2, step=1)
    try:
        page.wait_for_selector("#cr-play-list", timeout=WAIT_MS)
        tabs = page.query_selector("#cr-group-tabs")
        assert tabs is not None, page.inner_text("#cr-play-list")
        assert "Place at 1,1,0: a square, take back" in tabs.inner_text()
        assert "Place a sphere from your reserve" in tabs.inner_text()
        shown = page.inner_text("#cr-groups")
        assert "nothing" in shown
        assert "0,0,0 and 1,0,0" in shown
        assert "x0,0,0" not in shown  # the notation only as the buttons' tooltips
        page.click("#cr-groups button:text-is('0,0,0 and 1,0,0')")
        page.wait_for_selector("#cr-verdict", timeout=WAIT_MS)
    finally:
        page.close()
