"""The classroom's pictures for the docs: a student's page after a wrong answer (the rules'
reason, the escape path it leaves), the teacher's page seeing two students (and asking
before it removes one), and a lesson
of Allmer's Pyramid with a stone clicked (its destinations drawn, its moves listed).

    .venv/bin/python scripts/classroom_shots.py [OUT]   (default docs/images)

Starts ``pyramid-lab classroom`` on 127.0.0.1 (a free port, a temporary results file) and
drives Debian's headless Chromium (/usr/bin/chromium) with Playwright."""

from __future__ import annotations

import signal
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

from classroom_helpers import LESSON, TERRACE, start_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from pyramid_lab.model import lesson as lessons  # noqa: E402

THIRD = ROOT / "model" / "data" / "lessons" / "partition" / "03-a-corner-ball.lesson.json"


def click(page, point) -> None:
    page.wait_for_timeout(400)
    x, y = page.evaluate("(p) => window.classroom.screen_of(p)", point)
    acted = page.evaluate("() => Number(document.body.dataset.acted || 0)")
    page.mouse.click(x, y)
    page.wait_for_function(f"() => Number(document.body.dataset.acted || 0) > {acted}")


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    game = lessons.read(THIRD).steps[0].game
    lattice = game.lattice
    centre = [float(c) for c in lattice.centres[lattice.id_of(0, 1, 0)]]
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "results.json", LESSON, THIRD, TERRACE)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox"]
            )
            pages = []
            for name in ("Ada", "Bo"):
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                page.goto(server.students)
                page.fill("#cr-name", name)
                page.click("#cr-join-button")
                page.wait_for_selector("#cr-step-title")
                pages.append(page)
            ada, bo = pages
            ada.select_option("#cr-lesson", "1")
            ada.wait_for_function(
                "() => document.querySelector('#cr-lesson-title').innerText === 'A corner ball'"
            )
            click(ada, centre)
            ada.wait_for_selector("#cr-verdict.cr-wrong")
            bo.click("#cr-next")
            teacher = browser.new_page(viewport={"width": 1280, "height": 420})
            teacher.goto(server.teacher)
            teacher.wait_for_function("() => document.body.dataset.rows === '2'")
            teacher.wait_for_timeout(1200)
            ada.wait_for_timeout(500)
            ada.screenshot(path=str(out / "classroom-student.png"))
            teacher.screenshot(path=str(out / "classroom-teacher.png"))
            # Remove asks first, naming whom and what goes with them
            teacher.check("#cr-table tr:has-text('Bo') .cr-pick-row")
            teacher.click("#cr-remove-picked")
            teacher.wait_for_selector("#cr-confirm")
            teacher.screenshot(path=str(out / "classroom-remove.png"))
            teacher.click("#cr-confirm-no")
            # Allmer's Pyramid, step 2: black's stone on g6 clicked (fields (r, c) stand at
            # x = c, y = 6 - r, their tops 0.5 a level up; a stone is 0.3 high)
            bo.select_option("#cr-lesson", "2")
            bo.wait_for_function(
                "() => document.querySelector('#cr-lesson-title').innerText === 'Pushes'"
            )
            bo.click("#cr-next")
            bo.wait_for_selector("#cr-play-list")
            click(bo, [6.0, 1.0, 0.8])
            bo.wait_for_timeout(800)
            bo.screenshot(path=str(out / "classroom-terrace.png"))
            browser.close()
        server.stop(signal.SIGTERM)
    print(
        "wrote classroom-student.png, classroom-teacher.png, classroom-remove.png and "
        f"classroom-terrace.png in {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
