"""Benchmark: the time from the command to the first frame the window draws (its 3D view's
first paint), and which heavy modules were imported by then.

Run by hand under a display (Xvfb), e.g.:
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/first_frame.py [-n N]

Each run is a fresh ``python -m viewer.cli open FILE`` (default: a Pyraos example) with an
import hook that wraps the 3D widget's paint (pyvistaqt's ``paintGL``) when that module is
loaded: at its first paint the process prints the seconds since its start, whether numba,
matplotlib and the search engine (model.search) were imported by then, and exits. Prints
each run and the median.
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

class Wrap(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "pyvistaqt.rwi":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            widget = module.QVTKRenderWindowInteractor
            paint = widget.paintGL
            def first_paint(self, *args):
                paint(self, *args)
                seen = {m: m in sys.modules for m in ("numba", "matplotlib", "model.search")}
                print(f"first frame {time.time() - START:.3f} s {seen}", flush=True)
                os._exit(0)
            widget.paintGL = first_paint
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
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        parser.error("no X display: run under Xvfb (xvfb-run -a ...)")
    scratch = tempfile.mkdtemp(prefix="first-frame-")
    env = {
        **os.environ,
        "QT_API": "pyside6",
        "PYTHONPATH": str(ROOT),
        "PYRAMID_LAB_AUTOSAVE": os.path.join(scratch, "autosave"),
        "PYRAMID_LAB_CONFIG": os.path.join(scratch, "config"),
        "XDG_CONFIG_HOME": scratch,
    }
    code = PROBE.replace("FILE", repr(str(ROOT / args.file)))
    times = []
    for _ in range(args.n):
        import time

        env["FIRST_FRAME_T0"] = repr(time.time())
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
        )
        line = next((x for x in done.stdout.splitlines() if x.startswith("first frame")), None)
        if line is None:
            print(done.stdout[-500:], done.stderr[-2000:])
            return 1
        print(line)
        times.append(float(line.split()[2]))
    print(f"median {statistics.median(times):.3f} s to the first frame over {len(times)} runs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
