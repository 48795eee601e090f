"""What the server sends a page, in one place: a reply or a push (:func:`send`, bounded:
a page that does not read is cut), a student's work on the threads in their turn
(:func:`threaded`), and what changed pushed to the pages concerned as it changes, never
polled (:func:`listen` wakes them, :func:`pushing` is a page's pusher): a student's page
anew when the teacher moved them or their other page acted, the teacher's lines (at least
every :data:`LINES_EVERY` seconds, the times on the steps)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import TypeVar

from aiohttp import web

from pyramid_lab import i18n
from pyramid_lab.i18n import N_

from .checks import Refused, key_of, token_of
from .pages import Page
from .replies import Failed, Forget, Reply, Same, StudentAnswer, TeacherLines
from .service import _refusing, forget_answer
from .state import LIMITS, PAGES, ROOM, SERVICE, TURNS
from .words import translated

#: A push waits this long for more changes to come with it (a burst is one message).
COALESCE = 0.03
#: The teacher's page is sent its lines at least this often (the times on the steps).
LINES_EVERY = 5.0

R = TypeVar("R", bound=Reply)


async def send(app: web.Application, page: Page, reply: Reply) -> None:
    """Send ``reply``, its words in the page's language (:func:`.words.translated`); a
    page that does not take it in :attr:`Limits.send_timeout` is cut (ConnectionError),
    and the pages' unread bytes stay bounded (:meth:`Pages.make_room`)."""
    text = json.dumps(translated(reply, page.language), allow_nan=False)
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


async def threaded(app: web.Application, whose: str, work: Callable[[], R]) -> R | Failed:
    """``work()`` on the threads, in ``whose`` turn; a refusal or a fault in words."""
    started = time.perf_counter()
    answer = await app[TURNS].run(whose, lambda: _refusing(work))
    answer["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return answer


def sent(page: Page, answer: Reply) -> Reply:
    """Note what ``answer`` gives the page (its version, its board's layers)."""
    if "page" in answer:
        page.sent_version = answer["page"]["version"]
        board = answer["board"]
        if "keys" in board:
            page.sent_layers = dict(board["keys"])
    return answer


def forgotten(
    app: web.Application, page: Page, answer: Reply, whose: tuple[str, str] | None = None
) -> Reply:
    """``answer``, after the page is let go when it says the key acts no more: a removed
    student's page (``whose``: the key it gave, else its own) stays theirs, to come back
    when the teacher brings them back (:meth:`.pages.Pages.unbind`)."""
    if "forget" in answer:
        if whose is None and page.key is not None and page.token is not None:
            whose = (page.key, page.token)
        app[PAGES].unbind(page, whose if answer["removed"] else None)
    return answer


def whose_key(token: object) -> tuple[str, str] | None:
    """A key a page gave, and its digest (None: not a key at all)."""
    try:
        text = token_of(token)
    except Refused:
        return None
    return key_of(text), text


def brought_back(app: web.Application, page: Page) -> bool:
    """Whether ``page`` is a removed student's whom the teacher has brought back."""
    return (
        page.role == "removed"
        and page.removed is not None
        and (page.removed[0] in app[ROOM].students)
    )


def changed_for(app: web.Application, page: Page) -> bool:
    if page.key is None:
        return False
    student = app[ROOM].students.get(page.key)
    return student is None or student.version != page.sent_version


async def send_quietly(app: web.Application, page: Page, reply: Reply) -> None:
    with contextlib.suppress(ConnectionError):
        await send(app, page, reply)


def gone(app: web.Application, page: Page) -> bool:
    return page.key is not None and page.key not in app[ROOM].students


def why_gone(app: web.Application, page: Page) -> Refused:
    try:
        app[ROOM].student(page.token)
    except Refused as exc:
        return exc
    return Refused(N_("this class does not know you (yet): type your name to join"))


def lines_of(app: web.Application, page: Page | None = None, said: str = "") -> TeacherLines:
    """The teacher's page: the lines, the joins waiting, the students removed."""
    room = app[ROOM]
    version = room.version
    lines = room.lines(app[PAGES].open_keys())
    lines["said"] = said
    if page is not None:
        page.sent_lines = version
    return lines


def listen(app: web.Application, loop: asyncio.AbstractEventLoop) -> Callable[[str | None], None]:
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


async def pushing(app: web.Application, page: Page) -> None:
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
            with i18n.override(page.language):  # (made in the page's language, as its answers)
                await _push(app, page)


async def _push(app: web.Application, page: Page) -> None:
    """What changed for ``page``, sent: the teacher's lines, or a student's page anew."""
    if page.role == "teacher":
        pushed: TeacherLines = {**lines_of(app, page), "push": "lines"}
        await send(app, page, pushed)
    elif page.role == "student" and changed_for(app, page):
        await _push_student(app, page)
    elif page.removed is not None and brought_back(app, page):
        key, token = page.removed  # brought back: the page is theirs again
        page.removed = None
        app[PAGES].as_student(page, key, token)
        await _push_student(app, page)


async def _push_student(app: web.Application, page: Page) -> None:
    assert page.key is not None
    assert page.token is not None
    got: StudentAnswer | Same | Forget | Failed
    if gone(app, page):
        got = forget_answer(why_gone(app, page))
    else:
        token, known = page.token, page.sent_layers
        got = await threaded(app, page.key, lambda: app[SERVICE].poll(token, None, known))
        if page.busy or "same" in got:
            return
        sent(page, got)
    got["push"] = True
    forgotten(app, page, got)
    await send(app, page, got)
