"""Screenshots of the teacher's lesson editor (issue 35) in a 1400x900 window: the step's
goal and overlays as choices, the Advanced JSON, a new lesson named and filled from the
rules, the status bar after Save, and the Lessons menu with the user's lessons folder.
The per-user files go to a temporary folder. Run by hand on a display:

    xvfb-run -a -s "-screen 0 1400x900x24" .venv/bin/python scripts/lesson_editor_shots.py [OUT]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(out: Path) -> None:
    home = Path(tempfile.mkdtemp())
    os.environ["PYRAMID_LAB_CONFIG"] = str(home / "config")
    os.environ["PYRAMID_LAB_LESSON_PROGRESS"] = str(home / "progress.json")
    os.environ["PYRAMID_LAB_AUTOSAVE"] = str(home / "autosave")
    from PySide6.QtCore import QCoreApplication, QPoint, QSettings
    from PySide6.QtWidgets import QApplication, QFileDialog

    app = QApplication.instance() or QApplication([])
    QCoreApplication.setOrganizationName("pyramid-lab-shots")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(home))
    from pyramid_lab.model import lesson as lessons
    from pyramid_lab.model.userfiles import lessons_folder
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    out.mkdir(parents=True, exist_ok=True)
    corner = ROOT / "model" / "data" / "lessons" / "partition" / "03-a-corner-ball.lesson.json"
    window = MainWindow(Session(lessons.read(corner).steps[0].position()))
    window.resize(1400, 900)
    window.show()

    def settle(until=lambda: True) -> None:
        for _ in range(3000):
            app.processEvents()
            if until():
                break
        window.stage.render_now()
        app.processEvents()

    def shot(name: str, screen: bool = False) -> None:
        settle()
        path = out / f"{name}.png"
        image = app.primaryScreen().grabWindow(0) if screen else window.grab()
        image.save(str(path))
        print(path, "|", window.parts.lessons.panel.footer.message.text())

    control = window.parts.lessons
    panel = control.panel
    assert window.lab.documents.open(corner, ask=False)
    panel.teach.setChecked(True)
    shot("editor-choices")
    panel.editor.advanced.setChecked(True)
    panel.editor.as_json.edit_rule.setText('{"holds": "NE", "by": ')
    settle()
    window.parts.lesson_dock.steps_scroll.ensureWidgetVisible(panel.editor.as_json.edit_rule)
    shot("editor-advanced-refused")
    panel.editor.advanced.setChecked(False)
    # a new lesson of the teacher's own: named, a goal picked, the answers filled
    window.menus.lessons.new_lesson.trigger()
    panel.editor.edit_lesson_title.setText("Holding SW")
    panel.editor.edit_title.setText("Cut SW off")
    panel.editor.edit_text.setPlainText("One red ball makes red hold SW. Which?")
    panel.editor.overlays.checks["walls"].setChecked(True)
    panel.editor.overlays.combos["region"].setCurrentText("SW")
    panel.editor.edit_kind.setCurrentText("place")
    panel.editor.rule_boxes.pick.setCurrentIndex(2)  # a colour holds a corner
    panel.editor.rule_boxes.param_combos["holds"].setCurrentText("SW")
    panel.editor.rule_boxes.param_combos["by"].setCurrentText("red")
    panel.editor.fill.click()
    settle(lambda: not control.state.checks.busy)
    shot("editor-filled-from-rules")
    target = Path(control.state.checks.save_suggestion())
    QFileDialog.getSaveFileName = staticmethod(lambda *_a, **_k: (str(target), ""))  # type: ignore[method-assign]  # (no dialog in a script)
    panel.footer.save.click()
    settle(lambda: not control.state.checks.busy)
    shot("editor-saved-status-bar")
    # the Lessons menu with the user's folder (a second lesson, and a broken file)
    lessons_folder().joinpath("zz-broken.lesson.json").write_text("{not json")
    menu = window.menus.lessons.menu
    window.menus.lessons.show_user_lessons()
    mine = next(a.menu() for a in menu.actions() if a.text() == "My lessons")
    bar = window.menuBar()
    at = bar.mapToGlobal(bar.actionGeometry(menu.menuAction()).bottomLeft())
    menu.popup(at)
    settle()
    menu.setActiveAction(mine.menuAction())
    row = menu.actionGeometry(mine.menuAction())
    mine.popup(menu.geometry().topRight() + QPoint(0, row.top()))  # beside its entry
    settle()
    shot("lessons-menu-my-lessons", screen=True)
    mine.close()
    menu.close()
    print("saved to", target)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()))
