"""Benchmark: the time from the command to the first frame the window draws (its 3D view's
first paint), and which heavy modules were imported by then: the window's first frame (the
opening screen, where the tree has one; else the scene's) and the 3D scene's first frame.

Run by hand under a display (Xvfb), e.g.:
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/first_frame.py [-n N]

Each run is a fresh ``python -m viewer.cli open FILE`` (default: a Pyraos example) with an
import hook that wraps the 3D widget's paint (pyvistaqt's ``paintGL``) when that module is
loaded, and the opening screen's paint: at each first paint the process prints the seconds
since its start and which of numba, matplotlib, pyvista and the compiled search were
imported by then; it exits at the scene's. Prints each run and the medians.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import importlib.abc, importlib.util, os, sys, time
START = float(os.environ["FIRST_FRAME_T0"])
HEAVY = ("numba", "matplotlib", "pyvista", "model.search.compiled")
said = {}

def seen():
    return ",".join(m for m in HEAVY if m in sys.modules) or "none"

def frame(kind):
    if kind not in said:
        said[kind] = True
        print(f"{kind} {time.time() - START:.3f} s loaded: {seen()}", flush=True)

class Wrap(importlib.abc.MetaPathFinder):
    # wraps, when each module loads: the opening screen's paint (the window's first frame,
    # where the tree has one) and the 3D widget's paint (the scene's first frame)
    def find_spec(self, name, path, target=None):
        if name not in ("pyvistaqt.rwi", "viewer.desktop.app"):
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        sys.meta_path.insert(0, self)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            if name == "viewer.desktop.app" and hasattr(module, "OpeningScreen"):
                cls, method = module.OpeningScreen, "paintEvent"
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
from viewer.cli import main
sys.exit(main(sys.argv[1:]))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=5, help="runs (default 5)")
    parser.add_argument("file", nargs="?", default="examples/pyraos/square-removals.pyr.json")
    parser.add_argument(
        "--tree", default=str(ROOT), help="the checkout to measure (default: this one)"
    )
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        parser.error("no X display: run under Xvfb (xvfb-run -a ...)")
    scratch = tempfile.mkdtemp(prefix="first-frame-")
    env = {
        **os.environ,
        "QT_API": "pyside6",
        "PYTHONPATH": args.tree,
        "PYRAMID_LAB_AUTOSAVE": os.path.join(scratch, "autosave"),
        "PYRAMID_LAB_CONFIG": os.path.join(scratch, "config"),
        "XDG_CONFIG_HOME": scratch,
    }
    code = PROBE.replace("FILE", repr(str(Path(args.tree) / args.file)))
    windows, scenes = [], []
    for _ in range(args.n):
        import time

        env["FIRST_FRAME_T0"] = repr(time.time())
        done = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            cwd=args.tree,
            capture_output=True,
            text=True,
            timeout=120,
        )
        lines = {
            x.split()[0]: x
            for x in done.stdout.splitlines()
            if x.split()[:1] in (["window"], ["scene"])
        }
        if "scene" not in lines:
            print(done.stdout[-500:], done.stderr[-2000:])
            return 1
        print(f"{lines['window']}   |   {lines['scene']}")
        windows.append(float(lines["window"].split()[1]))
        scenes.append(float(lines["scene"].split()[1]))
    print(
        f"median {statistics.median(windows):.3f} s to the window's first frame, "
        f"{statistics.median(scenes):.3f} s to the 3D scene's, over {len(scenes)} runs"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
