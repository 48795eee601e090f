"""Writing a lesson file (:mod:`model.lesson`): checked as it will be read before a byte is
written, saved atomically; a step made from the window's position."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from .. import files
from ..game import (
    Game,
)
from .document import LessonFile, Step, Task
from .reading import loads


def dumps(lesson: LessonFile) -> str:
    import json

    return json.dumps(lesson.to_json(), indent=2, ensure_ascii=False) + "\n"


def write(path: str | os.PathLike[str], lesson: LessonFile) -> None:
    """Save atomically (as position files are); a lesson that does not read back is refused."""
    text = dumps(lesson)
    loads(text)  # PositionFormatError: nothing is written
    files.write_text(path, text)


def position_json(game: Game) -> dict[str, Any]:
    """A game's position as a lesson step embeds it (no format or game keys)."""
    doc = files.to_json(game)
    doc.pop("format")
    doc.pop("game")
    return doc


def step_from(
    title: str,
    text: str,
    game: Game,
    *,
    overlays: Mapping[str, Any] | None = None,
    highlights: Sequence[str] = (),
    task: Task | None = None,
) -> Step:
    """A step on a copy of ``game``'s position, embedded (the teacher's set-up)."""
    return Step(
        title,
        text,
        game.copy(),
        dict(overlays or {}),
        tuple(highlights),
        task,
        position_json(game),
    )
