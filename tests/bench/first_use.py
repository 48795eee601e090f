"""Benchmark: the first use of each search the window starts, right after the set-up
(issue 58 item 6: no silent first-use wait).

Run by hand:  .venv/bin/python tests/bench/first_use.py [--uses verify,analysis,hint,solve]
              [--keep-cache DIR] [--puzzles FILE,...]

A fresh set-up as a new user has it: numba's cache emptied (a folder of its own,
``NUMBA_CACHE_DIR``, so this checkout's own cache is left alone), then the set-up's
warm-up (``scripts/setup.sh``'s two commands) in a fresh process; then each use twice, each
time in a fresh process, as the window runs it:

- verify: ``model.search.verify`` of a base-3 puzzle of 3 plies
  (model/data/puzzles/partition/floating-3-win-in-2-a.pyr.json), the Puzzle dock's Verify;
- analysis: ``model.search.analyse`` (2 s, the cores' threads) of that position, the
  Analysis dock;
- hint: the strong level's agent (the cores' threads) on it, Hint;
- solve: ``model.search.solve`` of it (at most 60 s), Solve.

``--puzzles`` names other positions (e.g. a Pyraos and an Allmer's Pyramid puzzle too:
the other kernels), each with every use.

For each it prints the first and the second run's seconds (the process's own work, after
its imports), their ratio (1.0: nothing was compiled on first use) and the compiled
functions numba built on the first run (the files its cache gained): the ones the warm-up
missed. The machine's load is printed before and after: a compile is CPU work, and
the ratio means most on a quiet machine. Takes the warm-up's compile (a minute or two of
CPU) and some seconds a use.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = ROOT / "model/data/puzzles/partition/floating-3-win-in-2-a.pyr.json"

WARM_UP = [  # scripts/setup.sh's warm-up, word for word
    "import model.search.compiled",
    "from model.search.compiled.warm import warm_up; warm_up()",
]

USE = r"""
import sys, time
from model import search
from model.search import computer
from viewer.documents import read_position
doc = read_position(sys.argv[2])
game, what = doc.game, sys.argv[1]
began = time.perf_counter()
if what == "verify":
    answer = search.verify(game, doc.puzzle).to_json()["verified"]
elif what == "analysis":
    answer = search.analyse(game, seconds=2.0, threads=computer.default_threads()).proven_text
elif what == "hint":
    agent, limits = computer.agent_for(game, "strong", threads=computer.default_threads())
    answer = agent.choose(game, limits).move
elif what == "solve":
    answer = search.solve(game, max_seconds=60).value
print(f"SECONDS {time.perf_counter() - began:.3f} {answer}")
"""

USES = ("verify", "analysis", "hint", "solve")


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


def run(code: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *code], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )


def cached(cache: str) -> set[Path]:
    """The compiled functions in numba's cache (a file each signature)."""
    return set(Path(cache).rglob("*.nbc"))


def names(files: set[Path]) -> list[str]:
    """'module.function' of each cached file ('dfpn.run-220.py311.1.nbc': 'dfpn.run')."""
    return sorted({re.sub(r"-\d+\.py\d+\.\d+\.nbc$", "", f.name) for f in files})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uses", default=",".join(USES))
    parser.add_argument("--keep-cache", default=None, metavar="DIR", help="use this cache folder")
    parser.add_argument(
        "--puzzles",
        default=str(PUZZLE.relative_to(ROOT)),
        metavar="FILE,...",
        help="the positions (puzzles: Verify proves their goal), each with every use",
    )
    args = parser.parse_args()
    uses = [u for u in args.uses.split(",") if u]
    bad = [u for u in uses if u not in USES]
    if bad:
        parser.error(f"--uses: {', '.join(bad)} not one of {', '.join(USES)}")
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as temp:
        cache = args.keep_cache or temp
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        print(f"numba's cache: {cache} (emptied); before: {load()}")
        began = time.perf_counter()
        for line in WARM_UP:
            done = run(["-c", line], env)
            if done.returncode:
                sys.exit(f"the warm-up failed:\n{done.stderr[-2000:]}")
        print(f"the set-up's warm-up: {time.perf_counter() - began:.1f} s", flush=True)
        print(f"  {'use':9} {'first':>8} {'second':>8} {'ratio':>6}  compiled on first use")
        for puzzle, use in ((p, u) for p in args.puzzles.split(",") if p for u in uses):
            if use == uses[0]:
                print(f"  {puzzle}:")
            times, missed = [], []
            for attempt in range(2):
                before = cached(cache)
                done = run(["-c", USE, use, str(ROOT / puzzle)], env)
                found = re.search(r"SECONDS (\S+)", done.stdout)
                if done.returncode or found is None:
                    sys.exit(f"{use} failed:\n{done.stdout[-1000:]}{done.stderr[-2000:]}")
                times.append(float(found.group(1)))
                if attempt == 0:
                    missed = names(cached(cache) - before)
            built = ", ".join(missed) if missed else "none"
            ratio = times[0] / times[1]
            print(
                f"  {use:9} {times[0]:>7.2f}s {times[1]:>7.2f}s {ratio:>5.2f}x  {built}", flush=True
            )
        print(f"after: {load()} ({time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
