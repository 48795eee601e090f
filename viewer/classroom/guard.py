"""The classroom's guard for requests. Identity is the class's own, never the address (in a
school every page comes from one NAT's address): a page is a student's once it gave their
key, the teacher's once it gave the class code, and no one's until then (:mod:`.pages`).

:func:`guard` is the middleware every request goes through: its ``Host`` must be one the
server was started for (a page of another site that points its own name at the class's
address, DNS rebinding, is refused), the websocket's ``Origin`` must be the class's own,
and the pages' headers (their own scripts only, no frame round them, nothing cached).
The bounds are :class:`~.limits.Limits`; the pages connected are :mod:`.pages`'s, the
threads :mod:`.turns`'s, the connections that are no page yet :mod:`.sockets`'s."""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from aiohttp import web

from pyramid_lab import i18n
from pyramid_lab.i18n import N_

from .sockets import QUIET
from .words import chosen, spoken

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
