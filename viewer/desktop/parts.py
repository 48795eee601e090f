"""The window's parts as :func:`viewer.desktop.binding.build_window` made them, in one frozen,
typed record (:class:`Parts`), and the window's own commands behind menu items
(:class:`Commands`: Practice made on first use, the rules, the shortcuts, Reset view)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from ..widgets.help import ShortcutsDialog
from ..widgets.slots import OnLab, slot
from .practice import Practice

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel, QMainWindow

    from ..lab import Lab
    from ..lab.view_state import ViewState
    from ..widgets.board_words import BoardWordsDock
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
    from .puzzle import PuzzleControl
    from .qt_port import QtPort
    from .recovery import Recovery
    from .review import ReviewControl
    from .scene import Scene
    from .setup_mode import SetupControl

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea


@dataclass(frozen=True, kw_only=True)
class Parts:
    """The parts :func:`build_window` made beyond the lab, the board and the scene, typed
    and fixed once made (the window keeps them as ``window.parts``: the tests and tools
    reach them here)."""

    view_dock: ViewDock
    moves_dock: MoveListDock
    setup_dock: SetupDock
    lesson_dock: LessonDock
    rules_dock: RulesDock
    board_words: BoardWordsDock  # the position as text, for a screen reader
    puzzle_dock: PuzzleDock
    status_prompt: PromptBar
    status_hover: QLabel
    status_game: QLabel
    setup_mode: SetupControl
    puzzle: PuzzleControl
    analysis: AnalysisControl
    reviewer: ReviewControl
    lessons: LessonControl
    commands: Commands
    autosave: Autosave
    recovery: Recovery


class Commands(OnLab):
    """The window's own commands behind menu items: Practice made on first use, the
    rules, the shortcuts, Reset view."""

    def __init__(
        self,
        window: QMainWindow,
        lab: Lab,
        port: QtPort,
        scene: Scene,
        view: ViewState,
        puzzle: PuzzleControl,
        view_dock: ViewDock,
        rules_dock: RulesDock,
    ) -> None:
        self.window, self.lab, self.port, self.scene, self.view = window, lab, port, scene, view
        self.puzzle, self.view_dock, self.rules_dock = puzzle, view_dock, rules_dock
        self.practice: Practice | None = None  # made when first used (practising)

    def practising(self) -> Practice:
        """Practice, made on first use: its dock joins the left docks (the menus give it
        its View entry; the lab puts its board mode before the lesson's)."""
        if self.practice is None:
            practice = Practice(self.lab, self.port, self.lab.board, self.puzzle, self.view_dock)
            self.window.addDockWidget(LEFT, practice.dock)
            practice.dock.hide()
            self.practice = practice
        return self.practice

    @slot
    def show_rules(self) -> None:
        """Help: the rules of the game on the board, in the Rules dock."""
        self.rules_dock.present(self.lab.board.ui.game_name, beside=self.view_dock)

    @slot
    def show_shortcuts(self) -> None:
        ShortcutsDialog(self.window).exec()

    @slot
    def reset_view(self) -> None:
        self.view.reset()
        self.view_dock.show_board(self.scene.board, self.lab.board.ui.piece_word)
        self.scene.set_camera("iso")
