"""The lesson progress a user's lessons keep between runs: per lesson file, the steps
answered right and the step last shown, in ``lesson-progress.json`` beside the other user
files (:class:`model.userfiles.UserFile`: merged on write, a damaged file set aside)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_, N_

from .game import PositionFormatError, shorten
from .userfiles import UserFile, config_dir, is_count

LESSON_PROGRESS_FILE = "lesson-progress.json"


def lesson_progress_file() -> Path:
    """Where lesson progress is kept: ``$PYRAMID_LAB_LESSON_PROGRESS`` (the tests point
    it at a temporary file), else ``lesson-progress.json`` in :func:`config_dir`."""
    own = os.environ.get("PYRAMID_LAB_LESSON_PROGRESS")
    return Path(own) if own else config_dir() / LESSON_PROGRESS_FILE


class LessonProgress(UserFile[dict[str, dict[str, Any]]]):
    """Per lesson file (by its resolved path): the steps whose task was answered right,
    and the step last shown::

        {"format": "pyramid-lab-lesson-progress/1",
         "lessons": {"/path/a.lesson.json": {"at": 2, "done": [0, 1]}}}
    """

    format_name = "pyramid-lab-lesson-progress"
    what = N_("Your lesson progress")
    lost = N_("progress through lessons is not saved this run")

    def __init__(self, file: Path | None = None, tell: Callable[[str], None] | None = None):
        super().__init__(file or lesson_progress_file(), tell)

    def empty(self) -> dict[str, dict[str, Any]]:
        return {}

    def parse(self, raw: dict[str, Any]) -> dict[str, dict[str, Any]]:
        if set(raw) != {"lessons"}:
            raise PositionFormatError("", M_('must hold "lessons" and nothing else'))
        lessons = raw["lessons"]
        if not isinstance(lessons, dict):
            raise PositionFormatError("lessons", M_("must be an object"))
        data: dict[str, dict[str, Any]] = {}
        for name, entry in lessons.items():
            where = f"lessons[{shorten(repr(name), 60)}]"
            if not isinstance(entry, dict) or not set(entry) <= {"at", "done"}:
                raise PositionFormatError(where, M_('must be an object of "at" and "done"'))
            at, done = entry.get("at", 0), entry.get("done", [])
            if not is_count(at):
                raise PositionFormatError(f"{where}.at", M_("must be a step number"))
            if not isinstance(done, list) or not all(is_count(s) for s in done):
                raise PositionFormatError(f"{where}.done", M_("must be a list of step numbers"))
            data[name] = {"at": at, "done": sorted(set(done))}
        return data

    def dump(self, data: dict[str, dict[str, Any]]) -> dict[str, Any]:
        return {"lessons": data}

    @property
    def file(self) -> Path:
        return self.path

    @staticmethod
    def key(path: Path) -> str:
        return str(path.resolve())

    def done(self, path: Path) -> set[int]:
        return set(self.data.get(self.key(path), {}).get("done", []))

    def at(self, path: Path) -> int:
        at = self.data.get(self.key(path), {}).get("at", 0)
        return at if is_count(at) else 0

    def record(self, path: Path, at: int, done: int | None = None) -> None:
        """The lesson at ``path`` shows step ``at`` (and step ``done`` was answered
        right): written, merged with the file. Never raises: progress is a convenience,
        and a file that cannot be written was told about once."""
        key = self.key(path)

        def change(data: dict[str, dict[str, Any]]) -> None:
            entry = data.setdefault(key, {"at": 0, "done": []})
            entry["at"] = at
            if done is not None:
                entry["done"] = sorted(set(entry.get("done", [])) | {done})

        with contextlib.suppress(OSError):
            self.update(change)

    def reset(self, path: Path) -> None:
        """Forget the lesson at ``path``: it starts again at its first step, no task done.
        Never raises (as :meth:`record`)."""
        key = self.key(path)

        def change(data: dict[str, dict[str, Any]]) -> None:
            data.pop(key, None)

        with contextlib.suppress(OSError):
            self.update(change)
