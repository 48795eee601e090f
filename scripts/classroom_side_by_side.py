"""Every game's first lesson step in the classroom's page beside the window's picture of it
(``pyramid-lab render``): the docs' side-by-side pictures (docs/teach.md), one picture, two
renderers.

    .venv/bin/python scripts/classroom_side_by_side.py [OUT] [--width W]   (default docs/images)
    .venv/bin/python scripts/classroom_side_by_side.py --browser firefox --no-window

Starts ``pyramid-lab classroom`` on the five games' first lessons (a free port, a temporary
results file), joins in Debian's headless Chromium (/usr/bin/chromium) through Playwright,
opens each lesson and saves ``side-<game>-page.png``; ``render`` draws the same lesson file
into ``side-<game>-window.png``. ``--browser firefox``: the same in Debian's Firefox ESR
(``apt-get install firefox-esr``) under Xvfb, driven over WebDriver BiDi
(``classroom_firefox.py``), into ``side-<game>-firefox.png`` (in 256 colours). Prints the
page's console errors and warnings, and (Chromium) failed requests (a normal load has
none)."""

from __future__ import annotations

import argparse
import asyncio
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

sys.path.insert(0, str(ROOT / "scripts"))

from classroom_firefox import firefox, join  # noqa: E402
from classroom_helpers import start_server  # noqa: E402  (after the path above)
from PIL import Image  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

LESSONS = ROOT / "model" / "data" / "lessons"
FIRST = {
    "partition": LESSONS / "partition" / "01-corners-and-walls.lesson.json",
    "pyraos": LESSONS / "pyraos" / "01-squares-and-removals.lesson.json",
    "terrace": LESSONS / "terrace" / "01-pushes.lesson.json",
    "ball": LESSONS / "ball" / "01-programming.lesson.json",
    "rolling": LESSONS / "rolling" / "01-the-draft.lesson.json",
}


def in_chromium(url: str, out: Path, width: int, height: int, problems: list[str]) -> None:
    """Each game's first lesson in Debian's headless Chromium: ``side-<game>-page.png``."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox"]
        )
        page = browser.new_page(viewport={"width": width, "height": height})
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
        page.goto(url)
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


async def in_firefox(url: str, out: Path, width: int, height: int, problems: list[str]) -> None:
    """Each game's first lesson in Firefox ESR under Xvfb: ``side-<game>-firefox.png``."""
    async with firefox(width, height) as page:
        await join(page, url, "Ada")
        for index, game in enumerate(FIRST):
            if index:
                await page.js(
                    f"(async () => {{ await window.classroom.act('lesson', [{index}]); "
                    "return 1; })()"
                )
                await page.until(f"document.querySelector('#cr-lesson').value === '{index}'")
            await page.until("!!document.querySelector('#cr-view canvas')")
            await asyncio.sleep(2.0)
            picture = out / f"side-{game}-firefox.png"
            await page.picture(str(picture))
            small(picture)
        problems.extend(page.logs)


def small(picture: Path) -> None:
    """``picture`` in 256 colours, no dithering (a third of its size: the docs' pictures)."""
    rgb = Image.open(picture).convert("RGB")
    rgb.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        picture, optimize=True
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "images"))
    parser.add_argument("--width", type=int, default=1100)
    parser.add_argument("--height", type=int, default=640)
    parser.add_argument("--window-size", default="720x540", help="the render's WxH")
    parser.add_argument("--no-window", action="store_true", help="the page's pictures only")
    parser.add_argument("--browser", choices=("chromium", "firefox"), default="chromium")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "results.json", *FIRST.values())
        try:
            if args.browser == "firefox":
                asyncio.run(in_firefox(server.students, out, args.width, args.height, problems))
            else:
                in_chromium(server.students, out, args.width, args.height, problems)
        finally:
            server.stop(signal.SIGTERM)
    if not args.no_window:
        for game, lesson in FIRST.items():
            picture = out / f"side-{game}-window.png"
            render = [sys.executable, "-m", "pyramid_lab.viewer.cli", "render", str(lesson)]
            subprocess.run(
                [*render, "-o", str(picture), "--size", args.window_size],
                cwd=ROOT,
                check=True,
            )
    for problem in problems:
        print(problem)
    name = "page" if args.browser == "chromium" else "firefox"
    print(f"wrote side-<game>-{name}.png (and -window.png) for {', '.join(FIRST)} in {out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
