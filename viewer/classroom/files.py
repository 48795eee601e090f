"""The class's pages and their files: the students' page (``/``), the teacher's
(``/teacher``, the class code after ``#``), their scripts and styles (``/www/{name}``: ours,
Vue and vtk.js's components, served from here: nothing from a CDN), and the door
(``/door``: a page asks there why its websocket was refused). Nothing else is served."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from .state import ASSETS, HTML

__all__ = ["WWW", "asset", "assets", "door", "no_icon", "pages", "students_page", "teachers_page"]

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


def pages() -> dict[str, bytes]:
    """The student's and the teacher's pages: ``www/page.html``, their shared head and the
    frame of their template, filled in with the page's name and its own part
    (``www/student.html``, ``www/teacher.html``: the template within the frame)."""
    shell = (WWW / "page.html").read_text(encoding="utf-8")
    return {
        name: shell.format(
            page=name, part=(WWW / f"{name}.html").read_text(encoding="utf-8")
        ).encode("utf-8")
        for name in ("student", "teacher")
    }


async def students_page(request: web.Request) -> web.Response:
    # (an address of the trame server's days, /?ui=teacher, still opens the teacher's)
    name = "teacher" if request.query.get("ui") == "teacher" else "student"
    return web.Response(body=request.app[HTML][name], content_type="text/html", charset="utf-8")


async def teachers_page(request: web.Request) -> web.Response:
    return web.Response(
        body=request.app[HTML]["teacher"], content_type="text/html", charset="utf-8"
    )


async def door(request: web.Request) -> web.Response:
    """Whether a page may open the class's websocket, in words (a browser's page cannot
    read why its websocket was refused; it asks here, and the guard answers as it
    answered the websocket: 421 or 403 with what is wrong)."""
    return web.Response(text="this page may open the class\n")


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
