"""A seeded GUI monkey: random actions on one window as a restless user would make them
(clicks and hovers on the scene, shortcuts, menu actions, the View dock, set-up mode, the
move list, the Corners dock, Fill at random, files and games opened in odd orders). Any
exception that reaches the window's error guard (viewer.slots.guarded) or sys.excepthook
fails the run, with the seed and the last actions.

Modal dialogs never block it: the unsaved-changes question answers Discard or Cancel at
random, message boxes and file dialogs return at once, the New game dialog is answered
without exec. Files are copies under a temporary folder, so Save never touches the
repository. ``tests/bench/gui_monkey.py`` runs it long, by hand.
"""

from __future__ import annotations

import random
import shutil
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_DIRS = ("lessons", "partition", "pyraos", "terrace")
CI_SEEDS = (1, 2, 3)
CI_ACTIONS = 300


def example_copies(folder: Path) -> list[Path]:
    """Copies of the example files under ``folder`` (lessons in ``folder/lessons``), a
    malformed file and a path that does not exist."""
    out = []
    for name in EXAMPLE_DIRS:
        target = folder / name
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted((ROOT / "examples" / name).glob("*.pyr.json")):
            out.append(Path(shutil.copy(path, target / path.name)))
    bad = folder / "malformed.pyr.json"
    bad.write_text('{"format": "pyramid-lab/1", "game": "partition", "pieces": [[9, 9, 9, "')
    return [*out, bad, folder / "gone.pyr.json"]


def patch_modals(rng: random.Random, setattr_: Callable[[Any, str, Any], None]) -> None:
    """Answer every modal question at once (``setattr_``: monkeypatch.setattr or a
    plain setattr for the bench)."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from viewer.widgets import new_game, unsaved

    def ask_unsaved(*_args: Any, **_kwargs: Any) -> str:
        return rng.choice([unsaved.DISCARD, unsaved.CANCEL])  # never Save to a dialog

    setattr_(unsaved, "ask_unsaved", ask_unsaved)
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
    from viewer.widgets import help as help_widgets

    setattr_(help_widgets.ShortcutsDialog, "exec", lambda self: len(self.rows()) and 0)
    setattr_(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: ("", "")))
    setattr_(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: ("", "")))

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

    SKIP_ACTIONS = ("&Quit",)  # closing the window ends the run, not a crash

    def __init__(self, window: Any, rng: random.Random, files: list[Path], qtbot: Any) -> None:
        self.window = window
        self.rng = rng
        self.files = files
        self.qtbot = qtbot
        self.log: list[str] = []
        self.tried = 0
        self.counts: dict[str, int] = {}  # actions tried, by kind
        self.failed_at: list[tuple[int, list[str]]] = []  # action number, the actions before
        self.actions: list[tuple[float, Callable[[], None]]] = [
            (14, self.click_site),
            (4, self.click_anywhere),
            (8, self.hover),
            (2, self.leave),
            (7, self.key),
            (8, self.menu_action),
            (4, self.open_file),
            (3, self.new_game),
            (8, self.view_dock),
            (6, self.setup_mode),
            (5, self.history),
            (4, self.move_list),
            (5, self.corners),
            (2, self.fill),
            (3, self.wait),
        ]

    # ---- running ----------------------------------------------------------------------

    def run(self, count: int, errors: list[Any], *, stop: bool = True) -> None:
        """``count`` random actions; with ``stop``, none after the first error."""
        weights = [w for w, _ in self.actions]
        for _ in range(count):
            _, action = self.rng.choices(self.actions, weights)[0]
            self.tried += 1
            self.counts[action.__name__] = self.counts.get(action.__name__, 0) + 1
            before = len(errors)
            try:
                action()
            except Exception as exc:  # the monkey's own driving code (or a raised slot)
                errors.append((exc, f"{action.__name__}: {traceback.format_exc()}"))
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
        assert hover is None or 0 <= hover < window.board.geometry.count, hover
        assert (window.setup is not None) == window.menus.setup.isChecked()

    # ---- the scene --------------------------------------------------------------------

    def _scene_pos(self, site: int | None = None) -> Any:
        from PySide6.QtCore import QPoint

        plotter = self.window.plotter
        if site is None:
            return QPoint(self.rng.randrange(plotter.width()), self.rng.randrange(plotter.height()))
        x, y = self.window.board.display_position(site)
        ratio = plotter.devicePixelRatioF()
        jitter = self.rng.randint(-3, 3)
        return QPoint(round(x / ratio) + jitter, round(plotter.height() - 1 - y / ratio))

    def _random_site(self) -> int:
        import numpy as np

        shown = np.flatnonzero(self.window.board.shown)
        if len(shown) == 0:
            return self.rng.randrange(self.window.board.geometry.count)
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
        self.qtbot.mouseMove(self.window.view_dock, QPoint(20, 20))

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
        action = self.rng.choice(actions)
        self.note(f"menu {action.text()!r}")
        action.trigger()

    def open_file(self) -> None:
        path = self.rng.choice(self.files)
        self.note(f"open {path.parent.name}/{path.name}")
        self.window.open_file(path)

    def new_game(self) -> None:
        action = next(a for a in self._menu_actions() if a.text() == "&New game...")
        self.note("New game")
        action.trigger()

    # ---- docks ------------------------------------------------------------------------

    def view_dock(self) -> None:
        dock = self.window.view_dock
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
        setup = window.setup_dock
        if window.setup is None:
            self.note("set-up: enter")
            window.menus.setup.trigger()
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
            window.menus.undo.trigger()
        else:
            getattr(setup, what).click()

    def history(self) -> None:
        action = self.rng.choice([self.window.menus.undo, self.window.menus.redo])
        self.note(f"history {action.text()!r}")
        action.trigger()

    def move_list(self) -> None:
        tree = self.window.moves_dock.tree
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
        dock = getattr(self.window.ui, "corner_dock", None)
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

    def wait(self) -> None:
        ms = self.rng.choice([5, 20, 60, 250])
        self.note(f"wait {ms} ms")
        self.qtbot.wait(ms)


def report(seed: int, monkey: Monkey, errors: list[Any]) -> str:
    lines = [f"seed {seed}: {len(errors)} error(s) after {monkey.tried} actions"]
    for exc, where in errors:
        lines.append(f"  {type(exc).__name__}: {exc} in {where}")
    lines.append("last actions:")
    lines.extend(f"  {entry}" for entry in monkey.log[-25:])
    return "\n".join(lines)


def fast_animations(setattr_: Callable[[Any, str, Any], None]) -> None:
    """Fill at random and the removal fade run in a blink, so they finish inside a run."""
    from viewer.boards import stepped
    from viewer.games import partition

    setattr_(partition, "FILL_SECONDS", 0.15)
    setattr_(stepped, "FADE_SECONDS", 0.1)


@pytest.mark.parametrize("seed", CI_SEEDS)
def test_gui_monkey(make_window, guard_errors, monkeypatch, tmp_path, qtbot, seed):
    from viewer import menus

    rng = random.Random(seed)
    files = example_copies(tmp_path / "files")
    monkeypatch.setattr(menus, "LESSON_DIR", tmp_path / "files" / "lessons")
    patch_modals(rng, monkeypatch.setattr)
    fast_animations(monkeypatch.setattr)
    window = make_window()
    window.activateWindow()
    monkey = Monkey(window, rng, files, qtbot)
    started = time.perf_counter()
    monkey.run(CI_ACTIONS, guard_errors)
    assert not guard_errors, report(seed, monkey, guard_errors)
    print(
        f"seed {seed}: {monkey.tried} actions in {time.perf_counter() - started:.1f} s",
        file=sys.stderr,
    )
