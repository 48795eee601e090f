"""The main window the window benches time (click.py, long_game.py): the user's files in a
scratch folder, settings there too, shown at a size and drawn once."""

from __future__ import annotations

import os
import sys
import tempfile
from typing import Any


def bench_window(game: Any, size: tuple[int, int], prefix: str) -> tuple[Any, Any]:
    """(the QApplication, a MainWindow on ``game``) shown at ``size`` and drawn."""
    scratch = tempfile.mkdtemp(prefix=prefix)
    os.environ["PYRAMID_LAB_AUTOSAVE"] = os.path.join(scratch, "autosave")
    os.environ["PYRAMID_LAB_CONFIG"] = os.path.join(scratch, "config")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, scratch)
    app = QApplication.instance() or QApplication(sys.argv)
    window = MainWindow(Session(game))
    window.resize(*size)
    window.show()
    for _ in range(20):
        app.processEvents()
    # the board on show: the window's stage (before the lab, the window itself drew), so
    # that two trees compare side by side
    stage = getattr(window, "stage", None)
    (stage.render_now if stage is not None else window.render_scene)()
    return app, window
