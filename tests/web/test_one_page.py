"""A page is at most one student, whatever it sends (issue 89, item 12): a running class on
127.0.0.1 attacked as a classmate's page would, over one websocket (a plain client: what
classroom.js sends, or anything at all), each attack bounded in count. Before: a resume
with a wrong key made the page no one's, and its next join made another student (one
websocket made 17 students in 0.1 s; a page that knew a name filled the roster with 13
rows of "Ada Lovelace")."""

from __future__ import annotations

import asyncio

import aiohttp
from aiohttp import web
from classroom_helpers import CODE, LESSON, Page

from pyramid_lab.viewer.classroom.checks import make_token
from pyramid_lab.viewer.classroom.guard import Limits
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.classroom.web import build_app
from tests.patience import WAIT_S

#: How many times an attack is tried on its one page (17 students came of as many before).
ROUNDS = 17
#: What a page is told of a key that is not its own (the page is left as it was).
NOT_ITS_KEY = (
    "that key is not this page's: a page is one student's (open another page to be another)"
)
#: Keys of no key's shape a hostile page may send too: short, empty, long, not text.
MISSHAPEN = ["x", "", "k" * 200, 7, None, ["a"], {"k": "v"}, "ab-cd"]


def wrong_keys() -> list[object]:
    """Keys this class never gave: ROUNDS of a key's very shape, then the misshapen."""
    return [make_token() for _ in range(ROUNDS)] + MISSHAPEN


def run(coroutine, seconds: float = 4 * WAIT_S):  # a hang's bound only
    async def bounded():
        async with asyncio.timeout(seconds):
            return await coroutine

    return asyncio.run(bounded())


async def serving(room: Classroom) -> tuple[web.AppRunner, str]:
    """The class on a free port of 127.0.0.1, a page's message budget wide open (the budget
    is not what keeps a page one student: each attack runs as fast as it can)."""
    runner = web.AppRunner(build_app(room, Limits(messages_a_second=1000.0, burst=1000)))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return runner, f"ws://127.0.0.1:{runner.addresses[0][1]}/ws"


def test_a_wrong_key_and_a_join_make_no_second_student():
    """Resume with a wrong key, then join, over and over on one page: one student, and the
    page still theirs (it acts as Ada); each wrong key refused in words."""
    room = Classroom.open([LESSON], CODE, None, on_board)

    async def scene():
        runner, url = await serving(room)
        try:
            async with aiohttp.ClientSession() as session:
                page = await Page(session, url).open()
                first = await page.ask(do="join", name="Ada Lovelace")
                said = []
                for n, key in enumerate(wrong_keys()):
                    said.append(await page.ask(do="resume", key=key))
                    said.append(await page.ask(do="join", name=f"Ada Lovelace {n}"))
                polled = await page.ask(do="poll")
                acted = await page.ask(do="act", action="hint", args=[])
                own = await page.ask(do="resume", key=first["token"])
                await page.close()
                return first, said, polled, acted, own
        finally:
            await runner.cleanup()

    first, said, polled, acted, own = run(scene())
    assert first["page"]["name"] == "Ada Lovelace"
    assert [s.name for s in room.roster()] == ["Ada Lovelace"]
    wrongs, joins = said[0::2], said[1::2]
    assert not any("forget" in w or "page" in w for w in wrongs)
    assert {w["error"] for w in wrongs[:ROUNDS]} == {NOT_ITS_KEY}
    assert all(w["error"] for w in wrongs[ROUNDS:])  # (misshapen: refused as it is read)
    assert {j["error"] for j in joins} == {
        "this page has joined the class already: one page joins once"
    }
    assert "same" in polled or polled["page"]["name"] == "Ada Lovelace"  # (still Ada's page)
    assert acted["page"]["name"] == "Ada Lovelace"
    assert "error" not in own or "page" in own


def test_a_page_that_knows_a_name_fills_no_roster():
    """A page that knows a student's name (Ada Lovelace joined on another page) and tries
    every wrong key between joins of that name: one row of Ada in the teacher's lines (the
    page's own join), not one a try."""
    room = Classroom.open([LESSON], CODE, None, on_board)

    async def scene():
        runner, url = await serving(room)
        try:
            async with aiohttp.ClientSession() as session:
                ada = await Page(session, url).open()
                await ada.ask(do="join", name="Ada Lovelace")
                hostile = await Page(session, url).open()
                for key in wrong_keys():
                    await hostile.ask(do="join", name="Ada Lovelace")
                    await hostile.ask(do="resume", key=key)
                teacher = await Page(session, url).open()
                lines = await teacher.ask(do="teacher", code=CODE)
                for page in (ada, hostile, teacher):
                    await page.close()
                return lines
        finally:
            await runner.cleanup()

    lines = run(scene())
    assert [row["name"] for row in lines["rows"]] == ["Ada Lovelace", "Ada Lovelace"]
    assert len(room.students) == 2


def test_a_removed_page_given_a_wrong_key_stays_removed():
    """A removed student's page (the teacher may bring them back) that sends a wrong key,
    then joins: still the removed student's page, no new student; brought back, it is
    Ada's again (its own key answers)."""
    room = Classroom.open([LESSON], CODE, None, on_board)

    async def scene():
        runner, url = await serving(room)
        try:
            async with aiohttp.ClientSession() as session:
                page = await Page(session, url).open()
                first = await page.ask(do="join", name="Ada Lovelace")
                teacher = await Page(session, url).open()
                lines = await teacher.ask(do="teacher", code=CODE)
                await teacher.ask(do="teacher", order="remove", args=[[lines["rows"][0]["id"]]])
                gone = await page.ask(do="resume", key=first["token"])
                tries = []
                for key in wrong_keys():
                    tries.append(await page.ask(do="resume", key=key))
                    tries.append(await page.ask(do="join", name="Ada Lovelace"))
                again = await page.ask(do="resume", key=first["token"])
                for each in (page, teacher):
                    await each.close()
                return gone, tries, again
        finally:
            await runner.cleanup()

    gone, tries, again = run(scene())
    assert gone["forget"]
    assert gone["removed"]
    assert room.students == {}
    assert len(room.removed) == 1
    assert not any("page" in t or "token" in t for t in tries)
    assert again["forget"]  # (its own key: still removed, kept)
    assert again["removed"]
