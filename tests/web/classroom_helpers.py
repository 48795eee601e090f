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
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
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


@dataclass
class LocalClass:
    """A class served on a thread of this process (:func:`local_class`)."""

    students: str
    teacher: str
    results: Path
    room: Any


@contextmanager
def local_class(results: Path | None, *lessons: Path, code: str = CODE) -> Iterator[LocalClass]:
    """The class's server as ``pyramid-lab classroom`` serves it (its app, with the bounds,
    the sockets' guard and the host check the command gives it), on a thread of this
    process, 127.0.0.1 and a free port; stopped, and its results file let go, on leaving.

    For the tests of what a page shows and does, which need no process of the class's own:
    a process costs its start and the searches' compiled code loaded again (about 3 s of
    processor time). What only a process of its own shows (SIGTERM, a restart on the same
    port, its memory and processor time under attack, its command line) is tested with
    :func:`start_server`."""
    from aiohttp import web

    from pyramid_lab.viewer.classroom.guard import Hosts
    from pyramid_lab.viewer.classroom.limits import Limits
    from pyramid_lab.viewer.classroom.room import Classroom
    from pyramid_lab.viewer.classroom.sites import on_board
    from pyramid_lab.viewer.classroom.sockets import QUIET, BoundSite
    from pyramid_lab.viewer.classroom.web import build_app
    from pyramid_lab.viewer.cli.classroom import addresses

    room = Classroom.open(lessons, code, results, on_board, lock=True)
    ready: dict[str, Any] = {}
    started = threading.Event()

    async def serve() -> None:
        limits = Limits()
        app = build_app(room, limits, Hosts.started_for("127.0.0.1"))
        runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0,
            keepalive_timeout=limits.idle,
        )  # fmt: skip
        await runner.setup()
        try:
            site = BoundSite(runner, "127.0.0.1", 0, app[QUIET])
            await site.start()
            stop = asyncio.Event()
            ready.update(port=site.port, stop=(asyncio.get_running_loop(), stop))
            started.set()
            await stop.wait()
        finally:
            await runner.cleanup()

    def main() -> None:
        try:
            asyncio.run(serve())
        finally:
            started.set()  # (a server that could not start: said below, not waited for)

    thread = threading.Thread(target=main, name="class-under-test", daemon=True)
    thread.start()
    try:
        started.wait(WAIT_S)
        assert "port" in ready, "the class did not start on its thread"
        students, teacher = addresses("127.0.0.1", ready["port"], room.code)
        yield LocalClass(students, teacher, results or Path(), room)
    finally:
        if "stop" in ready:
            loop, stop = ready["stop"]
            loop.call_soon_threadsafe(stop.set)
        thread.join(WAIT_S)
        room.close()


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
