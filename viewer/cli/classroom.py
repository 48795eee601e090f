"""``pyramid-lab classroom [LESSON_OR_FOLDER...] [--host H] [--port N] [--name NAME]
[--results FILE] [--code CODE | --new-code] [--allow-host NAME] [--threads N]``: serve the
lessons (none named: the shipped lessons) to a class in their browsers
(``viewer.classroom``).

It prints two addresses, the students' page and the teacher's (with the class code), and
listens on 127.0.0.1 unless ``--host`` says otherwise. A class outlives its process: every
student's progress goes to the class's results file (by default ``NAME.json`` in the
user's data folder, :func:`~viewer.classroom.store.results_folder`; NAME is ``--name``,
else made of the lessons, the same each run), and its class code is kept beside it
(``NAME.json.code``, mode 0600; made up the first time, ``--new-code`` makes another): the
same command again continues the same class, and the pages open come back by themselves.
The results file is locked while the class runs (a second class on it, however its path is
spelled, is refused), written atomically (mode 0600) every few seconds while something
changed and when the server stops (Ctrl+C, SIGTERM: within seconds, whatever the pages
do). A results file that cannot be written is said on the teacher's page at once, and the
command ends with status 1."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shlex
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import N_, _

from .common import EXIT_INTERNAL, EXIT_OK, bad_input, cannot_write, system_said
from .options import Option, add_options, flag

if TYPE_CHECKING:
    from pyramid_lab.model.game import Game

    from ..classroom.room import Classroom

    OnBoard = Callable[[Game, tuple[int, ...]], bool]

DEFAULT_PORT = 8080
MOST_THREADS = 64


#: ``classroom``'s arguments, in order.
ARGUMENTS = (
    Option(
        "lessons",
        nargs="*",
        metavar="LESSON_OR_FOLDER",
        help=N_("lesson files (*.lesson.json), or folders of them (none: the shipped lessons)"),
    ),
    Option(
        "--host",
        default="127.0.0.1",
        help=N_(
            "the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: "
            "every network it is on, see the README)"
        ),
    ),
    Option(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="N",
        help=N_("the port (default %(default)s; 0: any free one)"),
    ),
    Option(
        "--code",
        help=N_(
            "the class code the teacher's page asks for, at least 16 letters and digits "
            "(default: the one kept with the class, else one made up)"
        ),
    ),
    flag(
        "--new-code", N_("make the class a new code (the old one opens the teacher's page no more)")
    ),
    Option(
        "--allow-host",
        action="append",
        metavar="NAME",
        help=N_(
            "a name the pages may reach the class by besides its addresses and this "
            "machine's names (a TLS proxy's name; the others are refused: DNS rebinding)"
        ),
    ),
    Option(
        "--name",
        help=N_(
            "the class's name: its results file is NAME.json in the user's data folder "
            "($XDG_DATA_HOME/pyramid-lab/classroom; default: a name made of the lessons, the "
            "same each run: the same command continues the same class)"
        ),
    ),
    Option(
        "--threads",
        type=int,
        metavar="N",
        help=N_(
            "threads that answer the students' boards and moves (default 4, at most "
            "{most}; a student who asked much waits their turn behind the others)"
        ),
        help_values={"most": MOST_THREADS},
    ),
    Option(
        "--results",
        metavar="FILE",
        help=N_("where the students' progress is kept instead (read first when it exists)"),
    ),
)


def add_arguments(classroom: argparse.ArgumentParser) -> None:
    add_options(classroom, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    from ..classroom.sites import on_board

    problem = _bad_arguments(args)
    if problem:
        return bad_input(f"pyramid-lab: {problem}")
    opened = _open_class(args, on_board)
    if isinstance(opened, str):
        return bad_input(f"pyramid-lab: {opened}")
    room, why = opened
    if why:
        print(f"pyramid-lab: {why}", flush=True)
    _log_to_stderr()
    _warm_up()
    _more_files()
    try:
        asyncio.run(serve(room, args.host, args.port, allow=args.allow_host, workers=args.threads))
    except OSError as exc:
        said = _("pyramid-lab: cannot listen on {address}: {reason}").format(
            address=f"{args.host}:{args.port}", reason=system_said(exc)
        )
        return bad_input(said)
    finally:
        room.close()
    status = _said_at_the_end(args, room)
    _leave_busy_threads(status)
    return status


def _bad_arguments(args: argparse.Namespace) -> str:
    """What is wrong with the arguments alone, in words ('' when nothing)."""
    from ..classroom.checks import Refused, chosen_code

    if not 0 <= args.port <= 65535:
        return _("--port {port}: a port is from 0 to 65535").format(port=args.port)
    if args.threads is not None and not 1 <= args.threads <= MOST_THREADS:
        return _("--threads {threads}: from 1 to {most}").format(
            threads=args.threads, most=MOST_THREADS
        )
    if args.code is not None and args.new_code:
        return _("--code or --new-code, not both")
    try:
        if args.code is not None:
            chosen_code(args.code)
    except Refused as exc:
        return f"--code: {_refused(exc)}"
    return ""


def _refused(exc: Exception) -> str:
    """A refusal of the classroom's (a Message, or a word of the catalog) in the language
    the command line speaks."""
    from pyramid_lab import i18n
    from pyramid_lab.model.words import reason_of

    return i18n.shown(reason_of(exc))


def _results_path(args: argparse.Namespace, lessons: list[str]) -> Path:
    """The class's results file: ``--results``, else NAME.json in the user's data folder
    (made, private); Refused for a bad ``--name``, PositionFormatError for a lesson,
    OSError when the folder cannot be made."""
    from ..classroom.room import find_lessons
    from ..classroom.store import class_name, name_ok, results_folder

    if args.results is not None:
        return Path(args.results)
    name = name_ok(args.name) if args.name is not None else None
    name = name or class_name(find_lessons(lessons))
    folder = results_folder()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder / f"{name}.json"


def _open_class(args: argparse.Namespace, on_board: OnBoard) -> tuple[Classroom, str] | str:
    """The class of the lessons, its results file locked and read, its code kept with it
    (and what was said of the code), or what is wrong in words."""
    from pyramid_lab.model import content
    from pyramid_lab.model.game import PositionFormatError

    from ..classroom.checks import Refused, chosen_code
    from ..classroom.room import Classroom
    from ..classroom.store import kept_code

    lessons = args.lessons or [str(content.lessons())]
    chosen = chosen_code(args.code) if args.code is not None else None
    try:
        results = _results_path(args, lessons)
    except Refused as exc:
        return f"--name: {_refused(exc)}"
    except PositionFormatError as exc:
        return str(exc)
    except OSError as exc:
        return _("the results folder cannot be made ({reason})").format(reason=system_said(exc))
    try:
        room = Classroom.open(lessons, "pending", results, on_board, lock=True)
        try:
            room.code, why = kept_code(results, chosen, new=args.new_code)
        except BaseException:
            room.close()
            raise
    except PositionFormatError as exc:
        return str(exc)
    except OSError as exc:  # a link on the results' path a save may not follow, say
        return cannot_write(results, system_said(exc))
    return room, why


def _said_at_the_end(args: argparse.Namespace, room: Classroom) -> int:
    """Where the class's progress is and how to continue it, or that some may be lost;
    the command's status."""
    if room.results is not None and not room.save_failed:
        said = _("The class has stopped. The students' progress is in {path}")
        print(said.format(path=room.results), flush=True)
        print(_("To continue the class: {command}").format(command=again(args)), flush=True)
        print(_("(the pages still open come back by themselves)"), flush=True)
    if not room.ever_failed:
        return EXIT_OK
    print(
        _(
            "pyramid-lab: the results file could not always be written: some of the "
            "class's progress may be lost"
        ),
        file=sys.stderr,
    )
    return EXIT_INTERNAL


def _leave_busy_threads(status: int) -> None:
    """The results are written: a student's answer still being worked out on a thread (a
    win-within task's proof) does not hold the stop (Python would wait for it)."""
    import os
    import threading

    busy = [t for t in threading.enumerate() if t.name.startswith("classroom")]
    for thread in busy:  # (idle ones end at once)
        thread.join(timeout=0.2)
    if any(thread.is_alive() for thread in busy):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def again(args: argparse.Namespace) -> str:
    """The command that continues the class (its code kept with it: none given), as it
    runs from any folder: the ``pyramid-lab`` it was run with by its absolute path (a
    venv's is on no PATH until the venv is activated), else this interpreter's with ``-m
    pyramid_lab``; the lessons and the results by their absolute paths."""
    import os

    program = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if program is not None and program.name == "pyramid-lab" and program.exists():
        start = [os.path.abspath(program)]
    else:
        start = [os.path.abspath(sys.executable), "-m", "pyramid_lab"]
    lessons = [os.path.abspath(given) for given in args.lessons]
    words = [*start, "classroom", *lessons]
    if args.host != "127.0.0.1":
        words += ["--host", args.host]
    if args.port != DEFAULT_PORT:
        words += ["--port", str(args.port)]
    if args.name is not None:
        words += ["--name", args.name]
    if args.results is not None:
        words += ["--results", os.path.abspath(args.results)]
    for name in args.allow_host:
        words += ["--allow-host", name]
    return shlex.join(words)


def _more_files() -> None:
    """As many open files as the system lets this user have (each page a socket; the
    guard's bounds stay well under it)."""
    import resource

    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _warm_up() -> None:
    """Import the lessons' judge now, before the class comes, not at the first answer it
    judges: it brings the searches' compiled code (numba), 1.6 s under load, during which
    the import lock and the interpreter held every other student's answer (the stepped
    board's first verdicts, at 10 students: p95 597 ms)."""
    from pyramid_lab.model import search

    search.Judge  # noqa: B018  (the attribute imports it)


def _log_to_stderr() -> None:
    """The class's own lines (who joined, a removal, a fault) on stderr, each one line:
    what a page sent is in them escaped (``service.shown``). aiohttp's own lines are left
    out: they may carry what a client sent as it came."""
    import logging

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("classroom: %(message)s"))
    ours = logging.getLogger("pyramid_lab.viewer.classroom")
    ours.addHandler(handler)
    ours.setLevel(logging.INFO)
    ours.propagate = False
    logging.getLogger("aiohttp").setLevel(logging.CRITICAL + 1)


def addresses(host: str, port: int, code: str) -> tuple[str, str]:
    """The students' page and the teacher's (with the class code)."""
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = socket.gethostname()
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    base = f"http://{shown}:{port}/"
    return base, f"{base}teacher#code={code}"


async def serve(
    room: Any,
    host: str,
    port: int,
    ready: Any = None,
    allow: Sequence[str] = (),
    workers: int | None = None,
) -> None:
    """Run the class's server until SIGINT or SIGTERM (then stopped within seconds, the
    results written, whatever the pages do); ``workers``: its threads for the students."""
    from aiohttp import web

    from ..classroom.guard import QUIET, BoundSite, Hosts, Limits
    from ..classroom.web import build_app

    limits = Limits() if workers is None else Limits(workers=workers)
    app = build_app(room, limits, Hosts.started_for(host, allow))
    runner = web.AppRunner(
        app,
        access_log=None,
        handle_signals=False,
        shutdown_timeout=1.0,
        keepalive_timeout=limits.idle,
    )
    await runner.setup()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        site = BoundSite(runner, host, port, app[QUIET])
        await site.start()
        students, teacher = addresses(host, site.port, room.code)
        print(_("Students' page: {address}").format(address=students), flush=True)
        print(_("Teacher's page: {address}").format(address=teacher), flush=True)
        if room.results is not None:
            print(_("Results file:   {path}").format(path=room.results), flush=True)
        if ready is not None:
            ready(app)
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        await runner.cleanup()
