"""A smoke check of the classroom in Debian's Firefox ESR (``apt-get install firefox-esr``),
which Playwright cannot drive: Firefox under Xvfb (headless Firefox has no WebGL on a
machine with no GPU) is driven through WebDriver BiDi on its remote debugging port. It
joins, opens Allmer's Pyramid's move step, clicks black's stone on g6 with the mouse (its
moves listed), then g7 (the verdict), opens Rolling's deployment and saves two pictures.
Not part of the tests (docs/teach.md says what it showed).

    pyramid-lab classroom model/data/lessons/terrace model/data/lessons/rolling --port 18448 &
    .venv/bin/python scripts/classroom_firefox.py http://127.0.0.1:18448/ /tmp/firefox
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

PORT = 9233


class Firefox:
    """One BiDi session: commands by method and parameters, answered in order."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.count = 0
        self.context = ""
        #: The page's console errors and warnings (after ``session.subscribe`` to
        #: ``log.entryAdded``).
        self.logs: list[str] = []

    async def cmd(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.count += 1
        await self.ws.send_str(json.dumps({"id": self.count, "method": method, "params": params}))
        while True:
            message = json.loads((await self.ws.receive()).data)
            if message.get("method") == "log.entryAdded":
                entry = message["params"]
                if entry.get("level") in ("error", "warn"):
                    self.logs.append(f"console {entry['level']}: {entry.get('text')}")
            if message.get("id") == self.count:
                if message.get("type") == "error":
                    raise RuntimeError(message)
                return dict(message["result"])

    async def js(self, expression: str) -> Any:
        found = await self.cmd(
            "script.evaluate",
            {"expression": expression, "target": {"context": self.context}, "awaitPromise": True},
        )
        return found.get("result", {}).get("value")

    async def until(self, expression: str, seconds: float = 20) -> None:
        for _ in range(int(seconds * 5)):
            if await self.js(expression):
                return
            await asyncio.sleep(0.2)
        raise RuntimeError("timed out: " + expression)

    async def click_at(self, point: list[float]) -> None:
        """A mouse click where the board shows ``point`` (the page's camera projects it)."""
        x, y = json.loads(await self.js(f"JSON.stringify(window.classroom.screen_of({point}))"))
        mouse = [
            {"type": "pointerMove", "x": round(x), "y": round(y)},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        action = {"type": "pointer", "id": "mouse", "actions": mouse}
        await self.cmd("input.performActions", {"context": self.context, "actions": [action]})

    async def picture(self, path: str) -> None:
        shot = await self.cmd("browsingContext.captureScreenshot", {"context": self.context})
        Path(path).write_bytes(base64.b64decode(shot["data"]))


@contextlib.asynccontextmanager
async def firefox(width: int = 1280, height: int = 760) -> AsyncIterator[Firefox]:
    """Firefox ESR under Xvfb with a fresh profile, its BiDi session's page (a viewport of
    ``width`` x ``height``); closed, with its Xvfb, on leaving."""
    home = tempfile.mkdtemp(prefix="classroom-firefox-")
    profile = os.path.join(home, "profile")
    os.makedirs(profile)
    command = [
        "xvfb-run",
        "-a",
        "-s",
        f"-screen 0 {max(1400, width + 120)}x{max(900, height + 140)}x24",
        "firefox-esr",
        "--no-remote",
        "--profile",
        profile,
        f"--remote-debugging-port={PORT}",
    ]
    browser = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "HOME": home},
        start_new_session=True,
    )
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(60):
                try:
                    ws = await http.ws_connect(f"ws://127.0.0.1:{PORT}/session")
                    break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.5)
            else:
                raise RuntimeError("Firefox did not open its remote debugging port")
            page = Firefox(ws)
            await page.cmd("session.new", {"capabilities": {}})
            page.context = (await page.cmd("browsingContext.getTree", {}))["contexts"][0]["context"]
            viewport = {"width": width, "height": height}
            await page.cmd(
                "browsingContext.setViewport", {"context": page.context, "viewport": viewport}
            )
            await page.cmd("session.subscribe", {"events": ["log.entryAdded"]})
            try:
                yield page
            finally:
                await ws.close()
    finally:  # xvfb-run, its Xvfb and Firefox: the process group started here
        os.killpg(browser.pid, signal.SIGTERM)
        browser.wait(10)


async def join(page: Firefox, url: str, name: str) -> None:
    """Open the students' page at ``url`` and join the class as ``name``."""
    await page.cmd(
        "browsingContext.navigate",
        {"context": page.context, "url": url, "wait": "complete"},
    )
    await page.until("!!document.querySelector('#cr-name')")
    await page.js(
        f"(async () => {{ window.classroom.set('cr_name', {json.dumps(name)}); "
        "await window.classroom.join(); return 1; })()"
    )
    await page.until("!!document.querySelector('#cr-step-title')", 60)


async def check(url: str, out: str) -> None:
    async with firefox() as page:
        await join(page, url, "Firefox")
        await page.js("(async () => { await window.classroom.act('next'); return 1; })()")
        await page.until("!!document.querySelector('#cr-view canvas')")
        await asyncio.sleep(1.0)
        await page.click_at([6.0, 1.0, 0.8])  # black's stone on g6
        await page.until(
            "document.querySelector('#cr-play-list').innerText.startsWith('Moves of g6')"
        )
        print(
            "listed:",
            " ".join((await page.js("document.querySelector('#cr-play-list').innerText")).split()),
        )
        await asyncio.sleep(0.8)
        await page.picture(out + "-selected.png")
        await page.click_at([6.0, 0.0, 0.8])  # g7: the push
        await page.until("!!document.querySelector('#cr-verdict.cr-right')")
        print("verdict:", await page.js("document.querySelector('#cr-verdict').innerText"))
        await page.js(
            "(async () => { await window.classroom.act('lesson', [3]); "
            "await window.classroom.act('next'); return 1; })()"
        )
        await page.until("!!document.querySelector('#cr-play-list')")
        await asyncio.sleep(1.0)
        await page.picture(out + "-hexmap.png")


if __name__ == "__main__":
    asyncio.run(check(sys.argv[1], sys.argv[2]))
