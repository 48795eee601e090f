"""The classroom under load: N students (30 by default) at once on one server, on
127.0.0.1 only, bounded in count (1 to 60) and time (5 to 300 s).

Run by hand:  .venv/bin/python tests/bench/classroom.py [--students 30] [--seconds 40]

It starts ``pyramid-lab classroom`` on a free port of 127.0.0.1 with Partition's first
lesson, and connects each student as a page does (a websocket of its own, the page's JSON
messages), without a browser: each joins, goes to the step that asks for the apex, and
then, until the time is up, clicks a point (the view ray from the board's camera through
the point's centre, as the page casts it), presses Check, and Retry, with a pause of
0.5 to 1.5 s between actions (a student reading), while polling every 1.5 s as the page
does (``--spread``: each sets a view of their own first, levels, peel and clip, so that
fewer pages share a layer's mesh; a click on a point their view hides is answered with a
refusal, timed as a click). Prints, over every student's clicks: the time from a click to
the server's answer (the point picked, the board's meshes rebuilt), from Check to the
verdict, and from the click to the verdict (click + Check), at the median and p95 (goal
p95 <= 300 ms), the requests answered per second, any error, and the server's memory
(resident now and at its peak, from /proc). Exit status 1 on an error or a p95 over the goal.

``--board stepped``: Allmer's Pyramid's lesson on the stepped board (a board of sites, its
meshes drawn by the window's own board view) instead: each student clicks black's stone
on g6 (selected, its moves listed and drawn), then a destination, f6 (a legal jump, judged
wrong with the lesson's reason) or g7 (the push asked for, right), and Retry; the lines
then read "click" for the stone's selection and "Check" for the destination's click to
its verdict.

``--hostile-pages N`` (0 to 60) adds N hostile pages working within every bound as the
students work, from four addresses of 127.0.0.0/8: each a student of its own, sending 15
messages a second (its budget), every other one a view change (a board drawn anew) and
the rest its board asked for again; the students' figures are then the others' under
that load (goal: p95 <= 300 ms). A teacher's page is connected throughout: the lines say
how soon a verdict reaches it (pushed, goal <= 300 ms), and the size of the answers to a
click.

``--hostile`` first sends the server what a hostile page could: a wslink chunk announcing
a 1 GB message, wslink's application.exit, a message over the size limit, garbage; the
server must go on answering and its memory must stay put.

``--browsers B`` (0 to 10; Partition only): B of the students are real pages in Debian's
headless Chromium (/usr/bin/chromium, software WebGL: SwiftShader), driven by Playwright,
the others scripted as above: each clicks a point on the board where the page draws it,
presses Check and Retry, with the same pauses. Their lines are timed in the page: from the
click (or the button) to its answer applied and the next frame drawn after it (the page's
``classroom.drawnMs``): click -> answer (goal median <= 150 ms), click + Check (goal median
<= 300 ms); and the size of each websocket message the pages received (the answer to a
click, Check's, the first board).

    .venv/bin/python tests/bench/classroom.py --students 30 --browsers 3 --seconds 40"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pathlib
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import aiohttp
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pyramid_lab.model import lesson as lessons  # noqa: E402

LESSON = ROOT / "model" / "data" / "lessons" / "partition" / "01-corners-and-walls.lesson.json"
STEPPED = ROOT / "model" / "data" / "lessons" / "terrace" / "01-pushes.lesson.json"
GOAL_MS = 300.0
BENCH_CODE = "bench-class-code-0000"
POINTS = [(0, 0, 3), (0, 0, 0), (3, 0, 0), (1, 1, 1), (0, 3, 0)]  # the apex is right
#: Allmer's lesson: the stone clicked first, then one of the destinations (g7 is right).
STONE, DESTINATIONS = "g6", ("f6", "g7")


def stepped_centres() -> dict[str, np.ndarray]:
    """Where a click meets the fields named in STONE and DESTINATIONS on the stepped board
    of Allmer's lesson (a stone's top over its field, else the field's top): the window's
    own geometry, as the server builds it."""
    from pyramid_lab.viewer.games import ui_class

    game = lessons.read(STEPPED).steps[1].game
    ui = ui_class(game)()
    geometry = ui.geometry(game)
    named = {ui.site_name(site): site for site in range(len(geometry.centres))}
    stones = {square for square, _colour in game.pieces()}
    found = {}
    for name in (STONE, *DESTINATIONS):
        site = named[name]
        centre = np.asarray(geometry.centres[site], dtype=float)
        on_stone = any(ui.site_name(ui.site_of(square)) == name for square in stones)
        found[name] = centre + (np.array([0.0, 0.0, 0.3]) if on_stone else 0.0)
    return found


def chunk(message: bytes, total: int | None = None) -> bytes:
    """A wslink chunk as trame's pages sent them (``total``: the size announced)."""
    size = len(message) if total is None else total
    return (
        (7).to_bytes(4, "little") + (0).to_bytes(4, "little") + size.to_bytes(4, "little") + message
    )


class Page:
    """A page's connection: its websocket and JSON messages, each answered by its id
    (a poll and an action may be under way at once, as on the page)."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session = session
        self.url = url
        self.count = 0
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.pushed: Any = None

    async def open(self) -> None:
        self.ws = await self.session.ws_connect(self.url, max_msg_size=0)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            reply = json.loads(message.data)
            reply["_bytes"] = len(message.data)
            if reply.get("push") and self.pushed is not None:
                self.pushed(reply)
            waiting = self.pending.pop(reply.get("id"), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(reply)

    async def ask(self, kind: str, **fields: Any) -> Any:
        self.count += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[self.count] = future
        await self.ws.send_str(json.dumps({"id": self.count, "do": kind, **fields}))
        return await asyncio.wait_for(future, 60)

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


def ray_to(camera: dict[str, Any], point: np.ndarray) -> list[list[float]]:
    eye = np.asarray(camera["position"], dtype=float)
    return [list(map(float, eye)), list(map(float, point - eye))]


async def student(
    number: int,
    url: str,
    until: float,
    centres: dict[tuple[int, ...], np.ndarray],
    timings: dict[str, list[float]],
    errors: list[str],
    rng: random.Random,
    spread: bool,
    stepped: bool = False,
    verdicts: list[tuple[str, int, float]] | None = None,
) -> None:
    async with aiohttp.ClientSession() as session:
        page = Page(session, url)
        await page.open()
        answer = await page.ask("join", name=f"Student {number:02d}")
        camera = answer["board"]["camera"]
        seen = {"version": answer["page"]["version"], "keys": answer["board"]["keys"]}

        async def act(action: str, *args: Any) -> dict[str, Any]:
            reply = await page.ask("act", action=action, args=list(args), known=seen["keys"])
            if "page" in reply:  # as the page keeps them
                seen["version"], seen["keys"] = reply["page"]["version"], reply["board"]["keys"]
            return reply

        async def poll() -> None:
            while time.monotonic() < until:
                await asyncio.sleep(1.5)
                reply = await page.ask("poll", version=seen["version"], known=seen["keys"])
                if "page" in reply:
                    seen["version"] = reply["page"]["version"]
                    seen["keys"] = reply["board"]["keys"]

        await act("next")
        if spread:  # a view of their own: levels, peel and clip differ from the neighbours'
            await act("view", 3 - number % 3, number % 2, None if number % 5 else 1 + number % 3)
        poller = asyncio.create_task(poll())
        judged_count = 0
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(0.5, 1.5))
            # the first action: a point picked, or (stepped) the stone selected; the
            # second: Check, or (stepped) the destination clicked; each answered in turn
            first = STONE if stepped else rng.choice(POINTS)
            started = time.perf_counter()
            picked = await act("click", *ray_to(camera, centres[first]))
            clicked = time.perf_counter()
            if picked.get("error") or (stepped and not picked["page"]["play"].get("about")):
                if spread and picked.get("error", "").startswith("that is not on a point"):
                    timings["click"].append((clicked - started) * 1000)  # hidden by the view
                else:
                    errors.append(f"click: {picked.get('error')}")
                continue
            await asyncio.sleep(rng.uniform(0.2, 0.6))
            checking = time.perf_counter()
            if stepped:
                judged = await act("click", *ray_to(camera, centres[rng.choice(DESTINATIONS)]))
            else:
                judged = await act("check")
            done = time.perf_counter()
            if judged.get("error") or judged["page"]["verdict"] is None:
                errors.append(f"check: {judged.get('error')}")
                continue
            timings["click"].append((clicked - started) * 1000)
            timings["bytes"].append(picked["_bytes"])
            judged_count += 1
            if verdicts is not None:  # the teacher's page shows this try from then on
                verdicts.append((f"Student {number:02d}", judged_count, checking))
            timings["check"].append((done - checking) * 1000)
            timings["both"].append((clicked - started + done - checking) * 1000)
            await asyncio.sleep(rng.uniform(0.3, 0.8))
            await act("retry")
        await poller
        await page.close()


CHROMIUM = "/usr/bin/chromium"
#: The in-page goals (issue 65): a click answered and drawn, and a click + Check.
PAGE_CLICK_GOAL_MS, PAGE_BOTH_GOAL_MS = 150.0, 300.0


async def browser_student(
    number: int,
    browser: Any,
    address: str,
    until: float,
    centres: dict[Any, np.ndarray],
    timings: dict[str, list[float]],
    errors: list[str],
    rng: random.Random,
) -> None:
    """A student in a real page: joins, goes to the step that asks for the apex, then
    clicks a point where the page draws it, presses Check and Retry until the time is up,
    each timed in the page (click to its answer applied and the next frame drawn)."""
    page = await browser.new_page(viewport={"width": 1280, "height": 760})
    frames: list[tuple[float, int]] = []

    def socket(ws: Any) -> None:
        ws.on("framereceived", lambda data: frames.append((time.perf_counter(), len(data))))

    page.on("websocket", socket)
    page.on("pageerror", lambda exc: errors.append(f"page {number}: {exc}"))

    async def press(action: Any) -> tuple[float, list[int]]:
        """``action`` (a click), waited for until its answer is applied and drawn: the
        in-page milliseconds and the sizes of the messages that came meanwhile."""
        seen = len(frames)
        acted = await page.evaluate("() => Number(document.body.dataset.acted || 0)")
        await action()
        await page.wait_for_function(
            f"() => Number(document.body.dataset.drawn || 0) > {acted}", timeout=60_000
        )
        drawn = await page.evaluate("() => window.classroom.drawnMs")
        return float(drawn), [size for _at, size in frames[seen:]]

    try:
        await page.goto(address)
        await page.fill("#cr-name", f"Browser {number:02d}")
        await page.click("#cr-join-button")
        await page.wait_for_selector("#cr-step-title", timeout=60_000)
        timings["first"] += [max(size for _at, size in frames)] if frames else []
        await press(lambda: page.click("#cr-next"))
        await page.wait_for_selector("#cr-check", timeout=60_000)
        await asyncio.sleep(1.0)  # the camera set on the board's first drawing
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(0.5, 1.5))
            point = [float(c) for c in centres[rng.choice(POINTS)]]
            x, y = await page.evaluate("(p) => window.classroom.screen_of(p)", point)
            clicked, sizes = await press(lambda x=x, y=y: page.mouse.click(x, y))
            picked = await page.inner_text("#cr-picked")
            if "nothing" in picked:
                errors.append(f"browser {number}: the click picked nothing ({picked})")
                continue
            await asyncio.sleep(rng.uniform(0.2, 0.6))
            checked, check_sizes = await press(lambda: page.click("#cr-check"))
            if not await page.query_selector("#cr-verdict"):
                errors.append(f"browser {number}: Check gave no verdict")
                continue
            timings["page_click"].append(clicked)
            timings["page_check"].append(checked)
            timings["page_both"].append(clicked + checked)
            timings["page_bytes"] += sizes
            timings["page_check_bytes"] += check_sizes
            await asyncio.sleep(rng.uniform(0.3, 0.8))
            await press(lambda: page.click("#cr-retry"))
    finally:
        await page.close()


async def hostile(url: str, errors: list[str]) -> None:
    """What a hostile page could send, each on a connection of its own (the server may
    close it); the server must answer a page after it."""
    call = json.dumps(
        {"wslink": "1.0", "id": "rpc:c0:9", "method": "application.exit", "args": []}
    ).encode()
    attacks: list[bytes | str] = [
        chunk(call[:10], total=1 << 30),  # 1 GB announced
        chunk(call),  # wslink's exit
        json.dumps({"do": "application.exit"}),
        "x" * 40000,  # over the 16 KB limit
        b"garbage",
        "text",
    ]
    async with aiohttp.ClientSession() as session:
        for attack in attacks:
            page = Page(session, url)
            await page.open()
            with contextlib.suppress(aiohttp.ClientError, ConnectionError):
                if isinstance(attack, str):
                    await page.ws.send_str(attack)
                else:
                    await page.ws.send_bytes(attack)
                await asyncio.sleep(0.3)
            with contextlib.suppress(Exception):
                await page.close()
        fresh = Page(session, url)
        await fresh.open()
        answer = await fresh.ask("join", name="After the storm")
        if "token" not in answer:
            errors.append(f"hostile: the server did not answer after it: {answer}")
        await fresh.close()


async def hostile_page(number: int, url: str, until: float) -> None:
    """A page within every bound: a student of its own, 15 messages a second, every other
    one a view change (its board drawn anew), the rest its board asked for again."""
    address = f"127.0.0.{20 + number % 4}"
    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    async with aiohttp.ClientSession(connector=connector) as session:
        page = Page(session, url)
        await page.open()
        joined = await page.ask("join", name=f"Hostile {number:02d}")
        key = joined["token"]
        n = 0
        while time.monotonic() < until:
            n += 1
            if n % 2:
                await page.ask("act", action="view", args=[n % 4, n % 3, None])
            else:
                await page.ask("resume", key=key)
            await asyncio.sleep(1 / 15)
        await page.close()


async def teacher_page(url: str, code: str, seen: dict[tuple[str, int], float], until: float):
    """The teacher's page, noting when each student's tries first show in its lines."""
    async with aiohttp.ClientSession() as session:
        page = Page(session, url)
        await page.open()

        def pushed(reply: dict[str, Any]) -> None:
            now = time.perf_counter()
            for row in reply.get("rows", []):
                seen.setdefault((row["name"], row["tries"]), now)

        page.pushed = pushed
        pushed(await page.ask("teacher", code=code))
        while time.monotonic() < until + 1:
            await asyncio.sleep(0.5)
        await page.close()


def memory(pid: int) -> tuple[float, float]:
    """The server's resident memory now and at its peak, in MB."""
    status = pathlib.Path(f"/proc/{pid}/status").read_text()
    found = {k: int(v) / 1024 for k, v in re.findall(r"(VmRSS|VmHWM):\s+(\d+) kB", status)}
    return found["VmRSS"], found["VmHWM"]


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):6.1f} ms, p95 {p95:6.1f} ms ({len(ordered)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hostile", action="store_true")
    parser.add_argument("--hostile-pages", type=int, default=0, metavar="N")
    parser.add_argument(
        "--spread",
        action="store_true",
        help="each student sets a view of their own (fewer meshes shared)",
    )
    parser.add_argument(
        "--browsers",
        type=int,
        default=0,
        metavar="B",
        help="B of the students in real headless Chromium pages (Partition only)",
    )
    parser.add_argument(
        "--board",
        choices=("pyramid", "stepped"),
        default="pyramid",
        help="pyramid: Partition's first lesson; stepped: Allmer's Pyramid's first lesson",
    )
    args = parser.parse_args()
    if not 1 <= args.students <= 60:
        parser.error("--students: from 1 to 60")
    if not 0 <= args.hostile_pages <= 60:
        parser.error("--hostile-pages: from 0 to 60")
    if not 5 <= args.seconds <= 300:
        parser.error("--seconds: from 5 to 300")
    if not 0 <= args.browsers <= min(10, args.students):
        parser.error("--browsers: from 0 to 10, at most --students")
    if args.browsers and args.board != "pyramid":
        parser.error("--browsers: on Partition's lesson (--board pyramid) only")
    stepped = args.board == "stepped"
    lesson = STEPPED if stepped else LESSON
    centres: dict[Any, np.ndarray]
    if stepped:
        centres = dict(stepped_centres())
    else:
        lattice = lessons.read(LESSON).steps[1].game.lattice
        centres = {p: lattice.centres[lattice.id_of(*p)] for p in POINTS}
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "pyramid_lab.viewer.cli",
                "classroom",
                str(lesson),
                "--port",
                "0",
                "--host",
                "127.0.0.1",
                "--results",
                os.path.join(folder, "results.json"),
                "--code",
                BENCH_CODE,
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if not found:
                print(f"the server did not start: {line}{server.stdout.read()}")
                return 1
            url = f"ws://127.0.0.1:{found.group(1)}/ws"
            server.stdout.readline()
            rss_before, _ = memory(server.pid)
            timings: dict[str, list[float]] = {
                "click": [],
                "check": [],
                "both": [],
                "bytes": [],
                "page_click": [],
                "page_check": [],
                "page_both": [],
                "page_bytes": [],
                "page_check_bytes": [],
                "first": [],
            }
            page_address = url.replace("ws://", "http://").removesuffix("ws")
            verdicts: list[tuple[str, int, float]] = []
            seen: dict[tuple[str, int], float] = {}
            errors: list[str] = []
            rng = random.Random(args.seed)

            async def run() -> None:
                if args.hostile:
                    await hostile(url, errors)
                async with contextlib.AsyncExitStack() as stack:
                    browser = None
                    if args.browsers:
                        from playwright.async_api import async_playwright

                        playwright = await stack.enter_async_context(async_playwright())
                        browser = await playwright.chromium.launch(
                            executable_path=CHROMIUM,
                            headless=True,
                            args=["--no-sandbox", "--use-gl=swiftshader"],
                        )
                        stack.push_async_callback(browser.close)
                    until = time.monotonic() + args.seconds
                    await asyncio.gather(
                        *(
                            browser_student(
                                n,
                                browser,
                                page_address,
                                until,
                                centres,
                                timings,
                                errors,
                                random.Random(rng.random()),
                            )
                            for n in range(1, args.browsers + 1)
                        ),
                        crowd(until),
                    )

            async def crowd(until: float) -> None:
                await asyncio.gather(
                    teacher_page(url, BENCH_CODE, seen, until),
                    *(hostile_page(n, url, until) for n in range(args.hostile_pages)),
                    *(
                        student(
                            n,
                            url,
                            until,
                            centres,
                            timings,
                            errors,
                            random.Random(rng.random()),
                            args.spread,
                            stepped,
                            verdicts,
                        )
                        for n in range(args.browsers + 1, args.students + 1)
                    ),
                )

            started = time.monotonic()
            asyncio.run(run())
            took = time.monotonic() - started
            rss, peak = memory(server.pid)
        finally:
            server.terminate()
            server.wait(30)
    answered = 3 * len(timings["click"])
    print(
        f"{args.students} students on {lesson.name} for {args.seconds:.0f} s on 127.0.0.1 "
        f"({os.cpu_count()} cores), {answered / took:.1f} answered actions/s besides polls"
    )
    print(f"click -> its answer (the point, the board): {quantiles(timings['click'])}")
    print(f"Check -> the verdict:                     {quantiles(timings['check'])}")
    print(f"click + Check (click to verdict):         {quantiles(timings['both'])}")
    print(
        f"server memory: {rss_before:.0f} MB at the start, {rss:.0f} MB resident at the end, "
        f"{peak:.0f} MB at the peak"
    )
    late = [
        (seen[(name, tries)] - at) * 1000 for name, tries, at in verdicts if (name, tries) in seen
    ]
    if late:
        print(f"Check -> the teacher's page (pushed):     {quantiles(late)}")
    if timings["bytes"]:
        sizes = sorted(timings["bytes"])
        print(
            f"the answer to a click: median {statistics.median(sizes) / 1024:.0f} KB, "
            f"max {sizes[-1] / 1024:.0f} KB"
        )
    if args.browsers:
        print(
            f"in {args.browsers} Chromium pages (software WebGL), click to its answer applied "
            "and the next frame drawn:"
        )
        print(f"  click -> answer in the page:  {quantiles(timings['page_click'])}")
        print(f"  Check -> verdict in the page: {quantiles(timings['page_check'])}")
        print(f"  click + Check in the page:    {quantiles(timings['page_both'])}")
        for label, key in (("a click", "page_bytes"), ("Check", "page_check_bytes")):
            if timings[key]:
                sizes = sorted(timings[key])
                print(
                    f"  messages after {label}: median {statistics.median(sizes):.0f} B, "
                    f"max {sizes[-1]:.0f} B ({len(sizes)})"
                )
        if timings["first"]:
            print(f"  the first board (a page's join): {max(timings['first']) / 1024:.0f} KB")
    if args.hostile_pages:
        print(f"(with {args.hostile_pages} hostile pages working within every bound)")
    for error in errors[:10]:
        print(f"error: {error}")
    ordered = sorted(timings["both"])
    p95 = ordered[round(0.95 * (len(ordered) - 1))] if ordered else float("inf")
    page_late = args.browsers and (
        not timings["page_both"]
        or statistics.median(timings["page_click"]) > PAGE_CLICK_GOAL_MS
        or statistics.median(timings["page_both"]) > PAGE_BOTH_GOAL_MS
    )
    return 1 if errors or p95 > GOAL_MS or page_late else 0


if __name__ == "__main__":
    sys.exit(main())
