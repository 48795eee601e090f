"""The window's menus and toolbar. The File menu's open, Open recent, save and save as, and
the Lessons menu, are :mod:`viewer.lab.documents`' (Qt-free, the lab's); the lab's port
(:mod:`viewer.desktop.qt_port`) is the window's side of it: the unsaved-changes question and the
file dialogs. One module: the menus, one concept, whatever its size.

Most items are data (:data:`ITEMS`); the menus that hold behaviour of their own are each a
controller of its menu: the Lessons menu (the shipped lessons with their progress, the
teacher's own folders of lessons, remembered in QSettings, read off the GUI thread), the
Puzzles menu (the shipped collections, the user's own puzzles, Practice made on first use)
and the players of the Game menu with the New game flow (who plays each colour, the New
game dialog's last answers per game); :class:`Menus` builds the rest and holds these."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMenu

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, N_, _, ngettext
from pyramid_lab.model import content, search
from pyramid_lab.model.game import PositionFormatError, game_class, shorten
from pyramid_lab.model.lesson import SUFFIX as LESSON_SUFFIX
from pyramid_lab.model.lesson import FolderLesson, lesson_folders, lesson_tasks, titles
from pyramid_lab.model.userfiles import (
    MAX_COUNTED,
    lessons_folder,
    made_collections,
    made_puzzles_root,
    make_folder,
)

from ..lab.palette import VIEWS
from ..widgets.help import show_about
from ..widgets.names import colour_name
from ..widgets.new_game import NewGameDialog, choice_text, player_choices
from ..widgets.practice_dock import shipped_collections
from ..widgets.slots import guarded
from .compose import open_compose_dialog
from .export_control import open_export_dialog
from .language import LanguageMenu
from .lesson_shelf import ShelfReader

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

LESSON_DIR = content.lessons()
PUZZLE_DIR = content.puzzles()
LESSON_FOLDERS_KEY = "lessons/folders"  # QSettings: the folders of lessons added

#: A menu item's keyboard shortcut, as Qt takes it.
Shortcut = QKeySequence | QKeySequence.StandardKey | str


def add_action(
    menu: QMenu,
    text: str,
    handler: Callable[[], Any],
    port: QtPort,
    shortcut: Shortcut | None = None,
) -> QAction:
    """An item ``text`` of ``menu`` running ``handler`` (guarded: an error is said on the
    status line), with its ``shortcut``."""
    action = QAction(text, port.parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    report = port.bulletin.say
    action.triggered.connect(lambda _checked=False: guarded(handler, report, text))
    menu.addAction(action)
    return action


class LessonsMenu:
    """The Lessons menu (``menu``): each game's stepped lessons with their progress, the
    teacher's own lessons (the user's lessons folder and the folders added), and the
    teacher's verbs (``teach_new``: a new lesson from the position shown)."""

    def __init__(self, menu: QMenu, lab: Lab, port: QtPort, teach_new: Callable[[], Any]) -> None:
        self.menu, self.lab, self.port = menu, lab, port
        # Only the stepped lessons are listed (the old caption-only positions under
        # model/data/lessons/ repeat Partition's lessons 3, 4 and 10 and open as files).
        self.lesson_actions: list[tuple[QAction, Path, str]] = []
        for name in lesson_folders(LESSON_DIR):
            files = sorted((LESSON_DIR / name).glob(f"*{LESSON_SUFFIX}"))
            if files:  # a game's stepped lessons, in a submenu of their own
                sub = menu.addMenu(titles(files[0])[0])
                for path in files:
                    title = titles(path, i18n.current())[1]  # the file's, in the window's
                    action = self._add(sub, title, functools.partial(lab.documents.open, path))
                    self.lesson_actions.append((action, path, title))
                sub.aboutToShow.connect(self.show_lesson_progress)
        menu.addSeparator()
        # The teacher's own lessons: the user's lessons folder and the folders added, read
        # again each time the menu opens (a lesson just saved is there).
        self.user_lesson_menus: list[QMenu] = []
        self.user_lesson_actions: list[tuple[QAction, Path, str]] = []
        self.user_lesson_tasks: dict[Path, set[int]] = {}  # as read, off the GUI thread
        self.user_lessons_end = menu.addSeparator()
        self.add_lessons_folder = self._add(
            menu, _("Add lessons folder..."), self.ask_lessons_folder
        )
        self.reset_progress = self._add(
            menu, _("Reset progress of this lesson"), lambda: lab.lessons.reset_progress()
        )
        menu.addSeparator()
        self.new_lesson = self._add(menu, _("New lesson from this position (teacher)"), teach_new)
        # read off the GUI thread; the submenus are filled again when something changed
        self.lesson_shelf = ShelfReader(self.fill_user_lessons, menu)
        menu.aboutToShow.connect(self.show_user_lessons)

    def _add(self, menu: QMenu, text: str, handler: Callable[[], Any]) -> QAction:
        return add_action(menu, text, handler, self.port)

    def show_lesson_progress(self) -> None:
        """Each lesson's entry with its progress: a tick when every task was answered
        right, "k of n tasks" while some are, nothing before the first."""
        progress = self.lab.lessons.progress
        for action, path, title in self.lesson_actions + self.user_lesson_actions:
            known = self.user_lesson_tasks.get(path)  # a user's lesson: as read off-thread
            tasks = known if known is not None else lesson_tasks(path)
            done = len(progress.done(path) & tasks)
            if tasks and done == len(tasks):
                action.setText(f"\u2713 {title}")
            elif done:
                said = ngettext(
                    "{title}  ({done} of {count} tasks)",
                    "{title}  ({done} of {count} tasks)",
                    len(tasks),
                )
                action.setText(said.format(title=title, done=done, count=len(tasks)))
            else:
                action.setText(title)

    # ---- the teacher's own lessons ---------------------------------------------------------

    def lesson_folders(self) -> list[Path]:
        """The user's lessons folder, then the folders added (Add lessons folder...)."""
        own = lessons_folder()
        folders = [own]
        for entry in _added_folders():
            if isinstance(entry, str) and entry and Path(entry) not in folders:
                folders.append(Path(entry))
        return folders

    def show_user_lessons(self) -> None:
        """The Lessons menu opens: the user's lessons as last read, at once, and the
        folders read again off the GUI thread (each file only if it changed)."""
        self.fill_user_lessons()
        self.lesson_shelf.refresh(self.lesson_folders())

    def fill_user_lessons(self) -> None:
        """A submenu per folder of the user's lessons, each lesson by its own title with
        its progress; a file that is not a lesson named with what is wrong, greyed; a
        folder not read yet says so."""
        menu = self.menu
        for sub in self.user_lesson_menus:
            menu.removeAction(sub.menuAction())
            sub.deleteLater()
        self.user_lesson_menus, self.user_lesson_actions = [], []
        self.user_lesson_tasks = {}
        own = lessons_folder()
        for folder in self.lesson_folders():
            name = (
                _("My lessons")
                if folder == own
                else _("Lessons in {folder}").format(folder=folder.name or folder)
            )
            sub = QMenu(name, menu)
            sub.setToolTipsVisible(True)
            sub.menuAction().setToolTip(str(folder))
            menu.insertMenu(self.user_lessons_end, sub)
            self.user_lesson_menus.append(sub)
            found = self.lesson_shelf.entries(folder)
            if found is None:
                sub.addAction(_("(reading...)")).setEnabled(False)
                continue
            shared = titles_shared(found)
            for entry in found:
                if entry.problem is not None:
                    bad = sub.addAction(shorten(f"\u26a0 {entry.path.name}: {entry.problem}", 80))
                    bad.setToolTip(f"{entry.path}: {entry.problem}")
                    bad.setEnabled(False)
                    continue
                opening = functools.partial(self.lab.documents.open, entry.path)
                title = entry.title_in(i18n.current())  # in the window's language
                if entry.title in shared:  # ("My lesson" beside "My lesson": which file is which)
                    # TRANSLATORS: a lesson listed by its title, then its file's name (two
                    # lessons of a folder have that title)
                    title = _("{title} ({file})").format(title=title, file=entry.path.name)
                action = self._add(sub, title, opening)
                action.setToolTip(str(entry.path))
                self.user_lesson_actions.append((action, entry.path, title))
                self.user_lesson_tasks[entry.path] = set(entry.tasks)
            if not found:
                said = (
                    _("(none yet: Save lesson... puts them here)") if folder == own else _("(none)")
                )
                sub.addAction(said).setEnabled(False)
        self.show_lesson_progress()

    def ask_lessons_folder(self) -> None:
        """Lessons > Add lessons folder...: a folder of lesson files, remembered. The
        dialog opens in the user's lessons folder, made first if missing."""
        problem = make_folder(lessons_folder())
        if problem is not None:
            self.lab.bulletin.say(_("Lessons: {problem}").format(problem=shorten(problem, 200)))
        with self.lab.engine.held():
            folder = QFileDialog.getExistingDirectory(
                self.port.parent, _("Add a folder of lessons"), str(lessons_folder())
            )
        if folder:
            self.add_folder(folder)

    def add_folder(self, folder: str | Path) -> None:
        """``folder``'s lessons listed in the Lessons menu from now on (QSettings)."""
        path = Path(folder)
        if not path.is_dir():
            self.lab.bulletin.say(_("Not a folder: {path}").format(path=shorten(str(path), 120)))
            return
        added = _added_folders()
        if str(path) not in added and path != lessons_folder():
            QSettings().setValue(LESSON_FOLDERS_KEY, [*added, str(path)])

        def say() -> None:  # once the folder is read, off the GUI thread
            count = sum(1 for e in self.lesson_shelf.entries(path) or () if e.problem is None)
            said = ngettext(
                "Lessons menu: {count} lesson in {path}",
                "Lessons menu: {count} lessons in {path}",
                count,
            )
            self.lab.bulletin.say(said.format(count=count, path=shorten(str(path), 120)))

        self.fill_user_lessons()
        self.lesson_shelf.refresh(self.lesson_folders(), say)


def _added_folders() -> list[str]:
    """The folders of lessons added (QSettings; anything else there is ignored)."""
    raw = QSettings().value(LESSON_FOLDERS_KEY, [])
    entries = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
    return [e for e in entries if isinstance(e, str) and e]


class PuzzlesMenu:
    """The Puzzles menu (``menu``): practice a collection (the shipped ones, the user's
    own, any folder), Practice made on first use by ``practising`` (its dock given its View
    menu entry by ``add_view_entry`` then), Compose."""

    def __init__(
        self,
        menu: QMenu,
        lab: Lab,
        port: QtPort,
        practising: Callable[[], PracticeActions],
        add_view_entry: Callable[[QDockWidget], None],
    ) -> None:
        self.menu, self.lab, self.port = menu, lab, port
        self._make_practice, self.add_view_entry = practising, add_view_entry
        self._listed: list[QDockWidget] = []  # Practice's dock, once in the View menu
        practising = self.practising

        def practice(name: str) -> Callable[[], None]:
            def command() -> None:
                practising()  # the Practice dock, made on first use, shows what follows
                getattr(self.lab.practice, name)()

            return command

        self._add(menu, _("&Open collection..."), self.open_collection, "Ctrl+Shift+O")
        compose = functools.partial(open_compose_dialog, self.lab, self.port, practising)
        self.compose = self._add(menu, _("&Compose..."), compose)
        # the puzzles the user made (Review's "Make a puzzle of this", Compose), a
        # collection a game's folder and each composed set: names counted as it opens
        self.my_puzzles = QMenu(_("&My puzzles"), menu)
        self.my_puzzles.setToolTipsVisible(True)
        self.my_puzzles.aboutToShow.connect(self.fill_my_puzzles)
        menu.addMenu(self.my_puzzles)
        self.my_puzzle_actions: list[tuple[QAction, Path]] = []
        menu.addSeparator()
        for folder in shipped_collections(PUZZLE_DIR):
            try:
                title = game_class(folder.name).title
            except KeyError:
                title = folder.name
            opening = functools.partial(lambda f: practising().open_collection(f), folder)
            self._add(menu, _("{game} puzzles").format(game=title), opening)
        menu.addSeparator()
        next_unsolved = practice("next_unsolved")
        self.next_puzzle = self._add(menu, _("&Next unsolved"), next_unsolved, "Ctrl+Shift+N")
        self.puzzle_hint = self._add(menu, _("Practice &hint"), practice("hint"), "Shift+H")
        self.retry_puzzle = self._add(menu, _("&Try again"), practice("retry"), "Ctrl+Shift+R")
        menu.addSeparator()
        forget = practice("forget_ticks")
        self._add(menu, _("&Forget the ticks of this collection"), forget)

    def _add(
        self, menu: QMenu, text: str, handler: Callable[[], Any], shortcut: Shortcut | None = None
    ) -> QAction:
        return add_action(menu, text, handler, self.port, shortcut)

    def fill_my_puzzles(self) -> None:
        """Puzzles > My puzzles: each collection of made puzzles by its game and how many
        it holds (file names counted, none read); a click practises it."""
        sub = self.my_puzzles
        sub.clear()
        self.my_puzzle_actions = []
        root = made_puzzles_root()
        sub.menuAction().setToolTip(str(root))
        for name, folder, count in made_collections():
            try:
                title = game_class(name).title
            except KeyError:
                title = name
            many = f"{count - 1}+" if count > MAX_COUNTED else str(count)
            if folder.parent == root:
                said = ngettext(
                    "{game}: made ({many} puzzle)", "{game}: made ({many} puzzles)", count
                )
            else:
                said = ngettext(
                    "{game}: {set} ({many} puzzle)", "{game}: {set} ({many} puzzles)", count
                )
            text = said.format(game=title, set=folder.name, many=many)
            action = self._add(sub, text, functools.partial(self.practise, folder))
            action.setToolTip(str(folder))
            self.my_puzzle_actions.append((action, folder))
        if not self.my_puzzle_actions:
            said = _("(none yet: Review's Make a puzzle of this and Compose... put them here)")
            sub.addAction(said).setEnabled(False)

    def practising(self) -> PracticeActions:
        """Practice, made on first use (its dock gets its View menu entry then)."""
        practice = self._make_practice()
        if practice.dock not in self._listed:  # made now: its View menu entry
            self._listed.append(practice.dock)
            self.add_view_entry(practice.dock)
        return practice

    def practise(self, folder: Path) -> None:
        """Practise the collection ``folder`` (the dock is made on first use)."""
        self.practising().open_collection(folder)

    def open_collection(self) -> None:
        """Puzzles > Open collection...: a folder of puzzle files."""
        with self.lab.engine.held():
            folder = QFileDialog.getExistingDirectory(
                self.port.parent, _("Open a puzzle collection (a folder)"), str(PUZZLE_DIR)
            )
        if folder:
            self.practising().open_collection(folder)


class PlayerMenus:
    """Who plays each colour, in the Game menu (``menu``: a submenu per colour of the game
    shown), and the New game flow (the dialog, its last answers per game as the next
    default)."""

    def __init__(self, menu: QMenu, lab: Lab, port: QtPort) -> None:
        self.menu, self.lab, self.port = menu, lab, port
        #: Per colour of the current game, a submenu "<Colour>: <who>" with the New game
        #: dialog's choices (Human, Computer (easy), ...) as exclusive actions, keyed by
        #: level (None: human).
        self.players: dict[str, dict[str | None, QAction]] = {}
        self.player_menus: dict[str, QMenu] = {}
        self._player_groups: list[QActionGroup] = []
        #: The New game dialog's last answer per game (colour -> level): its next default.
        self.last_players: dict[str, dict[str, str]] = {}

    def computer_players(self, players: tuple[str, ...] | list[str]) -> None:
        """A submenu per player of the current game: Human or Computer at a level (one
        menu per colour, as in the New game dialog, so two computers of different levels
        show as they are)."""
        engine = self.lab.engine
        engine.seats.keep(self.lab.session.game, players)  # colours of another game are forgotten
        for menu in self.player_menus.values():
            self.menu.removeAction(menu.menuAction())
            menu.deleteLater()
        for group in self._player_groups:
            for action in group.actions():
                action.deleteLater()
            group.deleteLater()
        self.players, self.player_menus, self._player_groups = {}, {}, []
        for colour in players:
            menu = self.menu.addMenu(colour_name(colour))
            group = QActionGroup(self.port.parent)  # exclusive: one choice per colour
            actions: dict[str | None, QAction] = {}
            for text, level in player_choices(search.levels_for(self.lab.game)):
                choose = functools.partial(engine.set_player, colour, level)
                action = add_action(menu, text, choose, self.port)
                action.setCheckable(True)
                group.addAction(action)
                actions[level] = action
            self.players[colour] = actions
            self.player_menus[colour] = menu
            self._player_groups.append(group)
        self.show_players()

    def show_players(self) -> None:
        """The Game menu follows the engine's players (menu titles say who plays)."""
        computer = self.lab.engine.seats.computer
        for colour, actions in self.players.items():
            level = computer.get(colour)
            if level in actions:  # (a new game's levels come before its menus)
                actions[level].setChecked(True)
            said = _("{colour}: {player}").format(
                colour=colour_name(colour), player=choice_text(level)
            )
            self.player_menus[colour].setTitle(said)

    def new_game(self) -> None:
        """The New game dialog: a game, its options and who plays each side (last time's
        players for each game as the default; the current game's as they are now)."""
        lab, port = self.lab, self.port
        current = lab.session.game
        remembered = {**self.last_players, current.name: dict(lab.engine.seats.computer)}
        rules = {current.name: current.options.to_json()}  # Ok again: the same rules
        dialog = NewGameDialog(port.parent, current.name, players=remembered, rules=rules)
        try:
            self._new_game(dialog)
        finally:  # the keys back to the window and its board: with no window manager to
            port.parent.activateWindow()  # give them back, H went nowhere (issue 89)

    def _new_game(self, dialog: NewGameDialog) -> None:
        lab, port = self.lab, self.port
        with lab.engine.held():  # no move behind the dialog; after it, the game on show
            if not dialog.exec():
                return
            try:
                game = dialog.new_game()
            except PositionFormatError as exc:
                port.show_message(_("Cannot start this game"), str(exc))
                return
            if lab.documents.confirm_discard(M_("start a new game")):
                computer = dialog.computer_players()
                self.last_players[game.name] = dict(computer)
                lab.engine.choose_players(computer)
                lab.session.replace_game(game)


def titles_shared(entries: Sequence[FolderLesson]) -> set[str]:
    """The titles that more than one lesson of a folder's ``entries`` has (a lesson saved
    under the default title listed as "My lesson" among others of that name: each is
    listed with its file's name)."""
    seen: set[str] = set()
    shared: set[str] = set()
    for entry in entries:
        if entry.problem is None:
            (shared if entry.title in seen else seen).add(entry.title)
    return shared


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
#: from what the window holds: the controllers above).
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
        #: the menus with behaviour of their own (the controllers above)
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
