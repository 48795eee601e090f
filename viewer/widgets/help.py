"""Help: each game's rules in our own words (a dock), the keyboard shortcuts (F1) and About.

The rules of a game are the Markdown page ``rules.md`` in its UI's folder
(``viewer/games/<name>/rules.md``, read by :meth:`GameUI.rules`); the dock shows the game
on the board unless another is chosen in its list. The shortcut list is made from the
window's own actions, so it can never disagree with the menus.
"""

from __future__ import annotations

import html
import platform
from collections.abc import Callable
from importlib import metadata

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import N_, _
from pyramid_lab.model.game import game_class, game_names

from .later_dock import LaterDock, Part

#: Keys that act on the board without a menu entry of their own.
BOARD_KEYS = (
    (N_("Left drag"), N_("turn the scene")),
    (N_("Right drag / wheel"), N_("zoom")),
    (N_("Middle drag / Shift+left drag"), N_("move the scene")),
    (N_("Click"), N_("play on a point, choose a piece (set-up mode: paint or erase)")),
    (
        N_("Arrow keys (board focused: Tab to it)"),
        N_("move the keyboard's point on its level (the board's own left, right, back, front)"),
    ),
    (N_("Page Up / Page Down"), N_("the keyboard's point a level up or down")),
    (N_("Shift+arrow keys (board focused)"), N_("turn the scene (left, right), zoom (up, down)")),
    (N_("Home / End"), N_("the keyboard's point to the lowest corner / the top")),
    (
        N_("Space or Enter"),
        N_("play on the keyboard's point or choose it, as a click (Enter finishes a turn ready)"),
    ),
    (N_("[ and ]"), N_("Pyramid Ball: the last turn's rows, back and on")),
)


def game_title(name: str) -> str:
    """The one name of a game in the window (the model's title)."""
    return game_class(name).title


class RulesDock(LaterDock):
    """The rules of a game, as Markdown (``rules(name)``: the game UI's), with a list of
    every game (made at the dock's first use)."""

    games = Part[QComboBox]()
    text = Part[QTextBrowser]()

    def __init__(self, rules: Callable[[str], str], parent: QWidget | None = None) -> None:
        super().__init__(_("Rules"), "rules-dock", parent)
        self.rules = rules
        self._game = ""  # the game whose rules show (the list's, once made)
        self._stale = True  # the page is written when the dock shows (each game's UI with it)

    def make_body(self) -> QWidget:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.games = QComboBox(body)
        for name in game_names():
            self.games.addItem(game_title(name), name)
        self.games.setToolTip(_("the rules of which game (the game on the board when it comes)"))
        layout.addWidget(self.games)
        self.text = QTextBrowser(body)
        self.text.setOpenExternalLinks(False)
        layout.addWidget(self.text, 1)
        self._pick(self._game)
        self.games.currentIndexChanged.connect(lambda _i: self._show())
        return body

    @property
    def shown(self) -> str:
        return str(self.games.currentData()) if self.is_made else self._game

    def show_game(self, name: str) -> None:
        """Show the rules of ``name`` (the game the window now shows)."""
        if self.is_made:
            self._pick(name)
        elif name in game_names():
            self._game = name

    def _pick(self, name: str) -> None:
        index = self.games.findData(name)
        if index >= 0:
            self.games.setCurrentIndex(index)

    def present(self, name: str, beside: QDockWidget) -> None:
        """Help > Rules: the rules of ``name``, shown and raised; docked, the dock comes
        tabbed with ``beside`` (the full height of its column) and with room to read."""
        self.show_game(name)
        parent = self.parentWidget()
        window = parent if isinstance(parent, QMainWindow) and not self.isFloating() else None
        if window is not None and not self.isVisible():
            window.tabifyDockWidget(beside, self)
        self.show()
        self.raise_()
        if window is not None and self.height() < window.height() // 2:
            window.resizeDocks([self], [window.height() * 2 // 3], Qt.Orientation.Vertical)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._show()

    def _show(self) -> None:
        name = self.games.currentData()
        self._stale = name is None or not self.isVisible()
        if self._stale:
            return
        self.text.setMarkdown(self.rules(str(name)))
        self.text.verticalScrollBar().setValue(0)


def menu_shortcuts(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, action, key) for every action of the menu bar with a shortcut, in menu order."""
    rows: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{path} > {sub.title().replace('&', '')}")
                continue
            keys = action.shortcuts()
            if not keys or action.isSeparator():
                continue
            text = " / ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
            rows.append((path, action.text().replace("&", ""), text))

    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            walk(menu, menu.title().replace("&", ""))
    return rows


class ShortcutsDialog(QDialog):
    """F1: every menu shortcut, and what the mouse and the board's own keys do; where the
    guide to accessibility is."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle(_("Keyboard shortcuts - Pyramid Lab"))
        layout = QVBoxLayout(self)
        rows = menu_shortcuts(window)
        rows += [(_("Board"), _(what), _(key)) for key, what in BOARD_KEYS]
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setHorizontalHeaderLabels([_("Where"), _("What"), _("Key")])
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        fit, stretch = QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.Stretch
        for column, mode in enumerate((fit, stretch, fit)):
            header.setSectionResizeMode(column, mode)
        layout.addWidget(self.table)
        # where the guide to the keyboard, screen readers, touch and colour is (issue 107
        # item 7): a file of the project's, named in the window's language
        self.guide = QLabel(
            _(
                "More on the keyboard, screen readers, touch and colour vision: "
                "Pyramid Lab's guide docs/accessibility.md."
            ),
            self,
        )
        self.guide.setWordWrap(True)
        self.guide.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.guide)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 560)

    def rows(self) -> list[tuple[str, ...]]:
        table = self.table
        return [
            tuple(
                item.text() if (item := table.item(r, c)) is not None else ""
                for c in range(table.columnCount())
            )
            for r in range(table.rowCount())
        ]


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def about_text() -> str:
    games = ", ".join(game_title(name) for name in game_names())
    libraries = ", ".join(
        f"{name} {_version(package)}"
        for name, package in (
            ("pyvista", "pyvista"),
            ("VTK", "vtk"),
            ("Qt for Python", "PySide6-Essentials"),
            ("numpy", "numpy"),
        )
    )
    what = _(
        "A 3D visualizer and editor for pyramid-shaped abstract board games: explore "
        "positions inside the pyramid, set up and verify puzzles, teach, and play against "
        "the computer."
    )
    listed = _("Games: {games}.").format(games=html.escape(games))
    whose = _(
        "The games belong to their designers; the rules pages in Help are written in our "
        "own words. MIT licence."
    )
    return (
        f"<h3>Pyramid Lab {html.escape(_version('pyramid-lab'))}</h3>"
        f"<p>{what}</p><p>{listed}</p><p>{whose}</p>"
        f"<p><small>Python {platform.python_version()}; {html.escape(libraries)}</small></p>"
    )


def show_about(window: QWidget) -> None:
    QMessageBox.about(window, _("About Pyramid Lab"), about_text())
