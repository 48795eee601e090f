"""Every game's first lesson step in the classroom's page beside the window's picture of it
(``pyramid-lab render``): the docs' side-by-side pictures (docs/teach.md), one picture, two
renderers.

    .venv/bin/python scripts/classroom_side_by_side.py [OUT] [--width W]   (default docs/images)

Starts ``pyramid-lab classroom`` on the five games' first lessons (a free port, a temporary
results file), joins in Debian's headless Chromium (/usr/bin/chromium) through Playwright,
opens each lesson and saves ``side-<game>-page.png``; ``render`` draws the same lesson file
into ``side-<game>-window.png``. Prints the page's console errors and failed requests (a
normal load has none)."""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

from classroom_helpers import start_server  # noqa: E402  (after the path above)
from playwright.sync_api import sync_playwright  # noqa: E402

LESSONS = ROOT / "model" / "data" / "lessons"
FIRST = {
    "partition": LESSONS / "partition" / "01-corners-and-walls.lesson.json",
    "pyraos": LESSONS / "pyraos" / "01-squares-and-removals.lesson.json",
    "terrace": LESSONS / "terrace" / "01-pushes.lesson.json",
    "ball": LESSONS / "ball" / "01-programming.lesson.json",
    "rolling": LESSONS / "rolling" / "01-the-draft.lesson.json",
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "images"))
    parser.add_argument("--width", type=int, default=1100)
    parser.add_argument("--height", type=int, default=640)
    parser.add_argument("--window-size", default="720x540", help="the render's WxH")
    parser.add_argument("--no-window", action="store_true", help="the page's pictures only")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "results.json", *FIRST.values())
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", args=["--no-sandbox"]
                )
                page = browser.new_page(viewport={"width": args.width, "height": args.height})
                page.on(
                    "console",
                    lambda m: (
                        problems.append(f"console {m.type}: {m.text}")
                        if m.type in ("error", "warning")
                        else None
                    ),
                )
                page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
                page.on(
                    "response",
                    lambda r: problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None,
                )
                page.goto(server.students)
                page.fill("#cr-name", "Ada")
                page.click("#cr-join-button")
                page.wait_for_selector("#cr-step-title")
                for index, game in enumerate(FIRST):
                    if index:
                        page.select_option("#cr-lesson", str(index))
                        page.wait_for_function(
                            f"() => document.querySelector('#cr-lesson').value === '{index}'"
                        )
                    page.wait_for_timeout(1500)
                    page.screenshot(path=str(out / f"side-{game}-page.png"))
                browser.close()
        finally:
            server.stop(signal.SIGTERM)
    if not args.no_window:
        for game, lesson in FIRST.items():
            picture = out / f"side-{game}-window.png"
            render = [sys.executable, "-m", "viewer.cli", "render", str(lesson)]
            subprocess.run(
                [*render, "-o", str(picture), "--size", args.window_size],
                cwd=ROOT,
                check=True,
            )
    for problem in problems:
        print(problem)
    print(f"wrote side-<game>-page.png (and -window.png) for {', '.join(FIRST)} in {out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
