"""The classroom's web server, on aiohttp: the students' page (``/``), the teacher's
(``/teacher``, the class code after ``#``), their scripts, and one websocket per page
(``/ws``) carrying explicit JSON messages. Nothing is shared between pages: a connection
acts for the student whose key it gave (``join``, ``resume``) or, once it gave the class
code, for the teacher; there is no other call, no state a page can write, nothing a page
can announce and have the server hold.

The messages (text frames of JSON objects; every request has an ``id`` the answer repeats):

- ``{"do": "join", "name": N}`` → the page and the board, and ``token``: the student's
  key, kept in the browser (the server keeps its SHA-256 only); the connection is theirs.
- ``{"do": "resume", "key": K}`` → the page and the board (``forget``: not a key of this
  class); the connection is that student's.
- ``{"do": "poll", "version": V, "known": {...}}`` → ``{"same": true}`` or the page anew
  (``unbound``: the connection has joined as no student: the page resumes first).
- ``{"do": "act", "action": A, "args": [...], "known": {...}}`` → the page and the board,
  and ``error`` in words when refused (:meth:`Service.act`).
- ``{"do": "teacher", "code": C}`` once, then ``{"do": "teacher", "order": O, "args": [...]}``
  (``everyone``, ``csv``, ``remove``, none: the lines) → the teacher's lines, or ``csv``.

The board in an answer (``board``): ``balls``, ``points``, ``marks``, ``rims`` and ``faint``
(:data:`.scene.LAYERS`), each a layer's mesh as :func:`.scene.mesh_state` makes it
(``mesh.points`` and ``mesh.polys`` as base64 arrays, ``pointArrays``: ``rgb`` and
``Normals``), sent only when the page lacks it (``known``: the ``keys`` it was sent);
``keys``, ``legend``, ``levels``, ``flat``, ``clips``, ``labels``, ``camera`` and ``key``
(a new one: the camera is set anew). The page draws the layers with vtk.js
(trame-vtk's ``vtk-view`` components, served from here with Vue: nothing from a CDN).

Bounds (:class:`Limits`): the size of a message, the messages a connection may send a
second, the connections at once (in all and per address), the joins a minute per address,
the class-code tries per address (each wrong one waits longer, then the address is locked
out for a while, said in words). aiohttp's reader stops reading a connection whose unread
messages pass 64 KB, and an answer a page does not read holds that page's connection
only. A refusal is a sentence: never a traceback or a path. What a page sends is logged
escaped (:func:`shown`), never as it came.

Students' work runs on worker threads, one student at a time under their lock, so a slow
answer (a win-within task's proof) never holds the others; every value a page sends is
checked by :mod:`.room`. No Qt here (``tests/viewer/test_contracts.py``)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import traceback
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from model.game import shorten

from .room import Classroom, Refused, Student, bounded_text, whole_number
from .scene import LAYERS, Board
from .sites import Seat, site_board
from .sites import camera as site_camera
from .sites import pick as site_pick

#: The most parts a move form sends (Pyramid Ball's two programs: 18).
MAX_FORM_PARTS = 40

log = logging.getLogger("viewer.classroom")
WWW = Path(__file__).with_name("www")
#: The largest message a page may send (an action: a name, a ray, a move, a form).
MAX_MESSAGE = 16 * 1024
MAX_ARGS_CHARS = 2000
#: Threads answering students (each action holds one while it runs).
WORKERS = 16
#: How often the results file is written while the class runs (when something changed).
SAVE_EVERY = 2.0


def shown(text: Any, limit: int = 80) -> str:
    """What a page sent, for the log: quoted, control characters and line breaks escaped
    (no forged line), at most ``limit`` characters."""
    return repr(shorten(str(text), limit))


def _checked_args(args: Any) -> list[Any]:
    if not isinstance(args, list) or len(args) > 4:
        raise Refused("the page sent too many values")
    try:
        size = len(json.dumps(args))
    except (TypeError, ValueError):
        raise Refused("the page sent values that are not plain data") from None
    if size > MAX_ARGS_CHARS:
        raise Refused("the page sent too much")
    return args


class Service:
    """What the pages ask, answered from the class; every answer is plain JSON."""

    def __init__(self, room: Classroom) -> None:
        self.room = room
        self.boards: dict[str, tuple[int, Board]] = {}
        #: A student's seat at a board of sites (:mod:`.sites`), by their key, with the
        #: position it was made for.
        self.seats: dict[str, tuple[Any, Seat]] = {}

    # -- a student's answers --

    def seat(self, student: Student) -> Seat:
        """The student's seat at the board (made anew for each position, and each time the
        step is shown: Retry forgets the stone selected, the group clicked)."""
        game = student.lab.session.game
        where = (
            student.visits,
            student.lesson_index,
            student.step_index,
            len(game.move_stack),
            game.position_key(),
        )
        kept = self.seats.get(student.key)
        if kept is not None and kept[0] == where:
            return kept[1]
        seat = Seat(game, student.seat(), student.lab.lessons.step.overlays)
        self.seats[student.key] = (where, seat)
        return seat

    def board(self, student: Student) -> Board:
        """The student's board now (kept while their state does not change)."""
        kept = self.boards.get(student.key)
        if kept is not None and kept[0] == student.version:
            return kept[1]
        shown = student.lab.lessons
        try:
            highlights = shown.step.highlight_points()
        except ValueError:
            highlights = []
        board = site_board(
            self.seat(student),
            highlights=highlights,
            picked=shown.picked,
            verdict=shown.verdict,
            view=student.view,
        )
        self.boards[student.key] = (student.version, board)
        return board

    def student_answer(
        self, student: Student, error: str = "", known: Any = None
    ) -> dict[str, Any]:
        """The page and the board; a layer the page says it has (``known``: the layers'
        keys it was sent) comes as its key only."""
        board = self.board(student)
        state = board.state(_known(known))
        page = student.page()
        seat = self.seat(student)
        state["camera"] = site_camera(board)
        state["key"] = f"{student.lesson_index}:{student.step_index}:{seat.ui.board_kind}"
        asks_move = page["task"] is not None and not page["task"]["points"]
        if asks_move and not page["moved"] and seat.lists_moves:
            page["play"] = seat.moves()
        page["panels"] = seat.panels()
        answer: dict[str, Any] = {"page": page, "board": state}
        if error:
            answer["error"] = error
        return answer

    def join(self, name: Any) -> dict[str, Any]:
        student = self.room.join(name)
        with student.lock:
            answer = self.student_answer(student)
        answer["token"] = student.token
        return answer

    def resume(self, token: Any) -> dict[str, Any]:
        try:
            student = self.room.student(token)
        except Refused as exc:
            return {"forget": True, "error": str(exc)}
        with student.lock:
            return self.student_answer(student)

    def poll(self, token: Any, version: Any, known: Any = None) -> dict[str, Any]:
        """The page anew when it changed since ``version`` (the teacher moved the class)."""
        try:
            student = self.room.student(token)
        except Refused as exc:
            return {"forget": True, "error": str(exc)}
        with student.lock:
            if version == student.version:
                return {"same": True}
            return self.student_answer(student, known=known)

    def act(self, token: Any, action: Any, args: Any, known: Any = None) -> dict[str, Any]:
        """A student's action: ``click`` (a position in the scene), ``check``, ``hint``,
        ``retry``, ``next``, ``previous``, ``move`` (text), ``lesson`` (its number),
        ``view`` (top level, peel, clip or null)."""
        student = self.room.student(token)
        action = bounded_text(action, "the action", 20)
        args = _checked_args(args)
        with student.lock:
            student.move_said = ""
            try:
                self._do(student, action, args)
            except Refused as exc:
                student.move_said = str(exc)
                return self.student_answer(student, str(exc), known)
            return self.student_answer(student, known=known)

    def _do(self, student: Student, action: str, args: list[Any]) -> None:
        simple: dict[str, Callable[[], None]] = {
            "check": student.check,
            "hint": student.hint,
            "retry": student.retry,
            "next": student.next,
            "previous": student.previous,
        }
        if action in simple:
            simple[action]()
        elif action == "click":  # the view ray under the pixel clicked
            if len(args) != 2:
                raise Refused("a click is a ray: a start and a direction")
            origin, direction = (_vector(v) for v in args)
            self._site_click(student, self.seat(student), self.board(student), origin, direction)
        elif action == "point":  # a point by its coordinates (the keyboard's way)
            if len(args) != 1 or not isinstance(args[0], list):
                raise Refused("a point is a list of three whole numbers")
            student.click(tuple(whole_number(v, "a coordinate", 0, 99) for v in args[0]))
        elif action == "move":
            if len(args) != 1:
                raise Refused("type the move")
            text = bounded_text(args[0], "the move", 60).strip()
            if not text:
                raise Refused("type the move first")
            student.play(text)
        elif action == "form":  # a move written with the form: a choice per part
            seat = self.seat(student)
            if len(args) != 1 or not isinstance(args[0], list):
                raise Refused("the form sends a list of choices")
            if len(args[0]) > MAX_FORM_PARTS:
                raise Refused("the form sent too many choices")
            chosen = [bounded_text(v, "a choice", 8) for v in args[0]]
            student.answering()  # (once answered the position has no form to read)
            try:
                text = seat.form_move(chosen)
            except ValueError as exc:
                raise Refused(str(exc)) from None
            student.play(text)
        elif action == "lesson":
            if len(args) != 1:
                raise Refused("which lesson?")
            index = whole_number(args[0], "the lesson", 0, len(self.room.lessons) - 1)
            student.open_lesson(index)
        elif action == "view":
            if len(args) != 3:
                raise Refused("the view is a top level, a peel and a clip")
            top = whole_number(args[0], "the top level", 0, 99)
            peel = whole_number(args[1], "the peel", 0, 9)
            clip = None if args[2] is None else whole_number(args[2], "the clip", 0, 99)
            student.set_view(top, peel, clip)
        else:
            raise Refused(f"no such action: {shorten(action, 20)}")

    def _site_click(
        self,
        student: Student,
        seat: Seat,
        board: Board,
        origin: list[float],
        direction: list[float],
    ) -> None:
        """A click on a board of sites: through the game's turn builder, as in the window
        (a move played and judged, a selection shown, or why not in words)."""
        student.answering()
        site = site_pick(board, origin, direction)
        if site is None:
            raise Refused("that is not on the board: click a square, a stone or a space")
        shown = student.lab.lessons
        if shown.asks_for_points():  # picked (or let go), as the window's lesson takes it
            shown.pick(tuple(seat.ui.coords_of(site)))
            return
        found = seat.click(site)
        if isinstance(found, str):
            student.changed()  # the moves of the site clicked are listed
            raise Refused(found)
        if found is None:
            student.changed()  # a selection: its destinations are drawn
            return
        student.play(str(found))

    # -- the teacher --

    def teacher(self, code: Any, order: Any = None, args: Any = None) -> dict[str, Any]:
        self.room.teacher(code)
        said = ""
        if order == "everyone":
            values = _checked_args(args)
            if len(values) != 2:
                raise Refused("everyone to which lesson and step?")
            moved = self.room.everyone_to(values[0], values[1])
            said = f"{moved} students moved to lesson {values[0] + 1}, step {values[1] + 1}"
        elif order == "csv":
            return {"csv": self.room.csv_text()}
        elif order == "remove":
            values = _checked_args(args)
            if len(values) != 1:
                raise Refused("remove which student?")
            said = f"{self.room.remove(values[0])} is no longer in the class"
            self.forget_gone()
        elif order is not None:
            raise Refused("no such order")
        return {
            "rows": self.room.rows(),
            "lessons": [
                {"title": given.title, "steps": len(given.lesson.steps)}
                for given in self.room.lessons
            ],
            "said": said,
            "alarm": self.room.save_failed,
        }

    def forget_gone(self) -> None:
        """Drop the boards and seats kept for students no longer in the class."""
        with self.room.lock:
            present = set(self.room.students)
        for kept in (self.boards, self.seats):
            for key in list(kept):  # (a copy: workers add to it meanwhile)
                if key not in present:
                    kept.pop(key, None)


def _known(value: Any) -> dict[str, str]:
    """The layers' keys a page says it has (anything else: none)."""
    if not isinstance(value, dict) or len(value) > len(LAYERS):
        return {}
    return {k: v for k, v in value.items() if k in LAYERS and isinstance(v, str) and len(v) <= 64}


def _vector(value: Any) -> list[float]:
    if not isinstance(value, list) or len(value) != 3:
        raise Refused("a click is a ray: two lists of three numbers")
    found = []
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise Refused("a click is a ray: two lists of three numbers")
        if not -1e6 < number < 1e6:
            raise Refused("a click's ray is out of the scene")
        found.append(float(number))
    return found


def _refusing(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``work()``'s answer; a refusal, or a fault of ours (logged, escaped, on one line),
    said in words without its details: the server goes on."""
    try:
        return work()
    except Refused as exc:
        return {"error": str(exc)}
    except Exception:
        log.error("a request failed: %s", shown(traceback.format_exc(), 4000))
        return {"error": "the server could not do that; try again"}


# ---- the bounds -------------------------------------------------------------------------------


@dataclass
class Limits:
    """What one page, and one address, may ask of the class."""

    connections: int = 400  # pages connected at once, in all
    per_address: int = 60  # pages connected at once from one address
    sockets_per_address: int = 120  # TCP connections at once from one address, of any kind
    idle: float = 15.0  # seconds a TCP connection may stay without a request
    joins_a_minute: int = 60  # new students a minute from one address
    messages_a_second: float = 15.0  # a connection's steady rate ...
    burst: int = 40  # ... and how many at once above it
    code_tries: int = 10  # wrong class codes a minute from one address, then locked out
    lockout: float = 300.0  # seconds an address is locked out of the teacher's page
    send_timeout: float = 30.0  # an answer the page does not take in this long: closed


@dataclass
class _Address:
    connections: int = 0
    joins: deque[float] = field(default_factory=deque)
    wrong: deque[float] = field(default_factory=deque)
    locked_until: float = 0.0
    seen: float = 0.0


class Guard:
    """The per-address and per-connection bounds (:class:`Limits`), counted here."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.addresses: dict[str, _Address] = {}
        self.connections = 0

    def _of(self, address: str) -> _Address:
        now = time.monotonic()
        if len(self.addresses) > 4096:  # forget addresses quiet for ten minutes
            for old in [
                a for a, e in self.addresses.items() if not e.connections and now - e.seen > 600
            ]:
                del self.addresses[old]
        entry = self.addresses.setdefault(address, _Address())
        entry.seen = now
        return entry

    def connect(self, address: str) -> str:
        """'' when ``address`` may connect another page (counted), else why not."""
        entry = self._of(address)
        if self.connections >= self.limits.connections:
            return "the class has as many pages open as it can serve: try again soon"
        if entry.connections >= self.limits.per_address:
            return "too many pages open from this address"
        entry.connections += 1
        self.connections += 1
        return ""

    def disconnect(self, address: str) -> None:
        entry = self._of(address)
        entry.connections = max(0, entry.connections - 1)
        self.connections = max(0, self.connections - 1)

    @staticmethod
    def _recent(times: deque[float], now: float, span: float = 60.0) -> deque[float]:
        while times and now - times[0] > span:
            times.popleft()
        return times

    def join(self, address: str) -> None:
        """Refused in words when ``address`` joined too many students this minute."""
        now = time.monotonic()
        joins = self._recent(self._of(address).joins, now)
        if len(joins) >= self.limits.joins_a_minute:
            raise Refused("too many students joined from this address: wait a minute")
        joins.append(now)

    def code_wait(self, address: str) -> float:
        """Seconds a class-code try from ``address`` waits (one more per wrong try this
        minute); Refused in words while the address is locked out."""
        now = time.monotonic()
        entry = self._of(address)
        if entry.locked_until > now:
            minutes = max(1, round((entry.locked_until - now) / 60))
            raise Refused(
                f"too many wrong class codes from this address: the teacher's page is "
                f"locked here for {minutes} minute{'s' if minutes > 1 else ''}"
            )
        return float(len(self._recent(entry.wrong, now)))

    def code_wrong(self, address: str) -> None:
        now = time.monotonic()
        entry = self._of(address)
        wrong = self._recent(entry.wrong, now)
        wrong.append(now)
        if len(wrong) >= self.limits.code_tries:
            entry.locked_until = now + self.limits.lockout
            wrong.clear()
            log.warning("class-code tries from %s locked out", shown(address, 60))


def bound_sockets(server: web.Server, limits: Limits) -> None:
    """Count ``server``'s TCP connections by address and close at once each one past
    :attr:`Limits.sockets_per_address` (a program that opens sockets and sends nothing, or
    a request a byte at a time, holds at most that many; aiohttp closes one without a
    request after its keep-alive time, :attr:`Limits.idle`)."""
    made, lost = server.connection_made, server.connection_lost
    counts: dict[str, int] = {}
    where: dict[Any, str] = {}

    def connection_made(handler: Any, transport: asyncio.Transport) -> None:
        made(handler, transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        where[handler] = address
        counts[address] = counts.get(address, 0) + 1
        if counts[address] > limits.sockets_per_address:
            # closed as aiohttp closes one, once its handler has started
            asyncio.get_running_loop().call_soon(handler.force_close)

    def connection_lost(handler: Any, exc: BaseException | None = None) -> None:
        address = where.pop(handler, None)
        if address is not None:
            counts[address] -= 1
            if counts[address] <= 0:
                del counts[address]
        lost(handler, exc)

    server.connection_made = connection_made  # type: ignore[method-assign]
    server.connection_lost = connection_lost  # type: ignore[method-assign]


class _Bucket:
    """A connection's messages: ``burst`` at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.left, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if self.left < 1.0:
            return False
        self.left -= 1.0
        return True


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


#: The pages' headers: their own scripts only (Vue compiles the templates: unsafe-eval),
#: no frame around them, no address sent elsewhere, nothing kept in a cache.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' "
        "'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


#: A Host header fit to be named in the page's Content-Security-Policy.
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")


def _origin_ok(request: web.Request) -> bool:
    """A browser's websocket from another site's page is refused (its Origin is not this
    server's); a client that sends no Origin is not a browser page of another site."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    host = request.headers.get("Host", "")
    return origin in (f"http://{host}", f"https://{host}")


class Connection:
    """One page's websocket: whom it acts for, and its message budget."""

    def __init__(self, address: str, limits: Limits) -> None:
        self.address = address
        self.token: str | None = None  # the student's key it gave
        self.code: str | None = None  # the class code it proved
        self.told = False  # an unknown message of its was logged
        self.bucket = _Bucket(limits.messages_a_second, limits.burst)


def build_app(room: Classroom, limits: Limits | None = None) -> web.Application:
    """The aiohttp application of ``room``: its two pages, their files and ``/ws``."""
    service = Service(room)
    guard = Guard(limits)
    pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="classroom")
    assets = _assets()
    pages = {name: (WWW / f"{name}.html").read_bytes() for name in ("student", "teacher")}
    app = web.Application(client_max_size=MAX_MESSAGE)
    app["service"] = service
    app["guard"] = guard
    sockets: set[web.WebSocketResponse] = set()
    app["sockets"] = sockets

    async def threaded(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        started = time.perf_counter()
        answer = await asyncio.get_running_loop().run_in_executor(pool, _refusing, work)
        answer["ms"] = round((time.perf_counter() - started) * 1000, 1)
        return answer

    def page(request: web.Request, name: str) -> web.Response:
        headers = dict(HEADERS)
        host = request.headers.get("Host", "")
        if _HOST.fullmatch(host):  # the page's own websocket, named (not every browser's
            # 'self' matches ws: and wss:)
            headers["Content-Security-Policy"] = headers["Content-Security-Policy"].replace(
                "connect-src 'self'", f"connect-src 'self' ws://{host} wss://{host}"
            )
        return web.Response(
            body=pages[name], content_type="text/html", charset="utf-8", headers=headers
        )

    async def students_page(request: web.Request) -> web.Response:
        # (an address of the trame server's days, /?ui=teacher, still opens the teacher's)
        return page(request, "teacher" if request.query.get("ui") == "teacher" else "student")

    async def teachers_page(request: web.Request) -> web.Response:
        return page(request, "teacher")

    async def asset(request: web.Request) -> web.StreamResponse:
        found = assets.get(request.match_info["name"])
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

    async def answer(conn: Connection, message: Any) -> dict[str, Any]:
        if not isinstance(message, dict):
            return {"error": "the page sent a message this class does not know"}
        kind = message.get("do")
        if kind == "join":
            try:
                guard.join(conn.address)
            except Refused as exc:
                return {"error": str(exc)}
            got = await threaded(lambda: service.join(message.get("name")))
            if "token" in got:
                conn.token = got["token"]
                log.info("%s joined from %s", shown(got["page"]["name"], 60), conn.address)
            return got
        if kind == "resume":
            key = message.get("key")
            got = await threaded(lambda: service.resume(key))
            if "page" in got:
                conn.token = key
            return got
        if kind in ("poll", "act"):
            token = conn.token
            if token is None:  # (a page with a key asks for its place first: resume)
                return {"unbound": True, "error": "this page has not joined the class yet"}
            if kind == "poll":
                version, known = message.get("version"), message.get("known")
                got = await threaded(lambda: service.poll(token, version, known))
            else:
                action, args = message.get("action"), message.get("args", [])
                known = message.get("known")
                got = await threaded(lambda: service.act(token, action, args, known))
            if got.get("forget"):
                conn.token = None
            return got
        if kind == "teacher":
            return await teacher(conn, message)
        if not conn.told:  # once a connection: a page's flood never floods the log
            conn.told = True
            log.info("a page from %s sent an unknown message: %s", conn.address, shown(kind))
        return {"error": "the page sent a message this class does not know"}

    async def teacher(conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        if conn.code is None:
            if "code" not in message:  # (no guess: not counted as a wrong try)
                return {"error": "the teacher's page asks for the class code first"}
            try:
                wait = guard.code_wait(conn.address)
            except Refused as exc:
                return {"error": str(exc), "locked": True}
            if wait:
                await asyncio.sleep(min(wait, 5.0))
            code = message.get("code")
            got = _refusing(lambda: service.teacher(code))
            if "error" in got:
                guard.code_wrong(conn.address)
                return got
            conn.code = str(code)
        proven = conn.code
        order, args = message.get("order"), message.get("args")
        if order is None:  # the lines as kept: no student's lock, no thread
            return _refusing(lambda: service.teacher(proven))
        if order == "remove":
            got = await threaded(lambda: service.teacher(proven, order, args))
            if "said" in got:
                log.info("the teacher removed a student: %s", shown(got["said"]))
            return got
        return await threaded(lambda: service.teacher(proven, order, args))

    async def socket(request: web.Request) -> web.StreamResponse:
        address = request.remote or "?"
        if not _origin_ok(request):
            raise web.HTTPForbidden(text="a page of another site")
        why = guard.connect(address)
        if why:
            raise web.HTTPServiceUnavailable(text=why)
        ws = web.WebSocketResponse(
            max_msg_size=MAX_MESSAGE, heartbeat=30.0, compress=False, autoping=True
        )
        try:
            await ws.prepare(request)
            sockets.add(ws)
            conn = Connection(address, guard.limits)
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type != WSMsgType.BINARY:
                        break
                    message: Any = None
                else:
                    try:
                        message = json.loads(msg.data)
                    except (ValueError, RecursionError):
                        message = None
                if not conn.bucket.take():
                    reply: dict[str, Any] = {"error": "too many messages: slow down"}
                else:
                    reply = await answer(conn, message)
                ident = message.get("id") if isinstance(message, dict) else None
                if isinstance(ident, int) and not isinstance(ident, bool):
                    reply["id"] = ident if 0 <= ident < 2**53 else None
                await asyncio.wait_for(
                    ws.send_str(json.dumps(reply, allow_nan=False)), guard.limits.send_timeout
                )
        except (TimeoutError, ConnectionError):
            pass
        finally:
            sockets.discard(ws)
            guard.disconnect(address)
            if not ws.closed:
                await ws.close()
        return ws

    async def no_icon(request: web.Request) -> web.Response:
        return web.Response(status=204)

    app.router.add_get("/", students_page)
    app.router.add_get("/favicon.ico", no_icon)
    app.router.add_get("/teacher", teachers_page)
    app.router.add_get("/www/{name}", asset)
    app.router.add_get("/ws", socket)

    async def closing(app: web.Application) -> None:
        for ws in list(sockets):
            await ws.close()
        pool.shutdown(wait=False, cancel_futures=True)

    app.on_shutdown.append(closing)
    return app
