"""One window for a test module's tests, put back before each test to what those tests read
of a fresh ``make_window()`` (issue 88 item 7: a window's build and close, about 0.2 s of
processor time, was most of a short window test).

``module_window`` builds a window on a base-3 Partition once a module; ``fresh_window``
hands it to a test after putting it back: every job stopped (Solve mode, Verify, the
analysis, the computer's seats), out of set-up mode, a new base-3 Partition with no file
and no changes, the docks shown as they were when it was built, its size and camera as
built. It then checks that state (a test that leaves something the reset does not put
back fails the next test here, not silently). The test's own folders (``window_folders``:
settings, autosaves, made puzzles) apply, as they do for ``make_window``'s windows. Use it
only where a test opens its own file first and reads what that file brings."""

from __future__ import annotations

import pytest

SIZE = (900, 700)  # make_window's


@pytest.fixture(scope="module")
def module_window(gl_display, tmp_path_factory):
    """A shown main window on a base-3 Partition, built once for the module (its folders
    under a temporary folder, as ``window_folders`` puts a test's), closed at its end."""
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings
    from PySide6.QtWidgets import QDockWidget

    from pyramid_lab.model.partition import Partition, PartitionOptions
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
        window = MainWindow(Session(Partition(PartitionOptions(3))))
        window.resize(*SIZE)
        window.show()
        window.stage.render_now()
        QCoreApplication.sendPostedEvents()
        window.built_docks = {  # (what the reset shows again)
            dock for dock in window.findChildren(QDockWidget) if not dock.isHidden()
        }
    yield window
    window.shutdown()
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def fresh_window(module_window, window_folders, qtbot):
    """The module's window, put back (see the module) and checked."""
    put_back(module_window, qtbot)
    yield module_window
    stop_jobs(module_window, qtbot)


def stop_jobs(window, qtbot) -> None:
    """Solve mode ended, every search stopped and waited for, the computer's seats off."""
    from tests.patience import WAIT_MS

    parts, lab = window.parts, window.lab
    if parts.puzzle.solver.active:
        parts.puzzle.solver.leave()
    for colour in list(lab.engine.seats.computer):
        lab.engine.set_player(colour, None)
    lab.engine.stop()
    parts.analysis.stop()
    parts.puzzle.verifier.stop()
    qtbot.waitUntil(lambda: not busy(window), timeout=WAIT_MS)


def busy(window) -> bool:
    """A search of the window's at work (Solve's reply, Verify, the computer or Hint, the
    analysis)."""
    parts = window.parts
    return bool(
        parts.puzzle.solver.runner.thinking
        or parts.puzzle.verifier.thinking
        or window.lab.engine.runner.thinking
        or parts.analysis.thinking
    )


def put_back(window, qtbot) -> None:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QDockWidget

    from pyramid_lab.model.partition import Partition, PartitionOptions

    stop_jobs(window, qtbot)
    if window.board.setup is not None:
        window.parts.setup_mode.leave()
    window.session.replace_game(Partition(PartitionOptions(3)))  # (no file, no changes)
    window.statusBar().clearMessage()  # (a test reads the messages its own steps bring)
    for dock in window.findChildren(QDockWidget):
        dock.setVisible(dock in window.built_docks)
    window.resize(*SIZE)
    window.scene.frame_board()
    QCoreApplication.sendPostedEvents()
    # what a fresh window shows, checked
    assert window.board.setup is None
    assert not window.parts.puzzle.solver.active
    assert window.lab.engine.seats.computer == {}
    assert not busy(window)
    assert window.session.path is None
    assert not window.session.dirty
    assert window.scene.camera_preset() == "iso"
    shown = {d for d in window.findChildren(QDockWidget) if not d.isHidden()}
    assert shown == window.built_docks, shown ^ window.built_docks
