"""``pyramid-lab classroom`` in headless Chromium: two students and a teacher.

A wrong answer clicked on the 3D board and its explanation on the student's page; the
teacher's page seeing it live, and not the other student's; a reload that comes back to
the same place; everyone sent to a step; the results as CSV; a refusal of bad input with
the server going on; no file served but the pages' own; SIGTERM keeping every student's
progress in the results file.

The class is served by its app on a thread of this process (``local_class``), but where a
process of its own is what is tested: SIGTERM (the class it stopped is then served again
on a thread, on the same port and results file: its pages cannot tell a thread from a
process)."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from classroom_helpers import LESSON, SECOND, TERRACE, local_class, start_server

from pyramid_lab.model import lesson as lessons
from tests.chromium import SCALE
from tests.patience import WAIT_MS

#: a wait for what must happen (a page's first load, an answer pushed): returns as soon as it
#: does; 15 s failed once beside the other lane of the suite (tests/patience.py)
WAIT = WAIT_MS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    results = tmp_path_factory.mktemp("classroom") / "results.json"
    with local_class(results, LESSON, SECOND, TERRACE) as running:
        yield running


def centre(lesson_path: Path, step: int, coords: tuple[int, int, int]) -> list[float]:
    game = lessons.read(lesson_path).steps[step].game
    lattice = game.lattice
    return [float(c) for c in lattice.centres[lattice.id_of(*coords)]]


def join(browser, url: str, name: str, scale: float | None = None):
    """A student's page joined as ``name`` (at ``scale`` device pixels a CSS pixel where
    given: the page's pixels read; else the shared Chromium's, tests/web/conftest.py)."""
    scaled = {} if scale is None else {"device_scale_factor": scale}
    page = browser.new_page(viewport={"width": 1280, "height": 760}, **scaled)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(url)
    page.fill("#cr-name", name, timeout=WAIT)
    page.click("#cr-join-button")
    page.wait_for_selector("#cr-step-title", timeout=WAIT)
    return page


def click_point(page, point: list[float]) -> None:
    """Click where the board shows ``point`` (the page's own camera projects it)."""
    page.wait_for_function("() => document.querySelector('#cr-view canvas')", timeout=WAIT)
    page.wait_for_function(  # the camera set for the board shown (a new board's, at first)
        "() => document.body.dataset.framed === String(window.classroom.boardKey)",
        timeout=WAIT,
    )
    x, y = page.evaluate("(p) => window.classroom.screen_of(p)", point)
    acted = page.evaluate("() => Number(document.body.dataset.acted || 0)")
    page.mouse.click(x, y)
    page.wait_for_function(
        f"() => Number(document.body.dataset.acted || 0) > {acted}", timeout=WAIT
    )


#: The board's canvas: its pixels wide, its box's CSS pixels, the page's devicePixelRatio.
_DRAWN = """() => {
  const canvas = document.querySelector('#cr-view canvas');
  return [canvas.width, canvas.getBoundingClientRect().width, window.devicePixelRatio];
}"""


def test_two_students_and_a_teacher(server, browser):
    ada = join(browser, server.students, "Ada")
    bo = join(browser, server.students, "Bo")
    assert ada.inner_text("#cr-who") == "Ada"
    assert ada.inner_text("#cr-step-title") == "Five corners"

    # Ada: step 2 asks for the apex; she clicks the SW corner on the board and checks
    ada.click("#cr-next")
    ada.wait_for_function(
        "() => document.querySelector('#cr-step-title').innerText === 'Five walls'",
        timeout=WAIT,
    )
    click_point(ada, centre(LESSON, 1, (0, 0, 0)))
    assert ada.inner_text("#cr-picked") == "Picked: 0,0,0"
    # the board drawn at the screen's own pixels (its box times devicePixelRatio), and a
    # click found where it shows; here half a pixel a CSS pixel (tests/chromium.py)
    drawn, box, scale = ada.evaluate(_DRAWN)
    assert scale == SCALE
    assert abs(drawn - box * scale) <= 1, (drawn, box, scale)
    ada.click("#cr-check")
    ada.wait_for_selector("#cr-verdict.cr-wrong", timeout=WAIT)
    verdict = ada.inner_text("#cr-verdict")
    assert verdict.startswith("Not yet:")
    assert "SW (0,0,0) is not one of them" in verdict  # the rules' words
    assert "Not yet: SW" in verdict  # (a word apart from the reason: a screen reader reads it so)
    assert "a point you picked" in ada.inner_text("#cr-legend")

    # the teacher's page sees it live: Ada's wrong answer and why; Bo on step 1
    teacher = browser.new_page(viewport={"width": 1280, "height": 520})
    teacher.goto(server.teacher)
    teacher.wait_for_function("() => document.body.dataset.rows === '2'", timeout=WAIT)
    table = teacher.inner_text("#cr-table")
    # a student's name, then their tag (two of a name told apart); the step's ticks
    # (the first cell: the tick that picks the student for Remove)
    rows = {line.split()[0]: line.split("\t")[1:] for line in table.splitlines()[1:]}
    assert re.fullmatch(r"Ada #[0-9a-f]{6}", rows["Ada"][0])
    assert re.match(r"[·✔]{3}\s*2/3 Five walls", rows["Ada"][2])  # the steps ticked, then the step
    assert rows["Ada"][3:6] == ["1", "0", "1"]  # tries, right, wrong
    assert rows["Ada"][7] == "0,0,0"
    assert "SW (0,0,0) is not one of them" in rows["Ada"][8]
    assert "1/3 Five corners" in rows["Bo"][2]

    # Ada answers right with the apex: the tick, and the teacher's count
    ada.click("#cr-retry")
    ada.wait_for_function("() => !document.querySelector('#cr-verdict')", timeout=WAIT)
    click_point(ada, centre(LESSON, 1, (0, 0, 3)))
    ada.click("#cr-check")
    ada.wait_for_selector("#cr-verdict.cr-right", timeout=WAIT)
    teacher.wait_for_function(
        "() => document.querySelector('#cr-table').innerText.includes('\\t2\\t1\\t1\\t')",
        timeout=WAIT,
    )

    # a student's page shows nothing of the teacher's, nor Ada's answers
    assert "Five walls" not in bo.content()
    assert "0,0,0" not in bo.content()
    assert bo.query_selector("#cr-table") is None

    # Ada reloads: the same student, lesson and step, her ticks kept
    ada.reload()
    ada.wait_for_selector("#cr-step-title", timeout=WAIT)
    assert ada.inner_text("#cr-who") == "Ada"
    assert ada.inner_text("#cr-step-title") == "Five walls"
    assert ada.query_selector("#cr-verdict.cr-right") is not None

    # the teacher sends everyone to lesson 1, step 3: both pages follow by themselves
    teacher.fill("#cr-teacher-step", "3")
    teacher.click("#cr-everyone")
    teacher.wait_for_function(
        "() => document.querySelector('#cr-said').innerText.startsWith('2 students moved')",
        timeout=WAIT,
    )
    for page in (ada, bo):
        page.wait_for_function(
            "() => document.querySelector('#cr-steps').innerText.startsWith('Step 3 of 3')",
            timeout=WAIT,
        )

    # the results as CSV, downloaded from the teacher's page
    with teacher.expect_download(timeout=WAIT) as download:
        teacher.click("#cr-csv")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    table_rows = list(csv.DictReader(io.StringIO(text)))
    wrong = [r for r in table_rows if r["student"] == "Ada" and r["step"] == "2"]
    assert wrong[0]["answered right"] == "yes"
    assert (wrong[0]["tries"], wrong[0]["right"], wrong[0]["wrong"]) == ("2", "1", "1")
    assert wrong[0]["last wrong answer"] == "0,0,0"
    assert "not one of them" in wrong[0]["why it was wrong"]
    assert {r["student"] for r in table_rows} == {"Ada", "Bo"}

    # the teacher removes Bo: asked first, naming Bo and what goes; "Keep" keeps Bo
    teacher.click("#cr-table tr:has-text('Bo') .cr-remove")
    asked = teacher.inner_text("#cr-confirm")
    assert asked.startswith("Remove Bo from the class?")
    assert "leave the class's results" in asked
    assert "brought back" in asked
    teacher.click("#cr-confirm-no")
    assert teacher.query_selector("#cr-confirm") is None
    assert teacher.evaluate("() => document.body.dataset.rows") == "2"
    teacher.click("#cr-table tr:has-text('Bo') .cr-remove")
    teacher.click("#cr-confirm-yes")
    # gone from the lines, and Bo's page, pushed at once, says so
    teacher.wait_for_function("() => document.body.dataset.rows === '1'", timeout=WAIT)
    assert teacher.inner_text("#cr-said").startswith("Bo is no longer in the class")
    bo.wait_for_function(
        "() => (document.querySelector('#cr-msg') || {innerText: ''}).innerText"
        ".includes('taken you out')",
        timeout=WAIT,
    )
    assert "comes back by itself if they bring you back" in bo.inner_text("#cr-msg")
    # (only what Bo can do: wait; no join form to join again under another name)
    assert bo.query_selector("#cr-join") is None
    assert bo.query_selector("#cr-name") is None
    if os.environ.get("PYRAMID_LAB_SHOTS"):
        bo.screenshot(path=str(Path(os.environ["PYRAMID_LAB_SHOTS"]) / "student-removed.png"))
    # reloaded, Bo's page is still Bo's, removed (its key kept: it gives it again)
    bo.reload()
    bo.wait_for_function(
        "() => (document.querySelector('#cr-msg') || {innerText: ''}).innerText"
        ".includes('taken you out')",
        timeout=WAIT,
    )
    # and brought back: the line is there again, and Bo's page, by itself
    teacher.click("#cr-removed summary")
    teacher.check("#cr-pick-all-removed")  # (any number ticked, brought back in one press)
    assert teacher.inner_text("#cr-bring-back-picked") == "Bring back the 1 ticked"
    if os.environ.get("PYRAMID_LAB_SHOTS"):
        teacher.screenshot(path=str(Path(os.environ["PYRAMID_LAB_SHOTS"]) / "teacher-removed.png"))
    teacher.click("#cr-bring-back-picked")
    teacher.wait_for_function("() => document.body.dataset.rows === '2'", timeout=WAIT)
    bo.wait_for_selector("#cr-step-title", timeout=WAIT)
    assert bo.inner_text("#cr-who") == "Bo"

    # a late student joins at the class's step (the teacher sent everyone to step 3), and
    # its last step answered, the page and the teacher's line say the lesson is done
    cy = join(browser, server.students, "Cy")
    assert cy.inner_text("#cr-steps").startswith("Step 3 of 3")
    assert cy.inner_text("#cr-step-title") == "Far walls"
    assert cy.query_selector("#cr-end") is None  # not answered yet
    click_point(cy, centre(LESSON, 2, (0, 0, 0)))
    click_point(cy, centre(LESSON, 2, (3, 0, 0)))
    cy.click("#cr-check")
    cy.wait_for_selector("#cr-verdict.cr-right", timeout=WAIT)
    cy.wait_for_selector("#cr-end", timeout=WAIT)
    assert cy.inner_text("#cr-end") == "Lesson done: Next opens the next lesson"
    teacher.wait_for_function(
        "() => document.querySelector('#cr-table').innerText.includes('lesson done')",
        timeout=WAIT,
    )
    teacher.fill("#cr-teacher-step", "1")  # (the class back to its start: the tests after)
    teacher.click("#cr-everyone")
    cy.wait_for_function(
        "() => document.querySelector('#cr-steps').innerText.startsWith('Step 1 of 3')",
        timeout=WAIT,
    )

    assert ada.errors == []
    assert bo.errors == []
    assert cy.errors == []
    for page in (ada, bo, teacher, cy):
        page.close()


def test_a_lesson_on_the_stepped_pyramid_answered_by_clicks(server, browser):
    # Allmer's Pyramid: click black's stone on g6 (selected, its moves listed), then g7:
    # the push is played and judged right
    page = join(browser, server.students, "Eve")
    page.select_option("#cr-lesson", "2")
    page.wait_for_function(
        "() => document.querySelector('#cr-lesson-title').innerText === 'Pushes'",
        timeout=WAIT,
    )
    # a reload comes back to that lesson, and the lesson list shows it (not the first)
    page.reload()
    page.wait_for_selector("#cr-step-title", timeout=2 * WAIT)
    assert page.inner_text("#cr-lesson-title") == "Pushes", page.inner_text("body")[:500]
    assert page.eval_on_selector("#cr-lesson", "e => e.value") == "2"
    page.click("#cr-next")
    page.wait_for_selector("#cr-play-list", timeout=WAIT)
    # fields (r, c) stand at x = c, y = 6 - r, their tops 0.5 a level up; a stone is 0.3
    g6, g7 = [6.0, 1.0, 0.5 + 0.3], [6.0, 0.0, 0.5 + 0.3]
    click_point(page, g6)
    page.wait_for_function(
        "() => document.querySelector('#cr-play-list').innerText.startsWith('Moves of g6')",
        timeout=WAIT,
    )
    assert "g6>g7" in page.inner_text("#cr-play-list")
    click_point(page, g7)
    page.wait_for_selector("#cr-verdict.cr-right", timeout=WAIT)
    assert "black's stones" in page.inner_text("#cr-legend")
    assert "g" in page.inner_text("#cr-labels")  # the board's names over the scene
    assert page.errors == []
    page.close()


def pixel(page, x: float, y: float) -> tuple[int, int, int]:
    """The colour the page shows at (x, y)."""
    from io import BytesIO

    from PIL import Image

    shot = page.screenshot(clip={"x": int(x), "y": int(y), "width": 1, "height": 1})
    red, green, blue, *_ = Image.open(BytesIO(shot)).convert("RGB").getpixel((0, 0))
    return red, green, blue


def test_balls_are_drawn_as_impostors_and_a_click_on_one_picks_it(server, browser):
    # A corner ball: the balls are a part of spheres, drawn by vtk.js's sphere mapper in
    # their colours; a click on a ball picks that ball (the rules' words name it), before
    # and after a drag turned the board, and the drag is vtk.js's, a click is not
    page = join(browser, server.students, "Cy", scale=1)  # (its pixels read, as they show)
    page.select_option("#cr-lesson", "1")
    page.wait_for_function(
        "() => document.querySelector('#cr-lesson-title').innerText === 'A corner ball'",
        timeout=WAIT,
    )
    kinds = page.evaluate(
        "() => Object.fromEntries(window.classroom.get('board_parts').filter((p) => p.visible)"
        ".map((p) => [p.name, p.kind]))"
    )
    assert kinds["balls"] == "spheres"
    assert kinds["board"] == "mesh"
    game = lessons.read(SECOND).steps[0].game
    lattice = game.lattice
    red = next(point for point, colour in game.pieces() if colour == "red")
    blue = next(point for point, colour in game.pieces() if colour == "blue")
    for point, colour in ((red, "red"), (blue, "blue")):
        # (the ball's upper half: an escape path may run through its centre)
        where = [float(c) for c in lattice.centres[lattice.id_of(*point)] + (0, 0, 0.3)]
        page.wait_for_timeout(300)
        r, g, b = pixel(page, *page.evaluate("(p) => window.classroom.screen_of(p)", where))
        assert (r > g + 60 and r > b + 40) if colour == "red" else (b > r + 40), (point, (r, g, b))
        click_point(page, where)
        name = ",".join(map(str, point))
        assert f"{name} already holds a {colour} ball" in page.inner_text("#cr-msg")
    camera = "() => window.classroom.refs.view.getCamera().position"
    before = page.evaluate(camera)
    page.mouse.move(800, 420)
    page.mouse.down()
    # two moves: the first hands vtk.js the press (past the page's 4 px), the second turns
    # the board; vtk.js draws a frame at every one of the page's frames while its button
    # is held, so the drag's cost is its length in time (six steps: about 40 frames, 1.2 s
    # of SwiftShader's processor time; two: about 20, 0.4 s)
    page.mouse.move(860, 440, steps=2)
    page.mouse.up()
    turned = page.evaluate(camera)
    assert turned != before  # a drag turns the board
    where = [float(c) for c in lattice.centres[lattice.id_of(*red)]]
    click_point(page, where)
    assert f"{','.join(map(str, red))} already holds a red ball" in page.inner_text("#cr-msg")
    assert page.evaluate(camera) == turned  # a click does not
    assert page.errors == []
    page.close()


def test_bad_input_is_refused_and_the_server_goes_on(server, browser):
    page = join(browser, server.students, "Cy")
    answers = page.evaluate(
        """async () => {
          const t = window.classroom.call;
          return [
            await t('resume', {key: 'not a key!'}),
            await t('act', {action: 'click', args: [[1, 2], 'x']}),
            await t('act', {action: 'click', args: [[1e300, 0, 0], [0, 0, 1]]}),
            await t('act', {action: 'move', args: ['x'.repeat(5000)]}),
            await t('act', {action: 'rm -rf', args: []}),
            await t('join', {name: '\\u0007bell'}),
            await t('teacher', {code: 'wrong-code'}),
            await t('act', {action: 'view', args: [2, 0, null]}),
          ];
        }"""
    )
    errors = [a.get("error", "") for a in answers]
    assert errors[0] == "the student's key is not one this class gives"
    assert errors[1] == "a click is a ray: two lists of three numbers"
    assert errors[2] == "a click's ray is out of the scene"
    assert errors[3] == "the page sent too much"
    assert errors[4] == "no such action: rm -rf"
    assert errors[5] == "the name has a character that cannot be shown"
    assert errors[6] == "that is not this class's code"
    assert errors[7] == ""
    assert answers[7]["page"]["view"]["top"] == 2
    # only the pages' own files are served: no lesson, no source, no way out of the folder
    base = server.students.split("?")[0]
    for path in (
        "../pyproject.toml",
        "%2e%2e/%2e%2e/pyproject.toml",
        "www/..%2f..%2fpyproject.toml",
        "www/room.py",
        "www/student.html",
        "viewer/cli/classroom.py",
        "model/data/lessons/partition/01-corners-and-walls.lesson.json",
        "results.json",
        "classroom/classroom.js",
    ):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + path, timeout=10)
        refused.value.close()  # (its socket)
        assert refused.value.code in (403, 404), path
    with urllib.request.urlopen(base + "www/classroom.js", timeout=10) as served:
        assert b"window.classroom" in served.read()
    with urllib.request.urlopen(base, timeout=10) as served:  # the page's own scripts only
        assert "script-src 'self'" in served.headers["Content-Security-Policy"]
    # the view's controls reach the server: a clip across the base, then one level fewer
    page.check("#cr-clip-on")
    page.wait_for_function("() => window.classroom.get('cr').view.clip === 2", timeout=WAIT)
    page.fill("#cr-levels", "2")
    page.dispatch_event("#cr-levels", "change")
    page.wait_for_function("() => window.classroom.get('cr').view.top === 1", timeout=WAIT)
    page.close()


def test_a_closed_class_waits_for_the_teacher_sigterm_keeps_progress_and_pages_come_back(
    tmp_path, browser
):
    """One class stopped and started again (a process stopped by SIGTERM, then its class
    served again on a thread):
    a join while the class is closed waits for the teacher's yes; SIGTERM keeps every
    student's progress in the results file; the pages, not reloaded, come back by
    themselves to the same steps, the class still closed, the board framed again."""
    results = tmp_path / "results.json"
    running = start_server(results, LESSON)
    page = join(browser, running.students, "Dee")
    page.click("#cr-next")
    page.wait_for_function(
        "() => document.querySelector('#cr-step-title').innerText === 'Five walls'",
        timeout=WAIT,
    )
    teacher = browser.new_page(viewport={"width": 1280, "height": 600})
    teacher.goto(running.teacher)
    teacher.wait_for_selector("#cr-close", timeout=WAIT)
    teacher.click("#cr-close")
    teacher.wait_for_selector("#cr-open", timeout=WAIT)
    # a join while the class is closed waits on the teacher's page for a yes
    late = browser.new_page(viewport={"width": 1280, "height": 760})
    late.goto(running.students)
    late.fill("#cr-name", "Eve", timeout=WAIT)
    late.click("#cr-join-button")
    late.wait_for_selector("#cr-msg", timeout=WAIT)
    assert "wait here for the teacher" in late.inner_text("#cr-msg")
    teacher.wait_for_selector("#cr-waiting .cr-admit", timeout=WAIT)  # pushed, not polled
    assert "Eve" in teacher.inner_text("#cr-waiting")
    teacher.click("#cr-waiting .cr-admit")
    late.wait_for_selector("#cr-step-title", timeout=WAIT)  # let in: the page, at once
    assert late.inner_text("#cr-who") == "Eve"
    teacher.wait_for_function("() => document.body.dataset.rows === '2'", timeout=WAIT)

    assert running.stop(signal.SIGTERM) == 0
    data = json.loads(results.read_text(encoding="utf-8"))
    assert data["format"] == "pyramid-lab-classroom-results/2"
    dee, eve = sorted(data["students"], key=lambda s: s["name"])
    assert (dee["name"], dee["lesson"], dee["step"]) == ("Dee", 0, 1)
    assert (eve["name"], eve["lesson"], eve["step"]) == ("Eve", 0, 0)
    assert not list(tmp_path.glob(".*.tmp"))  # written through a temporary file, renamed
    assert any("progress is in" in line for line in running.lines)
    # the connection is lost; the server starts again on the same port and results file:
    # the pages, not reloaded, connect again by themselves
    port = int(re.search(r":(\d+)/", running.students).group(1))
    framed = page.evaluate("() => window.classroom.refs.view.getCamera().position")
    # the camera turned far away meanwhile: the reconnected page frames the board again
    page.evaluate("() => window.classroom.refs.view.setCamera({ position: [300, 200, 100] })")
    page.evaluate("() => window.classroom.set('cr', null)")  # what it showed, forgotten
    teacher.evaluate("() => { document.body.dataset.rows = 'gone'; }")
    page.wait_for_timeout(1500)  # gone for a few of the page's tries (one a second)
    # (served again on a thread: what a page sees of a restart is a class on the same
    # port and results file; a second process cost its start, about 1.3 s of processor)
    try:
        with local_class(results, LESSON, port=port):
            page.wait_for_selector("#cr-step-title", timeout=WAIT)
            assert page.inner_text("#cr-step-title") == "Five walls"
            assert page.inner_text("#cr-who") == "Dee"
            page.wait_for_function(
                "(p) => Math.hypot(...window.classroom.refs.view.getCamera().position"
                ".map((v, i) => v - p[i])) < 0.01",
                arg=framed,
                timeout=WAIT,
            )
            teacher.wait_for_function("() => document.body.dataset.rows === '2'", timeout=WAIT)
            assert teacher.query_selector("#cr-open") is not None  # (closed, over the restart)
            late.wait_for_selector("#cr-step-title", timeout=WAIT)
            assert late.inner_text("#cr-who") == "Eve"
    finally:
        for shown in (page, late, teacher):
            shown.close()


def test_a_small_screen_a_normal_load_and_a_message(server, browser):
    """At 800 x 600: nothing fails to load and nothing is said on the console; the board
    fits the page; a message stands over the page without moving the board."""
    page = browser.new_page(viewport={"width": 800, "height": 600})
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: said.append(str(exc)))
    page.on("requestfailed", lambda r: said.append(f"failed: {r.url}"))
    page.on("response", lambda r: said.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
    page.goto(server.students)
    page.fill("#cr-name", "Eve", timeout=WAIT)
    page.click("#cr-join-button")
    page.wait_for_selector("#cr-step-title", timeout=WAIT)
    page.wait_for_function("() => document.querySelector('#cr-view canvas')", timeout=WAIT)
    page.wait_for_function(  # the camera set for the board shown, in the canvas laid out
        "() => document.body.dataset.framed === String(window.classroom.boardKey)",
        timeout=WAIT,
    )
    board = page.locator("#cr-view").bounding_box()
    assert board["x"] + board["width"] <= 800
    assert board["width"] >= 400  # the side panel leaves the board most of the page
    for name in ("SW", "SE", "NW", "NE"):  # the corners' names are all on the page
        x, y = page.evaluate("(n) => window.classroom.labels_at(n)", name)
        assert board["x"] <= x <= board["x"] + board["width"]
        assert board["y"] <= y <= board["y"] + board["height"]
    page.evaluate("() => window.classroom.act('check')")  # a step to read: refused, said
    page.wait_for_selector("#cr-msg", timeout=WAIT)
    assert page.locator("#cr-view").bounding_box() == board
    page.close()
    assert said == []


FILLERS = """(args) => new Promise((resolve) => {
  // pages of no one that ask to join at once (a classmate's script), each of them told
  // why it is closed
  window.closes = [];
  let asked = 0;
  for (let n = 0; n < args.count; n++) {
    const ws = new WebSocket("ws://" + location.host + "/ws");
    ws.onopen = () => ws.send(JSON.stringify({id: 1, do: "join", name: "Filler " + n}));
    ws.onmessage = () => { asked += 1; if (asked === args.count) resolve(asked); };
    ws.onclose = (event) => window.closes.push([event.code, event.reason]);
  }
})"""


def test_the_teacher_answers_joins_waiting_in_bulk(server, browser):
    """The class closed, fillers and two students ask to join; the teacher ticks every one
    waiting but Gil and refuses them in one go (their pages closed, told so in words), then
    lets Gil in with the ticked."""
    teacher = browser.new_page(viewport={"width": 1280, "height": 560})
    teacher.goto(server.teacher)
    teacher.wait_for_selector("#cr-close", timeout=WAIT)
    teacher.click("#cr-close")
    teacher.wait_for_selector("#cr-open", timeout=WAIT)
    script = browser.new_page()
    pages = []
    try:
        # (the script needs the class's origin, not its page: a file the class serves, no
        # Vue, vtk.js nor WebGL drawn for it)
        script.goto(server.students + "www/classroom.js")
        assert script.evaluate(FILLERS, {"count": 5}) == 5
        for name in ("Gil", "Hal"):
            page = browser.new_page(viewport={"width": 1000, "height": 500})
            page.goto(server.students)
            page.fill("#cr-name", name, timeout=WAIT)
            page.click("#cr-join-button")
            page.wait_for_selector("#cr-number", timeout=WAIT)
            pages.append(page)
        gil, hal = pages
        # a waiting page offers only what the student can do: wait, or type the number
        # the teacher reads out (no join form: no second join, no other name)
        assert gil.query_selector("#cr-join") is None
        assert gil.query_selector("#cr-name") is None
        assert "wait here for the teacher to let you in" in gil.inner_text("#cr-msg")
        teacher.wait_for_function("() => document.body.dataset.waiting === '7'", timeout=WAIT)
        assert teacher.inner_text("#cr-admit-picked") == "Let in the ticked"
        assert teacher.is_disabled("#cr-refuse-picked")
        teacher.check("#cr-pick-all-waiting")  # every one waiting ticked, then all but Gil
        teacher.uncheck("#cr-waiting .cr-pick-waiting[title='tick Gil']")
        assert teacher.inner_text("#cr-refuse-picked") == "Refuse the 6 ticked"
        assert not teacher.is_checked("#cr-pick-all-waiting")
        if os.environ.get("PYRAMID_LAB_SHOTS"):
            teacher.screenshot(
                path=str(Path(os.environ["PYRAMID_LAB_SHOTS"]) / "teacher-waiting.png")
            )
        teacher.click("#cr-refuse-picked")
        teacher.wait_for_function("() => document.body.dataset.waiting === '1'", timeout=WAIT)
        said = teacher.inner_text("#cr-said")
        assert said.endswith("and 1 more were not let in (their pages are closed)"), said
        assert "Gil" not in said
        assert teacher.inner_text("#cr-refuse-picked") == "Refuse the ticked"  # (none ticked)
        # the refused pages are closed and told so: Hal's page says it, the fillers' too
        hal.wait_for_function(
            "() => (document.querySelector('#cr-msg') || {}).innerText"
            " === 'the teacher did not let you in'",
            timeout=WAIT,
        )
        message, field = (
            hal.locator("#cr-msg").bounding_box(),
            hal.locator("#cr-name").bounding_box(),
        )
        assert message["y"] + message["height"] <= field["y"]  # (said above it, not over it)
        script.wait_for_function("() => window.closes.length === 5", timeout=WAIT)
        closes = script.evaluate("() => window.closes")
        assert closes == [[4006, "the teacher did not let you in"]] * 5
        # Gil, still waiting, let in with the ticked: the page, at once
        teacher.check("#cr-waiting .cr-pick-waiting[title='tick Gil']")
        teacher.click("#cr-admit-picked")
        gil.wait_for_selector("#cr-step-title", timeout=WAIT)
        assert gil.inner_text("#cr-who") == "Gil"
        teacher.wait_for_selector("#cr-waiting", state="detached", timeout=WAIT)
        assert teacher.inner_text("#cr-said") == "Gil is in the class"
        # a late student comes in by the number the teacher reads out, however many wait
        ivy = browser.new_page(viewport={"width": 1000, "height": 500})
        pages.append(ivy)
        ivy.goto(server.students)
        ivy.fill("#cr-name", "Ivy", timeout=WAIT)
        ivy.click("#cr-join-button")
        ivy.wait_for_selector("#cr-number", timeout=WAIT)
        teacher.click("#cr-door-number")
        teacher.wait_for_selector("#cr-doors .cr-door-number", timeout=WAIT)
        number = teacher.inner_text("#cr-doors .cr-door-number")
        assert re.fullmatch(r"[0-9]{3} [0-9]{3} [0-9]{3}", number), number
        assert teacher.inner_text("#cr-said").startswith(f"a door number: {number}.")
        if os.environ.get("PYRAMID_LAB_SHOTS"):
            shots = Path(os.environ["PYRAMID_LAB_SHOTS"])
            ivy.screenshot(path=str(shots / "student-waiting.png"))
            teacher.screenshot(path=str(shots / "teacher-door.png"))
        ivy.fill("#cr-number", number)
        ivy.click("#cr-door-button")
        ivy.wait_for_selector("#cr-step-title", timeout=WAIT)
        assert ivy.inner_text("#cr-who") == "Ivy"
        teacher.wait_for_selector("#cr-waiting", state="detached", timeout=WAIT)
        teacher.wait_for_function("() => !document.querySelector('#cr-doors')", timeout=WAIT)
    finally:
        teacher.evaluate("() => window.classroom.close_class(false)")
        teacher.wait_for_selector("#cr-close", timeout=WAIT)
        for page in (*pages, script, teacher):
            page.close()
