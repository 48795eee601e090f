"""The GUI monkey of tests/viewer/test_monkey.py (its driver: tests/viewer/monkey.py),
long: thousands of random actions on a real window of each game in turn, several seeds
(teacher mode and hostile puzzle collections among them), and a summary of what was
tried and what failed. By hand:

    nice -n 10 xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/gui_monkey.py
    ... --seeds 11 12 13 14 15 16 17 18 --actions 2500   (the defaults: 20,000 actions)

Exit status 1 when any exception reached the window's error guard or sys.excepthook.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZE = tuple(int(v) for v in os.environ.get("MONKEY_SIZE", "1000x760").split("x"))
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "viewer")]


def _trace(exc: BaseException) -> str:
    """The exception's traceback, its last 40 lines (a RecursionError's repeated frames are
    folded by traceback into one line that says how often)."""
    return "".join("".join(traceback.format_exception(exc)).splitlines(True)[-40:])


class Bot:
    """What the monkey needs of pytest-qt's qtbot, from QTest."""

    def mouseClick(self, widget, button, pos=None):
        from PySide6.QtCore import QPoint, Qt
        from PySide6.QtTest import QTest

        QTest.mouseClick(widget, button, Qt.KeyboardModifier.NoModifier, pos or QPoint())

    def mouseMove(self, widget, pos):
        from PySide6.QtTest import QTest

        QTest.mouseMove(widget, pos)

    def keyClick(self, widget, key, modifiers):
        from PySide6.QtTest import QTest

        QTest.keyClick(widget, key, modifiers)

    def wait(self, ms):
        from PySide6.QtTest import QTest

        QTest.qWait(ms)

    def waitUntil(self, condition, timeout=5000):
        """pytest-qt's: events run until ``condition()`` is true; TimeoutError after
        ``timeout`` ms (the monkey counts it as a failure)."""
        from PySide6.QtTest import QTest

        end = time.monotonic() + timeout / 1000
        while not condition():
            if time.monotonic() > end:
                raise TimeoutError(f"waitUntil: not true within {timeout} ms")
            QTest.qWait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=list(range(11, 19)))
    parser.add_argument("--actions", type=int, default=2500, help="per seed")
    parser.add_argument("--log", type=Path, help="write every action tried to this file")
    args = parser.parse_args()
    log = []
    if os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"):
        sys.exit("run under Xvfb with QT_QPA_PLATFORM unset (see the docstring)")
    folder = Path(tempfile.mkdtemp(prefix="gui-monkey-"))
    os.environ["PYRAMID_LAB_AUTOSAVE"] = str(folder / "autosave")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))

    from monkey import (
        Monkey,
        example_copies,
        fast_animations,
        hostile_collections,
        patch_modals,
        watch_workers,
    )

    from pyramid_lab.model.game import game_class, game_names
    from pyramid_lab.viewer.desktop import menus
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session
    from pyramid_lab.viewer.widgets import slots

    errors: list = []
    slots.error_hooks.append(lambda exc, what: errors.append((exc, what)))
    sys.excepthook = lambda kind, exc, tb: errors.append((exc, f"excepthook: {_trace(exc)}"))
    files = example_copies(folder / "files")
    hostile = hostile_collections(folder / "hostile")
    menus.LESSON_DIR = folder / "files" / "lessons"
    fast_animations(setattr)
    watch_workers(errors, setattr)
    totals: dict[str, int] = {}
    seconds: dict[str, float] = {}
    cpu: dict[str, float] = {}
    tried = failures = 0
    started = time.perf_counter()
    names = sorted(game_names())
    exports = folder / "exports"
    exports.mkdir()
    for number, seed in enumerate(args.seeds):
        rng = random.Random(seed)
        patch_modals(rng, setattr)
        start = names[number % len(names)]  # each game in turn to start on
        window = MainWindow(Session(game_class(start).new()))
        window.resize(*SIZE)
        window.show()
        window.activateWindow()
        app.processEvents()
        monkey = Monkey(window, rng, files, Bot())
        monkey.export_folder = exports
        monkey.hostile = hostile
        clock = time.perf_counter()
        before = len(errors)
        monkey.run(args.actions, errors, stop=False)
        found = errors[before:]
        window.shutdown()
        window.deleteLater()
        app.processEvents()
        log.append(f"# seed {seed} ({start})")
        log.extend(monkey.log)
        tried += monkey.tried
        failures += len(found)
        for name, count in monkey.counts.items():
            totals[name] = totals.get(name, 0) + count
            seconds[name] = seconds.get(name, 0.0) + monkey.seconds.get(name, 0.0)
            cpu[name] = cpu.get(name, 0.0) + monkey.cpu.get(name, 0.0)
        print(
            f"seed {seed} ({start}): {monkey.tried} actions, {len(found)} failure(s), "
            f"{time.perf_counter() - clock:.0f} s",
            flush=True,
        )
        for (exc, where), (number, last) in zip(found, monkey.failed_at, strict=False):
            print(f"  action {number}: {type(exc).__name__}: {exc} in {where}")
            print("    after: " + " | ".join(last[-6:]))
    print(f"{tried} actions, {failures} failure(s) in {time.perf_counter() - started:.0f} s")
    print("by kind: actions, ms each (wall; the GUI thread's processor time), share of that")
    all_cpu = sum(cpu.values()) or 1.0
    for name, count in sorted(totals.items(), key=lambda kv: -cpu[kv[0]]):
        print(
            f"  {name:<16} {count:>6} {1000 * seconds[name] / count:>8.1f} "
            f"{1000 * cpu[name] / count:>8.1f} {100 * cpu[name] / all_cpu:>5.1f}%"
        )
    print(f"GUI thread: {1000 * all_cpu / max(tried, 1):.1f} ms of processor time an action")
    if args.log:
        args.log.write_text("\n".join(log) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
