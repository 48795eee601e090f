"""Benchmark: the processor time of a window's build, as every window test pays it
(``tests/viewer/conftest.py``'s ``make_window``: a Session, the MainWindow, ``show()``,
``stage.render_now()``), and of the events that follow it (the paints and the layout a
test's first wait runs), for each game, warm (the windows after the first two of a
process: what a test file pays) and the first.

Run by hand under a display, e.g.:
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/window_build.py [-n 7]

Prints, for each game, the first build, the median of the warm builds, of the events
after them, and of the renders of the scene in those (pyvistaqt's paint counted where it
renders). ``--profile FILE`` writes cProfile's figures of the warm builds (processor
time) to FILE.<game>; ``--unrendered`` paints without rendering, as the test files that
opt into ``unrendered_paints`` do, and ``--unmapped`` shows the windows to Qt but not on
the screen, as those that opt into ``unmapped_windows`` do (both: what most window tests
pay). Compare two trees by running each, alternated (the code measured is the
interpreter's: ``OTHER/.venv/bin/python tests/bench/window_build.py`` from OTHER times
OTHER's window).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

GAMES = ("partition", "pyraos", "terrace", "ball", "rolling")


def _folders() -> None:
    """The window's files and settings in a scratch folder (``window_folders``'s)."""
    scratch = tempfile.mkdtemp(prefix="window-build-")
    for name, leaf in (
        ("PYRAMID_LAB_AUTOSAVE", "autosave"),
        ("PYRAMID_LAB_CONFIG", "config"),
        ("PYRAMID_LAB_PUZZLES", "made-puzzles"),
        ("PYRAMID_LAB_LESSON_PROGRESS", "lesson-progress.json"),
    ):
        os.environ[name] = os.path.join(scratch, leaf)
    from PySide6.QtCore import QSettings

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, scratch)
    QSettings().setValue("engine/threads", 1)


def _games() -> dict[str, Callable[[], Any]]:
    from pyramid_lab.model.ball import PyramidBall
    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.model.pyraos import Pyraos
    from pyramid_lab.model.rolling import RollingPyramids
    from pyramid_lab.model.terrace import Terrace

    return {
        "partition": lambda: Partition(PartitionOptions(3)),
        "pyraos": Pyraos.new,
        "terrace": Terrace.new,
        "ball": PyramidBall.new,
        "rolling": RollingPyramids.new,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=7, help="windows a game (the first two cold)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--unrendered", action="store_true")
    parser.add_argument("--unmapped", action="store_true")
    args = parser.parse_args()
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    _folders()
    from pyvistaqt import rwi

    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    renders = [0]
    paint = rwi.QVTKRenderWindowInteractor.paintGL

    def counted(widget: Any) -> None:
        renders[0] += 1
        if not args.unrendered:
            paint(widget)

    rwi.QVTKRenderWindowInteractor.paintGL = counted
    games = _games()
    for name in args.games.split(","):
        builds, after, rendered = [], [], []
        for i in range(args.n):
            profile = cProfile.Profile(time.process_time) if args.profile and i >= 2 else None
            if profile is not None:
                profile.enable()
            start = time.process_time()
            window = MainWindow(Session(games[name]()))
            window.resize(900, 700)
            if args.unmapped:
                window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
            window.show()
            window.stage.render_now()
            built = time.process_time()
            renders[0] = 0
            for _ in range(10):  # (what a test's first waits run: the paints, the layout)
                app.processEvents()
                time.sleep(0.01)
            builds.append(built - start)
            after.append(time.process_time() - built)
            rendered.append(renders[0])
            if profile is not None:
                profile.disable()
                profile.dump_stats(f"{args.profile}.{name}.{i}")
            window.shutdown()
            window.close()
            window.deleteLater()
            QApplication.sendPostedEvents()
        warm = slice(2, None)
        print(
            f"{name:10} first {builds[0] * 1000:5.0f} ms  warm build "
            f"{statistics.median(builds[warm]) * 1000:4.0f} ms, after it "
            f"{statistics.median(after[warm]) * 1000:4.0f} ms, renders after it "
            f"{statistics.median(rendered[warm]):.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
