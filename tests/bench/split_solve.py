"""Benchmark: the split solve on a local Dask cluster of 2 workers against the single search
(one process) and against the split solve on 1 worker, side by side in one run, on a base-4
stacking Partition position (issue 37: 2 workers at least 1.7x of 1).

Run by hand (about 2 minutes on an idle 2-core machine with the defaults):
  .venv/bin/python tests/bench/split_solve.py [--workers 2] [--table-mb 1024] [--plies P]
  .venv/bin/python tests/bench/split_solve.py --full   # the empty pyramid: ~250 s single

By default the position is the empty base-4 stacking pyramid after red 0,0,0, blue 3,3,0,
red 3,0,0, blue 0,3,0 (the four base corners taken; red to move loses: some 50 million
positions for the single search); ``--moves`` takes another line from the empty pyramid.
The single search is ``model.search.solve`` (the compiled df-pn, one table), the split one
``model.search.cluster.split_solve`` with no checkpoint (every unit proven now); both with
``--table-mb`` (each worker its own table). The split's wall time counts the cluster's
start and each worker's first load of the compiled kernels (numba's cache on disk; warm
it first: ``python -c "from pyramid_lab.model.search import warm_up;
warm_up(knowledge=None)"``, or the first compile is counted). ``--one-worker-too`` adds
the split solve on 1 worker (the ratio the issue asks for); ``--unshared-too`` adds 2
workers without the table they share
(``shared`` False: each worker its own table, as before the shared one). Printed: each
side's answer, wall seconds, positions, units, and the ratios, with the load average
before and after (the machine is shared: a ratio means something only on an otherwise idle
machine). Both must give the same answer.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(HERE))

from pyramid_lab.model.files import read  # noqa: E402
from pyramid_lab.model.search import cluster, knowledge_for, solve  # noqa: E402

MIDGAME = "0,0,0 3,3,0 3,0,0 0,3,0"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--table-mb", type=float, default=1024)
    parser.add_argument("--plies", type=int, default=None, help="the split's frontier depth")
    parser.add_argument("--moves", default=MIDGAME, help="moves from the empty pyramid")
    parser.add_argument("--full", action="store_true", help="the empty pyramid (~4 min single)")
    parser.add_argument("--split-first", action="store_true", help="run the split one first")
    parser.add_argument(
        "--one-worker-too",
        action="store_true",
        help="also the split solve on 1 worker: what the split gains apart from parallelism",
    )
    parser.add_argument(
        "--unshared-too",
        action="store_true",
        help="also 2 workers without the table they share (each its own only)",
    )
    args = parser.parse_args()
    game = read(HERE / "examples/partition/empty-base4-stacking.pyr.json").game
    line = [] if args.full else args.moves.split()
    for text in line:
        game.push_text(text)
    print(f"position: empty base-4 stacking pyramid after {' '.join(line) or 'nothing'}")
    print(f"cores {os.cpu_count()}, load before {load()}", flush=True)

    def single() -> tuple[str, float, int, str]:
        began = time.perf_counter()
        result = solve(game, book=False, table_mb=args.table_mb, knowledge=knowledge_for(game))
        return result.value, time.perf_counter() - began, result.nodes, "1 unit"

    last: list[cluster.SplitStatus] = []

    def split(workers: int, shared: bool = True) -> tuple[str, float, int, str]:
        last.clear()
        began = time.perf_counter()
        answer = cluster.split_solve(
            game,
            workers=workers,
            plies=args.plies,
            book=False,
            table_mb=args.table_mb,
            shared=shared,
            checkpoint=None,
            progress=last.append,
            knowledge_of=knowledge_for,
        )
        wall = time.perf_counter() - began
        units = answer.units
        searching = last[-1].seconds if last else wall
        detail = (
            f"{units.proven} of {units.total} units proven ({answer.plies} plies deep), "
            f"{searching:.1f} s after the cluster started"
        )
        return answer.result.value, wall, answer.result.nodes, detail

    order = [("split", lambda: split(args.workers)), ("single", single)]
    if not args.split_first:
        order.reverse()
    if args.one_worker_too:
        order.append(("split1", lambda: split(1)))
    if args.unshared_too:
        order.append(("unshared", lambda: split(args.workers, False)))
    got = {}
    for name, run in order:
        value, wall, nodes, detail = run()
        got[name] = (value, wall)
        label = {
            "single": "single search",
            "split1": "split, 1 worker",
            "unshared": f"split, {args.workers} unshared",
        }.get(name, f"split, {args.workers} workers")
        print(f"{label:>18}: {value}, {wall:7.1f} s wall, {nodes:>13,} positions, {detail}")
        print(f"{'':>18}  load now {load()}", flush=True)
    if len({value for value, _ in got.values()}) != 1:
        raise SystemExit("the answers differ")
    print(f"ratio single / split: {got['single'][1] / got['split'][1]:.2f}x")
    if "split1" in got:
        print(f"ratio split 1 worker / split: {got['split1'][1] / got['split'][1]:.2f}x")
    if "unshared" in got:
        print(f"ratio unshared / shared: {got['unshared'][1] / got['split'][1]:.2f}x")


if __name__ == "__main__":
    main()
