"""The class's results: the whole class as its results file holds it (:func:`results_json`,
read back by :func:`restore`) and the teacher's CSV (:func:`csv_text`), a line per student
and step. The file itself (locked, private, whole) is :mod:`.store`'s. No Qt, no web."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.words import reason_of

from .admission import Admission
from .checks import (
    MAX_REMOVED,
    MAX_STUDENTS,
    Refused,
    bounded_text,
    key_of,
    name_of,
    token_of,
    whole_number,
)
from .store import RESULTS_FORMAT, RESULTS_FORMAT_1, read_results
from .student import Class, Student, record_of


class Classroom(Class, Protocol):
    """What the results read and restore of a class (:class:`viewer.classroom.room.
    Classroom`; a Protocol, not that class: the class reads and writes its results here).
    It is what a student reads of their class too (:class:`viewer.classroom.student.Class`)."""

    @property
    def students(self) -> dict[str, Student]: ...
    @property
    def removed(self) -> dict[str, Student]: ...
    @property
    def admission(self) -> Admission: ...
    @property
    def lock(self) -> AbstractContextManager[object]: ...

    def roster(self) -> list[Student]: ...


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


def restore(room: Classroom, path: Path) -> None:
    """The students of a results file ``room`` wrote (the lessons matched by path), into
    it; PositionFormatError naming the file."""
    raw = read_results(path)
    if not isinstance(raw, dict) or raw.get("format") not in (RESULTS_FORMAT, RESULTS_FORMAT_1):
        raise PositionFormatError(
            str(path), M_("not a results file ({format})", format=RESULTS_FORMAT)
        )
    where = {str(given.path): i for i, given in enumerate(room.lessons)}
    listed = raw.get("lessons")
    if not isinstance(listed, list):
        raise PositionFormatError(str(path), '"lessons" must be a list')
    try:
        for entry in _entries(raw.get("students")):
            key, student = _student_of(room, entry, listed, where)
            room.students[key] = student
        for entry in _entries(raw.get("removed", [])):
            key, student = _student_of(room, entry, listed, where)
            room.students.pop(key, None)
            room.removed[key] = student
        while len(room.removed) > MAX_REMOVED:
            del room.removed[next(iter(room.removed))]
        room.admission.closed = raw.get("closed") is True
    except (Refused, PositionFormatError) as exc:
        raise PositionFormatError(str(path), reason_of(exc)) from None
    if len(room.students) > MAX_STUDENTS:
        raise PositionFormatError(str(path), f"more than {MAX_STUDENTS} students")


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
