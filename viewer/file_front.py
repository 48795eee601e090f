"""The window's side of the documents (:class:`viewer.documents.Front`): the
unsaved-changes question, the Open and Save dialogs, and what a new document ends (Solve
mode, the computer's sides) or starts (a lesson in the Lesson dock)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

from model.files import SUFFIX
from model.lesson import SUFFIX as LESSON_SUFFIX
from model.lesson import LessonFile

from .widgets import unsaved

if TYPE_CHECKING:
    from .host import FileHost


class WindowFront:
    """The window's side of :class:`viewer.documents.Documents`: the unsaved-changes
    question, the Open and Save dialogs, and what a new document ends or starts."""

    def __init__(self, window: FileHost) -> None:
        self.window = window

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        return unsaved.ask_unsaved(self.window.window(), question, detail, can_save=can_save)

    def open_path(self, folder: Path) -> str | None:
        path, _ = QFileDialog.getOpenFileName(
            self.window.window(),
            "Open position",
            str(folder),
            f"Positions and lessons (*{SUFFIX} *{LESSON_SUFFIX});;All files (*)",
        )
        return path or None

    def save_path(self, suggested: Path) -> str | None:
        path, _ = QFileDialog.getSaveFileName(
            self.window.window(), "Save position", str(suggested), f"Positions (*{SUFFIX})"
        )
        return path or None

    def held(self) -> AbstractContextManager[None]:
        return self.window.engine.held()

    def show_message(self, text: str) -> None:
        self.window.show_message(text)

    def show_error(self, title: str, text: str) -> None:
        self.window.show_error(title, text)

    def unapplied_setup(self) -> bool:
        setup = self.window.setup
        return setup is not None and setup.can_undo

    def leave_solve(self, why: str = "") -> None:
        self.window.puzzle.leave_solve(why)

    def start_lesson(self, lesson: LessonFile, path: Path) -> None:
        self.window.lessons.start(lesson, path)

    def release_players(self) -> bool:
        engine = self.window.engine
        computer = bool(engine.computer)
        engine.choose_players({})
        return computer
