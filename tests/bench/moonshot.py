"""Benchmark: the moonshot of issue 26, the empty base-4 Partition pyramid (30 points), by the
compiled df-pn asked the open questions at once (no deepening a ply at a time, which
``solve`` does first up to 16 plies and which costs some eight times more each ply).

Run by hand:  nice -n 10 .venv/bin/python tests/bench/moonshot.py [--version floating]
                  [--seconds 600] [--table-mb 1024] [--size 4]

The two questions, "does red (to move) win within 29 plies?" and "does blue win within
30?", are asked in turn in time slices that double (2 s, 4 s, ...), on one table, as
``CompiledSolver`` does after its deepening; the pyramid fills up within 30 plies and has a
winner, so the first question settled settles the position. Every few seconds it prints
the nodes, the table, the memory and the root's proof and disproof numbers for the
question being asked (pn: how many more leaves at least must be proven for the win, dn:
disproven against it; "?" before the root has been stored). Compile time is not counted.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run by hand

from model.partition import Partition, PartitionOptions
from model.search.compiled import core, dfpn
from model.search.compiled.adapters import adapter_for
from model.search.compiled.proof import ProofSearch, warm_up
from model.search.solver import SearchStopped


class SliceOver(SearchStopped):
    pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--version", choices=("floating", "stacking"), default="floating")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--table-mb", type=float, default=1024.0)
    args = parser.parse_args()
    print(f"compiling or loading the compiled search: {warm_up():.1f} s", flush=True)
    game = Partition.new(PartitionOptions(args.size, args.version))
    adapter = adapter_for(game)
    assert adapter is not None
    search = ProofSearch(adapter, table_mb=args.table_mb)
    state = adapter.state(game)
    points = game.lattice.count
    # red moves first and wins with a ball last placed on an odd ply
    questions = {True: points - (points % 2 == 0), False: points - points % 2}
    names = {True: "red wins", False: "blue wins"}
    print(
        f"empty base-{args.size} {args.version} pyramid, {points} points; table "
        f"{search.table.megabytes:,.0f} MiB; at most {args.seconds:g} s",
        flush=True,
    )
    start = time.perf_counter()
    found = np.zeros(3, dtype=np.int64)
    asking = [True]
    deadline = [0.0]
    next_report = [start]

    moves = np.zeros(adapter.max_moves, dtype=np.int64)
    children = []  # the root's children, one per move (the root itself is stored only when
    child = np.zeros(core.STATE, dtype=np.int64)  # a question ends; its children as they go)
    for move in moves[: core.generate(adapter.code, search.ctx, state, moves)]:
        core.play(adapter.code, search.ctx, state, move, child)
        children.append(core.key(adapter.code, search.ctx, child))

    def root_numbers(red: bool) -> str:
        """The root's proof and disproof numbers for a question, from the table's entries
        of its children (1 and 1 for a child not stored yet): at an OR root (red's question:
        red moves and proves) pn is the least of the children's, dn their sum; at an AND
        root (blue's question) the other way round."""
        left, is_or = questions[red] - 1, 0 if red else 1
        pns, dns = [], []
        for key in children:
            if dfpn.probe(search.table.entries, key, is_or, left, found):
                pns.append(int(found[0]))
                dns.append(int(found[1]))
            else:
                pns.append(1)
                dns.append(1)
        pn, dn = (min(pns), sum(dns)) if red else (sum(pns), min(dns))
        return (
            "pn "
            + ("inf" if pn >= dfpn.INF else f"{pn:,}")
            + ", dn "
            + ("inf" if dn >= dfpn.INF else f"{dn:,}")
        )

    def report(final: bool = False) -> None:
        now = time.perf_counter()
        memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        red = asking[0]
        print(
            f"{now - start:7.1f} s  {names[red]} within {questions[red]}?  "
            f"{search.nodes:,} positions ({search.nodes / max(now - start, 1e-9):,.0f}/s), "
            f"table {search.entries:,}, memory {memory:,.0f} MB; root: red's question "
            f"{root_numbers(True)}; blue's {root_numbers(False)}" + ("  (end)" if final else ""),
            flush=True,
        )

    def tick() -> None:
        now = time.perf_counter()
        if now - start > args.seconds:
            raise SearchStopped("time limit")
        if now > deadline[0]:
            raise SliceOver("slice")
        if now >= next_report[0]:
            next_report[0] = now + 10.0
            report()

    span = 2.0
    value = "unknown (time limit)"
    try:
        while True:
            for red in (True, False):
                asking[0] = red
                deadline[0] = time.perf_counter() + span
                try:
                    answer = search.ask(state, red, questions[red], tick)
                except SliceOver:
                    continue
                winner = names[red] if answer.proven else names[not red]
                value = f"{winner} ({'proven' if answer.proven else 'the other disproven'})"
                raise StopIteration
            span *= 2
    except (StopIteration, SearchStopped, KeyboardInterrupt):
        pass
    report(final=True)
    print(f"value: {value}; {time.perf_counter() - start:.0f} s, {search.nodes:,} positions")


if __name__ == "__main__":
    main()
