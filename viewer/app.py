"""The Pyramid Lab main window: the shell around one board view (pyvistaqt's QtInteractor)
and the docks. It reaches every game through the registry of game UIs and every board
through the table of board views, and names neither.

It observes the session (game, undo, files) and the view state (peel, clip, hover); the
board draws the frame the game UI makes of the position. Renders happen on demand, and no
exception escapes a Qt slot (viewer.slots)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QWidget
from pyvistaqt import QtInteractor

from model.game import Game, IllegalMoveError, PositionFormatError

from . import palette
from .analysis import AnalysisControl
from .animation import Animation
from .autosave import Autosave, leftovers
from .boards import BoardView, make_board_view
from .engine import EngineControl
from .frame import Frame
from .games import GameUI, TurnBuilder, ui_class
from .menus import LESSON_DIR, build_menus
from .session import Session
from .setup_editor import SetupEditor
from .slots import guarded, slot
from .view_state import ViewState
from .widgets import unsaved
from .widgets.clip_planes import ClipPlanes
from .widgets.dock_fit import fit_game_docks, keep_on_screen
from .widgets.free_plane import FreePlane
from .widgets.help import RulesDock, ShortcutsDialog, show_about
from .widgets.legend import Legend, legend_entries
from .widgets.lesson_dock import LessonDock, lesson_files
from .widgets.move_list import MoveListDock
from .widgets.pointer import PointerFilter
from .widgets.puzzle_dock import PuzzleDock
from .widgets.setup_dock import SetupDock
from .widgets.status_bar import StatusBar
from .widgets.view_dock import ViewDock

AUTOSAVE_DELAY_MS = 1500
FrameLayer = Callable[[Game, GameUI, Frame], Frame]
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
        self.plotter.set_background(palette.BACKGROUND, top=palette.BACKGROUND_TOP)
        self.setCentralWidget(self.plotter)
        self._closed = False
        self._held = False  # a new position is being taken in: redraw once, at the end
        self._lesson_shown: object = object()  # no lesson shown yet, not even None
        self._effect = Animation(self, 1.0, self._effect_step)  # what a move removed

        self.view_dock = ViewDock(self.view, self)
        self.free_plane = FreePlane(self.plotter, self.view, self.show_message)
        self.clip_planes = ClipPlanes(self.plotter)  # the axis planes drawn in the scene
        self.view_dock.free_plane.toggled.connect(self._on_free_plane_toggled)
        self.moves_dock = MoveListDock(session, self, self._hidden_moves)
        self.setup_dock = SetupDock(self)
        self.lesson_dock = LessonDock(self)
        self.puzzle_dock = PuzzleDock(self)  # the puzzle: made, verified, solved
        self.rules_dock = RulesDock(self)  # Help: the rules of the game on the board
        for area, dock in ((LEFT, self.view_dock), (RIGHT, self.moves_dock)):
            self.addDockWidget(area, dock)
        for area, dock in (
            (RIGHT, self.setup_dock),
            (LEFT, self.lesson_dock),
            (LEFT, self.puzzle_dock),  # under the View dock: the right has the game's docks
            (LEFT, self.rules_dock),
        ):
            self.addDockWidget(area, dock)
            dock.hide()
        self.puzzle_dock.show_for_puzzle()  # a puzzle file opened
        self.setup_dock.apply.clicked.connect(self.apply_setup)
        self.setup_dock.cancel.clicked.connect(self.leave_setup)
        self.setup_dock.clear.clicked.connect(self.clear_setup)
        self.setStatusBar(StatusBar(self))  # messages elided, never over the hover text
        self.status_game, self.status_hover, self.status_prompt = QLabel(), QLabel(), QLabel()
        self.statusBar().addWidget(self.status_prompt)
        self.statusBar().addPermanentWidget(self.status_hover)
        self.statusBar().addPermanentWidget(self.status_game)
        self.frame_layers: list[FrameLayer] = []  # drawn over the UI's frame, in order
        self.engine = EngineControl(self)  # hint and the computer player (before the menus)
        self.frame_layers.append(self.engine.hint_layer)
        self.analysis = AnalysisControl(self)  # the Analysis dock, with a runner of its own
        self.addDockWidget(RIGHT, self.analysis.dock)
        self.analysis.dock.hide()
        self.frame_layers.append(self.analysis.heat_layer)  # its heat map and chosen move
        self.frame_layers.append(self.puzzle_dock.verdict_layer)  # a verified puzzle's cooks
        self.frame_layers.append(self.puzzle_dock.solver.layer)  # a revealed solution
        self.menus = build_menus(self)
        self.lesson_dock.set_lessons(lesson_files(LESSON_DIR), self._open_lesson)
        self.legend = Legend(self.plotter)  # what the overlays drawn mean, over the scene
        game = session.game
        self.ui: GameUI = self._install_ui(ui_class(game)(self))
        self.rules_dock.show_game(game.name)
        self._geometry = self.ui.geometry(game)
        self.board: BoardView = make_board_view(self.ui.board_kind, self.plotter, self._geometry)
        self._set_board_ranges()
        self.turn: TurnBuilder = self.ui.turn(game)
        self.pointer = PointerFilter(self.plotter, self.click_display, self._on_hover)
        self.pointer.left.connect(lambda: self.view.set_hover(None))  # no stale highlight
        self.autosave = Autosave()
        self._autosave_timer = QTimer(self, singleShot=True, interval=AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self._write_autosave)
        session.changed.connect(self._on_session_changed)
        session.changed.connect(self.puzzle_dock.session_changed)  # after the window
        session.message.connect(self.show_message)
        self.view.changed.connect(self._on_view_changed)
        self._on_session_changed("load")

    # ---- the Host protocol of the game UIs ------------------------------------------------

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

    # ---- the position -------------------------------------------------------------------

    @slot
    def _on_session_changed(self, reason: str) -> None:
        if reason in ("saved", "puzzle"):  # the same position, now in a file; puzzle texts
            self._update_title()
            self._schedule_autosave()
            return
        self._held = True  # nothing draws until the UI, board, view and docks all follow
        try:
            self._take_position(reason)
        finally:
            self._held = False
        self.engine.position_changed(reason)  # a search for the last position is void
        self.analysis.position_changed(reason)  # and so is an analysis of it
        self.redraw()  # after them: no "thinking" text of a search that was stopped

    def _take_position(self, reason: str) -> None:
        game = self.session.game
        if reason in ("load", "new"):
            self.statusBar().clearMessage()  # it spoke of the position that went
            if self.setup is not None:
                self._close_setup()  # another position arrived: the set-up is void
        if self.ui.game_name != game.name:
            self._switch_game(game)
        if reason in ("load", "new"):
            self.menus.computer_players(game.players)
        self.turn = self.ui.turn(game)  # before a new board's view reset redraws
        geometry = self.ui.geometry(game)
        if geometry is not self._geometry or self.ui.board_kind != self.board.kind:
            self._switch_board(geometry)
        self._stop_effect()
        self.ui.position_changed(game, reason)
        if reason in ("move", "redo"):
            self._show_effect(game)
        self._show_lesson()
        self.moves_dock.refresh()
        self._update_title()
        self._schedule_autosave()
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
        self._lesson_shown = object()  # the new UI has not seen the lesson (or its absence)
        self.rules_dock.show_game(game.name)  # the rules follow the game on the board
        self.view_dock.set_words(self.ui.piece_word)  # the same board may follow

    # ---- help ---------------------------------------------------------------------------

    @slot
    def show_rules(self) -> None:
        """Help: the rules of the game on the board, in the Rules dock."""
        dock = self.rules_dock
        dock.show_game(self.ui.game_name)
        if not dock.isVisible() and not dock.isFloating():
            self.tabifyDockWidget(self.view_dock, dock)  # the left column's full height
        dock.show()
        dock.raise_()
        if not dock.isFloating() and dock.height() < self.height() // 2:  # room to read
            self.resizeDocks([dock], [self.height() * 2 // 3], Qt.Orientation.Vertical)

    @slot
    def show_shortcuts(self) -> None:
        ShortcutsDialog(self).exec()

    @slot
    def show_about(self) -> None:
        show_about(self)

    def _install_ui(self, ui: GameUI) -> GameUI:
        for dock in ui.docks():
            self.addDockWidget(RIGHT, dock)
            dock.show()  # it comes with its game; closed, it stays closed until the next
        for first, *others in ui.dock_tabs():
            for other in others:
                self.tabifyDockWidget(first, other)
            first.raise_()
        self.menus.game_docks(ui.docks())
        return ui

    def _switch_board(self, geometry: object) -> None:
        """Another board (kind or size): a new board view, ranges and camera."""
        self.board.close()
        self.free_plane.clear()
        self.clip_planes.reset()
        self.board = make_board_view(self.ui.board_kind, self.plotter, geometry)
        self._geometry = geometry
        self.view.reset()  # also forgets the hover of the last board
        self._set_board_ranges()

    def _set_board_ranges(self) -> None:
        hi = self.board.geometry.centres.max(axis=0)
        extent = (float(hi[0]), float(hi[1]), float(hi[2]))
        self.view_dock.set_words(self.ui.piece_word)
        self.view_dock.set_board(
            self.board.level_count, extent, self.board.peel_max, flat=self.board.flat
        )
        self.view_dock.cut_open.setEnabled(self.board.supports_cut_open)

    def _show_lesson(self) -> None:
        """A newly opened lesson sets its overlays and shows its caption; the dock says
        when the board no longer shows the lesson's position."""
        lesson = self.session.lesson
        if lesson is not self._lesson_shown:
            self._lesson_shown = lesson
            self.ui.set_overlays(lesson.overlays if lesson is not None else {})
            if lesson is None:
                self.lesson_dock.show_lesson(
                    "", "No lesson: open one from the Lessons menu.", None, None
                )
                self.lesson_dock.hide()
            else:
                title = self.session.puzzle.get("title", "")
                position = self._position_key()
                self.lesson_dock.show_lesson(title, lesson.caption, self.session.path, position)
                self.lesson_dock.show()
        self.lesson_dock.follow_position(self._position_key())  # a note once it changed

    def _position_key(self) -> object:
        game = self.session.game
        return game.name, game.position_key()

    def _open_lesson(self, path: Path) -> None:
        """The Lesson dock's Previous / Next: the Lessons menu's way in (it asks about
        unsaved changes)."""
        guarded(lambda: self.open_file(path), self.show_message, "open a lesson")

    def _show_effect(self, game: Game) -> None:
        """Pieces the last move removed flash and fade out before they disappear."""
        seconds = self.board.play(self.ui.vanishing(game))
        if seconds > 0:
            self._effect.seconds = seconds
            self._effect.start()

    @slot
    def _effect_step(self, t: float) -> None:
        self.board.advance(t)  # at 1 the removed pieces are gone
        self.render()

    def _stop_effect(self) -> None:
        self._effect.stop()
        self.board.advance(1.0)

    # ---- drawing ------------------------------------------------------------------------

    def redraw(self) -> None:
        if self._held:
            return  # the position is changing: _on_session_changed redraws when it is in
        ui, turn, board = self.ui, self.turn, self.board
        history = self.setup if self.setup is not None else self.session
        building = self.setup is None and self.turn.building  # Undo takes it back first
        self.menus.undo.setEnabled(history.can_undo or building)
        self.menus.redo.setEnabled(history.can_redo)
        if self.setup is not None:
            self.menus.finish.setEnabled(False)
            self.menus.cancel.setEnabled(False)
            self.status_prompt.setText(
                f"set-up mode: click to paint or erase {ui.piece_word}, then Apply"
            )
            frame = ui.setup_frame(self.setup.pieces, board.geometry)
            board.show(frame, self.view)
        else:
            self.menus.finish.setEnabled(turn.can_finish)
            self.menus.cancel.setEnabled(turn.building)
            thinking = self.engine.busy() and self.engine.thinking_text
            self.status_prompt.setText(thinking or ui.prompt() or turn.prompt())
            frame = self._frame()
            board.show(frame, self.view)
        self.legend.show_entries(legend_entries(frame, ui.legend_words(self.session.game, frame)))
        self.clip_planes.show(self.view, board.geometry.centres)
        hover = self.view.hover
        if hover is not None and not 0 <= hover < board.geometry.count:
            hover = None  # a site of another board (the view state forgets it on a switch)
        self.status_hover.setText(self.describe_point(hover) if hover is not None else "")
        self.render()

    def _frame(self) -> Any:
        """The game UI's frame with each layer of the window on top (the engine's hint,
        the analysis heat map, a puzzle's cooks): a layer takes the game, the UI and the
        frame and returns the frame to draw, each only while its position shows."""
        game = self.session.game
        frame = self.ui.frame(game, self.turn)
        for layer in self.frame_layers:
            frame = layer(game, self.ui, frame)
        return frame

    def render(self) -> None:
        if not self._closed:
            self.plotter.render()

    def describe_point(self, site: int) -> str:
        """Coordinates, level and content of a site, as the scene now shows it."""
        shown = self.setup.pieces if self.setup is not None else self.turn.pieces()
        return self.ui.describe(self.session.game, self.turn, site, shown)

    # ---- autosave and recovery -------------------------------------------------------------

    def _schedule_autosave(self) -> None:
        """A moment after a change, unsaved work goes to the autosave file; saved or new,
        there is nothing to keep."""
        if self.session.dirty:
            self._autosave_timer.start()
        else:
            self._autosave_timer.stop()
            self.autosave.remove()

    @slot
    def _write_autosave(self) -> None:
        if self.session.dirty and not self._closed:
            try:
                self.autosave.write(self.session.document(), self.session.path)
            except OSError as exc:
                self.show_message(f"autosave failed ({exc.strerror or exc}): save your work")

    @slot
    def offer_recovery(self) -> bool:
        """At start-up: offer the newest game a crashed Pyramid Lab left unsaved. True
        when it was recovered (it is then shown, with unsaved changes)."""
        found = leftovers(self.autosave.folder)
        if not found:
            return False
        leftover = found[0]
        answer = unsaved.ask_recover(self, leftover.describe())
        if answer == unsaved.LATER:
            return False
        if answer == unsaved.DISCARD:
            leftover.discard()
            self.show_message(f"discarded the autosave of {leftover.describe()}")
            return False
        try:
            doc = leftover.load()
        except PositionFormatError as exc:
            kept = leftover.set_aside()
            self.show_error("Cannot recover", f"{exc}\nThe file is kept as {kept}.")
            return False
        self.session.load(doc, leftover.path, dirty=True)
        leftover.discard()  # our own autosave holds it from now on
        self.show_message(f"recovered {leftover.describe()}: save it to keep it")
        return True

    def _update_title(self) -> None:
        name = self.session.path.name if self.session.path else "untitled"
        dirty = " *" if self.session.dirty else ""
        self.setWindowTitle(f"{name}{dirty} - {self.session.game.title} - Pyramid Lab")

    def show_error(self, title: str, text: str) -> None:
        self.show_message(text)
        QMessageBox.warning(self, title, text)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    # ---- files and history (the menus do the work) --------------------------------------

    def open_file(self, path: str | Path) -> bool:
        """Load a file; a bad one is explained in a dialog and the position stays."""
        return self.menus.open_file(path)

    def save_file(self, path: str | Path) -> bool:
        return self.menus.save_file(path)

    @slot
    def undo(self) -> None:
        if self.setup is not None:
            self.setup.undo()
            self.redraw()
        elif self.puzzle_dock.solver.active:
            self.puzzle_dock.solver.undo()  # your move and the defence's reply
        elif self.turn.building:  # the turn half built goes first, the last move stays
            self.cancel_turn()
            self.show_message("the turn being built was taken back (Undo again: the last move)")
        elif self.engine.computer:
            self.engine.undo()  # the computer's move and yours; it waits for your move
        else:
            self.session.undo()

    @slot
    def redo(self) -> None:
        if self.setup is not None:
            self.setup.redo()
            self.redraw()
        else:
            self.session.redo()

    # ---- turns and set-up mode ----------------------------------------------------------

    def _play(self, move: Any) -> None:
        if isinstance(move, str):
            self.show_message(move)
            return
        busy = self.engine.busy() or self.puzzle_dock.solver.busy()
        if busy:
            self.show_message(busy)
            return
        mover = self.session.game.to_move
        self.engine.human_move()  # the computer may answer it
        try:
            self.session.play(move)
        except IllegalMoveError as exc:
            self.show_message(str(exc))
            return
        self.show_message(self.ui.played(self.session.game, mover, move))

    @slot
    def finish_turn(self) -> None:
        result = self.turn.finish()
        if result is None:
            self.redraw()  # a step of the turn (a part handed in), no move yet
        else:
            self._play(result)

    @slot
    def cancel_turn(self) -> None:
        self.turn.cancel()
        self.redraw()

    @property
    def setup(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on."""
        return self.setup_dock.editor

    @slot
    def toggle_setup(self) -> None:
        if self.setup is None:
            self.enter_setup()
        else:
            self.apply_setup()

    def enter_setup(self) -> None:
        busy = self.ui.busy()
        if busy:  # Fill at random would replace the position under the set-up
            self.show_message(busy)
            self.menus.setup.setChecked(False)
            return
        self.engine.interrupt()  # the position is about to be edited
        self.turn.cancel()
        self.puzzle_dock.setup_entered()  # Solve mode ends; the puzzle is made here
        self.setup_dock.enter(SetupEditor(self.session.game, self.ui))
        self.menus.setup.setChecked(True)
        self.ui.setup_changed()
        self.redraw()

    @slot
    def apply_setup(self) -> bool:
        """Leave set-up mode through validation; on a problem, say it and stay."""
        if self.setup is None:
            return True
        try:
            game = self.setup.build()
        except PositionFormatError as exc:
            self.setup_dock.error.setText(str(exc))
            self.show_message(f"Set-up: {exc}")
            self.menus.setup.setChecked(True)
            return False
        self._close_setup()
        self.apply_position(game, "set-up applied (Undo returns to the previous position)")
        return True

    @slot
    def leave_setup(self) -> None:
        """Leave set-up mode without changing the game."""
        self._close_setup()
        self.redraw()

    @slot
    def clear_setup(self) -> None:
        if self.setup is not None:
            self.setup.clear()
            self.redraw()

    def _close_setup(self) -> None:
        self.setup_dock.leave()
        self.menus.setup.setChecked(False)
        self.ui.setup_changed()
        if not self._held:  # left without a new position: the computer may go on
            self.engine.consider()

    # ---- view ---------------------------------------------------------------------------

    @slot
    def set_camera(self, name: str) -> None:
        self.board.set_view(name)
        self.render()

    @slot
    def reset_view(self) -> None:
        self.view.reset()
        self._set_board_ranges()
        self.set_camera("iso")

    @slot
    def _on_view_changed(self, _field: str) -> None:
        if self.view.free_plane is None:
            self.free_plane.clear()  # the view was reset
        self.redraw()

    @slot
    def _on_free_plane_toggled(self, on: bool) -> None:
        """Show pyvista's plane widget; pieces on the side its normal points to are hidden."""
        self.free_plane.toggle(on, self.board.geometry.centres)
        self.render()

    # ---- mouse --------------------------------------------------------------------------

    @slot
    def _on_hover(self, x: float, y: float) -> None:
        self.view.set_hover(self.board.pick(x, y))  # redraw updates the text

    @slot
    def click_display(self, x: float, y: float) -> None:
        """A click at display pixel (x, y), VTK's y axis upwards."""
        site = self.board.pick(x, y)
        if site is None:
            return
        busy = self.ui.busy() or (
            self.setup is None and (self.engine.busy() or self.puzzle_dock.solver.busy())
        )
        if busy:
            self.show_message(busy)
            return
        if self.setup is not None:
            self.setup.click(site)
            self.redraw()
            return
        result = self.ui.click(self.session.game, self.turn, site)
        if result is None:
            self.redraw()  # a step of the turn being built
        else:
            self._play(result)

    # ---- closing ------------------------------------------------------------------------

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._framed:  # the board was framed for a widget not yet laid out; now
            self._framed = True  # the scene has its size (done here, not later: a click
            keep_on_screen(self)  # a small screen, or large text: the status bar stays on it
            guarded(self._frame_board, self.show_message)  # aimed now must land)

    def _frame_board(self) -> None:
        if not self._closed:
            self.board.set_view("iso")
            self.render()

    def closeEvent(self, event: Any) -> None:
        if not self._closed and not guarded(
            lambda: self.menus.confirm_discard("quit"), self.show_message, "quit"
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
            self.engine.shutdown()  # stop the search and join its thread
            self.analysis.shutdown()
            self.puzzle_dock.shutdown()
            self.pointer.enabled = False
            self._effect.stop()
            self.ui.close()
            self.plotter.close()
