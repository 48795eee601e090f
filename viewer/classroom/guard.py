"""The classroom's guard: every bound on what a request, a socket, a page or a student may
ask of the class, in one place (:class:`Limits`), and what holds them but the pages
(:mod:`.pages`). Identity is the class's own, never the address (in a school every page
comes from one NAT's address): a page is a student's once it gave their key, the teacher's
once it gave the class code, and no one's until then (:mod:`.pages`).

:func:`guard` is the middleware every request goes through: its ``Host`` must be one the
server was started for (a page of another site that points its own name at the class's
address, DNS rebinding, is refused), the websocket's ``Origin`` must be the class's own,
and the pages' headers (their own scripts only, no frame round them, nothing cached).
TCP connections on which no whole request came yet (nothing sent, or a request a byte at
a time) are bounded in all: the oldest closed past :attr:`Limits.quiet_sockets`
(:class:`BoundSite`, the class's aiohttp site, counts each with :class:`Quiet`). The
students' work runs on a few threads (:attr:`Limits.workers`, :class:`Turns`), the next
job always the one of whoever used the least of them lately: one student, or sixty
hostile pages, cannot take more than their share of the server's time."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import ipaddress
import itertools
import math
import re
import socket
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from aiohttp import web

from pyramid_lab import i18n
from pyramid_lab.i18n import N_

from .words import chosen, spoken

# ---- the bounds --------------------------------------------------------------------------------


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


# ---- connections that are no page yet ----------------------------------------------------------


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


def refusal_language(request: web.BaseRequest) -> str:
    """The language a refusal is said in: the one the page speaks (``/door?lang=``, the
    page's picked or its browser's), else its browser's (``Accept-Language``), as the
    classroom's other words to a page (:mod:`.words`)."""
    asked = chosen(request.query.get("lang")) if "lang" in request.query else None
    return asked or spoken(request.headers.get("Accept-Language"))


def not_our_origin(request: web.BaseRequest) -> str:
    """What is wrong, in words (the page's language), when a page's Origin is not the
    class's (a 403): most often a proxy that sends the class another Host than the name the
    page was opened at."""
    said = i18n.translations(refusal_language(request)).gettext
    origin = request.headers.get("Origin", "")
    found = re.fullmatch(r"https?://([A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?", origin)
    if found is None:
        return said(N_("a page of another site cannot open the class")) + "\n"
    name = found.group(1).lower()
    host = request.headers.get("Host", "")
    return (
        said(
            N_(
                "this page was opened at {origin} but the class was sent the address {host}: a "
                "page of another site cannot open the class. If {name} is the class's own name "
                "(a proxy in front of it), start the class with --allow-host {name}"
            )
        ).format(origin=_shown(origin, said), host=_shown(host, said), name=name)
        + "\n"
    )


def misdirected(request: web.BaseRequest, host: str | None) -> str:
    """What is wrong, in words (the page's language), when a request names another Host
    than the class's (a 421: DNS rebinding, or a proxy whose name was not given)."""
    said = i18n.translations(refusal_language(request)).gettext
    if not host:
        return (
            said(
                N_(
                    "this class answers only at the address it was started for (the address "
                    "its teacher gave), not at another name"
                )
            )
            + "\n"
        )
    name = _shown(host.rsplit(":", 1)[0], said)
    return (
        said(
            N_(
                "this class answers only at the address it was started for (the address its "
                "teacher gave), not at {name}: if {name} is the class's own name (a proxy in "
                "front of it), start the class with --allow-host {name}"
            )
        ).format(name=name)
        + "\n"
    )


def _shown(text: str, said: Callable[[str], str]) -> str:
    """A header's value fit to be said back: its plain characters only, at most 120
    ("(none)", in the words ``said`` gives, for an empty one)."""
    return re.sub(r"[^A-Za-z0-9.:/\[\]-]", "?", text[:120]) or said(N_("(none)"))


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every request: its Host (DNS rebinding refused), the websocket's Origin, and the
    headers of what is served."""
    request.app[QUIET].spoke(request.transport)  # (a whole request came: no longer quiet)
    host = request.headers.get("Host")
    if not request.app[HOSTS].allows(host):
        raise web.HTTPMisdirectedRequest(text=misdirected(request, host))
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


# ---- the threads -------------------------------------------------------------------------------


T = TypeVar("T")


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
            # (in the caller's context: a page's language, i18n.override, goes with its work)
            return await loop.run_in_executor(self.pool, contextvars.copy_context().run, work)
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
