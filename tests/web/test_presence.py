"""What the teacher's table says of a student's page (issue 89): ``open`` while a page of
theirs is connected, however long they do nothing (``away`` counts that: the page says
"idle"), and not open once their page is closed (the page greys the row: "page closed")."""

from __future__ import annotations

import asyncio
import time

import aiohttp
from aiohttp import web
from classroom_helpers import CODE, LESSON, Page

from pyramid_lab.viewer.classroom.limits import Limits
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.classroom.web import build_app
from tests.patience import WAIT_S


def run(coroutine, seconds: float = 4 * WAIT_S):  # a hang's bound only
    async def bounded():
        async with asyncio.timeout(seconds):
            return await coroutine

    return asyncio.run(bounded())


async def serving(room: Classroom) -> tuple[web.AppRunner, str]:
    runner = web.AppRunner(build_app(room, Limits()))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return runner, f"ws://127.0.0.1:{runner.addresses[0][1]}/ws"


def test_an_idle_open_page_is_open_and_a_closed_one_is_not():
    room = Classroom.open([LESSON], CODE, None, on_board)

    async def scene():
        runner, url = await serving(room)
        try:
            async with aiohttp.ClientSession() as session:
                ada = await Page(session, url).open()
                await ada.ask(do="join", name="Ada")
                bob = await Page(session, url).open()
                await bob.ask(do="join", name="Bob")
                for student in room.students.values():  # (90 s without an action)
                    student.seen_at = time.monotonic() - 90
                teacher = await Page(session, url).open()
                first = await teacher.ask(do="teacher", code=CODE)
                await bob.close()
                # the teacher's page is pushed its lines: Bob's row soon says so
                later = first
                while {r["name"]: r["open"] for r in later["rows"]}["Bob"]:
                    later = await teacher.answer(None)
                await ada.close()
                await teacher.close()
                return first, later
        finally:
            await runner.cleanup()

    first, later = run(scene())
    rows = {row["name"]: row for row in first["rows"]}
    assert (rows["Ada"]["open"], rows["Bob"]["open"]) == (True, True)
    assert rows["Ada"]["away"] >= 90  # idle, yet open: not "gone"
    rows = {row["name"]: row for row in later["rows"]}
    assert (rows["Ada"]["open"], rows["Bob"]["open"]) == (True, False)
