"""The main window's class as :func:`viewer.desktop.binding.build_window` fills it: its parts by
name (the tests and tools reach them here). Imports nothing but Qt at run time, so that the
window can draw before the board's 3D scene (pyvista, VTK, matplotlib) and the rest load."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QMainWindow

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel
    from pyvistaqt import QtInteractor

    from ..lab import Lab
    from ..lab.board import Board
    from ..lab.documents import Documents
    from ..lab.engine import Engine
    from ..lab.session import Session
    from ..lab.view_state import ViewState
    from ..widgets.help import RulesDock
    from ..widgets.lesson_dock import LessonDock
    from ..widgets.move_list import MoveListDock
    from ..widgets.prompt_bar import PromptBar
    from ..widgets.puzzle_dock import PuzzleDock
    from ..widgets.setup_dock import SetupDock
    from ..widgets.view_dock import ViewDock
    from .analysis import AnalysisControl
    from .autosave import Autosave
    from .lessons import LessonControl
    from .menus import Menus
    from .practice import Practice
    from .puzzle import PuzzleControl
    from .qt_port import QtPort
    from .recovery import Recovery
    from .review import ReviewControl
    from .scene import Scene
    from .setup_mode import SetupControl
    from .stage import Stage


class Window(QMainWindow):
    """The main window's parts, as :func:`build_window` makes them (``viewer.desktop.app``'s
    MainWindow is the shell; the tests and tools reach the parts here)."""

    session: Session
    view: ViewState
    plotter: QtInteractor
    prompt_bar: PromptBar
    lab: Lab
    port: QtPort
    stage: Stage
    binding: Any  # viewer.desktop.binding.Binding (that module imports this one: not named here)
    documents: Documents
    engine: Engine
    menus: Menus
    board: Board
    setup_mode: SetupControl
    puzzle: PuzzleControl
    practice: Practice | None
    analysis: AnalysisControl
    reviewer: ReviewControl
    lessons: LessonControl
    recovery: Recovery
    autosave: Autosave
    scene: Scene
    view_dock: ViewDock
    moves_dock: MoveListDock
    setup_dock: SetupDock
    lesson_dock: LessonDock
    puzzle_dock: PuzzleDock
    rules_dock: RulesDock
    status_prompt: PromptBar
    status_hover: QLabel
    status_game: QLabel
    legend: Any
    pointer: Any
    clip_planes: Any
    free_plane: Any
