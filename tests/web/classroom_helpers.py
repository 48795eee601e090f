"""What the classroom's browser tests share: a server started by the command line, on
127.0.0.1 and a free port, its two addresses read from what it prints (in any language);
a class served on a thread of the test's process; and a page's connection without a
browser (:class:`Page`: the websocket and its JSON messages, as the page speaks them, or
as a hostile page would)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp

from tests.patience import WAIT_S

if TYPE_CHECKING:
    from pyramid_lab.viewer.classroom.guard import Limits

ROOT = Path(__file__).resolve().parents[2]
CODE = "test-class-code-0123"
LESSON = ROOT / "model" / "data" / "lessons" / "partition" / "01-corners-and-walls.lesson.json"
SECOND = ROOT / "model" / "data" / "lessons" / "partition" / "03-a-corner-ball.lesson.json"
TERRACE = ROOT / "model" / "data" / "lessons" / "terrace" / "01-pushes.lesson.json"


#: The teacher's address as the command prints it in every language (the words around it
#: are the catalog's, the address is not): the class's base address, the students' page,
#: then ``teacher#code=`` and the class code.
TEACHER_ADDRESS = re.compile(r"(http://\S+/)teacher#code=\S+")


class Output:
    """A process's output (stdout and stderr together), read on a thread as it comes: its
    pipe never fills, whatever the process says, and a wait for a line has a deadline
    (a blocking ``readline`` waits for ever for a line that never comes)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        self._came: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(
            target=self._read, args=(process,), name="class-output", daemon=True
        )
        self._reader.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        with process.stdout:  # (closed at its end, as communicate() closes it)
            for line in process.stdout:
                self.lines.append(line.rstrip())
                self._came.put(line)
        self._came.put(None)

    def addresses(self, seconds: float = WAIT_S) -> tuple[str, str] | None:
        """The students' page and the teacher's, from the first address of the teacher's
        page printed, in whatever language the command speaks; None when the output ends
        or ``seconds`` pass first."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self._came.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            found = TEACHER_ADDRESS.search(line)
            if found:
                return found.group(1), found.group(0)
        return None

    def end(self, seconds: float = WAIT_S) -> list[str]:
        """Every line, once the output has ended (the process gone)."""
        self._reader.join(seconds)
        return self.lines


@dataclass
class Server:
    process: subprocess.Popen[str]
    students: str
    teacher: str
    results: Path
    output: Output

    @property
    def lines(self) -> list[str]:
        """What the class has printed so far."""
        return self.output.lines

    def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            self.process.wait(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.output.end()
        return self.process.returncode


def run_class(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> Server:
    """``command`` (a ``pyramid-lab classroom``) started in ``cwd`` with ``env`` added to
    this environment, its addresses found in what it prints (in any language: the
    teacher's address, :data:`TEACHER_ADDRESS`)."""
    process = subprocess.Popen(
        command,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    output = Output(process)
    found = output.addresses()  # (started at load 10 beside a warm-up: tens of s)
    if found is None:
        process.kill()
        raise AssertionError("the classroom did not start:\n" + "\n".join(output.end()))
    students, teacher = found
    return Server(process, students, teacher, Path(), output)


def start_server(
    results: Path | None,
    *lessons: Path,
    code: str = CODE,
    port: int = 0,
    more: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> Server:
    """``pyramid-lab classroom`` on 127.0.0.1 and a free port (``results``: its
    ``--results``, None: the default; ``more``: other options; ``env``: added to this
    environment); its two addresses read from what it prints (:func:`run_class`)."""
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
    server = run_class(command, env=env)
    server.results = results or Path()
    return server


def command_line(capsys, *argv: str) -> tuple[int, str, str]:
    """The command run in this process (its arguments refused before any server starts: a
    process of its own would prove nothing more): its exit status, output and errors."""
    from pyramid_lab.viewer.cli import main

    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


@dataclass
class LocalClass:
    """A class served on a thread of this process (:func:`local_class`)."""

    students: str
    teacher: str
    results: Path
    room: Any


@contextmanager
def local_class(
    results: Path | None,
    *lessons: Path,
    code: str = CODE,
    port: int = 0,
    limits: Limits | None = None,
) -> Iterator[LocalClass]:
    """The class's server as ``pyramid-lab classroom`` serves it (its app, with the bounds,
    the sockets' guard and the host check the command gives it), on a thread of this
    process, 127.0.0.1 and ``port`` (0: a free one); stopped, and its results file let go,
    on leaving. ``limits``: the class's bounds (None: the command's), for a test that must
    see a bound's time pass (a page's window to join, the wait after a wrong class code)
    without waiting the command's seconds for it.

    For the tests of what a page shows and does, which need no process of the class's own:
    a process costs its start and the searches' compiled code loaded again (about 3 s of
    processor time). What only a process of its own shows (SIGTERM, a restart on the same
    port, its memory and processor time under attack, its command line) is tested with
    :func:`start_server`."""
    from aiohttp import web

    from pyramid_lab.viewer.classroom.guard import QUIET, BoundSite, Hosts, Limits
    from pyramid_lab.viewer.classroom.room import Classroom
    from pyramid_lab.viewer.classroom.sites import on_board
    from pyramid_lab.viewer.classroom.web import build_app
    from pyramid_lab.viewer.cli.classroom import addresses

    room = Classroom.open(lessons, code, results, on_board, lock=True)
    ready: dict[str, Any] = {}
    started = threading.Event()

    async def serve() -> None:
        bounds = limits or Limits()
        app = build_app(room, bounds, Hosts.started_for("127.0.0.1"))
        runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0,
            keepalive_timeout=bounds.idle,
        )  # fmt: skip
        await runner.setup()
        try:
            site = BoundSite(runner, "127.0.0.1", port, app[QUIET])
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


def port_of(url: str) -> int:
    """The port of a class's address."""
    return int(re.search(r":(\d+)/", url).group(1))


def raw_page(port: int, address: str, name: str) -> socket.socket:
    """A page that joins on a raw socket and never reads again (its receive buffer small,
    so that what the server sends it stays in the server's send queue)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((address, 0))
    sock.settimeout(WAIT_S)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        assert chunk, "the handshake was not answered"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head
    payload = json.dumps({"id": 1, "do": "join", "name": name}).encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
    return sock


def send_queues(port: int, address: str) -> dict[int, int]:
    """The bytes in the server's send queue of each of its connections to ``address``
    (``/proc/net/tcp``'s tx_queue), by the client's port."""
    ip = "".join(f"{int(part):02X}" for part in reversed(address.split(".")))
    found = {}
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, queues = fields[1], fields[2], fields[4]
        if local.endswith(f":{port:04X}") and remote.startswith(ip + ":"):
            found[int(remote.split(":")[1], 16)] = int(queues.split(":")[0], 16)
    return found
