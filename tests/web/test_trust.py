"""A class a school can trust (issue 55): a running class on 127.0.0.1 attacked as a
hostile page would, with a plain websocket client speaking what the page speaks (or not),
each attack bounded in count and time.

The tests run in this file's order on one server: the last ones spend 127.0.0.1's
budgets (joins a minute, class-code tries), which the earlier ones must not meet. Two
that wait for a bound's time to pass (a page's window to join, the wait after a wrong
class code) attack a class of their own instead, served on a thread with that one bound
shorter (``local_class``), every other bound the command's."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import signal
import socket
import time
import urllib.request
from pathlib import Path

import aiohttp
import pytest
from classroom_helpers import (
    CODE,
    LESSON,
    ROOT,
    Page,
    command_line,
    local_class,
    socket_url,
    start_server,
)

from pyramid_lab.viewer.classroom.guard import Limits
from pyramid_lab.viewer.classroom.messages import MAX_MESSAGE
from tests.patience import WAIT_S

NAME = "trust-test"


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return tmp_path_factory.mktemp("data")


@pytest.fixture(scope="module")
def server(data):
    running = start_server(None, LESSON, more=("--name", NAME), env={"XDG_DATA_HOME": str(data)})
    yield running
    if running.process.poll() is None:
        running.stop(signal.SIGKILL)


def results_of(data: Path) -> Path:
    return data / "pyramid-lab" / "classroom" / f"{NAME}.json"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def served(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read()


def run(coroutine, seconds: float = WAIT_S):  # a hang's bound only
    async def bounded():
        async with asyncio.timeout(seconds):
            return await coroutine

    return asyncio.run(bounded())


def hello_chunk(method: str) -> bytes:
    """A wslink call as trame's pages sent them: a 12-byte chunk header (an id, an offset,
    the size announced), then the call (here in JSON, not msgpack: this server reads no
    binary message at all)."""
    body = json.dumps(
        {"wslink": "1.0", "id": "rpc:c0:1", "method": method, "args": [], "kwargs": {}}
    ).encode()
    header = (7).to_bytes(4, "little") + (0).to_bytes(4, "little")
    return header + len(body).to_bytes(4, "little") + body


# ---- 1. authority -------------------------------------------------------------------------------


def test_only_the_code_acts_for_the_teacher_and_a_key_only_for_its_student(server):
    url = socket_url(server.students)
    before = {
        name: served(server.students.split("#")[0] + path)
        for name, path in (("student", ""), ("teacher", "teacher"))
    }

    async def attack():
        async with aiohttp.ClientSession() as session:
            ada = await Page(session, url).open()
            eve = await Page(session, url).open()
            joined = await ada.ask(do="join", name="Ada")
            ada_key = joined["token"]
            mallory = await eve.ask(do="join", name="Eve")
            seen: list[dict] = [mallory]
            # Eve, with no code, asks what only the teacher may: every order refused
            for order in (None, "csv", "everyone", "remove"):
                seen.append(await eve.ask(do="teacher", order=order, args=[0, 0]))
            # trame's and wslink's calls, as JSON and as wslink's own binary chunks
            for method in ("trame.state.update", "application.exit", "trame.trigger"):
                seen.append(await eve.ask(do=method, args=[[{"key": "cr", "value": 1}]]))
                await eve.ws.send_bytes(hello_chunk(method))
                seen.append(await eve.answer(None))
            # Eve acts: only on her own student; Ada's page is what it was
            version = joined["page"]["version"]
            seen.append(await eve.ask(do="act", action="next", args=[]))
            seen.append(await eve.ask(do="act", action="lesson", args=[0], key=ada_key))
            same = await ada.ask(do="poll", version=version, known=joined["board"]["keys"])
            # a key that is not one of this class's acts for nobody
            seen.append(await eve.ask(do="resume", key="A" * 24))
            teacher = await Page(session, url).open()
            lines = await teacher.ask(do="teacher", code=CODE)
            csv = await teacher.ask(do="teacher", order="csv")
            for page in (ada, eve, teacher):
                await page.close()
            return seen, same, lines, csv, ada_key

    seen, same, lines, csv, ada_key = run(attack())
    assert [s.get("error") for s in seen[1:5]] == [
        "the teacher's page asks for the class code first"
    ] * 4
    for answer in seen[5:11]:
        assert answer["error"] == "the page sent a message this class does not know"
    assert same["same"] is True  # Ada's page: untouched
    # (Eve's page stays Eve's: a wrong key makes no page no one's, free to join again)
    assert "forget" not in seen[-1]
    assert seen[-1]["error"].startswith("that key is not this page's")
    rows = {row["name"]: row for row in lines["rows"]}
    assert (rows["Ada"]["step"], rows["Eve"]["step"]) == (0, 1)  # Eve's Next: hers only
    assert "Ada" in csv["csv"]
    # nothing of another page, nor the code, ever reached Eve's page
    text = json.dumps(seen)
    assert ada_key not in text
    assert CODE not in text
    assert '"Ada"' not in text
    # the pages are served as they were: nothing a page sent changed them
    after = {
        name: served(server.students.split("#")[0] + path)
        for name, path in (("student", ""), ("teacher", "teacher"))
    }
    assert after == before
    assert CODE.encode() not in after["student"] + after["teacher"]


def test_a_page_of_another_site_cannot_open_the_class(server):
    async def attack():
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(
                    socket_url(server.students), headers={"Origin": "http://evil.example"}
                )
            return refused.value.status

    assert run(attack()) == 403


# ---- 2. availability -----------------------------------------------------------------------------


def test_no_message_stops_the_class_and_a_flood_is_bounded(server):
    url = socket_url(server.students)
    pid = server.process.pid

    async def attack():
        async with aiohttp.ClientSession() as session:
            start = rss_mb(pid)
            flood = await Page(session, url).open()
            refusals: list[str] = []

            async def drain():  # the answers read, as a page would
                assert flood.ws is not None
                async for msg in flood.ws:
                    if msg.type == aiohttp.WSMsgType.TEXT:
                        refusals.append(json.loads(msg.data).get("error", ""))

            reader = asyncio.create_task(drain())
            peak = start
            for n in range(20_000):  # small hostile messages: chunk headers of new ids,
                kind = n % 4  # the wslink exit, half a message, unknown orders
                if kind == 0:
                    header = n.to_bytes(4, "little") + bytes(4) + (1 << 30).to_bytes(4, "little")
                    await flood.ws.send_bytes(header)
                elif kind == 1:
                    await flood.ws.send_bytes(hello_chunk("application.exit"))
                elif kind == 2:
                    await flood.ws.send_str(f'{{"id": {n}, "do": "act", "args": [[[[')
                else:
                    await flood.ws.send_str(json.dumps({"id": n, "do": f"exit{n}"}))
                if n % 2000 == 0:
                    peak = max(peak, rss_mb(pid))
            await asyncio.sleep(1.0)
            peak = max(peak, rss_mb(pid))
            await flood.close()
            reader.cancel()
            await asyncio.sleep(1.0)
            end = rss_mb(pid)
            # too big a message: that connection is closed, the class goes on
            big = await Page(session, url).open()
            await big.ws.send_str(json.dumps({"do": "join", "name": "x" * MAX_MESSAGE}))
            closed = await big.ws.receive()
            after = await Page(session, url).open()
            back = await after.ask(do="join", name="After the storm")
            await after.close()
            return start, peak, end, refusals, closed, back

    start, peak, end, refusals, closed, back = run(attack())
    print(f"server RSS: {start:.0f} MB, peak {peak:.0f} MB, after {end:.0f} MB")
    assert peak - start <= 64, (start, peak)
    assert end - start <= 32, (start, end)
    assert refusals
    assert set(refusals) <= {
        "the page sent a message this class does not know",
        "too many messages: slow down",
    }
    assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert back["page"]["name"] == "After the storm"
    assert server.process.poll() is None


def test_pages_of_no_one_cannot_keep_a_classmate_or_the_teacher_out(server):
    # a student's laptop opens pages that say nothing, from seven addresses of one host
    # (a school's machines, or one NAT); a classmate and the teacher, from the same
    # address, still come in, and the silent pages are closed within seconds
    url = socket_url(server.students)

    async def attack():
        sessions = [
            aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.0.{n}", 0)))
            for n in range(2, 9)
        ]
        try:
            silent = []
            for n in range(140):
                silent.append(await sessions[n % 7].ws_connect(url))
            classmate = await Page(sessions[0], url).open()
            joined = await classmate.ask(do="join", name="Classmate")
            teacher = await Page(sessions[0], url).open()
            lines = await teacher.ask(do="teacher", code=CODE)
            codes = []
            for ws in silent:  # each closed by the server, saying why
                got = await ws.receive(timeout=WAIT_S)
                codes.append((got.type, got.data))
            early = codes.count((aiohttp.WSMsgType.CLOSE, 4001))
            again = await classmate.ask(do="poll")  # the classmate is still served
            await classmate.close()
            await teacher.close()
            return joined, lines, early, codes, again
        finally:
            for session in sessions:
                await session.close()

    joined, lines, early, codes, again = run(attack())
    assert joined["page"]["name"] == "Classmate"
    assert "rows" in lines  # the teacher's page opened
    assert early >= 40  # past 100 pages of no one, the oldest closed at once
    assert set(codes) == {(aiohttp.WSMsgType.CLOSE, 4001), (aiohttp.WSMsgType.CLOSE, 4003)}
    assert "error" not in again


def test_sockets_that_send_nothing_are_bounded(server):
    port = int(re.search(r":(\d+)/", server.students).group(1))
    sockets: list[socket.socket] = []
    closed: set[int] = set()

    def look() -> None:  # the sockets the server has closed (without blocking on the others)
        for n, sock in enumerate(sockets):
            if n not in closed:
                with contextlib.suppress(BlockingIOError):
                    if sock.recv(1) == b"":
                        closed.add(n)

    began = time.monotonic()
    try:
        for n in range(300):  # idle TCP connections (a page's request never comes)
            sock = socket.socket()
            sock.bind((f"127.0.0.{2 + n % 5}", 0))
            sock.settimeout(5)
            sock.connect(("127.0.0.1", port))
            sock.setblocking(False)
            sockets.append(sock)
        # until the server has closed the oldest past its bound (a fixed 0.5 s was too
        # short at load 10), which it does at once: not after the idle limit, past which
        # aiohttp would close every one of them, bound or no bound
        look()
        while 300 - len(closed) > 200 and time.monotonic() - began < Limits().idle:
            time.sleep(0.05)
            look()
        waited = time.monotonic() - began
        # a page is still served from the same addresses
        assert b"window.classroom" in served(server.students.split("#")[0] + "www/classroom.js")
    finally:
        for sock in sockets:
            sock.close()
    assert 300 - len(closed) <= 200, f"{len(closed)} closed in {waited:.1f} s"
    assert waited < Limits().idle  # by the bound, at once (quiet: well under a second)


def test_fillers_are_removed_at_once_and_stay_out(server):
    url = socket_url(server.students)

    async def attack():
        async with aiohttp.ClientSession() as session:
            fillers, keys = [], []
            for n in range(40):  # fillers, each a page of its own (a page joins once)
                fillers.append(await Page(session, url).open())
                keys.append((await fillers[-1].ask(do="join", name=f"Filler {n}"))["token"])
            again = await fillers[0].ask(do="join", name="Filler twice")
            assert again["error"] == "this page has joined the class already: one page joins once"
            teacher = await Page(session, url).open()
            lines = await teacher.ask(do="teacher", code=CODE)
            closed = await teacher.ask(do="teacher", order="close", args=[True])
            ids = [r["id"] for r in lines["rows"] if r["name"].startswith("Filler")]
            removed = await teacher.ask(do="teacher", order="remove", args=[ids])
            # a filler's key acts no more; joining again waits for the teacher's yes
            gone = await fillers[0].ask(do="resume", key=keys[0])
            late = await Page(session, url).open()
            fillers.append(late)
            back = await late.ask(do="join", name="Filler again")
            after = await teacher.ask(do="teacher")
            refused = await teacher.ask(
                do="teacher", order="refuse", args=[after["waiting"][0]["id"]]
            )
            opened = await teacher.ask(do="teacher", order="close", args=[False])
            await teacher.close()
            for page in fillers:
                await page.close()
            return closed, removed, gone, back, after, refused, opened

    closed, removed, gone, back, after, refused, opened = run(attack())
    assert closed["closed"] is True
    assert removed["said"].startswith("40 students are (Filler ")
    assert "and 35 more) no longer in the class" in removed["said"]
    assert not [r for r in removed["rows"] if r["name"].startswith("Filler")]
    assert len(removed["removed"]) == 40
    assert gone["forget"] is True
    assert gone["error"].startswith("the teacher has taken you out of this class: ask the teacher")
    assert back["waiting"] is True
    assert [w["name"] for w in after["waiting"]] == ["Filler again"]
    assert refused["waiting"] == []
    assert opened["closed"] is False


#: A page's window to join of a second (the command's: 5 s), every other bound the command's.
HELLO = Limits(hello=1.0)


def test_a_removed_students_open_pages_come_back_when_brought_back_however_late(tmp_path):
    # a removed student's pages left open are still theirs, not pages of no one: neither
    # the page open when they were removed nor one opened since (a reload, a connection
    # lost and found again: a page that gave the removed key) is closed as a page that did
    # not join in time (Limits.hello); brought back later than that, each is sent its
    # place at once (this failed once in a loaded run of test_classroom.py, where Bo's
    # page never came back). A class of its own whose pages have a second to join
    # (HELLO; the command's: 5 s): the pages outlive that window by 2 s, as they did the
    # command's, and only that window's length differs

    async def scene(url: str):
        async with aiohttp.ClientSession() as session:
            kept = await Page(session, url).open()
            key = (await kept.ask(do="join", name="Late Bo"))["token"]
            teacher = await Page(session, url).open()
            lines = await teacher.ask(do="teacher", code=CODE)
            ids = [r["id"] for r in lines["rows"] if r["name"] == "Late Bo"]
            await teacher.ask(do="teacher", order="remove", args=[ids])
            told = await kept.answer(None, WAIT_S)  # the removal, pushed
            reloaded = await Page(session, url).open()
            gone = await reloaded.ask(do="resume", key=key)
            await asyncio.sleep(HELLO.hello + 2)  # past a page of no one's window
            await teacher.ask(do="teacher", order="bring_back", args=[ids])
            came = [await page.answer(None, WAIT_S) for page in (kept, reloaded)]
            acts = [await page.ask(do="poll") for page in (kept, reloaded)]
            for page in (kept, reloaded, teacher):
                await page.close()
            return told, gone, came, acts

    with local_class(tmp_path / "results.json", LESSON, limits=HELLO) as running:
        told, gone, came, acts = run(scene(socket_url(running.students)), WAIT_S)
    assert (told["forget"], told["removed"]) == (True, True)
    assert (gone["forget"], gone["removed"]) == (True, True)
    assert [c["page"]["name"] for c in came] == ["Late Bo", "Late Bo"]
    assert all(c["push"] for c in came)
    assert [a.get("error") for a in acts] == [None, None]


def test_a_results_file_that_cannot_be_written_is_on_the_teachers_page_at_once(server, data):
    results = results_of(data)

    async def watch():
        async with aiohttp.ClientSession() as session:
            teacher = await Page(session, socket_url(server.students)).open()
            ok = await teacher.ask(do="teacher", code=CODE)
            results.unlink()
            results.mkdir()  # (a folder in its place: no user, not even root, writes it)
            try:
                await teacher.ask(do="teacher", order="everyone", args=[0, 1])  # a change
                deadline = time.monotonic() + WAIT_S
                alarm = ""
                while not alarm and time.monotonic() < deadline:
                    await asyncio.sleep(0.5)
                    alarm = (await teacher.ask(do="teacher")).get("alarm", "")
            finally:
                results.rmdir()  # (written again at the next save: the class goes on)
            deadline = time.monotonic() + WAIT_S
            cleared = alarm
            while cleared and time.monotonic() < deadline:
                await asyncio.sleep(0.5)
                cleared = (await teacher.ask(do="teacher")).get("alarm", "")
            await teacher.close()
            return ok, alarm, cleared

    ok, alarm, cleared = run(watch())
    assert ok["alarm"] == ""
    assert alarm == (
        "the results file cannot be written (a directory, not a file to save to): the class's "
        "progress is not being kept"
    )
    assert cleared == ""  # written again
    assert results.is_file()


#: A page's wait after a wrong class code of a quarter of a second (the command's: 1 s),
#: every other bound the command's: the three tries still come back 0, 1 and 2 waits
#: apart (0.75 s, where the answers without a wait take milliseconds).
CODE_WAIT = Limits(code_wait=0.25)


def test_wrong_codes_are_slowed_per_page_and_never_lock_the_teacher_out(tmp_path):
    # (a class of its own: CODE_WAIT, and its own address's budget of class-code tries)

    async def attack(url: str):
        async with aiohttp.ClientSession() as session:
            guesser = await Page(session, url).open()
            # three tries sent at once on one page: each counted as it comes, the third
            # judged 1 + 2 waits after the first
            started = time.monotonic()
            for n in range(3):
                guess = {"id": n, "do": "teacher", "code": f"guess-{n}"}
                await guesser.ws.send_str(json.dumps(guess))
            answers = [await guesser.answer(n) for n in range(3)]
            waited = time.monotonic() - started
            # a hundred wrong codes from this address, on many pages at once
            pages = [await Page(session, url).open() for _ in range(90)]
            tries = await asyncio.gather(
                *(p.ask(do="teacher", code=f"guess-1{n:03d}") for n, p in enumerate(pages))
            )
            teacher = await Page(session, url).open()  # the teacher, from the same address
            right = await teacher.ask(do="teacher", code=CODE)
            for page in (guesser, teacher, *pages):
                await page.close()
            return answers, waited, tries, right

    with local_class(tmp_path / "results.json", LESSON, limits=CODE_WAIT) as running:
        answers, waited, tries, right = run(attack(socket_url(running.students)))
    assert [a["error"] for a in answers] == ["that is not this class's code"] * 3
    assert waited >= 2.9 * CODE_WAIT.code_wait  # (0, then 1, then 2 waits more: never sooner)
    assert {t["error"] for t in tries} == {"that is not this class's code"}
    assert "error" not in right
    assert "rows" in right


# ---- 3. data, 4. words ------------------------------------------------------------------------


def test_a_second_class_on_the_results_file_is_refused_and_nothing_leaked(
    server, data, capsys, monkeypatch
):
    results = results_of(data)
    assert results.exists()
    assert results.stat().st_mode & 0o777 == 0o600
    assert not (ROOT / "classroom-results.json").exists()  # never the working folder
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    code, _, err = command_line(capsys, "classroom", str(LESSON), "--code", CODE, "--name", NAME)
    assert code == 2  # (in this process: refused before it serves, by the class's lock)
    assert err.strip().splitlines() == [
        f"pyramid-lab: {results}: another class is running on this results file: stop it "
        "first, or give this class another --name"
    ]

    # what a page sent is in the log escaped: no forged line
    async def forge():
        async with aiohttp.ClientSession() as session:
            page = await Page(session, socket_url(server.students)).open()
            answer = await page.ask(do="x\nFORGED: the teacher gave everyone full marks")
            await page.close()
            return answer

    answer = run(forge())
    assert answer["error"] == "the page sent a message this class does not know"
    # the class ends with status 1: its results file could not always be written
    assert server.stop(signal.SIGTERM) == 1
    assert any("could not always be written" in line for line in server.lines)
    assert not any(line.startswith("FORGED") for line in server.lines)
    assert not any("Traceback" in line for line in server.lines)  # no attack broke a thing
    assert any("FORGED" in line for line in server.lines)  # (logged, escaped)
    # the keys are digests only
    saved = json.loads(results.read_text(encoding="utf-8"))
    assert all(re.fullmatch("[0-9a-f]{64}", s["key_sha256"]) for s in saved["students"])
    assert "token" not in json.dumps(saved)
