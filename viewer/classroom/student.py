"""One student of the class: their own :class:`~viewer.lab.Lab` with the board on show
(:mod:`viewer.lab.board`, the window's: the game's UI, its turn builder, the board's modes,
the lesson's among them), where they are in the class's lessons, and their records per
(lesson, step): their tries at each step (:class:`StepRecord`) and their progress through
the lessons (:class:`StudentProgress`), kept by the class (:mod:`.room`) in its results
file, never in the user's own progress file.
Their hand on the board is :class:`Hand`; what their page and the teacher's line
show is made below (:func:`page_of`, :func:`row_of`). No Qt, no web."""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, Protocol

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.game import Game, Move, PositionFormatError, quote, shorten
from pyramid_lab.model.lesson import verdict_word
from pyramid_lab.model.lesson_progress import LessonProgress
from pyramid_lab.model.words import reason_of

from ..games import ui_class
from ..lab import CANCEL, Lab
from ..lab.board import Board as LabBoard
from ..lab.events import Following, PositionChange, PositionKept, PositionTaken
from ..lab.lesson_marks import site_of
from ..lab.lesson_view import LessonView, opening_view
from ..lab.outcome import Outcome, Picked, Played
from ..lab.outcome_words import word
from ..lab.session import Session
from .checks import Refused, bounded_text, seconds_of, whole_number
from .choices import PAGE_WORDS, Choices
from .replies import Row, StudentPage, View
from .words import NO_HINT, Titles, page_texts, titles_of


class StudentProgress(LessonProgress):
    """A student's progress through the lessons, kept by the class (in its results file),
    never in the user's own progress file."""

    def __init__(self, data: dict[str, dict[str, Any]] | None = None) -> None:
        # (no file: the store's own reading and locking are not wanted)
        self.path = Path(os.devnull)
        self._tell = None
        self.notice = ""
        self.told = set()
        self.kept = ""
        self.data = self.parse({"lessons": data or {}})

    def update(self, change: Callable[[dict[str, dict[str, Any]]], None]) -> None:
        change(self.data)


@dataclass
class StepRecord:
    """A student's tries at one step."""

    tries: int = 0
    right: int = 0
    wrong: int = 0
    seconds: float = 0.0  # on the step, before the time it is shown now
    last_wrong: str = ""  # the answer
    reason: str = ""  # the rules' words on it

    def to_json(self) -> dict[str, Any]:
        return {
            "tries": self.tries,
            "right": self.right,
            "wrong": self.wrong,
            "seconds": round(self.seconds, 1),
            "last_wrong": self.last_wrong,
            "reason": self.reason,
        }


def record_of(raw: Any) -> StepRecord:
    """A step's record as the results file holds it; PositionFormatError naming what is
    wrong."""
    if not isinstance(raw, dict):
        raise PositionFormatError("steps", M_("each record must be an object"))
    return StepRecord(
        tries=whole_number(raw.get("tries", 0), "tries", 0, 10**9),
        right=whole_number(raw.get("right", 0), "right", 0, 10**9),
        wrong=whole_number(raw.get("wrong", 0), "wrong", 0, 10**9),
        seconds=seconds_of(raw.get("seconds", 0)),
        last_wrong=bounded_text(raw.get("last_wrong", ""), "last_wrong", 2000),
        reason=bounded_text(raw.get("reason", ""), "reason", 4000),
    )


@dataclass(frozen=True)
class ClassLesson:
    """A lesson file given to the class."""

    path: Path
    lesson: lessons.LessonFile

    @property
    def title(self) -> str:
        return self.lesson.title

    @cached_property
    def titles(self) -> Titles:
        """The lesson's and its steps' names in each of its languages (made once)."""
        return titles_of(self.lesson)


class Class(Protocol):
    """What a student reads of their class (:class:`viewer.classroom.room.Classroom`, which
    holds its students: this module does not import it)."""

    @property
    def lessons(self) -> list[ClassLesson]:
        """The lessons given, in order."""

    @property
    def on_board(self) -> Callable[[Game, tuple[int, ...]], bool]:
        """Whether a point (a position file's coordinates) is a site of the game's board."""

    def touched(self, key: str | None = None) -> None:
        """Something of the student's changed: kept at the next save."""


class Removed(Refused):
    """A key of a student the teacher removed (the page keeps it: they may be brought
    back)."""


class _Port:
    """The lab's port for a student: no dialog is ever opened; what it says is kept."""

    def __init__(self) -> None:
        self.said = ""

    def choose_file(self, purpose: Literal["open", "save"], start: Path) -> str | None:
        return None

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        return CANCEL

    def confirm(self, title: str, question: str, detail: str, go: str) -> bool:
        return False

    def ask_number(self, title: str, text: str, value: int, low: int, high: int) -> int | None:
        return None

    def show_message(self, title: str, text: str) -> None:
        self.said = f"{title}: {text}"


class Student:
    """One student: their lab (the lesson state the window uses), where they are, and
    their records per (lesson, step). Every call is made under :attr:`lock`."""

    def __init__(self, room: Class, key: str, name: str, token: str = "") -> None:
        self.room = room
        #: The SHA-256 digest of the student's key (what the class keeps), and the key
        #: itself when they joined in this run ("" after a restart: only their browser
        #: knows it).
        self.key = key
        self.token = token
        #: The teacher's handle on the student (removal): random, of this run only.
        self.id = secrets.token_hex(6)
        self.name = name
        self.lock = threading.RLock()
        self.version = 0  # grows with every change a page must draw
        self.visits = 0  # grows each time a step is shown (a Retry too): a fresh start
        self.lesson_index = 0
        self.records: dict[tuple[int, int], StepRecord] = {}
        self.shown_at = time.monotonic()
        self.seen_at = time.monotonic()
        self.port = _Port()
        self.move_said = ""  # why a move was not played ('' when it was)
        first = room.lessons[0].lesson
        # the student's own lab, with the board on show built as the window's is (the
        # games' UIs; a page has no timer: a UI's animation steps to its end at once),
        # in the page's words (its moves listed beside the board, its Levels shown)
        self.lab = Lab(
            Session(first.steps[0].game.copy()), self.port, uis=ui_class, words=PAGE_WORDS
        )
        self.progress = StudentProgress()
        self.lab.lessons.progress = self.progress
        self.lab.lessons.changed.connect(self._lesson_changed)
        #: Their hand on the board (a click, a move, points checked).
        self.hand = Hand(self)
        self.view: View = DEFAULT_VIEW.copy()
        #: The teacher's line as of the last change (read without the lock: a student's
        #: long answer, a win-within task's proof, never holds the teacher's page).
        #: (with the seconds on the step before it was shown now, and when it was shown)
        self.row_kept: tuple[Row, float, float] | None = None

    @property
    def tag(self) -> str:
        """What tells two students of the same name apart on the teacher's page and in the
        CSV: the start of their key's digest (the same after a restart; it reveals nothing
        of the key)."""
        return self.key[:6]

    # -- where the student is --

    @property
    def step_index(self) -> int:
        return int(self.lab.lessons.index)

    def record(self, step: int | None = None) -> StepRecord:
        key = (self.lesson_index, self.step_index if step is None else step)
        return self.records.setdefault(key, StepRecord())

    def open_lesson(self, index: int, step: int | None = None) -> None:
        """Lesson ``index`` of the class, at ``step`` (default: where the student left it),
        with its own view: every level, nothing peeled or clipped (a peel kept from
        another lesson could hide the very corners this one asks for)."""
        self._leave_step()
        self.lesson_index = index
        given = self.room.lessons[index]
        self.view = page_view(opening_view(given.lesson))  # (the window's rule)
        self.lab.lessons.start(given.lesson, given.path, step)
        self.shown_at = time.monotonic()
        self.visits += 1
        self.changed()

    def go(self, step: int) -> None:
        self._leave_step()
        self.lab.lessons.go(step)
        self.shown_at = time.monotonic()
        self.visits += 1
        self.changed()

    def _leave_step(self) -> None:
        if self.lab.lessons.lesson is not None:
            self.record().seconds += time.monotonic() - self.shown_at

    def seconds_on_step(self) -> float:
        return self.record().seconds + (time.monotonic() - self.shown_at)

    def changed(self) -> None:
        self.version += 1
        if self.lab.lessons.lesson is not None:
            self.row_kept = (row_of(self), self.record().seconds, self.shown_at)
        self.room.touched(self.key)

    # -- answers --

    def _lesson_changed(self, what: str, *args: Any) -> None:
        shown = self.lab.lessons
        if what == "answer" and shown.verdict is not None:
            verdict = shown.verdict
            record = self.record()
            record.tries += 1
            if verdict.correct:
                record.right += 1
            else:
                record.wrong += 1
                record.last_wrong = self.hand.answer_text()
                record.reason = verdict.reason
        self.changed()

    @property
    def board(self) -> LabBoard:
        """The board on show: the student's lab's (:mod:`viewer.lab.board`)."""
        return self.lab.board

    def next(self) -> None:
        """The next step; after the last, the next lesson of the class."""
        lesson = self.lab.lessons.lesson
        assert lesson is not None
        if self.step_index + 1 < len(lesson.steps):
            self.go(self.step_index + 1)
        elif self.lesson_index + 1 < len(self.room.lessons):
            self.open_lesson(self.lesson_index + 1, 0)
        else:
            raise Refused(N_("that was the last step of the last lesson"))

    def previous(self) -> None:
        if self.step_index == 0:
            raise Refused(N_("this is the lesson's first step"))
        self.go(self.step_index - 1)

    def set_view(self, top: int, peel: int, clip: float | None) -> None:
        self.view = {"top": top, "peel": peel, "clip": clip}
        self.changed()

    # -- what the pages show --

    def live_row(self, open_keys: Collection[str] = ()) -> Row | None:
        """The teacher's line as last kept, its times brought to now (no lock needed);
        ``open`` when the student's key is one of ``open_keys`` (a page of theirs is
        connected)."""
        kept = self.row_kept
        if kept is None:
            return None
        kept_row, before, shown_at = kept
        row = kept_row.copy()
        now = time.monotonic()
        row["seconds"] = round(before + now - shown_at)
        row["away"] = round(now - self.seen_at)
        row["open"] = self.key in open_keys
        return row

    # -- the results file --

    def to_json(self) -> dict[str, Any]:
        steps = []
        for (li, si), record in sorted(self.records.items()):
            entry = record.to_json()
            if (li, si) == (self.lesson_index, self.step_index):
                entry["seconds"] = round(self.seconds_on_step(), 1)
            steps.append({"lesson": li, "step": si, **entry})
        return {
            "key_sha256": self.key,
            "name": self.name,
            "lesson": self.lesson_index,
            "step": self.step_index,
            "progress": self.progress.data,
            "steps": steps,
            "view": self.view,
        }


# ---- what the student's page shows apart from the board, and the teacher's line ----


#: The view a lesson opens with: every level, no peel, no clip.
DEFAULT_VIEW: View = {"top": 99, "peel": 0, "clip": None}


def page_view(wanted: LessonView) -> View:
    """A lesson's own view (:func:`viewer.lab.lesson_view.opening_view`) as the page
    shows one: its top level, its peel and its clip across the base (x kept below)."""
    clip = next((c.value for c in wanted.clips if c.axis == 0 and c.keep_below), None)
    return {
        "top": min(99, wanted.levels[1]) if wanted.levels is not None else 99,
        "peel": min(9, wanted.peel),
        "clip": None if clip is None else max(0, min(99, int(clip))),
    }


def end_words(student: Student) -> tuple[str, str]:
    """On a lesson's last step, what the page says of it and the teacher's line's word:
    the lesson done (its last step answered right, or one that asks nothing), or, on the
    class's last step, that Next has nowhere to go; ('', '') elsewhere."""
    shown = student.lab.lessons
    lesson = shown.lesson
    assert lesson is not None
    if student.step_index + 1 < len(lesson.steps):
        return "", ""
    verdict = shown.verdict
    finished = shown.step.task is None or (verdict is not None and verdict.correct)
    if student.lesson_index + 1 < len(student.room.lessons):
        return (
            (N_("Lesson done: Next opens the next lesson"), "lesson done") if finished else ("", "")
        )
    if finished:
        return N_("Lesson done: that was the class's last step"), "all lessons done"
    return N_("The class's last step: answer it and the lesson is done"), ""


def played_words(student: Student, base: int) -> str:
    """The student's move of this step (the first played since its position, ply
    ``base``: a lesson's reply may follow it) as its list names it: its text, and the
    game's words for it where it has some ("5 2 (deploy 2 footmen on 5)")."""
    game = student.lab.session.game
    move = game.move_stack[base]
    before = game.copy()
    while len(before.move_stack) > base:
        before.pop()
    words = student.board.ui.move_words(before, move)
    text = str(move)
    return M_("{move} ({words})", move=text, words=word(words)) if words else text


def page_of(student: Student) -> StudentPage:
    """What the student's page shows, apart from the board."""
    shown = student.lab.lessons
    lesson = shown.lesson
    assert lesson is not None
    step = shown.step
    task = step.task
    verdict = shown.verdict
    moved = len(student.lab.session.game.move_stack) > shown.base_ply
    played = played_words(student, shown.base_ply) if moved else ""
    end, ended = end_words(student)
    last_lesson = student.lesson_index + 1 >= len(student.room.lessons)
    return {
        "name": student.name,
        "lessons": [
            {"title": given.title, "steps": len(given.lesson.steps)}
            for given in student.room.lessons
        ],
        "lesson": student.lesson_index,
        "lesson_title": lesson.title,
        "step": shown.index,
        "steps": len(lesson.steps),
        "done": sorted(shown.done()),
        "title": step.title,
        "text": step.text,
        "task": None
        if task is None
        else {
            "kind": task.kind,
            "prompt": task.prompt or _default_prompt(task.kind),
            "points": task.asks_for_points(),
            "hint": (task.hint or NO_HINT) if shown.hint_shown else "",
        },
        "picked": [",".join(map(str, p)) for p in shown.picked],
        "moved": moved,
        "played": played,
        "verdict": None
        if verdict is None
        else {
            "correct": verdict.correct,
            "partial": verdict.partial,
            "word": verdict_word(verdict),
            "reason": verdict.reason,
        },
        "said": student.move_said,
        "last": student.step_index + 1 >= len(lesson.steps) and last_lesson,
        "end": end,
        "ended": bool(ended),
        "view": student.view.copy(),
        "version": student.version,
        "texts": page_texts(lesson, shown.index, [given.titles for given in student.room.lessons]),
    }


def row_of(student: Student) -> Row:
    """The teacher's line for the student."""
    shown = student.lab.lessons
    lesson = shown.lesson
    assert lesson is not None
    record = student.record()
    totals = [r for (li, _s), r in student.records.items() if li == student.lesson_index]
    return {
        "id": student.id,
        "name": student.name,
        "tag": student.tag,
        "lesson": student.lesson_index,
        "lesson_title": lesson.title,
        "step": shown.index,
        "steps": len(lesson.steps),
        "step_title": shown.step.title,
        "tries": record.tries,
        "right": record.right,
        "wrong": record.wrong,
        "lesson_right": sum(r.right for r in totals),
        "lesson_wrong": sum(r.wrong for r in totals),
        "done": sorted(shown.done()),
        "end": end_words(student)[1],
        "last_wrong": record.last_wrong,
        "reason": record.reason,
        "seconds": round(student.seconds_on_step()),
        "away": round(time.monotonic() - student.seen_at),
        "open": False,
    }


def _default_prompt(kind: str) -> str:
    return {
        "click-points": N_("Click the points on the board, then Check."),
        "place": N_("Click the point to play."),
        "move": N_("Play the move (click the board, or type it)."),
        "win-within": N_("Play the first move of the win (click its point, or type it)."),
    }.get(kind, "")


class Hand:
    """A student's hand on their board: what a page does to the board goes there as the
    window's does. A click as a site (``board.click(site)``: the turn built, a move played,
    a point picked for a click-points task), a move typed or written with a form as a move
    (``board.play``); a move played is judged by the lab's lesson state. The board answers
    what each did (:mod:`viewer.lab.outcome`): a refusal's words are the page's. The
    student sits one seat (:meth:`seat`): what the page lists beside the board is made from
    the position as that seat may see it (:mod:`.choices`). Every call is made under the
    student's lock; the student is told of a step of a turn drawn (the page draws it), and
    their ``visits`` say which showing of a step the board is in (a Retry starts afresh)."""

    def __init__(self, student: Student) -> None:
        self.student = student
        self.lab = student.lab
        #: The site last clicked, at the position it was clicked in (the page lists the
        #: moves that involve it).
        self.clicked: tuple[Hashable, int] | None = None
        # the lab's typed events, as the window's (the board has its new UI and turn)
        self.lab.follows.connect(self.follow)

    @property
    def board(self) -> LabBoard:
        """The board on show: the student's lab's (:mod:`viewer.lab.board`)."""
        return self.lab.board

    def answering(self) -> None:
        """Refused in words unless the step waits for an answer: it has a task, not yet
        answered right, and no move is on the board (Retry takes a wrong one back)."""
        shown = self.lab.lessons
        if shown.step.task is None:
            raise Refused(N_("this step asks nothing: read it and go on with Next"))
        if shown.verdict is not None and shown.verdict.correct:
            raise Refused(N_("answered right already: go on with Next"))
        if len(self.lab.session.game.move_stack) > shown.base_ply:
            raise Refused(N_("a move is on the board already: Retry to answer again"))

    def takes_clicks(self) -> bool:
        """Whether the step waits for an answer (:meth:`answering`): the board takes a
        click."""
        try:
            self.answering()
        except Refused:
            return False
        return True

    def answer_text(self) -> str:
        """The student's answer as the teacher reads it: the points picked, else the move
        played."""
        shown = self.lab.lessons
        if shown.picked:
            return "; ".join(",".join(map(str, p)) for p in shown.picked)
        stack = self.lab.session.game.move_stack
        if len(stack) > shown.base_ply:
            return str(stack[shown.base_ply])
        return ""

    def seat(self) -> int:
        """The seat the student plays at this step: the player to move in the step's
        position (-1 at a simultaneous node: every side is the student's)."""
        return max(-1, self.lab.lessons.step.game.current_player())

    def follow(self, event: Following) -> None:
        """The lab followed a change of the session: a position taken in or kept (below);
        another document's UI is the board's own."""
        if isinstance(event, (PositionTaken, PositionKept)):
            self.position_changed(event.reason)

    def position_changed(self, reason: PositionChange) -> None:
        """A new position on the board: a step's overlays, and the student seated
        (below)."""
        board = self.board
        if reason in ("load", "new") and self.lab.lessons.lesson is not None:
            board.ui.set_overlays(self.lab.lessons.step.overlays)  # a step's, as the window's
        seat = self.seat()
        if seat >= 0 and self.lab.session.game.current_player() == seat:
            # The student sits at their own screen: a UI that waits for the player
            # deciding to take the screen (Rolling's hot seat, "I am red" in the window's
            # Turn dock, which the page has not) has them seated, so the board takes their
            # clicks and shows their own secret orders (and no one else's).
            board.ui.take_seat()

    def where(self) -> Hashable:
        """The position on the board as the page shows it: a click's site and the moves
        listed hold while it is the same (a Retry starts afresh)."""
        game = self.lab.session.game
        return (self.student.visits, len(game.move_stack), game.position_key())

    def choices(self) -> Choices:
        """What the page lists beside the board, from the position as the student's seat
        may see it (:mod:`.choices`)."""
        clicked = self.clicked
        site = clicked[1] if clicked is not None and clicked[0] == self.where() else None
        return Choices.of(self.board, self.seat(), site)

    def at_board(self, verb: Callable[[LabBoard], Outcome], site: int | None = None) -> None:
        """A hand on the student's board (``verb``: a click on ``site``, a move played), as
        the window forwards one, while the step waits for an answer (:meth:`answering`).
        What the board answers decides (:mod:`viewer.lab.outcome`): a move played is
        judged by the lesson, a point picked is kept (the words offering the point its
        ball hides are the page's message); a step of a turn is drawn, and what the board
        said of it (a ball's group described, why no ball goes there) or of a refusal is
        the page's refusal."""
        self.answering()
        if site is not None:
            self.clicked = (self.where(), site)
        outcome = verb(self.board)
        if isinstance(outcome, Picked) and outcome.offer:
            raise Refused(outcome.words)  # a ball picked, the point behind it offered
        if isinstance(outcome, (Played, Picked)):
            return  # a move played (and judged), a point picked: the lesson said so
        self.student.changed()  # a step of the turn drawn (a stone selected, a group shown)
        if outcome.words:
            raise Refused(outcome.words)  # why no move (the ball's group described, ...)

    def click_point(self, point: tuple[int, ...]) -> None:
        """A point by its coordinates (a script's way to click): the site at that point,
        clicked."""
        self.answering()
        game, ui = self.lab.session.game, self.board.ui
        site = site_of(ui, point) if self.student.room.on_board(game, point) else None
        if site is None:
            raise Refused(
                M_("{point} is not a point of this board", point=",".join(map(str, point)))
            )
        self.at_board(lambda board: board.click(site), site)

    def play(self, move: Move) -> None:
        """``move`` (typed, a button's, a form's) played on the board, judged by the
        lesson; refused in words where the step asks for points or the rules forbid it."""
        self.answering()
        if self.lab.lessons.asks_for_points():
            raise Refused(N_("this step asks for points on the board, not a move"))
        why = self.lab.session.game.why_illegal(move)
        if why is not None:
            raise Refused(why)
        self.at_board(lambda board: board.play(move))

    def read_move(self, text: str) -> Move:
        """The move written ``text`` in the game's notation (typed, a button's, the form's
        choices written); refused in words when it is none."""
        self.answering()
        if self.lab.lessons.asks_for_points():
            raise Refused(N_("this step asks for points on the board, not a move"))
        try:
            return self.lab.session.game.parse_move(text)
        except ValueError as exc:
            said = reason_of(exc)  # (the game's words name the text already: not said twice)
            if quote(text) in said:
                raise Refused(said) from None
            raise Refused(M_("{move}: {reason}", move=shorten(text, 40), reason=said)) from None

    def check(self) -> None:
        """The points picked, judged."""
        shown = self.lab.lessons
        if not shown.asks_for_points():
            raise Refused(N_("this step is answered on the board: no points to check"))
        if not shown.picked:
            raise Refused(N_("click the points first, then Check"))
        shown.check()
