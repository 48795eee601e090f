"""What the classroom's browser tests share: a server started by the command line, on
127.0.0.1 and a free port, its two addresses read from what it prints; and a page's
connection without a browser (:class:`Page`: the websocket and its JSON messages, as the
page speaks them, or as a hostile page would)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from tests.patience import WAIT_S

ROOT = Path(__file__).resolve().parents[2]
CODE = "test-class-code-0123"
LESSON = ROOT / "model" / "data" / "lessons" / "partition" / "01-corners-and-walls.lesson.json"
SECOND = ROOT / "model" / "data" / "lessons" / "partition" / "03-a-corner-ball.lesson.json"
TERRACE = ROOT / "model" / "data" / "lessons" / "terrace" / "01-pushes.lesson.json"


@dataclass
class Server:
    process: subprocess.Popen[str]
    students: str
    teacher: str
    results: Path
    lines: list[str]

    def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            out, _ = self.process.communicate(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, _ = self.process.communicate()
        self.lines += out.splitlines()
        return self.process.returncode


def start_server(
    results: Path | None,
    *lessons: Path,
    code: str = CODE,
    port: int = 0,
    more: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> Server:
    """``pyramid-lab classroom`` on 127.0.0.1 and a free port (``results``: its
    ``--results``, None: the default; ``more``: other options); its two addresses read
    from what it prints."""
    command = [
        sys.executable,
        "-m",
        "pyramid_lab.viewer.cli",
        "classroom",
        *map(str, lessons),
        "--port",
        str(port),
        "--code",
        code,
        *(["--results", str(results)] if results is not None else []),
        *more,
    ]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    assert process.stdout is not None
    lines: list[str] = []
    found: dict[str, str] = {}
    deadline = time.monotonic() + WAIT_S  # (started at load 10 beside a warm-up: tens of s)
    while len(found) < 2 and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip())
        match = re.match(r"(Students|Teacher)'s? page: (\S+)", line)
        if match:
            found[match.group(1)] = match.group(2)
    if len(found) < 2:
        process.kill()
        raise AssertionError("the classroom did not start:\n" + "\n".join(lines))
    return Server(process, found["Students"], found["Teacher"], results or Path(), lines)


def socket_url(page_url: str) -> str:
    """The websocket of the server whose page is at ``page_url``."""
    return re.sub(r"^http://([^/]+)/.*$", r"ws://\1/ws", page_url)


class Page:
    """A page's connection without a browser: one websocket, JSON messages with an ``id``
    answered in turn (what the page's classroom.js sends; or anything at all)."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session = session
        self.url = url
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.next = 1

    async def open(self, **options: Any) -> Page:
        self.ws = await self.session.ws_connect(self.url, **options)
        return self

    async def ask(self, timeout: float = WAIT_S, **message: Any) -> dict[str, Any]:
        """Send ``message`` (its ``id`` added) and wait for its answer."""
        assert self.ws is not None
        ident = self.next
        self.next += 1
        await self.ws.send_str(json.dumps({"id": ident, **message}))
        return await self.answer(ident, timeout)

    async def answer(self, ident: int | None, timeout: float = WAIT_S) -> dict[str, Any]:
        assert self.ws is not None
        async with asyncio.timeout(timeout):
            while True:
                got = await self.ws.receive()
                if got.type != aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"the server ended the connection ({got.type.name})")
                answer = json.loads(got.data)
                if ident is None or answer.get("id") == ident:
                    return answer

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
