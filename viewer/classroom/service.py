"""What the pages ask, answered from the class (:class:`Service`): a student's page and
board, their actions, on the worker threads of :mod:`.pushes`, one student at a time under
their lock; every answer is a typed reply of plain JSON (:mod:`.replies`). No Qt, no
web."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from pyramid_lab.i18n import N_
from pyramid_lab.model.game import shorten
from pyramid_lab.model.words import reason_of

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
from .replies import Failed, Forget, Reply, Same, StudentAnswer
from .room import Classroom
from .scene import MAX_PARTS, Board
from .sites import behind as site_behind
from .sites import camera as site_camera
from .sites import pick as site_pick
from .sites import site_board
from .student import Removed, Student, page_of

#: What a click beside the board is told to click, by the board's kind (its sites' words).
CLICK_WORDS = {
    "ball-pyramid": N_("that is not on the board: click a point or a ball"),
    "stepped": N_("that is not on the board: click a square or a stone"),
    "grid": N_("that is not on the board: click a square"),
    "hex-map": N_("that is not on the board: click a hex"),
}
log = logging.getLogger("pyramid_lab.viewer.classroom")


def shown(text: Any, limit: int = 80) -> str:
    """What a page sent, for the log: quoted, control characters and line breaks escaped
    (no forged line), at most ``limit`` characters."""
    return repr(shorten(str(text), limit))


class Service:
    """What the pages ask, answered from the class; every answer a typed reply."""

    def __init__(self, room: Classroom) -> None:
        self.room = room
        #: A student's board as drawn for their page, by their key, with their version.
        self.boards: dict[str, tuple[int, Board]] = {}

    # -- a student's answers --

    def board(self, student: Student) -> Board:
        """The student's board now, as drawn for the page (kept while their state does not
        change)."""
        kept = self.boards.get(student.key)
        if kept is not None and kept[0] == student.version:
            return kept[1]
        board = site_board(student.board, student.view, student.hand.takes_clicks())
        self.boards[student.key] = (student.version, board)
        return board

    def student_answer(self, student: Student, error: str = "", known: Any = None) -> StudentAnswer:
        """The page and the board; a layer the page says it has (``known``: the layers'
        keys it was sent) comes as its key only."""
        board = self.board(student)
        state = board.state(_known(known))
        page = page_of(student)
        choices = student.hand.choices()
        kind = student.board.ui.board_kind
        state["camera"] = site_camera(board)
        state["key"] = f"{student.lesson_index}:{student.step_index}:{kind}"
        asks_move = page["task"] is not None and not page["task"]["points"]
        if asks_move and not page["moved"] and choices.lists_moves:
            page["play"] = choices.moves()
        page["panels"] = choices.panels()
        answer: StudentAnswer = {"page": page, "board": state}
        if error:
            answer["error"] = error
        return answer

    def join(self, name: Any, door: bool = False) -> StudentAnswer:
        """A new student (``door``: come by a door number, the class closed)."""
        return self.joined(self.room.join(name, door))

    def joined(self, student: Student) -> StudentAnswer:
        """A student new to the class: their page, board and key."""
        with student.lock:
            answer = self.student_answer(student)
        answer["token"] = student.token
        return answer

    def resume(self, token: Any, known: Any = None) -> StudentAnswer | Forget:
        try:
            student = self.room.student(token)
        except Refused as exc:
            return forget_answer(exc)
        with student.lock:
            return self.student_answer(student, known=known)

    def poll(self, token: Any, version: Any, known: Any = None) -> StudentAnswer | Same | Forget:
        """The page anew when it changed since ``version`` (the teacher moved the class)."""
        try:
            student = self.room.student(token)
        except Refused as exc:
            return forget_answer(exc)
        with student.lock:
            if version == student.version:
                return {"same": True}
            return self.student_answer(student, known=known)

    def act(self, token: Any, action: Any, args: Any, known: Any = None) -> StudentAnswer:
        """A student's action (its name and values, read by :func:`.messages.action_of`)."""
        student = self.room.student(token)
        return self.do(student, action_of(action, args), known)

    def do(self, student: Student, action: Action, known: Any = None) -> StudentAnswer:
        """``action`` for ``student`` (its function in :data:`ACTIONS`): the page and the
        board, and the refusal in words."""
        with student.lock:
            student.move_said = ""
            try:
                ACTIONS[type(action)](self, student, action)
            except Refused as exc:
                student.move_said = reason_of(exc)
                return self.student_answer(student, reason_of(exc), known)
            return self.student_answer(student, known=known)

    def forget(self, key: str) -> None:
        """Drop the board kept for a student no longer in the class."""
        self.boards.pop(key, None)


def forget_answer(exc: Refused) -> Forget:
    """The answer to a key that acts no more: the page forgets it (but a removed student's
    page keeps it: the teacher may bring them back)."""
    return {"forget": True, "removed": isinstance(exc, Removed), "error": reason_of(exc)}


def _known(value: Any) -> dict[str, str]:
    """The parts' keys a page has been sent (anything else: none)."""
    if not isinstance(value, dict) or len(value) > MAX_PARTS:
        return {}
    return {
        k: v
        for k, v in value.items()
        if isinstance(k, str) and len(k) <= 24 and isinstance(v, str) and len(v) <= 64
    }


R = TypeVar("R", bound=Reply)


def _refusing(work: Callable[[], R]) -> R | Failed:
    """``work()``'s answer; a refusal, or a fault of ours (logged, escaped, on one line),
    said in words without its details: the server goes on."""
    try:
        return work()
    except Refused as exc:
        return {"error": reason_of(exc)}
    except Exception:
        log.error("a request failed: %s", shown(traceback.format_exc(), 4000))
        return {"error": N_("the server could not do that; try again")}


def _click(service: Service, student: Student, action: Click) -> None:
    """A click on the board: the site the page's view ray meets, to the student's board
    (a move played and judged, a step of the turn drawn, a point picked, or why not)."""
    student.hand.answering()
    drawn = service.board(student)
    site = site_pick(drawn, action.origin, action.direction)
    if site is None:
        kind = student.board.ui.board_kind
        raise Refused(CLICK_WORDS.get(kind, N_("that is not on the board: click the board")))
    behind = site_behind(drawn, action.origin, action.direction)
    student.hand.at_board(lambda board: board.click(site, behind), site)


def _form(service: Service, student: Student, action: Form) -> None:
    student.hand.answering()  # (once answered the position has no form to read)
    try:
        text = student.hand.choices().form_move(list(action.chosen))
    except ValueError as exc:
        raise Refused(reason_of(exc)) from None
    student.hand.play(student.hand.read_move(text))


def _move(service: Service, student: Student, action: Move) -> None:
    student.hand.play(student.hand.read_move(action.text))


def _lesson(service: Service, student: Student, action: Lesson) -> None:
    last = len(service.room.lessons) - 1
    student.open_lesson(whole_number(action.index, "the lesson", 0, last))


A = TypeVar("A", bound=Action)

#: What an action does (its function in :data:`ACTIONS`).
Doing = Callable[[Service, Student, Action], None]


def _doing(kind: type[A], do: Callable[[Service, Student, A], None]) -> tuple[type[Action], Doing]:
    """``kind`` and what it does, typed together (``do`` takes that very class); the
    table's function refuses an action of another class (a fault of ours)."""

    def done(service: Service, student: Student, action: Action) -> None:
        if not isinstance(action, kind):
            raise TypeError(f"{type(action).__name__} is not a {kind.__name__}")
        do(service, student, action)

    return kind, done


#: What each action does, by its class (:mod:`.messages`): each entry typed with its class.
ACTIONS: dict[type[Action], Doing] = dict(
    [
        _doing(Check, lambda service, student, action: student.hand.check()),
        _doing(Hint, lambda service, student, action: student.lab.lessons.hint()),
        _doing(Retry, lambda service, student, action: student.go(student.step_index)),
        _doing(Next, lambda service, student, action: student.next()),
        _doing(Previous, lambda service, student, action: student.previous()),
        _doing(Click, _click),
        _doing(Point, lambda service, student, action: student.hand.click_point(action.point)),
        _doing(Move, _move),
        _doing(Form, _form),
        _doing(Lesson, _lesson),
        _doing(View, lambda service, student, a: student.set_view(a.top, a.peel, a.clip)),
    ]
)
