"""Reading a file: the one way in for the window (:mod:`.documents`), the command line and
scripts. It imports the model's files and lessons, not the lab's session: a command that
reads a position and answers (``solve`` of a book position) starts without it."""

from __future__ import annotations

from pathlib import Path

from pyramid_lab.model import files
from pyramid_lab.model.files import PositionDocument
from pyramid_lab.model.lesson import LessonFile, is_lesson_path, lesson_step_document
from pyramid_lab.model.lesson import read as read_lesson

__all__ = ["read_any", "read_lesson", "read_position", "read_step"]


def read_position(path: str | Path) -> PositionDocument:
    """A position file (``*.pyr.json``); PositionFormatError names what is wrong."""
    return files.read(path)


def read_any(path: str | Path) -> PositionDocument | LessonFile:
    """A lesson file (``*.lesson.json``: its steps) or a position file, by its name."""
    return read_lesson(path) if is_lesson_path(path) else files.read(path)


def read_step(path: str | Path) -> PositionDocument:
    """What a picture of ``path`` shows: a position file's position, a lesson's first step."""
    return lesson_step_document(path) if is_lesson_path(path) else files.read(path)
