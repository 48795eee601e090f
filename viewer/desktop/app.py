"""The Pyramid Lab main window: a Qt shell. It makes the scene's widget and the prompt over
it, and :func:`viewer.desktop.binding.build_window` (the one composition root) builds the
rest into it: the lab (the
application's state and behaviour, Qt-free, :mod:`viewer.lab`), the port through which the
lab asks the user things (:mod:`viewer.desktop.qt_port`), the board on show
(:mod:`viewer.desktop.stage`), the docks and the controllers, each taking the lab, the port
and the stage, never the window. The window reaches every game through the registry of game
UIs and every board through the table of board views, and names neither. Renders happen on
demand, and no exception escapes a Qt slot (viewer.widgets.slots).

Opened from the command line (``opening=True``) the window draws first, with a line saying
what it opens, and builds the rest once that frame is on screen: the 3D scene (pyvista, VTK
and the matplotlib they import) a moment later, the search's kernels (numba) when a search
first needs them. This module imports nothing but Qt at run time for that reason."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QLinearGradient, QPainter, QSurface
from PySide6.QtWidgets import QWidget

from pyramid_lab.i18n import _

from ..lab import palette
from .window import Window

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent

    from pyramid_lab.model.lesson import LessonFile

    from ..lab.session import Session
    from ..lab.view_state import ViewState

#: The opening frame's words' colour (on the scene's background, :mod:`viewer.lab.palette`).
OPENING_TEXT = QColor(70, 78, 92)
#: How long closing the window waits for its stopped jobs' threads, all of them together
#: (:meth:`viewer.lab.lab.Lab.shutdown`): a stopped search ends within it; a job that cannot
#: stop yet (waiting for the compiled core, a Dask cluster starting) ends with the process.
CLOSE_WAIT_S = 0.5


class OpeningScreen(QWidget):
    """What the window shows in its first frame, while the board's scene loads: the scene's
    background and a line saying what opens. Calls ``painted`` once, after its first paint
    (the frame is on screen then)."""

    def __init__(self, text: str, painted: Callable[[], None], parent: QWidget) -> None:
        super().__init__(parent)
        self.text = text
        self._painted: Callable[[], None] | None = painted

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        shade = QLinearGradient(0, 0, 0, self.height())  # the scene's, top to bottom
        shade.setColorAt(0.0, QColor(*palette.BACKGROUND_TOP))
        shade.setColorAt(1.0, QColor(*palette.BACKGROUND))
        painter.fillRect(self.rect(), shade)
        painter.setPen(OPENING_TEXT)
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.text)
        painter.end()
        if self._painted is not None:
            painted, self._painted = self._painted, None
            QTimer.singleShot(0, painted)  # after this frame is flushed to the screen


class MainWindow(Window):
    def __init__(
        self,
        session: Session | Callable[[], Session],
        view: ViewState | None = None,
        parent: QWidget | None = None,
        *,
        opening: str | None = None,
        table_base: int = 4,
    ) -> None:
        """The window on ``session``; with ``opening`` (the file it opens, its name; "": a
        new game) it draws that first and builds itself after (see the module), and
        ``session`` may be what makes the session then (its modules load after the first
        frame): :meth:`when_built` runs what needs its parts. ``table_base``: the pyramid
        whose whole-game table Analysis > Build the whole-game table builds (4, the game's;
        a test's 3, a small one)."""
        super().__init__(parent)
        self._make_session: Callable[[], Session] | None = None
        if callable(session):
            self._make_session = session
        else:
            self.session = session
        self._table_base = table_base
        self._view = view
        self.resize(1200, 800)
        self._framed = False  # the camera frames the board once the window has its size
        self._closed = False
        self.built = False
        self._when_built: list[Callable[[], None]] = []
        if opening is None:
            self._build()
        else:
            self.setWindowTitle("Pyramid Lab")
            said = (
                _("Opening {name}…").format(name=opening) if opening else _("Opening a new game…")
            )
            self.setCentralWidget(OpeningScreen(f"Pyramid Lab\n\n{said}", self._build, self))
            self._on_opengl_surface()

    def _on_opengl_surface(self) -> None:
        # The scene is an OpenGL widget: added to a shown window whose surface is not an
        # OpenGL one, Qt made the window again, and for seconds the docks stood alone over
        # the screen (issue 89). The window's QWindow, made now (a native widget's, not yet
        # created), is called an OpenGL surface before it is created.
        if QGuiApplication.platformName() == "xcb":
            self.setAttribute(Qt.WidgetAttribute.WA_NativeWindow)
            handle = self.windowHandle()
            if handle is not None:
                handle.setSurfaceType(QSurface.SurfaceType.OpenGLSurface)
                return
        from PySide6.QtOpenGLWidgets import QOpenGLWidget

        QOpenGLWidget(self).hide()  # elsewhere: made on an OpenGL surface from the start

    def when_built(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the window has its parts (at once if it has)."""
        if self.built:
            then()
        else:
            self._when_built.append(then)

    def opened(
        self, path: str | None, lesson: LessonFile | None, practice: str | Path | None
    ) -> None:
        """Once built, what the command line opened: a lesson at the step last shown, the
        file among the recent ones, a crashed run's unsaved game offered, a collection to
        practise."""
        if lesson is not None and path is not None:
            self.lab.start_lesson(lesson, Path(path))
        if path is not None:
            self.lab.documents.recent.remember(path)  # a file opened from the shell, too
        QTimer.singleShot(0, self.parts.recovery.offer)  # a crashed run's unsaved game, if any
        if practice is not None:
            QTimer.singleShot(0, lambda: self.menus.puzzles.practising().open_collection(practice))

    def _build(self) -> None:
        if self.built or self._closed:
            return
        from PySide6.QtWidgets import QVBoxLayout

        from .deferred import PYVISTA_UNUSED, deferred

        with deferred(*PYVISTA_UNUSED):  # (pyvista imports them; the window draws no plot)
            from .binding import build_window
            from .scene_widget import SceneWidget
        from ..lab.view_state import ViewState
        from ..widgets.prompt_bar import PromptBar
        from . import gl_guard

        if self._make_session is not None:
            self.session = self._make_session()
        self.view = self._view or ViewState()
        gl_guard.install()  # no context current while a dead window's VTK objects go
        self.plotter = SceneWidget(self, auto_update=False, multi_samples=0)
        self.plotter.setMinimumSize(360, 280)  # docks never squeeze the scene away
        # (on its renderers: the plotter's own forwarder reads, to a type checker, as an
        # unbound method; see viewer/boards/meshes.py)
        self.plotter.renderers.set_background(palette.BACKGROUND, top=palette.BACKGROUND_TOP)
        self.prompt_bar = PromptBar()  # what to do next: over the scene, never covered
        centre = QWidget(self)
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.prompt_bar)
        column.addWidget(self.plotter, 1)
        self.setCentralWidget(centre)
        shown = self.isVisible()
        if shown:
            self.setUpdatesEnabled(False)  # one frame of the built window, not its making
        self.made = build_window(self, self.session, self.view, self._table_base)
        self.built = True
        if shown:
            self.setUpdatesEnabled(True)
            QTimer.singleShot(0, self._laid_out)  # once the scene is laid out at its size
        waiting, self._when_built = self._when_built, []
        for then in waiting:
            then()

    def _laid_out(self) -> None:
        # the docks' widths as a window built before it was shown has them (a window
        # already on screen gives a dock added to it what the opening screen left over)
        from ..widgets.dock_fit import dock_heights, dock_widths, qt_docks

        dock_widths(self)
        dock_heights(self, qt_docks(self.board.ui.docks()))  # (as a game's docks after a switch)
        layout = self.layout()
        if layout is not None:  # (a QMainWindow always has one)
            layout.activate()  # the scene at its size now: the camera frames for it
        self._frame()

    def _frame(self) -> None:
        from ..widgets.dock_fit import keep_on_screen
        from ..widgets.slots import guarded

        if not self._framed:  # the board was framed for a widget not yet laid out; now
            self._framed = True  # the scene has its size (done here, not later: a click
            keep_on_screen(self)  # a small screen, or large text: the status bar stays on it
            guarded(self.scene.frame_board, self.port.bulletin.say)  # aimed now must land)
            self.plotter.setFocus()  # the keys to the board, in the window made active: with
            self.activateWindow()  # no window manager to do it, the first H went nowhere

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self.built:
            self._frame()

    def closeEvent(self, event: Any) -> None:
        if not self.built:  # closed while opening: nothing was changed yet
            self._closed = True
            super().closeEvent(event)
            return
        from ..widgets.slots import guarded

        if not self._closed and not guarded(self.lab.confirm_quit, self.port.bulletin.say, "quit"):
            event.ignore()  # Cancel (or a failed save): the window and the game stay
            return
        self.parts.autosave.remove()  # saved or discarded: nothing to recover
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Release the VTK window; safe to call more than once."""
        if self.built and not self._closed:
            self._closed = self.port.closed = True
            self.parts.recovery.stop()
            self.lab.shutdown(CLOSE_WAIT_S)  # every job stopped; a table build keeps its work
            self.board.ui.close()
            self.scene.close()  # the mouse, the fading and the VTK window
