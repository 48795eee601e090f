"""The class: the lessons, the students and what the teacher sees. No Qt, no web.

Each student (:mod:`.student`) is a :class:`~viewer.lab.Lab` of their own (its session,
the board on show and its :class:`~viewer.lab.lesson.Lessons`, the very lesson state the
window shows: steps, judging by the rules, hints, Retry), with the progress kept here on
the server rather than in the user's progress file, and the tries, the wrong answers and
the time on each step that the teacher's page lists. The class may be closed to new
students (:class:`Admission`: a join then waits for the teacher's yes, and a late student
comes in by a door number the teacher reads out, good once, for
:data:`~.checks.DOOR_SECONDS`; the seats kept for joins being answered on the threads), and
the students the teacher removed are kept aside (their keys act no more, over a restart
too) until they are brought back.

Every value from a browser is checked as a file is (:mod:`.checks`); the results file, one
class's, locked, private and whole, is :mod:`.store`'s; the class reads it at its start
(:meth:`Classroom.load`) and writes it (:meth:`Classroom.save`), so a student's key still
leads to their place after a restart. Its contents are the whole class
(:func:`results_json`); the teacher's CSV (:func:`csv_text`) is a line per student and
step. One concept, the class, in one module (its 656 lines: the way in, the class, its
results).
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
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.game import Game, PositionFormatError
from pyramid_lab.model.save_links import check_links
from pyramid_lab.model.words import reason_of, system_reason

from .checks import (
    DOOR_DIGITS,
    DOOR_SECONDS,
    MAX_REMOVED,
    MAX_STUDENTS,
    MAX_WAITING,
    Refused,
    bounded_text,
    code_of,
    key_of,
    make_token,
    name_of,
    token_of,
    whole_number,
)
from .replies import DoorOpen, RemovedShown, Row, TeacherLines, Waiting
from .store import (
    RESULTS_FORMAT,
    RESULTS_FORMAT_1,
    ResultsLock,
    read_results,
    real_path,
    write_private,
)
from .student import ClassLesson, Removed, Student, record_of
from .words import lines_texts

__all__ = ["Classroom", "csv_text", "find_lessons"]


# ---- the lessons --------------------------------------------------------------------------


def find_lessons(paths: Sequence[str | os.PathLike[str]]) -> list[Path]:
    """The lesson files named, a folder standing for the lesson files under it (sorted;
    its games' folders in the order its ``order.json`` gives, as the window's Lessons
    menu: the shipped class opens on the first Partition lesson), each once;
    PositionFormatError naming a path that is neither."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            folders = {name: n for n, name in enumerate(lessons.lesson_folders(path))}
            inside = sorted(
                (p for p in path.rglob(f"*{lessons.SUFFIX}") if p.is_file()),
                key=lambda p: (folders.get(p.relative_to(path).parts[0], -1), p),
            )
            if not inside:
                raise PositionFormatError(str(path), M_("the folder holds no lesson file"))
            found += inside
        elif path.is_file():
            found.append(path)
        else:
            raise PositionFormatError(str(path), M_("no such file or folder"))
    return list(dict.fromkeys(path.resolve() for path in found))


# ---- the way in: the class closed to new students, door numbers ---------------------------

#: Door numbers open at once (each good once, for checks.DOOR_SECONDS): past it the oldest
#: opens the door no more.
MAX_DOORS = 20
#: What a join is told when the class is closed and as many wait as may (said in words:
#: the newcomer knows to ask the teacher, who sees the waiting room full).
WAITING_FULL = M_(
    "the class is closed and {count} are already waiting for the teacher's yes: "
    "ask the teacher for a door number and type it here",
    count=MAX_WAITING,
)
#: What a door number that opens nothing is told.
NO_DOOR = M_(
    "that number does not open the class (mistyped, used already, or older than "
    "{minutes} minutes): ask the teacher for another",
    minutes=DOOR_SECONDS // 60,
)
#: What a join is told when the class has no seat left.
FULL = M_("the class is full ({count} students): the teacher can remove some", count=MAX_STUDENTS)


class Admission:
    """Whether the class is closed to new students, the joins waiting for the teacher's
    yes, the door numbers given and the seats kept for joins being answered; under the
    class's ``lock``, each change told to ``touched``; ``seated()``: the students in the
    class."""

    def __init__(
        self, lock: threading.RLock, touched: Callable[[], None], seated: Callable[[], int]
    ) -> None:
        self.lock = lock
        self.touched = touched
        self.seated = seated
        #: Closed to new students: a join waits for the teacher's yes (:meth:`wait`).
        self.closed = False
        #: The joins waiting for the teacher's yes, by their handle: the names asked.
        self.waiting: dict[str, str] = {}
        #: The door numbers the teacher gave, good once each, until when (monotonic):
        #: a late student comes in by one though the class is closed.
        self.doors: dict[str, float] = {}
        #: Joins being answered on the threads (each a seat the class keeps for it).
        self.joining = 0

    def full(self) -> bool:
        """Whether no seat is left, the joins being answered counted."""
        return self.seated() + self.joining >= MAX_STUDENTS

    def set_closed(self, closed: bool) -> None:
        """Close the class to new students (a join then waits for the teacher's yes), or
        open it again (those waiting are let in by the page asking again)."""
        with self.lock:
            self.closed = closed
            self.touched()

    def wait(self, name: Any) -> str:
        """A join asked while the class is closed: its handle, until the teacher says yes
        (:meth:`.room.Classroom.admit`) or no (:meth:`refuse`)."""
        name = name_of(name)
        with self.lock:
            if len(self.waiting) >= MAX_WAITING:
                raise Refused(WAITING_FULL)
            handle = secrets.token_hex(6)
            self.waiting[handle] = name
            self.touched()
            return handle

    def door(self) -> str:
        """A new door number (:data:`DOOR_DIGITS` digits, good once, for
        :data:`DOOR_SECONDS`): the teacher reads it out, a late student types it."""
        with self.lock:
            now = time.monotonic()
            self.doors = {n: until for n, until in self.doors.items() if until > now}
            while len(self.doors) >= MAX_DOORS:
                del self.doors[next(iter(self.doors))]
            number = f"{secrets.randbelow(10**DOOR_DIGITS):0{DOOR_DIGITS}d}"
            self.doors[number] = now + DOOR_SECONDS
            self.touched()
            return number

    def through_door(self, number: str) -> None:
        """Use up a door number (a join comes in by it); Refused when it opens nothing."""
        with self.lock:
            until = self.doors.pop(number, 0.0)
            if until <= time.monotonic():
                raise Refused(NO_DOOR)
            self.touched()

    def doors_open(self) -> list[DoorOpen]:
        """The door numbers still good, newest first, with their seconds left."""
        now = time.monotonic()
        with self.lock:
            return [
                {"number": n, "seconds": round(until - now)}
                for n, until in reversed(self.doors.items())
                if until > now
            ]

    def seat(self) -> None:
        """Keep a seat for a join about to be answered (:meth:`.room.Classroom.join` on a
        thread): Refused at once when the class is full, counting the joins being
        answered."""
        with self.lock:
            if self.full():
                raise Refused(FULL)
            self.joining += 1

    def unseat(self) -> None:
        with self.lock:
            self.joining -= 1

    def forget_waiting(self, handle: str) -> str:
        """A join waiting no more (its page closed); its name."""
        return "".join(self.refuse([handle]))

    def refuse(self, handles: Iterable[str]) -> list[str]:
        """The teacher's no to joins waiting (by their handles), at once: the names of
        those that were waiting (one change for all)."""
        with self.lock:
            names = [name for h in handles if (name := self.waiting.pop(h, ""))]
            if names:
                self.touched()
            return names


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
        #: Why the results file could not be written last ('' once it was): the
        #: teacher's page shows it, and the command ends non-zero.
        self.save_failed = ""
        self.ever_failed = False
        self.held: ResultsLock | None = None
        #: The students the teacher removed, by their keys' digests, oldest first: their
        #: keys act no more (over a restart too), and the teacher may bring them back.
        self.removed: dict[str, Student] = {}
        #: The way in while the class is closed: the joins waiting for the teacher's yes,
        #: the door numbers, the seats kept for joins being answered.
        self.admission = Admission(self.lock, lambda: self.touched(None), self._seated)
        #: Grows with every change the teacher's page shows.
        self.version = 0
        #: Where "Everyone to this step" last sent the class (lesson, step; from 0): a
        #: student who joins later starts there, not on the first step.
        self.class_step: tuple[int, int] = (0, 0)
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
            check_links(results)  # a link a save may not follow refused (UnsafeLinkError)
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

    def _seated(self) -> int:
        return len(self.students)

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

    def join(self, name: Any, door: bool = False) -> Student:
        """A new student of that name, with a key of their own (in :attr:`Student.token`
        for this run only). Refused in words when the class is full, or closed to new
        students (then the join waits for the teacher: :meth:`wait`) and not come by a
        door number (``door``: one was used up for it)."""
        name = name_of(name)
        with self.lock:
            if self.admission.closed and not door:
                raise Refused(N_("the class is closed to new students: ask the teacher"))
            return self._join(name)

    def _join(self, name: str) -> Student:
        if len(self.students) >= MAX_STUDENTS:
            raise Refused(FULL)
        token = make_token()
        student = Student(self, key_of(token), name, token)
        with student.lock:
            student.open_lesson(*self.class_step)
        self.students[student.key] = student
        self.touched(None)
        return student

    def admit(self, handle: str) -> Student:
        """The teacher's yes to a join waiting: the student, in the class."""
        with self.lock:
            name = self.admission.waiting.get(handle)
            if name is None:
                raise Refused(N_("that page is no longer waiting (closed?)"))
            student = self._join(name)
            del self.admission.waiting[handle]
            return student

    def student(self, token: Any) -> Student:
        key = key_of(token_of(token))
        with self.lock:
            found = self.students.get(key)
            gone = key in self.removed
        if gone:
            raise Removed(
                N_(
                    "the teacher has taken you out of this class: ask the teacher "
                    "(this page comes back by itself if they bring you back)"
                )
            )
        if found is None:
            raise Refused(N_("this class does not know you (yet): type your name to join"))
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
            raise Refused(N_("no such student (removed already?)"))
        return names

    def bring_back(self, ids: Any) -> tuple[list[str], int]:
        """Students removed, back in the class as they were, as many as the class has
        room for (:data:`MAX_STUDENTS`); their names, and how many of those asked for did
        not fit."""
        wanted = _ids(ids)
        names = []
        left = 0
        with self.lock:
            for key, student in list(self.removed.items()):
                if student.id in wanted:
                    if self.admission.full():
                        left += 1
                        continue
                    del self.removed[key]
                    self.students[key] = student
                    names.append(student.name)
                    self.touched(key)
        if not names and not left:
            raise Refused(N_("no such student removed"))
        if not names:
            raise Refused(
                M_("the class is full ({count} students): remove some first", count=MAX_STUDENTS)
            )
        return names, left

    def teacher(self, code: Any) -> None:
        if not secrets.compare_digest(bytes(code_of(code), "utf-8"), bytes(self.code, "utf-8")):
            raise Refused(N_("that is not this class's code"))

    def roster(self) -> list[Student]:
        with self.lock:
            return sorted(self.students.values(), key=lambda s: (s.name.lower(), s.token))

    def rows(self, open_keys: Collection[str] = ()) -> list[Row]:
        """The teacher's lines, as each student's last change left them (``open_keys``:
        the students whose page is connected)."""
        return [
            row for student in self.roster() if (row := student.live_row(open_keys)) is not None
        ]

    def lines(self, open_keys: Collection[str] = ()) -> TeacherLines:
        """What the teacher's page shows: the lines, the joins waiting, the students
        removed (to bring back), whether the class is closed, the lessons (``open_keys``:
        the students whose page is connected)."""
        with self.lock:
            waiting: list[Waiting] = [
                {"id": h, "name": n} for h, n in self.admission.waiting.items()
            ]
            removed: list[RemovedShown] = [
                {"id": s.id, "name": s.name, "tag": s.tag} for s in reversed(self.removed.values())
            ]
        lines: TeacherLines = {
            "rows": self.rows(open_keys),
            "waiting": waiting,
            "waiting_max": MAX_WAITING,
            "doors": self.admission.doors_open(),
            "removed": removed,
            "closed": self.admission.closed,
            "lessons": [
                {"title": given.title, "steps": len(given.lesson.steps)} for given in self.lessons
            ],
            "alarm": self.save_failed,
        }
        texts = lines_texts([given.titles for given in self.lessons])
        if texts:  # the lessons' names in their other languages (never sent)
            lines["texts"] = texts
        return lines

    def everyone_to(self, lesson: int, step: int) -> int:
        """Every student to lesson ``lesson``'s step ``step`` (counted from 0); how many."""
        lesson = whole_number(lesson, N_("the lesson"), 0, len(self.lessons) - 1)
        steps = len(self.lessons[lesson].lesson.steps)
        step = whole_number(step, N_("the step"), 0, steps - 1)
        with self.lock:
            self.class_step = (lesson, step)
        moved = 0
        for student in self.roster():
            with student.lock:
                if student.lesson_index != lesson:
                    student.open_lesson(lesson, step)
                else:
                    student.go(step)
                moved += 1
        return moved

    # -- the results file --

    def save(self) -> Path | None:
        """Write the results file atomically, mode 0600 (when the class has one); its path.
        OSError when it cannot be written: kept in :attr:`save_failed` (the teacher's page
        says it) and raised."""
        if self.results is None:
            return None
        self.dirty = False
        data = json.dumps(results_json(self), ensure_ascii=False, indent=1).encode("utf-8")
        try:
            write_private(self.results, data)
        except OSError as exc:
            self.dirty = True
            self.ever_failed = True
            self.save_failed = M_(
                "the results file cannot be written ({reason}): the class's progress is not "
                "being kept",
                reason=system_reason(exc),
            )
            raise
        self.save_failed = ""
        return self.results.resolve()

    def load(self, path: Path) -> None:
        """The students of a results file this class wrote (the lessons matched by path);
        PositionFormatError naming the file."""
        raw = read_results(path)
        if not isinstance(raw, dict) or raw.get("format") not in (RESULTS_FORMAT, RESULTS_FORMAT_1):
            raise PositionFormatError(
                str(path), M_("not a results file ({format})", format=RESULTS_FORMAT)
            )
        where = {str(given.path): i for i, given in enumerate(self.lessons)}
        listed = raw.get("lessons")
        if not isinstance(listed, list):
            raise PositionFormatError(str(path), '"lessons" must be a list')
        try:
            for entry in _entries(raw.get("students")):
                key, student = _student_of(self, entry, listed, where)
                self.students[key] = student
            for entry in _entries(raw.get("removed", [])):
                key, student = _student_of(self, entry, listed, where)
                self.students.pop(key, None)
                self.removed[key] = student
            while len(self.removed) > MAX_REMOVED:
                del self.removed[next(iter(self.removed))]
            self.admission.closed = raw.get("closed") is True
        except (Refused, PositionFormatError) as exc:
            raise PositionFormatError(str(path), reason_of(exc)) from None
        if len(self.students) > MAX_STUDENTS:
            raise PositionFormatError(str(path), f"more than {MAX_STUDENTS} students")


def _ids(value: Any) -> set[str]:
    """The teacher's choice of students: a list of rows' ids (at most a class's worth)."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_STUDENTS + MAX_REMOVED:
        raise Refused(N_("which students? (a list of them)"))
    return {bounded_text(v, "a student", 24) for v in value}


# ---- the results: the file's contents and the teacher's CSV -------------------------------


def csv_text(room: Classroom) -> str:
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
    for student in room.roster():
        with student.lock:
            data = student.to_json()
        for entry in data["steps"]:
            given = room.lessons[entry["lesson"]]
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


def results_json(room: Classroom) -> dict[str, Any]:
    """The class as its results file holds it."""
    students = []
    for student in room.roster():
        with student.lock:
            students.append(student.to_json())
    with room.lock:
        gone = list(room.removed.values())
    removed = []
    for student in gone:
        with student.lock:
            removed.append(student.to_json())
    return {
        "format": RESULTS_FORMAT,
        "lessons": [str(given.path) for given in room.lessons],
        "students": students,
        "removed": removed,
        "closed": room.admission.closed,
    }


def _student_of(
    room: Classroom, entry: dict[str, Any], listed: list[Any], where: dict[str, int]
) -> tuple[str, Student]:
    if "key_sha256" in entry:
        key = bounded_text(entry.get("key_sha256"), N_("a key's digest"), 64)
        if not re.fullmatch(r"[0-9a-f]{64}", key):
            raise Refused(N_("a key's digest is 64 hexadecimal digits"))
    else:  # the first format: the key in clear, hashed now (and so written)
        key = key_of(token_of(entry.get("token")))
    student = Student(room, key, name_of(entry.get("name")))
    progress = entry.get("progress", {})
    student.progress.data = student.progress.parse({"lessons": progress})

    def ours(index: Any) -> int | None:
        index = whole_number(index, N_("a lesson"), 0, 10**6)
        if index >= len(listed) or not isinstance(listed[index], str):
            return None
        return where.get(listed[index])

    for step in _entries(entry.get("steps", [])):
        lesson = ours(step.get("lesson"))
        if lesson is not None:
            number = whole_number(step.get("step"), N_("a step"), 0, lessons.MAX_STEPS)
            student.records[(lesson, number)] = record_of(step)
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
            steps = len(room.lessons[lesson].lesson.steps)
            at = whole_number(entry.get("step", 0), "a step", 0, lessons.MAX_STEPS)
            student.open_lesson(lesson, min(at, steps - 1))
    return key, student


def _entries(value: Any) -> Iterable[dict[str, Any]]:
    if not isinstance(value, list):
        raise Refused(N_("the students and their steps must be lists"))
    for entry in value:
        if not isinstance(entry, dict):
            raise Refused(N_("each student and step must be an object"))
        yield entry


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
