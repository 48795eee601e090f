"""The docks whose widgets are made at their first use (``widgets/later_dock.py``): a window
built makes none of them; shown by the View menu, by a verb, or by a restored layout, a
dock's body is made then, bound and saying what it would have said made with the window;
its widgets join the Tab order where the build put them, whatever order the docks are
first shown in."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

LATER = ("setup-dock", "rules-dock", "puzzle-dock", "analysis-dock", "review-dock")


def _later(window):
    from pyramid_lab.viewer.widgets.later_dock import LaterDock

    return {dock.objectName(): dock for dock in window.findChildren(LaterDock)}


def _tabs(window) -> list[str]:
    """The window's docks' focus chain: the widgets that take focus, named by their dock's
    name, their kind and their words (as a user tabs through them with every dock shown),
    from the View dock, the first made, to the menu bar, made after the docks (not into
    the menus: a walk there left the Game menu's submenus dead in later tests)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractButton, QDockWidget

    out, at, end = [], window.parts.view_dock, window.menuBar()
    while at is not None and at is not end and at is not window:
        if at.focusPolicy() != Qt.FocusPolicy.NoFocus:
            dock, up = None, at
            while up is not None and dock is None:
                dock = up if isinstance(up, QDockWidget) else None
                up = up.parentWidget()
            words = at.text() if isinstance(at, QAbstractButton) else ""
            name = dock.objectName() if dock is not None else "-"
            out.append(f"{name} {type(at).__name__} {at.objectName()} {words}")
        at = at.nextInFocusChain()
    assert at is end  # (the docks' chain, whole)
    return out


def test_a_window_makes_no_hidden_docks_body_and_the_view_menu_makes_one(make_window):
    window = make_window()
    docks = _later(window)
    assert set(LATER) <= set(docks)
    assert not any(dock.is_made for dock in docks.values())
    assert all(dock.widget() is None for dock in docks.values())
    analysis = docks["analysis-dock"]
    analysis.toggleViewAction().trigger()  # View > Analysis
    assert analysis.is_made
    assert analysis.isVisible()
    assert analysis.widget() is not None
    assert analysis.widget().isVisible()
    dock = window.parts.analysis.dock
    # bound as at the build, and saying what a dock made with the window says
    assert dock.threads.value() == 1  # (the test's setting)
    assert dock.evaluation.text() == ""  # (the first position's cleared it)
    assert not dock.stop.isEnabled()
    assert not dock.bar.isVisible()
    assert not any(d.is_made for name, d in docks.items() if name != "analysis-dock")
    analysis.toggleViewAction().trigger()
    analysis.toggleViewAction().trigger()
    assert dock.widget() is analysis.widget()  # (made once)


def test_a_verb_that_needs_a_docks_widgets_makes_them(make_window):
    window = make_window()
    reviewer = window.parts.reviewer
    assert not reviewer.dock.is_made
    seconds = reviewer.dock.seconds  # (a test, or a verb, reading one)
    assert reviewer.dock.is_made
    assert not reviewer.dock.isVisible()
    assert seconds.value() == 2.0
    said = "Review the game: each move is judged, the proof search first."
    assert reviewer.dock.summary.text() == said
    window.parts.commands.show_rules()  # Help > Rules
    rules = window.parts.rules_dock
    assert rules.is_made
    assert rules.isVisible()
    assert rules.shown == "partition"
    assert rules.text.toMarkdown().startswith("# Pyramid Partition")


def test_the_tab_order_is_the_builds_in_any_order_of_first_use(make_window):
    first, second = make_window(), make_window()
    for window, order in ((first, LATER), (second, tuple(reversed(LATER)))):
        docks = _later(window)
        for name in order:
            docks[name].body()
    assert _tabs(first) == _tabs(second)
    names = [line.split(" ")[0] for line in _tabs(first)]
    # each dock's widgets together, the docks in the order the build made them
    runs = [name for i, name in enumerate(names) if i == 0 or names[i - 1] != name]
    later = [name for name in runs if name in LATER]
    assert later == list(LATER), runs


def test_a_restored_layout_makes_the_docks_it_shows(make_window):
    window = make_window()
    docks = _later(window)
    docks["review-dock"].toggleViewAction().trigger()
    state = window.saveState()
    other = make_window()
    assert other.restoreState(state)
    restored = _later(other)
    assert restored["review-dock"].isVisible()
    assert restored["review-dock"].is_made
    assert not restored["analysis-dock"].is_made
