"""The Pyramid Lab main window: the shell that builds the docks and the controllers and
wires them together. Each controller takes its part of the window as a protocol of
:mod:`viewer.host`, never the window: the engine, the analysis, the Puzzle dock and Solve
mode, the menus and file actions, set-up mode, the board's input (:mod:`viewer.turns`),
autosave; the board in 3D is :mod:`viewer.scene`. The window reaches every game through the
registry of game UIs and every board through the table of board views, and names neither.

It observes the session (game, undo, files) and the view state (peel, clip, hover); the
board draws the frame the game UI makes of the position. Renders happen on demand, and no
exception escapes a Qt slot (viewer.slots)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QMainWindow, QMessageBox, QVBoxLayout, QWidget
from pyvistaqt import QtInteractor

from model.game import Game

from . import palette
from .analysis import AnalysisBoard, AnalysisControl
from .animation import Animation
from .autosave import Autosave
from .boards import BoardView
from .documents import Documents, RecentFiles
from .engine import ComputerBoard, EngineControl
from .file_front import WindowFront
from .frame import Frame
from .games import GameUI, TurnBuilder, ui_class
from .lessons import LessonBoard, LessonControl, follow_lesson
from .menus import LESSON_DIR, Menus
from .modes import Router
from .practice import Practice, PracticeBoard
from .puzzle import PuzzleControl
from .recovery import Recovery
from .review import ReviewBoard, ReviewControl
from .scene import Scene
from .session import Session
from .setup_editor import SetupEditor
from .setup_mode import SetupBoard, SetupMode
from .slots import guarded, slot
from .solve import SolveBoard
from .turns import PlayBoard, TurnControl
from .view_state import ViewState
from .widgets.dock_fit import add_game_docks, fit_game_docks, keep_on_screen
from .widgets.help import RulesDock, ShortcutsDialog
from .widgets.lesson_dock import LessonDock, lesson_files
from .widgets.move_list import MoveListDock
from .widgets.notice import NoticeBox
from .widgets.practice_dock import PracticeDock
from .widgets.prompt_bar import PromptBar
from .widgets.setup_dock import SetupDock
from .widgets.status_bar import StatusBar
from .widgets.view_dock import ViewDock

LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea


class MainWindow(QMainWindow):
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
        self._held = False  # a new position is being taken in: redraw once, at the end
        self._notice: NoticeBox | None = None  # notices to read once (viewer.widgets.notice)

        self.view_dock = ViewDock(self.view, self)
        self.moves_dock = MoveListDock(session, self, self._hidden_moves)
        self.setup_dock = SetupDock(self)
        self.lesson_dock = LessonDock(self)
        self.puzzle = PuzzleControl(self)  # the puzzle: made, verified, solved (Solve mode)
        self.puzzle_dock = self.puzzle.dock
        self.practice: Practice | None = None  # made when first used (practising)
        self.setup_dock.visibilityChanged.connect(self.puzzle.setup_shown)
        self.rules_dock = RulesDock(lambda name: ui_class(name).rules(), self)  # Help: rules
        for area, dock, shown in (
            (LEFT, self.view_dock, True),
            (RIGHT, self.moves_dock, True),
            (RIGHT, self.setup_dock, False),
            (LEFT, self.lesson_dock, False),
            (LEFT, self.puzzle_dock, False),  # under the View dock: the right has the game's
            (LEFT, self.rules_dock, False),
        ):
            self.addDockWidget(area, dock)
            if not shown:
                dock.hide()
        self.puzzle.show_for_puzzle()  # a puzzle file opened
        bar = StatusBar(self)  # messages elided, never over the hover text
        self.setStatusBar(bar)
        self.status_prompt, self.status_hover, self.status_game = (
            self.prompt_bar,
            bar.hover,
            bar.game,
        )
        self.engine = EngineControl(self)  # hint and the computer player (before the menus)
        self.analysis = AnalysisControl(self)  # the Analysis dock, with a runner of its own
        self.addDockWidget(RIGHT, self.analysis.dock)
        self.analysis.dock.hide()
        self.reviewer = ReviewControl(self)  # Analysis > Review game: the Review dock
        self.addDockWidget(LEFT, self.reviewer.dock)
        self.tabifyDockWidget(self.view_dock, self.reviewer.dock)  # a tab: the height it needs
        self.reviewer.dock.hide()
        docks = (self.view_dock, self.moves_dock, self.lesson_dock, self.puzzle_dock)
        # open, save, Open recent and "unsaved changes?": Qt-free, the window answers
        self.documents = Documents(session, RecentFiles(QSettings()), WindowFront(self))
        extra = (self.analysis.dock, self.reviewer.dock, self.rules_dock)
        self.menus = Menus(self, docks=(*docks, *extra))  # View
        self.setup_mode = SetupMode(self, self.setup_dock, self.menus.setup)
        self.lesson_dock.set_lessons(  # Previous / Next: the Lessons menu's way in (it asks)
            lesson_files(LESSON_DIR),
            lambda path: guarded(lambda: self.open_file(path), self.show_message, "open a lesson"),
        )
        game = session.game
        self.ui: GameUI = self._install_ui(ui_class(game)(self))
        self.rules_dock.show_game(game.name)
        kind, geometry = self.ui.board_kind, self.ui.geometry(game)
        self.turns = TurnControl(self)  # clicks, turns, undo: routed by the board's modes
        self.scene = scene = Scene(
            self.plotter, self.view, kind, geometry, self.turns.click, self.show_message
        )
        self.legend, self.pointer = scene.legend, scene.pointer  # the scene's parts, at hand
        self.clip_planes, self.free_plane = scene.clip_planes, scene.free_plane
        self.view_dock.free_plane.toggled.connect(scene.toggle_free_plane)
        self.view_dock.show_board(self.board, self.ui.piece_word)
        self._flat_board = False  # the board on show is flat (the View dock is put away)
        self._view_dock_wanted = True  # ... and was shown on the last pyramid
        self._put_view_dock_away()
        self.turn: TurnBuilder = self.ui.turn(game)
        self.autosave = Autosave()
        self.recovery = Recovery(self, self.autosave)  # written a moment after each change
        session.changed.connect(self._on_session_changed)
        session.changed.connect(self.puzzle.session_changed)  # after the window
        self.lessons = LessonControl(self)  # a lesson file's steps, tasks and teacher mode
        puzzle = self.puzzle
        self.board_modes = Router(  # who has the board, most particular first (viewer.modes)
            [
                SetupBoard(self.setup_mode),
                LessonBoard(self.lessons),  # (Practice comes before it when first used)
                SolveBoard(puzzle.solver, puzzle.verdict_layer),
                AnalysisBoard(self.analysis),
                ReviewBoard(self.reviewer),
                ComputerBoard(self.engine),
                PlayBoard(self.turns),
            ],
            self.show_message,
        )
        self.turns.modes = self.board_modes
        session.message.connect(self.show_message)
        self.view.changed.connect(self._on_view_changed)
        self._on_session_changed("load")

    # ---- the hosts: the game UIs' (games.base.Host), the controllers' (viewer.host) -----

    @property
    def game(self) -> Game:
        return self.session.game

    def animation(self, seconds: float, step: Callable[[float], Any]) -> Animation:
        return Animation(self, seconds, lambda t: guarded(lambda: step(t), self.show_message))

    def apply_position(self, game: Game, message: str) -> None:
        self.session.apply_setup(game)
        self.show_message(message)

    def _hidden_moves(self, game: Game, line: Any) -> Any:
        """The Moves dock's secret moves: the game UI's (none while it is not made yet)."""
        ui = getattr(self, "ui", None)
        return ui.hidden_moves(game, line) if ui is not None else {}

    def setup_active(self) -> bool:
        return self.setup is not None

    def consider_computer(self) -> None:
        self.engine.consider()

    def secrets_changed(self) -> None:
        self.moves_dock.refresh()
        self.redraw()

    def computer_players(self) -> dict[str, str]:
        return self.engine.playing()

    def show_prompt(self, text: str) -> None:
        self.status_prompt.setText(text)

    def players_changed(self) -> None:
        self.menus.show_players()
        self.moves_dock.refresh()  # whose secret moves it may show follows who plays
        self.ui.players_changed()

    # ---- the position --------------------------------------------------------------------

    @slot
    def _on_session_changed(self, reason: str) -> None:
        if reason == "review":  # a review of the line: the board draws its better moves
            self._update_title()
            self.recovery.schedule()
            self.redraw()
            return
        if reason in ("saved", "puzzle"):  # the same position, now in a file; puzzle texts
            self._update_title()
            self.recovery.schedule()
            return
        self._held = True  # nothing draws until the UI, board, view and docks all follow
        try:
            self._take_position(reason)
        finally:
            self._held = False
        self.engine.position_changed(reason)  # a search for the last position is void
        self.analysis.position_changed(reason)  # and so is an analysis of it
        self.reviewer.position_changed(reason)  # the review's graph marks the position
        self.redraw()  # after them: no "thinking" text of a search that was stopped

    def _take_position(self, reason: str) -> None:
        game = self.session.game
        if reason in ("load", "new"):
            self.statusBar().clearMessage()  # it spoke of the position that went
            if self.setup is not None:  # another position arrived: the set-up is void
                self.setup_mode.close(consider=False)  # (the engine follows the position)
        if self.ui.game_name != game.name:
            self._switch_game(game)
        if reason in ("load", "new"):
            self.menus.computer_players(game.players)
        self.turn = self.ui.turn(game)  # before a new board's view reset redraws
        geometry = self.ui.geometry(game)
        if geometry is not self.scene.geometry or self.ui.board_kind != self.board.kind:
            self.scene.switch_board(self.ui.board_kind, geometry)  # another kind or size
            self.view.reset()  # also forgets the hover of the last board
            self.view_dock.show_board(self.board, self.ui.piece_word)
            self._put_view_dock_away()
        self.scene.stop_effect()
        self.ui.position_changed(game, reason)
        if reason in ("move", "redo"):
            self.scene.play(self.ui.vanishing(game))  # what the move removed fades out
        follow_lesson(self.lesson_dock, self.session, self.ui)  # a lesson's caption, overlays
        self.moves_dock.refresh()
        self._update_title()
        self.recovery.schedule()
        self.status_game.setText(self.ui.status(game))

    def _switch_game(self, game: Game) -> None:
        """Another kind of game: its UI and docks replace the last one's, in the window's
        size (Qt grows it for the docks' minimum size: never past the screen's edge)."""
        size = self.size()
        for dock in self.ui.docks():
            self.removeDockWidget(dock)
        self.ui.close()
        self.ui = self._install_ui(ui_class(game)(self))
        fit_game_docks(self, self.ui.docks(), size, self.show_message)
        self.rules_dock.show_game(game.name)  # the rules follow the game on the board
        self.view_dock.set_words(self.ui.piece_word)  # the same board may follow

    def _install_ui(self, ui: GameUI) -> GameUI:
        add_game_docks(self, ui.docks(), ui.dock_tabs())
        self.menus.game_docks(ui.docks())
        return ui

    # ---- practice (viewer.practice) ------------------------------------------------------

    def practising(self) -> Practice:
        """Practice, made on first use: its dock joins the left docks and the View menu,
        its board mode goes before the lesson's."""
        if self.practice is None:
            practice = Practice(self, self.puzzle.solver)
            self.addDockWidget(LEFT, practice.dock)
            practice.dock.hide()
            self.menus.add_view_entry(practice.dock)
            self.board_modes.insert(PracticeBoard(practice), before="lesson")
            self.practice = practice
        return self.practice

    @property
    def practice_dock(self) -> PracticeDock | None:
        """The Practice dock, once Practice was used."""
        return self.practice.dock if self.practice is not None else None

    # ---- help ----------------------------------------------------------------------------

    @slot
    def show_rules(self) -> None:
        """Help: the rules of the game on the board, in the Rules dock."""
        self.rules_dock.present(self.ui.game_name, beside=self.view_dock)

    @slot
    def show_shortcuts(self) -> None:
        ShortcutsDialog(self).exec()

    # ---- drawing -------------------------------------------------------------------------

    @property
    def board(self) -> BoardView:
        return self.scene.board

    def redraw(self) -> None:
        if self._held:
            return  # the position is changing: _on_session_changed redraws when it is in
        ui, turn, board = self.ui, self.turn, self.board
        self.menus.follow_history()
        modes = self.board_modes
        self.status_prompt.setText(modes.prompt())
        frame = modes.frame(self.session.game, ui)  # the position, each mode's layer over it
        self.scene.show(frame, ui.legend_words(self.session.game, frame))
        hover = self.view.hover  # (a site of another board is forgotten on the switch)
        if hover is not None and 0 <= hover < board.geometry.count:  # as the scene shows it
            shown = self.setup.pieces if self.setup is not None else turn.pieces()
            self.status_hover.setText(ui.describe(self.session.game, turn, hover, shown))
        else:
            self.status_hover.setText("")
        self.scene.render()  # at the next paint

    def _frame(self) -> Frame:
        """The frame the board draws: the position, each board mode's layer over it (the
        engine's hint, the heat map, a puzzle's cooks, ...; the name the tests know)."""
        return self.board_modes.frame(self.session.game, self.ui)

    def drawn_frame(self) -> Frame | None:
        """The board as drawn, for an export (set-up mode shows no position: None)."""
        return self._frame() if self.setup is None else None

    def render_scene(self) -> None:
        """Draw the scene now (not QWidget.render, which paints the window elsewhere)."""
        if not self._closed:
            self.scene.render_now()

    # ---- autosave and recovery (viewer.recovery) -----------------------------------------

    def offer_recovery(self) -> bool:
        return bool(self.recovery.offer())  # (None: it failed, said)

    def _write_autosave(self) -> None:
        self.recovery.write()

    def update_title(self) -> None:
        self._update_title()

    def _update_title(self) -> None:
        name = self.session.path.name if self.session.path else "untitled"
        dirty = " *" if self.session.dirty else ""
        lesson = getattr(self, "lessons", None)  # (not yet made while the window is built)
        if lesson is not None and lesson.active:  # the lesson followed, by its own title
            name, dirty = lesson.window_title(), ""
        self.setWindowTitle(f"{name}{dirty} - {self.session.game.title} - Pyramid Lab")

    def show_error(self, title: str, text: str) -> None:
        self.show_message(text)
        QMessageBox.warning(self, title, text)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def current_message(self) -> str:
        """The status bar's line now ('' when none)."""
        return self.statusBar().currentMessage()

    def tell(self, text: str) -> None:
        """A notice to read once: in a box that does not block (shown once the window is
        up, so that a file read while it is built is told over it) and in the status bar."""

        def show() -> None:
            if self._closed:
                return
            if self._notice is None:
                self._notice = NoticeBox(self)
            self._notice.add(text)
            self.statusBar().showMessage(text, 30000)

        QTimer.singleShot(0, lambda: guarded(show, self.show_message, "tell"))

    # ---- files (viewer.documents does the work) and history ------------------------------

    def open_file(self, path: str | Path) -> bool:
        """Load a file; a bad one is explained in a dialog and the position stays."""
        return self.documents.open(path)

    def save_file(self, path: str | Path) -> bool:
        return self.documents.save_file(path)

    # ---- turns and set-up mode (viewer.turns, viewer.setup_mode) -------------------------

    def undo(self) -> None:
        self.turns.undo()

    def redo(self) -> None:
        self.turns.redo()

    def play_move(self, move: Any) -> None:
        self.turns.play(move)

    _play = play_move  # the name the tests know

    def finish_turn(self) -> None:
        self.turns.finish()

    def cancel_turn(self) -> None:
        self.turns.cancel()

    @property
    def setup(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on."""
        return self.setup_dock.editor

    def toggle_setup(self) -> None:
        self.setup_mode.toggle()

    def enter_setup(self) -> None:
        self.setup_mode.enter()

    def apply_setup(self) -> bool:
        return bool(self.setup_mode.apply())  # (None: it failed, said)

    def leave_setup(self) -> None:
        self.setup_mode.leave()

    # ---- view ----------------------------------------------------------------------------

    @slot
    def set_camera(self, name: str) -> None:
        self.scene.set_camera(name)

    def _put_view_dock_away(self) -> None:
        """A flat board has nothing to peel or clip: the View dock goes (it kept the left
        column's width to say so) and comes back with a pyramid if it was shown there.
        View > View still opens it."""
        if self.board.flat:
            if not self._flat_board:
                self._view_dock_wanted = not self.view_dock.isHidden()
            self.view_dock.hide()
        elif self._flat_board and self._view_dock_wanted:
            self.view_dock.show()
        self._flat_board = self.board.flat

    @slot
    def reset_view(self) -> None:
        self.view.reset()
        self.view_dock.show_board(self.board, self.ui.piece_word)
        self.set_camera("iso")

    @slot
    def _on_view_changed(self, _field: str) -> None:
        self.redraw()  # (the scene drops its free plane when the view is reset)

    # ---- closing -------------------------------------------------------------------------

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._framed:  # the board was framed for a widget not yet laid out; now
            self._framed = True  # the scene has its size (done here, not later: a click
            keep_on_screen(self)  # a small screen, or large text: the status bar stays on it
            guarded(self.scene.frame_board, self.show_message)  # aimed now must land)

    def closeEvent(self, event: Any) -> None:
        if not self._closed and not guarded(
            lambda: self.documents.confirm_discard("quit"), self.show_message, "quit"
        ):
            event.ignore()  # Cancel (or a failed save): the window and the game stay
            return
        self.autosave.remove()  # saved or discarded: nothing to recover
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Release the VTK window; safe to call more than once."""
        if not self._closed:
            self._closed = True
            self.recovery.stop()
            self.engine.shutdown()  # stop the search and join its thread
            self.analysis.shutdown()
            self.reviewer.shutdown()
            self.puzzle.shutdown()
            self.lessons.shutdown()  # the lesson editor's check of the rules
            if self.practice is not None:
                self.practice.shutdown()
            self.ui.close()
            self.scene.close()  # the mouse, the fading and the VTK window
