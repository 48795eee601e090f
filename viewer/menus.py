"""The window's menus and toolbar, and the file actions behind the File menu (new, open,
recent, save atomically, save as) and the Lessons menu."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMenu

from model.files import SUFFIX, read
from model.game import PositionFormatError
from model.search.agents import LEVELS

from .palette import VIEWS
from .slots import guarded
from .widgets import unsaved
from .widgets.new_game import NewGameDialog

if TYPE_CHECKING:
    from .app import MainWindow

MAX_RECENT = 8
LESSON_DIR = Path(__file__).resolve().parents[1] / "examples" / "lessons"


class Menus:
    """Builds the menus of ``window`` and holds the actions the window enables."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        bar = window.menuBar()
        file = bar.addMenu("&File")
        self._action(file, "&New game...", self.new_game, QKeySequence.StandardKey.New)
        self._action(file, "&Open...", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file.addMenu("Open &recent")
        self._action(file, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(file, "Save &as...", self.save_as, "Ctrl+Shift+S")
        file.addSeparator()
        self._action(file, "&Quit", window.close, QKeySequence.StandardKey.Quit)
        edit = bar.addMenu("&Edit")
        self.undo = self._action(edit, "&Undo", window.undo, "Ctrl+Z")
        self.redo = self._action(edit, "&Redo", window.redo, "Ctrl+Shift+Z")
        edit.addSeparator()
        self.finish = self._action(edit, "&Finish turn", window.finish_turn, "Return")
        self.cancel = self._action(edit, "&Cancel turn", window.cancel_turn, "Escape")
        self.setup = self._action(edit, "&Set-up mode", window.toggle_setup, "Ctrl+E")
        self.setup.setCheckable(True)
        edit.addSeparator()
        engine = window.engine
        self.hint = self._action(edit, "&Hint", engine.ask_hint, "H")
        self.stop_engine = self._action(edit, "Sto&p thinking", engine.stop, "Ctrl+.")
        game = bar.addMenu("&Game")
        self.game_menu = game
        self._computer_separator = game.addSeparator()
        levels = game.addMenu("Computer &level")
        self.level_group = QActionGroup(window)
        self.levels: dict[str, QAction] = {}
        for level in LEVELS:
            action = self._action(levels, level, functools.partial(engine.set_level, level))
            action.setCheckable(True)
            action.setChecked(level == engine.level)
            self.level_group.addAction(action)
            self.levels[level] = action
        self.computer: dict[str, QAction] = {}
        turn = window.addToolBar("Turn")
        turn.setObjectName("turn-toolbar")
        turn.addAction(self.finish)
        turn.addAction(self.cancel)
        view = bar.addMenu("&View")
        for name in VIEWS:
            self._action(view, f"Camera: {name}", functools.partial(window.set_camera, name))
        self._action(view, "&Reset view", window.reset_view, "Ctrl+R")
        view.addSeparator()
        for dock in (window.view_dock, window.moves_dock, window.lesson_dock):
            view.addAction(dock.toggleViewAction())
        self._game_separator = view.addSeparator()
        self.view_menu = view
        self._game_dock_actions: list[QAction] = []
        lessons = bar.addMenu("&Lessons")
        for path in sorted(LESSON_DIR.glob(f"*{SUFFIX}")):
            title = path.name.removesuffix(SUFFIX).replace("-", " ")
            self._action(lessons, title, functools.partial(self.open_file, path))
        lessons.setEnabled(not lessons.isEmpty())
        self.lessons_menu = lessons
        self._refresh_recent()

    def _action(
        self,
        menu: QMenu,
        text: str,
        handler: Callable[[], Any],
        shortcut: QKeySequence | str | None = None,
    ) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        report = self.window.show_message
        action.triggered.connect(lambda _checked=False: guarded(handler, report, text))
        menu.addAction(action)
        return action

    def computer_players(self, players: tuple[str, ...] | list[str]) -> None:
        """One checkable "Computer plays <colour>" per player of the current game."""
        engine = self.window.engine
        engine.computer &= set(players)  # colours of another game are forgotten
        for action in self.computer.values():
            self.game_menu.removeAction(action)
        self.computer = {}
        for colour in players:
            action = QAction(f"Computer plays {colour}", self.window)
            action.setCheckable(True)
            action.setChecked(colour in engine.computer)
            action.toggled.connect(functools.partial(engine.set_computer, colour))  # a slot
            self.game_menu.insertAction(self._computer_separator, action)
            self.computer[colour] = action

    def game_docks(self, docks: list[QDockWidget]) -> None:
        """The current game's docks get their entries in the View menu."""
        for action in self._game_dock_actions:
            self.view_menu.removeAction(action)
        self._game_dock_actions = [dock.toggleViewAction() for dock in docks]
        for action in self._game_dock_actions:
            self.view_menu.addAction(action)

    # ---- files --------------------------------------------------------------------------

    def confirm_discard(self, doing: str) -> bool:
        """Before ``doing`` drops the game: ask Save / Discard / Cancel if it has unsaved
        changes (and Discard / Cancel for an unapplied set-up). True: go ahead."""
        window = self.window
        if window.setup is not None and window.setup.can_undo:
            answer = unsaved.ask_unsaved(
                window,
                "Drop the set-up being edited?",
                f"Set-up mode has changes that are not applied. If you {doing}, they are lost.",
                can_save=False,
            )
            if answer != unsaved.DISCARD:
                return False
        session = window.session
        if not session.dirty:
            return True
        name = session.path.name if session.path else "this untitled game"
        answer = unsaved.ask_unsaved(
            window,
            f"Save the changes to {name}?",
            f"If you {doing} without saving, your changes are lost.",
        )
        if answer == unsaved.SAVE:
            return self.save()  # False when the save is cancelled or fails
        return answer == unsaved.DISCARD

    def new_game(self) -> None:
        dialog = NewGameDialog(self.window, self.window.session.game.name)
        if dialog.exec():
            try:
                game = dialog.new_game()
            except PositionFormatError as exc:
                self.window.show_error("Cannot start this game", str(exc))
                return
            if self.confirm_discard("start a new game"):
                self.window.session.replace_game(game)

    def open_dialog(self) -> None:
        if not self.confirm_discard("open another file"):
            return
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open position", "", f"Positions (*{SUFFIX});;All files (*)"
        )
        if path:
            self.open_file(path, ask=False)

    def open_file(self, path: str | Path, *, ask: bool = True) -> bool:
        """Load a file; a bad one is explained in a dialog and the position stays. Unsaved
        changes are asked about first (``ask``), once the file is known to be good."""
        try:
            doc = read(path)
        except PositionFormatError as exc:
            self.window.show_error("Cannot open this file", str(exc))
            return False
        if ask and not self.confirm_discard(f"open {Path(path).name}"):
            return False
        self.window.session.load(doc, path)
        self._remember_recent(Path(path))
        return True

    def save(self) -> bool:
        path = self.window.session.path
        return self.save_as() if path is None else self.save_file(path)

    def save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(
            self.window, "Save position", "", f"Positions (*{SUFFIX})"
        )
        if not path:
            return False
        if not path.endswith(SUFFIX):
            path += SUFFIX
        return self.save_file(path)

    def save_file(self, path: str | Path) -> bool:
        try:
            target = self.window.session.save(path)
        except OSError as exc:
            self.window.show_error("Cannot save", f"{path}: {exc.strerror or exc}")
            return False
        self._remember_recent(target)
        return True

    def _remember_recent(self, path: Path) -> None:
        settings = QSettings()
        recent = [str(path.resolve())] + [
            p for p in (settings.value("recent", []) or []) if p != str(path.resolve())
        ]
        settings.setValue("recent", recent[:MAX_RECENT])
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        recent = QSettings().value("recent", []) or []
        if isinstance(recent, str):
            recent = [recent]
        for path in recent:
            self._action(self.recent_menu, path, functools.partial(self.open_file, path))
        self.recent_menu.setEnabled(bool(recent))


def build_menus(window: MainWindow) -> Menus:
    return Menus(window)
