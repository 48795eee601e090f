"""``pyramid-lab classroom [LESSON_OR_FOLDER...] [--host H] [--port N] [--code CODE]
[--name NAME] [--results FILE]``: serve the lessons (none named: the shipped lessons) to a
class in their browsers (``viewer.classroom``).

It prints two addresses, the students' page and the teacher's (with the class code, made
up when none is given), and listens on 127.0.0.1 unless ``--host`` says otherwise. Every
student's progress goes to the class's results file (by default ``NAME.json`` in the
user's data folder, :func:`~viewer.classroom.room.results_folder`; NAME is ``--name``, else
made of the lessons and the code), locked while the class runs (a second class on it is
refused), written atomically (mode 0600) every few seconds while something changed and
when the server stops (Ctrl+C, SIGTERM); a results file that exists is read first, so the
class goes on where it stopped. A results file that cannot be written is said on the
teacher's page at once, and the command ends with status 1."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from .common import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK

DEFAULT_PORT = 8080


def add_parser(commands: Any, help: str) -> None:
    classroom = commands.add_parser(
        "classroom",
        help=help,
    )
    classroom.add_argument(
        "lessons",
        nargs="*",
        metavar="LESSON_OR_FOLDER",
        help="lesson files (*.lesson.json), or folders of them (none: the shipped lessons)",
    )
    classroom.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: "
        "every network it is on, see the README)",
    )
    classroom.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="N",
        help=f"the port (default {DEFAULT_PORT}; 0: any free one)",
    )
    classroom.add_argument(
        "--code",
        default=None,
        help="the class code the teacher's page asks for (default: one is made up)",
    )
    classroom.add_argument(
        "--name",
        default=None,
        help="the class's name: its results file is NAME.json in the user's data folder "
        "($XDG_DATA_HOME/pyramid-lab/classroom; default: a name made of the lessons and "
        "the code)",
    )
    classroom.add_argument(
        "--results",
        default=None,
        metavar="FILE",
        help="where the students' progress is kept instead (read first when it exists)",
    )


def run(args: argparse.Namespace) -> int:
    from model import content
    from model.game import PositionFormatError

    from ..classroom.room import (
        Classroom,
        Refused,
        class_name,
        make_code,
        name_ok,
        results_folder,
    )
    from ..classroom.sites import on_board

    if not 0 <= args.port <= 65535:
        print(f"pyramid-lab: --port {args.port}: a port is from 0 to 65535", file=sys.stderr)
        return EXIT_BAD_INPUT
    code = args.code if args.code is not None else make_code()
    try:
        lessons = args.lessons or [str(content.lessons())]
        if args.results is not None:
            results = Path(args.results)
        else:
            name = name_ok(args.name) if args.name is not None else class_name(lessons, code)
            folder = results_folder()
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            results = folder / f"{name}.json"
    except Refused as exc:
        print(f"pyramid-lab: --name: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(f"pyramid-lab: the results folder cannot be made ({exc.strerror})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        room = Classroom.open(lessons, code, results, on_board, lock=True)
    except PositionFormatError as exc:
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Refused as exc:
        print(f"pyramid-lab: --code: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    _log_to_stderr()
    _warm_up()
    try:
        asyncio.run(serve(room, args.host, args.port))
    except OSError as exc:
        print(
            f"pyramid-lab: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    finally:
        saved = _save(room)
        room.close()
    if saved:
        print(f"the students' progress is in {saved}", flush=True)
    if room.ever_failed:
        print(
            "pyramid-lab: the results file could not always be written: some of the "
            "class's progress may be lost",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
    return EXIT_OK


def _warm_up() -> None:
    """Import the lessons' judge now, before the class comes, not at the first answer it
    judges: it brings the searches' compiled code (numba), 1.6 s under load, during which
    the import lock and the interpreter held every other student's answer (the stepped
    board's first verdicts, at 10 students: p95 597 ms)."""
    from model import search

    search.lessons.judge_move  # noqa: B018  (the attribute imports it)


def _log_to_stderr() -> None:
    """The class's own lines (who joined, a removal, an address locked out, a fault) on
    stderr, each one line: what a page sent is in them escaped (``web.shown``). aiohttp's
    own lines are left out: they may carry what a client sent as it came."""
    import logging

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("classroom: %(message)s"))
    ours = logging.getLogger("viewer.classroom")
    ours.addHandler(handler)
    ours.setLevel(logging.INFO)
    ours.propagate = False
    logging.getLogger("aiohttp").setLevel(logging.CRITICAL + 1)


def _save(room: Any) -> Path | None:
    said = room.save_failed
    try:
        found: Path | None = room.save()
    except OSError as exc:
        if room.save_failed != said:  # said once, not every few seconds
            print(f"pyramid-lab: {room.save_failed or exc}", file=sys.stderr, flush=True)
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
    return base, f"{base}teacher#code={code}"


async def serve(room: Any, host: str, port: int, ready: Any = None) -> None:
    """Run the class's server until SIGINT or SIGTERM; the results are written every
    :data:`~viewer.classroom.web.SAVE_EVERY` seconds while something changed (on a thread:
    a student's long answer holds their lock, never the server)."""
    from aiohttp import web

    from ..classroom.web import SAVE_EVERY, Limits, bound_sockets, build_app

    limits = Limits()
    app = build_app(room, limits)
    runner = web.AppRunner(
        app,
        access_log=None,
        handle_signals=False,
        shutdown_timeout=2.0,
        keepalive_timeout=limits.idle,
    )
    await runner.setup()
    assert runner.server is not None
    bound_sockets(runner.server, limits)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        site = web.TCPSite(runner, host, port, backlog=128)
        await site.start()
        # the port given when it was 0
        bound = next((int(a[1]) for a in runner.addresses if isinstance(a, tuple)), port)
        await asyncio.to_thread(_save, room)  # at once: a file that cannot be written is said
        students, teacher = addresses(host, bound, room.code)
        print(f"Students' page: {students}", flush=True)
        print(f"Teacher's page: {teacher}", flush=True)
        if room.results is not None:
            print(f"Results file:   {room.results}", flush=True)
        if ready is not None:
            ready(app)
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), SAVE_EVERY)
            if room.dirty:
                await asyncio.to_thread(_save, room)
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        await runner.cleanup()
