"""The window's menus and toolbar. The File menu's open, Open recent, save and save as, and
the Lessons menu, are :mod:`viewer.lab.documents`' (Qt-free, the lab's); the lab's port
(:mod:`viewer.desktop.qt_port`) is the window's side of it: the unsaved-changes question and the
file dialogs."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu

from pyramid_lab.i18n import N_, _

from ..lab.palette import VIEWS
from ..widgets.help import show_about
from .export_control import open_export_dialog
from .language import LanguageMenu
from .menu_groups import LessonsMenu, PlayerMenus, PuzzlesMenu, Shortcut, add_action

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenuBar, QToolBar

    from ..lab import Lab
    from .analysis import AnalysisControl
    from .host import PracticeActions
    from .lessons import LessonControl
    from .puzzle import PuzzleControl
    from .qt_port import QtPort
    from .review import ReviewControl
    from .setup_mode import SetupControl
    from .stage import Stage

RECKONING_KEY = "engine/show_reckoning"  # QSettings: the computer's reckoning said

StandardKey = QKeySequence.StandardKey
#: the cameras' items (:data:`viewer.lab.palette.VIEWS`) in the View menu
VIEW_ITEMS = {
    "iso": N_("Camera: iso"),
    "top": N_("Camera: top"),
    "front": N_("Camera: front"),
    "side": N_("Camera: side"),
}


@dataclass(frozen=True)
class Item:
    """One menu item, as data: its ``menu`` and ``text``, its ``shortcut``, the ``verb`` it
    runs (a dotted name, looked up in :meth:`Menus.verbs` when the item is chosen: a lab
    verb, one of the board's, a controller's command), the ``name`` the menus keep its
    action by (``menus.actions[name]``), and ``when`` it is enabled (a condition of
    :meth:`Menus.follow_history`; None: always). ``checked``: the signal a checkable item
    follows. A text of "-" is a separator."""

    menu: str
    text: str
    verb: str = ""
    shortcut: Shortcut | None = None
    name: str = ""
    when: str | None = None
    checked: str | None = None


#: The items of the File, Edit, Analysis, Game and Help menus, in order (the View menu's
#: cameras and docks, Open recent, the players, the Lessons and Puzzles menus are built
#: from what the window holds: :mod:`viewer.desktop.menu_groups`).
ITEMS: tuple[Item, ...] = (
    Item("&File", N_("&New game..."), "seats.new_game", StandardKey.New),
    Item("&File", N_("&Open..."), "documents.open_dialog", StandardKey.Open),
    Item("&File", N_("Open &recent"), name="recent"),  # a submenu: the recent files
    Item("&File", N_("&Save"), "documents.save", StandardKey.Save),
    Item("&File", N_("Save &as..."), "documents.save_as", "Ctrl+Shift+S"),
    Item("&File", N_("&Export..."), "export", "Ctrl+Shift+E"),
    Item("&File", "-"),
    Item("&File", N_("&Quit"), "quit", StandardKey.Quit),
    Item("&Edit", N_("&Undo"), "board.undo", "Ctrl+Z", "undo", when="can_undo"),
    Item("&Edit", N_("&Redo"), "board.redo", "Ctrl+Shift+Z", "redo", when="can_redo"),
    Item("&Edit", "-"),
    Item("&Edit", N_("&Finish turn"), "board.finish", "Return", "finish", when="can_finish"),
    Item("&Edit", N_("&Cancel turn"), "board.cancel", "Escape", "cancel", when="building"),
    Item("&Edit", N_("&Set-up mode"), "setup_mode.toggle", "Ctrl+E", "setup", checked="switched"),
    Item("&Edit", "-"),
    Item("&Edit", N_("&Hint"), "engine.hints.ask", "H", "hint"),
    Item("&Edit", N_("Sto&p thinking"), "lab.stop", "Ctrl+.", "stop_engine"),
    Item("&Edit", N_("&Analyse"), "analysis.analyse", "A", "analyse"),
    Item("A&nalysis", N_("&Review game"), "reviewer.review", "Ctrl+Shift+G", "review"),
    Item("A&nalysis", N_("&Make a puzzle of this"), "reviewer.make_puzzle", name="make_puzzle"),
    # the whole-game table of the game's version (Pyraos): again while it runs, Stop
    Item(
        "A&nalysis",
        N_("Build the whole-game &table"),
        "table_build.toggle",
        name="build_table",
        when="has_table",
    ),
    Item("&Game", N_("&Verify puzzle"), "desk.verify", "Ctrl+Shift+V", "verify"),
    Item(
        "&Game",
        N_("S&olve puzzle"),
        "desk.toggle_solve",
        "Ctrl+Shift+P",
        "solve",
        checked="solving",
    ),
    # the value of the position shown; a second time stops it; the answer it keeps, changed
    Item("&Game", N_("Solve &position..."), "value_solve.toggle", name="solve_value"),
    Item(
        "&Game", N_("Cores for Solve position..."), "value_solve.change_workers", name="solve_cores"
    ),
    Item("&Game", "-"),
    # the computer's win rate and line after each move: a spoiler, so the player's choice
    Item("&Game", N_("Show the computer's &reckoning"), "reckoning", name="reckoning", checked=""),
    Item("&Help", N_("&Rules of the game"), "commands.show_rules", name="rules"),
    Item(
        "&Help",
        N_("&Keyboard shortcuts"),
        "commands.show_shortcuts",
        StandardKey.HelpContents,
        "shortcuts",
    ),
    Item("&Help", "-"),
    Item("&Help", N_("&About Pyramid Lab"), "about"),
)


class Commands(Protocol):
    """The window's own commands behind menu items (:class:`viewer.desktop.parts.Commands`)."""

    def practising(self) -> PracticeActions:
        """Practice, made on first use."""

    def reset_view(self) -> None: ...

    def show_rules(self) -> None: ...

    def show_shortcuts(self) -> None: ...


@dataclass(frozen=True)
class MenuParts:
    """The parts whose commands are the menus' items (the root hands them over, made: no
    part reaches another here)."""

    commands: Commands
    setup_mode: SetupControl
    analysis: AnalysisControl
    reviewer: ReviewControl
    puzzle: PuzzleControl
    lessons: LessonControl


#: The menu bar's menus, in order.
TITLES = (
    N_("&File"),
    N_("&Edit"),
    N_("A&nalysis"),
    N_("&Game"),
    N_("&View"),
    N_("&Lessons"),
    N_("&Puzzles"),
    N_("&Help"),
)


def menu_bar(bar: QMenuBar) -> dict[str, QMenu]:
    """The menus of ``bar``, empty, by their English titles (the window's room for its
    scene is measured with the bar in place: :class:`Menus` fills them once the parts are
    made)."""
    return {title: bar.addMenu(_(title)) for title in TITLES}


class Menus:
    """Fills the menus of ``bar`` (:func:`menu_bar`) and the Turn ``toolbar`` from
    :data:`ITEMS`, each item bound to a lab verb or to one of ``parts``' commands, and
    holds the actions the window enables; ``docks`` are the window's own docks, shown and
    hidden from the View menu; ``quit`` closes it."""

    def __init__(
        self,
        bar: Mapping[str, QMenu],
        toolbar: QToolBar,
        quit: Callable[[], object],
        parts: MenuParts,
        lab: Lab,
        port: QtPort,
        stage: Stage,
        docks: Sequence[QDockWidget],
    ) -> None:
        self.parts = parts
        self.lab, self.port, self.stage = lab, port, stage
        self._quit = quit
        self.actions: dict[str, QAction] = {}  # the named items' actions (Item.name)
        menus = bar
        self.game_menu = menus["&Game"]
        self.view_menu = self._view(menus["&View"], docks)
        #: the menus with behaviour of their own (viewer.desktop.menu_groups)
        self.seats = PlayerMenus(self.game_menu, lab, port)
        self.lessons = LessonsMenu(menus["&Lessons"], lab, port, parts.lessons.teach_new)
        self.puzzles = PuzzlesMenu(
            menus["&Puzzles"], lab, port, parts.commands.practising, self.add_view_entry
        )
        for item in ITEMS:
            self._add(menus[item.menu], item)
        toolbar.addAction(self.actions["finish"])
        toolbar.addAction(self.actions["cancel"])
        reckoning = self.actions["reckoning"]
        reckoning.setChecked(bool(QSettings().value(RECKONING_KEY, False, type=bool)))
        lab.engine.show_reckoning = reckoning.isChecked()
        lab.documents.recent.changed.connect(self._refresh_recent)
        self._refresh_recent()

    def verbs(self) -> dict[str, Any]:
        """What an item's verb is looked up in (its first name; the rest are attributes)."""
        lab, parts, port = self.lab, self.parts, self.port
        return {
            "lab": lab,
            "board": lab.board,
            "documents": lab.documents,
            "engine": lab.engine,
            "desk": lab.puzzle_desk,  # Verify and Solve mode: the lab's verbs
            "value_solve": lab.value_solve,
            "table_build": lab.table_build,
            "seats": self.seats,
            "setup_mode": parts.setup_mode,
            "analysis": parts.analysis,
            "reviewer": parts.reviewer,
            "commands": parts.commands,
            "export": functools.partial(open_export_dialog, lab, port, self.stage),
            "quit": self._quit,
            "reckoning": self._show_reckoning,
            "about": functools.partial(show_about, port.parent),
        }

    def verb(self, name: str) -> Callable[[], Any]:
        """The command an item's verb names (AttributeError or KeyError for a wrong one)."""
        first, *rest = name.split(".")
        found = self.verbs()[first]
        for attribute in rest:
            found = getattr(found, attribute)
        command: Callable[[], Any] = found
        return command

    def _add(self, menu: QMenu, item: Item) -> None:
        """``item`` in ``menu``: a separator, the Open recent submenu, or an action that
        runs its verb (looked up when chosen: the parts are all made by then)."""
        if item.text == "-":
            menu.addSeparator()
            return
        if item.name == "recent":
            self.recent_menu = menu.addMenu(_(item.text))
            return
        action = add_action(
            menu, _(item.text), lambda: self.verb(item.verb)(), self.port, item.shortcut
        )
        if item.checked is not None:
            action.setCheckable(True)
            if item.checked == "switched":  # set-up mode says when it is on
                self.parts.setup_mode.switched.connect(action.setChecked)
            elif item.checked == "solving":  # and Solve mode
                self.parts.puzzle.solving.connect(action.setChecked)
        if item.name:
            self.actions[item.name] = action

    def _view(self, view: QMenu, docks: Sequence[QDockWidget]) -> QMenu:
        stage = self.stage
        for name in VIEWS:
            camera = functools.partial(lambda n: stage.scene.set_camera(n), name)
            item = VIEW_ITEMS.get(name)
            said = _(item) if item is not None else _("Camera: {view}").format(view=name)
            add_action(view, said, camera, self.port)
        add_action(view, _("&Reset view"), self.parts.commands.reset_view, self.port, "Ctrl+R")
        self.language = LanguageMenu(view, self.port.bulletin.say)
        view.addSeparator()
        for dock in docks:
            view.addAction(dock.toggleViewAction())
        self.game_separator = view.addSeparator()
        self._game_dock_actions: list[QAction] = []
        return view

    def _show_reckoning(self) -> None:
        on = self.actions["reckoning"].isChecked()
        self.lab.engine.show_reckoning = on
        QSettings().setValue(RECKONING_KEY, on)

    def follow_history(self) -> None:
        """Undo, Redo, Finish and Cancel turn follow the position (set-up mode has a
        history of its own and no turn; a turn half built is what Undo takes back first)."""
        lab = self.lab
        setup, turn = lab.board.setup, lab.board.turn
        history = setup if setup is not None else lab.session
        building = setup is None and turn.building
        conditions = {
            "can_undo": history.can_undo or building,
            "can_redo": history.can_redo,
            "can_finish": setup is None and turn.can_finish,
            "building": building,
            # (and while one runs, whatever the game shown: the item is its Stop too)
            "has_table": lab.table_build.offered(lab.game) or lab.table_build.running,
        }
        for item in ITEMS:
            if item.when is not None:
                self.actions[item.name].setEnabled(conditions[item.when])

    def add_view_entry(self, dock: QDockWidget) -> None:
        """A dock made later (Practice's) gets its entry in the View menu, before the
        game's docks."""
        self.view_menu.insertAction(self.game_separator, dock.toggleViewAction())

    def game_docks(self, docks: list[QDockWidget]) -> None:
        """The current game's docks get their entries in the View menu."""
        for action in self._game_dock_actions:
            self.view_menu.removeAction(action)
        self._game_dock_actions = [dock.toggleViewAction() for dock in docks]
        for action in self._game_dock_actions:
            self.view_menu.addAction(action)

    # ---- files (viewer.lab.documents does the work) ------------------------------------------

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.lab.documents.recent.paths()
        for path in recent:
            opening = functools.partial(self.lab.documents.open, path)
            add_action(self.recent_menu, path, opening, self.port)
        self.recent_menu.setEnabled(bool(recent))
