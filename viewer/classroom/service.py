"""What the pages ask, answered from the class (:class:`Service`): a student's page and
board, their actions, on the worker threads of :mod:`.web`, one student at a time under
their lock; every answer is plain JSON. No Qt, no web."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import Any

from model.game import shorten

from .checks import Refused, whole_number
from .messages import (
    Action,
    Check,
    Click,
    Form,
    Hint,
    Lesson,
    Move,
    Next,
    Point,
    Previous,
    Retry,
    View,
    action_of,
)
from .room import Classroom, Removed, Student
from .scene import LAYERS, Board
from .sites import Seat, site_board
from .sites import camera as site_camera
from .sites import pick as site_pick

#: What a click beside the board is told to click, by the board's kind (its sites' words).
CLICK_WORDS = {
    "ball-pyramid": "click a point or a ball",
    "stepped": "click a square or a stone",
    "grid": "click a square",
    "hex-map": "click a hex",
}
log = logging.getLogger("viewer.classroom")


def shown(text: Any, limit: int = 80) -> str:
    """What a page sent, for the log: quoted, control characters and line breaks escaped
    (no forged line), at most ``limit`` characters."""
    return repr(shorten(str(text), limit))


class Service:
    """What the pages ask, answered from the class; every answer is plain JSON."""

    def __init__(self, room: Classroom) -> None:
        self.room = room
        self.boards: dict[str, tuple[int, Board]] = {}
        #: A student's seat at a board of sites (:mod:`.sites`), by their key, with the
        #: position it was made for.
        self.seats: dict[str, tuple[Any, Seat]] = {}

    # -- a student's answers --

    def seat(self, student: Student) -> Seat:
        """The student's seat at the board (made anew for each position, and each time the
        step is shown: Retry forgets the stone selected, the group clicked)."""
        game = student.lab.session.game
        where = (
            student.visits,
            student.lesson_index,
            student.step_index,
            len(game.move_stack),
            game.position_key(),
        )
        kept = self.seats.get(student.key)
        if kept is not None and kept[0] == where:
            return kept[1]
        seat = Seat(game, student.seat(), student.lab.lessons.step.overlays)
        self.seats[student.key] = (where, seat)
        return seat

    def board(self, student: Student) -> Board:
        """The student's board now (kept while their state does not change)."""
        kept = self.boards.get(student.key)
        if kept is not None and kept[0] == student.version:
            return kept[1]
        shown = student.lab.lessons
        try:
            highlights = shown.step.highlight_points()
        except ValueError:
            highlights = []
        board = site_board(
            self.seat(student),
            highlights=highlights,
            picked=shown.picked,
            verdict=shown.verdict,
            view=student.view,
        )
        self.boards[student.key] = (student.version, board)
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
        state["camera"] = site_camera(board)
        state["key"] = f"{student.lesson_index}:{student.step_index}:{seat.ui.board_kind}"
        asks_move = page["task"] is not None and not page["task"]["points"]
        if asks_move and not page["moved"] and seat.lists_moves:
            page["play"] = seat.moves()
        page["panels"] = seat.panels()
        answer: dict[str, Any] = {"page": page, "board": state}
        if error:
            answer["error"] = error
        return answer

    def join(self, name: Any) -> dict[str, Any]:
        return self.joined(self.room.join(name))

    def joined(self, student: Student) -> dict[str, Any]:
        """A student new to the class: their page, board and key."""
        with student.lock:
            answer = self.student_answer(student)
        answer["token"] = student.token
        return answer

    def resume(self, token: Any, known: Any = None) -> dict[str, Any]:
        try:
            student = self.room.student(token)
        except Refused as exc:
            return forget_answer(exc)
        with student.lock:
            return self.student_answer(student, known=known)

    def poll(self, token: Any, version: Any, known: Any = None) -> dict[str, Any]:
        """The page anew when it changed since ``version`` (the teacher moved the class)."""
        try:
            student = self.room.student(token)
        except Refused as exc:
            return forget_answer(exc)
        with student.lock:
            if version == student.version:
                return {"same": True}
            return self.student_answer(student, known=known)

    def act(self, token: Any, action: Any, args: Any, known: Any = None) -> dict[str, Any]:
        """A student's action (its name and values, read by :func:`.messages.action_of`)."""
        student = self.room.student(token)
        return self.do(student, action_of(action, args), known)

    def do(self, student: Student, action: Action, known: Any = None) -> dict[str, Any]:
        """``action`` for ``student`` (its function in :data:`ACTIONS`): the page and the
        board, and the refusal in words."""
        with student.lock:
            student.move_said = ""
            try:
                ACTIONS[type(action)](self, student, action)
            except Refused as exc:
                student.move_said = str(exc)
                return self.student_answer(student, str(exc), known)
            return self.student_answer(student, known=known)

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
            words = CLICK_WORDS.get(seat.ui.board_kind, "click the board")
            raise Refused(f"that is not on the board: {words}")
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

    def forget(self, key: str) -> None:
        """Drop the board and seat kept for a student no longer in the class."""
        self.boards.pop(key, None)
        self.seats.pop(key, None)


def forget_answer(exc: Refused) -> dict[str, Any]:
    """The answer to a key that acts no more: the page forgets it (but a removed student's
    page keeps it: the teacher may bring them back)."""
    return {"forget": True, "removed": isinstance(exc, Removed), "error": str(exc)}


def _known(value: Any) -> dict[str, str]:
    """The layers' keys a page says it has (anything else: none)."""
    if not isinstance(value, dict) or len(value) > len(LAYERS):
        return {}
    return {k: v for k, v in value.items() if k in LAYERS and isinstance(v, str) and len(v) <= 64}


def _refusing(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``work()``'s answer; a refusal, or a fault of ours (logged, escaped, on one line),
    said in words without its details: the server goes on."""
    try:
        return work()
    except Refused as exc:
        return {"error": str(exc)}
    except Exception:
        log.error("a request failed: %s", shown(traceback.format_exc(), 4000))
        return {"error": "the server could not do that; try again"}


def _click(service: Service, student: Student, action: Click) -> None:
    seat, board = service.seat(student), service.board(student)
    service._site_click(student, seat, board, list(action.origin), list(action.direction))


def _form(service: Service, student: Student, action: Form) -> None:
    seat = service.seat(student)
    student.answering()  # (once answered the position has no form to read)
    try:
        text = seat.form_move(list(action.chosen))
    except ValueError as exc:
        raise Refused(str(exc)) from None
    student.play(text)


def _lesson(service: Service, student: Student, action: Lesson) -> None:
    last = len(service.room.lessons) - 1
    student.open_lesson(whole_number(action.index, "the lesson", 0, last))


#: What each action does, by its class (:mod:`.messages`).
ACTIONS: dict[type[Action], Callable[[Service, Student, Any], None]] = {
    Check: lambda service, student, action: student.check(),
    Hint: lambda service, student, action: student.hint(),
    Retry: lambda service, student, action: student.retry(),
    Next: lambda service, student, action: student.next(),
    Previous: lambda service, student, action: student.previous(),
    Click: _click,
    Point: lambda service, student, action: student.click(action.point),
    Move: lambda service, student, action: student.play(action.text),
    Form: _form,
    Lesson: _lesson,
    View: lambda service, student, action: student.set_view(action.top, action.peel, action.clip),
}
