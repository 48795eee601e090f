"""``pyramid-lab classroom LESSON_OR_FOLDER... [--host H] [--port N] [--code CODE]
[--results FILE]``: serve the lessons to a class in their browsers (``viewer.classroom``).

It prints two addresses, the students' page and the teacher's (with the class code, made
up when none is given), and listens on 127.0.0.1 unless ``--host`` says otherwise. Every
student's progress goes to the results file, written atomically every few seconds while
something changed and when the server stops (Ctrl+C, SIGTERM); a results file that exists
is read first, so the class goes on where it stopped."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from .common import EXIT_BAD_INPUT, EXIT_OK

DEFAULT_PORT = 8080
DEFAULT_RESULTS = "classroom-results.json"


def add_parser(commands: Any) -> None:
    classroom = commands.add_parser(
        "classroom",
        help="serve lessons to a class in their browsers: a page for the students, one for "
        "the teacher",
    )
    classroom.add_argument(
        "lessons", nargs="+", metavar="LESSON_OR_FOLDER",
        help="lesson files (*.lesson.json), or folders of them",
    )
    classroom.add_argument(
        "--host", default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: "
        "every network it is on, see the README)",
    )
    classroom.add_argument(
        "--port", type=int, default=DEFAULT_PORT, metavar="N",
        help=f"the port (default {DEFAULT_PORT}; 0: any free one)",
    )
    classroom.add_argument(
        "--code", default=None,
        help="the class code the teacher's page asks for (default: one is made up)",
    )
    classroom.add_argument(
        "--results", default=DEFAULT_RESULTS, metavar="FILE",
        help=f"where the students' progress is kept (default {DEFAULT_RESULTS}; read first "
        "when it exists)",
    )


def run(args: argparse.Namespace) -> int:
    from model.game import PositionFormatError

    from ..classroom.room import Classroom, Refused, make_code
    from ..classroom.scene import lattice_of

    if not 0 <= args.port <= 65535:
        print(f"pyramid-lab: --port {args.port}: a port is from 0 to 65535", file=sys.stderr)
        return EXIT_BAD_INPUT
    code = args.code if args.code is not None else make_code()
    try:
        room = Classroom.open(args.lessons, code, Path(args.results), lattice_of)
    except PositionFormatError as exc:
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Refused as exc:
        print(f"pyramid-lab: --code: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        asyncio.run(serve(room, args.host, args.port))
    except OSError as exc:
        print(f"pyramid-lab: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    finally:
        saved = _save(room)
    if saved:
        print(f"the students' progress is in {saved}", flush=True)
    return EXIT_OK


def _save(room: Any) -> Path | None:
    try:
        found: Path | None = room.save()
    except OSError as exc:
        print(f"pyramid-lab: the results file could not be written: {exc}", file=sys.stderr)
        return None
    return found


def addresses(host: str, port: int, code: str) -> tuple[str, str]:
    """The students' page and the teacher's (with the class code)."""
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = socket.gethostname()
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    base = f"http://{shown}:{port}/"
    return f"{base}?reconnect=auto", f"{base}?ui=teacher&reconnect=auto#code={code}"


async def serve(room: Any, host: str, port: int, ready: Any = None) -> None:
    """Run the class's server until SIGINT or SIGTERM; the results are written every
    :data:`~viewer.classroom.web.SAVE_EVERY` seconds while something changed."""
    from ..classroom.web import SAVE_EVERY, build_server

    server = build_server(room)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    task = server.start(
        exec_mode="task", host=host, port=port, open_browser=False,
        show_connection_info=False, timeout=0, thread=True, disable_logging=True,
    )
    try:
        await asyncio.wait_for(server.ready, 60)
        students, teacher = addresses(host, server.port, room.code)
        print(f"Students' page: {students}", flush=True)
        print(f"Teacher's page: {teacher}", flush=True)
        if ready is not None:
            ready(server)
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), SAVE_EVERY)
            if room.dirty:
                _save(room)
            if task.done():  # the server ended by itself (it could not listen)
                task.result()
                break
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        with contextlib.suppress(Exception):
            await server.stop()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
