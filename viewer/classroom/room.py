"""The class: the lessons, the students and what the teacher sees. No Qt, no VTK, no web.

Each student is a :class:`~viewer.lab.Lab` of their own (its session and its
:class:`~viewer.lab.lesson.Lessons`, the very lesson state the window shows: steps,
judging by the rules, hints, Retry), with the progress kept here on the server
(:class:`StudentProgress`) rather than in the user's progress file, and the tries, the
wrong answers and the time on each step that the teacher's page lists. The class may be
closed to new students (a join then waits for the teacher's yes), and the students the
teacher removed are kept aside (their keys act no more, over a restart too) until they
are brought back.

Every value from a browser is checked as a file is (:mod:`.checks`); the results file, one
class's, locked, private and whole, is :mod:`.store`'s; the class reads it at its start
(:meth:`Classroom.load`) and writes it (:meth:`Classroom.save`), so a student's key still
leads to their place after a restart.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from model import lesson as lessons
from model.game import Game, PositionFormatError, shorten
from model.userfiles import LessonProgress

from ..lab import CANCEL, Lab
from ..lab.lesson_view import LessonView, opening_view
from ..lab.session import Session
from .checks import (
    MAX_WAITING,
    Refused,
    bounded_text,
    code_of,
    key_of,
    make_token,
    name_of,
    seconds_of,
    token_of,
    whole_number,
)
from .store import (
    RESULTS_FORMAT,
    RESULTS_FORMAT_1,
    ResultsLock,
    read_results,
    real_path,
    write_private,
)

MAX_STUDENTS = 200
MAX_MOVE_TEXT = 60
#: Students removed and kept (to be brought back) at most; past it the oldest go for good.
MAX_REMOVED = 1000
#: What a join is told when the class is closed and as many wait as may (said in words:
#: the newcomer knows to ask the teacher, who sees the waiting room full).
WAITING_FULL = (
    f"the class is closed and {MAX_WAITING} are already waiting for the teacher's yes: "
    "ask the teacher to let you in (or to refuse some of those waiting), then join again"
)


# ---- the lessons --------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassLesson:
    """A lesson file given to the class."""

    path: Path
    lesson: lessons.LessonFile

    @property
    def title(self) -> str:
        return self.lesson.title


def find_lessons(paths: Sequence[str | os.PathLike[str]]) -> list[Path]:
    """The lesson files named, a folder standing for the lesson files under it (sorted),
    each once; PositionFormatError naming a path that is neither."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            inside = sorted(p for p in path.rglob(f"*{lessons.SUFFIX}") if p.is_file())
            if not inside:
                raise PositionFormatError(str(path), "the folder holds no lesson file")
            found += inside
        elif path.is_file():
            found.append(path)
        else:
            raise PositionFormatError(str(path), "no such file or folder")
    return list(dict.fromkeys(path.resolve() for path in found))


# ---- one student ------------------------------------------------------------------------------


class Removed(Refused):
    """A key of a student the teacher removed (the page keeps it: they may be brought
    back)."""


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


class _Port:
    """The lab's port for a student: no dialog is ever opened; what it says is kept."""

    def __init__(self) -> None:
        self.said = ""

    def choose_file(self, purpose: Literal["open", "save"], start: Path) -> str | None:
        return None

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        return CANCEL

    def ask_number(self, title: str, text: str, value: int, low: int, high: int) -> int | None:
        return None

    def show_message(self, title: str, text: str) -> None:
        self.said = f"{title}: {text}"


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


def _record_of(raw: Any) -> StepRecord:
    if not isinstance(raw, dict):
        raise PositionFormatError("steps", "each record must be an object")
    return StepRecord(
        tries=whole_number(raw.get("tries", 0), "tries", 0, 10**9),
        right=whole_number(raw.get("right", 0), "right", 0, 10**9),
        wrong=whole_number(raw.get("wrong", 0), "wrong", 0, 10**9),
        seconds=seconds_of(raw.get("seconds", 0)),
        last_wrong=bounded_text(raw.get("last_wrong", ""), "last_wrong", 2000),
        reason=bounded_text(raw.get("reason", ""), "reason", 4000),
    )


#: The view a lesson opens with: every level, no peel, no clip.
DEFAULT_VIEW: dict[str, Any] = {"top": 99, "peel": 0, "clip": None}


def page_view(wanted: LessonView) -> dict[str, Any]:
    """A lesson's own view (:func:`viewer.lab.lesson_view.opening_view`) as the page
    shows one: its top level, its peel and its clip across the base (x kept below)."""
    clip = next((c.value for c in wanted.clips if c.axis == 0 and c.keep_below), None)
    return {
        "top": min(99, wanted.levels[1]) if wanted.levels is not None else 99,
        "peel": min(9, wanted.peel),
        "clip": None if clip is None else max(0, min(99, int(clip))),
    }


class Student:
    """One student: their lab (the lesson state the window uses), where they are, and
    their records per (lesson, step). Every call is made under :attr:`lock`."""

    def __init__(self, room: Classroom, key: str, name: str, token: str = "") -> None:
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
        self.lab = Lab(Session(first.steps[0].game.copy()), self.port)
        self.progress = StudentProgress()
        self.lab.lessons.progress = self.progress
        self.lab.lessons.changed.connect(self._lesson_changed)
        self.view: dict[str, Any] = dict(DEFAULT_VIEW)
        #: The teacher's line as of the last change (read without the lock: a student's
        #: long answer, a win-within task's proof, never holds the teacher's page).
        self.row_kept: dict[str, Any] | None = None

    @property
    def tag(self) -> str:
        """What tells two students of the same name apart on the teacher's page and in the
        CSV: the start of their key's digest (the same after a restart; it reveals nothing
        of the key)."""
        return self.key[:6]

    # -- where the student is --

    @property
    def lessons(self) -> Any:
        return self.lab.lessons

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
            self.row_kept = self.row()
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
                record.last_wrong = self._answer_text()
                record.reason = verdict.reason
        self.changed()

    def _answer_text(self) -> str:
        shown = self.lab.lessons
        if shown.picked:
            return "; ".join(",".join(map(str, p)) for p in shown.picked)
        stack = self.lab.session.game.move_stack
        if len(stack) > shown.base_ply:
            return str(stack[shown.base_ply])
        return ""

    def answering(self) -> None:
        """Refused in words unless the step waits for an answer: it has a task, not yet
        answered right, and no move is on the board (Retry takes a wrong one back)."""
        shown = self.lab.lessons
        if shown.step.task is None:
            raise Refused("this step asks nothing: read it and go on with Next")
        if shown.verdict is not None and shown.verdict.correct:
            raise Refused("answered right already: go on with Next")
        if len(self.lab.session.game.move_stack) > shown.base_ply:
            raise Refused("a move is on the board already: Retry to answer again")

    def click(self, point: tuple[int, ...]) -> None:
        """A point clicked on the board: picked (click-points) or the move there."""
        self.answering()
        if not self._on_board(point):
            raise Refused(f"{','.join(map(str, point))} is not a point of this board")
        shown = self.lab.lessons
        if shown.asks_for_points():
            shown.pick(point)
            return
        self.play(",".join(map(str, point)))

    def seat(self) -> int:
        """The seat the student plays at this step: the player to move in the step's
        position (-1 at a simultaneous node: every side is the student's)."""
        return max(-1, self.lab.lessons.step.game.current_player())

    def _on_board(self, point: tuple[int, ...]) -> bool:
        return self.room.on_board(self.lab.session.game, point)

    def play(self, text: str) -> None:
        """The move written ``text`` (a click, typed, or a form's), judged by the lesson."""
        self.answering()
        if self.lab.lessons.asks_for_points():
            raise Refused("this step asks for points on the board, not a move")
        game = self.lab.session.game
        try:
            move = game.parse_move(text)
        except ValueError as exc:
            raise Refused(f"{shorten(text, 40)}: {exc}") from None
        why = game.why_illegal(move)
        if why is not None:
            raise Refused(why)
        self.lab.play(move)

    def check(self) -> None:
        shown = self.lab.lessons
        if not shown.asks_for_points():
            raise Refused("this step is answered on the board: no points to check")
        if not shown.picked:
            raise Refused("click the points first, then Check")
        shown.check()

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
            raise Refused("that was the last step of the last lesson")

    def previous(self) -> None:
        if self.step_index == 0:
            raise Refused("this is the lesson's first step")
        self.go(self.step_index - 1)

    def set_view(self, top: int, peel: int, clip: float | None) -> None:
        self.view = {"top": top, "peel": peel, "clip": clip}
        self.changed()

    # -- what the pages show --

    def page(self) -> dict[str, Any]:
        """What the student's page shows, apart from the board."""
        shown = self.lab.lessons
        lesson = shown.lesson
        assert lesson is not None
        step = shown.step
        task = step.task
        verdict = shown.verdict
        done = shown.done()
        moved = len(self.lab.session.game.move_stack) > shown.base_ply
        return {
            "name": self.name,
            "lessons": [
                {"title": given.title, "steps": len(given.lesson.steps)}
                for given in self.room.lessons
            ],
            "lesson": self.lesson_index,
            "lesson_title": lesson.title,
            "step": shown.index,
            "steps": len(lesson.steps),
            "done": sorted(done),
            "title": step.title,
            "text": step.text,
            "task": None
            if task is None
            else {
                "kind": task.kind,
                "prompt": task.prompt or _default_prompt(task.kind),
                "points": task.asks_for_points(),
                "hint": (task.hint or "no hint for this task") if shown.hint_shown else "",
            },
            "picked": [",".join(map(str, p)) for p in shown.picked],
            "moved": moved,
            "verdict": None
            if verdict is None
            else {"correct": verdict.correct, "reason": verdict.reason},
            "said": self.move_said,
            "last": self.step_index + 1 >= len(lesson.steps)
            and self.lesson_index + 1 >= len(self.room.lessons),
            "view": dict(self.view),
            "version": self.version,
        }

    def row(self) -> dict[str, Any]:
        """The teacher's line for this student."""
        shown = self.lab.lessons
        lesson = shown.lesson
        assert lesson is not None
        record = self.record()
        totals = [r for (li, _s), r in self.records.items() if li == self.lesson_index]
        return {
            "id": self.id,
            "name": self.name,
            "tag": self.tag,
            "lesson": self.lesson_index,
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
            "last_wrong": record.last_wrong,
            "reason": record.reason,
            "seconds": round(self.seconds_on_step()),
            "away": round(time.monotonic() - self.seen_at),
            "_before": record.seconds,  # on the step before it was shown now
            "_shown_at": self.shown_at,
        }

    def live_row(self) -> dict[str, Any] | None:
        """The teacher's line as last kept, its times brought to now (no lock needed)."""
        kept = self.row_kept
        if kept is None:
            return None
        row = dict(kept)
        now = time.monotonic()
        row["seconds"] = round(row.pop("_before") + now - row.pop("_shown_at"))
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


def _default_prompt(kind: str) -> str:
    return {
        "click-points": "Click the points on the board, then Check.",
        "place": "Click the point to play.",
        "move": "Play the move (click the board, or type it).",
        "win-within": "Play the first move of the win (click its point, or type it).",
    }.get(kind, "")


# ---- the class ------------------------------------------------------------------------------


@dataclass
class Classroom:
    """The lessons given, the class code and the students, by the digests of their keys."""

    lessons: list[ClassLesson]
    code: str
    results: Path | None = None
    students: dict[str, Student] = field(default_factory=dict)
    #: Whether a point (a position file's coordinates) is a site of the game's board (as
    #: its UI reads it: :func:`viewer.classroom.sites.on_board`); none by default.
    on_board: Callable[[Game, tuple[int, ...]], bool] = field(default=lambda game, point: False)

    def __post_init__(self) -> None:
        self.lock = threading.RLock()
        self.dirty = False
        self.written_at = 0.0
        #: Why the results file could not be written last ('' once it was): the
        #: teacher's page shows it, and the command ends non-zero.
        self.save_failed = ""
        self.ever_failed = False
        self.held: ResultsLock | None = None
        #: Closed to new students: a join waits for the teacher's yes (:meth:`wait`).
        self.closed = False
        #: The students the teacher removed, by their keys' digests, oldest first: their
        #: keys act no more (over a restart too), and the teacher may bring them back.
        self.removed: dict[str, Student] = {}
        #: The joins waiting for the teacher's yes, by their handle: the names asked.
        self.waiting: dict[str, str] = {}
        #: Grows with every change the teacher's page shows.
        self.version = 0
        #: Told (from any thread) of each change: a student's key's digest, or None for
        #: the class's (the server pushes what changed to the pages concerned).
        self.listener: Callable[[str | None], None] | None = None

    @classmethod
    def open(
        cls,
        paths: Sequence[str | os.PathLike[str]],
        code: str,
        results: Path | None,
        on_board: Callable[[Game, tuple[int, ...]], bool],
        *,
        lock: bool = False,
    ) -> Classroom:
        """The class of the lesson files (or folders of them) at ``paths``; the students of
        ``results`` when it exists (locked first when ``lock``: a class running on it
        already is refused). PositionFormatError naming the file at fault."""
        given = [ClassLesson(path, lessons.read(path)) for path in find_lessons(paths)]
        if results is not None:  # one class however its file is spelled (links, ..)
            results = real_path(results)
        room = cls(given, code_of(code), results, on_board=on_board)
        if results is not None:
            if lock:
                room.held = ResultsLock(results)
                room.held.take()
            try:
                if os.path.lexists(results):
                    room.load(results)
            except BaseException:
                room.close()
                raise
        return room

    def close(self) -> None:
        """Let go of the results file (the class has ended)."""
        if self.held is not None:
            self.held.release()
            self.held = None

    def touched(self, key: str | None = None) -> None:
        """Something changed (a student's, by their key's digest, or the class's): kept at
        the next save, and said to :attr:`listener`."""
        self.dirty = True
        self.version += 1
        if self.listener is not None:
            self.listener(key)

    # -- students --

    def join(self, name: Any) -> Student:
        """A new student of that name, with a key of their own (in :attr:`Student.token`
        for this run only). Refused in words when the class is full, or closed to new
        students (then the join waits for the teacher: :meth:`wait`)."""
        name = name_of(name)
        with self.lock:
            if self.closed:
                raise Refused("the class is closed to new students: ask the teacher")
            return self._join(name)

    def _join(self, name: str) -> Student:
        if len(self.students) >= MAX_STUDENTS:
            raise Refused(
                f"the class is full ({MAX_STUDENTS} students): the teacher can remove some"
            )
        token = make_token()
        student = Student(self, key_of(token), name, token)
        with student.lock:
            student.open_lesson(0, 0)
        self.students[student.key] = student
        self.touched(None)
        return student

    def set_closed(self, closed: bool) -> None:
        """Close the class to new students (a join then waits for the teacher's yes), or
        open it again (those waiting are let in by the page asking again)."""
        with self.lock:
            self.closed = closed
            self.touched(None)

    def wait(self, name: Any) -> str:
        """A join asked while the class is closed: its handle, until the teacher says yes
        (:meth:`admit`) or no (:meth:`refuse`)."""
        name = name_of(name)
        with self.lock:
            if len(self.waiting) >= MAX_WAITING:
                raise Refused(WAITING_FULL)
            handle = secrets.token_hex(6)
            self.waiting[handle] = name
            self.touched(None)
            return handle

    def admit(self, handle: str) -> Student:
        """The teacher's yes to a join waiting: the student, in the class."""
        with self.lock:
            name = self.waiting.get(handle)
            if name is None:
                raise Refused("that page is no longer waiting (closed?)")
            student = self._join(name)
            del self.waiting[handle]
            return student

    def forget_waiting(self, handle: str) -> str:
        """A join waiting no more (its page closed); its name."""
        return "".join(self.refuse([handle]))

    def refuse(self, handles: Iterable[str]) -> list[str]:
        """The teacher's no to joins waiting (by their handles), at once: the names of
        those that were waiting (one change for all)."""
        with self.lock:
            names = [name for h in handles if (name := self.waiting.pop(h, ""))]
            if names:
                self.touched(None)
            return names

    def student(self, token: Any) -> Student:
        key = key_of(token_of(token))
        with self.lock:
            found = self.students.get(key)
            gone = key in self.removed
        if gone:
            raise Removed("the teacher has taken you out of this class: ask the teacher")
        if found is None:
            raise Refused("this class does not know you (yet): type your name to join")
        found.seen_at = time.monotonic()
        return found

    def remove(self, ids: Any) -> list[str]:
        """The teacher removes students (by their rows' ids) from the class and its results;
        their names. Their keys act no more, over a restart too (their pages say so); they
        are kept aside until the teacher brings them back (:meth:`bring_back`)."""
        wanted = _ids(ids)
        names = []
        with self.lock:
            for key, student in list(self.students.items()):
                if student.id in wanted:
                    del self.students[key]
                    self.removed[key] = student
                    names.append(student.name)
                    self.touched(key)
            while len(self.removed) > MAX_REMOVED:
                del self.removed[next(iter(self.removed))]
        if not names:
            raise Refused("no such student (removed already?)")
        return names

    def bring_back(self, ids: Any) -> list[str]:
        """Students removed, back in the class as they were; their names."""
        wanted = _ids(ids)
        names = []
        with self.lock:
            for key, student in list(self.removed.items()):
                if student.id in wanted:
                    if len(self.students) >= MAX_STUDENTS:
                        raise Refused(f"the class is full ({MAX_STUDENTS} students)")
                    del self.removed[key]
                    self.students[key] = student
                    names.append(student.name)
                    self.touched(key)
        if not names:
            raise Refused("no such student removed")
        return names

    def teacher(self, code: Any) -> None:
        if not secrets.compare_digest(bytes(code_of(code), "utf-8"), bytes(self.code, "utf-8")):
            raise Refused("that is not this class's code")

    def roster(self) -> list[Student]:
        with self.lock:
            return sorted(self.students.values(), key=lambda s: (s.name.lower(), s.token))

    def rows(self) -> list[dict[str, Any]]:
        """The teacher's lines, as each student's last change left them."""
        return [row for student in self.roster() if (row := student.live_row()) is not None]

    def lines(self) -> dict[str, Any]:
        """What the teacher's page shows: the lines, the joins waiting, the students
        removed (to bring back), whether the class is closed, the lessons."""
        with self.lock:
            waiting = [{"id": h, "name": n} for h, n in self.waiting.items()]
            removed = [
                {"id": s.id, "name": s.name, "tag": s.tag} for s in reversed(self.removed.values())
            ]
        return {
            "rows": self.rows(),
            "waiting": waiting,
            "waiting_max": MAX_WAITING,
            "removed": removed,
            "closed": self.closed,
            "lessons": [
                {"title": given.title, "steps": len(given.lesson.steps)} for given in self.lessons
            ],
            "alarm": self.save_failed,
        }

    def everyone_to(self, lesson: int, step: int) -> int:
        """Every student to lesson ``lesson``'s step ``step`` (counted from 0); how many."""
        lesson = whole_number(lesson, "the lesson", 0, len(self.lessons) - 1)
        steps = len(self.lessons[lesson].lesson.steps)
        step = whole_number(step, "the step", 0, steps - 1)
        moved = 0
        for student in self.roster():
            with student.lock:
                if student.lesson_index != lesson:
                    student.open_lesson(lesson, step)
                else:
                    student.go(step)
                moved += 1
        return moved

    def csv_text(self) -> str:
        """The results, a line per student and step tried or shown."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            [
                "student",
                "student tag",
                "lesson",
                "lesson title",
                "step",
                "step title",
                "answered right",
                "tries",
                "right",
                "wrong",
                "seconds",
                "last wrong answer",
                "why it was wrong",
            ]
        )
        for student in self.roster():
            with student.lock:
                data = student.to_json()
            for entry in data["steps"]:
                given = self.lessons[entry["lesson"]]
                steps = given.lesson.steps
                done = student.progress.done(given.path)
                step = steps[entry["step"]] if entry["step"] < len(steps) else None
                if step is not None and step.task is None:
                    right = "no question"  # a step to read: nothing to answer
                else:
                    right = "yes" if entry["step"] in done else "no"
                writer.writerow(
                    [
                        _cell(student.name),
                        student.tag,
                        entry["lesson"] + 1,
                        _cell(given.title),
                        entry["step"] + 1,
                        _cell(step.title) if step is not None else "",
                        right,
                        entry["tries"],
                        entry["right"],
                        entry["wrong"],
                        round(entry["seconds"]),
                        _cell(entry["last_wrong"]),
                        _cell(entry["reason"]),
                    ]
                )
        return out.getvalue()

    # -- the results file --

    def to_json(self) -> dict[str, Any]:
        students = []
        for student in self.roster():
            with student.lock:
                students.append(student.to_json())
        with self.lock:
            gone = list(self.removed.values())
        removed = []
        for student in gone:
            with student.lock:
                removed.append(student.to_json())
        return {
            "format": RESULTS_FORMAT,
            "lessons": [str(given.path) for given in self.lessons],
            "students": students,
            "removed": removed,
            "closed": self.closed,
        }

    def save(self) -> Path | None:
        """Write the results file atomically, mode 0600 (when the class has one); its path.
        OSError when it cannot be written: kept in :attr:`save_failed` (the teacher's page
        says it) and raised."""
        if self.results is None:
            return None
        self.dirty = False
        data = json.dumps(self.to_json(), ensure_ascii=False, indent=1).encode("utf-8")
        try:
            write_private(self.results, data)
        except OSError as exc:
            self.dirty = True
            self.ever_failed = True
            self.save_failed = (
                f"the results file cannot be written ({exc.strerror or 'an error'}): "
                "the class's progress is not being kept"
            )
            raise
        self.save_failed = ""
        self.written_at = time.monotonic()
        return self.results.resolve()

    def load(self, path: Path) -> None:
        """The students of a results file this class wrote (the lessons matched by path)."""
        raw = read_results(path)
        if not isinstance(raw, dict) or raw.get("format") not in (RESULTS_FORMAT, RESULTS_FORMAT_1):
            raise PositionFormatError(str(path), f"not a results file ({RESULTS_FORMAT})")
        where = {str(given.path): i for i, given in enumerate(self.lessons)}
        listed = raw.get("lessons")
        if not isinstance(listed, list):
            raise PositionFormatError(str(path), '"lessons" must be a list')
        try:
            for entry in _entries(raw.get("students")):
                key, student = self._restore(entry, listed, where)
                self.students[key] = student
            for entry in _entries(raw.get("removed", [])):
                key, student = self._restore(entry, listed, where)
                self.students.pop(key, None)
                self.removed[key] = student
            while len(self.removed) > MAX_REMOVED:
                del self.removed[next(iter(self.removed))]
            self.closed = raw.get("closed") is True
        except (Refused, PositionFormatError) as exc:
            raise PositionFormatError(str(path), str(exc)) from None
        if len(self.students) > MAX_STUDENTS:
            raise PositionFormatError(str(path), f"more than {MAX_STUDENTS} students")

    def _restore(
        self, entry: dict[str, Any], listed: list[Any], where: dict[str, int]
    ) -> tuple[str, Student]:
        if "key_sha256" in entry:
            key = bounded_text(entry.get("key_sha256"), "a key's digest", 64)
            if not re.fullmatch(r"[0-9a-f]{64}", key):
                raise Refused("a key's digest is 64 hexadecimal digits")
        else:  # the first format: the key in clear, hashed now (and so written)
            key = key_of(token_of(entry.get("token")))
        student = Student(self, key, name_of(entry.get("name")))
        progress = entry.get("progress", {})
        student.progress.data = student.progress.parse({"lessons": progress})

        def ours(index: Any) -> int | None:
            index = whole_number(index, "a lesson", 0, 10**6)
            if index >= len(listed) or not isinstance(listed[index], str):
                return None
            return where.get(listed[index])

        for step in _entries(entry.get("steps", [])):
            lesson = ours(step.get("lesson"))
            if lesson is not None:
                number = whole_number(step.get("step"), "a step", 0, lessons.MAX_STEPS)
                student.records[(lesson, number)] = _record_of(step)
        view = entry.get("view")
        if isinstance(view, dict):
            student.view = {
                "top": whole_number(view.get("top", 99), "top", 0, 99),
                "peel": whole_number(view.get("peel", 0), "peel", 0, 9),
                "clip": None,
            }
        lesson = ours(entry.get("lesson", 0))
        with student.lock:
            if lesson is None:
                student.open_lesson(0, 0)
            else:
                steps = len(self.lessons[lesson].lesson.steps)
                at = whole_number(entry.get("step", 0), "a step", 0, lessons.MAX_STEPS)
                student.open_lesson(lesson, min(at, steps - 1))
        return key, student


def _ids(value: Any) -> set[str]:
    """The teacher's choice of students: a list of rows' ids (at most a class's worth)."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_STUDENTS + MAX_REMOVED:
        raise Refused("which students? (a list of them)")
    return {bounded_text(v, "a student", 24) for v in value}


def _entries(value: Any) -> Iterable[dict[str, Any]]:
    if not isinstance(value, list):
        raise Refused("the students and their steps must be lists")
    for entry in value:
        if not isinstance(entry, dict):
            raise Refused("each student and step must be an object")
        yield entry


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
