"""What the teacher's table says of a student's page (issue 89): ``open`` while a page of
theirs is connected, however long they do nothing (``away`` counts that: the page says
"idle"), and not open once their page is closed (the page greys the row: "page closed")."""

from __future__ import annotations

import asyncio
import time

import aiohttp
from aiohttp import web
from classroom_helpers import CODE, LESSON, Page, local_class

from pyramid_lab.viewer.classroom.guard import Limits
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.classroom.web import build_app
from tests.patience import WAIT_MS, WAIT_S


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


def test_the_teachers_table_says_page_closed_in_words(tmp_path, browser):
    """In Chromium: Ada's and Bob's pages open, then Bob's closed: Bob's row is grey and
    says "page closed" (its tooltip why); Ada's row is neither; a legend says what they
    mean."""
    contexts = []
    with local_class(tmp_path / "results.json", LESSON) as server:
        students = []
        for name in ("Ada", "Bob"):  # (a browser each: a page keeps its key in its browser)
            contexts.append(context := browser.new_context())
            page = context.new_page()
            page.goto(server.students)
            page.wait_for_selector("#cr-join-button", timeout=WAIT_MS)
            page.fill("#cr-name", name)
            page.click("#cr-join-button")
            page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
            students.append(page)
        contexts.append(context := browser.new_context())
        teacher = context.new_page()
        teacher.goto(server.teacher)
        teacher.wait_for_function("() => document.body.dataset.rows === '2'", timeout=WAIT_MS)
        assert teacher.locator("#cr-table .cr-presence").count() == 0
        students[1].close()
        closed = "#cr-table tr.cr-away .cr-closed"
        teacher.wait_for_selector(closed, timeout=WAIT_MS)
        (row,) = teacher.locator("#cr-table tr.cr-away").all()
        said = row.inner_text()
        assert "Bob" in said
        assert "page closed" in said
        assert teacher.get_attribute(closed, "title") == (
            "Bob's page is closed or lost its connection; their progress is kept"
        )
        assert "page closed: the student's page is closed" in teacher.inner_text("#cr-legend")
        for context in contexts:
            context.close()
