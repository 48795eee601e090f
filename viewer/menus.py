"""The window's menus and toolbar, and the file actions behind the File menu (new, open,
recent, save atomically, save as) and the Lessons menu."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMenu

from model.files import SUFFIX
from model.game import PositionFormatError

from .palette import VIEWS
from .slots import guarded
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

    def game_docks(self, docks: list[QDockWidget]) -> None:
        """The current game's docks get their entries in the View menu."""
        for action in self._game_dock_actions:
            self.view_menu.removeAction(action)
        self._game_dock_actions = [dock.toggleViewAction() for dock in docks]
        for action in self._game_dock_actions:
            self.view_menu.addAction(action)

    # ---- files --------------------------------------------------------------------------

    def new_game(self) -> None:
        dialog = NewGameDialog(self.window, self.window.session.game.name)
        if dialog.exec():
            try:
                game = dialog.new_game()
            except PositionFormatError as exc:
                self.window.show_error("Cannot start this game", str(exc))
                return
            self.window.session.replace_game(game)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open position", "", f"Positions (*{SUFFIX});;All files (*)"
        )
        if path:
            self.open_file(path)

    def open_file(self, path: str | Path) -> bool:
        """Load a file; a bad one is explained in a dialog and the position stays."""
        try:
            self.window.session.open(path)
        except PositionFormatError as exc:
            self.window.show_error("Cannot open this file", str(exc))
            return False
        self._remember_recent(Path(path))
        return True

    def save(self) -> None:
        path = self.window.session.path
        if path is None:
            self.save_as()
        else:
            self.save_file(path)

    def save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self.window, "Save position", "", f"Positions (*{SUFFIX})"
        )
        if path:
            if not path.endswith(SUFFIX):
                path += SUFFIX
            self.save_file(path)

    def save_file(self, path: str | Path) -> bool:
        try:
            target = self.window.session.save(path)
        except OSError as exc:
            self.window.show_error("Cannot save", f"{path}: {exc.strerror or exc}")
            return False
        self._remember_recent(target)
        self.window._update_title()
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
