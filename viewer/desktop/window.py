"""The main window's class as :func:`viewer.desktop.binding.build_window` fills it: its parts by
name (the tests and tools reach them here). Imports nothing but Qt at run time, so that the
window can draw before the board's 3D scene (pyvista, VTK, matplotlib) and the rest load."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow

if TYPE_CHECKING:
    from ..lab import Lab
    from ..lab.board import Board
    from ..lab.session import Session
    from ..lab.view_state import ViewState
    from ..widgets.board_words import BoardWordsDock
    from ..widgets.prompt_bar import PromptBar
    from .menus import Menus
    from .parts import Parts
    from .qt_port import QtPort
    from .scene import Scene
    from .scene_widget import SceneWidget
    from .stage import Stage


class Window(QMainWindow):
    """The main window's parts, as :func:`build_window` makes them (``viewer.desktop.app``'s
    MainWindow is the shell; the tests and tools reach the parts here, the rest of them in
    the frozen record ``parts``)."""

    session: Session
    view: ViewState
    plotter: SceneWidget
    prompt_bar: PromptBar
    lab: Lab
    port: QtPort
    board: Board
    stage: Stage
    scene: Scene
    menus: Menus
    board_words: BoardWordsDock  # the position as text, for a screen reader
    #: viewer.desktop.binding.Binding, kept as long as the window (nothing asks it anything
    #: through the window; that module imports this one, so it is not named here)
    binding: object
    parts: Parts  # the rest of what the root made, in one frozen record
