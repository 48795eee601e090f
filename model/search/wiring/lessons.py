"""The door's ``lessons`` namespace: a lesson's win-within tasks judged and checked
(:mod:`model.search.teaching`), each position handed its game's plug-in."""

from __future__ import annotations

from ...game import Game, Move
from ...lesson import LessonFile, Problem, Task
from ...lesson import Verdict as LessonVerdict
from ..registry import plugin_for
from ..teaching import check_lesson as _check_lesson
from ..teaching import check_task as _check_task
from ..teaching import judge_move as _judge_move
from ..teaching import lesson_answers as _lesson_answers
from ..teaching import verify as verify


def judge_move(task: Task, position: Game, move: Move | str) -> LessonVerdict:
    """A move played at a lesson step's ``position`` judged against ``task`` (a win-within
    task proven by the search)."""
    return _judge_move(task, position, move, knowledge_of=plugin_for)


def check_lesson(lesson: LessonFile) -> list[Problem]:
    """Every task of ``lesson`` proven to have a right answer, the author's accepted."""
    return _check_lesson(lesson, knowledge_of=plugin_for)


def check_task(task: Task, position: Game) -> str | None:
    """Why ``task`` is not sound at ``position``, or None."""
    return _check_task(task, position, knowledge_of=plugin_for)


def lesson_answers(task: Task, position: Game) -> list[str]:
    """The answers the rules give for ``task`` at ``position`` (a win-within task's first
    moves proven by the search); ValueError saying why there are none."""
    return _lesson_answers(task, position, knowledge_of=plugin_for)
