"""Benchmark: the analysis' playouts against an older commit's, alternated in one run (issue
58 item 1: the exact-first step spends time only where it can settle).

Run by hand:
  git -C /work/main worktree add --detach /work/base-befad60 befad60   (the commit before
      the exact-first step; its .venv a link to this checkout's)
  .venv/bin/python tests/bench/exact_first.py [--before /work/base-befad60] [--seconds 2]
      [--rounds 3] [--threads 1,2] [--game partition-5] [--this CHECKOUT]

Two worker processes, one per checkout (its code first on ``PYTHONPATH``, the compiled core
warmed up before any timing), take turns: each round every thread count once in each
checkout, the checkout going first alternating, ``analyse(game, seconds=S, threads=t)`` of
the game's empty start (what the Analysis dock runs). It prints the playouts of each summed
over the rounds, the ratio (this checkout / the older one: goal at least 1.0 on 1 thread and
on 2 for the empty base-5 Partition pyramid), the spread of the per-round ratios, the
analyses' CPU over wall seconds ("cores": what the machine gave; on a loaded machine the
ratio is noisy, run it a few times), the ratio of the playouts per CPU second (what a
loaded machine's share does not blur) and the machine's load before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORKER = r"""
import json, resource, sys, time
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.terrace import Terrace
from pyramid_lab.model.search import analyse, knowledge_for, warm_up
GAMES = {
    "partition-4": lambda: Partition.new(PartitionOptions(4)),
    "partition-5": lambda: Partition.new(PartitionOptions(5)),
    "partition-6": lambda: Partition.new(PartitionOptions(6)),
    "terrace": Terrace.new,
}
warm_up(knowledge=None)
print("ready", flush=True)
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
for line in sys.stdin:
    game, seconds, threads, seed = json.loads(line)
    position = GAMES[game]()
    cpu0, wall0 = cpu(), time.perf_counter()
    analysis = analyse(position, knowledge=knowledge_for(position), seconds=seconds,
                       threads=threads, seed=seed)
    print(json.dumps([analysis.visits, analysis.agent, cpu() - cpu0, time.perf_counter() - wall0]),
          flush=True)
"""


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


class Worker:
    """One checkout's analysis in a process of its own."""

    def __init__(self, tree: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        ready = self.process.stdout.readline()
        if ready.strip() != "ready":
            sys.exit(f"{tree}: the worker did not start ({ready!r})")

    def analyse(self, game: str, seconds: float, threads: int, seed: int) -> list[float]:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps([game, seconds, threads, seed]) + "\n")
        self.process.stdin.flush()
        answer: list[float] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, default=Path("/work/base-befad60"))
    parser.add_argument(
        "--this", type=Path, default=ROOT, help="the checkout measured (default: this one)"
    )
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--game", default="partition-5")
    args = parser.parse_args()
    if not (args.before / "model").is_dir():
        parser.error(f"--before: {args.before} is no checkout (see the module's docstring)")
    counts = [int(t) for t in args.threads.split(",") if t]
    print(f"before: {load()}; warming up both checkouts", flush=True)
    trees = {"this": args.this.resolve(), "before": args.before.resolve()}
    workers = {name: Worker(tree) for name, tree in trees.items()}
    totals = {(n, t): 0.0 for n in trees for t in counts}
    cores = {(n, t): [0.0, 0.0] for n in trees for t in counts}
    rounds: dict[int, list[float]] = {t: [] for t in counts}
    agent = ""
    began = time.perf_counter()
    try:
        for round_ in range(args.rounds):
            for threads in counts:
                order = ("this", "before") if round_ % 2 == 0 else ("before", "this")
                got = {}
                for name in order:
                    visits, agent_, spent, wall = workers[name].analyse(
                        args.game, args.seconds, threads, round_
                    )
                    agent = str(agent_)
                    got[name] = visits
                    totals[name, threads] += visits
                    cores[name, threads][0] += spent
                    cores[name, threads][1] += wall
                rounds[threads].append(got["this"] / max(got["before"], 1))
    finally:
        for worker in workers.values():
            worker.close()
    print(
        f"analyse({args.game}, seconds={args.seconds:g}) x {args.rounds} rounds, {agent}; "
        f"{args.this} vs {args.before}"
    )
    print(
        f"  {'threads':>7} {'this':>11} {'before':>11} {'ratio':>6}  {'per round':24} "
        f"{'cores':10} per CPU s ratio"
    )
    for threads in counts:
        ratio = totals["this", threads] / max(totals["before", threads], 1)
        spread = " ".join(f"{r:.2f}" for r in rounds[threads])
        got = " ".join(f"{c / max(w, 1e-9):.2f}" for c, w in (cores[n, threads] for n in trees))
        rate = {n: totals[n, threads] / max(cores[n, threads][0], 1e-9) for n in trees}
        print(
            f"  {threads:>7} {totals['this', threads]:>11,.0f} "
            f"{totals['before', threads]:>11,.0f} {ratio:>5.2f}x  {spread:24} {got:10} "
            f"{rate['this'] / max(rate['before'], 1e-9):.2f}x"
        )
    print(f"after:  {load()}  ({time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
