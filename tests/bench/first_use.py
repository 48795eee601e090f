"""Benchmark: the first use of each search, as a new user meets it (issue 63: no first use
shows; issue 58 item 6: no silent first-use wait).

Run by hand:  .venv/bin/python tests/bench/first_use.py [--uses analysis,verify,fill,hint,lesson]
              [--busy N] [--warm-up] [--keep-cache DIR] [--puzzles FILE,...]

A fresh install as a new user has it (a regular ``pip install .``: nothing compiled):
numba's cache empty (a folder of its own, ``NUMBA_CACHE_DIR``, so this checkout's own cache
is left alone), a new one for each use, so that each first run compiles what that use needs
(with ``--warm-up``: the set-up's warm-up first, ``scripts/setup.sh``'s command, and one
cache for all: what the warm-up missed). Then each use twice, each time in a fresh process,
as the window or the command line runs it:

- analysis: ``model.search.analyse`` (3 s, the cores' threads) of a base-3 puzzle of 3
  plies (model/data/puzzles/partition/floating-3-win-in-2-a.pyr.json), the Analysis dock;
- verify: ``model.search.verify`` of that puzzle, the Puzzle dock's Verify;
- fill: the answers of lesson 8's win-within task (``model.lesson_check.right_answers`` with
  ``search.Judge(search.knowledge_for)``, 08-three-corners-win, step 2), the lesson editor's
  Fill from rules;
- hint: the window's Hint on the puzzle (the game's value where the solver settles it in
  its second, else the strong level's agent on the cores' threads);
- lesson: ``pyramid-lab lesson check`` of lesson 8 (the whole command, its process);
- script: a script's first analysis (issue 87), ``pl.new("partition", size=4).analyse(seconds=2)``
  with no logging set up, as a notebook runs it: also the seconds from the call to its first
  word on stderr (the first use's warning that it compiles), and that word.

For each it prints the first and the second run's seconds (the process's own work after
its imports: compiling or loading included), the seconds the search itself counted (its
time limit's clock: the same on both runs where compiling is off the clock; "-" where the
use reports none), the answer of each run (the same on both: no verdict depends on a
first use) and whether the first run said it was compiling. ``--busy N`` runs N busy
processes beside it (each ends by itself within the bench's time), a busy laptop. The
machine's load is printed before and after. Takes a compile per use (a quarter to a whole
minute of CPU each) and some seconds a use.
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
LESSON = ROOT / "model/data/lessons/partition/08-three-corners-win.lesson.json"

WARM_UP = [sys.executable, "-m", "pyramid_lab.model.search.compiled.warm"]  # scripts/setup.sh's

USE = r"""
import sys, time
began = time.perf_counter()
from pyramid_lab.model import search
from pyramid_lab.model.search import computer
from pyramid_lab.model.files import read
from pyramid_lab.model.lesson import read as read_lesson, right_answers
what, path = sys.argv[1], sys.argv[2]
said = []
counted = None
if what == "fill":
    lesson = read_lesson(path)
    step = next(s for s in lesson.steps if s.task is not None and s.task.kind == "win-within")
    began = time.perf_counter()
    judge = search.Judge(search.knowledge_for)
    answer = sorted(right_answers(step.task, step.position(), wins=judge))
else:
    doc = read(path)
    game = doc.game
    began = time.perf_counter()
    if what == "verify":
        verdict = search.verify(game, doc.puzzle, knowledge=search.knowledge_for(game))
        answer, counted = verdict.result, verdict.seconds
    elif what == "analysis":
        analysis = search.analyse(
            game, knowledge=search.knowledge_for(game), seconds=3.0,
            threads=computer.default_threads(),
            progress=lambda f, text: said.append(text),
        )
        answer, counted = analysis.proven_text, analysis.seconds
    elif what == "hint":
        choice = search.exact_choice(game, knowledge=search.knowledge_for(game))
        if choice is None:
            agent, limits = computer.agent_for(game, "strong", knowledge=search.knowledge_for(game),
                                              threads=computer.default_threads())
            choice = agent.choose(game, limits, progress=lambda f, text: said.append(text))
        answer, counted = str(choice.move), choice.seconds
compiling = any(text.startswith("compiling") for text in said)
print(f"SECONDS {time.perf_counter() - began:.3f} {counted} {compiling} {answer}")
"""

USES = ("analysis", "verify", "fill", "hint", "lesson", "script")

#: A script's first analysis: the call's and the end's moments on the machine's monotonic
#: clock (stdout), what it says on stderr as it goes (the parent stamps each line).
SCRIPT = r"""
import time
import pyramid_lab as pl
pos = pl.new("partition", size=4)
print(f"CALL {time.monotonic()}", flush=True)
analysis = pos.analyse(seconds=2)
print(f"DONE {time.monotonic()} {analysis.moves[0].move}", flush=True)
"""


def script_once(env: dict[str, str]) -> tuple[float, str, str, bool]:
    """(seconds, the seconds to the first word on stderr and that word, the answer, said it
    compiles) of a script's first analysis, its stderr read line by line as it comes."""
    import threading

    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT],
        cwd=tempfile.gettempdir(),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    said: list[tuple[float, str]] = []

    def read_stderr() -> None:
        assert child.stderr is not None
        for line in child.stderr:
            said.append((time.monotonic(), line.rstrip()))

    reader = threading.Thread(target=read_stderr)
    reader.start()
    out, _ = child.communicate()
    reader.join()
    stamps = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    if child.returncode or "CALL" not in stamps or "DONE" not in stamps:
        return 0.0, "-", f"FAILED: {said[-1][1] if said else 'no output'}", False
    call = float(stamps["CALL"])
    done, _, answer = stamps["DONE"].partition(" ")
    first = f"{said[0][0] - call:.2f}s: {said[0][1][:70]}" if said else "nothing said"
    compiling = any("compiling" in line for _, line in said)
    return float(done) - call, first, answer, compiling


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


def run(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=tempfile.gettempdir(), env=env, capture_output=True, text=True, check=False
    )


def once(use: str, path: Path, env: dict[str, str]) -> tuple[float, str, str, bool]:
    """(seconds, the search's own seconds, the answer, said it compiles) of one run (a
    script's: the seconds to its first word on stderr, and the word, for its own)."""
    if use == "script":
        return script_once(env)
    if use == "lesson":
        began = time.perf_counter()
        done = run(
            [sys.executable, "-m", "pyramid_lab.viewer.cli", "lesson", "check", str(LESSON)], env
        )
        seconds = time.perf_counter() - began
        verdict = done.stdout.strip().rsplit(": ", 1)[-1] or done.stderr.strip()[-200:]
        return seconds, "-", f"exit {done.returncode}: {verdict}", "compiling" in done.stderr
    target = LESSON if use == "fill" else path
    began = time.perf_counter()
    done = run([sys.executable, "-c", USE, use, str(target)], env)
    found = re.search(r"SECONDS (\S+) (\S+) (\S+) (.*)", done.stdout)
    if done.returncode or found is None:  # its error's last line is its answer
        said = "compiling" in done.stderr
        error = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return time.perf_counter() - began, "-", f"FAILED: {error}", said
    counted = "-" if found.group(2) == "None" else f"{float(found.group(2)):.2f}s"
    return float(found.group(1)), counted, found.group(4), found.group(3) == "True"


def busy(count: int, seconds: float) -> list[subprocess.Popen[bytes]]:
    loop = f"import time\nend = time.time() + {seconds}\nwhile time.time() < end: pass"
    return [subprocess.Popen([sys.executable, "-c", loop]) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uses", default=",".join(USES))
    parser.add_argument("--busy", type=int, default=0, metavar="N", help="busy processes beside")
    parser.add_argument("--warm-up", action="store_true", help="the set-up's warm-up first")
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
    spinning = busy(args.busy, 3600.0)
    began = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as temp:
            shared = args.keep_cache or (temp if args.warm_up else None)
            print(f"numba's cache: {'one, ' + shared if shared else 'a new one each use'}")
            print(f"busy processes beside: {args.busy}; before: {load()}", flush=True)
            if args.warm_up:
                env = {**os.environ, "NUMBA_CACHE_DIR": str(shared), "PYTHONPATH": str(ROOT)}
                done = run(WARM_UP, env)
                if done.returncode:
                    sys.exit(f"the warm-up failed:\n{done.stderr[-2000:]}")
                print(f"the set-up's warm-up: {time.perf_counter() - began:.1f} s", flush=True)
            print(
                f"  {'use':9} {'first':>8} {'second':>8} {'ratio':>6} "
                f"{'counted':>16}  said  answers (first | second)"
            )
            for puzzle in (p for p in args.puzzles.split(",") if p):
                print(f"  {puzzle}:")
                for number, use in enumerate(uses):
                    cache = shared or os.path.join(temp, f"{number}-{use}")
                    env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
                    runs = [once(use, ROOT / puzzle, env) for _ in range(2)]
                    (first, c1, a1, said), (second, c2, a2, _) = runs
                    same = "same" if a1 == a2 else "DIFFERENT"
                    print(
                        f"  {use:9} {first:>7.2f}s {second:>7.2f}s {first / second:>5.1f}x "
                        f"{c1:>7} {c2:>7}  {'yes' if said else 'no ':4}  "
                        f"{same}: {a1[:60]} | {a2[:60]}",
                        flush=True,
                    )
    finally:
        for process in spinning:
            process.kill()
            process.wait()
    print(f"after: {load()} ({time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
