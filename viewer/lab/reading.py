"""Reading a file: the one way in for the window (:mod:`.documents`), the command line and
scripts. It imports the model's files, not the lab's session: a command that reads a
position and answers (``solve`` of a book position) starts without it; the lessons'
modules load when a lesson is read (a position opened from the command line draws its
window's first frame without them, issue 90)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_
from pyramid_lab.model import files
from pyramid_lab.model.files import PositionDocument, is_lesson_path
from pyramid_lab.model.game import PositionFormatError

if TYPE_CHECKING:
    from pyramid_lab.model.lesson import LessonFile

__all__ = ["read_any", "read_lesson", "read_position", "read_step"]


def read_lesson(path: str | Path) -> LessonFile:
    """A lesson file (``*.lesson.json``): :func:`model.lesson.read`."""
    from pyramid_lab.model import lesson

    return lesson.read(path)


def read_position(path: str | Path) -> PositionDocument:
    """A position file (``*.pyr.json``), or a position text (``model.text``: one line, a
    game's name first) given where a file's name goes and naming no file;
    PositionFormatError names what is wrong (for a text, the character; a name that is
    neither a file nor a text is told so)."""
    source = os.fspath(path)
    if is_position_text(source):
        from pyramid_lab.model.text import read_position_text

        try:
            return PositionDocument(read_position_text(source))
        except PositionFormatError as exc:
            raise exc.with_source(M_("the position text")) from None
    try:
        return files.read(path)
    except PositionFormatError as exc:
        if os.path.lexists(source) or exc.key or source.endswith(".json"):
            raise
        raise PositionFormatError(
            "",
            M_(
                "{reason}; nor is it a position text (a game's name, its options, the board "
                "and the side to move, parted by spaces: docs/file-formats.md)",
                reason=exc.reason,
            ),
            source=exc.source,
        ) from None


def is_position_text(source: str) -> bool:
    """Whether ``source`` is meant as a position text: fields parted by spaces, not a
    file's name (``.json``), and no file has that name."""
    text = source.strip()
    return " " in text and not text.endswith(".json") and not os.path.lexists(source)


def read_any(path: str | Path) -> PositionDocument | LessonFile:
    """A lesson file (``*.lesson.json``: its steps) or a position file, by its name."""
    return read_lesson(path) if is_lesson_path(path) else files.read(path)


def read_step(path: str | Path) -> PositionDocument:
    """What a picture of ``path`` shows: a position file's (or text's) position, a lesson's
    first step."""
    if is_lesson_path(path):
        from pyramid_lab.model.lesson import lesson_step_document

        return lesson_step_document(path)
    return read_position(path)
