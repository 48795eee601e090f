"""The classroom's web server, on trame: the students' page (``/``) and the teacher's
(``/?ui=teacher``, the class code after ``#``), served with their own assets only.

trame keeps one state for every page it serves, which every page sees; a class must not
share a student's answers, so nothing of a student or of the teacher goes into it. Each
page asks through triggers (``window.trame.trigger``, answered to that page alone) with
its key, the student's from the server when they joined, kept in the browser, or the
teacher's class code; what comes back goes into keys of the page's own (``client_only``).
The board is trame-vtk's ``vtk-view`` drawing the meshes :mod:`.scene` built (vtk.js in
the browser: the server never renders); a click gives the point's position in the scene,
and the server finds the point and judges the answer with the student's lab.

Students' work runs on worker threads (``asyncio.to_thread``), one student at a time
under their lock, so a slow answer (a win-within task's proof) never holds the others;
every value a page sends is checked by :mod:`.room` (a refusal comes back in words). No Qt
here (``tests/viewer/test_contracts.py``)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from model.game import shorten

from .room import Classroom, Refused, Student, bounded_text, whole_number
from .scene import Board, board_of, lattice_of, point_on_ray
from .sites import Seat, site_board
from .sites import camera as site_camera
from .sites import pick as site_pick

#: The most parts a move form sends (Pyramid Ball's two programs: 18).
MAX_FORM_PARTS = 40

log = logging.getLogger("viewer.classroom")
WWW = Path(__file__).with_name("www")
#: The largest message a page may send (a trigger's arguments: a name, a point, a move).
MAX_MESSAGE = 16 * 1024
MAX_ARGS_CHARS = 2000
#: Threads answering students (each action holds one while it runs).
WORKERS = 16
#: How often the results file is written while the class runs (when something changed).
SAVE_EVERY = 10.0


def _checked_args(args: Any) -> list[Any]:
    if not isinstance(args, list) or len(args) > 4:
        raise Refused("the page sent too many values")
    try:
        size = len(json.dumps(args))
    except (TypeError, ValueError):
        raise Refused("the page sent values that are not plain data") from None
    if size > MAX_ARGS_CHARS:
        raise Refused("the page sent too much")
    return args


class Service:
    """What the pages ask, answered from the class; every answer is plain JSON."""

    def __init__(self, room: Classroom) -> None:
        self.room = room
        self.boards: dict[str, tuple[int, Board]] = {}
        #: A student's seat at a board of sites (:mod:`.sites`), by their key, with the
        #: position it was made for.
        self.seats: dict[str, tuple[Any, Seat]] = {}

    # -- a student's answers --

    def seat(self, student: Student) -> Seat | None:
        """The student's seat at a board of sites (made anew for each position, and each
        time the step is shown: Retry forgets the stone selected), or None on the ball
        pyramid."""
        game = student.lab.session.game
        if lattice_of(game) is not None:
            return None
        where = (student.visits, student.lesson_index, student.step_index,
                 len(game.move_stack), game.position_key())
        kept = self.seats.get(student.token)
        if kept is not None and kept[0] == where:
            return kept[1]
        seat = Seat(game, student.seat())
        self.seats[student.token] = (where, seat)
        return seat

    def board(self, student: Student) -> Board:
        """The student's board now (kept while their state does not change)."""
        kept = self.boards.get(student.token)
        if kept is not None and kept[0] == student.version:
            return kept[1]
        shown = student.lab.lessons
        game = student.lab.session.game
        step = shown.step
        verdict = shown.verdict
        try:
            highlights = step.highlight_points()
        except ValueError:
            highlights = []
        seat = self.seat(student)
        if seat is not None:
            board = site_board(
                seat,
                highlights=highlights,
                picked=shown.picked,
                verdict=verdict,
                view=student.view,
            )
            self.boards[student.token] = (student.version, board)
            return board
        lattice = lattice_of(game)
        assert lattice is not None
        board = board_of(
            game,
            lattice,
            overlays=step.overlays or {},
            highlights=highlights,
            picked=shown.picked,
            path=verdict.points if verdict is not None and not verdict.correct else (),
            path_words=verdict.about if verdict is not None else "",
            view=student.view,
        )
        self.boards[student.token] = (student.version, board)
        return board

    def student_answer(
        self, student: Student, error: str = "", known: Any = None
    ) -> dict[str, Any]:
        """The page and the board; a layer the page says it has (``known``: the layers'
        keys it was sent) comes as its key only."""
        board = self.board(student)
        state = board.state(_known(known))
        page = student.page()
        seat = self.seat(student)
        if seat is not None:
            state["camera"] = site_camera(board)
            state["key"] = f"{student.lesson_index}:{student.step_index}:{seat.ui.board_kind}"
            asks_move = page["task"] is not None and not page["task"]["points"]
            if asks_move and not page["moved"]:
                page["play"] = seat.moves()
        else:
            lattice = lattice_of(student.lab.session.game)
            assert lattice is not None
            state["camera"] = _camera(lattice)
            state["key"] = f"{student.lesson_index}:{student.step_index}:{lattice.n}"
        answer: dict[str, Any] = {"page": page, "board": state}
        if error:
            answer["error"] = error
        return answer

    def join(self, name: Any) -> dict[str, Any]:
        student = self.room.join(name)
        with student.lock:
            answer = self.student_answer(student)
        answer["token"] = student.token
        return answer

    def resume(self, token: Any) -> dict[str, Any]:
        try:
            student = self.room.student(token)
        except Refused as exc:
            return {"forget": True, "error": str(exc)}
        with student.lock:
            return self.student_answer(student)

    def poll(self, token: Any, version: Any, known: Any = None) -> dict[str, Any]:
        """The page anew when it changed since ``version`` (the teacher moved the class)."""
        try:
            student = self.room.student(token)
        except Refused as exc:
            return {"forget": True, "error": str(exc)}
        with student.lock:
            if version == student.version:
                return {"same": True}
            return self.student_answer(student, known=known)

    def act(self, token: Any, action: Any, args: Any, known: Any = None) -> dict[str, Any]:
        """A student's action: ``click`` (a position in the scene), ``check``, ``hint``,
        ``retry``, ``next``, ``previous``, ``move`` (text), ``lesson`` (its number),
        ``view`` (top level, peel, clip or null)."""
        student = self.room.student(token)
        action = bounded_text(action, "the action", 20)
        args = _checked_args(args)
        with student.lock:
            student.move_said = ""
            try:
                self._do(student, action, args)
            except Refused as exc:
                student.move_said = str(exc)
                return self.student_answer(student, str(exc), known)
            return self.student_answer(student, known=known)

    def _do(self, student: Student, action: str, args: list[Any]) -> None:
        simple: dict[str, Callable[[], None]] = {
            "check": student.check,
            "hint": student.hint,
            "retry": student.retry,
            "next": student.next,
            "previous": student.previous,
        }
        if action in simple:
            simple[action]()
        elif action == "click":  # the view ray under the pixel clicked
            if len(args) != 2:
                raise Refused("a click is a ray: a start and a direction")
            origin, direction = (_vector(v) for v in args)
            board = self.board(student)
            seat = self.seat(student)
            if seat is not None:
                self._site_click(student, seat, board, origin, direction)
                return
            lattice = lattice_of(student.lab.session.game)
            assert lattice is not None
            point = point_on_ray(board, lattice, origin, direction)
            if point is None:
                raise Refused("that is not on a point: click a ball or an empty point")
            student.click(point)
        elif action == "point":  # a point by its coordinates (the keyboard's way)
            if len(args) != 1 or not isinstance(args[0], list):
                raise Refused("a point is a list of three whole numbers")
            student.click(tuple(whole_number(v, "a coordinate", 0, 99) for v in args[0]))
        elif action == "move":
            if len(args) != 1:
                raise Refused("type the move")
            text = bounded_text(args[0], "the move", 60).strip()
            if not text:
                raise Refused("type the move first")
            student.play(text)
        elif action == "form":  # a move written with the form: a choice per part
            seat = self.seat(student)
            if seat is None:
                raise Refused("this board has no form: click a point or type the move")
            if len(args) != 1 or not isinstance(args[0], list):
                raise Refused("the form sends a list of choices")
            if len(args[0]) > MAX_FORM_PARTS:
                raise Refused("the form sent too many choices")
            chosen = [bounded_text(v, "a choice", 8) for v in args[0]]
            student.answering()  # (once answered the position has no form to read)
            try:
                text = seat.form_move(chosen)
            except ValueError as exc:
                raise Refused(str(exc)) from None
            student.play(text)
        elif action == "lesson":
            if len(args) != 1:
                raise Refused("which lesson?")
            index = whole_number(args[0], "the lesson", 0, len(self.room.lessons) - 1)
            student.open_lesson(index)
        elif action == "view":
            if len(args) != 3:
                raise Refused("the view is a top level, a peel and a clip")
            top = whole_number(args[0], "the top level", 0, 99)
            peel = whole_number(args[1], "the peel", 0, 9)
            clip = None if args[2] is None else whole_number(args[2], "the clip", 0, 99)
            student.set_view(top, peel, clip)
        else:
            raise Refused(f"no such action: {shorten(action, 20)}")

    def _site_click(
        self,
        student: Student,
        seat: Seat,
        board: Board,
        origin: list[float],
        direction: list[float],
    ) -> None:
        """A click on a board of sites: through the game's turn builder, as in the window
        (a move played and judged, a selection shown, or why not in words)."""
        student.answering()
        site = site_pick(board, origin, direction)
        if site is None:
            raise Refused("that is not on the board: click a square, a stone or a space")
        shown = student.lab.lessons
        if shown.asks_for_points():  # picked (or let go), as the window's lesson takes it
            shown.pick(tuple(seat.ui.coords_of(site)))
            return
        found = seat.click(site)
        if isinstance(found, str):
            student.changed()  # the moves of the site clicked are listed
            raise Refused(found)
        if found is None:
            student.changed()  # a selection: its destinations are drawn
            return
        student.play(str(found))

    # -- the teacher --

    def teacher(self, code: Any, order: Any = None, args: Any = None) -> dict[str, Any]:
        self.room.teacher(code)
        said = ""
        if order == "everyone":
            values = _checked_args(args)
            if len(values) != 2:
                raise Refused("everyone to which lesson and step?")
            moved = self.room.everyone_to(values[0], values[1])
            said = f"{moved} students moved to lesson {values[0] + 1}, step {values[1] + 1}"
        elif order == "csv":
            return {"csv": self.room.csv_text()}
        elif order is not None:
            raise Refused("no such order")
        return {
            "rows": self.room.rows(),
            "lessons": [
                {"title": given.title, "steps": len(given.lesson.steps)}
                for given in self.room.lessons
            ],
            "said": said,
        }


def _known(value: Any) -> dict[str, str]:
    """The layers' keys a page says it has (anything else: none)."""
    if not isinstance(value, dict) or len(value) > 3:
        return {}
    return {
        k: v for k, v in value.items()
        if k in ("balls", "points", "marks") and isinstance(v, str) and len(v) <= 64
    }


def _vector(value: Any) -> list[float]:
    if not isinstance(value, list) or len(value) != 3:
        raise Refused("a click is a ray: two lists of three numbers")
    found = []
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise Refused("a click is a ray: two lists of three numbers")
        if not -1e6 < number < 1e6:
            raise Refused("a click's ray is out of the scene")
        found.append(float(number))
    return found


def _camera(lattice: Any) -> dict[str, Any]:
    middle = lattice.centres.mean(axis=0)
    reach = float(lattice.n) * 1.9 + 2.0
    return {
        "focalPoint": [float(c) for c in middle],
        "position": [
            float(middle[0] + reach * 0.5),
            float(middle[1] - reach * 1.1),
            float(middle[2] + reach * 0.45),
        ],
        "viewUp": [0.0, 0.0, 1.0],
    }


def _refusing(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``work()``'s answer; a refusal, or a fault of ours (logged), said in words: the
    server goes on."""
    try:
        return work()
    except Refused as exc:
        return {"error": str(exc)}
    except Exception as exc:
        log.exception("classroom: a request failed")
        return {"error": f"the server could not do that ({shorten(str(exc), 120)}); try again"}


def _bound_wslink_messages() -> None:
    """wslink lets a page that said hello (its secret is in every page) announce a message
    of up to 4 GB in a chunk's header, and allocates it at once: here an announced message
    is at most :data:`MAX_MESSAGE` bytes, as before the hello (a larger one is refused and
    the page's connection goes on)."""
    from wslink.chunking import UnChunker

    if getattr(UnChunker, "_classroom_bounded", False):
        return
    allow = UnChunker.set_max_message_size

    def bounded(self: Any, size: int) -> None:
        allow(self, min(int(size), MAX_MESSAGE))

    UnChunker.set_max_message_size = bounded
    UnChunker._classroom_bounded = True


def build_server(room: Classroom, name: str = "pyramid-lab-classroom") -> Any:
    """The trame server of ``room``: its two pages and their triggers (not started)."""
    os.environ.setdefault("TRAME_ARGS", "")  # trame reads no command line of ours
    _bound_wslink_messages()
    from trame.app import get_server
    from trame.ui.html import DivLayout
    from trame.widgets import client, html
    from trame.widgets import vtk as vtk_widgets

    server = get_server(name, client_type="vue3", ws_max_msg_size=MAX_MESSAGE)
    service = Service(room)
    server.classroom_service = service
    state = server.state
    page_keys: dict[str, Any] = {
        "cr": None,
        "cr_msg": "",
        "cr_name": "",
        "cr_move": "",
        "cr_legend": [],
        "cr_levels": 1,
        "cr_flat": False,
        "cr_sites": False,
        "cr_form": [],
        "cr_pick": "",
        "board_balls": None,
        "board_points": None,
        "board_marks": None,
        "teacher": None,
        "teacher_code": "",
        "teacher_lesson": 0,
        "teacher_step": 1,
    }
    for key, value in page_keys.items():
        state[key] = value
    state.client_only(*page_keys)
    state.trame__title = "Pyramid Lab classroom"
    # A page that lost the server tries again every second for 15 minutes (trame's own:
    # ten times in five seconds), then says to reload; connected again, it asks for its
    # student's place (window.classroom's connect listener).
    state.trame__template_error_reconnect = (
        '<trame-reconnect :max-retry="900" :delay="1000" '
        'message="The connection to the class was lost: trying again..." '
        'give-up-message="The class cannot be reached: reload the page when it is back." />'
    )
    server.enable_module(
        {
            "serve": {"classroom": str(WWW)},
            "scripts": ["classroom/classroom.js"],
            "styles": ["classroom/classroom.css"],
        }
    )

    # Students' work on threads of their own: a long answer (a win-within task's proof)
    # holds one thread, and the others go on.
    pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="classroom")

    async def threaded(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        started = time.perf_counter()
        answer = await asyncio.get_running_loop().run_in_executor(pool, _refusing, work)
        answer["ms"] = round((time.perf_counter() - started) * 1000, 1)
        return answer

    @server.trigger("cr_join")
    async def join(name: Any = None) -> dict[str, Any]:
        return await threaded(lambda: service.join(name))

    @server.trigger("cr_resume")
    async def resume(token: Any = None) -> dict[str, Any]:
        return await threaded(lambda: service.resume(token))

    @server.trigger("cr_poll")
    async def poll(token: Any = None, version: Any = None, known: Any = None) -> dict[str, Any]:
        return await threaded(lambda: service.poll(token, version, known))

    @server.trigger("cr_act")
    async def act(
        token: Any = None, action: Any = None, args: Any = None, known: Any = None
    ) -> dict[str, Any]:
        return await threaded(lambda: service.act(token, action, args, known))

    @server.trigger("cr_teacher")
    async def teacher(code: Any = None, order: Any = None, args: Any = None) -> dict[str, Any]:
        if order is None:  # the lines as kept: no student's lock, no thread
            return _refusing(lambda: service.teacher(code))
        return await threaded(lambda: service.teacher(code, order, args))

    with DivLayout(server) as layout:
        layout.root.classes = "cr-app"
        client.ClientTriggers(mounted="window.classroom.student_mounted()")
        _student_page(html, vtk_widgets)
    with DivLayout(server, template_name="teacher") as layout:
        layout.root.classes = "cr-app"
        client.ClientTriggers(mounted="window.classroom.teacher_mounted()")
        _teacher_page(html)
    return server


def _student_page(html: Any, vtk_widgets: Any) -> None:
    with html.Header(classes="cr-header"):
        html.Span("Pyramid Lab classroom", classes="cr-brand")
        html.Span("{{ cr ? cr.name : '' }}", classes="cr-who", id="cr-who")
    html.Div("{{ cr_msg }}", v_if="cr_msg", classes="cr-msg", id="cr-msg", role="alert")
    with html.Div(v_if="!cr", classes="cr-join", id="cr-join"):
        html.Label("Your name", for_="cr-name")
        html.Input(
            id="cr-name", v_model="cr_name", maxlength="40", autocomplete="name",
            placeholder="your name", keydown="$event.key === 'Enter' && window.classroom.join()",
        )
        html.Button("Join the class", id="cr-join-button", click="window.classroom.join()")
    with html.Div(classes="cr-main", v_show="cr"):
        with html.Aside(classes="cr-side", v_if="cr"):
            with html.Label("Lesson ", classes="cr-lesson-pick"), html.Select(
                id="cr-lesson",
                # trame's Select has no value attribute (a value= given is dropped
                # silently): bound raw, so the list follows a lesson changed by Next,
                # the teacher or a reload
                raw_attrs=[':value="cr.lesson"'],
                change="window.classroom.act('lesson', [Number($event.target.value)])",
            ):
                html.Option(
                    "{{ i + 1 }}. {{ l.title }}",
                    v_for="(l, i) in cr.lessons",
                    key="i",
                    value=("i",),
                )
            html.H2("{{ cr.lesson_title }}", id="cr-lesson-title")
            with html.Div(classes="cr-steps", id="cr-steps"):
                html.Span("Step {{ cr.step + 1 }} of {{ cr.steps }}")
                html.Span(
                    "{{ cr.done.includes(n - 1) ? '✔' : '·' }}",
                    v_for="n in cr.steps",
                    key="n",
                    classes=("{'cr-tick': true, 'cr-here': n - 1 === cr.step}",),
                )
            html.H3("{{ cr.title }}", id="cr-step-title")
            html.P("{{ cr.text }}", classes="cr-text", id="cr-text")
            with html.Div(v_if="cr.task", classes="cr-task", id="cr-task"):
                html.P("{{ cr.task.prompt }}", classes="cr-prompt")
                html.P(
                    "Picked: {{ cr.picked.length ? cr.picked.join('; ') : 'nothing yet' }}",
                    v_if="cr.task.points",
                    id="cr-picked",
                )
                html.P("Hint: {{ cr.task.hint }}", v_if="cr.task.hint", classes="cr-hint")
                _play_choices(html)
                with html.Div(v_if="!cr.task.points", classes="cr-move"):
                    html.Input(
                        id="cr-move", v_model="cr_move", maxlength="60",
                        placeholder=("cr_sites ? 'or type the move' : "
                                     "'or type the move, e.g. 1,0,0'",),
                        keydown="$event.key === 'Enter' && window.classroom.act('move', [cr_move])",
                    )
                    html.Button(
                        "Play", id="cr-play", click="window.classroom.act('move', [cr_move])"
                    )
            with html.Div(
                v_if="cr.verdict",
                id="cr-verdict",
                classes=("cr.verdict.correct ? 'cr-verdict cr-right' : 'cr-verdict cr-wrong'",),
                role="status",
            ):
                html.B("{{ cr.verdict.correct ? 'Right.' : 'Not this.' }} ")
                html.Span("{{ cr.verdict.reason }}")
            with html.Div(classes="cr-buttons"):
                html.Button(
                    "Check", id="cr-check", v_if="cr.task && cr.task.points",
                    click="window.classroom.act('check')",
                )
                html.Button(
                    "Hint", id="cr-hint", v_if="cr.task", click="window.classroom.act('hint')"
                )
                html.Button(
                    "Retry", id="cr-retry", v_if="cr.task",
                    click="window.classroom.act('retry')",
                )
                html.Button(
                    "Previous", id="cr-previous", disabled=("cr.step === 0",),
                    click="window.classroom.act('previous')",
                )
                html.Button(
                    "Next", id="cr-next", disabled=("cr.last",),
                    click="window.classroom.act('next')",
                )
        with html.Section(classes="cr-board"):
            with html.Div(classes="cr-view", id="cr-view"), vtk_widgets.VtkView(
                ref="view",
                background=([0.95, 0.96, 0.98],),
                interactor_settings=("window.classroom.interactor",),
            ):
                for layer, opacity in (("balls", 1.0), ("points", 0.55), ("marks", 1.0)):
                    with vtk_widgets.VtkGeometryRepresentation(
                        id=layer,
                        property=(f"{{ opacity: {opacity}, specular: 0.2 }}",),
                        mapper=(
                            "{ colorByArrayName: 'rgb', scalarMode: 3, colorMode: 0, "
                            "scalarVisibility: true }",
                        ),
                    ):
                        vtk_widgets.VtkMesh(f"board_{layer}", state=(f"board_{layer}",))
            html.Div(classes="cr-labels", id="cr-labels")
            with html.Div(classes="cr-legend", id="cr-legend"):
                html.B("On the board")
                with html.Div(v_for="(e, i) in cr_legend", key="i", classes="cr-legend-row"):
                    html.Span(classes="cr-swatch", style=("{ background: e.colour }",))
                    html.Span("{{ e.words }}")
            with html.Div(classes="cr-controls", v_if="cr"):
                with html.Label("Levels shown", v_if="!cr_flat"):
                    html.Input(
                        type="range", min="1", max=("cr_levels",),
                        value=("Math.min(cr.view.top + 1, cr_levels)",),
                        change="window.classroom.view({ top: Number($event.target.value) - 1 })",
                        id="cr-levels",
                    )
                with html.Label("Peel", v_if="!cr_flat"):
                    html.Input(
                        type="range", min="0", max="2", value=("cr.view.peel",),
                        change="window.classroom.view({ peel: Number($event.target.value) })",
                        id="cr-peel",
                    )
                with html.Label("Clip across", v_if="!cr_sites"):
                    html.Input(
                        type="checkbox", checked=("cr.view.clip !== null",),
                        change="window.classroom.view({ clip: $event.target.checked ? "
                        "Math.max(0, cr_levels - 2) : null })",
                        id="cr-clip-on",
                    )
                    html.Input(
                        type="range", min="0", max=("cr_levels - 1",),
                        v_if="cr.view.clip !== null", value=("cr.view.clip",),
                        change="window.classroom.view({ clip: Number($event.target.value) })",
                        id="cr-clip",
                    )
                html.Button("Reset view", click="window.classroom.reset_camera()")


def _play_choices(html: Any) -> None:
    """A board of sites' move task: the moves of the site clicked (else all of them) as
    buttons, or in a list when they are many, with the game's words; or the game's form
    (Pyramid Ball's programs: a choice per pyramid and row)."""
    with html.Div(v_if="cr.play", classes="cr-play", id="cr-play-list"):
        with html.Div(v_if="cr.play.moves.length"):
            html.Div(
                "{{ cr.play.about ? 'Moves of ' + cr.play.about : 'The moves' }}:",
                classes="cr-play-title",
            )
            with html.Div(v_if="cr.play.buttons", classes="cr-play-buttons"):
                html.Button(
                    "{{ m.text }}",
                    v_for="(m, i) in cr.play.moves",
                    key="m.text",
                    title=("m.words",),
                    classes="cr-play-move",
                    click="window.classroom.act('move', [m.text])",
                )
                html.Div(
                    "{{ cr.play.moves.map(m => m.words ? m.text + ': ' + m.words : '')"
                    ".filter(w => w).join('; ') }}",
                    v_if="cr.play.moves.some(m => m.words) && cr.play.moves.length <= 6",
                    classes="cr-play-words",
                )
            with html.Div(v_if="!cr.play.buttons", classes="cr-move"):
                with html.Select(v_model="cr_pick", id="cr-pick"):
                    html.Option("choose a move", value="")
                    html.Option(
                        "{{ m.text }}{{ m.words ? ' (' + m.words + ')' : '' }}",
                        v_for="m in cr.play.moves",
                        key="m.text",
                        value=("m.text",),
                    )
                html.Button(
                    "Play", id="cr-pick-play", click="cr_pick && window.classroom.act('move', "
                    "[cr_pick])",
                )
        with html.Div(v_if="cr.play.form", classes="cr-form", id="cr-form"):
            with html.Table(v_for="g in cr.play.form.groups", key="g.title"):
                with html.Tr():
                    html.Th("{{ g.title }}")
                    html.Th(
                        "{{ p.label }}", v_for="p in g.rows[0].parts", key="p.index",
                    )
                with html.Tr(v_for="r in g.rows", key="r.title"):
                    html.Td("{{ r.title }}")
                    with html.Td(v_for="p in r.parts", key="p.index"), html.Select(
                        v_model="cr_form[p.index]", classes="cr-form-part",
                    ):
                        html.Option("{{ c }}", v_for="c in p.choices", key="c", value=("c",))
            html.Button(
                "Play the programs", id="cr-form-play",
                click="window.classroom.act('form', [cr_form])",
            )


def _teacher_page(html: Any) -> None:
    with html.Header(classes="cr-header"):
        html.Span("Pyramid Lab classroom: the teacher's page", classes="cr-brand")
    html.Div("{{ cr_msg }}", v_if="cr_msg", classes="cr-msg", id="cr-msg", role="alert")
    with html.Div(v_if="!teacher", classes="cr-join", id="cr-code-form"):
        html.Label("Class code", for_="cr-code")
        html.Input(
            id="cr-code", v_model="teacher_code", maxlength="40",
            keydown="$event.key === 'Enter' && window.classroom.teacher_code()",
        )
        html.Button("Open", id="cr-code-open", click="window.classroom.teacher_code()")
    with html.Div(v_if="teacher", classes="cr-teacher"):
        with html.Div(classes="cr-orders"):
            html.Span("{{ teacher.rows.length }} students", id="cr-count")
            with (
                html.Label("Lesson "),
                html.Select(v_model="teacher_lesson", id="cr-teacher-lesson"),
            ):
                html.Option(
                    "{{ i + 1 }}. {{ l.title }}",
                    v_for="(l, i) in teacher.lessons",
                    key="i",
                    value=("i",),
                )
            with html.Label("step "):
                html.Input(
                    type="number", min="1", v_model_number="teacher_step", id="cr-teacher-step",
                    max=("teacher.lessons[teacher_lesson] ? "
                         "teacher.lessons[teacher_lesson].steps : 1",),
                )
            html.Button(
                "Everyone to this step", id="cr-everyone",
                click="window.classroom.everyone()",
            )
            html.Button("Results as CSV", id="cr-csv", click="window.classroom.csv()")
            html.Span("{{ teacher.said }}", classes="cr-said", id="cr-said")
        with html.Table(classes="cr-table", id="cr-table"):
            with html.Thead(), html.Tr():
                for title in (
                    "Student", "Lesson", "Step", "Tries", "Right", "Wrong",
                    "On the step", "Last wrong answer", "Why it was wrong",
                ):
                    html.Th(title)
            with html.Tbody(), html.Tr(
                v_for="r in teacher.rows", key="r.name + r.lesson",
                classes=("r.away > 20 ? 'cr-away' : ''",),
            ):
                html.Td("{{ r.name }}")
                html.Td("{{ r.lesson + 1 }}. {{ r.lesson_title }}")
                html.Td("{{ r.step + 1 }}/{{ r.steps }} {{ r.step_title }}")
                html.Td("{{ r.tries }}")
                html.Td("{{ r.right }}")
                html.Td("{{ r.wrong }}")
                html.Td("{{ Math.floor(r.seconds / 60) }}:"
                        "{{ String(r.seconds % 60).padStart(2, '0') }}")
                html.Td("{{ r.last_wrong }}", classes="cr-answer")
                html.Td("{{ r.reason }}", classes="cr-reason")
