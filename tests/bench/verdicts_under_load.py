"""Benchmark: the analysis' verdicts with busy processes beside it, this checkout against an
older one in the same run (issue 58 item 2: the same verdicts under load).

Run by hand:  .venv/bin/python tests/bench/verdicts_under_load.py [--before /work/base]
              [--busy 5] [--rounds 3] [--no-book]

Each round, for each checkout in turn (the first alternating), a fresh process with that
checkout's code warms the compiled core up, starts ``--busy`` processes that spin for the
analysis' time (five on two cores: a load of about 6 besides the machine's own), runs
``analyse`` (2 s) of the empty base-3 floating Partition pyramid, and says how many of its 14
moves are proven and how many wall and CPU seconds it took. ``--no-book`` hides the book
from both (the shipped base-3 entries are this checkout's; without them the solver's CPU
budget is what keeps the verdicts). Prints the proven moves of each round, their sum as a
ratio against the older checkout's, and the machine's load before and after.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RUN = r"""
import subprocess, sys, time
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.search import analyse, books, knowledge_for, warm_up
busy, no_book = int(sys.argv[1]), sys.argv[2] == "1"
warm_up(knowledge=None)
if no_book:
    book = books.book_for("partition")
    book._shipped = book.Book([])
loop = "import time\nend = time.time() + 60\nwhile time.time() < end: pass"
spinning = [subprocess.Popen([sys.executable, "-c", loop]) for _ in range(busy)]
try:
    time.sleep(0.3)
    game = Partition.new(PartitionOptions(3, "floating"))
    wall, cpu = time.perf_counter(), time.process_time()
    analysis = analyse(game, knowledge=knowledge_for(game), seconds=2.0, seed=1)
    proven = sum(s.proven is not None for s in analysis.moves)
    print("RESULT", proven, len(analysis.moves), time.perf_counter() - wall,
          time.process_time() - cpu, analysis.agent)
finally:
    for process in spinning:
        process.kill()
"""


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, default=Path("/work/base"))
    parser.add_argument("--busy", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-book", action="store_true")
    args = parser.parse_args()
    if not (args.before / "model").is_dir():
        parser.error(f"--before: {args.before} is no checkout")
    trees = {"this": ROOT, "before": args.before.resolve()}
    print(f"before: {load()}; {args.busy} busy processes beside each analysis", flush=True)
    proven = {name: 0 for name in trees}
    moves = 0
    began = time.perf_counter()
    for round_ in range(args.rounds):
        order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
        for name in order:
            env = {**os.environ, "PYTHONPATH": str(trees[name])}
            done = subprocess.run(
                [sys.executable, "-c", RUN, str(args.busy), "1" if args.no_book else "0"],
                cwd=trees[name],
                env=env,
                capture_output=True,
                text=True,
                check=False,
            )
            line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT")), None)
            if line is None:
                sys.exit(f"{name}: no result\n{done.stdout[-1000:]}{done.stderr[-2000:]}")
            _, got, total, wall, cpu, *agent = line.split()
            proven[name] += int(got)
            moves += int(total) if name == "this" else 0
            print(
                f"  round {round_ + 1} {name:6} {got:>2} of {total} proven, {float(wall):.2f} s"
                f" wall, {float(cpu):.2f} s CPU ({' '.join(agent)})",
                flush=True,
            )
    ratio = f"{proven['this'] / proven['before']:.2f}x" if proven["before"] else "(none before)"
    this, before = proven["this"], proven["before"]
    print(f"proven: this {this} of {moves}, before {before} of {moves}: {ratio}")
    print(f"after: {load()} ({time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
