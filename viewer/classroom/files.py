"""The class's pages and their files: the students' page (``/``), the teacher's
(``/teacher``, the class code after ``#``), their scripts and styles (``/www/{name}``: ours,
Vue and vtk.js's components, served from here: nothing from a CDN), their words in a
language (``/words/{language}.json``, :mod:`.words`), and the door (``/door``: a page asks
there why its websocket was refused). Nothing else is served."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from pyramid_lab import i18n
from pyramid_lab.i18n import N_

from .guard import refusal_language
from .state import ASSETS, HTML
from .words import chosen, page_words, spoken

__all__ = [
    "WWW",
    "asset",
    "assets",
    "door",
    "no_icon",
    "pages",
    "students_page",
    "teachers_page",
    "words",
]

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
