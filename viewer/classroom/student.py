"""One student of the class: their own :class:`~viewer.lab.Lab` with the board on show
(:mod:`viewer.lab.board`, the window's: the game's UI, its turn builder, the board's modes,
the lesson's among them), where they are in the class's lessons, and their records per
(lesson, step) (:mod:`.records`), kept by the class (:mod:`.room`) in its results file.
Their hand on the board is :class:`~.hand.Hand`; what their page and the teacher's line
show is :mod:`.student_page`'s. No Qt, no web."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

from pyramid_lab.i18n import N_
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.game import Game

from ..games import ui_class
from ..lab import CANCEL, Lab
from ..lab.board import Board as LabBoard
from ..lab.lesson_view import opening_view
from ..lab.session import Session
from .checks import Refused
from .choices import PAGE_WORDS
from .hand import Hand
from .records import StepRecord, StudentProgress
from .replies import Row, View
from .student_page import DEFAULT_VIEW, page_view, row_of


@dataclass(frozen=True)
class ClassLesson:
    """A lesson file given to the class."""

    path: Path
    lesson: lessons.LessonFile

    @property
    def title(self) -> str:
        return self.lesson.title


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
        self.hand = Hand(
            self.lab, lambda game, point: room.on_board(game, point), self.changed, self._visits
        )
        self.view: View = DEFAULT_VIEW.copy()
        #: The teacher's line as of the last change (read without the lock: a student's
        #: long answer, a win-within task's proof, never holds the teacher's page).
        #: (with the seconds on the step before it was shown now, and when it was shown)
        self.row_kept: tuple[Row, float, float] | None = None

    def _visits(self) -> int:
        return self.visits

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

    def hint(self) -> None:
        self.lab.lessons.hint()

    def retry(self) -> None:
        self.go(self.step_index)

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

    def live_row(self) -> Row | None:
        """The teacher's line as last kept, its times brought to now (no lock needed)."""
        kept = self.row_kept
        if kept is None:
            return None
        kept_row, before, shown_at = kept
        row = kept_row.copy()
        now = time.monotonic()
        row["seconds"] = round(before + now - shown_at)
        row["away"] = round(now - self.seen_at)
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
