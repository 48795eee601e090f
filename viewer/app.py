"""The Pyramid Lab main window: a pyvista scene (pyvistaqt's QtInteractor) with docks.

The window observes the session (the game, undo, files) and the view state (peel, clip,
hover); the scene draws what they hold. Renders happen on demand after a change, never on
a timer, and no exception escapes a Qt slot: it is logged and shown in the status bar.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from PySide6.QtCore import QElapsedTimer, QEvent, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMenu, QMessageBox, QWidget
from pyvistaqt import QtInteractor

from model.files import SUFFIX
from model.game import Game, IllegalMoveError, PositionFormatError
from model.partition import Partition
from model.terrace import Terrace

from .board_input import make_input
from .scene.balls import VIEWS, BallScene
from .scene.terrace import FADE_SECONDS, TerraceScene
from .session import Session
from .setup_editor import SetupEditor
from .teaching import Overlays, TeachingView
from .terrace_input import TerraceInput
from .view_state import ViewState
from .widgets.corner_dock import CornerDock, LessonDock
from .widgets.move_list import MoveListDock
from .widgets.new_game import NewGameDialog
from .widgets.setup_dock import SetupDock
from .widgets.view_dock import ViewDock

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])
CLICK_SLOP = 4  # pixels a press may move and still count as a click, not a drag
MAX_RECENT = 8
FREE_PLANE_NORMAL = (-1.0, -1.0, 0.0)  # towards the default camera: the cut face shows
ANIMATION_INTERVAL_MS = 40
FILL_SECONDS = 1.5  # Fill at random: the balls go in over this time, then the result shows
LESSON_DIR = Path(__file__).resolve().parents[1] / "examples" / "lessons"


class Animation:
    """Progress from 0 to 1 over ``seconds``, stepped by a Qt timer: ``step(t)`` runs on
    every tick, the last time with t = 1, after which the animation stops by itself."""

    def __init__(self, parent: QWidget, seconds: float, step: Callable[[float], Any]) -> None:
        self.seconds = seconds
        self._step = step
        self._timer = QTimer(parent)
        self._timer.setInterval(ANIMATION_INTERVAL_MS)
        self._timer.timeout.connect(self._tick)
        self._clock = QElapsedTimer()

    def start(self) -> None:
        self._clock.start()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def progress(self) -> float:
        return min(1.0, self._clock.elapsed() / 1000.0 / self.seconds)

    def _tick(self) -> None:
        t = self.progress()
        if t >= 1.0:
            self._timer.stop()
        self._step(t)


def slot(method: F) -> F:
    """Qt slots and VTK observers must not let exceptions escape: log and show them."""

    @functools.wraps(method)
    def wrapper(self: MainWindow, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:
            log.exception("error in %s", method.__name__)
            self.show_message(f"Error: {exc}")
            return None

    return wrapper  # type: ignore[return-value]


class MainWindow(QMainWindow):
    def __init__(
        self, session: Session, view: ViewState | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.view = view or ViewState()
        self.resize(1200, 800)
        self.plotter = QtInteractor(self, auto_update=False, multi_samples=0)
        self.plotter.set_background("white")
        self.setCentralWidget(self.plotter)
        self.scene: BallScene | TerraceScene = _scene_class(session.game)(self.plotter)
        self._closed = False
        self._press: tuple[int, int] | None = None
        self._board: object = None
        self._game_kind: type | None = None
        self.input = make_input(session.game)
        # What a terrace move removed flashes and fades out.
        self._fade = Animation(self, FADE_SECONDS, self._fade_step)
        # Fill at random, shown ball by ball: (the full game, the fill order, its seed).
        self._fill: tuple[Partition, list[tuple[int, str]], int] | None = None
        self._filling = Animation(self, FILL_SECONDS, self._fill_step)

        self.view_dock = ViewDock(self.view, self)
        self.view_dock.free_plane.toggled.connect(self._on_free_plane_toggled)
        self._plane_widget: Any = None
        self.moves_dock = MoveListDock(session, self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.view_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.moves_dock)
        self.setup: SetupEditor | None = None
        self.setup_dock = SetupDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.setup_dock)
        self.setup_dock.hide()
        self.setup_dock.apply.clicked.connect(self.apply_setup)
        self.setup_dock.cancel.clicked.connect(self.leave_setup)
        self.setup_dock.clear.clicked.connect(self.clear_setup)
        self.overlays = Overlays()
        self._teaching: TeachingView | None = None
        self._lesson_shown: object = None
        self.corner_dock = CornerDock(self.overlays, self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.corner_dock)
        self.corner_dock.fill.clicked.connect(self.fill_at_random)
        self.corner_dock.visibilityChanged.connect(self._refresh_corner_dock)
        self.lesson_dock = LessonDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.lesson_dock)
        self.lesson_dock.hide()
        self.overlays.changed.connect(self._on_overlays_changed)
        self.status_game = QLabel()
        self.status_hover = QLabel()
        self.status_prompt = QLabel()
        self.statusBar().addWidget(self.status_prompt)
        self.statusBar().addPermanentWidget(self.status_hover)
        self.statusBar().addPermanentWidget(self.status_game)
        self._build_menus()

        # Clicks are told from camera drags on the Qt side (VTK does not see every release);
        # the events still go on to VTK, which turns the camera.
        self.plotter.installEventFilter(self)
        session.changed.connect(self._on_session_changed)
        session.message.connect(self.show_message)
        self.view.changed.connect(self._on_view_changed)
        self._on_session_changed("load")

    # ---- menus --------------------------------------------------------------------------

    def _action(
        self,
        menu: QMenu,
        text: str,
        handler: Callable[[], Any],
        shortcut: QKeySequence | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: handler())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self._action(file, "&New game...", self.new_game, QKeySequence.StandardKey.New)
        self._action(file, "&Open...", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file.addMenu("Open &recent")
        self._action(file, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(file, "Save &as...", self.save_as, "Ctrl+Shift+S")
        file.addSeparator()
        self._action(file, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit = bar.addMenu("&Edit")
        self.undo_action = self._action(edit, "&Undo", self.undo, "Ctrl+Z")
        self.redo_action = self._action(edit, "&Redo", self.redo, "Ctrl+Shift+Z")
        edit.addSeparator()
        self.finish_action = self._action(edit, "&Finish turn", self.finish_turn, "Return")
        self.cancel_action = self._action(edit, "&Cancel turn", self.cancel_turn, "Escape")
        self.setup_action = self._action(edit, "&Set-up mode", self.toggle_setup, "Ctrl+E")
        self.setup_action.setCheckable(True)
        turn = self.addToolBar("Turn")
        turn.setObjectName("turn-toolbar")
        turn.addAction(self.finish_action)
        turn.addAction(self.cancel_action)
        view = bar.addMenu("&View")
        for name in VIEWS:
            self._action(view, f"Camera: {name}", functools.partial(self.set_camera, name))
        self._action(view, "&Reset view", self.reset_view, "Ctrl+R")
        view.addSeparator()
        view.addAction(self.corner_dock.toggleViewAction())
        view.addAction(self.lesson_dock.toggleViewAction())
        lessons = bar.addMenu("&Lessons")
        for path in sorted(LESSON_DIR.glob(f"*{SUFFIX}")):
            title = path.name.removesuffix(SUFFIX).replace("-", " ")
            self._action(lessons, title, functools.partial(self.open_file, path))
        lessons.setEnabled(not lessons.isEmpty())
        self.lessons_menu = lessons
        self._refresh_recent()

    # ---- actions ------------------------------------------------------------------------

    @slot
    def undo(self) -> None:
        if self.setup is not None:
            self.setup.undo()
            self.redraw()
        else:
            self.session.undo()

    @slot
    def redo(self) -> None:
        if self.setup is not None:
            self.setup.redo()
            self.redraw()
        else:
            self.session.redo()

    # ---- set-up mode --------------------------------------------------------------------

    @slot
    def toggle_setup(self) -> None:
        if self.setup is None:
            self.enter_setup()
        else:
            self.apply_setup()

    def enter_setup(self) -> None:
        self.input.cancel()
        self.setup = SetupEditor(self.session.game)
        self.setup_dock.bind(self.setup)
        self.setup_dock.show()
        self.setup_action.setChecked(True)
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
            self.setup_action.setChecked(True)
            return False
        self._close_setup()
        self.session.apply_setup(game)
        self.show_message("set-up applied (Undo returns to the previous position)")
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
        self.setup = None
        self.setup_dock.bind(None)
        self.setup_dock.hide()
        self.setup_action.setChecked(False)

    @slot
    def finish_turn(self) -> None:
        self._play(self.input.finish())

    @slot
    def cancel_turn(self) -> None:
        self.input.cancel()
        self.redraw()

    @slot
    def set_camera(self, name: str) -> None:
        self.scene.set_view(name)
        self.render()

    @slot
    def reset_view(self) -> None:
        self.view.reset()
        self._set_board_ranges()
        self.scene.set_view("iso")
        self.render()

    @slot
    def new_game(self) -> None:
        dialog = NewGameDialog(self)
        if dialog.exec():
            self.session.replace_game(dialog.new_game())

    @slot
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open position", "", f"Positions (*{SUFFIX});;All files (*)"
        )
        if path:
            self.open_file(path)

    def open_file(self, path: str | Path) -> bool:
        """Load a file; a bad one is explained in a dialog and the position stays."""
        try:
            self.session.open(path)
        except PositionFormatError as exc:
            self.show_error("Cannot open this file", str(exc))
            return False
        self._remember_recent(Path(path))
        return True

    @slot
    def save(self) -> None:
        if self.session.path is None:
            self.save_as()
        else:
            self.save_file(self.session.path)

    @slot
    def save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save position", "", f"Positions (*{SUFFIX})")
        if path:
            if not path.endswith(SUFFIX):
                path += SUFFIX
            self.save_file(path)

    def save_file(self, path: str | Path) -> bool:
        try:
            target = self.session.save(path)
        except OSError as exc:
            self.show_error("Cannot save", f"{path}: {exc.strerror or exc}")
            return False
        self._remember_recent(target)
        self._update_title()
        return True

    def show_error(self, title: str, text: str) -> None:
        self.show_message(text)
        QMessageBox.warning(self, title, text)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def _remember_recent(self, path: Path) -> None:
        settings = QSettings()
        recent = [str(path.resolve())] + [
            p for p in (settings.value("recent", []) or []) if p != str(path.resolve())
        ]
        settings.setValue("recent", recent[:MAX_RECENT])
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        for path in QSettings().value("recent", []) or []:
            self._action(self.recent_menu, path, functools.partial(self.open_file, path))
        self.recent_menu.setEnabled(not self.recent_menu.isEmpty())

    # ---- observing the session and the view -----------------------------------------------

    @slot
    def _on_session_changed(self, reason: str) -> None:
        game = self.session.game
        if reason in ("load", "new"):
            self.statusBar().clearMessage()  # it spoke of the position that went
            if self.setup is not None:
                self._close_setup()  # another position arrived: the set-up is void
        self.input = make_input(game)
        if reason in ("load", "new") and self.input.lattice is not self._board:
            self._board = self.input.lattice
            scene_class = _scene_class(game)
            if not isinstance(self.scene, scene_class):
                self.scene.close()
                self.scene = scene_class(self.plotter)
            self.view.reset()
            self._set_board_ranges()
        if type(game) is not self._game_kind:
            # The Corners dock comes with Pyramid Partition; closed, it stays closed.
            self._game_kind = type(game)
            self.corner_dock.setVisible(isinstance(game, Partition))
        self._stop_fade()
        if self._fill is not None:
            self._stop_fill()  # the position it was filling went away
        if reason in ("move", "redo"):
            self._show_removals(game)
        self._teaching = None
        if reason in ("load", "new"):
            self.overlays.set(selected=None)  # that group belonged to another position
        self._show_lesson()
        self._refresh_corner_dock()
        self.moves_dock.refresh()
        self._update_title()
        self._update_status()
        self.redraw()

    def teaching(self) -> TeachingView | None:
        """The teaching overlays' view of the position (Pyramid Partition only), computed
        once per position."""
        game = self.session.game
        if self._teaching is None and isinstance(game, Partition):
            self._teaching = TeachingView(game)
        return self._teaching

    @slot
    def _refresh_corner_dock(self, *_args: Any) -> None:
        """The Corners dock follows the position while it is shown (and when it opens)."""
        if self.corner_dock.isVisible():
            self.corner_dock.refresh(self.teaching())

    def _show_lesson(self) -> None:
        """A newly opened lesson sets its overlays and shows its caption."""
        lesson = self.session.lesson
        if lesson is self._lesson_shown:
            return
        self._lesson_shown = lesson
        self.overlays.apply_lesson(lesson)
        if lesson is None:
            self.lesson_dock.hide()
        else:
            self.lesson_dock.show_caption(self.session.puzzle.get("title", ""), lesson.caption)
            self.lesson_dock.show()

    @slot
    def _on_overlays_changed(self, _field: str) -> None:
        self.redraw()

    @slot
    def fill_at_random(self) -> None:
        """Fill the empty points with alternating colours (undoable) and name the winner."""
        game = self.session.game
        if not isinstance(game, Partition):
            self.show_message("Fill at random is for Pyramid Partition")
            return
        if self._fill is not None:
            return  # one fill at a time
        seed = self.corner_dock.seed.value()
        order = game.fill_order(seed)
        if not order:
            self.show_message("the pyramid is full: nothing to fill")
            return
        self._fill = (game.filled(order), order, seed)
        self.corner_dock.seed.setValue(seed + 1)  # the next fill differs; set it back to repeat
        self.corner_dock.fill.setEnabled(False)
        self._filling.start()
        self.redraw()

    @property
    def filling(self) -> bool:
        """Fill at random is putting its balls in (the position changes when it ends)."""
        return self._fill is not None

    def _fill_shown(self) -> int:
        """How many of the fill's balls are shown by now."""
        assert self._fill is not None
        return int(self._filling.progress() * len(self._fill[1]))

    @slot
    def _fill_step(self, t: float) -> None:
        if self._fill is None:
            return
        if t < 1.0:
            self.redraw()
            return
        full, order, seed = self._fill
        self._stop_fill()
        self.session.apply_setup(full)
        teaching = self.teaching()
        assert teaching is not None
        self.show_message(
            f"filled {len(order)} points at random (seed {seed}): {teaching.winner_text()} "
            "- a full pyramid has exactly one winner (Undo brings the position back)"
        )

    def _stop_fill(self) -> None:
        self._filling.stop()
        self._fill = None
        self.corner_dock.fill.setEnabled(True)

    def _set_board_ranges(self) -> None:
        board = self.input.lattice
        self.view_dock.set_board(board.n, self._extent(), getattr(board, "peel_max", board.n // 2))
        # Balls cut open on a plane: the terrace's columns and stones are never cut.
        self.view_dock.cut_open.setEnabled(isinstance(self.scene, BallScene))

    def _show_removals(self, game: Game) -> None:
        """Terrace: the stones the last move smashed, pushed off or lost to Osiris flash
        and fade out before they disappear."""
        effect = getattr(game, "last_effect", None)
        if effect is None or not isinstance(self.scene, TerraceScene):
            return
        removed = [(f, colour, "smashed") for f, colour in effect.smashed]
        removed += [(f, colour, "fallen") for f, colour in effect.fallen]
        removed += [(f, colour, "osiris") for f, colour in effect.osiris]
        if removed:
            self.scene.start_fade(removed, game.move_stack[-1].direction)
            self._fade.start()

    @slot
    def _fade_step(self, t: float) -> None:
        if isinstance(self.scene, TerraceScene):
            self.scene.fade(t)  # at 1 the removed stones are gone
        self.render()

    def _stop_fade(self) -> None:
        self._fade.stop()
        if isinstance(self.scene, TerraceScene):
            self.scene.fade(1.0)

    @slot
    def _on_view_changed(self, _field: str) -> None:
        if self.view.free_plane is None and self._plane_widget is not None:
            self.plotter.clear_plane_widgets()  # the view was reset
            self._plane_widget = None
        self.redraw()

    @slot
    def _on_free_plane_toggled(self, on: bool) -> None:
        """Show pyvista's plane widget; balls on the side its normal points to are hidden."""
        if on and self._plane_widget is None:
            centre = tuple(self.input.lattice.centres.mean(axis=0))
            self._plane_widget = self.plotter.add_plane_widget(
                self._on_plane_moved,
                normal=(1.0, 1.0, 0.0),
                origin=centre,
                bounds=self._padded_bounds(),
                implicit=True,
                outline_translation=False,
                interaction_event="end",
                pass_widget=False,
            )
            self.view.set_free_plane(FREE_PLANE_NORMAL, centre)
        elif not on and self._plane_widget is not None:
            self.plotter.clear_plane_widgets()
            self._plane_widget = None
            self.view.set_free_plane(None)
        self.render()

    def _on_plane_moved(self, normal: Any, origin: Any) -> None:
        try:
            self.view.set_free_plane(tuple(normal), tuple(origin))
        except Exception as exc:
            log.exception("plane widget")
            self.show_message(f"Error: {exc}")

    def _padded_bounds(self) -> tuple[float, ...]:
        centres = self.input.lattice.centres
        lo, hi = centres.min(axis=0) - 0.5, centres.max(axis=0) + 0.5
        return (lo[0], hi[0], lo[1], hi[1], lo[2], hi[2])

    def _extent(self) -> tuple[float, float, float]:
        hi = self.input.lattice.centres.max(axis=0)
        return float(hi[0]), float(hi[1]), float(hi[2])

    def redraw(self) -> None:
        inp = self.input
        history = self.setup if self.setup is not None else self.session
        self.undo_action.setEnabled(history.can_undo)
        self.redo_action.setEnabled(history.can_redo)
        if self.setup is not None:
            self.finish_action.setEnabled(False)
            self.cancel_action.setEnabled(False)
            things = "stones" if isinstance(inp, TerraceInput) else "balls"
            self.status_prompt.setText(f"set-up mode: click to paint or erase {things}, then Apply")
            self.scene.draw_setup(inp.lattice, self.setup.pieces, self.view)  # type: ignore[arg-type]
        elif self._fill is not None and isinstance(self.scene, BallScene):
            _, order, seed = self._fill
            shown = self._fill_shown()
            pieces = dict(inp.pieces())
            pieces.update(order[:shown])
            self.status_prompt.setText(f"filling at random (seed {seed}): {shown}/{len(order)}")
            nothing = np.zeros(inp.lattice.count, dtype=bool)
            self.scene.show(inp.lattice, pieces, nothing, self.view)  # type: ignore[arg-type]
        else:
            self.finish_action.setEnabled(inp.can_finish)
            self.cancel_action.setEnabled(inp.building)
            self.status_prompt.setText(inp.prompt())
            if isinstance(self.scene, BallScene):
                self.scene.draw(inp, self.view, self.teaching(), self.overlays)  # type: ignore[arg-type]
            else:
                self.scene.draw(inp, self.view)  # type: ignore[arg-type]
        hover = self.view.hover
        self.status_hover.setText(self.describe_point(hover) if hover is not None else "")
        self.render()

    def render(self) -> None:
        if not self._closed:
            self.plotter.render()

    def _update_title(self) -> None:
        game = self.session.game
        name = self.session.path.name if self.session.path else "untitled"
        self.setWindowTitle(
            f"{name}{' *' if self.session.dirty else ''} - {game.title} - Pyramid Lab"
        )

    def _update_status(self) -> None:
        game = self.session.game
        outcome = game.outcome()
        describe = getattr(game, "describe_result", None)
        if outcome is None:
            text = f"{game.to_move} to move"
        elif describe is not None:
            text = describe()
        elif outcome.winner is None:
            text = f"draw ({outcome.termination.value})"
        else:
            text = f"{outcome.winner} wins ({outcome.termination.value})"
            held = getattr(game, "held_corners", None)
            if held is not None:
                text += ": " + ", ".join(held(outcome.winner))
        self.status_game.setText(text)

    def describe_point(self, pid: int) -> str:
        """Coordinates, level and content of a point, as the scene now shows it."""
        shown = self.setup.pieces if self.setup is not None else self.input.pieces()
        text = self.input.describe(pid, shown)
        teaching = self.teaching() if self.setup is None else None
        if teaching is not None and pid in shown:
            text += f"; {teaching.describe_group(pid)}"
        return text

    # ---- mouse --------------------------------------------------------------------------

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if watched is self.plotter and not self._closed:
            kind = event.type()
            if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
                self._press = event.position().toPoint()
            elif (
                kind == QEvent.Type.MouseButtonRelease
                and event.button() == Qt.MouseButton.LeftButton
            ):
                self._on_left_release(event.position().toPoint())
            elif kind == QEvent.Type.MouseMove and event.buttons() == Qt.MouseButton.NoButton:
                self._on_mouse_move(event.position().toPoint())
        return False  # VTK gets every event too

    def _to_display(self, pos: QPoint) -> tuple[float, float]:
        """Qt widget coordinates to VTK display pixels (y upwards, device pixels)."""
        ratio = self.plotter.devicePixelRatioF()
        return pos.x() * ratio, (self.plotter.height() - pos.y() - 1) * ratio

    @slot
    def _on_left_release(self, pos: QPoint) -> None:
        press, self._press = self._press, None
        if press is None or (pos - press).manhattanLength() > CLICK_SLOP:
            return  # a drag turned the camera
        self.click_display(*self._to_display(pos))

    @slot
    def _on_mouse_move(self, pos: QPoint) -> None:
        self.view.set_hover(self.scene.pick(*self._to_display(pos)))  # redraw updates the text

    def click_display(self, x: float, y: float) -> None:
        """A click at display pixel (x, y), VTK's y axis upwards."""
        pid = self.scene.pick(x, y)
        if pid is None:
            return
        if self._fill is not None:
            self.show_message("filling at random: wait for the result (Undo afterwards)")
            return
        if self.setup is not None:
            self.setup.click(pid)
            self.redraw()
            return
        teaching = self.teaching()
        if teaching is not None and teaching.group_at(pid) is not None:
            # A click on a ball selects its group (again: clears it), and says why no ball
            # goes there.
            same = self.overlays.selected is not None and teaching.group_at(
                self.overlays.selected
            ) is teaching.group_at(pid)
            self.overlays.set(selected=None if same else pid)
            reason = self.input.click(pid)
            self.show_message(
                f"({self.input.lattice.point(pid)}): {teaching.describe_group(pid)}"
                + ("" if same else " (selected)")
                + (f"; {reason}" if isinstance(reason, str) else "")
            )
            return
        result = self.input.click(pid)
        if isinstance(result, str):
            # Terrace messages name their fields; a ball's message needs its point.
            where = (
                ""
                if isinstance(self.input, TerraceInput)
                else f"({self.input.lattice.point(pid)}): "
            )
            self.show_message(where + result)
        elif result is None:
            self.redraw()  # a step of the turn being built
        else:
            self._play(result)

    def _play(self, move: Any) -> None:
        if isinstance(move, str):
            self.show_message(move)
            return
        mover = self.session.game.to_move
        try:
            self.session.play(move)
        except IllegalMoveError as exc:
            self.show_message(str(exc))
            return
        effect = getattr(self.session.game, "last_effect", None)
        what = effect.describe() if effect is not None else ""
        self.show_message(f"{mover} played {move}" + (f": {what}" if what else ""))

    # ---- closing ------------------------------------------------------------------------

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Release the VTK window; safe to call more than once."""
        if not self._closed:
            self._closed = True
            self._fade.stop()
            self._filling.stop()
            self.plotter.close()


def _scene_class(game: Game) -> type[BallScene] | type[TerraceScene]:
    return TerraceScene if isinstance(game, Terrace) else BallScene


def run(path: str | None, game: Game | None = None) -> int:
    """Open the main window on ``path`` (or ``game``) and run the Qt event loop."""
    from PySide6.QtWidgets import QApplication

    from model.files import read

    app = QApplication.instance() or QApplication([])
    app.setOrganizationName("Pyramid Lab")
    app.setApplicationName("Pyramid Lab")
    if path is not None:
        doc = read(path)
        session = Session.from_document(doc, path)
    else:
        assert game is not None
        session = Session(game)
    window = MainWindow(session)
    window.show()
    return app.exec()
