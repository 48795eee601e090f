"""The window's menus and toolbar. The File menu's open, Open recent, save and save as, and
the Lessons menu, are :mod:`viewer.lab.documents`' (Qt-free, the lab's); the lab's port
(:mod:`viewer.desktop.qt_port`) is the window's side of it: the unsaved-changes question and the
file dialogs."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMenu

from model import content, search
from model.game import PositionFormatError, game_class, shorten
from model.lesson import SUFFIX as LESSON_SUFFIX
from model.lesson import lesson_folders, lesson_tasks, titles
from model.userfiles import (
    MAX_COUNTED,
    lessons_folder,
    made_collections,
    made_puzzles_root,
    make_folder,
)

from ..lab.palette import VIEWS
from ..lab.slots import guarded
from ..widgets.help import show_about
from ..widgets.new_game import NewGameDialog, choice_text, player_choices
from ..widgets.practice_dock import shipped_collections
from .compose import open_compose_dialog
from .export_control import open_export_dialog
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
RECKONING_KEY = "engine/show_reckoning"  # QSettings: the computer's reckoning said
LESSON_FOLDERS_KEY = "lessons/folders"  # QSettings: the folders of lessons added


class Commands(Protocol):
    """The window's own commands behind menu items (:class:`viewer.desktop.binding.Binding`)."""

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


class Menus:
    """Builds the menus in ``bar`` and the Turn ``toolbar``, each item bound to a lab verb or
    to one of ``parts``' commands, and holds the actions the window enables; ``docks`` are
    the window's own docks, shown and hidden from the View menu; ``quit`` closes it."""

    def __init__(
        self,
        bar: QMenuBar,
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
        self._file(bar.addMenu("&File"), quit)
        self._edit(bar.addMenu("&Edit"))
        self.analysis_menu = self._analysis(bar.addMenu("A&nalysis"))
        self.game_menu = self._game(bar.addMenu("&Game"))
        toolbar.addAction(self.finish)
        toolbar.addAction(self.cancel)
        self.view_menu = self._view(bar.addMenu("&View"), docks)
        self.lessons_menu = self._lessons(bar.addMenu("&Lessons"))
        self.puzzles_menu = self._puzzles(bar.addMenu("&Puzzles"))
        self._help(bar.addMenu("&Help"))
        self._refresh_recent()

    def _file(self, file: QMenu, quit: Callable[[], object]) -> None:
        lab, port, stage = self.lab, self.port, self.stage
        self._action(file, "&New game...", self.new_game, QKeySequence.StandardKey.New)
        documents = lab.documents
        self._action(file, "&Open...", documents.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file.addMenu("Open &recent")
        documents.recent.changed.connect(self._refresh_recent)
        self._action(file, "&Save", documents.save, QKeySequence.StandardKey.Save)
        self._action(file, "Save &as...", documents.save_as, "Ctrl+Shift+S")
        export = functools.partial(open_export_dialog, lab, port, stage)
        self._action(file, "&Export...", export, "Ctrl+Shift+E")
        file.addSeparator()
        self._action(file, "&Quit", quit, QKeySequence.StandardKey.Quit)

    def _edit(self, edit: QMenu) -> None:
        lab, parts = self.lab, self.parts
        board = lab.board  # the board on show: a hand's verbs on it
        self.undo = self._action(edit, "&Undo", board.undo, "Ctrl+Z")
        self.redo = self._action(edit, "&Redo", board.redo, "Ctrl+Shift+Z")
        edit.addSeparator()
        self.finish = self._action(edit, "&Finish turn", board.finish, "Return")
        self.cancel = self._action(edit, "&Cancel turn", board.cancel, "Escape")
        self.setup = self._action(edit, "&Set-up mode", parts.setup_mode.toggle, "Ctrl+E")
        self.setup.setCheckable(True)
        parts.setup_mode.switched.connect(self.setup.setChecked)
        edit.addSeparator()
        self.hint = self._action(edit, "&Hint", lab.engine.ask_hint, "H")
        self.stop_engine = self._action(edit, "Sto&p thinking", lab.stop, "Ctrl+.")
        self.analyse = self._action(edit, "&Analyse", parts.analysis.analyse, "A")

    def _analysis(self, analysis: QMenu) -> QMenu:
        reviewer = self.parts.reviewer
        self.review = self._action(analysis, "&Review game", reviewer.review, "Ctrl+Shift+G")
        self.make_puzzle = self._action(analysis, "&Make a puzzle of this", reviewer.make_puzzle)
        return analysis

    def _game(self, game: QMenu) -> QMenu:
        desk = self.lab.puzzle_desk  # Verify and Solve mode: the lab's verbs
        self.verify = self._action(game, "&Verify puzzle", desk.verify, "Ctrl+Shift+V")
        self.solve = self._action(game, "S&olve puzzle", desk.toggle_solve, "Ctrl+Shift+P")
        self.solve.setCheckable(True)
        self.parts.puzzle.solving.connect(self.solve.setChecked)
        # the value of the position shown; a second time stops it
        self.solve_value = self._action(game, "Solve &position...", self.lab.value_solve.toggle)
        self.solve_cores = self._action(  # the answer Solve position keeps, changed
            game, "Cores for Solve position...", self.lab.value_solve.change_workers
        )
        game.addSeparator()
        self.reckoning = self._action(
            game, "Show the computer's &reckoning", self._show_reckoning
        )  # its win rate and line after each move: a spoiler, so the player's choice
        self.reckoning.setCheckable(True)
        self.reckoning.setChecked(bool(QSettings().value(RECKONING_KEY, False, type=bool)))
        self.lab.engine.show_reckoning = self.reckoning.isChecked()
        #: Per colour of the current game, a submenu "<Colour>: <who>" with the New game
        #: dialog's choices (Human, Computer (easy), ...) as exclusive actions, keyed by
        #: level (None: human).
        self.players: dict[str, dict[str | None, QAction]] = {}
        self.player_menus: dict[str, QMenu] = {}
        self._player_groups: list[QActionGroup] = []
        #: The New game dialog's last answer per game (colour -> level): its next default.
        self.last_players: dict[str, dict[str, str]] = {}
        return game

    def _view(self, view: QMenu, docks: Sequence[QDockWidget]) -> QMenu:
        stage = self.stage
        for name in VIEWS:
            camera = functools.partial(lambda n: stage.scene.set_camera(n), name)
            self._action(view, f"Camera: {name}", camera)
        self._action(view, "&Reset view", self.parts.commands.reset_view, "Ctrl+R")
        view.addSeparator()
        for dock in docks:
            view.addAction(dock.toggleViewAction())
        self.game_separator = view.addSeparator()
        self._game_dock_actions: list[QAction] = []
        return view

    def _lessons(self, lessons: QMenu) -> QMenu:
        lab = self.lab
        # Only the stepped lessons are listed (the old caption-only positions under
        # model/data/lessons/ repeat Partition's lessons 3, 4 and 10 and open as files).
        self.lesson_actions: list[tuple[QAction, Path, str]] = []
        for name in lesson_folders(LESSON_DIR):
            files = sorted((LESSON_DIR / name).glob(f"*{LESSON_SUFFIX}"))
            if files:  # a game's stepped lessons, in a submenu of their own
                sub = lessons.addMenu(titles(files[0])[0])
                for path in files:
                    title = titles(path)[1]
                    action = self._action(sub, title, functools.partial(lab.documents.open, path))
                    self.lesson_actions.append((action, path, title))
                sub.aboutToShow.connect(self.show_lesson_progress)
        lessons.addSeparator()
        # The teacher's own lessons: the user's lessons folder and the folders added, read
        # again each time the menu opens (a lesson just saved is there).
        self.user_lesson_menus: list[QMenu] = []
        self.user_lesson_actions: list[tuple[QAction, Path, str]] = []
        self.user_lesson_tasks: dict[Path, set[int]] = {}  # as read, off the GUI thread
        self.user_lessons_end = lessons.addSeparator()
        self.add_lessons_folder = self._action(
            lessons, "Add lessons folder...", self.ask_lessons_folder
        )
        self.reset_progress = self._action(
            lessons, "Reset progress of this lesson", lambda: lab.lessons.reset_progress()
        )
        lessons.addSeparator()
        self.new_lesson = self._action(
            lessons, "New lesson from this position (teacher)", self.parts.lessons.teach_new
        )
        # read off the GUI thread; the submenus are filled again when something changed
        self.lesson_shelf = ShelfReader(self.fill_user_lessons, lessons)
        lessons.aboutToShow.connect(self.show_user_lessons)
        return lessons

    def _help(self, help_menu: QMenu) -> None:
        commands = self.parts.commands
        self.rules = self._action(help_menu, "&Rules of the game", commands.show_rules)
        self.shortcuts = self._action(
            help_menu,
            "&Keyboard shortcuts",
            commands.show_shortcuts,
            QKeySequence.StandardKey.HelpContents,
        )
        help_menu.addSeparator()
        about = functools.partial(show_about, self.port.parent)
        self._action(help_menu, "&About Pyramid Lab", about)

    def _show_reckoning(self) -> None:
        on = self.reckoning.isChecked()
        self.lab.engine.show_reckoning = on
        QSettings().setValue(RECKONING_KEY, on)

    def _puzzles(self, menu: QMenu) -> QMenu:
        """The Puzzles menu: practice a collection (the shipped ones, any folder)."""
        practising = self.practising

        def practice(name: str) -> Callable[[], None]:
            def command() -> None:
                practising()  # the Practice dock, made on first use, shows what follows
                getattr(self.lab.practice, name)()

            return command

        self._action(menu, "&Open collection...", self.open_collection, "Ctrl+Shift+O")
        compose = functools.partial(open_compose_dialog, self.lab, self.port, practising)
        self.compose = self._action(menu, "&Compose...", compose)
        # the puzzles the user made (Review's "Make a puzzle of this", Compose), a
        # collection a game's folder and each composed set: names counted as it opens
        self.my_puzzles = QMenu("&My puzzles", menu)
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
            self._action(menu, f"{title} puzzles", opening)
        menu.addSeparator()
        next_unsolved = practice("next_unsolved")
        self.next_puzzle = self._action(menu, "&Next unsolved", next_unsolved, "Ctrl+Shift+N")
        self.puzzle_hint = self._action(menu, "Practice &hint", practice("hint"), "Shift+H")
        self.retry_puzzle = self._action(menu, "&Try again", practice("retry"), "Ctrl+Shift+R")
        menu.addSeparator()
        forget = practice("forget_ticks")
        self._action(menu, "&Forget the ticks of this collection", forget)
        return menu

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
            what = "made" if folder.parent == root else folder.name
            many = f"{count - 1}+" if count > MAX_COUNTED else str(count)
            text = f"{title}: {what} ({many} puzzle{'s' if count != 1 else ''})"
            action = self._action(sub, text, functools.partial(self.practise, folder))
            action.setToolTip(str(folder))
            self.my_puzzle_actions.append((action, folder))
        if not self.my_puzzle_actions:
            said = "(none yet: Review's Make a puzzle of this and Compose... put them here)"
            empty = QAction(said, sub)
            empty.setEnabled(False)
            sub.addAction(empty)

    def practising(self) -> PracticeActions:
        """Practice, made on first use (its dock gets its View menu entry then)."""
        practice = self.parts.commands.practising()
        if practice.dock.toggleViewAction() not in self.view_menu.actions():
            self.add_view_entry(practice.dock)
        return practice

    def practise(self, folder: Path) -> None:
        """Practise the collection ``folder`` (the dock is made on first use)."""
        self.practising().open_collection(folder)

    def open_collection(self) -> None:
        """Puzzles > Open collection...: a folder of puzzle files."""
        with self.lab.engine.held():
            folder = QFileDialog.getExistingDirectory(
                self.port.parent, "Open a puzzle collection (a folder)", str(PUZZLE_DIR)
            )
        if folder:
            self.practising().open_collection(folder)

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
                action.setText(f"{title}  ({done} of {len(tasks)} tasks)")
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
        menu = self.lessons_menu
        for sub in self.user_lesson_menus:
            menu.removeAction(sub.menuAction())
            sub.deleteLater()
        self.user_lesson_menus, self.user_lesson_actions = [], []
        self.user_lesson_tasks = {}
        own = lessons_folder()
        for folder in self.lesson_folders():
            name = "My lessons" if folder == own else f"Lessons in {folder.name or folder}"
            sub = QMenu(name, menu)
            sub.setToolTipsVisible(True)
            sub.menuAction().setToolTip(str(folder))
            menu.insertMenu(self.user_lessons_end, sub)
            self.user_lesson_menus.append(sub)
            found = self.lesson_shelf.entries(folder)
            if found is None:
                reading = QAction("(reading...)", sub)
                reading.setEnabled(False)
                sub.addAction(reading)
                continue
            for entry in found:
                if entry.problem is not None:
                    bad = QAction(shorten(f"\u26a0 {entry.path.name}: {entry.problem}", 80), sub)
                    bad.setToolTip(f"{entry.path}: {entry.problem}")
                    bad.setEnabled(False)
                    sub.addAction(bad)
                    continue
                opening = functools.partial(self.lab.documents.open, entry.path)
                action = self._action(sub, entry.title, opening)
                action.setToolTip(str(entry.path))
                self.user_lesson_actions.append((action, entry.path, entry.title))
                self.user_lesson_tasks[entry.path] = set(entry.tasks)
            if not found:
                said = "none yet: Save lesson... puts them here" if folder == own else "none"
                empty = QAction(f"({said})", sub)
                empty.setEnabled(False)
                sub.addAction(empty)
        self.show_lesson_progress()

    def ask_lessons_folder(self) -> None:
        """Lessons > Add lessons folder...: a folder of lesson files, remembered. The
        dialog opens in the user's lessons folder, made first if missing."""
        problem = make_folder(lessons_folder())
        if problem is not None:
            self.lab.bulletin.say(f"Lessons: {shorten(problem, 200)}")
        with self.lab.engine.held():
            folder = QFileDialog.getExistingDirectory(
                self.port.parent, "Add a folder of lessons", str(lessons_folder())
            )
        if folder:
            self.add_folder(folder)

    def add_folder(self, folder: str | Path) -> None:
        """``folder``'s lessons listed in the Lessons menu from now on (QSettings)."""
        path = Path(folder)
        if not path.is_dir():
            self.lab.bulletin.say(f"Not a folder: {shorten(str(path), 120)}")
            return
        added = _added_folders()
        if str(path) not in added and path != lessons_folder():
            QSettings().setValue(LESSON_FOLDERS_KEY, [*added, str(path)])

        def say() -> None:  # once the folder is read, off the GUI thread
            count = sum(1 for e in self.lesson_shelf.entries(path) or () if e.problem is None)
            self.lab.bulletin.say(
                f"Lessons menu: {count} lesson{'s' if count != 1 else ''} in "
                f"{shorten(str(path), 120)}"
            )

        self.fill_user_lessons()
        self.lesson_shelf.refresh(self.lesson_folders(), say)

    def _action(
        self,
        menu: QMenu,
        text: str,
        handler: Callable[[], Any],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self.port.parent)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        report = self.lab.bulletin.say
        action.triggered.connect(lambda _checked=False: guarded(handler, report, text))
        menu.addAction(action)
        return action

    def computer_players(self, players: tuple[str, ...] | list[str]) -> None:
        """A submenu per player of the current game: Human or Computer at a level (one
        menu per colour, as in the New game dialog, so two computers of different levels
        show as they are)."""
        engine = self.lab.engine
        engine.keep_players(players)  # colours of another game are forgotten
        for menu in self.player_menus.values():
            self.game_menu.removeAction(menu.menuAction())
            menu.deleteLater()
        for group in self._player_groups:
            for action in group.actions():
                action.deleteLater()
            group.deleteLater()
        self.players, self.player_menus, self._player_groups = {}, {}, []
        for colour in players:
            menu = self.game_menu.addMenu(colour)
            group = QActionGroup(self.port.parent)  # exclusive: one choice per colour
            actions: dict[str | None, QAction] = {}
            for text, level in player_choices(search.levels_for(self.lab.game)):
                choose = functools.partial(engine.set_player, colour, level)
                action = self._action(menu, text, choose)
                action.setCheckable(True)
                group.addAction(action)
                actions[level] = action
            self.players[colour] = actions
            self.player_menus[colour] = menu
            self._player_groups.append(group)
        self.show_players()

    def show_players(self) -> None:
        """The Game menu follows the engine's players (menu titles say who plays)."""
        computer = self.lab.engine.computer
        for colour, actions in self.players.items():
            level = computer.get(colour)
            if level in actions:  # (a new game's levels come before its menus)
                actions[level].setChecked(True)
            self.player_menus[colour].setTitle(f"{colour.capitalize()}: {choice_text(level)}")

    def follow_history(self) -> None:
        """Undo, Redo, Finish and Cancel turn follow the position (set-up mode has a
        history of its own and no turn; a turn half built is what Undo takes back first)."""
        lab = self.lab
        setup, turn = lab.board.setup, lab.board.turn
        history = setup if setup is not None else lab.session
        self.undo.setEnabled(history.can_undo or (setup is None and turn.building))
        self.redo.setEnabled(history.can_redo)
        self.finish.setEnabled(setup is None and turn.can_finish)
        self.cancel.setEnabled(setup is None and turn.building)

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

    def new_game(self) -> None:
        """The New game dialog: a game, its options and who plays each side (last time's
        players for each game as the default; the current game's as they are now)."""
        lab, port = self.lab, self.port
        current = lab.session.game
        remembered = {**self.last_players, current.name: dict(lab.engine.computer)}
        rules = {current.name: current.options.to_json()}  # Ok again: the same rules
        dialog = NewGameDialog(port.parent, current.name, players=remembered, rules=rules)
        with lab.engine.held():  # no move behind the dialog; after it, the game on show
            if not dialog.exec():
                return
            try:
                game = dialog.new_game()
            except PositionFormatError as exc:
                port.show_message("Cannot start this game", str(exc))
                return
            if lab.documents.confirm_discard("start a new game"):
                computer = dialog.computer_players()
                self.last_players[game.name] = dict(computer)
                lab.engine.choose_players(computer)
                lab.session.replace_game(game)

    # ---- files (viewer.lab.documents does the work) ------------------------------------------

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.lab.documents.recent.paths()
        for path in recent:
            self._action(self.recent_menu, path, functools.partial(self.lab.documents.open, path))
        self.recent_menu.setEnabled(bool(recent))


def _added_folders() -> list[str]:
    """The folders of lessons added (QSettings; anything else there is ignored)."""
    raw = QSettings().value(LESSON_FOLDERS_KEY, [])
    entries = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
    return [e for e in entries if isinstance(e, str) and e]
