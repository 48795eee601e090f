"""The Pyramid Lab main window: a Qt shell. It makes the scene's widget and the prompt over
it, and :func:`viewer.binding.build_window` builds the rest into it: the lab (the
application's state and behaviour, Qt-free, :mod:`viewer.lab`), the port through which the
lab asks the user things (:mod:`viewer.qt_port`), the board on show (:mod:`viewer.stage`),
the docks and the controllers, each taking the lab, the port and the stage, never the
window. The window reaches every game through the registry of game UIs and every board
through the table of board views, and names neither. Renders happen on demand, and no
exception escapes a Qt slot (viewer.slots)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QVBoxLayout, QWidget
from pyvistaqt import QtInteractor

from . import palette
from .binding import Window, build_window
from .session import Session
from .slots import guarded
from .view_state import ViewState
from .widgets.dock_fit import keep_on_screen
from .widgets.prompt_bar import PromptBar


class MainWindow(Window):
    def __init__(
        self, session: Session, view: ViewState | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.view = view or ViewState()
        self.resize(1200, 800)
        self.plotter = QtInteractor(self, auto_update=False, multi_samples=0)
        self.plotter.setMinimumSize(360, 280)  # docks never squeeze the scene away
        self._framed = False  # the camera frames the board once the window has its size
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
        self._closed = False
        build_window(self, session, self.view)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._framed:  # the board was framed for a widget not yet laid out; now
            self._framed = True  # the scene has its size (done here, not later: a click
            keep_on_screen(self)  # a small screen, or large text: the status bar stays on it
            guarded(self.scene.frame_board, self.port.status)  # aimed now must land)

    def closeEvent(self, event: Any) -> None:
        if not self._closed and not guarded(
            lambda: self.documents.confirm_discard("quit"), self.port.status, "quit"
        ):
            event.ignore()  # Cancel (or a failed save): the window and the game stay
            return
        self.autosave.remove()  # saved or discarded: nothing to recover
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Release the VTK window; safe to call more than once."""
        if not self._closed:
            self._closed = self.port.closed = True
            self.recovery.stop()
            self.lab.shutdown()  # the searches and the lesson's checks: their threads joined
            self.stage.ui.close()
            self.scene.close()  # the mouse, the fading and the VTK window
