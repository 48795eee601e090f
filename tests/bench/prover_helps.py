"""Benchmark: the compiled df-pn's helps (issue 37, item 3), each alone and all together
against none, on base-4 Pyramid Partition questions.

Run by hand:  .venv/bin/python tests/bench/prover_helps.py [--seed 37] [--questions 8]
                  [--cap 4000000] [--full --seconds 600 [--runs none,default]
                  [--versions stacking] [--skip-questions]]

The questions: positions after 10 to 16 random balls (floating) or 4 to 10 (stacking, whose
positions settle sooner), from ``--seed``, each asked "does the side to move win?" over all
its empty points (its value: the pyramid always has a winner). A position is kept when the
search without helps settles it within ``--cap`` positions (about 2 to 5 s on a shared
machine); positions are the measure that does not depend on the load, so they lead. Each
question is asked afresh (a new table) with no help, each help alone (decided corners, dead
points, move order, first proof numbers), all of them and the default set
(``DEFAULT_HELPS``); the answers must agree. ``--full`` adds the empty base-4 pyramids
(stacking is settled without helps in some 250 million positions; floating is not), each
run stopped after ``--seconds``, printing how far it got: the root's proof and disproof
numbers. Default run: about two minutes.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run by hand

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.search.compiled import dfpn
from pyramid_lab.model.search.compiled.proof import DEFAULT_HELPS, ProofSearch, warm_up
from pyramid_lab.model.search.stop import SearchStopped
from tests.model.handed import adapter_for

RUNS = {
    "none": 0,
    **dfpn.HELP_NAMES,
    "all": dfpn.ALL_HELPS,
    "default": DEFAULT_HELPS,
}


def question(game: Partition) -> tuple[np.ndarray, int, Any]:
    adapter = adapter_for(game)
    assert adapter is not None
    return adapter.state(game), game.lattice.count - len(game.pieces()), adapter


def ask(
    adapter: Any,
    state: np.ndarray,
    left: int,
    helps: int,
    cap: int | None,
    seconds: float,
    table_mb: float = 64,
) -> tuple[str, int, float, tuple[int, int]]:
    """(answer "win"/"loss"/"unknown", positions, seconds, root pn/dn when unknown)."""
    search = ProofSearch(adapter, table_mb=table_mb, helps=helps)
    began = time.perf_counter()

    def tick() -> None:
        if cap is not None and search.nodes > cap:
            raise SearchStopped("cap")
        if time.perf_counter() - began > seconds:
            raise SearchStopped("time")

    try:
        answer = search.ask(state, True, left, tick)
    except SearchStopped:
        # the root's numbers from its children's (the root is stored only once answered)
        f = search.frames
        assert f is not None
        n = int(f.count[0])
        pn = int(f.cpn[0, :n].min())
        dn = int(min(f.cdn[0, :n].sum(), dfpn.LIMIT))
        return "unknown", search.nodes, time.perf_counter() - began, (pn, dn)
    spent = time.perf_counter() - began
    return ("win" if answer.proven else "loss"), answer.nodes, spent, (0, 0)


#: Balls placed before a question: stacking's positions settle much sooner than floating's.
BALLS = {"floating": (10, 16), "stacking": (4, 10)}


def candidates(version: str, seed: int):
    rng = random.Random(f"{seed}-{version}")
    while True:
        game = Partition.new(PartitionOptions(4, version))
        for _ in range(rng.randint(*BALLS[version])):
            if game.is_over():
                break
            game.push(rng.choice(game.legal_moves()))
        if not game.is_over():
            yield Partition.from_setup(game.options, game.to_move, game.pieces())


def table(title: str, rows: list[tuple[str, dict[str, tuple[str, int, float]]]]) -> None:
    names = list(RUNS)
    print(f"\n{title}: positions searched (seconds), each help alone and all vs none")
    print(f"{'question':<24}" + "".join(f"{n:>20}" for n in names))
    totals = {n: [0, 0.0] for n in names}
    for label, runs in rows:
        cells = []
        for n in names:
            _, nodes, seconds = runs[n]
            totals[n][0] += nodes
            totals[n][1] += seconds
            cells.append(f"{nodes:>11,} ({seconds:5.2f})")
        print(f"{label:<24}" + "".join(f"{c:>20}" for c in cells))
    print(f"{'total':<24}" + "".join(f"{t[0]:>11,} ({t[1]:5.1f})" for t in totals.values()))
    base_nodes, base_seconds = totals["none"]
    print(
        f"{'none / help':<24}"
        + "".join(
            f"{base_nodes / max(t[0], 1):>12.2f}x {base_seconds / max(t[1], 1e-9):5.2f}x"
            for t in totals.values()
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--questions", type=int, default=8, help="per version")
    parser.add_argument("--cap", type=int, default=4_000_000, help="positions, baseline")
    parser.add_argument("--full", action="store_true", help="the empty pyramids too")
    parser.add_argument("--seconds", type=float, default=600.0, help="per run with --full")
    parser.add_argument("--table-mb", type=float, default=1024.0, help="with --full")
    parser.add_argument(
        "--runs", default=",".join(RUNS), help="with --full: which, comma-separated"
    )
    parser.add_argument(
        "--versions", default="stacking,floating", help="with --full: which, comma-separated"
    )
    parser.add_argument("--skip-questions", action="store_true", help="only the --full runs")
    args = parser.parse_args()
    small = adapter_for(Partition.new(PartitionOptions(2, "floating")))
    assert small is not None
    print(f"compiling or loading the compiled search: {warm_up(small, 'dfpn'):.1f} s", flush=True)
    disagreements = 0
    for version in () if args.skip_questions else ("floating", "stacking"):
        rows = []
        tried = 0
        for game in candidates(version, args.seed):
            if len(rows) == args.questions or tried >= 6 * args.questions:
                break
            tried += 1
            state, left, adapter = question(game)
            base = ask(adapter, state, left, 0, args.cap, 60.0)
            if base[0] == "unknown":
                continue
            runs = {"none": base[:3]}
            for name, helps in RUNS.items():
                if name != "none":
                    runs[name] = ask(adapter, state, left, helps, None, 120.0)[:3]
                    if runs[name][0] != base[0]:
                        disagreements += 1
                        print(f"DISAGREE {name}: {runs[name][0]} v {base[0]}", flush=True)
            label = f"{len(game.pieces())} balls, {game.to_move} {base[0]}"
            rows.append((label, runs))
            print(f"  {version} question {len(rows)}: {label}", flush=True)
        table(f"base-4 {version}, {len(rows)} questions (of {tried} tried)", rows)
    if args.full:
        for version in args.versions.split(","):
            game = Partition.new(PartitionOptions(4, version))
            state, left, adapter = question(game)
            left -= 1  # red's wins end on odd plies: 29 is the whole game
            print(f"\nempty base-4 {version} pyramid, at most {args.seconds:g} s a run:")
            used = resource.getrusage(resource.RUSAGE_SELF)
            cpu_before = used.ru_utime + used.ru_stime
            for name in args.runs.split(","):
                helps = RUNS[name]
                value, nodes, seconds, (pn, dn) = ask(
                    adapter, state, left, helps, None, args.seconds, args.table_mb
                )
                used = resource.getrusage(resource.RUSAGE_SELF)
                now = used.ru_utime + used.ru_stime
                cpu, cpu_before = now - cpu_before, now
                far = f", root pn about {pn:,} dn {dn:,}" if value == "unknown" else ""
                print(
                    f"  {name:<8} {value:<8} {nodes:>14,} positions {seconds:8.1f} s "
                    f"({cpu:.1f} s of processor){far}",
                    flush=True,
                )
    print(f"\ndisagreements: {disagreements}")
    if disagreements:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
