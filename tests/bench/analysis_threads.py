"""Benchmark: the engine's analysis on one thread and on N threads, side by side in one run.

Run by hand:  .venv/bin/python tests/bench/analysis_threads.py [--threads N] [--seconds S]
              [--rounds R] [--games partition-4,partition-5,pyraos,terrace]

For each game's starting position (Pyramid Partition base 4 and 5, Pyraos, Allmer's
Pyramid) it runs ``analyse(game, seconds=S, threads=t)`` (what ``pyramid-lab analyze
--engine --threads t`` and the window's Analysis dock run) for t = 1 and t = N in turn,
R rounds each, and prints the playouts of each (summed over the rounds: the same seconds
for both), their ratio, and the machine's load before and after (other work on the
machine takes cores from the N threads; the ratio means something on an idle machine).
The "cores" columns are the CPU seconds the process got over the wall seconds of each
side: on an idle machine about 1 and N (N threads searching at once, the interpreter's
lock released); on a loaded one, what the scheduler gave, which bounds the ratio. The
playouts per CPU second ("per cpu s") show whether a thread's playouts cost more on N
threads (they should not: the threads share nothing while they search).
Goal (issue 37): at least 1.7x the playouts of one thread with the default N (the cores).
Defaults: N the cores, S = 3, R = 2: about a minute. The compiled core is warmed up first.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run by hand

from pyramid_lab.model.game import Game
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.model.search import analyse, computer, knowledge_for, warm_up
from pyramid_lab.model.terrace import Terrace

GAMES: dict[str, Callable[[], Game]] = {
    "partition-4": lambda: Partition.new(PartitionOptions(4)),
    "partition-5": lambda: Partition.new(PartitionOptions(5)),
    "pyraos": Pyraos.new,
    "terrace": Terrace.new,
}
GOAL = 1.7


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def playouts(game: Game, seconds: float, threads: int, seed: int) -> tuple[int, str, float, float]:
    """The analysis's playouts and agent, and the CPU and wall seconds it took."""
    cpu0, wall0 = cpu(), time.perf_counter()
    analysis = analyse(
        game, seconds=seconds, threads=threads, seed=seed, knowledge=knowledge_for(game)
    )
    return analysis.visits, analysis.agent, cpu() - cpu0, time.perf_counter() - wall0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=computer.default_threads(), metavar="N")
    parser.add_argument("--seconds", type=float, default=3.0, metavar="S")
    parser.add_argument("--rounds", type=int, default=2, metavar="R")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    names = [name for name in args.games.split(",") if name]
    unknown = [name for name in names if name not in GAMES]
    if unknown:
        parser.error(f"--games: {', '.join(unknown)} not one of {', '.join(GAMES)}")
    n = args.threads
    print(f"compiling or loading the compiled core: {warm_up(knowledge=None):.1f} s")
    print(
        f"analyse(seconds={args.seconds:g}) x {args.rounds} rounds, 1 thread and {n} "
        f"threads in turn; {os.cpu_count()} cores, {computer.default_threads()} for this process"
    )
    print(f"before: {load()}")
    print(
        f"  {'game':12} {'agent':10} {'1 thread':>12} {f'{n} threads':>12} {'ratio':>7}"
        f" {'cores':>6} {'cores':>6} {'per cpu s':>10} {'per cpu s':>10}"
    )
    ratios = []
    began = time.perf_counter()
    for name in names:
        game = GAMES[name]()
        totals, cpus, walls = {1: 0, n: 0}, {1: 0.0, n: 0.0}, {1: 0.0, n: 0.0}
        agent = ""
        for round_ in range(args.rounds):
            for threads in (1, n) if round_ % 2 == 0 else (n, 1):  # neither always first
                count, agent, spent, wall = playouts(game, args.seconds, threads, round_)
                totals[threads] += count
                cpus[threads] += spent
                walls[threads] += wall
        ratio = totals[n] / max(totals[1], 1)
        ratios.append(ratio)
        cores = [cpus[t] / max(walls[t], 1e-9) for t in (1, n)]
        rates = [totals[t] / max(cpus[t], 1e-9) for t in (1, n)]
        print(
            f"  {name:12} {agent:10} {totals[1]:>12,} {totals[n]:>12,} {ratio:>6.2f}x"
            f" {cores[0]:>6.2f} {cores[1]:>6.2f} {rates[0]:>10,.0f} {rates[1]:>10,.0f}",
            flush=True,
        )
    print(f"after:  {load()}  ({time.perf_counter() - began:.0f} s)")
    worst = min(ratios)
    verdict = "met" if worst >= GOAL else "not met on this run"
    print(f"goal: {GOAL}x one thread's playouts on {n} threads: {verdict} (worst {worst:.2f}x)")


if __name__ == "__main__":
    main()
