"""The lesson shown, as the parts beside :class:`~viewer.lab.lesson.Lessons` see it
(teacher mode's :class:`~viewer.lab.lesson_edit.LessonEditor` and the rules'
:class:`~viewer.lab.lesson_checks.LessonChecks`): the lesson and the step shown, where it
was read, the session it is shown in, and ``changed``, what a front end follows."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Concatenate, Literal, Protocol

if TYPE_CHECKING:
    from pyramid_lab.model.lesson import LessonFile, Step

    from .bulletin import Say
    from .events import Signal
    from .port import Port
    from .session import Session

#: What ``Lessons.changed`` names first (:mod:`viewer.lab.lesson` says each and what follows).
LessonChange = Literal[
    "shown",
    "ended",
    "answer",
    "step",
    "reloaded",
    "edited",
    "working",
    "report",
    "filled",
    "saved",
    "title",
]


class ShownLesson(Protocol):
    """The lesson shown (``lesson``, None when none), its step ``index`` and file
    (``path``), in ``session``; ``changed`` tells the front end."""

    session: Session
    changed: Signal[Concatenate[LessonChange, ...]]
    lesson: LessonFile | None
    index: int
    path: Path | None
    say: Say
    port: Port

    @property
    def step(self) -> Step:
        """The step shown."""

    def go(self, index: int) -> None:
        """Show step ``index``: its position in the session, its text and task."""

    def start(self, lesson: LessonFile, path: Path | None, index: int | None = None) -> None:
        """Show ``lesson`` (read from ``path``) at ``index``."""
