"""The classroom's web server, on aiohttp, in the shape of aiohttp's examples: module-level
handlers and a route table (:data:`ROUTES`), the app's state under typed keys
(``web.AppKey``), every bound in one guard (:mod:`.guard`: a middleware for the requests,
the pages' admission, the students' turns on the threads), the periodic save as the app's
background task and the pages' closing as its shutdown.

The students' page (``/``), the teacher's (``/teacher``, the class code after ``#``), their
scripts, and one websocket per page (``/ws``) carrying the messages of :mod:`.messages`,
each answered by its handler here (``@handles``); a page is pushed what changed for it (a
student's page when the teacher moved it, the teacher's lines when a student answered),
never polled. Nothing is shared between pages: a page acts for the student whose key it
gave (``join``, ``resume``) or, once it gave the class code, for the teacher; there is no
other call, no state a page can write, nothing a page can announce and have the server
hold.

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
import functools
import json
import logging
import socket as sockets
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from .checks import Refused, key_of, token_of
from .guard import (
    HOSTS,
    LATE,
    PROTOCOL,
    QUIET,
    REFUSED,
    TRIES,
    Hosts,
    Limits,
    Page,
    Pages,
    Quiet,
    TooMany,
    Turns,
    guard,
    shown_at_handshake,
)
from .messages import (
    MAX_MESSAGE,
    Act,
    Admit,
    BringBack,
    Close,
    Code,
    Csv,
    Door,
    Everyone,
    Join,
    Lines,
    Message,
    Poll,
    Refuse,
    Remove,
    Resume,
    Unknown,
    Unread,
    read,
)
from .replies import (
    Closed,
    CsvText,
    Failed,
    Forget,
    Reply,
    Same,
    StudentAnswer,
    TeacherLines,
    Unbound,
)
from .room import Classroom, Student
from .service import Service, _refusing, forget_answer, shown

__all__ = ["SAVE_EVERY", "Limits", "Service", "build_app", "shown"]

log = logging.getLogger("pyramid_lab.viewer.classroom")
WWW = Path(__file__).with_name("www")
#: How often the results file is written while the class runs (when something changed).
SAVE_EVERY = 2.0
#: A push waits this long for more changes to come with it (a burst is one message).
COALESCE = 0.03
#: The teacher's page is sent its lines at least this often (the times on the steps).
LINES_EVERY = 5.0

ROOM = web.AppKey("room", Classroom)
SERVICE = web.AppKey("service", Service)
LIMITS = web.AppKey("limits", Limits)
PAGES = web.AppKey("pages", Pages)
TURNS = web.AppKey("turns", Turns)
HTML = web.AppKey("html", dict[str, bytes])
ASSETS = web.AppKey("assets", dict[str, tuple[Path, str]])

M = TypeVar("M", bound=Message)
R = TypeVar("R", bound=Reply)
Handler = Callable[[web.Application, Page, Any], Awaitable[Reply]]
#: Each message's handler by its class (a new message: a class in .messages, one here).
HANDLERS: dict[type[Message], Handler] = {}


def handles(
    kind: type[M],
) -> Callable[[Callable[[web.Application, Page, M], Awaitable[Reply]]], Handler]:
    def register(handler: Callable[[web.Application, Page, M], Awaitable[Reply]]) -> Handler:
        HANDLERS[kind] = handler
        return handler

    return register


# ---- the pages and their files ---------------------------------------------------------------


def _assets() -> dict[str, tuple[Path, str]]:
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


def _pages() -> dict[str, bytes]:
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


ROUTES = web.RouteTableDef()


@ROUTES.get("/")
async def students_page(request: web.Request) -> web.Response:
    # (an address of the trame server's days, /?ui=teacher, still opens the teacher's)
    name = "teacher" if request.query.get("ui") == "teacher" else "student"
    return web.Response(body=request.app[HTML][name], content_type="text/html", charset="utf-8")


@ROUTES.get("/teacher")
async def teachers_page(request: web.Request) -> web.Response:
    return web.Response(
        body=request.app[HTML]["teacher"], content_type="text/html", charset="utf-8"
    )


@ROUTES.post("/door")
async def door(request: web.Request) -> web.Response:
    """Whether a page may open the class's websocket, in words (a browser's page cannot
    read why its websocket was refused; it asks here, and the guard answers as it
    answered the websocket: 421 or 403 with what is wrong)."""
    return web.Response(text="this page may open the class\n")


@ROUTES.get("/favicon.ico")
async def no_icon(request: web.Request) -> web.Response:
    return web.Response(status=204)


@ROUTES.get("/www/{name}")
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


# ---- the websocket ---------------------------------------------------------------------------


@ROUTES.get("/ws")
async def socket(request: web.Request) -> web.StreamResponse:
    """A page's websocket: its messages answered in turn, what changed for it pushed."""
    app = request.app
    limits, pages = app[LIMITS], app[PAGES]
    ws = web.WebSocketResponse(
        max_msg_size=MAX_MESSAGE,
        heartbeat=30.0,
        compress=False,
        autoping=True,
        timeout=1.0,
        protocols=(PROTOCOL,),
    )
    if not ws.can_prepare(request).ok:
        raise web.HTTPBadRequest(
            text="this is the class's websocket: the class's pages open it (open the "
            "students' page instead)\n"
        )
    _small_send_buffer(request.transport, limits)
    await ws.prepare(request)  # (a handshake gone wrong: aiohttp's 400, in words)
    page = Page(ws, request.transport, limits)
    _at_the_door(app, page, shown_at_handshake(request))
    loop = asyncio.get_running_loop()
    late = loop.call_later(limits.hello, _late, pages, page)
    pusher = loop.create_task(_push(app, page))
    try:
        async for msg in ws:
            if msg.type == WSMsgType.TEXT:
                text: str | None = msg.data
            elif msg.type == WSMsgType.BINARY:
                text = None
            else:
                break
            page.busy = True
            try:
                reply = await _answer(app, page, text)
                pages.judged(page)  # (still no one's: one of the pages of no one that spoke)
                await _send(app, page, reply)
            finally:
                page.busy = False
            if (page.role == "student" and _changed_for(app, page)) or _brought_back(app, page):
                page.wake.set()  # (changed while the page was answered)
    except (TimeoutError, ConnectionError):
        page.abort()
    finally:
        late.cancel()
        pusher.cancel()
        pages.forget(page)
        if page.waiting is not None:
            app[ROOM].forget_waiting(page.waiting)
        if not ws.closed:
            page.shut(1000, "")
    return ws


def _small_send_buffer(transport: asyncio.BaseTransport | None, limits: Limits) -> None:
    """What a page does not read held in the system's send queue is bounded too: its
    socket's send buffer :attr:`Limits.send_buffer` (not the system's, grown as it
    likes: 200 pages that never read held 93 MB there)."""
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(sockets.SOL_SOCKET, sockets.SO_SNDBUF, limits.send_buffer)


def _at_the_door(app: web.Application, page: Page, shown: tuple[str, str] | None) -> None:
    """A page that shows at its handshake who it is (a joined student's key, the class
    code) is theirs at once: never one of the pages of no one, never closed to make room
    for them; any other is a page of no one (:meth:`.guard.Pages.opened`)."""
    pages, room = app[PAGES], app[ROOM]
    if shown is not None and shown[0] == "key" and (whose := _whose(shown[1])) is not None:
        if whose[0] in room.students:
            pages.as_student(page, *whose)
            return
        if whose[0] in room.removed:
            pages.unbind(page, whose)  # (theirs, apart: brought back, it comes back)
            return
    if shown is not None and shown[0] == "code":
        with contextlib.suppress(Refused, TooMany):
            page.code_wait()  # (a try of the page's: its first, judged at once)
            room.teacher(shown[1])
            pages.as_teacher(page)
            return
    pages.opened(page)


def _late(pages: Pages, page: Page) -> None:
    judged = page.role == "new" and page not in pages.new  # (its join, key or code)
    if (page.binding or judged) and not page.ws.closed:  # (being answered: a loaded
        # server's slow answer is not the page's silence; looked at again after)
        loop = asyncio.get_running_loop()
        loop.call_later(page.limits.hello, _late, pages, page)
    elif pages.late(page):
        page.shut(LATE, "this page did not join the class in time: reload it")


async def _answer(app: web.Application, page: Page, text: str | None) -> Reply:
    """The answer to one message of the page's: refused in words unless the page may send
    it (its budget, its kind, who it acts for), else its handler's."""
    ident: int | None = None
    try:
        ident, kind, raw = read(text)
        if not page.bucket.take():
            raise Refused("too many messages: slow down")
        if page.role == "new" and _shows_who(page, kind, raw):
            app[PAGES].judging(page)  # (judged as it comes, not closed to make room)
        if kind.WHO == "student" and page.role != "student":
            reply: Reply = Unbound(unbound=True, error="this page has not joined the class yet")
        elif kind.WHO == "teacher" and page.role != "teacher":
            reply = Failed(error="the teacher's page asks for the class code first")
        else:  # (its fields read only now: nothing is said to a page that may not send it)
            reply = await HANDLERS[kind](app, page, kind.read(raw))
    except Unread as exc:
        ident = exc.ident
        if isinstance(exc.why, Unknown) and not page.told:  # once a page: no flood of lines
            page.told = True
            log.info("a page sent an unknown message: %s", shown(exc.kind))
        reply = Failed(error=str(exc.why))
    except Refused as exc:
        reply = Failed(error=str(exc))
    except Exception:
        log.error("a request failed: %s", shown(traceback.format_exc(), 4000))
        reply = Failed(error="the server could not do that; try again")
    if ident is not None:
        reply["id"] = ident
    return reply


def _shows_who(page: Page, kind: type[Message], raw: dict[str, Any]) -> bool:
    """Whether a message of a page of no one says who it is, to be judged as it comes: a
    join, a key, or its first class code or door number (a later try waits, a page of no
    one meanwhile)."""
    if kind is Resume or (kind is Join and not raw.get("door")):
        return True
    return kind in (Join, Code) and page.tries == 0


async def _send(app: web.Application, page: Page, reply: Reply) -> None:
    """Send ``reply``; a page that does not take it in :attr:`Limits.send_timeout` is cut
    (ConnectionError), and the pages' unread bytes stay bounded (:meth:`Pages.make_room`)."""
    text = json.dumps(reply, allow_nan=False)
    pages = app[PAGES]
    pages.make_room(page, len(text))
    async with page.sending:
        try:
            async with asyncio.timeout(app[LIMITS].send_timeout):
                await page.ws.send_str(text)
        except TimeoutError:
            page.abort()
            raise ConnectionError("a page that does not read") from None
        finally:
            pages.note(page)


async def _threaded(app: web.Application, whose: str, work: Callable[[], R]) -> R | Failed:
    """``work()`` on the threads, in ``whose`` turn; a refusal or a fault in words."""
    started = time.perf_counter()
    answer = await app[TURNS].run(whose, lambda: _refusing(work))
    answer["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return answer


def _sent(page: Page, answer: Reply) -> Reply:
    """Note what ``answer`` gives the page (its version, its board's layers)."""
    if "page" in answer:
        page.sent_version = answer["page"]["version"]
        board = answer["board"]
        if "keys" in board:
            page.sent_layers = dict(board["keys"])
    return answer


def _forgotten(
    app: web.Application, page: Page, answer: Reply, whose: tuple[str, str] | None = None
) -> Reply:
    """``answer``, after the page is let go when it says the key acts no more: a removed
    student's page (``whose``: the key it gave, else its own) stays theirs, to come back
    when the teacher brings them back (:meth:`.guard.Pages.unbind`)."""
    if "forget" in answer:
        if whose is None and page.key is not None and page.token is not None:
            whose = (page.key, page.token)
        app[PAGES].unbind(page, whose if answer["removed"] else None)
    return answer


def _whose(token: object) -> tuple[str, str] | None:
    """A key a page gave, and its digest (None: not a key at all)."""
    try:
        text = token_of(token)
    except Refused:
        return None
    return key_of(text), text


def _brought_back(app: web.Application, page: Page) -> bool:
    """Whether ``page`` is a removed student's whom the teacher has brought back."""
    return (
        page.role == "removed"
        and page.removed is not None
        and (page.removed[0] in app[ROOM].students)
    )


def _changed_for(app: web.Application, page: Page) -> bool:
    if page.key is None:
        return False
    student = app[ROOM].students.get(page.key)
    return student is None or student.version != page.sent_version


# ---- the students' messages ------------------------------------------------------------------


#: What a waiting page is told (it shows the door number's field with it).
WAIT_HERE = (
    "the class is closed to new students: wait here for the teacher to let you in, or "
    "type the number the teacher gives you"
)


@handles(Join)
async def join(app: web.Application, page: Page, message: Join) -> Reply:
    room = app[ROOM]
    if page.role in ("student", "removed"):  # (one page, one student: not 13 Adas)
        raise Refused("this page has joined the class already: one page joins once")
    door = message.door is not None and room.closed
    if page.waiting is not None and not door:
        return Closed(closed=True, waiting=True, error=WAIT_HERE)
    if door:
        try:
            wait = page.code_wait()  # (a page's tries slowed: 0, 1, 3, 7 ... s)
        except TooMany:
            page.shut(TRIES, "too many wrong numbers on this page: reload it")
            return Failed(error="too many wrong numbers on this page: reload it to try again")
        if wait:
            await asyncio.sleep(wait)
        assert message.door is not None
        room.seat()  # (a full class refused before the number is used up)
        try:
            room.through_door(message.door)
        except Refused as exc:
            room.unseat()
            return Closed(closed=True, waiting=page.waiting is not None, error=str(exc))
        if page.waiting is not None:  # (it waits no more: it came in by the number)
            room.forget_waiting(page.waiting)
            app[PAGES].forget(page)
            page.role, page.waiting = "new", None
    elif room.closed:
        try:
            handle = room.wait(message.name)
        except Refused as exc:
            return Closed(closed=True, error=str(exc))
        app[PAGES].as_waiting(page, handle)
        log.info("%s asks to join (the class is closed)", shown(message.name, 60))
        return Closed(closed=True, waiting=True, error=WAIT_HERE)
    else:
        room.seat()  # (Refused at once when the class is full, joins being answered counted)
    try:
        # (weighed by page: a page that joins many students waits behind one that joins once)
        with _binding(page):
            got = await _threaded(
                app,
                f"page {id(page)}",
                lambda: app[SERVICE].join(message.name, door=door),
            )
    finally:
        room.unseat()
    if "token" in got:
        _bind(app, page, got)
        log.info("%s joined%s", shown(got["page"]["name"], 60), " by a door number" if door else "")
    return got


@contextlib.contextmanager
def _binding(page: Page) -> Iterator[None]:
    """While the page's join or resume is answered: it is not closed as late."""
    page.binding = True
    try:
        yield
    finally:
        page.binding = False


def _bind(app: web.Application, page: Page, got: StudentAnswer) -> None:
    student = app[ROOM].student(got["token"])
    app[PAGES].as_student(page, student.key, got["token"])
    _sent(page, got)


@handles(Resume)
async def resume(app: web.Application, page: Page, message: Resume) -> Reply:
    room, service = app[ROOM], app[SERVICE]
    try:
        student = room.student(message.key)
    except Refused as exc:
        return _forgotten(app, page, forget_answer(exc), _whose(message.key))
    same = page.role == "student" and page.key == student.key
    if same and page.sent_version == student.version:
        return Same(same=True)  # (a board re-asked unchanged: nothing to do)
    known = page.sent_layers if same else {}
    with _binding(page):
        got = await _threaded(app, student.key, lambda: service.resume(message.key, known))
    if "page" in got:
        if not same:
            app[PAGES].as_student(page, student.key, message.key)
        _sent(page, got)
    return _forgotten(app, page, got, _whose(message.key))


@handles(Poll)
async def poll(app: web.Application, page: Page, message: Poll) -> Reply:
    assert page.token is not None
    assert page.key is not None
    student = app[ROOM].students.get(page.key)
    if student is not None and page.sent_version == student.version:
        return Same(same=True)  # (no thread, no lock: nothing changed)
    token, known = page.token, page.sent_layers
    got = await _threaded(app, page.key, lambda: app[SERVICE].poll(token, None, known))
    return _forgotten(app, page, _sent(page, got))


@handles(Act)
async def act(app: web.Application, page: Page, message: Act) -> Reply:
    assert page.token is not None
    assert page.key is not None
    token, known = page.token, page.sent_layers
    got = await _threaded(
        app, page.key, lambda: app[SERVICE].do(app[ROOM].student(token), message.action, known)
    )
    if "error" in got and "page" not in got and _gone(app, page):
        got = forget_answer(_why_gone(app, page))
    return _forgotten(app, page, _sent(page, got))


def _gone(app: web.Application, page: Page) -> bool:
    return page.key is not None and page.key not in app[ROOM].students


def _why_gone(app: web.Application, page: Page) -> Refused:
    try:
        app[ROOM].student(page.token)
    except Refused as exc:
        return exc
    return Refused("this class does not know you (yet): type your name to join")


# ---- the teacher's messages -----------------------------------------------------------------


@handles(Code)
async def code(app: web.Application, page: Page, message: Code) -> Reply:
    """The class code: judged after this page's wait (counted as it comes: a page's tries
    are slowed, never an address's, so no page can lock the teacher out)."""
    if page.role == "teacher":
        return lines_of(app)
    try:
        wait = page.code_wait()
    except TooMany:
        page.shut(TRIES, "too many wrong class codes on this page: reload it")
        return Failed(error="too many wrong class codes on this page: reload it to try again")
    if wait:
        await asyncio.sleep(wait)
    app[ROOM].teacher(message.code)  # (Refused: "that is not this class's code")
    app[PAGES].as_teacher(page)
    return lines_of(app, page)


def lines_of(app: web.Application, page: Page | None = None, said: str = "") -> TeacherLines:
    """The teacher's page: the lines, the joins waiting, the students removed."""
    room = app[ROOM]
    version = room.version
    lines = room.lines()
    lines["said"] = said
    if page is not None:
        page.sent_lines = version
    return lines


@handles(Lines)
async def lines(app: web.Application, page: Page, message: Lines) -> Reply:
    return lines_of(app, page)


@handles(Csv)
async def csv(app: web.Application, page: Page, message: Csv) -> Reply:
    return await _threaded(app, "teacher", lambda: CsvText(csv=app[ROOM].csv_text()))


@handles(Everyone)
async def everyone(app: web.Application, page: Page, message: Everyone) -> Reply:
    moved = await app[TURNS].run(
        "teacher", lambda: app[ROOM].everyone_to(message.lesson, message.step)
    )
    who = "1 student" if moved == 1 else f"{moved} students"
    said = f"{who} moved to lesson {message.lesson + 1}, step {message.step + 1}"
    return lines_of(app, page, said)


@handles(Remove)
async def remove(app: web.Application, page: Page, message: Remove) -> Reply:
    room, service = app[ROOM], app[SERVICE]
    names = room.remove(list(message.ids))
    for key in list(room.removed):
        service.forget(key)
    pages = app[PAGES]  # (those the class let go for good, past MAX_REMOVED: of no one)
    pages.forget_removed([k for k in pages.removed if k not in room.removed])
    said = f"{_counted(names)} no longer in the class"
    log.info("the teacher removed %d students", len(names))
    return lines_of(app, page, said + " (Bring back undoes it)")


@handles(BringBack)
async def bring_back(app: web.Application, page: Page, message: BringBack) -> Reply:
    from .room import MAX_STUDENTS

    names, left = app[ROOM].bring_back(list(message.ids))
    said = f"{_counted(names)} back in the class (their pages open come back by themselves)"
    if left:
        said += f"; {left} did not fit: the class is full ({MAX_STUDENTS} students)"
    return lines_of(app, page, said)


@handles(Door)
async def door_number(app: web.Application, page: Page, message: Door) -> Reply:
    from .checks import DOOR_SECONDS

    number = app[ROOM].door()
    shown_number = " ".join(number[i : i + 3] for i in range(0, len(number), 3))
    said = (
        f"a door number: {shown_number}. Read it out to the late student: typed on their "
        f"page, it lets them in once, within {DOOR_SECONDS // 60} minutes"
    )
    return lines_of(app, page, said)


@handles(Close)
async def close(app: web.Application, page: Page, message: Close) -> Reply:
    room = app[ROOM]
    room.set_closed(message.closed)
    said = "the class is closed: a new student waits for your yes"
    if not message.closed:  # those waiting come in with the others
        let_in, _why = await _let_in(app, list(room.waiting))
        said = "the class is open to new students" + (
            f" ({_names([s.name for s in let_in])} let in)" if let_in else ""
        )
    return lines_of(app, page, said)


@handles(Admit)
async def admit(app: web.Application, page: Page, message: Admit) -> Reply:
    let_in, why = await _let_in(app, message.handles)
    if not let_in:
        raise Refused(why)
    said = f"{_names([s.name for s in let_in])} {'is' if len(let_in) == 1 else 'are'} in the class"
    left = len(message.handles) - len(let_in)
    return lines_of(app, page, said + (f" ({left} not let in: {why})" if left else ""))


async def _let_in(app: web.Application, handles: Iterable[str]) -> tuple[list[Student], str]:
    """The teacher's yes to joins waiting: the students, in the class, and why any was not
    (gone, or the class full); their pages, still waiting, sent their places (pushed, all
    at once: a page that does not read holds the teacher's answer one send's time, not
    one each)."""
    room, pages = app[ROOM], _waiting_pages(app)
    let_in: list[Student] = []
    sends = []
    why = "no such page waiting (closed?)"
    for handle in handles:
        try:
            student = room.admit(handle)
        except Refused as exc:
            why = str(exc)
            continue
        let_in.append(student)
        waiting = pages.get(handle)
        if waiting is None:
            continue
        got = await _threaded(app, student.key, functools.partial(app[SERVICE].joined, student))
        if "token" in got:
            _bind(app, waiting, got)
            got["push"] = True
            sends.append(_send_quietly(app, waiting, got))
    await asyncio.gather(*sends)
    return let_in, why


async def _send_quietly(app: web.Application, page: Page, reply: Reply) -> None:
    with contextlib.suppress(ConnectionError):
        await _send(app, page, reply)


#: What a page the teacher did not let in is told as it is closed.
NOT_LET_IN = "the teacher did not let you in"


@handles(Refuse)
async def refuse(app: web.Application, page: Page, message: Refuse) -> Reply:
    """The teacher's no to joins waiting, all at once: their pages closed, told so in
    words (a close, never a send: a page that does not read holds nothing up)."""
    pages = _waiting_pages(app)
    names = app[ROOM].refuse(message.handles)
    for handle in message.handles:
        waiting = pages.get(handle)
        if waiting is not None:
            app[PAGES].forget(waiting)
            waiting.role, waiting.waiting = "new", None
            waiting.shut(REFUSED, NOT_LET_IN)
    if not names:
        raise Refused("no such page waiting (closed?)")
    log.info("the teacher refused %d joins", len(names))
    if len(names) == 1:
        return lines_of(app, page, f"{names[0]} was not let in (the page is closed)")
    return lines_of(app, page, f"{_names(names)} were not let in (their pages are closed)")


def _waiting_pages(app: web.Application) -> dict[str, Page]:
    """The pages waiting for the teacher's yes, by their joins' handles."""
    return {p.waiting: p for p in app[PAGES].waiting if p.waiting is not None}


def _counted(names: list[str]) -> str:
    """Who an order on ticked students moved, and how many: 'Bo is', '40 students are
    (Ada, Bo ... and 35 more)'."""
    if len(names) == 1:
        return f"{names[0]} is"
    return f"{len(names)} students are ({_names(names)})"


def _names(names: list[str]) -> str:
    shown_names = ", ".join(names[:5])
    return shown_names + (f" and {len(names) - 5} more" if len(names) > 5 else "")


# ---- pushed: what changed for a page ----------------------------------------------------------


def _listen(app: web.Application, loop: asyncio.AbstractEventLoop) -> Callable[[str | None], None]:
    """The class's listener (called from any thread): the pages concerned are woken."""
    pages = app[PAGES]

    def woken(key: str | None) -> None:
        if key is not None:
            for page in pages.of_student(key) + pages.removed_pages(key):
                page.wake.set()
        for page in pages.teachers:
            page.wake.set()

    def changed(key: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # (the loop closed: the class has ended)
            loop.call_soon_threadsafe(woken, key)

    return changed


async def _push(app: web.Application, page: Page) -> None:
    """Send the page what changed for it, as it changes: a student's page anew (the
    teacher moved them, or their other page acted), the teacher's lines."""
    with contextlib.suppress(ConnectionError, asyncio.CancelledError):
        while not page.ws.closed:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(LINES_EVERY if page.role == "teacher" else None):
                    await page.wake.wait()
            page.wake.clear()
            await asyncio.sleep(COALESCE)
            if page.busy:
                continue  # (its answer carries the change)
            if page.role == "teacher":
                pushed: TeacherLines = {**lines_of(app, page), "push": "lines"}
                await _send(app, page, pushed)
            elif page.role == "student" and _changed_for(app, page):
                await _push_student(app, page)
            elif page.removed is not None and _brought_back(app, page):
                key, token = page.removed  # brought back: the page is theirs again
                page.removed = None
                app[PAGES].as_student(page, key, token)
                await _push_student(app, page)


async def _push_student(app: web.Application, page: Page) -> None:
    assert page.key is not None
    assert page.token is not None
    got: StudentAnswer | Same | Forget | Failed
    if _gone(app, page):
        got = forget_answer(_why_gone(app, page))
    else:
        token, known = page.token, page.sent_layers
        got = await _threaded(app, page.key, lambda: app[SERVICE].poll(token, None, known))
        if page.busy or "same" in got:
            return
        _sent(page, got)
    got["push"] = True
    _forgotten(app, page, got)
    await _send(app, page, got)


# ---- the app: its state, its background save, its closing --------------------------------------


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
    room.listener = _listen(app, asyncio.get_running_loop())
    await asyncio.to_thread(save_now, room)  # at once: a file that cannot be written is said

    async def every() -> None:
        while True:
            await asyncio.sleep(SAVE_EVERY)
            if room.dirty:
                await asyncio.to_thread(save_now, room)

    task = asyncio.create_task(every())
    yield
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    room.listener = None
    await asyncio.to_thread(save_now, room)


#: How often the pages that take nothing are looked for (:meth:`.guard.Pages.sweep`).
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
        page.shut(1001, "the class has stopped: this page comes back when it starts again")
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
    app[HTML] = _pages()
    app[ASSETS] = _assets()
    app.add_routes(ROUTES)
    app.cleanup_ctx.append(saving)
    app.cleanup_ctx.append(sweeping)
    app.on_shutdown.append(closing)
    return app
