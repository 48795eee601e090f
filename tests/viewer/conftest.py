"""GUI test fixtures. GUI tests FAIL (never skip) without a GL-capable Qt platform, so a
CI run that forgot Xvfb cannot pass silently."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session")
def gl_display(request):
    """The running QApplication, after checking it can show OpenGL windows. Checked before
    the QApplication exists: Qt's xcb plugin aborts the process when there is no display."""
    assert os.environ.get("QT_QPA_PLATFORM", "xcb") == "xcb", (
        "QT_QPA_PLATFORM must be unset (xcb) for GUI tests: 'offscreen' cannot host a QtInteractor"
    )
    assert os.environ.get("DISPLAY"), (
        "no X display: run GUI tests under Xvfb, e.g. bash scripts/test.sh"
    )
    qapp = request.getfixturevalue("qapp")
    platform = qapp.platformName()
    assert platform not in ("offscreen", "minimal", "vnc"), (
        f"Qt platform {platform!r} cannot host a QtInteractor; run GUI tests under Xvfb "
        "(scripts/test.sh does) with QT_QPA_PLATFORM unset"
    )
    return qapp


@pytest.fixture
def guard_errors(monkeypatch):
    """Every exception that reaches the window's error guard (viewer.widgets.slots.guarded) or
    sys.excepthook, as (exception, where): a test asserts the list stays empty."""
    import sys

    from pyramid_lab.viewer.widgets import slots

    seen = []
    monkeypatch.setattr(slots, "error_hooks", [lambda exc, what: seen.append((exc, what))])
    monkeypatch.setattr(sys, "excepthook", lambda kind, exc, tb: seen.append((exc, "excepthook")))
    return seen


@pytest.fixture
def unsaved_answers(monkeypatch):
    """The answers the "unsaved changes" question gets (Discard unless a test appends
    others), and the questions asked: a test never blocks on the modal box."""
    from pyramid_lab.viewer.widgets import unsaved

    record = {"answers": [], "asked": [], "go_on": [], "asked_go_on": []}

    def ask(_parent, question, _detail, **_kw):
        record["asked"].append(question)
        return record["answers"].pop(0) if record["answers"] else unsaved.DISCARD

    def ask_go_on(_parent, _title, question, detail, go):  # (yes unless a test says no)
        record["asked_go_on"].append((question, detail, go))
        return record["go_on"].pop(0) if record["go_on"] else True

    monkeypatch.setattr(unsaved, "ask_unsaved", ask)
    monkeypatch.setattr(unsaved, "ask_go_on", ask_go_on)
    return record


@pytest.fixture
def window_folders(gl_display, tmp_path, monkeypatch, unsaved_answers):
    """A window's recent files, autosaves, practice ticks, made puzzles, lesson progress and
    settings under ``tmp_path``, for the windows a test builds itself (``make_window``'s
    are built so)."""
    from PySide6.QtCore import QSettings

    monkeypatch.setenv("PYRAMID_LAB_AUTOSAVE", str(tmp_path / "autosave"))
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))  # practice ticks
    monkeypatch.setenv("PYRAMID_LAB_PUZZLES", str(tmp_path / "made-puzzles"))  # made ones
    monkeypatch.setenv("PYRAMID_LAB_LESSON_PROGRESS", str(tmp_path / "lesson-progress.json"))

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    # The suite's lanes share the cores: a window's Analysis and Hint search on one thread
    # (test_analysis_dock.py sets its own to check the box and the default).
    QSettings().setValue("engine/threads", 1)


@pytest.fixture(scope="module")
def window_game():
    """What a module's shared window (shared_window.py) is built on and put back to: a new
    base-3 Partition, as ``make_window``'s; a module on another game defines its own
    (test_ball_window.py, test_rolling_window.py)."""
    from pyramid_lab.model.partition import Partition, PartitionOptions

    return lambda: Partition(PartitionOptions(3))


@pytest.fixture
def make_window(window_folders, qtbot, request):
    """A shown main window on a game (a 3-ball-base Partition unless given), with its recent
    files and autosaves kept under ``tmp_path``; closed at the end of the test. Where the
    test file asks for ``unmapped_windows``, the window is shown to Qt but not put on the
    screen, unless the test asks ``make_window(..., on_screen=True)``. The scene is drawn
    once, unless the test file asks for ``unrendered_paints``: there a test that reads
    the picture, the framing or the labels' places draws it itself (``render_now``)."""
    from PySide6.QtCore import Qt

    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    unmapped = "unmapped_windows" in request.fixturenames
    unrendered = "unrendered_paints" in request.fixturenames
    windows = []

    def make(game=None, path=None, *, on_screen=False, **options):
        session = Session(game or Partition(PartitionOptions(3)), path=path)
        window = MainWindow(session, **options)  # (options: MainWindow's, e.g. table_base)
        qtbot.addWidget(window)
        window.resize(900, 700)
        if unmapped and not on_screen:
            window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
        # Not waited for on screen (the X server's expose and the paint it brings, one more
        # software render a window: test_app.py took 0.5 to 0.9 s longer so); the scene
        # is drawn now, and a test that needs the window mapped waits itself (test_app.py).
        window.show()
        if not unrendered:  # (a frame no test of such a file read: 20 to 40 ms a window)
            window.stage.render_now()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.shutdown()


@pytest.fixture
def unrendered_paints(monkeypatch):
    """The scene's widget paints without rendering the scene, for the test files that read
    no pixel of it (a window's docks, words, state and layout; opted into by module):
    pyvistaqt renders the whole scene in software in every paint (each show, resize, dock
    shown or hidden and redraw): without those renders test_dock_fit.py took 16.9 s of CPU
    instead of 23.9, test_ball_window.py 15.1 instead of 18.6. A render that a test reads
    (the labels' and the legend's places, the framing) it asks for itself,
    ``stage.render_now()``, and ``make_window`` renders none (it drew each window once:
    173 frames in 16 files, 5.0 s of processor time, that no test read), nor does VTK's
    camera control at a left button's release (the still frame it draws as it stops, after
    the click was handled: 121 frames and 2.2 s in ten such files); the paint's own
    render stays checked where pictures are (test_render.py, test_first_frame.py,
    test_export.py, the GUI monkey)."""
    from tests.viewer.shared_window import unrendered_paints as paints_unrendered

    paints_unrendered(monkeypatch)


@pytest.fixture
def unmapped_windows():
    """``make_window``'s windows shown to Qt but never put on the X screen
    (``Qt.WA_DontShowOnScreen``), for the test files that read what Qt lays out and says
    (docks, words, sizes, state, what a click or a key does) and nothing the screen gives:
    such a window is laid out, its widgets visible, its scene rendered when asked
    (``stage.render_now()``), but never exposed, so no widget of it paints and no frame of
    it is composed (a window holding the scene's ``QOpenGLWidget`` is composed in OpenGL,
    in software under Xvfb, at every repaint of any of its widgets): test_dock_fit.py took
    12.2 and 9.3 s of processor time instead of 14.5 and 14.7 (docs/history/tests.md has the
    rest). A test that needs its window on the screen (activated, exposed, given the focus
    or the mouse by the window system) asks ``make_window(..., on_screen=True)``; a window
    a test builds itself is shown as before. Opted into by module, beside
    ``unrendered_paints`` where a file has it; ``make_window`` reads it."""
    return True


@pytest.fixture
def plotter():
    """An offscreen pyvista plotter for a board view alone (no window; EGL without X)."""
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")
    import pyvista as pv

    plot = pv.Plotter(off_screen=True, window_size=(400, 320))
    yield plot
    plot.close()


@pytest.fixture
def new_game(monkeypatch, qtbot):
    """File > New game with the dialog answering ``name`` (its default options, humans),
    then the posted layout requests run (the window lays its docks out on them)."""
    from PySide6.QtWidgets import QApplication

    from pyramid_lab.viewer.widgets.new_game import NewGameDialog

    def play(window, name):
        def exec_(dialog):
            dialog.choose(name)
            return 1

        monkeypatch.setattr(NewGameDialog, "exec", exec_)
        window.menus.seats.new_game()
        assert window.board.ui.game_name == name
        QApplication.sendPostedEvents()
        qtbot.wait(20)

    return play
