"""The pages connected and what each may hold (the bounds: :class:`~.guard.Limits`).

- :class:`Pages`: identity decides at the door: a page that shows who it is, the
  teacher's (the class code) or a joined student's (its key), at its handshake
  (:func:`shown_at_handshake`: the page's websocket subprotocols) or by its first
  message, is theirs at once, never one of the pages of no one, and never closed to make
  room for them; a join is judged as it comes (taken out of the pages of no one while it
  is answered). A page of no one has :attr:`Limits.hello` seconds to join, resume or
  give the code; past :attr:`Limits.unjoined` of them, one that spoke and still is no one
  (a refused message, a wrong key or code) is closed first, the oldest, else the oldest
  silent one. A student has at most :attr:`Limits.per_student` pages (the oldest closed
  past it), the teacher :attr:`Limits.teacher_pages`; so neither pages of no one nor one
  student's keep a classmate or the teacher out. A removed student's pages left open stay
  theirs, as many, apart (:meth:`Pages.unbind`): not pages of no one, never closed as
  late, so the teacher's bringing them back reaches them however late it comes.
- :class:`Page`: one page's websocket, its message budget, and what it was sent (a board
  re-asked unchanged costs nothing). What a page does not read is bounded where it is
  held: in the server in all (:attr:`Limits.unsent`: past it, the page furthest behind is
  dropped), in the system's send queue by each page's socket's send buffer
  (:attr:`Limits.send_buffer`), and a page that takes nothing for
  :attr:`Limits.send_timeout` seconds while it is sent something is cut.
- class-code tries are slowed per page, counted when they come (:meth:`Page.code_wait`),
  never per address: nothing a page does locks the teacher out."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import socket
import struct
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from aiohttp import web

from pyramid_lab.i18n import N_

from .guard import Limits
from .words import said

log = logging.getLogger("pyramid_lab.viewer.classroom")

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
    language: str = "en"  # the language it reads (its browser's, or picked on it)
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
        said_here = said(words, self.language)  # (in the page's language)
        task = asyncio.get_running_loop().create_task(self._close(code, said_here))
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

    def open_keys(self) -> set[str]:
        """The students with a page connected (their keys)."""
        return set(self.students)

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
            oldest.shut(BUSY, N_("many pages are opening at once: reload the page"))

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
            oldest.shut(ELSEWHERE, N_("this student's page is open elsewhere"))

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
            oldest.shut(ELSEWHERE, N_("the teacher's page is open elsewhere"))

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
            oldest.shut(ELSEWHERE, N_("this student's page is open elsewhere"))

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
                for teacher in self.teachers:  # (their row says so at once)
                    teacher.wake.set()

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
