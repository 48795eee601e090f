"""The window the screenshot scripts photograph (screenshots.py, lesson_steps_shots.py,
lesson_reasons_shots.py, review_shots.py): everything a user keeps (autosaves, settings,
progress, made puzzles) in a scratch folder, nothing asked before a file is replaced, the
window shown at a fixed size; ``shot`` lets it settle, draws the scene and saves a PNG.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_API", "pyside6")


class ShotWindow:
    """A main window on ``game`` (a new game of the first registered kind if None) with
    the user's files under a scratch folder; pictures go to ``out``; ``language``: the one
    the window speaks (``de``; English where None)."""

    def __init__(
        self,
        out: Path,
        game: Any = None,
        size: tuple[int, int] = (1360, 900),
        name: str = "shots",
        language: str | None = None,
    ) -> None:
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication

        from pyramid_lab.model.game import game_class, game_names
        from pyramid_lab.viewer.widgets import unsaved

        unsaved.ask_unsaved = lambda *_args, **_kw: unsaved.DISCARD  # nothing is kept
        self.out = out
        out.mkdir(parents=True, exist_ok=True)
        self.scratch = Path(tempfile.mkdtemp(prefix=f"{name}-"))
        os.environ["PYRAMID_LAB_AUTOSAVE"] = str(self.scratch / "autosave")
        os.environ["PYRAMID_LAB_PUZZLES"] = str(self.scratch / "made")
        os.environ["PYRAMID_LAB_CONFIG"] = str(self.scratch / "config")
        os.environ["PYRAMID_LAB_LESSON_PROGRESS"] = str(self.scratch / "progress.json")
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(self.scratch))
        self.app = QApplication.instance() or QApplication([])
        from pyramid_lab.viewer.desktop.app import MainWindow
        from pyramid_lab.viewer.desktop.language import start_language
        from pyramid_lab.viewer.lab.session import Session

        start_language(self.app, language or "en")

        self.window = MainWindow(Session(game or game_class(game_names()[0]).new()))
        self.window.resize(*size)
        self.window.show()

    def settle(self, ms: int = 300) -> None:
        """Let queued work, paints and animations run for ``ms``, then draw the scene."""
        for _ in range(max(1, ms // 20)):
            self.app.processEvents()
            time.sleep(0.02)
        self.window.stage.render_now()
        self.app.processEvents()

    def wait(self, condition: Callable[[], bool], seconds: float = 300) -> None:
        end = time.time() + seconds
        while not condition() and time.time() < end:
            self.settle(100)

    def shot(self, name: str, widget: Any = None, *notes: str) -> Path:
        """Save ``widget`` (the window if None) as ``OUT/name.png`` and print its path with
        ``notes`` (what the picture should show)."""
        self.settle()
        path = self.out / f"{name}.png"
        (widget or self.window).grab().save(str(path))
        print(path, *(("|", *notes) if notes else ()))
        return path
