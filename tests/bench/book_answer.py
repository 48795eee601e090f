"""Benchmark (issue 76, item 6): a book position's answer against a bare start.

    nice -n 10 .venv/bin/python tests/bench/book_answer.py [-n 9] [--root DIR] [FILE]

Runs, interleaved, ``pyramid-lab --version``, ``solve FILE`` and ``analyze --engine FILE``
(default: the empty Pyraos pyramid, an opening-book position) as fresh processes, each
``-n`` times, and prints each command's best and median wall and processor time, the
search's own seconds (``solve``'s JSON ``seconds``: reading the book and looking the
position up; ``analyze``'s ``engine.seconds``: the book's line of best play walked too),
and the check of each: its wall time at most twice ``--version``'s plus the search's own
time (best of the runs each; a shared machine stretches every figure). ``--root DIR``
runs the program of another checkout (its folder the processes' working directory, as
``python -m pyramid_lab`` finds the package there), to compare two in one sitting."""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "pyramid_lab"]


def _run(arguments: list[str], root: Path = ROOT) -> tuple[float, float, str]:
    """(wall seconds, processor seconds, stdout) of one fresh process run in ``root``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(
        [*COMMAND, *arguments], cwd=root, capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=9, help="runs of each command (default 9)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to run")
    parser.add_argument("file", nargs="?", default="examples/pyraos/empty.pyr.json")
    args = parser.parse_args()
    commands = {
        "--version": ["--version"],
        "solve": ["solve", args.file],
        "analyze --engine": ["analyze", "--engine", args.file],
    }
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    own: dict[str, list[float]] = {"solve": [], "analyze --engine": []}
    env_note = (
        "PYTHONDONTWRITEBYTECODE set: modules compile each run"
        if os.environ.get("PYTHONDONTWRITEBYTECODE")
        else "bytecode cached"
    )
    _run(["solve", args.file], args.root)  # (the bytecode written once)
    for _ in range(args.n):
        for name, arguments in commands.items():
            wall, cpu, out = _run(arguments, args.root)
            walls[name].append(wall)
            cpus[name].append(cpu)
            if name == "solve":
                own[name].append(float(json.loads(out)["seconds"]))
            elif name == "analyze --engine":
                own[name].append(float(json.loads(out)["engine"]["seconds"]))
    load = os.getloadavg()[0]
    print(
        f"{args.root}: {args.file}, {args.n} runs each, interleaved ({env_note}), load {load:.1f}"
    )
    for name in commands:
        w, c = walls[name], cpus[name]
        print(
            f"  {name:18s} wall best {min(w):.3f} s, median {statistics.median(w):.3f} s;"
            f" processor best {min(c):.3f} s"
        )
    for name, seconds in own.items():
        bound = 2 * min(walls["--version"]) + min(seconds)
        verdict = "within" if min(walls[name]) <= bound else "over"
        print(
            f"  {name}: own time (its JSON's) best {min(seconds):.3f} s; wall"
            f" {min(walls[name]):.3f} s against 2 x --version + own = {bound:.3f} s: {verdict}"
        )


if __name__ == "__main__":
    main()
