"""The lessons of a folder (:mod:`model.lesson`): listed, read once and kept while their
files are unchanged."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from .. import files
from ..game import (
    PositionFormatError,
    shorten,
)
from ..languages import pick
from ..words import system_reason
from .document import MAX_FILE_BYTES, SUFFIX
from .reading import loads


def lesson_folders(root: str | os.PathLike[str]) -> list[str]:
    """The games' lesson folders under ``root`` in the order its ``order.json`` gives
    (``{"games": [...]}``), then any others by name."""
    from pathlib import Path

    base = Path(root)
    present = sorted(p.name for p in base.iterdir() if p.is_dir()) if base.is_dir() else []
    try:
        order = files.read_json(base / "order.json", 64 * 1024, "lesson order").get("games", [])
    except (PositionFormatError, AttributeError):
        order = []
    first = [name for name in order if isinstance(name, str) and name in present]
    return first + [name for name in present if name not in first]


def lesson_tasks(path: str | os.PathLike[str]) -> set[int]:
    """The numbers of the steps with a task, read from the JSON alone (for the menu's
    progress; none where the file cannot be read)."""
    try:
        steps = files.read_json(path, MAX_FILE_BYTES, "lesson file")["steps"]
        return {i for i, step in enumerate(steps) if isinstance(step, dict) and step.get("task")}
    except (PositionFormatError, KeyError, TypeError):
        return set()


#: Most lesson files a menu lists from one folder of the user's.
MAX_FOLDER_LESSONS = 200


@dataclass(frozen=True)
class FolderLesson:
    """A lesson file of a folder, as a menu lists it: its title and the numbers of its
    steps with a task (for the progress shown), or what is wrong with it (one line)."""

    path: Path
    title: str = ""
    problem: str | None = None
    tasks: frozenset[int] = frozenset()
    #: The title in the lesson's other languages: (language, text) pairs.
    titles: tuple[tuple[str, str], ...] = ()

    def title_in(self, language: str) -> str:
        """The title in ``language`` (a menu's: the window's), English where it lacks it."""
        return pick(self.title, dict(self.titles), language)[0]


def folder_lessons(folder: str | os.PathLike[str]) -> list[FolderLesson]:
    """The lesson files in ``folder`` by name, each read whole: its title, or why it
    cannot be opened (a bad file never hides the others). A folder that is missing or
    cannot be listed has none."""
    return LessonShelf().read(folder)


class LessonShelf:
    """The lesson folders as a menu lists them, each file read once and kept until it
    changes (its size or modification time): reading a folder again costs a listing and a
    look at each file, not a read of each. Safe to use from another thread than the one
    that asks for :meth:`kept` (the window reads off its GUI thread)."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[tuple[int, int], FolderLesson]] = {}
        self._folders: dict[Path, list[FolderLesson]] = {}
        self._lock = threading.Lock()

    def kept(self, folder: str | os.PathLike[str]) -> list[FolderLesson] | None:
        """What :meth:`read` last found in ``folder`` (None: not read yet); no disk read."""
        with self._lock:
            found = self._folders.get(Path(folder))
        return None if found is None else list(found)

    def read(self, folder: str | os.PathLike[str]) -> list[FolderLesson]:
        """The lesson files in ``folder`` by name (at most :data:`MAX_FOLDER_LESSONS`):
        those unchanged since the last read as they were, the others read again. A file
        too big or broken is an entry with its problem; a folder that is missing or cannot
        be listed has none."""
        base = Path(folder)
        try:
            paths = sorted(p for p in base.glob(f"*{SUFFIX}"))[:MAX_FOLDER_LESSONS]
        except OSError:
            paths = []
        out = []
        for path in paths:
            try:
                info = os.stat(path)
                stamp = (info.st_size, info.st_mtime_ns)
            except OSError:
                stamp = (-1, -1)
            with self._lock:
                known = self._files.get(path)
            if known is not None and known[0] == stamp and stamp != (-1, -1):
                out.append(known[1])
                continue
            entry = _folder_lesson(path)
            with self._lock:
                self._files[path] = (stamp, entry)
            out.append(entry)
        with self._lock:
            self._folders[base] = out
            for path in [p for p in self._files if p.parent == base and p not in paths]:
                del self._files[path]  # gone from the folder
        return list(out)


def _folder_lesson(path: Path) -> FolderLesson:
    """One file of a folder of lessons: its title and tasks, or its problem."""
    try:
        data = files.read_limited(os.fspath(path), MAX_FILE_BYTES, "lesson file")
        lesson = loads(data)
    except PositionFormatError as exc:  # (said without the path: the menu names it)
        return FolderLesson(path, problem=str(PositionFormatError(exc.key, exc.reason)))
    except OSError as exc:
        return FolderLesson(path, problem=shorten(system_reason(exc)))
    except (RecursionError, MemoryError) as exc:  # beyond any lesson's: one greyed entry
        return FolderLesson(path, problem=f"cannot be read ({type(exc).__name__})")
    tasks = frozenset(i for i, step in enumerate(lesson.steps) if step.task is not None)
    titles = tuple(sorted(lesson.words.get("title", {}).items()))
    return FolderLesson(path, lesson.title, tasks=tasks, titles=titles)
