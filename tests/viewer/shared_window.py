"""One window for a test module's tests, put back before each test to what those tests read
of a fresh ``make_window()`` (issue 88 item 7: a window's build and close, about 0.2 s of
processor time, was most of a short window test).

``module_window`` builds a window on ``window_game()`` (a base-3 Partition unless the module
defines its own ``window_game``) once a module; ``fresh_window`` hands it to a test after
putting it back: every job stopped (Solve mode, Verify, the analysis, the computer's seats,
a lesson's checks), out of set-up mode and teacher mode, a new ``window_game()`` with no
file and no changes (a lesson shown ends with it), no hint kept (New game keeps one of the
same first position), the engine's seed, pace, hint level and pause and the New game
dialog's remembered players as built, the docks shown as they were when it was built, its
size and camera as built. It then checks that state (a test that leaves something the reset
does not put back fails the next test here, not silently), as it checks that every check,
list box, number box, slider and checkable menu item of the window holds what it held when
built (set back as a user sets it, where the user can reach it, before the file shown goes).
The test's own folders (``window_folders``: settings, autosaves, made puzzles) apply, as
they do for ``make_window``'s windows.

Use it where a test opens its own file first and reads what that file brings. Not for the
lesson editor's tests: its fields follow the lesson's step and are out of reach once
teacher mode is off, so one test's Advanced box or task kind stayed for the next (the
check above caught it). Not for Practice: its dock and state are made at first use and
stay (test_practice.py asserts a window that has not practised)."""

from __future__ import annotations

import pytest

SIZE = (900, 700)  # make_window's


@pytest.fixture(scope="module")
def module_window(gl_display, tmp_path_factory, window_game, request):
    """A shown main window on ``window_game()``, built once for the module (its folders
    under a temporary folder, as ``window_folders`` puts a test's), closed at its end.
    Shown and drawn as the module's ``make_window`` windows are: kept off the screen where
    the module asks for ``unmapped_windows``, its scene not drawn where it asks for
    ``unrendered_paints`` (conftest.py)."""
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt

    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    folder = tmp_path_factory.mktemp("shared-window")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYRAMID_LAB_AUTOSAVE", str(folder / "autosave"))
        patch.setenv("PYRAMID_LAB_CONFIG", str(folder / "config"))
        patch.setenv("PYRAMID_LAB_PUZZLES", str(folder / "made-puzzles"))
        patch.setenv("PYRAMID_LAB_LESSON_PROGRESS", str(folder / "lesson-progress.json"))
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
        QSettings().setValue("engine/threads", 1)
        window = MainWindow(Session(window_game()))
        window.new_game = window_game  # (what put_back starts again)
        window.resize(*SIZE)
        asked = module_fixtures(request.module)
        if "unmapped_windows" in asked:
            window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
        if "unrendered_paints" in asked:  # (its fixture starts with the first test)
            unrendered_paints(patch)
        window.show()
        if "unrendered_paints" not in asked:
            window.stage.render_now()
        QCoreApplication.sendPostedEvents()
        window.built_docks = shown_docks(window)  # (what the reset shows again)
        make_later_bodies(window)  # (the docks' widgets made at their first use: all now)
        window.built_inputs = inputs(window)  # (and what its boxes held)
        window.built_engine = engine_settings(window)  # (and its engine)
    yield window
    window.shutdown()
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def unrendered_paints(patch) -> None:
    """The scene's paints draw nothing while ``patch`` holds, as ``unrendered_paints``'s."""
    from pyvista.plotting.render_window_interactor import InteractorStyleCaptureMixin
    from pyvistaqt import rwi

    from pyramid_lab.viewer.desktop.scene_widget import SceneWidget

    patch.setattr(rwi.QVTKRenderWindowInteractor, "paintGL", _paint_unrendered)
    patch.setattr(SceneWidget, "paintGL", _paint_unrendered)  # (nor shows the last)
    # (looked up at each release: a style made before the patch, as the module's window's, too)
    patch.setattr(InteractorStyleCaptureMixin, "OnLeftButtonUp", _left_up_unrendered)


def _left_up_unrendered(style) -> None:
    """VTK's camera control at a left button's release, less the frame it draws as it
    stops (the camera's still frame, drawn after the click was handled: no test reads it)."""
    from pyvista.plotting.render_window_interactor import InteractorStyleCaptureMixin

    interactor = style.GetInteractor()
    enabled = interactor.GetEnableRender()
    interactor.EnableRenderOff()
    try:
        super(InteractorStyleCaptureMixin, style).OnLeftButtonUp()
    finally:
        interactor.SetEnableRender(enabled)


def _paint_unrendered(widget) -> None:
    """A paint of the scene's widget that draws nothing (what it shows no test reads)."""


def module_fixtures(module) -> set[str]:
    """The fixtures a test module asks for every test (``pytestmark``'s ``usefixtures``)."""
    marks = getattr(module, "pytestmark", [])
    marks = marks if isinstance(marks, list) else [marks]
    return {name for mark in marks if mark.name == "usefixtures" for name in mark.args}


@pytest.fixture
def fresh_window(module_window, window_folders, qtbot):
    """The module's window, put back (see the module) and checked."""
    put_back(module_window, qtbot)
    yield module_window
    stop_jobs(module_window, qtbot)


def stop_jobs(window, qtbot) -> None:
    """Solve mode ended, every search stopped (the review's too) and waited for, the
    computer's seats off."""
    from tests.patience import WAIT_MS

    parts, lab = window.parts, window.lab
    if parts.puzzle.solver.active:
        parts.puzzle.solver.leave()
    for colour in list(lab.engine.seats.computer):
        lab.engine.set_player(colour, None)
    if lab.engine.runner.thinking:  # (a stop with nothing to stop redraws the window)
        lab.engine.stop()
    parts.analysis.stop()
    parts.puzzle.verifier.stop()
    lab.review.stop()
    qtbot.waitUntil(lambda: not busy(window), timeout=WAIT_MS)


def busy(window) -> bool:
    """A search of the window's at work (Solve's reply, Verify, the computer or Hint, the
    analysis, the review)."""
    parts = window.parts
    return bool(
        parts.lessons.state.checks.busy
        or parts.puzzle.solver.runner.thinking
        or parts.puzzle.verifier.thinking
        or window.lab.engine.runner.thinking
        or window.lab.analysis.thinking
        or window.lab.review.thinking
    )


def put_back(window, qtbot) -> None:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget

    stop_jobs(window, qtbot)
    for _ in range(2):  # (a box set may set another)
        changed = changed_inputs(window).items()  # the menu items last: a dock's hides its boxes
        for widget, value in sorted(changed, key=lambda item: isinstance(item[0], QAction)):
            if reachable(window, widget):  # (as a user sets it: where it can be reached)
                set_input(widget, value)
    if window.board.setup is not None:
        window.parts.setup_mode.leave()
    for panel in steps_panels(window):  # (teacher mode off, where a lesson made the panel)
        panel.teach.setChecked(False)
    window.session.replace_game(window.new_game())  # (no file, no changes)
    engine = window.lab.engine
    engine.hints.shown = engine.hints.waiting = None  # (New game keeps a hint of its start)
    engine.seats.paused = False  # (Stop's or Undo's pause, kept across New game)
    window.lab.review.seed = window.lab.analysis.seed = None  # (a test's own, if it sets one)
    window.menus.seats.last_players.clear()  # (New game's players of each game last time)
    built = window.built_engine  # (the same)
    engine.seed, engine.pace, engine.hints.level = built["seed"], built["pace"], built["hint"]
    window.statusBar().clearMessage()  # (a test reads the messages its own steps bring)
    for dock in window.findChildren(QDockWidget):  # (a game's own docks are made anew)
        dock.setVisible(dock_name(dock) in window.built_docks)
    window.resize(*SIZE)
    window.scene.frame_board()
    QCoreApplication.sendPostedEvents()
    # what a fresh window shows, checked
    assert window.board.setup is None
    assert not window.parts.lessons.state.active  # (another game ends a lesson)
    assert not any(panel.teach.isChecked() for panel in steps_panels(window))
    assert not window.parts.puzzle.solver.active
    assert window.lab.engine.seats.computer == {}
    assert not busy(window)
    assert window.session.path is None
    assert not window.session.dirty
    assert window.session.review is None
    engine = window.lab.engine
    assert engine.hints.shown is None
    assert engine.hints.waiting is None
    assert engine_settings(window) == window.built_engine, engine_settings(window)
    assert window.menus.seats.last_players == {}
    assert window.scene.framing.preset() == "iso"
    shown = shown_docks(window)
    assert shown == window.built_docks, shown ^ window.built_docks
    left = changed_inputs(window)
    assert not left, {where(w): (held, inputs(window)[w]) for w, held in left.items()}


def steps_panels(window) -> list:
    """The Lesson dock's steps panel, where a lesson shown made it (it is made at its first
    use: asking the lessons' part for it would make it, in a window that never had it)."""
    from pyramid_lab.viewer.widgets.lesson_steps import StepPanel

    return window.findChildren(StepPanel)


def engine_settings(window) -> dict[str, object]:
    """What the computer and Hint keep across New game besides a hint (a test's own seed,
    pace and hint level, Stop's pause, the reckoning shown)."""
    engine = window.lab.engine
    return {
        "seed": engine.seed,
        "pace": engine.pace,
        "hint": engine.hints.level,
        "paused": engine.seats.paused,
        "reckoning": engine.show_reckoning,
    }


# ---- the boxes a user sets: as they were when the window was built -----------------------


def inputs(window) -> dict[object, object]:
    """Every check, list box, number box and slider of the window, and every checkable menu
    item, with what it holds now (not the text fields: they show the file, lesson or puzzle
    shown, and the test's own brings its own)."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractSlider,
        QComboBox,
        QDoubleSpinBox,
        QSpinBox,
    )

    held: dict[object, object] = {}
    for kind in (QAbstractButton, QAction):  # (Show the computer's reckoning stayed on)
        held.update((w, w.isChecked()) for w in window.findChildren(kind) if w.isCheckable())
    for box in window.findChildren(QComboBox):  # (its choices too: see changed_inputs)
        held[box] = (tuple(box.itemText(i) for i in range(box.count())), box.currentIndex())
    for kind in (QSpinBox, QDoubleSpinBox, QAbstractSlider):
        held.update((w, w.value()) for w in window.findChildren(kind))
    return held


def make_later_bodies(window) -> None:
    """The widgets of the docks made at their first use (:class:`LaterDock`: the Analysis,
    Review, Puzzle, Set-up and Rules docks), made now, in the state every test starts from,
    as a user's first use would make them: so that the check compares them too from the
    first test on (made first by a test, they would hold what that test's file brought)."""
    from pyramid_lab.viewer.widgets.later_dock import LaterDock

    for dock in window.findChildren(LaterDock):
        dock.body()


def changed_inputs(window) -> dict[object, object]:
    """What the window's boxes held when it was built, where they hold another now. Not
    compared: the boxes of a game's own docks (made anew with the game) and a list box
    whose choices the window filled since (a lesson's goals: the next lesson fills it)."""
    from PySide6.QtWidgets import QComboBox
    from shiboken6 import isValid

    now = inputs(window)
    return {
        widget: value
        for widget, value in window.built_inputs.items()
        if isValid(widget)
        and widget in now
        and now[widget] != value
        and not (isinstance(widget, QComboBox) and now[widget][0] != value[0])
    }


def reachable(window, widget) -> bool:
    """Shown, or in the set-up dock hidden out of set-up mode: its entry sets every box of
    it anew (``SetupDock.bind``), and with no editor bound the boxes' signals reach nothing
    (its brush stayed on for the next test: the check caught it)."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget

    if isinstance(widget, QAction):  # (a menu item: where it is shown and can be chosen)
        return widget.isVisible() and widget.isEnabled()
    dock = window.findChild(QDockWidget, "setup-dock")
    hidden_setup = window.board.setup is None and dock is not None and dock.isAncestorOf(widget)
    return widget.isVisibleTo(window) or hidden_setup


def where(widget) -> str:
    """A widget named by its kind and its parents' (for a message)."""
    names = []
    while widget is not None:
        names.append(f"{type(widget).__name__}{widget.objectName() and ' ' + widget.objectName()}")
        widget = widget.parent()
    return " < ".join(names[:5])


def set_input(widget, value) -> None:
    """``value`` into ``widget`` as a user would set it (its signals go out)."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QAbstractButton, QComboBox

    if isinstance(widget, QAction):  # (chosen in its menu)
        if widget.isChecked() != value:
            widget.trigger()
    elif isinstance(widget, QAbstractButton):  # (unchecked at the build: a radio too)
        auto, group = widget.autoExclusive(), widget.group()
        grouped = group is not None and group.exclusive()
        if grouped:
            group.setExclusive(False)
        widget.setAutoExclusive(False)
        widget.setChecked(value)
        widget.setAutoExclusive(auto)
        if grouped:
            group.setExclusive(True)
    elif isinstance(widget, QComboBox):
        widget.setCurrentIndex(value[1])
    else:
        widget.setValue(value)


def dock_name(dock) -> str:
    return f"{type(dock).__name__} {dock.objectName()} {dock.windowTitle()}"


def shown_docks(window) -> set[str]:
    from PySide6.QtWidgets import QDockWidget

    return {dock_name(d) for d in window.findChildren(QDockWidget) if not d.isHidden()}
