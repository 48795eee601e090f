"""A seeded GUI monkey: random actions on one window as a restless user would make them,
in all five games: clicks and hovers on the scene, shortcuts, menu actions, the View dock,
set-up mode, the move list and its variations (a line deleted now and then), undo/redo,
the Corners dock and Fill at random, each game's own way on (Pyramid Ball's Program docks:
the hand-over, programs entered with the buttons, typed or from the hint, Program in, the
special move; its Turn dock's rows; Rolling Pyramids' Turn dock: the seat, dice, choices,
Done), any shown dock's buttons, boxes, lists and fields (puzzle, lesson, analysis), the
computer on and off for a side, Hint, Analyse and Stop, File > Export answered to a
temporary folder, and files and new games of every registered game in odd orders. Any
exception that reaches the window's error guard (viewer.widgets.slots.guarded), sys.excepthook or
(with :func:`watch_workers`) a worker thread fails the run, with the seed and the last
actions.

Modal dialogs never block it: the unsaved-changes question answers Discard or Cancel at
random, message boxes, context menus and file dialogs return at once, the New game dialog
is answered without exec. Files are copies under a temporary folder, so Save never touches
the repository. The test is ``test_monkey.py``; ``tests/bench/gui_monkey.py`` runs it
long, by hand.
"""

from __future__ import annotations

import random
import shutil
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from caption_lessons import caption_lessons

from tests.patience import WAIT_MS

ROOT = Path(__file__).resolve().parents[2]
#: The longest message a window's status line may show for bad input (a value quoted is
#: cut to 200 characters, a reason to 400).
MAX_LINE = 700
EXAMPLE_DIRS = (
    "partition",
    "pyraos",
    "terrace",
    "ball",
    "rolling",
    "puzzles/partition",
    "puzzles/pyraos",
    "puzzles/terrace",
)
#: Texts typed into a dock's line edits (programs, solutions, titles): good and bad ones.
TYPED = (
    "S,F,S/S,F,S/S,>L,S",
    "L,S,S/S,S,S/S,S,S",
    "F,F,F/F,F,F/F,F,F",
    "S,S,S/S,S,S/S,S,S",
    "S,F",
    "X,Y,Z/",
    ",,,/,,/",
    "",
    "   ",
    "a1",
    "1. a1 2. b2",
    "pass",
    "nonsense text \u00e9\u2603",
    "9" * 200,
)

#: What a teacher types into the step editor: good values of each game and bad ones.
TEACHER_TEXTS: dict[str, tuple[str, ...]] = {
    "overlays": ('{"walls": true}', '{"corners": true}', "{}", "{nope", '{"x": 1}', "[]"),
    "highlights": ("SW", "SW; AP", "0,0,0", "a1", "nowhere", "", "9" * 300),
    "rule": (
        '{"holds": "SW", "by": "red"}',
        '{"held_by": "red"}',
        '{"win": "red"}',
        '{"side": "red", "within": 1}',
        '{"side": "white", "within": 2}',
        "",
        "{bad",
        '"text"',
        "[1, 2]",
    ),
}


def example_copies(folder: Path) -> list[Path]:
    """Copies of the example files under ``folder`` (lessons in ``folder/lessons``), a
    malformed file and a path that does not exist."""
    out = []
    for name in EXAMPLE_DIRS:
        target = folder / name
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted((ROOT / "examples" / name).glob("*.pyr.json")):
            out.append(Path(shutil.copy(path, target / path.name)))
    lessons = ROOT / "model" / "data" / "lessons"  # the stepped lessons, a folder a game
    for path in sorted(lessons.glob("*/*.lesson.json")):
        target = folder / "lessons" / path.parent.name
        target.mkdir(parents=True, exist_ok=True)
        out.append(Path(shutil.copy(path, target / path.name)))
    if (lessons / "order.json").is_file():
        shutil.copy(lessons / "order.json", folder / "lessons" / "order.json")
    old = folder / "old-captions"  # a teacher's old caption-only lessons: they still open
    old.mkdir(parents=True, exist_ok=True)
    out += caption_lessons(old)
    bad = folder / "malformed.pyr.json"
    bad.write_text('{"format": "pyramid-lab/1", "game": "partition", "pieces": [[9, 9, 9, "')
    return [*out, bad, folder / "gone.pyr.json"]


def hostile_collections(folder: Path) -> list[Path]:
    """Puzzle collections an attacker or a clumsy user would open with Puzzles > Open
    collection: ``collection.json`` nested 100,000 deep, a title holding a lone surrogate,
    a difficulty of 5,000 digits, an index naming a file that is not there, a garbled
    puzzle file, a folder name of 5,000 characters (not there), a file for a folder."""
    import json

    good = ROOT / "model" / "data" / "puzzles" / "partition" / "floating-3-win-in-1-a.pyr.json"
    raw = json.loads(good.read_text(encoding="utf-8"))
    made: dict[str, dict[str, str]] = {
        "deep": {"collection.json": "[" * 100_000 + "]" * 100_000},
        "surrogate": {"a.pyr.json": _with_puzzle(raw, title="\ud800 half a character")},
        "digits": {"a.pyr.json": _with_puzzle(raw, difficulty="9" * 5000 + " playouts")},
        "missing": {
            "collection.json": json.dumps(
                {
                    "format": "pyramid-lab-collection/1",
                    "puzzles": [{"file": "gone.pyr.json", "difficulty": 8}],
                }
            )
        },
        "garbled": {"a.pyr.json": '{"format": "pyramid-lab/1", "game": "partition", \x00\udcff'},
    }
    out = []
    for name, contents in made.items():
        target = folder / f"hostile-{name}"
        target.mkdir(parents=True, exist_ok=True)
        for file_name, text in contents.items():
            (target / file_name).write_text(text, encoding="utf-8", errors="surrogatepass")
        out.append(target)
    out.append(folder / ("d" * 5000))
    out.append(Path(shutil.copy(good, folder / "not-a-folder.pyr.json")))
    return out


def _with_puzzle(raw: dict[str, Any], **changes: str) -> str:
    import json

    doc = {**raw, "puzzle": {**raw["puzzle"], **changes}}
    return json.dumps(doc, ensure_ascii=True)  # (a lone surrogate as its JSON escape)


def patch_modals(rng: random.Random, setattr_: Callable[[Any, str, Any], None]) -> None:
    """Answer every modal question at once (``setattr_``: monkeypatch.setattr or a
    plain setattr for the bench)."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from pyramid_lab.viewer.widgets import new_game, unsaved

    def ask_unsaved(*_args: Any, **_kwargs: Any) -> str:
        return rng.choice([unsaved.DISCARD, unsaved.CANCEL])  # never Save to a dialog

    setattr_(unsaved, "ask_unsaved", ask_unsaved)
    setattr_(unsaved, "ask_go_on", lambda *_a, **_k: rng.choice([True, False]))
    if hasattr(unsaved, "ask_recover"):
        setattr_(unsaved, "ask_recover", lambda *_a, **_k: unsaved.LATER)
    buttons = QMessageBox.StandardButton
    for name in ("warning", "critical", "information"):
        setattr_(QMessageBox, name, staticmethod(lambda *_a, **_k: buttons.Ok))
    setattr_(
        QMessageBox,
        "question",
        staticmethod(lambda *_a, **_k: rng.choice([buttons.Yes, buttons.No])),
    )
    setattr_(QMessageBox, "exec", lambda _self: buttons.Cancel)
    setattr_(QMessageBox, "about", staticmethod(lambda *_a, **_k: None))
    from pyramid_lab.viewer.widgets import help as help_widgets

    setattr_(help_widgets.ShortcutsDialog, "exec", lambda self: len(self.rows()) and 0)
    setattr_(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: ("", "")))
    setattr_(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: ("", "")))
    # Puzzles > Open collection: cancelled, or a folder that is not there (its message)
    setattr_(
        QFileDialog,
        "getExistingDirectory",
        staticmethod(lambda *_a, **_k: rng.choice(["", "/nonexistent/puzzles"])),
    )
    from PySide6.QtWidgets import QInputDialog, QMenu

    setattr_(QMenu, "exec", lambda *_a, **_k: None)  # a context menu never blocks
    # Solve position's question of worker processes: one (the single search), or Cancel
    setattr_(QInputDialog, "getInt", staticmethod(lambda *_a, **_k: (1, rng.random() < 0.7)))
    setattr_(QInputDialog, "getItem", staticmethod(lambda *_a, **_k: ("", False)))
    setattr_(QInputDialog, "getText", staticmethod(lambda *_a, **_k: ("", False)))

    def answer_new_game(dialog: Any) -> int:
        """The New game dialog, answered without exec: a random game and options, and now
        and then a side for the computer."""
        from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

        if rng.random() < 0.2:
            return 0  # Cancel
        dialog.game.setCurrentIndex(rng.randrange(dialog.game.count()))
        for widget in dialog.fields[dialog.game.currentData()].values():
            if isinstance(widget, QSpinBox):
                widget.setValue(rng.randint(widget.minimum(), min(widget.maximum(), 6)))
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(rng.randrange(widget.count()))
            elif isinstance(widget, QCheckBox):
                widget.setChecked(rng.random() < 0.5)
        for combo in getattr(dialog, "sides", {}).get(dialog.game.currentData(), {}).values():
            if rng.random() < 0.2:  # now and then a side for the computer (quick: easy)
                combo.setCurrentIndex(rng.choice([0, 1]))  # Human, Computer (easy)
        return 1

    setattr_(new_game.NewGameDialog, "exec", answer_new_game)


class Monkey:
    """Random actions on ``window``, drawn from ``rng``; ``errors`` collects what reached
    the guard or the excepthook (as (exception, where))."""

    #: closing the window ends the run, not a crash; the whole-game table's build is the
    #: base-4 pyramid's in a window of the game (6.8 GB of memory, an hour: its own tests
    #: build the base-3 one's, tests/viewer/test_table_build_window.py)
    SKIP_ACTIONS = ("&Quit", "Build the whole-game &table")
    SKIP_BUTTONS = ("build-table",)  # (object names: the Analysis dock's Build)

    def __init__(self, window: Any, rng: random.Random, files: list[Path], qtbot: Any) -> None:
        self.window = window
        self.rng = rng
        self.files = files
        self.qtbot = qtbot
        self.log: list[str] = []
        self.tried = 0
        self.counts: dict[str, int] = {}  # actions tried, by kind
        self.seconds: dict[str, float] = {}  # their time, by kind
        self.cpu: dict[str, float] = {}  # the GUI thread's processor time, by kind
        self.failed_at: list[tuple[int, list[str]]] = []  # action number, the actions before
        self.actions: list[tuple[float, Callable[[], None]]] = [
            (14, self.click_site),
            (4, self.click_anywhere),
            (8, self.hover),
            (2, self.leave),
            (7, self.key),
            (8, self.menu_action),
            (2, self.open_file),
            (2, self.new_game),
            (8, self.view_dock),
            (6, self.setup_mode),
            (5, self.history),
            (4, self.move_list),
            (5, self.corners),
            (2, self.fill),
            (3, self.wait),
            (10, self.dock_widget),
            (3, self.typed),
            (3, self.random_move),
            (30, self.play_on),
            (3, self.variation),
            (2, self.delete_line),
            (3, self.computer),
            (2, self.analysis),
            (2, self.review),
            (1, self.export),
            (1, self.new_of_each),
            (4, self.teacher),
            (1, self.hostile_collection),
        ]
        self.export_folder: Path | None = None  # where Export writes (set by the caller)
        #: Puzzles > Open collection's hostile folders (hostile_collections; the caller's)
        self.hostile: list[Path] = []
        #: the suite's runs: no strong level from the menus, and the computer's and the
        #: analysis' searches mostly stopped after their short wait (a search in Python
        #: left running takes the interpreter from the window's thread for seconds)
        self.quick = False
        #: how often the watchdog looks for a modal dialog the monkey did not answer
        self.watchdog_ms = 3000

    # ---- running ----------------------------------------------------------------------

    def run(self, count: int, errors: list[Any], *, stop: bool = True) -> None:
        """``count`` random actions; with ``stop``, none after the first error."""
        from PySide6.QtCore import QTimer

        weights = [w for w, _ in self.actions]
        blocked: list[str] = []
        # a modal dialog nobody answers would hang the run
        watchdog = QTimer(interval=self.watchdog_ms)
        watchdog.timeout.connect(lambda: self._close_modal(blocked))
        watchdog.start()
        try:
            self._run(count, errors, stop, weights, blocked)
        finally:
            watchdog.stop()

    def _close_modal(self, blocked: list[str]) -> None:
        """A modal dialog open when the watchdog ticks: the monkey did not answer it (a
        dialog new to it). Close it and count it as a failure. Not Export's progress
        dialog: it shows once an export takes 300 ms (on a loaded machine), keeps the
        events going, and closes itself when the export ends."""
        from PySide6.QtWidgets import QApplication, QDialog, QProgressDialog

        modal = QApplication.activeModalWidget()
        if modal is None or isinstance(modal, QProgressDialog):
            return
        blocked.append(f"{type(modal).__name__} {modal.windowTitle()!r}")
        if isinstance(modal, QDialog):
            modal.reject()
        else:
            modal.close()

    def _run(
        self, count: int, errors: list[Any], stop: bool, weights: list[float], blocked: list[str]
    ) -> None:
        for _ in range(count):
            _, action = self.rng.choices(self.actions, weights)[0]
            self.tried += 1
            self.counts[action.__name__] = self.counts.get(action.__name__, 0) + 1
            before = len(errors)
            clock, cpu = time.perf_counter(), time.thread_time()
            try:
                action()
            except Exception as exc:  # the monkey's own driving code (or a raised slot)
                errors.append((exc, f"{action.__name__}: {traceback.format_exc()}"))
            while blocked:
                what = blocked.pop()
                errors.append((RuntimeError(f"a modal dialog blocked: {what}"), action.__name__))
            spent = time.perf_counter() - clock
            self.seconds[action.__name__] = self.seconds.get(action.__name__, 0.0) + spent
            spent = time.thread_time() - cpu
            self.cpu[action.__name__] = self.cpu.get(action.__name__, 0.0) + spent
            try:
                self.check()
            except AssertionError as exc:
                errors.append((exc, f"check after {self.log[-1] if self.log else action}"))
            if len(errors) > before:
                self.failed_at.append((self.tried, list(self.log[-12:])))
                if stop:
                    return

    def note(self, text: str) -> None:
        self.log.append(text)

    def check(self) -> None:
        """What must hold between any two actions."""
        window = self.window
        hover = window.view.hover
        assert hover is None or 0 <= hover < window.stage.board.geometry.count, hover
        assert (window.board.setup is not None) == window.menus.actions["setup"].isChecked()
        assert window.board.ui.game_name == window.session.game.name  # the docks follow the game

    # ---- the scene --------------------------------------------------------------------

    def _scene_pos(self, site: int | None = None) -> Any:
        from PySide6.QtCore import QPoint

        plotter = self.window.plotter
        if site is None:
            return QPoint(self.rng.randrange(plotter.width()), self.rng.randrange(plotter.height()))
        x, y = self.window.stage.board.display_position(site)
        ratio = plotter.devicePixelRatioF()
        jitter = self.rng.randint(-3, 3)
        return QPoint(round(x / ratio) + jitter, round(plotter.height() - 1 - y / ratio))

    def _random_site(self) -> int:
        import numpy as np

        shown = np.flatnonzero(self.window.stage.board.shown)
        if len(shown) == 0:
            return self.rng.randrange(self.window.stage.board.geometry.count)
        return int(self.rng.choice(list(shown)))

    def click_site(self) -> None:
        from PySide6.QtCore import Qt

        site = self._random_site()
        self.note(f"click site {site}")
        self.qtbot.mouseClick(
            self.window.plotter, Qt.MouseButton.LeftButton, pos=self._scene_pos(site)
        )

    def click_anywhere(self) -> None:
        from PySide6.QtCore import Qt

        pos = self._scene_pos()
        self.note(f"click at {pos.x()},{pos.y()}")
        self.qtbot.mouseClick(self.window.plotter, Qt.MouseButton.LeftButton, pos=pos)

    def hover(self) -> None:
        site = self._random_site() if self.rng.random() < 0.7 else None
        self.note(f"hover {site}")
        self.qtbot.mouseMove(self.window.plotter, self._scene_pos(site))

    def leave(self) -> None:
        from PySide6.QtCore import QPoint

        self.note("mouse off the scene")
        self.qtbot.mouseMove(self.window.parts.view_dock, QPoint(20, 20))

    # ---- keys, menus, files -----------------------------------------------------------

    KEYS = (
        ("Ctrl+Z", "Z", ("Control",)),
        ("Ctrl+Shift+Z", "Z", ("Control", "Shift")),
        ("Return", "Return", ()),
        ("Escape", "Escape", ()),
        ("Ctrl+E", "E", ("Control",)),
        ("Ctrl+R", "R", ("Control",)),
    )

    def key(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication

        name, key, mods = self.rng.choice(self.KEYS)
        modifiers = Qt.KeyboardModifier.NoModifier
        for mod in mods:
            modifiers |= getattr(Qt.KeyboardModifier, f"{mod}Modifier")
        focus = QApplication.focusWidget()
        target = focus if focus is not None and focus.window() is self.window else self.window
        self.note(f"key {name} in {type(target).__name__}")
        self.qtbot.keyClick(target, getattr(Qt.Key, f"Key_{key}"), modifiers)

    def _menu_actions(self) -> list[Any]:
        out = []
        for menu_action in self.window.menuBar().actions():
            menu = menu_action.menu()
            if menu is None:
                continue
            stack = [menu]
            while stack:
                current = stack.pop()
                for action in current.actions():
                    if action.menu() is not None:
                        stack.append(action.menu())
                    elif not action.isSeparator() and action.text() not in self.SKIP_ACTIONS:
                        out.append(action)
        return out

    def menu_action(self) -> None:
        actions = [a for a in self._menu_actions() if a.isEnabled()]
        if self.quick:
            actions = [a for a in actions if "(strong)" not in a.text()]
        action = self.rng.choice(actions)
        self.note(f"menu {action.text()!r}")
        action.trigger()

    def open_file(self) -> None:
        path = self.rng.choice(self.files)
        self.note(f"open {path.parent.name}/{path.name}")
        self.window.lab.documents.open(path)

    def new_game(self) -> None:
        action = next(a for a in self._menu_actions() if a.text() == "&New game...")
        self.note("New game")
        action.trigger()

    # ---- docks ------------------------------------------------------------------------

    def view_dock(self) -> None:
        dock = self.window.parts.view_dock
        rng = self.rng
        what = rng.choice(["levels", "peel", "ghosts", "clip", "flip", "slider", "cut", "plane"])
        self.note(f"view dock {what}")
        if what == "levels":
            box = rng.choice([dock.level_lo, dock.level_hi])
            box.setValue(rng.randint(box.minimum(), box.maximum()))
        elif what == "peel":
            dock.peel.setValue(rng.randint(0, dock.peel.maximum()))
        elif what == "ghosts":
            dock.ghosts.toggle()
        elif what == "clip":
            rng.choice(dock.clip_on).toggle()
        elif what == "flip":
            rng.choice(dock.clip_flip).toggle()
        elif what == "slider":
            slider = rng.choice(dock.clip_slider)
            slider.setValue(rng.randint(slider.minimum(), slider.maximum()))
        elif what == "cut":
            if dock.cut_open.isEnabled():
                dock.cut_open.toggle()
        elif rng.random() < 0.5:  # the free plane: rarely, it is a heavy widget
            dock.free_plane.toggle()

    def setup_mode(self) -> None:
        window = self.window
        rng = self.rng
        setup = window.parts.setup_dock
        if window.board.setup is None:
            self.note("set-up: enter")
            window.menus.actions["setup"].trigger()
            return
        what = rng.choice(
            [
                "paint",
                "paint",
                "paint",
                "brush",
                "to_move",
                "study",
                "clear",
                "apply",
                "cancel",
                "apply",
                "cancel",
                "undo",
            ]
        )
        self.note(f"set-up: {what}")
        if what == "paint":
            self.click_site()
        elif what == "brush":
            buttons = [b for b in setup.brush_buttons if b.isVisible()]
            if buttons:
                rng.choice(buttons).setChecked(True)
        elif what == "to_move":
            if setup.to_move.count():
                setup.to_move.setCurrentIndex(rng.randrange(setup.to_move.count()))
        elif what == "study":
            setup.study.toggle()
        elif what == "undo":
            window.menus.actions["undo"].trigger()
        else:
            getattr(setup, what).click()

    def history(self) -> None:
        actions = self.window.menus.actions
        action = self.rng.choice([actions["undo"], actions["redo"]])
        self.note(f"history {action.text()!r}")
        action.trigger()

    def move_list(self) -> None:
        tree = self.window.parts.moves_dock.tree
        items = []
        for index in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(index)
            items.append(item)
            items.extend(item.child(c) for c in range(item.childCount()))
        if not items:
            return
        item = self.rng.choice(items)
        self.note(f"move list {item.text(0)!r}")
        tree.setCurrentItem(item)

    def _corner_dock(self) -> Any:
        dock = getattr(self.window.board.ui, "corner_dock", None)
        return dock if dock is not None and dock.isVisible() else None

    def corners(self) -> None:
        from PySide6.QtCore import Qt

        dock = self._corner_dock()
        if dock is None:
            return
        rng = self.rng
        what = rng.choice(["row", "row", "row", "walls", "corners", "groups", "seed", "close"])
        self.note(f"corners {what}")
        if what == "row":
            table = dock.table
            rect = table.visualItemRect(table.item(rng.randrange(table.rowCount()), 0))
            self.qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        elif what == "seed":
            dock.seed.setValue(rng.randrange(1000))
        elif what == "close":
            if rng.random() < 0.3:
                dock.close()  # the View menu brings it back
        else:
            getattr(dock, what).toggle()

    def fill(self) -> None:
        from PySide6.QtCore import Qt

        dock = self._corner_dock()
        if dock is None or not dock.fill.isEnabled():
            return
        self.note("Fill at random")
        self.qtbot.mouseClick(dock.fill, Qt.MouseButton.LeftButton)

    # ---- the docks of every game, the engine, export -----------------------------------

    def _dock_widgets(self) -> list[Any]:
        """The widgets a user can work in the shown docks (not the View dock's, which
        :meth:`view_dock` works, nor the move list's, :meth:`move_list`)."""
        from PySide6.QtWidgets import (
            QAbstractButton,
            QAbstractSlider,
            QComboBox,
            QDockWidget,
            QLineEdit,
            QListWidget,
            QPlainTextEdit,
            QSpinBox,
            QTabWidget,
            QWidget,
        )

        kinds = (
            QAbstractButton,
            QAbstractSlider,
            QComboBox,
            QLineEdit,
            QListWidget,
            QPlainTextEdit,
            QSpinBox,
            QTabWidget,
        )
        window = self.window
        skip = (window.parts.view_dock, window.parts.moves_dock)
        out = []
        for dock in window.findChildren(QDockWidget):
            if dock in skip or not dock.isVisible():
                continue
            for widget in dock.findChildren(QWidget):
                if not isinstance(widget, kinds):
                    continue
                if not (widget.isVisible() and widget.isEnabled()):
                    continue
                if isinstance(widget, QLineEdit) and widget.isReadOnly():
                    continue
                if widget.parent() is not None and isinstance(widget.parent(), QSpinBox):
                    continue  # a spin box's own line edit
                if widget.objectName().startswith("qt_dockwidget_"):
                    continue  # a dock's own close and float buttons: the View menu's
                if widget.objectName() in self.SKIP_BUTTONS:
                    continue
                out.append(widget)
        return out

    def dock_widget(self) -> None:
        """A button, box, list or field of a shown dock of the game at hand (the Program
        and Turn docks of Pyramid Ball, Rolling Pyramids' Turn dock with its dice, seat
        and choices, the puzzle, lesson, analysis and Corners docks)."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import (
            QAbstractButton,
            QAbstractSlider,
            QComboBox,
            QLineEdit,
            QListWidget,
            QPlainTextEdit,
            QSpinBox,
            QTabWidget,
        )

        widgets = self._dock_widgets()
        if not widgets:
            return
        rng = self.rng
        widget = rng.choice(widgets)
        name = f"{type(widget).__name__} {_widget_text(widget)!r}"
        if isinstance(widget, QAbstractButton):
            self.note(f"dock: click {name}")
            widget.click()
        elif isinstance(widget, QComboBox):
            if widget.count():
                index = rng.randrange(widget.count())
                self.note(f"dock: {name} -> {widget.itemText(index)!r}")
                widget.setCurrentIndex(index)
                widget.activated.emit(index)
        elif isinstance(widget, QSpinBox):
            value = rng.randint(widget.minimum(), min(widget.maximum(), widget.minimum() + 12))
            self.note(f"dock: {name} = {value}")
            widget.setValue(value)
        elif isinstance(widget, QAbstractSlider):
            value = rng.randint(widget.minimum(), widget.maximum())
            self.note(f"dock: {name} = {value}")
            widget.setValue(value)
        elif isinstance(widget, QLineEdit):
            self._type_into(widget)
        elif isinstance(widget, QPlainTextEdit):
            text = rng.choice(TYPED)
            self.note(f"dock: {name} <- {text[:30]!r}")
            widget.setPlainText(text)
        elif isinstance(widget, QListWidget):
            if widget.count():
                item = widget.item(rng.randrange(widget.count()))
                self.note(f"dock: {name} item {item.text()[:40]!r}")
                widget.scrollToItem(item)
                rect = widget.visualItemRect(item)
                self.qtbot.mouseClick(
                    widget.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
                )
        elif isinstance(widget, QTabWidget) and widget.count():
            index = rng.randrange(widget.count())
            self.note(f"dock: {name} tab {index}")
            widget.setCurrentIndex(index)

    def _type_into(self, widget: Any) -> None:
        rng = self.rng
        text = rng.choice(TYPED)
        how = rng.choice(["return", "return", "finished", "none"])
        self.note(f"type {text[:30]!r} into {type(widget).__name__} ({how})")
        widget.setFocus()
        widget.setText(text)
        if how == "return":
            widget.returnPressed.emit()
        elif how == "finished":
            widget.editingFinished.emit()

    def typed(self) -> None:
        """A text typed into a dock's field (a Program dock's program, a puzzle's
        solution), then Return, and now and then the dock's main button."""
        from PySide6.QtWidgets import QLineEdit

        fields = [w for w in self._dock_widgets() if isinstance(w, QLineEdit)]
        if not fields:
            return
        field = self.rng.choice(fields)
        self._type_into(field)
        if self.rng.random() < 0.4:
            for dock in getattr(self.window.board.ui, "program_docks", ()):
                if dock.isVisible() and dock.editing and dock.editor.submit.isEnabled():
                    self.note(f"submit {dock.editor.submit.text()!r}")
                    dock.editor.submit.click()
                    break

    def random_move(self) -> None:
        """A legal move of the side to move, as if clicked or chosen (not in set-up)."""
        window = self.window
        game = window.session.game
        if window.board.setup is not None or game.is_over() or game.current_player() < 0:
            return
        moves = game.legal_moves()
        if not moves:
            return
        move = self.rng.choice(moves)
        self.note(f"play {move}")
        window.board.play(move)

    def play_on(self) -> None:
        """The game's own way on, as its player would take it: Pyramid Ball's Program
        docks (the hand-over, a program entered with the buttons, typed or from the hint,
        then Program in; a special move chosen), its Turn dock's rows; Rolling Pyramids'
        Turn dock (the seat, a die, a choice, Done); elsewhere a legal move."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QAbstractButton

        ui = self.window.board.ui
        rng = self.rng
        if self.window.board.setup is not None:  # on with the game: out of set-up first
            what = rng.choice(["apply", "cancel"])
            self.note(f"set-up: {what}")
            getattr(self.window.parts.setup_dock, what).click()
            return
        docks = [d for d in getattr(ui, "program_docks", ()) if d.isVisible()]
        if docks:  # Pyramid Ball
            rng.shuffle(docks)
            for dock in docks:
                if dock.hand_over.isVisible():
                    self.note(f"program dock: {dock.hand_over.text()!r}")
                    dock.hand_over.click()
                    return
                if dock.choosing:
                    buttons = [
                        b
                        for b in dock.choice_page.findChildren(QAbstractButton)
                        if b.isVisible() and b.isEnabled()
                    ]
                    if buttons:
                        button = rng.choice(buttons)
                        self.note(f"program dock: choose {button.text()!r}")
                        button.click()
                        return
                if dock.editing:
                    editor = dock.editor
                    how = rng.choice(["buttons", "buttons", "typed", "hint"])
                    self.note(f"program dock: a program by {how}")
                    if how == "buttons":
                        for row, groups in enumerate(editor.groups):
                            for k, group in enumerate(groups):
                                if group is not None and rng.random() < 0.4:
                                    rng.choice(group.buttons()).click()
                                    self.note(f"  entry {row} {k}")
                        if editor.pass_box.count() and rng.random() < 0.3:
                            editor.pass_box.setCurrentIndex(rng.randrange(editor.pass_box.count()))
                    elif how == "typed":
                        self._type_into(editor.text)
                    elif editor.use_hint.isEnabled():
                        editor.use_hint.click()
                    if editor.submit.isEnabled() and rng.random() < 0.8:
                        self.note(f"program dock: {editor.submit.text()!r}")
                        editor.submit.click()
                    return
        turn = getattr(ui, "turn_dock", None)
        ball_rows = turn is not None and turn.isVisible() and hasattr(turn, "forward")
        if ball_rows and rng.random() < 0.3:  # Pyramid Ball's rows of the last turn
            button = rng.choice([turn.first, turn.back, turn.forward, turn.last])
            if button.isEnabled():
                self.note(f"ball turn dock {button.text()!r}")
                button.click()
            return
        rolling = getattr(getattr(ui, "_docks", None), "turn", None)
        if rolling is not None and rolling.isVisible():  # Rolling Pyramids
            if rolling.seat.isVisible():
                self.note(f"rolling: {rolling.seat.text()!r}")
                rolling.seat.click()
                return
            what = rng.choice(["choice", "choice", "choice", "die", "done"])
            dice = [b for b in rolling.dice if b.isVisible() and b.isEnabled()]
            if what == "die" and dice:
                die = rng.choice(dice)
                self.note(f"rolling: die {die.text()!r}")
                die.click()
            elif what == "done" and rolling.done.isEnabled():
                self.note("rolling: Done")
                rolling.done.click()
            elif rolling.choices.count():
                item = rolling.choices.item(rng.randrange(rolling.choices.count()))
                self.note(f"rolling: choice {item.text()[:40]!r}")
                rolling.choices.scrollToItem(item)
                rect = rolling.choices.visualItemRect(item)
                self.qtbot.mouseClick(
                    rolling.choices.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
                )
            return
        self.random_move()

    def variation(self) -> None:
        """Back a move or two, then another move: a variation in the move list."""
        for _ in range(self.rng.randint(1, 3)):
            self.note("variation: undo")
            self.window.menus.actions["undo"].trigger()
        for _ in range(self.rng.randint(1, 2)):
            self.random_move()

    def delete_line(self) -> None:
        """A side line of the move list deleted (the question answered Yes or No)."""
        dock = self.window.parts.moves_dock
        tree = dock.tree
        lines = []
        for index in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(index)
            lines.extend(item.child(c) for c in range(item.childCount()))
        if not lines:
            return
        item = self.rng.choice(lines)
        self.note(f"delete line {item.text(0)!r}")
        dock.ask_delete(dock.node_of(item))

    def computer(self) -> None:
        """The computer on for a side (a level of the game), a short wait while it
        thinks or plays, then now and then off again or stopped."""
        from pyramid_lab.model.search import levels_for

        window = self.window
        engine = window.lab.engine
        rng = self.rng
        game = window.session.game
        what = rng.choice(["on", "on", "off", "stop", "hint"])
        if what == "on" and game.players:
            colour = rng.choice(list(game.players))
            levels = list(levels_for(game))
            level = levels[0] if rng.random() < 0.8 else rng.choice(levels[:2])
            self.note(f"computer plays {colour} ({level})")
            engine.set_player(colour, level)
        elif what == "off":
            self.note("computer off")
            for colour in list(engine.seats.computer):
                engine.set_player(colour, None)
        elif what == "stop":
            self.note("stop thinking")
            if window.menus.actions["stop_engine"].isEnabled():
                window.menus.actions["stop_engine"].trigger()
        else:
            self.note("hint")
            if window.menus.actions["hint"].isEnabled():
                window.menus.actions["hint"].trigger()
        self.qtbot.wait(rng.choice([20, 80, 200]))
        if self.quick and rng.random() < 0.7 and engine.runner.thinking:
            self.note("stop thinking (quick)")
            engine.stop()

    def analysis(self) -> None:
        """Analyse, a short wait, and now and then Stop."""
        window = self.window
        menus = window.menus
        rng = self.rng
        if menus.actions["analyse"].isEnabled():
            self.note("analyse")
            menus.actions["analyse"].trigger()
        self.qtbot.wait(rng.choice([20, 100, 300]))
        dock = getattr(window, "analysis_dock", None) or getattr(
            window.parts.analysis, "dock", None
        )
        chance = 0.8 if self.quick else 0.5
        if dock is not None and rng.random() < chance and dock.stop.isEnabled():
            self.note("analysis: stop")
            dock.stop.click()

    def review(self) -> None:
        """Analysis > Review game (short thinking), a short wait, now and then Stop, and
        now and then a click on its graph or Make a puzzle of this."""
        window = self.window
        rng = self.rng
        reviewer = window.parts.reviewer
        dock = reviewer.dock
        if not window.lab.review.thinking:
            dock.seconds.setValue(rng.choice([0.2, 0.3, 1.0]))
            self.note("review game")
            window.menus.actions["review"].trigger()
        self.qtbot.wait(rng.choice([20, 100, 300]))
        if rng.random() < (0.8 if self.quick else 0.5) and dock.stop.isEnabled():
            self.note("review: stop")
            dock.stop.click()
        elif dock.graph.review is not None and dock.isVisible():
            from PySide6.QtCore import QPoint, Qt

            x = rng.randrange(max(1, dock.graph.width()))
            self.note(f"review: graph at x {x}")
            self.qtbot.mouseClick(dock.graph, Qt.MouseButton.LeftButton, pos=QPoint(x, 40))
            if dock.make_puzzle.isEnabled() and rng.random() < 0.3:
                self.note("review: make a puzzle")
                dock.make_puzzle.click()

    EXPORTS = (".png", ".png", ".png", ".jpg", ".pdf", ".pdf", ".html", ".gif", ".mp4")

    def export(self) -> None:
        """File > Export..., answered: a format, a small size, a path under the run's
        folder (now and then one without a suffix, with a foreign one, or in a folder
        that does not exist), Export, and now and then Close."""
        from pyramid_lab.viewer.desktop.export_control import ExportDialog

        window = self.window
        rng = self.rng
        dialog = window.findChild(ExportDialog)
        if dialog is None or not dialog.isVisible():
            self.note("export: open")
            next(a for a in self._menu_actions() if a.text() == "&Export...").trigger()
            dialog = window.findChild(ExportDialog)
        folder = self.export_folder
        if folder is None:
            return  # never exports where the repository is
        extension = rng.choice(self.EXPORTS)
        dialog.set_format(extension)
        dialog.width_.setValue(rng.randint(16, 120))
        dialog.height_.setValue(rng.randint(16, 90))
        dialog.frames.setValue(rng.randint(1, 3))
        dialog.hold.setValue(rng.randint(1, 2))
        if dialog.replay.isEnabled() and rng.random() < 0.5:
            dialog.replay.setChecked(True)
        else:
            dialog.turntable.setChecked(True)
        name = f"x{self.tried}"
        target = rng.choice(
            [
                folder / f"{name}{extension}",
                folder / f"{name}{extension}",
                folder / name,
                folder / f"{name}.xyz",
                folder / "gone" / f"{name}{extension}",
            ]
        )
        self.note(f"export {target.name} ({dialog.format.currentText()[:20]})")
        dialog.path.setText(str(target))
        dialog.export_button.click()
        if rng.random() < 0.3:
            dialog.close()

    # ---- teacher mode and hostile collections ------------------------------------------

    def teacher(self) -> None:
        """Teacher mode in the game on the board: Lessons > New lesson (or the Teacher mode
        box of a lesson shown), then an edit as a teacher makes it: the step's fields
        (good and bad), Apply, Answer from board, Take position, Add, Remove, Up, Down, or
        Save lesson... to the run's folder and the file opened again."""
        window = self.window
        control = window.parts.lessons
        rng = self.rng
        panel = control.panel
        if not control.state.active or rng.random() < 0.1:  # (over a lesson shown, now and then)
            self.note(f"teacher: Lessons > New lesson ({window.session.game.name})")
            window.menus.lessons.new_lesson.trigger()
            return
        if not panel.teach.isChecked():
            self.note("teacher: Teacher mode on")
            panel.teach.setChecked(True)
            return
        what = rng.choice(
            [
                *("fields", "fields", "apply", "from_board", "take", "add", "add"),
                *("remove", "up", "down", "save", "save", "off"),
            ]
        )
        self.note(f"teacher: {what}")
        if what == "fields":
            texts = TEACHER_TEXTS
            panel.editor.edit_title.setText(rng.choice(["A step", "", "T" * 300, "\u00e9\u2603"]))
            panel.editor.edit_text.setPlainText(rng.choice(["Look.", "", "x" * 3000]))
            panel.editor.as_json.edit_overlays.setText(rng.choice(texts["overlays"]))
            panel.editor.edit_highlights.setText(rng.choice(texts["highlights"]))
            panel.editor.edit_kind.setCurrentIndex(rng.randrange(panel.editor.edit_kind.count()))
            panel.editor.as_json.edit_rule.setText(rng.choice(texts["rule"]))
            panel.editor.edit_answers.setText(rng.choice([*TYPED, "SW", "0,0,0; 1,0,0"]))
            panel.editor.edit_prompt.setText(rng.choice(["", "Your move."]))
            panel.editor.edit_hint.setText(rng.choice(["", "Look left."]))
            panel.footer.apply.click()
        elif what in ("apply", "take", "add", "remove", "up", "down"):
            {
                "apply": panel.footer.apply,
                "take": panel.editor.take,
                "add": panel.editor.add,
                "remove": panel.editor.remove,
                "up": panel.editor.up,
                "down": panel.editor.down,
            }[what].click()
        elif what == "from_board":
            panel.editor.from_board.click()
        elif what == "off":
            panel.teach.setChecked(False)
        elif self.export_folder is not None:  # Save lesson... (never in the repository)
            folder = self.export_folder / "lessons"
            folder.mkdir(exist_ok=True)
            target = folder / f"l{self.tried}.lesson.json"
            error = control.state.checks.save(target)  # checked on a worker thread, then written
            if error is None:
                self.qtbot.waitUntil(lambda: not control.state.checks.busy, timeout=WAIT_MS)
                said = panel.footer.message.text()
                error = None if said.startswith("saved") else said
            self.note(f"teacher: saved {target.name}: {error or 'ok'}")
            if error is None and rng.random() < 0.7:
                self.note(f"teacher: open {target.name}")
                window.lab.documents.open(target)
        self._check_editor_message()

    def _check_editor_message(self) -> None:
        """The editor's message is a clear line for the teacher, never a crash's."""
        text = self.window.parts.lessons.panel.footer.message.text()
        assert "Traceback" not in text, text
        assert len(text) <= 3 * MAX_LINE, text[:300]

    def hostile_collection(self) -> None:
        """Puzzles > Open collection... answered with a hostile folder: the window says
        what is wrong in one short line (the slot guard's "Error: ..." is a failure: the
        guard's hook records it), or plays the collection's first puzzle."""
        import inspect

        from PySide6.QtWidgets import QFileDialog

        if not self.hostile:
            return
        window = self.window
        folder = self.rng.choice(self.hostile)
        self.note(f"Puzzles > Open collection: {folder.name[:40]}")
        original = inspect.getattr_static(QFileDialog, "getExistingDirectory")
        QFileDialog.getExistingDirectory = staticmethod(lambda *_a, **_k: str(folder))
        try:
            next(a for a in self._menu_actions() if a.text() == "&Open collection...").trigger()
        finally:
            QFileDialog.getExistingDirectory = original
        message = window.statusBar().currentMessage()
        assert not message.startswith("Error:"), f"the guard's message: {message[:300]}"
        assert "\n" not in message, message[:300]
        assert len(message) <= MAX_LINE, f"{len(message)} characters: {message[:300]}"

    def new_of_each(self) -> None:
        """A new game of a registered game, as New game makes it (every game, often)."""
        from pyramid_lab.model.game import game_class, game_names

        name = self.rng.choice(game_names())
        self.note(f"new {name}")
        window = self.window
        with window.lab.engine.held():
            window.session.replace_game(game_class(name).new())

    def wait(self) -> None:
        ms = self.rng.choice([5, 20, 60, 150])
        self.note(f"wait {ms} ms")
        self.qtbot.wait(ms)


def _widget_text(widget: Any) -> str:
    for attr in ("text", "currentText", "objectName"):
        method = getattr(widget, attr, None)
        if callable(method):
            text = method()
            if text:
                return str(text)[:30]
    return ""


def report(seed: int, monkey: Monkey, errors: list[Any]) -> str:
    lines = [f"seed {seed}: {len(errors)} error(s) after {monkey.tried} actions"]
    for exc, where in errors:
        lines.append(f"  {type(exc).__name__}: {exc} in {where}")
    lines.append("last actions:")
    lines.extend(f"  {entry}" for entry in monkey.log[-25:])
    return "\n".join(lines)


def watch_workers(errors: list[Any], setattr_: Callable[[Any, str, Any], None]) -> None:
    """Count an exception raised in a worker thread (the computer, Hint, Analyse, Verify,
    Solve) too: the window says those in the status bar or a dock, not through the guard,
    and drops those of a job already stopped. Before the window is made."""
    from pyramid_lab.viewer.lab.jobs import JobRunner  # every runner of the lab's

    original = JobRunner._on_error

    def on_error(self: Any, job: Any, exc: BaseException) -> None:
        trace = "".join(traceback.format_exception(exc))
        errors.append((exc, f"worker thread ({job.purpose}): {trace}"))
        original(self, job, exc)

    setattr_(JobRunner, "_on_error", on_error)


def fast_animations(setattr_: Callable[[Any, str, Any], None]) -> None:
    """Fill at random and the removal fade run in a blink, so they finish inside a run."""
    from pyramid_lab.viewer.boards import stepped
    from pyramid_lab.viewer.games.ball import replay
    from pyramid_lab.viewer.games.partition import fill

    setattr_(fill, "FILL_SECONDS", 0.15)
    setattr_(stepped, "FADE_SECONDS", 0.1)
    setattr_(replay, "ROW_SECONDS", 0.05)
    setattr_(replay, "SLIDE_SECONDS", 0.03)
