"""The class's door (issue 75): who a page is decides whether it gets in, not what pages
of no one do. A running class on 127.0.0.1 attacked as a classmate with a laptop would
(a plain websocket client, or a raw socket; one source address of 127.0.0.0/8 standing
for a school's machines behind one NAT, since no bound is per address), each attack
bounded in count and time; and the class's own rules (codes, door numbers, bulk orders,
the Origin behind a proxy) in a server of this process."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import time
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from classroom_helpers import (
    CODE,
    LESSON,
    ROOT,
    SECOND,
    Page,
    port_of,
    raw_page,
    send_queues,
    socket_url,
    start_server,
)

from pyramid_lab.viewer.classroom.checks import (
    MAX_REMOVED,
    MAX_STUDENTS,
    Refused,
    chosen_code,
    make_code,
)
from pyramid_lab.viewer.classroom.guard import Hosts, Limits
from pyramid_lab.viewer.classroom.pages import BUSY
from pyramid_lab.viewer.classroom.room import NO_DOOR, Classroom
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.classroom.store import kept_code
from pyramid_lab.viewer.classroom.web import build_app
from tests.patience import WAIT_S

PARTITION = ROOT / "model" / "data" / "lessons" / "partition"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = start_server(tmp_path_factory.mktemp("door") / "results.json", PARTITION)
    yield running
    if running.process.poll() is None:
        running.stop(signal.SIGKILL)


def run(coroutine, seconds: float = 4 * WAIT_S):  # a hang's bound only
    async def bounded():
        async with asyncio.timeout(seconds):
            return await coroutine

    return asyncio.run(bounded())


def cpu_seconds(pid: int) -> float:
    """The processor time a process has used (its threads' too)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def session_at(address: str) -> aiohttp.ClientSession:
    """A client whose connections come from ``address`` (no bound on how many at once)."""
    connector = aiohttp.TCPConnector(local_addr=(address, 0), limit=0, force_close=True)
    return aiohttp.ClientSession(connector=connector)


# ---- 1. a page that shows who it is gets in, whatever pages of no one do ----------------------

#: Attacking slots, all from one address: each opens /ws, sends one refused message, waits
#: to be closed and opens again (3,300-4,500 pages in 16 s against the old door).
SLOTS = 130
TRIES = 15


async def attacking_slot(session, url: str, stop: asyncio.Event, closes: list[int | None]):
    while not stop.is_set():
        try:
            ws = await session.ws_connect(url)
        except (aiohttp.ClientError, OSError):
            await asyncio.sleep(0.01)
            continue
        try:
            await ws.send_str('{"id": 1, "do": "poll"}')  # (any message: a refused poll)
            async for _msg in ws:  # the refusal read, then the close waited for
                pass
        except (aiohttp.ClientError, OSError):
            pass
        closes.append(ws.close_code)
        await ws.close()


def test_pages_of_no_one_keep_out_neither_the_teacher_a_reload_nor_a_newcomer(server):
    """130 attacking slots from one address: the teacher's page opened anew, a joined
    student's reload (both show who they are at the handshake, as the pages do) and a
    newcomer's join (judged as it comes), from that same address, each get in 15 times of
    15; the server's time for all of it stays within one core."""
    url = socket_url(server.students)
    pid = server.process.pid

    async def attack():
        async with session_at("127.0.0.70") as hostile, session_at("127.0.0.70") as ours:
            first = await Page(ours, url).open()
            key = (await first.ask(do="join", name="Reloads"))["token"]
            await first.close()
            stop, closes = asyncio.Event(), []
            slots = [
                asyncio.create_task(attacking_slot(hostile, url, stop, closes))
                for _ in range(SLOTS)
            ]
            try:
                deadline = time.monotonic() + WAIT_S
                while closes.count(BUSY) < 2 * SLOTS and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)  # (the door overrun: pages closed to make room)
                began, cpu = time.monotonic(), cpu_seconds(pid)
                results: dict[str, list[tuple[bool, float]]] = {
                    "teacher": [],
                    "reload": [],
                    "newcomer": [],
                }
                for n in range(TRIES):
                    for kind in results:
                        results[kind].append(await one_try(ours, url, kind, key, n))
                wall, used = time.monotonic() - began, cpu_seconds(pid) - cpu
                attacked = closes.count(BUSY)
            finally:
                stop.set()
                for slot in slots:
                    slot.cancel()
                await asyncio.gather(*slots, return_exceptions=True)
            return results, attacked, wall, used

    results, attacked, wall, used = run(attack())
    for kind, tries in results.items():
        times = [took for ok, took in tries if ok]
        print(
            f"{kind}: {len(times)} of {TRIES} in, p95 {p95(times or [0.0]):.2f} s "
            f"(slowest {max(times or [0.0]):.2f} s)"
        )
    print(
        f"{attacked} attacking pages closed to make room; the server used {used:.1f} s of "
        f"processor time in {wall:.1f} s"
    )
    assert attacked >= 2 * SLOTS  # (the attack was on: the pages of no one overran)
    for kind, tries in results.items():
        assert [ok for ok, _took in tries] == [True] * TRIES, kind
    assert used <= 1.25 * wall  # (one event loop: the attack costs at most a core)


async def one_try(session, url: str, kind: str, key: str, n: int) -> tuple[bool, float]:
    """A page opened anew as a teacher, a student reloading, or a newcomer; whether it got
    in, and how long it took from its connection to its answer."""
    started = time.monotonic()
    page = Page(session, url)
    try:
        if kind == "teacher":
            await page.open(protocols=("pyramid-lab", f"code.{CODE}"))
            got = await page.ask(do="teacher", code=CODE)
            ok = "rows" in got
        elif kind == "reload":
            await page.open(protocols=("pyramid-lab", f"key.{key}"))
            got = await page.ask(do="resume", key=key)
            ok = got.get("page", {}).get("name") == "Reloads"
        else:
            await page.open()
            got = await page.ask(do="join", name=f"Newcomer {n}")
            ok = "token" in got
    except (aiohttp.ClientError, OSError, ConnectionError, TimeoutError):
        ok = False
    finally:
        if page.ws is not None:
            await page.close()
    return ok, time.monotonic() - started


# ---- 2. a closed class cannot be jammed ------------------------------------------------------


async def filler_slot(session, url: str, stop: asyncio.Event, n: int, asked: list[int]):
    """A script that keeps the waiting room full: a join with a plausible name (or a guess
    at a door number), again as soon as its page is closed or turned away."""
    k = 0
    while not stop.is_set():
        k += 1
        join = {"id": 1, "do": "join", "name": f"Pupil {n}.{k}"}
        if k % 2:  # (every other one guesses a door number too)
            join["door"] = f"{random.randrange(10**9):09d}"
        try:
            ws = await session.ws_connect(url)
            await ws.send_str(json.dumps(join))
            asked.append(1)
            answer = await ws.receive()
            if answer.type == aiohttp.WSMsgType.TEXT and json.loads(answer.data).get("waiting"):
                async for _msg in ws:  # (waiting: until the teacher's Refuse closes it)
                    pass
            await ws.close()  # (turned away: at once again)
        except (aiohttp.ClientError, OSError):
            await asyncio.sleep(0.01)


def test_a_closed_class_cannot_be_jammed(server):
    """The class closed, a script from one address keeps its waiting room full (and fills
    it again after the teacher's Refuse): a late student comes in by the door number the
    teacher reads out, once (the same number twice, or a wrong one, opens nothing); a
    student already waiting too; the teacher's page stays small and quick."""
    url = socket_url(server.students)

    async def jam():
        async with session_at("127.0.0.71") as hostile, aiohttp.ClientSession() as ours:
            teacher = await Page(ours, url).open()
            await teacher.ask(do="teacher", code=CODE)
            await teacher.ask(do="teacher", order="close", args=[True])
            waits = await Page(ours, url).open()
            waiting = await waits.ask(do="join", name="Waits")
            stop, asked = asyncio.Event(), []
            flood = [
                asyncio.create_task(filler_slot(hostile, url, stop, n, asked)) for n in range(80)
            ]
            try:
                full, times, sizes = None, [], []
                deadline = time.monotonic() + WAIT_S
                while time.monotonic() < deadline:
                    started = time.monotonic()
                    full = await teacher.ask(do="teacher")
                    times.append(time.monotonic() - started)
                    sizes.append(len(json.dumps(full)))
                    if len(full["waiting"]) >= full["waiting_max"]:
                        break
                    await asyncio.sleep(0.05)
                late = await Page(ours, url).open()
                turned_away = await late.ask(do="join", name="Late")
                number = (await teacher.ask(do="teacher", order="door"))["doors"][0]["number"]
                spaced = f"{number[:3]} {number[3:6]}-{number[6:]}"  # (as it is read out)
                came = await late.ask(do="join", name="Late", door=spaced)
                other = await Page(ours, url).open()
                reused = await other.ask(do="join", name="Other", door=number)
                wrong = await Page(ours, url).open()
                guessed = await wrong.ask(do="join", name="Guess", door="000000000")
                second = await teacher.ask(do="teacher", order="door")
                by_number = await waits.ask(
                    do="join", name="Waits", door=second["doors"][0]["number"]
                )
                lines = await teacher.ask(do="teacher")
                ids = [w["id"] for w in lines["waiting"]]
                refused = await teacher.ask(do="teacher", order="refuse", args=[ids])
                for _ in range(10):  # the script fills it again at once; the teacher is served
                    started = time.monotonic()
                    again = await teacher.ask(do="teacher")
                    times.append(time.monotonic() - started)
                    sizes.append(len(json.dumps(again)))
                    await asyncio.sleep(0.05)
            finally:
                stop.set()
                for task in flood:
                    task.cancel()
                await asyncio.gather(*flood, return_exceptions=True)
                await teacher.ask(do="teacher", order="close", args=[False])
            for page in (teacher, waits, late, other, wrong):
                await page.close()
            return (
                waiting, full, turned_away, came, reused, guessed, by_number, lines,
                refused, times, sizes, len(asked),
            )  # fmt: skip

    (
        waiting, full, turned_away, came, reused, guessed, by_number, lines,
        refused, times, sizes, asked,
    ) = run(jam())  # fmt: skip
    print(
        f"{asked} filler joins; the teacher's lines: p95 {p95(times) * 1000:.0f} ms, "
        f"at most {max(sizes) // 1024} KB"
    )
    assert waiting["waiting"] is True
    assert len(full["waiting"]) == full["waiting_max"]  # (the script filled the room)
    assert turned_away["closed"] is True
    assert "ask the teacher for a door number" in turned_away["error"]
    assert came["page"]["name"] == "Late"  # in by the number, whatever waits
    assert came["token"]
    assert reused == {"id": 1, "closed": True, "waiting": False, "error": NO_DOOR}
    assert guessed["error"] == NO_DOOR
    assert by_number["page"]["name"] == "Waits"  # a student already waiting, by a number
    assert "Waits" not in [w["name"] for w in lines["waiting"]]
    assert {"Late", "Waits"} <= {r["name"] for r in refused["rows"]}
    assert max(sizes) <= 64 * 1024  # the waiting room listed is bounded: a small page
    assert len(times) >= 10


# ---- 5. what pages do not read, held in the system's send queues --------------------------------


def test_what_pages_do_not_read_is_bounded_in_the_system_send_queues_too(server):
    """Students on sockets that never read, while the teacher moves everyone through the
    lessons' steps: each page's share of the system's send queue stays within its
    socket's send buffer, and every such page is closed for not reading."""
    port = port_of(server.students)
    address = "127.0.0.72"
    url = socket_url(server.students)
    bound = 2 * Limits().send_buffer  # (Linux keeps twice what is asked, for its own use)

    async def push():
        async with aiohttp.ClientSession() as session:
            teacher = await Page(session, url).open()
            lines = await teacher.ask(do="teacher", code=CODE)
            before = len(lines["rows"])
            deaf = [raw_page(port, address, f"Deaf {n}") for n in range(20)]
            deadline = time.monotonic() + WAIT_S
            while len(lines["rows"]) < before + 20 and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
                lines = await teacher.ask(do="teacher")
            peak: dict[int, int] = {}
            for lesson in range(12):  # a new board each time: every lesson's first steps
                for step in range(2):
                    await teacher.ask(do="teacher", order="everyone", args=[lesson, step])
                    for client, queued in send_queues(port, address).items():
                        peak[client] = max(peak.get(client, 0), queued)
            deadline = time.monotonic() + WAIT_S  # (closed after Limits.send_timeout)
            while send_queues(port, address) and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            left = send_queues(port, address)
            await teacher.close()
            for sock in deaf:
                sock.close()
            return peak, left

    peak, left = run(push())
    print(
        f"the system's send queues of 20 pages that never read: at most "
        f"{max(peak.values()) // 1024} KB a page, {sum(peak.values()) // 1024} KB in all"
    )
    assert len(peak) == 20
    assert max(peak.values()) <= bound
    assert sum(peak.values()) >= 20 * 16 * 1024  # (they were pushed more than they read)
    assert left == {}  # each closed for not reading


# ---- in a server of this process: codes, numbers, bulk orders, the Origin ---------------------


async def serving(room: Classroom, hosts: Hosts | None = None):
    runner = web.AppRunner(build_app(room, hosts=hosts))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return runner, runner.addresses[0][1]


def test_remove_and_bring_back_any_number_ticked_in_one_press(tmp_path):
    """A full class removed in one order (its 200 ids and a thousand more ticked), a
    thousand removed brought back in one (as many as the class has room for); the
    teacher's page says how many went."""
    room = Classroom.open([LESSON], CODE, None, on_board)

    async def scene():
        runner, port = await serving(room)
        try:
            async with aiohttp.ClientSession() as session:
                teacher = await Page(session, f"ws://127.0.0.1:{port}/ws").open()
                await teacher.ask(do="teacher", code=CODE)
                said = []
                for n in range(MAX_REMOVED // MAX_STUDENTS):
                    for k in range(MAX_STUDENTS):
                        room.join(f"Filler {n}.{k:03d}")
                    ids = [s.id for s in room.students.values()]
                    ticked = ids + [f"{m:012x}" for m in range(1000)]  # 1,200 ticked
                    said.append(await teacher.ask(do="teacher", order="remove", args=[ticked]))
                gone = [g["id"] for g in said[-1]["removed"]]
                back = await teacher.ask(do="teacher", order="bring_back", args=[gone])
                await teacher.close()
                return said, gone, back
        finally:
            await runner.cleanup()

    said, gone, back = asyncio.run(scene())
    assert [len(s["rows"]) for s in said] == [0] * 5
    assert said[0]["said"].startswith("200 students are (Filler 0.000, ")
    assert said[0]["said"].endswith("and 195 more) no longer in the class (Bring back undoes it)")
    assert len(gone) == MAX_REMOVED
    assert len(back["rows"]) == MAX_STUDENTS
    assert back["said"].startswith("200 students are (")
    assert back["said"].endswith(
        "back in the class (their pages open come back by themselves); 800 did not fit: "
        "the class is full (200 students)"
    )


def test_one_page_joins_once():
    room = Classroom.open([LESSON], CODE, None, on_board)

    async def scene():
        runner, port = await serving(room)
        try:
            async with aiohttp.ClientSession() as session:
                page = await Page(session, f"ws://127.0.0.1:{port}/ws").open()
                first = await page.ask(do="join", name="Ada Lovelace")
                again = [await page.ask(do="join", name="Ada Lovelace") for _ in range(3)]
                await page.close()
                return first, again
        finally:
            await runner.cleanup()

    first, again = asyncio.run(scene())
    assert first["page"]["name"] == "Ada Lovelace"
    assert {a["error"] for a in again} == {
        "this page has joined the class already: one page joins once"
    }
    assert [s.name for s in room.roster()] == ["Ada Lovelace"]


def test_every_class_code_meets_one_rule(tmp_path):
    """The rule of --code is every kept code's: a short or one-letter code kept beside the
    results is replaced by a new one, and the class says why."""
    for weak in ("abcd", "aaaaaaaaaaaaaaaa", "abab-abab-abab-abab", "maths-4b"):
        with pytest.raises(Refused):
            chosen_code(weak)
        results = tmp_path / f"{weak}.json"
        Path(f"{results}.code").write_text(weak + "\n")
        code, why = kept_code(results)
        assert code != weak
        assert chosen_code(code) == code
        assert Path(f"{results}.code").read_text().strip() == code  # (kept for the next run)
        assert why.startswith(f"the class code kept in {results}.code is not one a class may")
        assert "the class has a new code" in why
    strong = "k7qm-x2vd-p9ta-c4hw"
    results = tmp_path / "strong.json"
    Path(f"{results}.code").write_text(strong + "\n")
    assert kept_code(results) == (strong, "")
    assert all(chosen_code(make_code()) for _ in range(200))


def test_a_door_number_is_good_once_and_only_while_the_class_is_closed():
    room = Classroom.open([LESSON], CODE, None, on_board)
    room.admission.set_closed(True)
    numbers = [room.admission.door() for _ in range(3)]
    assert all(re.fullmatch(r"[0-9]{9}", n) for n in numbers)
    assert [d["number"] for d in room.lines()["doors"]] == numbers[::-1]
    room.admission.through_door(numbers[1])
    with pytest.raises(Refused, match=re.escape(NO_DOOR)):
        room.admission.through_door(numbers[1])
    assert [d["number"] for d in room.lines()["doors"]] == [numbers[2], numbers[0]]
    for _ in range(30):  # at most 20 open: the oldest open nothing more
        room.admission.door()
    assert len(room.lines()["doors"]) == 20
    with pytest.raises(Refused, match=re.escape(NO_DOOR)):
        room.admission.through_door(numbers[2])


# ---- 6. behind a proxy: what it must pass, and a refusal in words ----------------------------


def handshake(port: int, origin: str, host: str | None = None) -> tuple[int, str]:
    host = host or f"127.0.0.1:{port}"
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT_S) as sock:
        sock.sendall(
            f"GET /ws HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: pyramid-lab\r\n\r\n".encode()
        )
        data = b""
        while b"\r\n\r\n" not in data and (chunk := sock.recv(65536)):
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        size = re.search(rb"Content-Length: (\d+)", head, re.IGNORECASE)
        while size and len(body) < int(size.group(1)) and (chunk := sock.recv(65536)):
            body += chunk
    return int(head.split()[1]), body.decode()


def test_a_proxy_that_rewrites_host_is_refused_in_words_unless_its_name_is_allowed():
    """nginx's default sends the class its upstream's address as Host, the browser's Origin
    stays the proxy's name: refused (403), saying what to do, at the websocket and at
    /door (which the page asks, since a browser's page cannot read a refused handshake);
    with --allow-host NAME the page is the class's own."""
    room = Classroom.open([LESSON], CODE, None, on_board)
    name = "class.school.example"

    async def scene(hosts: Hosts):
        runner, port = await serving(room, hosts)
        try:
            refused = await asyncio.to_thread(handshake, port, f"https://{name}")
            async with aiohttp.ClientSession() as session:
                headers = {"Origin": f"https://{name}"}
                async with session.post(f"http://127.0.0.1:{port}/door", headers=headers) as got:
                    door = (got.status, await got.text())
                own = {"Origin": f"http://127.0.0.1:{port}"}
                async with session.post(f"http://127.0.0.1:{port}/door", headers=own) as got:
                    ours = (got.status, await got.text())
            return refused, door, ours
        finally:
            await runner.cleanup()

    refused, door, ours = asyncio.run(scene(Hosts.started_for("127.0.0.1")))
    assert refused[0] == 403
    assert (
        f"this page was opened at https://{name} but the class was sent the address" in (refused[1])
    )
    assert f"start the class with --allow-host {name}" in refused[1]
    assert door == refused  # (the page's question, answered as its handshake was)
    assert ours == (200, "this page may open the class\n")
    allowed, door, _ours = asyncio.run(scene(Hosts.started_for("127.0.0.1", [name])))
    assert allowed[0] == 101  # (the proxy's name, given: the page is the class's own)
    assert door[0] == 200
    evil = Hosts.started_for("127.0.0.1", [name])
    assert not evil.origin_allows("https://evil.example")
    assert not evil.origin_allows(f"https://{name}.evil.example")
    assert evil.origin_allows(f"https://{name}:8443")


def test_the_shipped_class_opens_on_the_first_partition_lesson():
    from pyramid_lab.model import content
    from pyramid_lab.viewer.classroom.room import find_lessons

    found = find_lessons([content.lessons()])
    assert found[0].name == "01-corners-and-walls.lesson.json"
    assert found[0].parent.name == "partition"
    assert SECOND in found


def proxy_rewriting_host(upstream: int):
    """nginx's default in front of the class: each request passed on with Host set to the
    upstream's address (the browser's Origin kept), websockets too; started on a thread of
    its own, its port and how to stop it."""
    import threading

    ready: dict[str, object] = {}

    async def forward(request: web.Request) -> web.StreamResponse:
        target = f"http://127.0.0.1:{upstream}{request.path_qs}"
        headers = {k: v for k, v in request.headers.items() if k.lower() in ("origin", "cookie")}
        async with aiohttp.ClientSession() as session:
            if request.path == "/ws":
                try:
                    up = await session.ws_connect(
                        target.replace("http", "ws", 1), headers=headers, protocols=("pyramid-lab",)
                    )
                except aiohttp.WSServerHandshakeError as exc:
                    return web.Response(status=exc.status, text="refused upstream\n")
                down = web.WebSocketResponse(protocols=("pyramid-lab",))
                await down.prepare(request)

                async def pipe(source, sink):
                    async for msg in source:
                        if msg.type == aiohttp.WSMsgType.TEXT:
                            await sink.send_str(msg.data)
                    await sink.close()

                await asyncio.gather(pipe(up, down), pipe(down, up), return_exceptions=True)
                return down
            body = await request.read()
            async with session.request(request.method, target, headers=headers, data=body) as got:
                return web.Response(
                    status=got.status,
                    body=await got.read(),
                    headers={"Content-Type": got.headers.get("Content-Type", "text/plain")},
                )

    def serve() -> None:
        async def main() -> None:
            app = web.Application()
            app.router.add_route("*", "/{tail:.*}", forward)
            runner = web.AppRunner(app)
            await runner.setup()
            site = web.TCPSite(runner, "127.0.0.1", 0)
            await site.start()
            stop = asyncio.Event()
            ready["port"] = runner.addresses[0][1]
            ready["stop"] = (asyncio.get_running_loop(), stop)
            await stop.wait()
            await runner.cleanup()

        asyncio.run(main())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT_S
    while "stop" not in ready and time.monotonic() < deadline:
        time.sleep(0.05)

    def stop() -> None:
        loop, event = ready["stop"]
        loop.call_soon_threadsafe(event.set)
        thread.join(WAIT_S)

    return ready["port"], stop


def test_a_page_behind_a_proxy_that_rewrites_host_says_why_in_words(server, browser):
    """In Chromium, the students' page opened through a proxy that sends the class its
    upstream's address as Host (the page at https://NAME in a school; here
    http://class.localhost:PORT, a name Chromium itself resolves to this machine, so the
    worker's Chromium serves: none launched with a resolver rule of its own): the page
    says, in words, that the class refused it and what to do (a browser's page cannot read
    its refused websocket's answer)."""
    port, stop = proxy_rewriting_host(port_of(server.students))
    name = "class.localhost"
    try:
        page = browser.new_page(viewport={"width": 1000, "height": 500})
        page.goto(f"http://{name}:{port}/")
        key = json.dumps(f"pyramid-lab-classroom:{name}:{port}")
        page.evaluate(f"() => localStorage.setItem({key}, 'A'.repeat(24))")
        page.reload()  # (a page with a key connects at once)
        page.wait_for_function(
            "() => (document.querySelector('#cr-msg') || {innerText: ''}).innerText"
            ".includes('refused')",
            timeout=WAIT_S * 1000,
        )
        said = page.inner_text("#cr-msg")
        if os.environ.get("PYRAMID_LAB_SHOTS"):
            page.screenshot(path=str(Path(os.environ["PYRAMID_LAB_SHOTS"]) / "proxy.png"))
        page.close()
    finally:
        stop()
    assert not Hosts.started_for("127.0.0.1").allows(f"{name}:{port}")  # (not its own name)
    assert said.startswith(f"The class refused this page: this page was opened at http://{name}:")
    assert f"start the class with --allow-host {name}" in said


def test_the_readmes_bounds_are_the_codes():
    """The README's figures for the door and what pages do not read, read from the code's
    own bounds (it said 64 MB where the code kept 48)."""
    from pyramid_lab.viewer.classroom.checks import DOOR_DIGITS, DOOR_SECONDS
    from pyramid_lab.viewer.classroom.messages import MAX_MESSAGE
    from pyramid_lab.viewer.classroom.room import MAX_DOORS

    limits = Limits()
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for figure in (
        f"within {limits.hello:.0f} seconds is closed, and past {limits.unjoined} such pages",
        f"at most {limits.unsent // 2**20} MB in the server in all",
        f"{limits.send_buffer // 1024} KB of send buffer a page's socket",
        f"a page that takes nothing for {limits.send_timeout:.0f} seconds while it is sent",
        f"A message is at most {MAX_MESSAGE // 1024} KB",
        f"sends at most {limits.messages_a_second:.0f} a second ({limits.burst} at once)",
        f"a {DOOR_DIGITS}-digit door number",
        f"within {DOOR_SECONDS // 60} minutes; at most {MAX_DOORS} are open at once",
        f"most {limits.per_student} pages open and the teacher {limits.teacher_pages}",
    ):
        assert figure in text, figure


def test_the_continue_command_is_absolute(tmp_path, monkeypatch):
    """The stop message's command runs as printed from another folder: the pyramid-lab it
    was run with by its absolute path (a venv's is on no PATH), the files' too."""
    import argparse
    import shlex
    import sys

    from pyramid_lab.viewer.cli.classroom import again

    script = tmp_path / "venv" / "bin" / "pyramid-lab"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    monkeypatch.chdir(tmp_path)
    args = argparse.Namespace(
        lessons=["lessons/a.lesson.json"],
        host="127.0.0.1",
        port=8081,
        name=None,
        results="r.json",
        allow_host=["class.school.example"],
    )
    monkeypatch.setattr(sys, "argv", ["venv/bin/pyramid-lab", "classroom"])
    assert shlex.split(again(args)) == [
        str(script),
        "classroom",
        str(tmp_path / "lessons" / "a.lesson.json"),
        "--port",
        "8081",
        "--results",
        str(tmp_path / "r.json"),
        "--allow-host",
        "class.school.example",
    ]
    monkeypatch.setattr(sys, "argv", ["/somewhere/pyramid_lab/__main__.py"])  # (-m)
    assert shlex.split(again(args))[:4] == [sys.executable, "-m", "pyramid_lab", "classroom"]


def test_a_door_number_is_not_used_up_by_a_full_class_and_a_waiting_page_comes_in_by_one():
    room = Classroom.open([LESSON], CODE, None, on_board)
    for n in range(MAX_STUDENTS):
        room.join(f"Filler {n:03d}")
    room.admission.set_closed(True)
    number = room.admission.door()

    async def scene():
        runner, port = await serving(room)
        try:
            async with aiohttp.ClientSession() as session:
                url = f"ws://127.0.0.1:{port}/ws"
                late, waits = await Page(session, url).open(), await Page(session, url).open()
                full = await late.ask(do="join", name="Late", door=number)
                waiting = await waits.ask(do="join", name="Waits")
                again = await waits.ask(do="join", name="Waits")
                room.remove([room.roster()[0].id])  # (a seat free)
                came = await waits.ask(do="join", name="Waits", door=number)
                for page in (late, waits):
                    await page.close()
                return full, waiting, again, came
        finally:
            await runner.cleanup()

    full, waiting, again, came = asyncio.run(scene())
    assert full["error"] == "the class is full (200 students): the teacher can remove some"
    assert waiting["waiting"] is True
    assert again["waiting"] is True  # (a waiting page asked again: still waiting, said so)
    assert again["error"].startswith("the class is closed to new students: wait here")
    assert came["page"]["name"] == "Waits"  # the number, not used up by the full class
    assert room.admission.waiting == {}
    assert room.admission.doors == {}
