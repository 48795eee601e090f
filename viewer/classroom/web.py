"""The classroom's web server, on aiohttp, in the shape of aiohttp's examples: module-level
handlers and a route table (:data:`ROUTES`), the app's state under typed keys
(:mod:`.state`, ``web.AppKey``), every bound in one place (:mod:`.guard`'s, with the
middleware for the requests and the students' turns on the threads; the pages' admission
:mod:`.pages`'), the periodic save
and the sweep of the pages that take nothing as the app's background tasks and the pages'
closing as its shutdown. The class's pages and their files are served here: the students'
page (``/``), the teacher's (``/teacher``, the class code after ``#``), their scripts and
styles (``/www/{name}``: ours, Vue and vtk.js's components, served from here: nothing from a
CDN), their words in a language (``/words/{language}.json``, :mod:`.words`), and the door
(``/door``: a page asks there why its websocket was refused). Nothing else is served. The
other parts, by concern:

- :mod:`.ws`: one websocket per page (``/ws``) and the door's admission;
- :mod:`.handlers`: each message of :mod:`.messages` answered by its handler (``@handles``);
- :mod:`.pushes`: what is sent, and what changed pushed to a page (a student's page when
  the teacher moved it, the teacher's lines when a student answered), never polled.

Nothing is shared between pages: a page acts for the student whose key it gave (``join``,
``resume``) or, once it gave the class code, for the teacher; there is no other call, no
state a page can write, nothing a page can announce and have the server hold.

The board in an answer (``board``): ``parts``, each a name, the look it is drawn in
(:data:`.scene.LOOKS`), its kind ("mesh"; "spheres", the page's sphere impostors;
"glyphs", copies of a shape, with the key of the ``shape``) and its key (the digest of what
it draws); ``meshes``, the state of each key this page's connection has not been sent (a
mesh as :func:`.scene.mesh_state` makes it, spheres and copies their centres, sizes and
colours only: a board re-asked unchanged costs nothing, an unchanged part is never sent
again); ``keys``, ``legend``, ``levels``, ``flat``, ``clips``,
``labels``, ``camera`` and ``key`` (a new one: the camera is set anew). The page draws the
parts with vtk.js (trame-vtk's ``vtk-view`` components, served from here with Vue: nothing
from a CDN).

A refusal is a sentence: never a traceback or a path. What a page sends is logged escaped
(:func:`.service.shown`), never as it came. Students' work runs on worker threads, one
student at a time under their lock, taken in fair turns (:class:`.guard.Turns`); every value
a page sends is checked by :mod:`.messages` and :mod:`.checks`. No Qt here
(``tests/viewer/test_contracts.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path

from aiohttp import web

from pyramid_lab import i18n
from pyramid_lab.i18n import N_

from .guard import HOSTS, QUIET, Hosts, Limits, Quiet, Turns, guard, refusal_language
from .messages import MAX_MESSAGE
from .pages import Pages
from .pushes import listen
from .room import Classroom
from .service import Service
from .state import ASSETS, HTML, LIMITS, PAGES, ROOM, SERVICE, TURNS
from .words import chosen, page_words, spoken, warm
from .ws import socket

__all__ = ["ROUTES", "SAVE_EVERY", "build_app"]

log = logging.getLogger("pyramid_lab.viewer.classroom")
#: How often the results file is written while the class runs (when something changed).
SAVE_EVERY = 2.0

WWW = Path(__file__).with_name("www")


def assets() -> dict[str, tuple[Path, str]]:
    """The files the pages load, by the name they are asked for, and their types: ours,
    Vue (trame-client's build) and vtk.js's components (trame-vtk's build). Nothing else
    is served."""
    import trame_client
    import trame_vtk

    vue = Path(trame_client.__file__).parent / "module" / "vue3-www" / "vue.global.js"
    vtk = Path(trame_vtk.__file__).parent / "modules" / "common" / "serve" / "trame-vtk.js"
    js, css = "text/javascript", "text/css"
    return {
        "classroom.js": (WWW / "classroom.js", js),
        "classroom.css": (WWW / "classroom.css", css),
        "vue.js": (vue, js),
        "vtk.js": (vtk, js),
    }


#: vtk.js (its components for Vue), loaded by the student's page alone: the teacher's draws
#: no board, and its browser had evaluated the 1.7 MB bundle for nothing (a fifth of a
#: second of a core in Chromium at every load).
BOARD_SCRIPT = '<script src="/www/vtk.js"></script>\n'


def pages() -> dict[str, bytes]:
    """The student's and the teacher's pages: ``www/page.html``, their shared head and the
    frame of their template, filled in with the page's name and its own part
    (``www/student.html``, ``www/teacher.html``: the template within the frame); the
    language is written in as each is served (:func:`in_language`)."""
    shell = (WWW / "page.html").read_text(encoding="utf-8")
    return {
        name: shell.format(
            page=name, part=(WWW / f"{name}.html").read_text(encoding="utf-8"), board=board
        ).encode("utf-8")
        for name, board in (("student", BOARD_SCRIPT), ("teacher", ""))
    }


def in_language(request: web.Request, name: str) -> web.Response:
    """The page ``name`` in the language its browser asks for (``Accept-Language``: the
    page's words follow it unless the person picks another on the page)."""
    language = spoken(request.headers.get("Accept-Language")).encode("ascii")
    body = request.app[HTML][name].replace(b"{language}", language)
    return web.Response(body=body, content_type="text/html", charset="utf-8")


async def students_page(request: web.Request) -> web.Response:
    # (an address of the trame server's days, /?ui=teacher, still opens the teacher's)
    name = "teacher" if request.query.get("ui") == "teacher" else "student"
    return in_language(request, name)


async def teachers_page(request: web.Request) -> web.Response:
    return in_language(request, "teacher")


async def words(request: web.Request) -> web.Response:
    """The pages' own words in a language (:func:`.words.page_words`); 404 for a name that
    is no language (one without a catalog gets English's)."""
    language = chosen(request.match_info["language"])
    if language is None:
        raise web.HTTPNotFound()
    return web.json_response(page_words(language), headers={"Cache-Control": "no-cache"})


async def door(request: web.Request) -> web.Response:
    """Whether a page may open the class's websocket, in words (a browser's page cannot
    read why its websocket was refused; it asks here, and the guard answers as it
    answered the websocket: 421 or 403 with what is wrong)."""
    said = i18n.translations(refusal_language(request)).gettext
    return web.Response(text=said(N_("this page may open the class")) + "\n")


async def no_icon(request: web.Request) -> web.Response:
    return web.Response(status=204)


async def asset(request: web.Request) -> web.StreamResponse:
    found = request.app[ASSETS].get(request.match_info["name"])
    if found is None:
        raise web.HTTPNotFound()
    path, kind = found
    return web.FileResponse(
        path,
        headers={
            "Content-Type": kind,
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-cache",
        },
    )


#: The routes: the two pages, their files and words, the door and the websocket.
ROUTES = [
    web.get("/", students_page),
    web.get("/teacher", teachers_page),
    web.post("/door", door),
    web.get("/favicon.ico", no_icon),
    web.get("/www/{name}", asset),
    web.get("/words/{language}.json", words),
    web.get("/ws", socket),
]


def save_now(room: Classroom) -> Path | None:
    """Write the results now; a failure said once in the log (the teacher's page shows it)."""
    said = room.save_failed
    try:
        return room.save()
    except OSError as exc:
        if room.save_failed != said:
            log.error("%s", room.save_failed or exc)
        return None


async def saving(app: web.Application) -> AsyncIterator[None]:
    """The app's background task: the results written every :data:`SAVE_EVERY` seconds
    while something changed (on a thread: a student's long answer holds their lock, never
    the server); written once more when the class stops."""
    room = app[ROOM]
    room.listener = listen(app, asyncio.get_running_loop())
    await asyncio.to_thread(save_now, room)  # at once: a file that cannot be written is said
    warming = asyncio.create_task(asyncio.to_thread(warm))  # (the languages' words, aside)

    async def every() -> None:
        while True:
            await asyncio.sleep(SAVE_EVERY)
            if room.dirty:
                await asyncio.to_thread(save_now, room)

    task = asyncio.create_task(every())
    yield
    warming.cancel()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    room.listener = None
    await asyncio.to_thread(save_now, room)


#: How often the pages that take nothing are looked for (:meth:`.pages.Pages.sweep`).
SWEEP_EVERY = 1.0


async def sweeping(app: web.Application) -> AsyncIterator[None]:
    """The app's background task: the pages that took nothing for
    :attr:`.guard.Limits.send_timeout` seconds while they were sent something are cut
    (what they did not read is then given back, the system's send queue too)."""

    async def every() -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            app[PAGES].sweep()

    task = asyncio.create_task(every())
    yield
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def closing(app: web.Application) -> None:
    """On shutdown: every page told the class stopped (a page that does not read is cut),
    within a second whatever the pages do; the threads let go."""
    pages = app[PAGES].every()
    for page in pages:
        page.shut(1001, N_("the class has stopped: this page comes back when it starts again"))
    deadline = time.monotonic() + 1.0
    while any(not p.ws.closed for p in pages) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    for page in pages:
        if not page.ws.closed:
            page.abort()
    app[TURNS].shutdown()


def build_app(
    room: Classroom,
    limits: Limits | None = None,
    hosts: Hosts | None = None,
) -> web.Application:
    """The aiohttp application of ``room``: its two pages, their files and ``/ws``, the
    guard, the background save and the closing (``hosts``: the names a request's Host
    may give; default: as started for 127.0.0.1)."""
    limits = limits or Limits()
    app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[guard])
    app[ROOM] = room
    app[SERVICE] = Service(room)
    app[LIMITS] = limits
    app[PAGES] = Pages(limits)
    app[TURNS] = Turns(limits)
    app[QUIET] = Quiet(limits)
    app[HOSTS] = hosts or Hosts.started_for("127.0.0.1")
    app[HTML] = pages()
    app[ASSETS] = assets()
    app.add_routes(ROUTES)
    app.cleanup_ctx.append(saving)
    app.cleanup_ctx.append(sweeping)
    app.on_shutdown.append(closing)
    return app
