"""A page's websocket (``/ws``) and the door's admission: one socket a page, carrying the
messages of :mod:`.messages`, each answered in turn by its handler (:data:`.handlers.HANDLERS`)
once the page may send it (its budget, its kind, who it acts for); what changed for the
page pushed beside (:func:`.pushes.pushing`). A page that shows at its handshake who it is
(a joined student's key, the class code) is theirs at once; any other is a page of no one,
closed as late unless it joins, gives a key or the class code in time
(:class:`.pages.Pages`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket as sockets
import traceback
from typing import Any

from aiohttp import WSMsgType, web

from pyramid_lab import i18n
from pyramid_lab.i18n import N_
from pyramid_lab.model.words import reason_of

from .checks import Refused
from .guard import Limits, refusal_language
from .handlers import HANDLERS
from .messages import (
    MAX_MESSAGE,
    Code,
    Join,
    Message,
    Resume,
    Unknown,
    Unread,
    language_of,
    read,
)
from .pages import LATE, PROTOCOL, Page, Pages, TooMany, shown_at_handshake
from .pushes import brought_back, changed_for, pushing, send, whose_key
from .replies import Failed, Reply, Unbound
from .service import shown
from .state import LIMITS, PAGES, ROOM
from .words import spoken

__all__ = ["socket"]

log = logging.getLogger("pyramid_lab.viewer.classroom")


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
        said = i18n.translations(refusal_language(request)).gettext
        raise web.HTTPBadRequest(
            text=said(
                N_(
                    "this is the class's websocket: the class's pages open it (open the "
                    "students' page instead)"
                )
            )
            + "\n"
        )
    _small_send_buffer(request.transport, limits)
    await ws.prepare(request)  # (a handshake gone wrong: aiohttp's 400, in words)
    page = Page(
        ws, request.transport, limits, language=spoken(request.headers.get("Accept-Language"))
    )
    _at_the_door(app, page, shown_at_handshake(request))
    loop = asyncio.get_running_loop()
    late = loop.call_later(limits.hello, _late, pages, page)
    pusher = loop.create_task(pushing(app, page))
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
                await send(app, page, reply)
            finally:
                page.busy = False
            if (page.role == "student" and changed_for(app, page)) or brought_back(app, page):
                page.wake.set()  # (changed while the page was answered)
    except (TimeoutError, ConnectionError):
        page.abort()
    finally:
        late.cancel()
        pusher.cancel()
        pages.forget(page)
        if page.waiting is not None:
            app[ROOM].admission.forget_waiting(page.waiting)
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
    for them; any other is a page of no one (:meth:`.pages.Pages.opened`)."""
    pages, room = app[PAGES], app[ROOM]
    if shown is not None and shown[0] == "key" and (whose := whose_key(shown[1])) is not None:
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
        page.shut(LATE, N_("this page did not join the class in time: reload it"))


async def _answer(app: web.Application, page: Page, text: str | None) -> Reply:
    """The answer to one message of the page's: refused in words unless the page may send
    it (its budget, its kind, who it acts for), else its handler's."""
    ident: int | None = None
    try:
        ident, kind, raw = read(text)
        language = language_of(raw) or page.language  # (each message says it)
        if language != page.language:  # (the spots' words were said in the other)
            page.sent_layers.pop("spots", None)
        page.language = language
        if not page.bucket.take():
            raise Refused(N_("too many messages: slow down"))
        if page.role == "new" and _shows_who(page, kind, raw):
            app[PAGES].judging(page)  # (judged as it comes, not closed to make room)
        if kind.WHO == "student" and page.role != "student":
            reply: Reply = Unbound(unbound=True, error=N_("this page has not joined the class yet"))
        elif kind.WHO == "teacher" and page.role != "teacher":
            reply = Failed(error=N_("the teacher's page asks for the class code first"))
        else:  # (its fields read only now: nothing is said to a page that may not send it)
            with i18n.override(page.language):  # (str() of a reason speaks the page's)
                reply = await HANDLERS[kind](app, page, kind.read(raw))
    except Unread as exc:
        ident = exc.ident
        if isinstance(exc.why, Unknown) and not page.told:  # once a page: no flood of lines
            page.told = True
            log.info("a page sent an unknown message: %s", shown(exc.kind))
        reply = Failed(error=reason_of(exc.why))
    except Refused as exc:
        reply = Failed(error=reason_of(exc))
    except Exception:
        log.error("a request failed: %s", shown(traceback.format_exc(), 4000))
        reply = Failed(error=N_("the server could not do that; try again"))
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
