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

__all__ = ["read_any", "read_position", "read_step"]


def read_position(path: str | Path) -> PositionDocument:
    """A position file (``*.pyr.json``), or a position text (``model.text``: one line, a
    game's name first) given where a file's name goes and naming no file;
    PositionFormatError names what is wrong (for a text, the character; a name that is
    neither a file nor a text is told so)."""
    source = os.fspath(path)
    if is_position_text(source):
        from pyramid_lab.model.text import read_position_text

        if os.path.lexists(source):  # a file named as a text: which one is meant, in words
            raise PositionFormatError(
                "",
                M_(
                    "both a file in this folder and a position text: write ./{name} to "
                    "read the file; to read the text, rename or move the file (in a script: "
                    "pl.from_text)",
                    name=source,
                ),
                source=source,
            )
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
    """Whether ``source`` is meant as a position text, not a file's name (``.json``):
    fields parted by spaces, the first a game's name, or at least the four fields of a
    text with rows parted by '/' in the third (the board: a misspelt game's name is said
    so), and no '/' in the first (``./NAME`` is a file). Anything else is a file's name
    (a mistyped "my game" is a file that is missing, not a text whose game is "my"); a
    file named as a text is refused by :func:`read_position`, in words, not chosen."""
    from pyramid_lab.model.game import game_names

    text = source.strip()
    if " " not in text or text.endswith(".json"):
        return False
    fields = text.split(" ")
    if "/" in fields[0]:  # a path: ./NAME, a folder's file
        return False
    return fields[0] in game_names() or (len(fields) >= 4 and "/" in fields[2])


def read_any(path: str | Path) -> PositionDocument | LessonFile:
    """A lesson file (``*.lesson.json``: its steps) or a position file, by its name."""
    if is_lesson_path(path):
        from pyramid_lab.model import lesson

        return lesson.read(path)
    return files.read(path)


def read_step(path: str | Path) -> PositionDocument:
    """What a picture of ``path`` shows: a position file's (or text's) position, a lesson's
    first step."""
    if is_lesson_path(path):
        from pyramid_lab.model.lesson import lesson_step_document

        return lesson_step_document(path)
    return read_position(path)
