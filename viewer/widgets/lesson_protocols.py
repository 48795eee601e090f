"""What the Lesson dock's step panel (:mod:`.lesson_steps`) reads of the stepped lessons
and calls on them, as Protocols: the student's commands, the editor's and the checks'
(:class:`viewer.desktop.lessons.LessonControl` is what meets them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

    from pyramid_lab.model import lesson as lessons
    from pyramid_lab.model.game import Game
    from pyramid_lab.model.lesson import LessonFile, Step, Verdict


class Opener(Protocol):
    def open(self, path: str | Path) -> bool: ...


class Shown(Protocol):
    """The session as the step panel sees it: the game on the board."""

    @property
    def game(self) -> Game: ...


class StudentSteps(Protocol):
    """What the step panel shows of the stepped lessons, and the student's commands."""

    @property
    def session(self) -> Shown: ...

    @property
    def documents(self) -> Opener:
        """Where Next lesson's file is opened."""

    @property
    def lesson(self) -> LessonFile | None: ...

    @property
    def path(self) -> Path | None: ...

    @property
    def index(self) -> int: ...

    @property
    def step(self) -> Step: ...

    @property
    def base_ply(self) -> int:
        """Plies on the stack of the step's position (the moves after it are answers)."""

    @property
    def verdict(self) -> Verdict | None: ...

    @property
    def judging(self) -> str:
        """What the lesson says while no verdict is shown: the prover judges the move
        played, or the moves left the step's position ('' when neither)."""

    #: Teacher mode is on (the Teach switch): no progress is recorded.
    teaching: bool

    @property
    def picked(self) -> list[tuple[int, ...]]: ...

    @property
    def hint_shown(self) -> bool: ...

    def done(self) -> set[int]: ...

    def go(self, index: int) -> None: ...

    def next_lesson(self) -> Path | None: ...

    def check(self) -> None: ...

    def hint(self) -> None: ...

    def retry(self) -> None: ...


class LessonSteps(StudentSteps, Protocol):
    """What the step panel uses of the stepped lessons (``viewer.lab.lesson.Lessons``,
    the lab's, which this widget does not import): the student's side, and the teacher's
    edits and checks."""

    @property
    def editor(self) -> LessonEditing:
        """Teacher mode's edits of the lesson."""

    @property
    def checks(self) -> LessonChecking:
        """The rules' checks of the lesson, and its save."""


class LessonEditing(Protocol):
    """Teacher mode's edits of the lesson shown (``viewer.lab.lesson.LessonEditor``):
    each answers None, or why not."""

    #: The language the teacher's texts are edited in (en, de, ...).
    language: str

    def edit_step(self, lesson_title: str | None = None, **changes: object) -> str | None: ...

    def take_position(self) -> str | None: ...

    def add_step(self) -> str | None: ...

    def remove_step(self) -> str | None: ...

    def move_step(self, by: int) -> str | None: ...

    def keep_view(self, view: Mapping[str, object] | None) -> str | None: ...


class LessonChecking(Protocol):
    """The rules' checks of the lesson shown, on a worker thread
    (``viewer.lab.lesson.LessonChecks``)."""

    def save(self, path: str | Path) -> str | None:
        """Check the lesson on a worker thread, then write it (None: started)."""

    @property
    def busy(self) -> bool:
        """A check of the rules runs on the worker thread."""

    def check_step(self) -> None:
        """The step's task checked by the rules on the worker thread."""

    def fill_answers(self, task: lessons.Task) -> None:
        """The rules' answers to ``task`` found on the worker thread (``filled``)."""

    def save_suggestion(self) -> str:
        """Where Save lesson... proposes to write."""
