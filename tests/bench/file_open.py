"""Benchmark: opening a file, in the window (File > Open's code path) and on the command
line (how ``analyze`` reads a file), and the files of the project an open crosses.

Run by hand, under a display:
    xvfb-run -a .venv/bin/python tests/bench/file_open.py [--repeat 15] [--trace]

It times whichever code is first on the path, so two trees compare side by side:
    PYTHONPATH=/path/to/other/checkout xvfb-run -a .venv/bin/python tests/bench/file_open.py

For each example file the window opens it ``--repeat`` times (the unsaved-changes question
is not asked: the code path after File > Open's dialog, ``ask=False``) and prints the
median and the fastest wall time of an open (the file read, the session loaded, the board
redrawn). The command line's read is timed the same way: the read alone, and a whole
``pyramid-lab analyze FILE`` in this process (its output thrown away). ``--trace`` counts
the project's files that one File > Open of the first example passes through
(sys.setprofile): all of them, and those of the file command itself (before the session's
observers: the board, the docks) with how often it enters the menu builder.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyramid_lab import viewer

ROOT = Path(viewer.__file__).resolve().parents[1]  # the tree under test
EXAMPLES = [
    ROOT / "examples" / "partition" / "t6-full-red-wins.pyr.json",
    ROOT / "examples" / "pyraos" / "endgame-win-in-7.pyr.json",
    ROOT / "examples" / "terrace" / "opening.pyr.json",
]


def times_ms(action: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """The median and the fastest of ``repeat`` runs of ``action``, in ms (on a loaded
    machine the fastest says more of the code than the median)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, min(times) * 1000


def window_opener(window: Any) -> Callable[[Path], bool]:
    """File > Open's code path after the dialog, in this tree's words."""
    lab = getattr(window, "lab", None)  # the lab's documents, or the window's (older trees)
    documents = lab.documents if lab is not None else getattr(window, "documents", None)
    if documents is not None:
        return lambda path: documents.open(path, ask=False)
    return lambda path: window.menus.open_file(path, ask=False)  # before viewer.lab.documents


def cli_reader() -> Callable[[Path], Any]:
    try:
        from pyramid_lab.viewer.lab.reading import read_position
    except ImportError:  # before viewer.lab.documents: the command line read model.files'
        from pyramid_lab.model.files import read as read_position
    return read_position


def traced_files(action: Callable[[], Any]) -> tuple[list[str], list[str], int]:
    """The project's source files whose functions ``action`` calls (this script left out):
    all of them; those of the file command itself (the calls made before the observers of
    the session's change: the window's redraw, its docks); and how many times the command
    enters viewer/desktop/menus.py from elsewhere."""
    seen: set[str] = set()
    command: set[str] = set()
    menus = 0

    def observer(frame: Any) -> bool:
        while frame is not None:
            code = frame.f_code
            if code.co_name == "emit" and code.co_filename.endswith("events.py"):
                return True
            frame = frame.f_back
        return False

    def profile(frame: Any, event: str, _arg: Any) -> None:
        nonlocal menus
        if event != "call":
            return
        name = frame.f_code.co_filename
        seen.add(name)
        if name.startswith(root) and not observer(frame.f_back):
            command.add(name)
            caller = frame.f_back.f_code.co_filename if frame.f_back else ""
            if name.endswith("viewer/desktop/menus.py") and not caller.endswith(
                "viewer/desktop/menus.py"
            ):
                menus += 1

    root = str(ROOT) + os.sep
    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)

    def ours(names: set[str]) -> list[str]:
        return sorted(
            n.removeprefix(root)
            for n in names
            if n.startswith(root) and not n.endswith("file_open.py")
        )

    return ours(seen), ours(command), menus


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--only", default="", metavar="TEXT", help="the examples named so")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="file-open-"))
    os.environ["PYRAMID_LAB_AUTOSAVE"] = str(folder / "autosave")
    os.environ["PYRAMID_LAB_CONFIG"] = str(folder / "config")
    os.environ["PYRAMID_LAB_LESSON_PROGRESS"] = str(folder / "progress.json")
    os.environ.setdefault("QT_API", "pyside6")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.viewer.cli import main as cli_main
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    app = QApplication.instance() or QApplication([])
    window = MainWindow(Session(Partition(PartitionOptions(3))))
    window.resize(900, 700)
    window.show()
    app.processEvents()
    open_file = window_opener(window)
    read = cli_reader()
    print(f"tree: {ROOT}")
    print(f"{'ms: median / fastest':36} {'window open':>15} {'CLI read':>13} {'CLI analyze':>13}")
    for path in [p for p in EXAMPLES if args.only in p.name]:
        assert open_file(path), path
        app.processEvents()

        def in_window(path: Path = path) -> None:
            assert open_file(path)
            app.processEvents()  # what the open queued (the redraw) runs

        def analyze(path: Path = path) -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                assert cli_main(["analyze", str(path)]) == 0

        opened = times_ms(in_window, args.repeat)
        reading = times_ms(lambda path=path: read(path), args.repeat)
        whole = times_ms(analyze, args.repeat)
        name = f"{path.parent.name}/{path.name}"
        print(
            f"{name:36} {opened[0]:7.1f} /{opened[1]:6.1f} {reading[0]:5.2f} /{reading[1]:5.2f} "
            f"{whole[0]:5.1f} /{whole[1]:5.1f}"
        )
    try:  # the command line's read before and now, in one process, turn about
        from pyramid_lab.model.files import read as before
        from pyramid_lab.viewer.lab.reading import read_position as now
    except ImportError:
        pass
    else:
        path = EXAMPLES[0]
        pairs = [
            (times_ms(lambda: before(path), 50), times_ms(lambda: now(path), 50)) for _ in range(20)
        ]
        print(
            f"CLI read of {path.name}, turn about in one process (fastest of 1,000, ms): "
            f"model.files.read {min(b[1] for b, _ in pairs):.3f}, "
            f"viewer.lab.reading.read_position {min(n[1] for _, n in pairs):.3f}"
        )
    if args.trace:
        first = EXAMPLES[0]
        for before in (EXAMPLES[1], first):  # from another game, then the same game again
            assert open_file(before)
            app.processEvents()
            files, command, menus = traced_files(lambda: open_file(first))
            print(
                f"\nFile > Open of {first.name} after {before.name}: {len(files)} files of "
                f"the project ({sum(f.startswith('viewer') for f in files)} in viewer/); the "
                f"file command before the session's observers: {len(command)} files, "
                f"entering viewer/desktop/menus.py {menus} times:"
            )
            for name in command:
                print(f"  {name}")
    window.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
