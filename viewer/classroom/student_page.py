"""What a student's page shows apart from the board (:func:`page_of`) and the teacher's
line for them (:func:`row_of`), made from the student's lesson state. No Qt, no web."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pyramid_lab.i18n import N_
from pyramid_lab.model.lesson import verdict_word

from ..lab.lesson_view import LessonView
from .replies import Row, StudentPage, View

if TYPE_CHECKING:
    from .student import Student

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


def page_of(student: Student) -> StudentPage:
    """What the student's page shows, apart from the board."""
    shown = student.lab.lessons
    lesson = shown.lesson
    assert lesson is not None
    step = shown.step
    task = step.task
    verdict = shown.verdict
    moved = len(student.lab.session.game.move_stack) > shown.base_ply
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
            "hint": (task.hint or N_("no hint for this task")) if shown.hint_shown else "",
        },
        "picked": [",".join(map(str, p)) for p in shown.picked],
        "moved": moved,
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
    }


def _default_prompt(kind: str) -> str:
    return {
        "click-points": N_("Click the points on the board, then Check."),
        "place": N_("Click the point to play."),
        "move": N_("Play the move (click the board, or type it)."),
        "win-within": N_("Play the first move of the win (click its point, or type it)."),
    }.get(kind, "")
