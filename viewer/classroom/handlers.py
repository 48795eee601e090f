"""The handlers of the pages' messages (:mod:`.messages`), one a kind, registered by
``@handles`` in :data:`HANDLERS`: a student's (``join``, ``resume``, ``poll``, ``act``) and
the teacher's (the class code, the lines, the CSV, moving everyone, removing and bringing
back, a door number, closing the class, letting in or refusing those waiting). Each is
handed the app, the page and its message, read and checked already, and answers a typed
reply (:mod:`.replies`); a refusal is :class:`.checks.Refused`, in words. Who may send
what is the socket's (:mod:`.ws`); a student's work runs on the threads in their
turn (:func:`.pushes.threaded`)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator
from typing import Any, TypeVar

from aiohttp import web

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, N_, Mn_
from pyramid_lab.model.words import reason_of

from .checks import Refused
from .messages import (
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
)
from .pages import REFUSED, TRIES, Page, TooMany
from .pushes import (
    forgotten,
    gone,
    lines_of,
    send_quietly,
    sent,
    threaded,
    whose_key,
    why_gone,
)
from .replies import Closed, CsvText, Failed, Reply, Same, StudentAnswer
from .room import csv_text
from .service import forget_answer, shown
from .state import PAGES, ROOM, SERVICE, TURNS
from .student import Student

__all__ = ["HANDLERS", "NOT_ITS_KEY", "NOT_LET_IN", "WAIT_HERE", "Handler", "handles"]

log = logging.getLogger("pyramid_lab.viewer.classroom")

M = TypeVar("M", bound=Message)
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


# ---- the students' messages ------------------------------------------------------------------


#: What a waiting page is told (it shows the door number's field with it).
WAIT_HERE = N_(
    "the class is closed to new students: wait here for the teacher to let you in, or "
    "type the number the teacher gives you"
)


#: What a page is told of a key that is neither its own nor one the class knows (it stays
#: as it was: a student's, a removed student's, a join waiting, the teacher's).
NOT_ITS_KEY = N_(
    "that key is not this page's: a page is one student's (open another page to be another)"
)


@handles(Join)
async def join(app: web.Application, page: Page, message: Join) -> Reply:
    room = app[ROOM]
    if page.role in ("student", "removed"):  # (one page, one student: not 13 Adas)
        raise Refused(N_("this page has joined the class already: one page joins once"))
    door = message.door is not None and room.admission.closed
    if page.waiting is not None and not door:
        return Closed(closed=True, waiting=True, error=WAIT_HERE)
    if door:
        try:
            wait = page.code_wait()  # (a page's tries slowed: 0, 1, 3, 7 ... s)
        except TooMany:
            page.shut(TRIES, N_("too many wrong numbers on this page: reload it"))
            return Failed(error=N_("too many wrong numbers on this page: reload it to try again"))
        if wait:
            await asyncio.sleep(wait)
        assert message.door is not None
        room.admission.seat()  # (a full class refused before the number is used up)
        try:
            room.admission.through_door(message.door)
        except Refused as exc:
            room.admission.unseat()
            return Closed(closed=True, waiting=page.waiting is not None, error=reason_of(exc))
        if page.waiting is not None:  # (it waits no more: it came in by the number)
            room.admission.forget_waiting(page.waiting)
            app[PAGES].forget(page)
            page.role, page.waiting = "new", None
    elif room.admission.closed:
        try:
            handle = room.admission.wait(message.name)
        except Refused as exc:
            return Closed(closed=True, error=reason_of(exc))
        app[PAGES].as_waiting(page, handle)
        log.info("%s asks to join (the class is closed)", shown(message.name, 60))
        return Closed(closed=True, waiting=True, error=WAIT_HERE)
    else:
        room.admission.seat()  # (Refused at once when full, the joins being answered counted)
    try:
        # (weighed by page: a page that joins many students waits behind one that joins once)
        with _binding(page):
            got = await threaded(
                app,
                f"page {id(page)}",
                lambda: app[SERVICE].join(message.name, door=door),
            )
    finally:
        room.admission.unseat()
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
    sent(page, got)


@handles(Resume)
async def resume(app: web.Application, page: Page, message: Resume) -> Reply:
    room, service = app[ROOM], app[SERVICE]
    try:
        student = room.student(message.key)
    except Refused as exc:
        if page.role != "new" and message.key not in _own_keys(page):
            # (a page is one student's whatever it sends: a key not its own makes it no
            # one's, free to join as another, never)
            raise Refused(NOT_ITS_KEY) from None
        return forgotten(app, page, forget_answer(exc), whose_key(message.key))
    same = page.role == "student" and page.key == student.key
    if same and page.sent_version == student.version:
        return Same(same=True)  # (a board re-asked unchanged: nothing to do)
    known = page.sent_layers if same else {}
    with _binding(page):
        got = await threaded(app, student.key, lambda: service.resume(message.key, known))
    if "page" in got:
        if not same:
            app[PAGES].as_student(page, student.key, message.key)
        sent(page, got)
    return forgotten(app, page, got, whose_key(message.key))


def _own_keys(page: Page) -> tuple[str | None, str | None]:
    """The keys a page acts with: its student's, or its removed student's."""
    return page.token, page.removed[1] if page.removed is not None else None


@handles(Poll)
async def poll(app: web.Application, page: Page, message: Poll) -> Reply:
    assert page.token is not None
    assert page.key is not None
    student = app[ROOM].students.get(page.key)
    if student is not None and page.sent_version == student.version:
        return Same(same=True)  # (no thread, no lock: nothing changed)
    token, known = page.token, page.sent_layers
    got = await threaded(app, page.key, lambda: app[SERVICE].poll(token, None, known))
    return forgotten(app, page, sent(page, got))


@handles(Act)
async def act(app: web.Application, page: Page, message: Act) -> Reply:
    assert page.token is not None
    assert page.key is not None
    token, known = page.token, page.sent_layers
    got = await threaded(
        app, page.key, lambda: app[SERVICE].do(app[ROOM].student(token), message.action, known)
    )
    if "error" in got and "page" not in got and gone(app, page):
        got = forget_answer(why_gone(app, page))
    return forgotten(app, page, sent(page, got))


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
        page.shut(TRIES, N_("too many wrong class codes on this page: reload it"))
        return Failed(error=N_("too many wrong class codes on this page: reload it to try again"))
    if wait:
        await asyncio.sleep(wait)
    app[ROOM].teacher(message.code)  # (Refused: "that is not this class's code")
    app[PAGES].as_teacher(page)
    return lines_of(app, page)


@handles(Lines)
async def lines(app: web.Application, page: Page, message: Lines) -> Reply:
    return lines_of(app, page)


@handles(Csv)
async def csv(app: web.Application, page: Page, message: Csv) -> Reply:
    return await threaded(app, "teacher", lambda: CsvText(csv=csv_text(app[ROOM])))


@handles(Everyone)
async def everyone(app: web.Application, page: Page, message: Everyone) -> Reply:
    moved = await app[TURNS].run(
        "teacher", lambda: app[ROOM].everyone_to(message.lesson, message.step)
    )
    said = Mn_(
        "{count} student moved to lesson {lesson}, step {step}",
        "{count} students moved to lesson {lesson}, step {step}",
        moved,
        count=moved,
        lesson=message.lesson + 1,
        step=message.step + 1,
    )
    return lines_of(app, page, said)


@handles(Remove)
async def remove(app: web.Application, page: Page, message: Remove) -> Reply:
    room, service = app[ROOM], app[SERVICE]
    names = room.remove(list(message.ids))
    for key in list(room.removed):
        service.forget(key)
    pages = app[PAGES]  # (those the class let go for good, past MAX_REMOVED: of no one)
    pages.forget_removed([k for k in pages.removed if k not in room.removed])
    if len(names) == 1:
        said = N_("{name} is no longer in the class (Bring back undoes it)")
    else:
        said = N_("{count} students are ({names}) no longer in the class (Bring back undoes it)")
    log.info("the teacher removed %d %s", len(names), "student" if len(names) == 1 else "students")
    return lines_of(app, page, M_(said, **_named(names)))


@handles(BringBack)
async def bring_back(app: web.Application, page: Page, message: BringBack) -> Reply:
    from .checks import MAX_STUDENTS

    names, left = app[ROOM].bring_back(list(message.ids))
    if len(names) == 1:
        said = N_("{name} is back in the class (their pages open come back by themselves)")
        if left:
            said = N_(
                "{name} is back in the class (their pages open come back by themselves); "
                "{left} did not fit: the class is full ({most} students)"
            )
    else:
        said = N_(
            "{count} students are ({names}) back in the class (their pages open come back "
            "by themselves)"
        )
        if left:
            said = N_(
                "{count} students are ({names}) back in the class (their pages open come back "
                "by themselves); {left} did not fit: the class is full ({most} students)"
            )
    return lines_of(app, page, M_(said, **_named(names), left=left, most=MAX_STUDENTS))


@handles(Door)
async def door_number(app: web.Application, page: Page, message: Door) -> Reply:
    from .checks import DOOR_SECONDS

    number = app[ROOM].admission.door()
    shown_number = " ".join(number[i : i + 3] for i in range(0, len(number), 3))
    said = M_(
        "a door number: {number}. Read it out to the late student: typed on their page, it "
        "lets them in once, within {minutes} minutes",
        number=shown_number,
        minutes=DOOR_SECONDS // 60,
    )
    return lines_of(app, page, said)


@handles(Close)
async def close(app: web.Application, page: Page, message: Close) -> Reply:
    room = app[ROOM]
    room.admission.set_closed(message.closed)
    said = N_("the class is closed: a new student waits for your yes")
    if not message.closed:  # those waiting come in with the others
        let_in, _why = await _let_in(app, list(room.admission.waiting))
        said = N_("the class is open to new students")
        if let_in:
            said = M_(
                "the class is open to new students ({names} let in)",
                names=_names([s.name for s in let_in]),
            )
    return lines_of(app, page, said)


@handles(Admit)
async def admit(app: web.Application, page: Page, message: Admit) -> Reply:
    let_in, why = await _let_in(app, message.handles)
    if not let_in:
        raise Refused(why)
    left = len(message.handles) - len(let_in)
    if len(let_in) == 1:
        said = N_("{name} is in the class")
        if left:
            said = N_("{name} is in the class ({left} not let in: {why})")
    else:
        said = N_("{names} are in the class")
        if left:
            said = N_("{names} are in the class ({left} not let in: {why})")
    return lines_of(app, page, M_(said, **_named([s.name for s in let_in]), left=left, why=why))


async def _let_in(app: web.Application, handles: Iterable[str]) -> tuple[list[Student], str]:
    """The teacher's yes to joins waiting: the students, in the class, and why any was not
    (gone, or the class full); their pages, still waiting, sent their places (pushed, all
    at once: a page that does not read holds the teacher's answer one send's time, not
    one each)."""
    room, pages = app[ROOM], _waiting_pages(app)
    let_in: list[Student] = []
    sends = []
    why = N_("no such page waiting (closed?)")
    for handle in handles:
        try:
            student = room.admit(handle)
        except Refused as exc:
            why = reason_of(exc)
            continue
        let_in.append(student)
        waiting = pages.get(handle)
        if waiting is None:
            continue
        with i18n.override(waiting.language):  # (the waiting page's answer, in its language)
            got = await threaded(app, student.key, functools.partial(app[SERVICE].joined, student))
        if "token" in got:
            _bind(app, waiting, got)
            got["push"] = True
            sends.append(send_quietly(app, waiting, got))
    await asyncio.gather(*sends)
    return let_in, why


#: What a page the teacher did not let in is told as it is closed.
NOT_LET_IN = N_("the teacher did not let you in")


@handles(Refuse)
async def refuse(app: web.Application, page: Page, message: Refuse) -> Reply:
    """The teacher's no to joins waiting, all at once: their pages closed, told so in
    words (a close, never a send: a page that does not read holds nothing up)."""
    pages = _waiting_pages(app)
    names = app[ROOM].admission.refuse(message.handles)
    for handle in message.handles:
        waiting = pages.get(handle)
        if waiting is not None:
            app[PAGES].forget(waiting)
            waiting.role, waiting.waiting = "new", None
            waiting.shut(REFUSED, NOT_LET_IN)
    if not names:
        raise Refused(N_("no such page waiting (closed?)"))
    log.info("the teacher refused %d joins", len(names))
    if len(names) == 1:
        said = M_("{name} was not let in (the page is closed)", name=names[0])
    else:
        said = M_("{names} were not let in (their pages are closed)", names=_names(names))
    return lines_of(app, page, said)


def _waiting_pages(app: web.Application) -> dict[str, Page]:
    """The pages waiting for the teacher's yes, by their joins' handles."""
    return {p.waiting: p for p in app[PAGES].waiting if p.waiting is not None}


def _named(names: list[str]) -> dict[str, str | int]:
    """The values of a sentence on students an order moved: the one ``name``, how many
    (``count``) and who (``names``: 'Ada, Bo ... and 35 more')."""
    return {"name": names[0] if names else "", "count": len(names), "names": _names(names)}


def _names(names: list[str]) -> str:
    shown_names = ", ".join(names[:5])
    if len(names) <= 5:
        return shown_names
    return M_("{names} and {count} more", names=shown_names, count=len(names) - 5)
