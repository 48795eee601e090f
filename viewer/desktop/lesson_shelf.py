"""The Lessons menu's folders, read off the GUI thread (issue 44: 200 lessons of 1.6 MB
made every opening of the menu take about 70 s).

:class:`ShelfReader` keeps what the folders held when last read (a
:class:`model.lesson.LessonShelf`: each file read once, kept until its size or time
changes) and reads them again on a thread of its own when asked; the menu shows what is
kept at once and is filled again, on the GUI thread, only when something changed.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal

from pyramid_lab.model.lesson import FolderLesson, LessonShelf

log = logging.getLogger(__name__)

Found = dict[Path, list[FolderLesson]]


class ShelfReader(QObject):
    """Reads lesson folders on a thread, one reading at a time; ``changed`` (no argument,
    a plain callable) is called on the GUI thread when what they hold differs from what
    was shown."""

    _arrived = Signal(object)  # the folders and what each holds, from the reading thread

    def __init__(self, changed: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.shelf = LessonShelf()
        self.changed = changed
        self.found: Found = {}  # what the menu shows: the last reading's
        self._worker: threading.Thread | None = None
        self._again: list[Path] | None = None  # asked while a reading was under way
        self._then: list[Callable[[], None]] = []  # once the readings asked for are in
        self._arrived.connect(self._take)

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def entries(self, folder: Path) -> list[FolderLesson] | None:
        """What ``folder`` held when last read (None: not read yet)."""
        return self.found.get(folder)

    def refresh(self, folders: Sequence[Path], then: Callable[[], None] | None = None) -> None:
        """Read ``folders`` again, off the GUI thread (after the reading under way, if one
        is): unchanged files are not read again. ``then`` is called on the GUI thread once
        they are in."""
        wanted = list(folders)
        if then is not None:
            self._then.append(then)
        if self._worker is not None:
            self._again = wanted
            return

        def work() -> None:
            found: Found = {}
            for folder in wanted:
                try:
                    found[folder] = self.shelf.read(folder)
                except Exception:  # never lost on the thread: the folder shows none
                    log.exception("reading the lessons in %s", folder)
                    found[folder] = []
            with contextlib.suppress(RuntimeError):  # the window closed: no one to tell
                self._arrived.emit(found)

        self._worker = threading.Thread(target=work, name="lesson-shelf", daemon=True)
        self._worker.start()

    def _take(self, found: Found) -> None:
        """On the GUI thread: a reading's result; the menu filled again if it changed."""
        self._worker = None
        changed = found != {folder: self.found.get(folder) for folder in found}
        self.found = found
        try:
            if changed:
                self.changed()
        except Exception:  # a slot: nothing escapes
            log.exception("showing the lessons read")
        again, self._again = self._again, None
        if again is not None:
            self.refresh(again)
            return
        then, self._then = self._then, []
        for call in then:
            try:
                call()
            except Exception:  # a slot: nothing escapes
                log.exception("after reading the lessons")

    def wait(self, seconds: float = 30.0) -> None:
        """Until the readings asked for are in (tests, and a window closing)."""
        end = time.monotonic() + seconds
        while self._worker is not None and time.monotonic() < end:
            self._worker.join(0.01)
            QCoreApplication.processEvents()
