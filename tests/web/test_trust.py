"""A class a school can trust (issue 55): a running class on 127.0.0.1 attacked as a
hostile page would, with a plain websocket client speaking what the page speaks (or not),
each attack bounded in count and time.

The tests run in this file's order on one server: the last ones spend 127.0.0.1's
budgets (joins a minute, class-code tries), which the earlier ones must not meet."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import aiohttp
import pytest
from classroom_helpers import CODE, LESSON, ROOT, Page, socket_url, start_server

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


def run(coroutine, seconds: float = 60):
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
    assert seen[-1]["forget"] is True
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
            await big.ws.send_str(json.dumps({"do": "join", "name": "x" * 20_000}))
            closed = await big.ws.receive()
            after = await Page(session, url).open()
            back = await after.ask(do="join", name="After the storm")
            await after.close()
            return start, peak, end, refusals, closed, back

    start, peak, end, refusals, closed, back = run(attack(), 120)
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


def test_connections_from_one_address_are_bounded(server):
    url = socket_url(server.students)

    async def attack():
        async with aiohttp.ClientSession() as session:
            pages, refused = [], None
            for _ in range(80):
                try:
                    pages.append(await session.ws_connect(url))
                except aiohttp.WSServerHandshakeError as exc:
                    refused = exc.status
                    break
            count = len(pages)
            for ws in pages:
                await ws.close()
            await asyncio.sleep(0.3)
            again = await Page(session, url).open()  # closed ones are counted out
            answer = await again.ask(do="poll")
            await again.close()
            return count, refused, answer

    count, refused, answer = run(attack())
    assert refused == 503
    assert 1 <= count <= 60
    assert answer["unbound"] is True  # (a connection of no student)


def test_sockets_that_send_nothing_are_bounded(server):
    port = int(re.search(r":(\d+)/", server.students).group(1))
    sockets = []
    try:
        for _ in range(200):  # idle TCP connections (a page's request never comes)
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        time.sleep(0.5)
        closed = 0
        for sock in sockets:
            sock.settimeout(0.01)
            with contextlib.suppress(TimeoutError):
                closed += sock.recv(1) == b""
    finally:
        for sock in sockets:
            sock.close()
    assert 200 - closed <= 120  # the server closed every one past its bound at once
    time.sleep(0.3)
    assert b"window.classroom" in served(server.students.split("#")[0] + "www/classroom.js")


def test_fillers_are_bounded_and_the_teacher_removes_them(server):
    url = socket_url(server.students)

    async def attack():
        async with aiohttp.ClientSession() as session:
            said, fillers = [], []
            for n in range(70):  # fillers, until this address may join no more
                if n % 10 == 0:  # (a page sends a few messages a second at most)
                    fillers.append(await Page(session, url).open())
                said.append(await fillers[-1].ask(do="join", name=f"Filler {n}"))
                if "error" in said[-1]:
                    break
            teacher = await Page(session, url).open()
            lines = await teacher.ask(do="teacher", code=CODE)
            last = next(r for r in lines["rows"] if r["name"] == said[-2]["page"]["name"])
            removed = await teacher.ask(do="teacher", order="remove", args=[last["id"]])
            # the removed filler's own connection: its key acts no more
            owner = fillers[(len(said) - 2) // 10]
            gone = await owner.ask(do="poll", version=0)
            await teacher.close()
            for page in fillers:
                await page.close()
            return said, lines, removed, gone

    said, lines, removed, gone = run(attack(), 120)
    assert said[-1]["error"] == "too many students joined from this address: wait a minute"
    assert len(said) <= 61
    assert removed["said"] == f"{said[-2]['page']['name']} is no longer in the class"
    assert len(removed["rows"]) == len(lines["rows"]) - 1
    assert gone["forget"] is True  # the filler's key acts no more


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
                deadline = time.monotonic() + 10
                alarm = ""
                while not alarm and time.monotonic() < deadline:
                    await asyncio.sleep(0.5)
                    alarm = (await teacher.ask(do="teacher")).get("alarm", "")
            finally:
                results.rmdir()  # (written again at the next save: the class goes on)
            deadline = time.monotonic() + 10
            cleared = alarm
            while cleared and time.monotonic() < deadline:
                await asyncio.sleep(0.5)
                cleared = (await teacher.ask(do="teacher")).get("alarm", "")
            await teacher.close()
            return ok, alarm, cleared

    ok, alarm, cleared = run(watch())
    assert ok["alarm"] == ""
    assert alarm == (
        "the results file cannot be written (Is a directory): the class's progress is not "
        "being kept"
    )
    assert cleared == ""  # written again
    assert results.is_file()


def test_a_wrong_code_slows_down_then_the_address_is_locked_out(server):
    url = socket_url(server.students)

    async def attack():
        async with aiohttp.ClientSession() as session:
            guesser = await Page(session, url).open()
            first = await guesser.ask(do="teacher", code="guess-0001")
            started = time.monotonic()
            second = await guesser.ask(do="teacher", code="guess-0002")
            waited = time.monotonic() - started
            # many pages at once: the address is locked out after a few more
            pages = [await Page(session, url).open() for _ in range(10)]
            tries = await asyncio.gather(
                *(p.ask(do="teacher", code=f"guess-1{n:03d}") for n, p in enumerate(pages))
            )
            right = await guesser.ask(do="teacher", code=CODE)  # even the right one, now
            for page in (guesser, *pages):
                await page.close()
            return first, second, waited, tries, right

    first, second, waited, tries, right = run(attack(), 60)
    assert first["error"] == second["error"] == "that is not this class's code"
    assert waited >= 0.9  # a second wrong try waits
    assert any("too many wrong class codes" in t.get("error", "") for t in [*tries, right])
    assert right["error"] == (
        "too many wrong class codes from this address: the teacher's page is locked here "
        "for 5 minutes"
    )


# ---- 3. data, 4. words ------------------------------------------------------------------------


def test_a_second_class_on_the_results_file_is_refused_and_nothing_leaked(server, data):
    results = results_of(data)
    assert results.exists()
    assert results.stat().st_mode & 0o777 == 0o600
    assert not (ROOT / "classroom-results.json").exists()  # never the working folder
    second = subprocess.run(
        [
            sys.executable,
            "-m",
            "viewer.cli",
            "classroom",
            str(LESSON),
            "--code",
            CODE,
            "--name",
            NAME,
        ],
        cwd=ROOT,
        env={**os.environ, "XDG_DATA_HOME": str(data)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode == 2
    assert second.stderr.strip().splitlines() == [
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
