"""The window for everyone (issue 107 item 6): Qt's accessibility tree, walked over the
window and every dock of each of the five games, holds no interactive widget without a
name (a screen reader said "spin box" for the Levels boxes, "slider" for the clip planes,
"check box" for their boxes), and the names are in the window's language."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QDockWidget

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

R = QAccessible.Role
#: The roles a hand acts on (a screen reader names each as it reaches it).
INTERACTIVE = {
    R.PushButton,
    R.CheckBox,
    R.RadioButton,
    R.ComboBox,
    R.SpinBox,
    R.Slider,
    R.EditableText,
    R.ButtonMenu,
    R.ButtonDropDown,
    R.List,
    R.Table,
    R.Tree,
    R.PageTab,
    R.Dial,
}


def unnamed(interface, found: list[str]) -> list[str]:
    """The shown interactive widgets under ``interface`` with no accessible name."""
    if interface is None or not interface.isValid():
        return found
    name = interface.text(QAccessible.Text.Name).strip()
    if interface.role() in INTERACTIVE and not name and not interface.state().invisible:
        widget = interface.object()
        where, at = [], widget
        while at is not None and len(where) < 6:
            where.append(at.objectName() or type(at).__name__)
            at = at.parent()
        tip = interface.text(QAccessible.Text.Description)
        found.append(f"{interface.role().name} in {' < '.join(where)} ({tip[:40]!r})")
    for index in range(interface.childCount()):
        unnamed(interface.child(index), found)
    return found


def every_dock_shown(window):
    """Each dock of the window, made (a dock made at first use too), shown and raised."""
    from PySide6.QtCore import QCoreApplication

    from pyramid_lab.viewer.widgets.later_dock import LaterDock

    for dock in window.findChildren(LaterDock):
        dock.body()
    for dock in window.findChildren(QDockWidget):
        dock.show()
        dock.raise_()  # (a tab behind another is not shown)
        QCoreApplication.processEvents()
        yield dock


def games():
    from pyramid_lab.model.ball import PyramidBall
    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.model.pyraos import Pyraos
    from pyramid_lab.model.rolling import RollingPyramids
    from pyramid_lab.model.terrace import Terrace

    return {
        "partition": lambda: Partition(PartitionOptions(4)),
        "pyraos": Pyraos.new,
        "terrace": Terrace.new,
        "ball": PyramidBall.new,
        "rolling": RollingPyramids.new,
    }


@pytest.mark.parametrize("game", ["partition", "pyraos", "terrace", "ball", "rolling"])
def test_no_interactive_widget_is_unnamed(make_window, game, guard_errors):
    window = make_window(games()[game]())
    found = unnamed(QAccessible.queryAccessibleInterface(window), [])
    for dock in every_dock_shown(window):
        unnamed(QAccessible.queryAccessibleInterface(dock), found)
    assert not sorted(set(found)), "\n".join(sorted(set(found)))
    assert not guard_errors


def test_the_names_are_in_the_windows_language(german, make_window):
    window = make_window()
    dock = window.parts.view_dock
    assert dock.level_lo.accessibleName() == "Unterste gezeigte Ebene"
    assert dock.clip_slider[0].accessibleName().startswith("Schnitt x")
