"""The classroom's pages for every child (issue 107): axe-core (the rules Deque keeps,
bundled by ``axe-playwright-python``: nothing is fetched while a test runs) finds no
serious or critical fault on any state of the pages (a student's join, waiting at a closed
class, each kind of task, a verdict, removed; the teacher's code form, their table, a join
asking, the Remove question), in the one shared Chromium, the states visited in two tests.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from classroom_helpers import LESSON, ROOT, TERRACE, local_class

from tests.patience import WAIT_MS

LESSONS = ROOT / "model" / "data" / "lessons"
#: A lesson of each kind of task, read in order: points clicked (Partition 1, step 2), a
#: ball placed (Partition 3, step 1), a win within moves (Partition 8, step 2), a move typed
#: or chosen (Terrace 1, step 2), a program's form (Ball 1, step 2), a die's groups of
#: choices (Rolling 1, step 2).
KINDS = [
    (LESSON, 1),
    (LESSONS / "partition" / "03-a-corner-ball.lesson.json", 0),
    (LESSONS / "partition" / "08-three-corners-win.lesson.json", 1),
    (TERRACE, 1),
    (LESSONS / "ball" / "01-programming.lesson.json", 1),
    (LESSONS / "rolling" / "01-the-draft.lesson.json", 1),
]
#: A full pyramid whose points are picked: a ball's point behind offered (Partition 10).
FULL = LESSONS / "partition" / "10-a-full-pyramid.lesson.json"
AXE = Axe()


def faults(page: Any) -> list[str]:
    """axe-core's serious and critical faults on ``page`` as it is now: each rule, and
    where it failed. axe-core is put in the page once a document (``Axe.run`` sent its
    573 kB again at every state; the same ``axe.run``, its options as Axe's)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.axe_script)
    ran = page.evaluate("(options) => axe.run(options)", {"resultTypes": ["violations"]})
    found = ran["violations"]
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]} {v['help']}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def said(found: dict[str, list[str]]) -> str:
    """The faults found, by the state of the page."""
    return "\n".join(f"{state}: {fault}" for state, faults in found.items() for fault in faults)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    results = tmp_path_factory.mktemp("access") / "results.json"
    with local_class(results, *(path for path, _ in KINDS), FULL) as running:
        yield running


def acted(page: Any, action: str, *args: Any) -> None:
    """``action`` done on the student's page, its answer shown."""
    count = page.evaluate("() => Number(document.body.dataset.acted || 0)")
    page.evaluate("([a, args]) => window.classroom.act(a, args)", [action, list(args)])
    page.wait_for_function(
        f"() => Number(document.body.dataset.acted || 0) > {count}", timeout=WAIT_MS
    )


def test_a_students_page_in_every_state_has_no_serious_fault(server, browser):
    found: dict[str, list[str]] = {}
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(server.students)
    page.wait_for_selector("#cr-name", timeout=WAIT_MS)
    found["join"] = faults(page)
    page.fill("#cr-name", "Ada")
    page.click("#cr-join-button")
    page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
    page.wait_for_function("() => document.querySelector('#cr-view canvas')", timeout=WAIT_MS)
    found["a step to read"] = faults(page)
    for lesson, (path, step) in enumerate(KINDS):
        acted(page, "lesson", lesson)
        for _ in range(step):
            acted(page, "next")
        page.wait_for_selector("#cr-task", timeout=WAIT_MS)
        found[f"{path.stem} step {step + 1}"] = faults(page)
    acted(page, "lesson", 0)
    acted(page, "next")
    acted(page, "point", [0, 0, 0])
    acted(page, "check")
    page.wait_for_selector("#cr-verdict", timeout=WAIT_MS)
    found["a verdict"] = faults(page)
    server.room.remove([server.room.roster()[0].id])
    page.reload()
    page.wait_for_function("() => !document.querySelector('#cr-step-title')", timeout=WAIT_MS)
    page.wait_for_selector("#cr-msg", timeout=WAIT_MS)
    found["removed"] = faults(page)
    server.room.admission.set_closed(True)
    try:
        other = browser.new_page(viewport={"width": 1200, "height": 800})
        other.goto(server.students)
        other.fill("#cr-name", "Bo", timeout=WAIT_MS)
        other.click("#cr-join-button")
        other.wait_for_selector("#cr-number", timeout=WAIT_MS)
        found["waiting at a closed class"] = faults(other)
    finally:
        server.room.admission.set_closed(False)
    assert not any(found.values()), said(found)


#: Students whose pages are a classmate's script's sockets, each joined (or asking to), kept
#: in ``window.students``: rows on the teacher's page with no student's page drawn (no Vue,
#: vtk.js nor WebGL: each of those pages cost Chromium about a second of processor time).
JOINED = """(names) => Promise.all(names.map((name) => new Promise((resolve) => {
  const ws = new WebSocket("ws://" + location.host + "/ws");
  (window.students = window.students || []).push(ws);
  ws.onopen = () => ws.send(JSON.stringify({id: 1, do: "join", name: name}));
  ws.onmessage = () => resolve(name);
})))"""


def test_the_teachers_page_in_every_state_has_no_serious_fault(server, browser):
    found: dict[str, list[str]] = {}
    script = browser.new_page()  # (the class's origin: a file it serves, not a page)
    script.goto(server.students + "www/classroom.js")
    assert script.evaluate(JOINED, ["Cy", "Di"]) == ["Cy", "Di"]
    script.evaluate("() => window.students[1].close()")  # a page closed: its row greyed
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(server.teacher.split("#")[0])
    page.wait_for_selector("#cr-code", timeout=WAIT_MS)
    found["the code form"] = faults(page)
    page.focus("#cr-code")  # the teacher's whole job by keyboard: the focus where the work is
    page.keyboard.type(server.teacher.split("#code=")[1])
    page.keyboard.press("Enter")
    page.wait_for_selector(".cr-away", timeout=WAIT_MS)
    page.wait_for_function("() => document.activeElement.id === 'cr-teacher-lesson'")
    found["the table"] = faults(page)
    page.click("#cr-close")
    asking = browser.new_page(viewport={"width": 1200, "height": 800})
    asking.goto(server.students)
    asking.fill("#cr-name", "Ed", timeout=WAIT_MS)
    asking.click("#cr-join-button")
    page.wait_for_selector("#cr-waiting", timeout=WAIT_MS)
    assert live(page, "Ed") == "Asking to join (1): Ed"  # said to the teacher's screen reader
    found["a join asking"] = faults(page)
    page.focus(".cr-admit")
    page.keyboard.press("Enter")  # Ed let in: the focus stays in the teacher's orders
    page.wait_for_function("() => !document.querySelector('#cr-waiting')", timeout=WAIT_MS)
    page.wait_for_function("() => document.activeElement.id === 'cr-teacher-lesson'")
    asking.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
    live(asking, "The teacher let you in.")
    assert script.evaluate(JOINED, ["Flo"]) == ["Flo"]  # (asking to join: the class closed)
    page.wait_for_selector("#cr-waiting", timeout=WAIT_MS)
    # the Remove question takes the focus (on Keep) and gives it back (Escape: to the
    # button that asked; removed: to "Removed", where they can be brought back)
    page.focus(".cr-remove")
    page.keyboard.press("Enter")
    page.wait_for_selector("#cr-confirm", timeout=WAIT_MS)
    page.wait_for_function("() => document.activeElement.id === 'cr-confirm-no'")
    found["the Remove question"] = faults(page)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#cr-confirm')")
    page.wait_for_function("() => document.activeElement.classList.contains('cr-remove')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'cr-confirm-no'")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # (on Remove)
    page.wait_for_selector("#cr-removed", timeout=WAIT_MS)
    page.wait_for_function("() => document.activeElement.matches('#cr-removed summary')")
    page.click("#cr-removed summary")
    found["removed students"] = faults(page)
    server.room.admission.set_closed(False)  # (open again for the tests after this one)
    assert not any(found.values()), said(found)


def live(page: Any, words: str) -> str:
    """What the page's live region says, once it says ``words``."""
    page.wait_for_function(
        "(w) => document.querySelector('#cr-live').textContent.includes(w)", arg=words,
        timeout=WAIT_MS,
    )  # fmt: skip
    return page.inner_text("#cr-live")


def test_a_pick_task_by_keyboard_alone_said_in_a_live_region(server, browser):
    """Keyboard alone: the name typed, the board reached by Tab, its focus point moved
    (Home, arrows, Page Up), each point named in the live region, Enter picks it, Check by
    Tab and Enter: the pick and the verdict said there too; the board in words lists the
    pieces by point."""
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(server.students)
    page.wait_for_selector("#cr-name", timeout=WAIT_MS)
    page.focus("#cr-name")
    page.keyboard.type("Fay")
    page.keyboard.press("Enter")
    page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
    live(page, "Step 1 of 3")
    page.focus("#cr-next")
    page.keyboard.press("Enter")
    live(page, "Step 2 of 3")
    page.wait_for_function(
        "() => document.body.dataset.framed === String(window.classroom.boardKey)",
        timeout=WAIT_MS,
    )
    # an empty board is said to be empty in words too (the list was left out: no word of it)
    empty = "() => [...document.querySelectorAll('#cr-board-words li')].map((e) => e.textContent)"
    assert [said.strip() for said in page.evaluate(empty)] == ["No piece is on the board yet"]
    for _ in range(40):  # Tab, as a child without a mouse does, to the board
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "cr-view":
            break
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "The board"
    page.keyboard.press("Home")
    assert live(page, "0,0,0").startswith("0,0,0: empty")
    assert page.is_visible("#cr-focus")
    page.keyboard.press("PageUp")
    live(page, ",1: ")  # a point of level 1
    page.keyboard.press("End")
    live(page, "0,0,3: empty")  # the apex: the corner the step asks for
    page.keyboard.press("Enter")
    live(page, "Picked: 0,0,3")
    assert page.inner_text("#cr-picked") == "Picked: 0,0,3"
    page.focus("#cr-check")
    page.keyboard.press("Enter")
    page.wait_for_selector("#cr-verdict", timeout=WAIT_MS)
    verdict = page.inner_text("#cr-verdict b").strip()
    assert verdict in live(page, verdict)
    # a ball picked by Enter offers the point it hides, as a click does; Enter again picks it
    acted(page, "lesson", len(KINDS))
    page.wait_for_function(
        "() => document.body.dataset.framed === String(window.classroom.boardKey)",
        timeout=WAIT_MS,
    )
    page.focus("#cr-view")
    page.keyboard.press("Home")
    page.keyboard.press("PageUp")
    assert live(page, "0,0,1: ") == "0,0,1: red, hidden by 0,0,2"
    page.keyboard.press("Enter")
    offer = live(page, "Click 0,0,1 again to pick 1,1,0")
    assert offer.startswith("Picked: 0,0,1 Click 0,0,1 again to pick 1,1,0"), offer
    page.keyboard.press("Enter")
    assert live(page, "Picked: 1,1,0") == "Picked: 1,1,0"
    page.click("#cr-board-words summary")
    listed = page.inner_text("#cr-board-words")
    assert "0,0,0: blue, hidden by 0,0,1" in listed, listed
    assert "0,0,3: " in listed, listed
    # a board of one level (Allmer's stepped pyramid): its squares by the game's names
    acted(page, "lesson", 3)
    acted(page, "next")
    page.wait_for_function(
        "() => document.body.dataset.framed === String(window.classroom.boardKey)",
        timeout=WAIT_MS,
    )
    page.focus("#cr-view")
    page.keyboard.press("Home")
    assert live(page, "a7") == "a7: white"
    page.keyboard.press("ArrowRight")
    assert live(page, "b7") == "b7: white"
    page.keyboard.press("ArrowUp")
    assert live(page, "b6") == "b6: empty"


#: What a phone's page must keep (WCAG 2.5.5: a target of 44 px at least; the board a
#: board): every control's size, the page's own width, the board's.
_MEASURE = """() => {
  const small = [];
  for (const el of document.querySelectorAll('button, select, input, summary, [tabindex="0"]')) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    const label = el.closest('label');  // (a tick box's target is its label too)
    const target = label && (el.type === 'checkbox') ? label.getBoundingClientRect() : box;
    if (Math.min(target.width, target.height) < 44) {
      const size = Math.round(target.width) + 'x' + Math.round(target.height);
      small.push((el.id || el.className || el.tagName) + ' ' + size);
    }
  }
  const view = document.querySelector('#cr-view').getBoundingClientRect();
  const wide = document.documentElement.scrollWidth;
  return { small: small, wide: wide, board: [view.width, view.height] };
}"""


#: The board's camera: where it stands (as text) and how far from what it looks at.
_CAMERA = """() => {
  const c = window.classroom.refs.view.getCamera();
  return [c.position.join(','), Math.hypot(...c.position.map((v, i) => v - c.focalPoint[i]))];
}"""


def gesture(session: Any, steps: list[list[tuple[float, float]]]) -> None:
    """Fingers on the screen (Chromium's touch input): each step the fingers' places, from
    where they touch to where they lift."""

    def touch(kind: str, places: list[tuple[float, float]]) -> None:
        points = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(places)]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", steps[0])
    for places in steps[1:]:
        touch("touchMove", places)
    touch("touchEnd", [])


@pytest.mark.parametrize("size", [(390, 844), (820, 1180)])
def test_a_phone_or_a_tablet_shows_a_board_and_big_targets_and_a_tap_picks(server, browser, size):
    """A phone (390x844): the board 300 px wide at least, above the lesson; the page never
    scrolls sideways; every control a 44 px target; a tap on a point picks it, a drag turns
    the board, a pinch zooms. A tablet (820x1180): the board, no sideways scroll, the tap,
    the drag and the pinch, its page as it was."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(server.students)
    page.wait_for_selector("#cr-name", timeout=WAIT_MS)
    if width < 600:  # the join form too
        joining = page.evaluate(_MEASURE)
        assert (joining["wide"], joining["small"]) == (width, []), joining
    page.fill("#cr-name", "Gus")
    page.tap("#cr-join-button")
    page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
    acted(page, "lesson", 0)
    acted(page, "next")
    page.wait_for_function(
        "() => document.body.dataset.framed === String(window.classroom.boardKey)",
        timeout=WAIT_MS,
    )
    measured = page.evaluate(_MEASURE)
    assert measured["wide"] <= width, measured  # no sideways scroll
    assert measured["board"][0] >= 300, measured
    if width < 600:  # (a tablet's page stays as it was)
        assert measured["small"] == [], measured
    # a tap on the apex picks it
    spots = page.evaluate("() => window.classroom.get('cr_spots')")
    apex = next(s for s in spots if s["point"] == [0, 0, 3])
    x, y = page.evaluate("(p) => window.classroom.screen_of(p)", apex["at"])
    count = page.evaluate("() => Number(document.body.dataset.acted || 0)")
    page.touchscreen.tap(x, y)
    page.wait_for_function(
        f"() => Number(document.body.dataset.acted || 0) > {count}", timeout=WAIT_MS
    )
    assert page.inner_text("#cr-picked") == "Picked: 0,0,3"
    # a finger's drag turns the board (and picks nothing); two fingers spread zoom in
    done = page.evaluate("() => document.body.dataset.acted")
    turned, far = page.evaluate(_CAMERA)
    fingers = context.new_cdp_session(page)
    box = page.query_selector("#cr-view").bounding_box()
    x, y = box["x"] + box["width"] / 2 - 50, box["y"] + box["height"] / 2
    # (five touches a gesture, not fifteen, the same way each: each move is a frame drawn in
    # software, the tablet's 820 px board dearest; the camera turned and zoomed as far, the
    # zoom to 0.42 of the distance either way; Chromium 6.6 and 6.1 s against 10.4 and 9.8)
    gesture(fingers, [[(x + 28 * k, y)] for k in range(5)])
    page.wait_for_function(f"(was) => ({_CAMERA})()[0] !== was", arg=turned, timeout=WAIT_MS)
    gesture(fingers, [[(x - 17.5 * k, y), (x + 100 + 17.5 * k, y)] for k in range(5)])
    page.wait_for_function(f"(was) => ({_CAMERA})()[1] < was * 0.8", arg=far, timeout=WAIT_MS)
    assert page.evaluate("() => document.body.dataset.acted") == done
    if width < 600:  # the teacher's page on a phone: its table scrolls, the page does not
        teacher = context.new_page()
        teacher.goto(server.teacher)
        teacher.wait_for_selector("#cr-table", timeout=WAIT_MS)
        measured = teacher.evaluate(_MEASURE.replace("#cr-view", "#cr-table"))
        teacher.close()
        assert measured["wide"] <= width, measured
        assert measured["small"] == [], measured


def _luminance(rgb: Any) -> Any:
    """WCAG's relative luminance of sRGB pixels (n, 3) in 0..255."""
    import numpy as np

    c = np.asarray(rgb, dtype=float) / 255
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return c @ np.array([0.2126, 0.7152, 0.0722])


def test_a_lessons_marks_stand_out_from_the_board(server, browser):
    """WCAG 1.4.11 (3:1 for graphics): the lesson's marks (Partition 1's first step: the
    pyramid's corners) against the brown board they stand on, as the page draws them. The
    palette's violet (170, 40, 200) showed its lightest pixel at 1.7:1 against the board's
    top (the magenta before it about 2.1:1): as dark as the board's shaded top, parted by
    hue alone."""
    from io import BytesIO

    import numpy as np
    from PIL import Image

    page = browser.new_page(viewport={"width": 1200, "height": 800}, device_scale_factor=1)
    page.goto(server.students)
    page.fill("#cr-name", "Marks", timeout=WAIT_MS)
    page.click("#cr-join-button")
    page.wait_for_selector("#cr-step-title", timeout=WAIT_MS)
    page.wait_for_function("() => document.querySelector('#cr-view canvas')", timeout=WAIT_MS)
    page.wait_for_timeout(1500)  # (its frames drawn: software WebGL)
    shot = page.locator("#cr-view").screenshot()
    rgb = np.asarray(Image.open(BytesIO(shot)).convert("RGB"), dtype=float).reshape(-1, 3)
    r, g, b = rgb.T
    marks = rgb[(r > g + 60) & (b > g + 60)]  # violet or magenta: no other colour there
    top = rgb[(np.abs(r - g - 18) < 12) & (np.abs(g - b - 22) < 14) & (r > 100) & (r < 170)]
    assert len(marks) > 200, len(marks)
    assert len(top) > 5000, len(top)
    board = float(np.median(_luminance(top)))
    lightest = float(_luminance(marks).max())
    ratio = (max(board, lightest) + 0.05) / (min(board, lightest) + 0.05)
    assert ratio >= 3.0, (ratio, np.median(top, axis=0).tolist())
    page.close()
