"""The classroom's guard, in one place: every bound on what a request, a socket or a page may
ask (:class:`Limits`), and who a page is. Identity is the class's own, never the address
(in a school every page comes from one NAT's address): a page is a student's once it gave
their key, the teacher's once it gave the class code, and no one's until then.

- :func:`guard`: the middleware every request goes through: its ``Host`` must be one the
  server was started for (a page of another site that points its own name at the class's
  address, DNS rebinding, is refused), the websocket's ``Origin`` must be the class's own,
  and the pages' headers (their own scripts only, no frame round them, nothing cached).
- :class:`Pages`: the pages connected and what each may hold. Identity decides at the
  door: a page that shows who it is, the teacher's (the class code) or a joined
  student's (its key), at its handshake (:func:`shown_at_handshake`: the page's
  websocket subprotocols) or by its first message, is theirs at once, never one of the
  pages of no one, and never closed to make room for them; a join is judged as it
  comes (taken out of the pages of no one while it is answered). A page of no one has
  :attr:`Limits.hello` seconds to join, resume or give the code; past
  :attr:`Limits.unjoined` of them, one that spoke and still is no one (a refused
  message, a wrong key or code) is closed first, the oldest, else the oldest silent
  one. A student has at most :attr:`Limits.per_student` pages (the oldest closed past
  it), the teacher :attr:`Limits.teacher_pages`; so neither pages of no one nor one
  student's keep a classmate or the teacher out. A removed student's pages left open stay theirs, as
  many, apart (:meth:`Pages.unbind`): not pages of no one, never closed as late, so the
  teacher's bringing them back reaches them however late it comes.
- :class:`Page`: one page's websocket, its message budget, and what it was sent (a board
  re-asked unchanged costs nothing). What a page does not read is bounded where it is
  held: in the server in all (:attr:`Limits.unsent`: past it, the page furthest behind is
  dropped), in the system's send queue by each page's socket's send buffer
  (:attr:`Limits.send_buffer`), and a page that takes nothing for
  :attr:`Limits.send_timeout` seconds while it is sent something is cut.
- class-code tries are slowed per page, counted when they come (:meth:`Page.code_wait`),
  never per address: nothing a page does locks the teacher out.
- :class:`Turns`: the students' work on a few threads, the next job always the one of
  whoever used the least of them lately: one student, or sixty hostile pages, cannot take
  more than their share of the server's time.
- :class:`BoundSite`: TCP connections on which no whole request came yet (nothing sent, or
  a request a byte at a time) are bounded in all, the oldest closed past
  :attr:`Limits.quiet_sockets`."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import itertools
import logging
import math
import re
import socket
import struct
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from aiohttp import web

log = logging.getLogger("pyramid_lab.viewer.classroom")
T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """What a page, a student and a socket may ask of the class."""

    unjoined: int = 100  # pages of no one yet at once, in all (the oldest closed past it)
    hello: float = 5.0  # seconds a page has to join, resume or give the class code
    per_student: int = 3  # pages of one student at once (the oldest closed past it)
    teacher_pages: int = 8  # the teacher's pages at once (the oldest closed past it)
    quiet_sockets: int = 200  # TCP connections that are no page yet (the oldest closed)
    idle: float = 15.0  # seconds a TCP connection may stay without a request
    messages_a_second: float = 15.0  # a page's steady rate ...
    burst: int = 40  # ... and how many at once above it
    code_tries: int = 6  # class-code tries a page, then it is closed
    code_wait: float = 1.0  # a page's second try waits this long, each after twice more
    send_timeout: float = 5.0  # a message a page does not take in this long: closed
    unsent: int = 48 * 1024 * 1024  # bytes sent and not yet read by the pages, in all
    send_buffer: int = 64 * 1024  # a page's socket's send buffer (Linux: twice, at most)
    workers: int = 4  # threads answering students
    usage_memory: float = 10.0  # seconds over which a student's use of them is weighed


# ---- requests: the Host, the Origin and the pages' headers -------------------------------------


@dataclass(frozen=True)
class Hosts:
    """The names a request's ``Host`` may give: an address (a browser that asked for an
    address, not a name, was not led here by someone's DNS), ``localhost``, this
    machine's names, and the names given (``--host``, ``--allow-host``: a proxy's)."""

    names: frozenset[str]
    #: The names given with ``--allow-host`` (a proxy's): a page whose Origin is one of
    #: them is the class's own, whatever Host the proxy sends on.
    proxies: frozenset[str] = frozenset()

    @classmethod
    def started_for(cls, host: str, more: Iterable[str] = ()) -> Hosts:
        given = {n.lower().rstrip(".") for n in more if n}
        names = {"localhost", *given}
        if host not in ("", "0.0.0.0", "::"):
            names.add(host)
        with contextlib.suppress(OSError):
            names |= {socket.gethostname(), socket.getfqdn()}
        return cls(frozenset(n.lower().rstrip(".") for n in names if n), frozenset(given))

    def origin_allows(self, origin: str) -> bool:
        """Whether a page at ``origin`` (``https://NAME[:PORT]``) was reached by a name
        given with ``--allow-host``."""
        found = re.fullmatch(r"https?://([A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?", origin)
        return found is not None and found.group(1).lower().rstrip(".") in self.proxies

    def allows(self, header: str | None) -> bool:
        if not header:
            return False
        found = _HOST.fullmatch(header)
        if found is None:
            return False
        name = (found.group(1) or found.group(3) or "").lower().rstrip(".")
        if found.group(3) is not None:  # [an IPv6 address]
            return _is_address(name)
        return _is_address(name) or name in self.names


#: A Host header: a name or IPv4 address and a port, or [an IPv6 address] and a port.
_HOST = re.compile(r"([A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?|\[([0-9A-Fa-f:.]{2,45})\](:[0-9]{1,5})?")


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


HOSTS = web.AppKey("hosts", Hosts)

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


def origin_ok(request: web.BaseRequest, hosts: Hosts) -> bool:
    """A browser's websocket from another site's page is refused (its Origin is neither
    this request's Host nor a name given with ``--allow-host``); a client that sends no
    Origin is not a browser page of another site."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    host = request.headers.get("Host", "")
    return origin in (f"http://{host}", f"https://{host}") or hosts.origin_allows(origin)


def not_our_origin(request: web.BaseRequest) -> str:
    """What is wrong, in words, when a page's Origin is not the class's (a 403): most
    often a proxy that sends the class another Host than the name the page was opened at."""
    origin = request.headers.get("Origin", "")
    found = re.fullmatch(r"https?://([A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?", origin)
    if found is None:
        return "a page of another site cannot open the class\n"
    name = found.group(1).lower()
    host = _shown(request.headers.get("Host", ""))
    return (
        f"this page was opened at {_shown(origin)} but the class was sent the address "
        f"{host}: a page of another site cannot open the class. If {name} is the class's "
        f"own name (a proxy in front of it), start the class with --allow-host {name}\n"
    )


def _shown(text: str) -> str:
    """A header's value fit to be said back: its plain characters only, at most 120."""
    return re.sub(r"[^A-Za-z0-9.:/\[\]-]", "?", text[:120]) or "(none)"


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every request: its Host (DNS rebinding refused), the websocket's Origin, and the
    headers of what is served."""
    request.app[QUIET].spoke(request.transport)  # (a whole request came: no longer quiet)
    host = request.headers.get("Host")
    if not request.app[HOSTS].allows(host):
        name = _shown((host or "").rsplit(":", 1)[0]) if host else "another name"
        raise web.HTTPMisdirectedRequest(
            text="this class answers only at the address it was started for (the address "
            f"its teacher gave), not at {name}: if {name} is the class's own name (a proxy "
            f"in front of it), start the class with --allow-host {name}\n"
        )
    if request.path in ("/ws", "/door") and not origin_ok(request, request.app[HOSTS]):
        raise web.HTTPForbidden(text=not_our_origin(request))
    response = await handler(request)
    if request.path in ("/", "/teacher"):
        headers = dict(HEADERS)
        assert host is not None  # (allowed above)
        # the page's own websocket, named (not every browser's 'self' matches ws: / wss:)
        headers["Content-Security-Policy"] = headers["Content-Security-Policy"].replace(
            "connect-src 'self'", f"connect-src 'self' ws://{host} wss://{host}"
        )
        response.headers.update(headers)
    return response


# ---- pages ----------------------------------------------------------------------------------

Role = Literal["new", "waiting", "student", "removed", "teacher"]

#: Close codes a page is told (4000-4999: the application's own), with the words.
BUSY = 4001  # pages of no one: the oldest closed
ELSEWHERE = 4002  # a student's or the teacher's pages: the oldest closed
LATE = 4003  # no join, no key, no code in time
SLOW = 4004  # a page that does not read
TRIES = 4005  # too many wrong class codes on one page
REFUSED = 4006  # a join waiting the teacher did not let in


class Bucket:
    """A page's messages: ``burst`` at once, then ``rate`` a second."""

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


@dataclass(eq=False)
class Page:
    """One page's websocket: whom it acts for, its message budget, its class-code tries,
    and what it was sent (the page's version and its board's layers' keys)."""

    ws: web.WebSocketResponse
    transport: asyncio.BaseTransport | None
    limits: Limits
    role: Role = "new"
    key: str | None = None  # the digest of the student's key it gave
    token: str | None = None  # that key
    waiting: str | None = None  # its join's handle, while it waits for the teacher
    opened: float = field(default_factory=time.monotonic)
    sent_version: int | None = None
    sent_layers: dict[str, str] = field(default_factory=dict)
    sent_lines: int | None = None
    tries: int = 0  # class codes given
    told: bool = False  # an unknown message of its was logged
    busy: bool = False  # a message of its is being answered
    binding: bool = False  # a join or resume of its is being answered (it is not late)
    blank: bool = False  # it spoke and is still no one's (closed first past the bound)
    behind_since: float | None = None  # since when it has bytes it did not take ...
    behind_bytes: int = 0  # ... and how many it had then
    removed: tuple[str, str] | None = None  # its student's key's digest and key, removed
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)

    def __post_init__(self) -> None:
        self.bucket = Bucket(self.limits.messages_a_second, self.limits.burst)

    def code_wait(self) -> float:
        """The seconds this page's class-code try waits before it is judged, counted as it
        comes (0, 1, 3, 7 ... seconds after the page's first); TooMany past
        :attr:`Limits.code_tries`."""
        self.tries += 1
        if self.tries > self.limits.code_tries:
            raise TooMany()
        return self.limits.code_wait * ((1 << (self.tries - 1)) - 1)

    def unsent(self) -> int:
        """Bytes sent to the page and not yet taken by it."""
        if self.transport is None or self.transport.is_closing():
            return 0
        size = getattr(self.transport, "get_write_buffer_size", None)
        return int(size()) if size is not None else 0

    def shut(self, code: int, words: str) -> None:
        """Close the page, saying why (the page does not reconnect by itself), or cut it
        when it does not read."""
        if self.ws.closed:
            return
        if self.unsent() > 0 or self.transport is None:
            self.abort()
            return
        task = asyncio.get_running_loop().create_task(self._close(code, words))
        _CLOSING.add(task)
        task.add_done_callback(_CLOSING.discard)

    async def _close(self, code: int, words: str) -> None:
        try:
            async with asyncio.timeout(1.0):
                await self.ws.close(code=code, message=words.encode("utf-8")[:120])
        except (TimeoutError, ConnectionError, RuntimeError):
            self.abort()

    def abort(self) -> None:
        """Cut the page's connection at once, what it did not take dropped: the system's
        send queue too (a socket closed with bytes unsent is kept by the system, sending
        them, for minutes: a reset is sent instead)."""
        sock = self.transport.get_extra_info("socket") if self.transport is not None else None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        if isinstance(self.transport, asyncio.WriteTransport):
            self.transport.abort()
        elif self.transport is not None:
            self.transport.close()


_CLOSING: set[asyncio.Task[None]] = set()


class TooMany(Exception):
    """A page past its class-code tries."""


class Pages:
    """The pages connected, by whom they act for (:class:`Limits`: their numbers)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.new: OrderedDict[Page, None] = OrderedDict()  # of no one yet
        #: Joins waiting for the teacher's yes (as many as the class lets wait): apart,
        #: so that pages of no one never push them out.
        self.waiting: OrderedDict[Page, None] = OrderedDict()
        self.students: dict[str, OrderedDict[Page, None]] = {}
        #: Removed students' pages left open, by their keys' digests (as many as a
        #: student's): brought back, they are the student's again.
        self.removed: dict[str, OrderedDict[Page, None]] = {}
        self.teachers: OrderedDict[Page, None] = OrderedDict()
        #: The pages that had bytes they had not taken at their last send.
        self.behind: set[Page] = set()

    def every(self) -> list[Page]:
        found = list(self.new) + list(self.waiting) + list(self.teachers)
        for pages in [*self.students.values(), *self.removed.values()]:
            found += pages
        return found

    def of_student(self, key: str) -> list[Page]:
        return list(self.students.get(key, ()))

    def opened(self, page: Page) -> None:
        """A new page, of no one yet (it showed no one's key or code at its handshake):
        past :attr:`Limits.unjoined` of them, one is closed: the oldest that spoke and is
        still no one's (a refused message, a wrong key or code: :meth:`judged`), else the
        oldest (a newcomer speaks at once, and its join is judged as it comes:
        :meth:`judging`)."""
        self.new[page] = None
        self._room()

    def _room(self) -> None:
        while len(self.new) > self.limits.unjoined:
            oldest = next((p for p in self.new if p.blank), None)
            if oldest is None:
                oldest = next(iter(self.new))
            del self.new[oldest]
            oldest.shut(BUSY, "many pages are opening at once: reload the page")

    def judging(self, page: Page) -> None:
        """A join, a key or a class code came from a page of no one: it is no longer one
        of them while it is judged (never closed to make room for them)."""
        self.new.pop(page, None)

    def judged(self, page: Page) -> None:
        """A page's message was answered: still no one's, it is a page of no one again,
        one that spoke (closed first past the bound)."""
        if page.role == "new" and not page.ws.closed:
            page.blank = True
            self.new[page] = None
            self.new.move_to_end(page)
            self._room()

    def late(self, page: Page) -> bool:
        """Whether ``page`` is of no one still, :attr:`Limits.hello` after it opened (a
        join waiting for the teacher is not late, nor a removed student's page; a page
        whose join or resume is being answered is looked at again when it is)."""
        return page.role == "new" and page in self.new and not page.binding

    def as_student(self, page: Page, key: str, token: str) -> None:
        self.forget(page)
        page.removed = None
        page.role, page.key, page.token, page.waiting = "student", key, token, None
        page.sent_version, page.sent_layers = None, {}
        mine = self.students.setdefault(key, OrderedDict())
        mine[page] = None
        while len(mine) > self.limits.per_student:
            oldest, _ = mine.popitem(last=False)
            oldest.role, oldest.key = "new", None
            oldest.shut(ELSEWHERE, "this student's page is open elsewhere")

    def as_waiting(self, page: Page, handle: str) -> None:
        self.forget(page)
        page.removed = None
        page.role, page.waiting = "waiting", handle
        self.waiting[page] = None

    def as_teacher(self, page: Page) -> None:
        self.forget(page)
        page.removed = None
        page.role = "teacher"
        self.teachers[page] = None
        while len(self.teachers) > self.limits.teacher_pages:
            oldest, _ = self.teachers.popitem(last=False)
            oldest.role = "new"
            oldest.shut(ELSEWHERE, "the teacher's page is open elsewhere")

    def unbind(self, page: Page, removed: tuple[str, str] | None = None) -> None:
        """A page whose student's key acts no more: a page of no one (it may join). A
        removed student's page (``removed``: their key's digest and key) stays theirs,
        apart: not a page of no one (never closed as late, never pushed out by pages
        opening), at most :attr:`Limits.per_student` of them (the oldest closed past
        it); brought back, it is theirs again (:meth:`removed_pages`)."""
        self.forget(page)
        page.role, page.key, page.token, page.removed = "new", None, None, removed
        if removed is None:
            self.new[page] = None
            return
        page.role = "removed"
        mine = self.removed.setdefault(removed[0], OrderedDict())
        mine[page] = None
        while len(mine) > self.limits.per_student:
            oldest, _ = mine.popitem(last=False)
            oldest.role, oldest.removed = "new", None
            oldest.shut(ELSEWHERE, "this student's page is open elsewhere")

    def removed_pages(self, key: str) -> list[Page]:
        """The pages left open of the removed student whose key's digest is ``key``."""
        return list(self.removed.get(key, ()))

    def forget_removed(self, keys: Iterable[str]) -> None:
        """The class forgot these removed students for good: their pages are of no one
        (told so when they next ask; they may join)."""
        for key in keys:
            for page in self.removed.pop(key, ()):
                page.role, page.removed = "new", None
                self.new[page] = None

    def forget(self, page: Page) -> None:
        self.behind.discard(page)
        self.new.pop(page, None)
        self.waiting.pop(page, None)
        self.teachers.pop(page, None)
        if page.removed is not None and page.removed[0] in self.removed:
            self.removed[page.removed[0]].pop(page, None)
            if not self.removed[page.removed[0]]:
                del self.removed[page.removed[0]]
        if page.key is not None and page.key in self.students:
            self.students[page.key].pop(page, None)
            if not self.students[page.key]:
                del self.students[page.key]

    def make_room(self, page: Page, size: int) -> None:
        """Before ``size`` more bytes are sent to ``page``: while the pages' unread bytes
        would pass :attr:`Limits.unsent`, the page furthest behind is cut (only the pages
        found behind at their last send are looked at: the others have read it all)."""
        self.note(page)
        found = [(p.unsent(), p) for p in list(self.behind)]
        total = sum(unread for unread, _p in found)
        for unread, behind in sorted(found, key=lambda t: -t[0]):
            if total + size <= self.limits.unsent or unread == 0:
                break
            log.info("a page that does not read was closed (%d KB unread)", unread // 1024)
            behind.abort()
            self.behind.discard(behind)
            total -= unread

    def note(self, page: Page) -> None:
        """Whether ``page`` has bytes it has not taken (looked at by :meth:`make_room` and
        :meth:`sweep`)."""
        unsent = page.unsent()
        if unsent > 0 and not page.ws.closed:
            self.behind.add(page)
            if page.behind_since is None:
                page.behind_since, page.behind_bytes = time.monotonic(), unsent
        else:
            self.behind.discard(page)
            page.behind_since = None

    def sweep(self) -> int:
        """Cut the pages that took nothing of what they were sent for
        :attr:`Limits.send_timeout` seconds (what they had not taken never went below
        what it was then: its socket's send buffer full all along); how many. A page that
        reads, however slowly, is looked at anew from where it got to."""
        now, cut = time.monotonic(), 0
        for page in list(self.behind):
            unsent = page.unsent()
            if unsent == 0 or page.ws.closed:
                self.behind.discard(page)
                page.behind_since = None
            elif page.behind_since is None or unsent < page.behind_bytes:
                page.behind_since, page.behind_bytes = now, unsent
            elif now - page.behind_since > self.limits.send_timeout:
                log.info("a page that took nothing for %.0f s was closed", now - page.behind_since)
                page.abort()
                self.behind.discard(page)
                cut += 1
        return cut


#: The websocket subprotocol the pages speak, and what a page may add to it to show who it
#: is at its handshake: ``key.KEY`` (a student's key) or ``code.CODE`` (the class code).
PROTOCOL = "pyramid-lab"


def shown_at_handshake(request: web.BaseRequest) -> tuple[str, str] | None:
    """Who a page's handshake says it is: ``("key", KEY)`` or ``("code", CODE)`` from its
    ``Sec-WebSocket-Protocol`` (a browser page's websocket may send these words only),
    None when it says neither."""
    offered = request.headers.get("Sec-WebSocket-Protocol", "")
    if len(offered) > 400:
        return None
    for word in offered.split(","):
        found = re.fullmatch(r"(key|code)\.([A-Za-z0-9_-]{1,64})", word.strip())
        if found is not None:
            return found.group(1), found.group(2)
    return None


# ---- the students' work: a few threads, shared fairly ------------------------------------------


class Turns:
    """Work run on :attr:`Limits.workers` threads; when all are busy, the next job is the
    one of whoever (a student, the teacher) has the fewest jobs running, then used the
    least thread time lately (weighed over :attr:`Limits.usage_memory` seconds), chosen
    as a thread comes free."""

    def __init__(self, limits: Limits) -> None:
        self.pool = ThreadPoolExecutor(max_workers=limits.workers, thread_name_prefix="classroom")
        self.free = limits.workers
        self.memory = limits.usage_memory
        self.used: dict[str, tuple[float, float]] = {}  # whose: (seconds, when weighed)
        self.running: dict[str, int] = {}
        self.queue: list[tuple[int, str, asyncio.Future[None]]] = []
        self.count = itertools.count()

    def usage(self, whose: str, now: float, more: float = 0.0) -> float:
        seconds, at = self.used.get(whose, (0.0, now))
        value = seconds * math.exp(-(now - at) / self.memory) + more
        if more:
            self.used[whose] = (value, now)
            if len(self.used) > 4096:
                self.used = {k: v for k, v in self.used.items() if now - v[1] < self.memory}
        return value

    async def run(self, whose: str, work: Callable[[], T]) -> T:
        loop = asyncio.get_running_loop()
        if self.free > 0 and not self.queue:
            self.free -= 1
        else:
            turn: asyncio.Future[None] = loop.create_future()
            self.queue.append((next(self.count), whose, turn))
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._next()  # (its turn came as it went: passed on)
                raise
        self.running[whose] = self.running.get(whose, 0) + 1
        started = time.monotonic()
        try:
            return await loop.run_in_executor(self.pool, work)
        finally:
            now = time.monotonic()
            self.usage(whose, now, max(now - started, 1e-4))
            self.running[whose] -= 1
            if not self.running[whose]:
                del self.running[whose]
            self._next()

    def _next(self) -> None:
        """The free thread to the job waiting of whoever needs it most, else kept free."""
        self.queue = [entry for entry in self.queue if not entry[2].done()]
        if not self.queue:
            self.free += 1
            return
        now = time.monotonic()
        chosen = min(
            self.queue,
            key=lambda e: (self.running.get(e[1], 0), self.usage(e[1], now), e[0]),
        )
        self.queue.remove(chosen)
        chosen[2].set_result(None)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


# ---- sockets that are no page yet ----------------------------------------------------------------


class _Counted(asyncio.Protocol):
    """aiohttp's protocol for one TCP connection, counted while it is no page yet."""

    def __init__(self, inner: asyncio.Protocol, quiet: Quiet) -> None:
        self.inner, self.quiet = inner, quiet
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.inner.connection_made(transport)
        self.quiet.made(self)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.quiet.lost(self)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class Quiet:
    """The TCP connections that are no page (yet), oldest first; past the bound the
    oldest is closed (aiohttp closes one without a request after :attr:`Limits.idle`)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.sockets: OrderedDict[_Counted, None] = OrderedDict()
        self.by_transport: dict[asyncio.BaseTransport, _Counted] = {}

    def made(self, counted: _Counted) -> None:
        self.sockets[counted] = None
        if counted.transport is not None:
            self.by_transport[counted.transport] = counted
        while len(self.sockets) > self.limits.quiet_sockets:
            oldest, _ = self.sockets.popitem(last=False)
            if oldest.transport is not None:
                oldest.transport.close()

    def lost(self, counted: _Counted) -> None:
        self.sockets.pop(counted, None)
        if counted.transport is not None:
            self.by_transport.pop(counted.transport, None)

    def spoke(self, transport: asyncio.BaseTransport | None) -> None:
        """A whole request came on the connection: it is a browser's (kept alive by
        aiohttp for :attr:`Limits.idle` seconds at most) or a page's websocket (bounded as
        a page), no longer a quiet one."""
        counted = self.by_transport.get(transport) if transport is not None else None
        if counted is not None:
            self.sockets.pop(counted, None)


QUIET = web.AppKey("quiet", Quiet)


class BoundSite(web.TCPSite):
    """aiohttp's TCP site, each connection counted by :class:`Quiet`."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, quiet: Quiet) -> None:
        super().__init__(runner, host, port, backlog=128)
        self.quiet = quiet

    async def start(self) -> None:
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        quiet = self.quiet
        self._server = await asyncio.get_running_loop().create_server(
            lambda: _Counted(server(), quiet), self._host, self._port, backlog=self._backlog
        )
        sockets = self._server.sockets
        self._bound_port = sockets[0].getsockname()[1] if sockets else self._port
