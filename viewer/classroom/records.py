"""What the class keeps of a student apart from where they are: their tries at each step
(:class:`StepRecord`) and their progress through the lessons (:class:`StudentProgress`),
both written in the class's results file (:mod:`.room`), never in the user's own progress
file. No Qt, no web."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.lesson_progress import LessonProgress

from .checks import bounded_text, seconds_of, whole_number


class StudentProgress(LessonProgress):
    """A student's progress through the lessons, kept by the class (in its results file),
    never in the user's own progress file."""

    def __init__(self, data: dict[str, dict[str, Any]] | None = None) -> None:
        # (no file: the store's own reading and locking are not wanted)
        self.path = Path(os.devnull)
        self._tell = None
        self.notice = ""
        self.told = set()
        self.kept = ""
        self.data = self.parse({"lessons": data or {}})

    def update(self, change: Callable[[dict[str, dict[str, Any]]], None]) -> None:
        change(self.data)


@dataclass
class StepRecord:
    """A student's tries at one step."""

    tries: int = 0
    right: int = 0
    wrong: int = 0
    seconds: float = 0.0  # on the step, before the time it is shown now
    last_wrong: str = ""  # the answer
    reason: str = ""  # the rules' words on it

    def to_json(self) -> dict[str, Any]:
        return {
            "tries": self.tries,
            "right": self.right,
            "wrong": self.wrong,
            "seconds": round(self.seconds, 1),
            "last_wrong": self.last_wrong,
            "reason": self.reason,
        }


def record_of(raw: Any) -> StepRecord:
    """A step's record as the results file holds it; PositionFormatError naming what is
    wrong."""
    if not isinstance(raw, dict):
        raise PositionFormatError("steps", M_("each record must be an object"))
    return StepRecord(
        tries=whole_number(raw.get("tries", 0), "tries", 0, 10**9),
        right=whole_number(raw.get("right", 0), "right", 0, 10**9),
        wrong=whole_number(raw.get("wrong", 0), "wrong", 0, 10**9),
        seconds=seconds_of(raw.get("seconds", 0)),
        last_wrong=bounded_text(raw.get("last_wrong", ""), "last_wrong", 2000),
        reason=bounded_text(raw.get("reason", ""), "reason", 4000),
    )
