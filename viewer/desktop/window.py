"""The main window's class and the record of what :func:`viewer.desktop.binding.build_window`
made for it (:class:`Built`): its parts by name (the tests and tools reach them here).
Imports nothing but Qt at run time, so that the window can draw before the board's 3D scene
(pyvista, VTK, matplotlib) and the rest load."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow

if TYPE_CHECKING:
    from ..lab import Lab
    from ..lab.board import Board
    from ..lab.session import Session
    from ..lab.view_state import ViewState
    from ..widgets.prompt_bar import PromptBar
    from .menus import Menus
    from .parts import Parts
    from .qt_port import QtPort
    from .scene import Scene
    from .scene_widget import SceneWidget
    from .stage import Stage


@dataclass(frozen=True)
class Built:
    """What :func:`~viewer.desktop.binding.build_window` made for the window, in the order
    it made them, each with what it needs: the port, the lab and the board on show in it,
    the scene and the stage that draws the board on it, the menus, the rest of the parts
    (:class:`~viewer.desktop.parts.Parts`) and what follows the lab."""

    port: QtPort
    lab: Lab
    board: Board
    scene: Scene
    stage: Stage
    menus: Menus
    parts: Parts
    #: viewer.desktop.binding.Binding, kept as long as the window (nothing asks it anything
    #: through the window; that module imports this one, so it is not named here)
    binding: object


class Window(QMainWindow):
    """The main window (``viewer.desktop.app``'s MainWindow is the shell): the session and
    the view it shows, the scene's widget and the prompt over it (the window's own, made
    before the rest: the window draws first), and the one record of what the root made
    for it (``made``, set once as it is built: its docks need the window as their
    parent); the tests and tools reach those parts by name here."""

    session: Session
    view: ViewState
    plotter: SceneWidget
    prompt_bar: PromptBar
    made: Built

    @property
    def port(self) -> QtPort:
        return self.made.port

    @property
    def lab(self) -> Lab:
        return self.made.lab

    @property
    def board(self) -> Board:
        return self.made.board

    @property
    def scene(self) -> Scene:
        return self.made.scene

    @property
    def stage(self) -> Stage:
        return self.made.stage

    @property
    def menus(self) -> Menus:
        return self.made.menus

    @property
    def parts(self) -> Parts:
        """The rest of what the root made, in one frozen record."""
        return self.made.parts
