"""The window builds the whole-game table (issue 76): Analysis > Build the whole-game table
and the Analysis dock's Build table (Pyraos only), its progress and Stop in the dock, and
the Analysis asked again once the table is built; the base-3 pyramid's small table
(``MainWindow(table_base=3)``), in a cache folder under ``tmp_path``."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QDockWidget

from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.viewer.lab.table_build import BUILD_TABLE, BuildRefused, BuildStopped, Built
from tests.patience import WAIT_MS
from tests.viewer.monkey import Monkey

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


@pytest.fixture
def cache(tmp_path, monkeypatch, whole_kernels):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_the_menu_item_and_the_dock_build_stop_and_resume(make_window, qtbot, cache):
    window = make_window(Pyraos.new(PyraosOptions()), table_base=3)
    action = window.menus.actions["build_table"]
    menu = action.associatedObjects()[0]  # (the menu it is in)
    assert f"{menu.title()} > {action.text()}".replace("&", "") == BUILD_TABLE
    window.menus.follow_history()
    assert action.isEnabled()
    control = window.parts.analysis
    dock = control.dock
    dock.show()
    assert dock.table_box.isVisibleTo(dock)
    assert dock.build_table.isEnabled()
    assert not dock.stop_build.isEnabled()
    build = window.lab.table_build
    # the GUI monkey leaves both alone (a window of the game builds the base-4 table)
    assert action.text() in Monkey.SKIP_ACTIONS
    assert dock.build_table.objectName() in Monkey.SKIP_BUTTONS

    action.trigger()  # starts it
    assert build.running
    assert not dock.build_table.isEnabled()
    assert dock.stop_build.isEnabled()
    assert dock.build_activity.text().startswith("building the whole-game table of the standard")
    # Stop before its worker can have counted a layer (it asks before each one): stopped
    dock.stop_build.click()
    assert build.stopping
    assert not dock.stop_build.isEnabled()
    # (in a few seconds, or once the kernels are ready where its worker has not yet
    # begun a unit of work: both say so)
    assert dock.build_activity.text().startswith("stopping ")
    assert not dock.build_table.isEnabled()
    assert dock.build_table.toolTip().startswith("The build is stopping")  # (issue 109 item 5)
    qtbot.waitUntil(lambda: not build.running, timeout=WAIT_MS)
    assert isinstance(build.outcome, BuildStopped)
    assert dock.build_activity.text().startswith("stopped")
    assert dock.build_table.toolTip().startswith("Build the whole-game table")
    assert dock.build_table.isEnabled()
    assert (cache / "pyramid-lab" / "pyraos-standard-0-2-whole-base3" / "table.json").exists()

    asked = []
    control.runner.answered.connect(lambda job, result: asked.append(job.purpose))
    dock.build_table.click()  # again: it goes on to the end
    assert build.outcome is None
    # (issue 89: its first words said "building")
    assert dock.build_activity.text().startswith("resuming the whole-game table of the standard")
    qtbot.waitUntil(lambda: isinstance(build.outcome, Built), timeout=WAIT_MS)
    assert dock.build_activity.text().startswith("the whole-game table is built in ")
    assert not dock.build_bar.isVisible()
    # the dock shown: the position is analysed again, now that a table answers it
    qtbot.waitUntil(lambda: asked == ["analysis"], timeout=WAIT_MS)
    again = build.toggle()  # the menu item again, the table finished: nothing to build
    assert isinstance(again, BuildRefused)
    assert again.words.startswith("the table is built already in ")


def in_view(dock, widget) -> bool:
    """``widget`` shows whole in ``dock``'s scrolled body (not scrolled out of sight)."""
    viewport = dock.widget().viewport()
    corner = widget.mapTo(viewport, QPoint(0, 0))
    return widget.isVisible() and viewport.rect().contains(QRect(corner, widget.size()))


@pytest.mark.parametrize("docks", ["analysis closed", "analysis from the view menu", "all open"])
def test_a_build_from_the_menu_is_seen_with_its_stop_and_build(docks, make_window, qtbot, cache):
    # Issue 89 item 3: from a window whose Analysis dock was closed, the build ran unseen;
    # opened from View > Analysis (short beside the Moves dock) or not, after Stop the
    # dock's Build (to resume) was scrolled out of sight
    window = make_window(Pyraos.new(PyraosOptions()), table_base=3)
    window.resize(1200, 800)
    window.menus.follow_history()
    dock = window.parts.analysis.dock
    dock.close()
    qtbot.waitUntil(lambda: not dock.isVisible(), timeout=WAIT_MS)
    if docks == "analysis from the view menu":
        dock.toggleViewAction().trigger()
        qtbot.waitUntil(dock.isVisible, timeout=WAIT_MS)
    elif docks == "all open":
        offered = window.menus.view_menu.actions()  # the docks of the game shown
        for each in window.findChildren(QDockWidget):
            if each.toggleViewAction() in offered and not each.toggleViewAction().isChecked():
                each.toggleViewAction().trigger()
        qtbot.waitUntil(dock.isVisible, timeout=WAIT_MS)
    build = window.lab.table_build
    window.menus.actions["build_table"].trigger()
    assert build.running
    qtbot.waitUntil(dock.isVisible, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: in_view(dock, dock.stop_build), timeout=WAIT_MS)
    dock.stop_build.click()
    qtbot.waitUntil(lambda: not build.running, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: in_view(dock, dock.build_table), timeout=WAIT_MS)
    assert dock.build_table.isEnabled()


def test_a_game_without_a_table_offers_no_build(make_window):
    window = make_window()  # Partition
    window.menus.follow_history()
    assert not window.menus.actions["build_table"].isEnabled()
    dock = window.parts.analysis.dock
    dock.show()
    assert not dock.table_box.isVisibleTo(dock)


def test_closing_the_window_during_a_build_asks_and_cancel_keeps_both(
    make_window, qtbot, cache, unsaved_answers
):
    window = make_window(Pyraos.new(PyraosOptions()), table_base=3)
    build = window.lab.table_build
    window.menus.actions["build_table"].trigger()
    assert build.running
    unsaved_answers["go_on"] = [False]
    assert not window.close()  # Cancel: the window and the build stay
    assert window.isVisible()
    question, detail, go = unsaved_answers["asked_go_on"][-1]
    assert question == "Stop building the whole-game table and quit?"
    assert go == "Stop and quit"
    assert "resumes it" in detail
    if build.running:  # (a fast machine may have finished the small table meanwhile)
        assert not build.stopping
        assert window.close()  # "Stop and quit" (the fixture's answer): closed, stopped
        assert not build.running
    folder = cache / "pyramid-lab" / "pyraos-standard-0-2-whole-base3"
    assert (folder / "table.json").exists()  # what it did is kept
