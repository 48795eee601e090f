"""Screenshots of the Lessons as a teacher sees them: the window opened on each lesson (its
caption, overlays and legend) by Next and Previous, then Lesson 3 after a move and after
Undo, Lesson 1 after Fill at random (the "board has changed" note) and Lesson 2 in a small
Lesson dock (the caption scrolls). Run by hand on a display:

    xvfb-run -a -s "-screen 0 1400x950x24" .venv/bin/python scripts/lesson_shots.py [OUT]

OUT defaults to /tmp/teach-shots; one PNG per picture, named after what it shows.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_API", "pyside6")


def main(out: Path) -> int:
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtWidgets import QApplication

    from model.files import read
    from viewer.app import MainWindow
    from viewer.menus import LESSON_DIR
    from viewer.session import Session
    from viewer.widgets import unsaved
    from viewer.widgets.lesson_dock import lesson_files

    # The shots leave each lesson without saving: "unsaved changes?" is answered Discard.
    unsaved.ask_unsaved = lambda *_args, **_kw: unsaved.DISCARD

    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="lesson-shots-"))
    os.environ["PYRAMID_LAB_AUTOSAVE"] = str(scratch / "autosave")  # nothing of the user's
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(scratch))
    app = QApplication.instance() or QApplication([])
    lessons = lesson_files(LESSON_DIR)
    window = MainWindow(Session.from_document(read(lessons[0]), lessons[0]))
    window.resize(1360, 900)
    window.show()

    def settle(ms: int = 300) -> None:
        for _ in range(ms // 20):
            app.processEvents()
            QApplication.instance().thread().msleep(20)
        window.render_scene()
        app.processEvents()

    def shot(name: str) -> None:
        settle()
        path = out / f"{name}.png"
        window.grab().save(str(path))
        print(path)

    shot("lesson-1-on-opening")
    dock = window.lesson_dock
    for number in range(2, len(lessons) + 1):
        dock.next.click()
        shot(f"lesson-{number}")
    dock.previous.click()  # back to the one before last: Previous walks back
    shot(f"lesson-{len(lessons) - 1}-by-previous")
    window.open_file(lessons[2])  # Lesson 3, then a move: the caption no longer fits
    game = window.session.game
    window.session.play(next(iter(game.legal_moves())))
    shot("lesson-3-after-a-move")
    window.undo()
    shot("lesson-3-after-undo")
    window.open_file(lessons[0])  # Fill at random: a full pyramid the caption never saw
    window.ui.corner_dock.fill.click()
    while window.ui.filling:
        settle(100)
    shot("lesson-1-after-fill-at-random")
    window.open_file(lessons[1])  # a small window and Lesson dock: the caption scrolls
    window.resize(1100, 640)
    settle()
    window.resizeDocks([dock], [190], Qt.Orientation.Vertical)
    shot("lesson-2-small-dock")
    window.shutdown()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/teach-shots")))
