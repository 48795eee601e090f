"""The point behind a picked ball, offered on the student's page (issue 89, item 8), in
headless Chromium at a laptop's 1280x800: the legend under the board says what a second
click on the ball does while the page offers the point it hides (it said "click again to
let go" while the offer said the second click picks the point behind), and the offer's
box covers nothing of the lesson's side (it covered the list of lessons)."""

from __future__ import annotations

import numpy as np
import pytest
from classroom_helpers import LESSON, ROOT, local_class

from pyramid_lab.model import lesson as lessons
from tests.patience import WAIT_MS

FULL = ROOT / "model" / "data" / "lessons" / "partition" / "10-a-full-pyramid.lesson.json"
LET_GO = "a piece you picked (click again to let go)"
OFFERED = "a piece you picked (click it again to pick the point it hides instead)"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with local_class(tmp_path_factory.mktemp("offer") / "results.json", LESSON, FULL) as running:
        yield running


def ray_over_the_hidden_point() -> list[list[float]]:
    """A view ray through the ball at 0,0,1 and on to the point 1,1,0 it hides."""
    lattice = lessons.read(FULL).steps[0].game.lattice
    front, hidden = lattice.centres[lattice.id_of(0, 0, 1)], lattice.centres[lattice.id_of(1, 1, 0)]
    direction = (hidden - front) / np.linalg.norm(hidden - front)
    return [[float(c) for c in front - 6.0 * direction], [float(c) for c in direction]]


def clicked(page, ray, count: int) -> None:
    page.evaluate("(ray) => window.classroom.act('click', ray)", ray)
    page.wait_for_function(
        f"() => Number(document.body.dataset.acted || 0) >= {count}", timeout=WAIT_MS
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


def test_the_legend_and_the_offer_agree_and_the_offer_hides_no_lesson(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(server.students)
        page.fill("#cr-name", "Ada", timeout=WAIT_MS)
        page.click("#cr-join-button")
        page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
        page.select_option("#cr-lesson", "1")
        page.wait_for_function(
            "() => document.querySelector('#cr-lesson-title').innerText.startsWith('Every full')",
            timeout=WAIT_MS,
        )
        page.wait_for_function("() => document.querySelector('#cr-view canvas')", timeout=WAIT_MS)
        ray = ray_over_the_hidden_point()
        acted = page.evaluate("() => Number(document.body.dataset.acted || 0)")
        clicked(page, ray, acted + 1)
        page.wait_for_selector("#cr-msg", timeout=WAIT_MS)
        offer = page.inner_text("#cr-msg")
        assert offer.startswith("Click 0,0,1 again to pick 1,1,0, the point its ball hides"), offer
        legend = page.inner_text("#cr-legend")
        assert OFFERED in legend, legend
        assert "let go" not in legend, legend
        msg = page.query_selector("#cr-msg").bounding_box()
        for covered in ("#cr-lesson", "#cr-lesson-title", ".cr-side"):
            where = page.query_selector(covered).bounding_box()
            assert not overlap(msg, where), (covered, msg, where)
        clicked(page, ray, acted + 2)  # the point behind picked instead: the offer is spent
        page.wait_for_function(
            "() => document.querySelector('#cr-picked').innerText.includes('1,1,0')",
            timeout=WAIT_MS,
        )
        legend = page.inner_text("#cr-legend")
        assert "hides instead" not in legend, legend
    finally:
        page.close()
