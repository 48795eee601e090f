"""The classroom trial (issue 89, done-means 5): one lesson of each of the five games taught
to two students in Debian's headless Chromium (Playwright) and one in Firefox ESR under
Xvfb (``scripts/classroom_firefox.py``: WebDriver BiDi), the teacher's page in Chromium.
For each lesson the teacher sends everyone to its first step; each student reads every
step and answers its task as a student does: points clicked on the board with the mouse
and Check, a move typed and Play. Bo answers wrong first and asks for the hint; Ada and
the Firefox student answer right. Pictures of every page at every step go to OUT, to be
looked at; what each page said is printed, and the pages' console errors.

    .venv/bin/python tests/web/classroom_trial.py /tmp/trial
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import tempfile
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web"), str(ROOT / "scripts")]

from classroom_firefox import Firefox, firefox, join  # noqa: E402  (after the path above)
from classroom_helpers import start_server  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from pyramid_lab.model import lesson as lessons  # noqa: E402
from pyramid_lab.model.lattice import CORNERS  # noqa: E402

LESSONS = ROOT / "model" / "data" / "lessons"
FIRST = [
    LESSONS / "partition" / "01-corners-and-walls.lesson.json",
    LESSONS / "pyraos" / "01-squares-and-removals.lesson.json",
    LESSONS / "terrace" / "01-pushes.lesson.json",
    LESSONS / "ball" / "01-programming.lesson.json",
    LESSONS / "rolling" / "01-the-draft.lesson.json",
]
WAIT = 60_000
SAID = (
    "() => [...document.querySelectorAll('#cr-msg, #cr-verdict, #cr-task .cr-hint')]"
    ".map((e) => e.innerText.trim()).join(' / ')"
)


def answer_points(path: Path, step: int, answers: list[str]) -> list[list[float]]:
    """The scene points of a click task's answers (a corner's name or ``x,y,z``)."""
    game = lessons.read(path).steps[step].game
    lattice = game.lattice
    names = {c.value: lattice.point(lattice.corner_ids[c]) for c in CORNERS}
    points = []
    for answer in answers:
        point = names.get(answer) or tuple(int(v) for v in answer.split(","))
        points.append([float(c) for c in lattice.centres[lattice.id_of(*point)]])
    return points


def wrong_point(path: Path, step: int, answers: list[str]) -> list[float]:
    """A point of the board that is no answer (its first base point that is not)."""
    game = lessons.read(path).steps[step].game
    lattice = game.lattice
    right = {tuple(p) for p in answer_points(path, step, answers)}
    for centre in lattice.centres:
        if tuple(float(c) for c in centre) not in right:
            return [float(c) for c in centre]
    raise AssertionError("every point is an answer")


class Chromium:
    """A student's page in headless Chromium, and what it said."""

    def __init__(self, browser: Any, url: str, name: str, out: Path) -> None:
        self.name, self.out = name, out
        self.page: Page = browser.new_page(viewport={"width": 1280, "height": 800})
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(f"{name}: {exc}"))
        self.page.on(
            "console",
            lambda m: (
                self.errors.append(f"{name} console: {m.text}") if m.type == "error" else None
            ),
        )
        self.page.goto(url)
        self.page.fill("#cr-name", name, timeout=WAIT)
        self.page.click("#cr-join-button")
        self.page.wait_for_selector("#cr-step-title", timeout=WAIT)

    def shot(self, tag: str) -> None:
        self.page.wait_for_timeout(700)
        self.page.screenshot(path=str(self.out / f"{tag}-{self.name}.png"))

    def click_at(self, point: list[float]) -> None:
        page = self.page
        x, y = page.evaluate("(p) => window.classroom.screen_of(p)", point)
        acted = page.evaluate("() => Number(document.body.dataset.acted || 0)")
        page.mouse.click(x, y)
        page.wait_for_function(
            f"() => Number(document.body.dataset.acted || 0) > {acted}", timeout=WAIT
        )

    def lesson(self, index: int, path: Path, wrong_first: bool) -> list[str]:
        page, said = self.page, []
        steps = lessons.read(path).steps
        page.wait_for_function(
            f"() => document.querySelector('#cr-lesson').value === '{index}' && "
            f"document.querySelector('#cr-step-title').innerText === {json.dumps(steps[0].title)}",
            timeout=WAIT,
        )
        for number, step in enumerate(steps):
            if number:
                page.click("#cr-next")
                page.wait_for_function(
                    "(t) => document.querySelector('#cr-step-title').innerText === t",
                    arg=step.title,
                    timeout=WAIT,
                )
            page.wait_for_function("() => document.querySelector('#cr-view canvas')", timeout=WAIT)
            page.wait_for_timeout(500)
            task = step.task
            tag = f"{path.parent.name}-{number + 1}"
            if task is None:
                self.shot(tag)
                continue
            answers = list(task.answers)
            if wrong_first:
                if task.kind == "click-points":
                    self.click_at(wrong_point(path, number, answers))
                    page.click("#cr-check")
                else:
                    page.fill("#cr-move", "a1")
                    page.click("#cr-play")
                page.wait_for_timeout(800)
                said.append(f"{tag} wrong: {page.evaluate(SAID)}")
                self.shot(tag + "-wrong")
                if page.query_selector("#cr-retry"):
                    page.click("#cr-retry")
                page.click("#cr-hint")
                page.wait_for_timeout(800)
                said.append(f"{tag} hint: {page.evaluate(SAID)}")
            if task.kind == "click-points":
                for point in answer_points(path, number, answers[: len(answers)]):
                    self.click_at(point)
                said.append(f"{tag} picked: {page.inner_text('#cr-picked')}")
                page.click("#cr-check")
            else:
                page.fill("#cr-move", answers[0])
                page.click("#cr-play")
            page.wait_for_selector("#cr-verdict", timeout=WAIT)
            verdict = page.query_selector("#cr-verdict")
            assert verdict is not None
            said.append(f"{tag} {verdict.get_attribute('class')}: {verdict.inner_text()}")
            self.shot(tag)
        return said


async def firefox_lesson(page: Firefox, index: int, path: Path, out: Path) -> list[str]:
    """The Firefox student's lesson: every step read, every task answered right."""
    said = []
    steps = lessons.read(path).steps
    await page.until(
        f"document.querySelector('#cr-lesson').value === '{index}' && "
        f"document.querySelector('#cr-step-title').innerText === {json.dumps(steps[0].title)}",
        60,
    )
    for number, step in enumerate(steps):
        if number:
            await page.js("document.querySelector('#cr-next').click(), 1")
            await page.until(
                f"document.querySelector('#cr-step-title').innerText === {json.dumps(step.title)}"
            )
        await page.until("!!document.querySelector('#cr-view canvas')")
        await asyncio.sleep(1.0)
        tag = f"{path.parent.name}-{number + 1}"
        task = step.task
        if task is not None:
            answers = list(task.answers)
            if task.kind == "click-points":
                for point in answer_points(path, number, answers):
                    await page.click_at(point)
                    await asyncio.sleep(1.0)
                picked = await page.js("document.querySelector('#cr-picked').innerText")
                said.append(f"{tag} picked: {picked}")
                await page.js("document.querySelector('#cr-check').click(), 1")
            else:
                await page.js(f"window.classroom.set('cr_move', {json.dumps(answers[0])}), 1")
                await asyncio.sleep(0.3)
                await page.js("document.querySelector('#cr-play').click(), 1")
            await page.until("!!document.querySelector('#cr-verdict')", 30)
            verdict = await page.js(
                "(e => e.className + ': ' + e.innerText)(document.querySelector('#cr-verdict'))"
            )
            said.append(f"{tag} {verdict}")
        await asyncio.sleep(0.8)
        await page.picture(str(out / f"{tag}-Firefox.png"))
    return said


class Background:
    """An event loop in a thread, for the Firefox student's session beside Playwright's."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, work: Coroutine[Any, Any, Any], seconds: float = 300) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(seconds)


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/classroom-trial")
    out.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    background = Background()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "results.json", *FIRST)
        session = firefox(1280, 800)
        fox = background.run(session.__aenter__())
        try:
            background.run(join(fox, server.students, "Firefox"))
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", args=["--no-sandbox"]
                )
                teacher = browser.new_page(viewport={"width": 1280, "height": 800})
                teacher.on("pageerror", lambda exc: errors.append(f"teacher: {exc}"))
                teacher.goto(server.teacher)
                teacher.wait_for_selector("#cr-everyone", timeout=WAIT)
                students = [Chromium(browser, server.students, n, out) for n in ("Ada", "Bo")]
                for index, path in enumerate(FIRST):
                    teacher.select_option("#cr-teacher-lesson", str(index))
                    teacher.fill("#cr-teacher-step", "1")
                    teacher.click("#cr-everyone")
                    teacher.wait_for_function(
                        "(n) => document.querySelector('#cr-said').innerText"
                        ".includes('moved to lesson ' + n + ',')",
                        arg=index + 1,
                        timeout=WAIT,
                    )
                    print(f"== {path.parent.name}: {teacher.inner_text('#cr-said')}")
                    for student in students:
                        for line in student.lesson(index, path, student.name == "Bo"):
                            print(f"  {student.name}: {line}")
                    for line in background.run(firefox_lesson(fox, index, path, out)):
                        print(f"  Firefox: {line}")
                    teacher.wait_for_timeout(1500)
                    teacher.screenshot(path=str(out / f"{path.parent.name}-teacher.png"))
                    print("  teacher:", " | ".join(teacher.inner_text("#cr-table").splitlines()))
                for student in students:
                    errors += student.errors
                browser.close()
            errors += fox.logs
        finally:
            background.run(session.__aexit__(None, None, None))
            server.stop(signal.SIGTERM)
    for error in errors:
        print("problem:", error)
    print(f"pictures in {out}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
