"""Benchmark: the time from the command to the first frame the window draws (its 3D view's
first paint), and which heavy modules were imported by then: the window's first frame (the
opening screen, where the tree has one; else the scene's) and the 3D scene's first frame.

Run by hand under a display (Xvfb), e.g.:
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/first_frame.py [-n N]

Each run is a fresh ``python -m pyramid_lab.viewer.cli open FILE`` (default: a Pyraos example)
with an import hook that wraps the 3D widget's paint (pyvistaqt's ``paintGL``) when that module is
loaded, and the opening screen's paint: at each first paint the process prints the seconds
since its start and which of numba, matplotlib, pyvista and the compiled search were
imported by then; it exits at the scene's. ``shown`` is the opening frame flushed to the
screen (the opening screen's call after it): a window composed through OpenGL pays its
first composition there, after the paint. The runs write and read Python's bytecode caches
as a user's install does (PYTHONDONTWRITEBYTECODE is dropped for them: without the caches
each run compiles every module it imports, 40 ms more to the first paint). Prints each run
and the medians. ``--floor``
runs, each round too, the required stack alone (pyvistaqt's QtInteractor in a bare window
showing a sphere): what no start of the application can go below.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The moments measured: the window's first paint (the opening screen's, where the tree has
#: one), that frame shown (flushed to the screen: the opening screen's callback after it)
#: and the scene's first frame.
KINDS = ("window", "shown", "scene")

PROBE = r"""
import importlib.abc, importlib.util, os, sys, time
START = float(os.environ["FIRST_FRAME_T0"])
HEAVY = (
    *("numba", "matplotlib", "matplotlib.pyplot", "qtpy", "pyvista"),
    "pyramid_lab.model.search.compiled",
)
said = {}

def seen():
    return ",".join(m for m in HEAVY if m in sys.modules) or "none"

def frame(kind):
    if kind not in said:
        said[kind] = True
        cpu = time.process_time()
        print(f"{kind} {time.time() - START:.3f} s cpu {cpu:.3f} s loaded: {seen()}", flush=True)

class Wrap(importlib.abc.MetaPathFinder):
    # wraps, when each module loads: the opening screen's paint (the window's first frame,
    # where the tree has one) and the 3D widget's paint (the scene's first frame)
    def find_spec(self, name, path, target=None):
        if name not in ("pyvistaqt.rwi", "pyramid_lab.viewer.desktop.app"):
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        sys.meta_path.insert(0, self)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            if name == "pyramid_lab.viewer.desktop.app" and hasattr(module, "OpeningScreen"):
                cls, method = module.OpeningScreen, "paintEvent"
                build = module.MainWindow._build
                def shown(self):  # (called once the opening frame is flushed to the screen)
                    frame("shown")
                    build(self)
                module.MainWindow._build = shown
            elif name == "pyvistaqt.rwi":
                cls, method = module.QVTKRenderWindowInteractor, "paintGL"
            else:
                return
            paint = getattr(cls, method)
            def first_paint(self, *args):
                paint(self, *args)
                frame("window")
                if method == "paintGL":
                    frame("scene")
                    os._exit(0)
            setattr(cls, method, first_paint)
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Wrap())
sys.argv = ["pyramid-lab", "open", FILE]
from pyramid_lab import viewer
print("from", os.path.dirname(os.path.dirname(os.path.abspath(viewer.__file__))), flush=True)
from pyramid_lab.viewer.cli import main
sys.exit(main(sys.argv[1:]))
"""


# The floor: the required stack alone, no line of the application's. pyvistaqt's
# QtInteractor (imported with the same modules deferred as the window defers) in a bare
# QMainWindow showing one sphere; it exits at its first paint.
FLOOR = r"""
import os, sys, time
START = float(os.environ["FIRST_FRAME_T0"])
print("from", os.getcwd(), flush=True)
from pyramid_lab.viewer.desktop.deferred import PYVISTA_UNUSED, deferred
with deferred(*PYVISTA_UNUSED):
    from pyvistaqt import QtInteractor
    import pyvistaqt.rwi as rwi
import pyvista as pv
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
paint = rwi.QVTKRenderWindowInteractor.paintGL
def first_paint(self, *args):
    paint(self, *args)
    line = f"{time.time() - START:.3f} s cpu {time.process_time():.3f} s loaded: stack"
    print("window", line)
    print("scene", line, flush=True)
    os._exit(0)
rwi.QVTKRenderWindowInteractor.paintGL = first_paint
window = QMainWindow()
plotter = QtInteractor(window, auto_update=False, multi_samples=0)
window.setCentralWidget(plotter)
plotter.add_mesh(pv.Sphere())
window.resize(1200, 800)
window.show()
app.exec()
"""


def run_once(
    tree: str, file: str, env: dict[str, str], probe: str = PROBE
) -> dict[str, tuple[float, float, str]]:
    """One fresh process on ``tree``: each first frame's seconds since the command, its
    processor seconds and what was loaded by then; empty where it failed (printed)."""
    code = probe.replace("FILE", repr(str(Path(tree) / file)))
    env = {**env, "PYTHONPATH": tree, "FIRST_FRAME_T0": repr(time.time())}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=120,
    )
    frames = {}
    for line in done.stdout.splitlines():
        words = line.split()
        if words[:1] in (["window"], ["shown"], ["scene"]):
            frames[words[0]] = (float(words[1]), float(words[4]), words[-1])
        elif words[:1] == ["from"] and words[1] not in (tree, os.path.join(tree, "pyramid_lab")):
            print(f"{tree}: imported its viewer from {words[1]}")
            return {}
    if "scene" not in frames:
        print(done.stdout[-500:], done.stderr[-2000:])
        return {}
    return frames


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=5, help="runs (rounds with --baseline)")
    parser.add_argument("file", nargs="?", default="examples/pyraos/square-removals.pyr.json")
    parser.add_argument(
        "--tree", default=str(ROOT), help="the checkout to measure (default: this one)"
    )
    parser.add_argument(
        "--baseline",
        metavar="TREE",
        help="another checkout (e.g. /work/base-5ed0eb1) run alternately with --tree, "
        "each round both, their medians' ratio printed",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also run, each round, the required stack alone (pyvistaqt's QtInteractor in a "
        "bare window showing a sphere, no application code): the least any start can cost",
    )
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        parser.error("no X display: run under Xvfb (xvfb-run -a ...)")
    scratch = tempfile.mkdtemp(prefix="first-frame-")
    env = {
        **{key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"},
        "QT_API": "pyside6",
        "PYRAMID_LAB_AUTOSAVE": os.path.join(scratch, "autosave"),
        "PYRAMID_LAB_CONFIG": os.path.join(scratch, "config"),
        "XDG_CONFIG_HOME": scratch,
    }
    trees = {"this": str(Path(args.tree).resolve())}
    if args.baseline:
        trees["baseline"] = str(Path(args.baseline).resolve())
    if args.floor:
        trees["floor"] = trees["this"]
    seen: dict[str, list[dict[str, tuple[float, float, str]]]] = {name: [] for name in trees}
    for _ in range(args.n):
        for name, tree in trees.items():
            frames = run_once(tree, args.file, env, FLOOR if name == "floor" else PROBE)
            if not frames:
                return 1
            seen[name].append(frames)
            said = "   |   ".join(
                f"{kind} {frames[kind][0]:.3f} s (cpu {frames[kind][1]:.3f} s)"
                for kind in KINDS
                if kind in frames
            )
            print(f"{name:>8}: {said} loaded: {frames['scene'][2]}", flush=True)
    medians: dict[str, dict[str, float]] = {}
    for name, runs in seen.items():
        medians[name] = {
            f"{kind} {what}": statistics.median(run[kind][index] for run in runs)
            for kind in KINDS
            if all(kind in run for run in runs)
            for index, what in enumerate(("wall", "cpu"))
        }
        figures = ", ".join(f"{key} {value:.3f} s" for key, value in medians[name].items())
        print(f"{name:>8} medians over {len(runs)} runs: {figures}")
    if "baseline" in medians:
        for name in ("this", "floor"):
            for key in medians.get(name, {}):
                this, base = medians[name][key], medians["baseline"][key]
                label = "ratio" if name == "this" else "floor's ratio"
                print(f"{label} {key}: {this:.3f} / {base:.3f} = {this / base:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
