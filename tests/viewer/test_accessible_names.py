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


def cut_words(window) -> list[str]:
    """The shown buttons, boxes and labels of the window narrower than their words take
    (a label that wraps takes the width of its longest word)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    cut = []
    for widget in [*window.findChildren(QAbstractButton), *window.findChildren(QLabel)]:
        least = widget.minimumSizeHint().width()
        if widget.isVisible() and widget.text() and widget.width() < least:
            cut.append(f"{widget.text()[:30]!r}: {widget.width()} < {least}")
    return cut


@pytest.mark.parametrize("scale", [1.5, 2.0])
def test_the_window_fits_its_screen_at_large_text(make_window, qapp, scale, guard_errors):
    """At 1.5x text on a 1400-pixel screen the window opened 138 pixels wider than the
    screen and cut words: its docks side by side took more than the screen's width. Here
    the suite's 1280-pixel screen and a four-player Rolling game (its docks the widest)."""
    from PySide6.QtCore import QCoreApplication

    from pyramid_lab.model.rolling import OPTION_SPECS, RollingPyramids

    font = qapp.font()
    bigger = qapp.font()
    bigger.setPointSizeF(font.pointSizeF() * scale)
    qapp.setFont(bigger)
    try:
        shown = {spec.name: spec.default for spec in OPTION_SPECS}
        options = RollingPyramids.parse_options({**shown, "players": 4})
        window = make_window(RollingPyramids.new(options), on_screen=True)
        window.resize(1200, 800)
        window._framed = False  # (as a window opened: fitted to its screen once shown)
        window._frame()
        for _ in range(5):
            QCoreApplication.processEvents()
        screen = window.screen().availableGeometry()
        assert window.frameGeometry().width() <= screen.width()
        assert window.frameGeometry().height() <= screen.height()
        assert not cut_words(window), cut_words(window)
    finally:
        qapp.setFont(font)
    assert not guard_errors
