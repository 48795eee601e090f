"""Benchmark: the moonshot of issue 26, the empty base-4 Partition pyramid (30 points), by the
compiled df-pn asked the open questions at once (no deepening a ply at a time, which
``solve`` does first up to 16 plies and which costs some eight times more each ply).

Run by hand:  nice -n 10 .venv/bin/python tests/bench/moonshot.py [--version floating]
                  [--seconds 600] [--table-mb 1024] [--size 4]

One question: "does red (to move) win within 29 plies?". The pyramid fills up within 30
plies and always has a winner, so it is the whole question: a disproof is blue's win, and
"does blue win within 30?" is its exact dual (df-pn finds the same numbers, swapped: asking
both, as the solver did, spends half the time twice). Every ten seconds it prints the
nodes, the table, the memory, the processor time it got (the machine is shared) and the
root's proof and disproof numbers (pn: at least how many more leaves must be proven for
red's win, dn: for blue's). Compile time is not counted.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run by hand

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.search.compiled import core, dfpn
from pyramid_lab.model.search.compiled.proof import ProofSearch, warm_up
from pyramid_lab.model.search.stop import SearchStopped
from tests.model.handed import adapter_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--version", choices=("floating", "stacking"), default="floating")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--table-mb", type=float, default=1024.0)
    args = parser.parse_args()
    game = Partition.new(PartitionOptions(args.size, args.version))
    adapter = adapter_for(game)
    assert adapter is not None
    print(f"compiling or loading the compiled search: {warm_up(adapter):.1f} s", flush=True)
    search = ProofSearch(adapter, table_mb=args.table_mb)
    state = adapter.state(game)
    points = game.lattice.count
    within = points - (points % 2 == 0)  # red moves first: its wins end on odd plies
    print(
        f"empty base-{args.size} {args.version} pyramid, {points} points; table "
        f"{search.table.megabytes:,.0f} MiB; at most {args.seconds:g} s",
        flush=True,
    )
    before = resource.getrusage(resource.RUSAGE_SELF)
    cpu_before = before.ru_utime + before.ru_stime
    start = time.perf_counter()
    found = np.zeros(3, dtype=np.int64)
    next_report = [start]

    moves = np.zeros(adapter.max_moves, dtype=np.int64)
    children = []  # the root's children, one per move (the root itself is stored only when
    child = np.zeros(core.STATE, dtype=np.int64)  # a question ends; its children as they go)
    for move in moves[: core.generate(adapter.code, search.ctx, state, moves)]:
        core.play(adapter.code, search.ctx, state, move, child)
        children.append(core.key(adapter.code, search.ctx, child))

    def root_numbers() -> str:
        """The root's proof and disproof numbers from the table's entries of its children
        (AND nodes: blue moves; 1 and 1 for a child not stored yet): at the OR root pn is
        the least of the children's, dn their sum."""
        pns, dns = [], []
        for key in children:
            if dfpn.probe(search.table.entries, key, 0, within - 1, found):
                pns.append(int(found[0]))
                dns.append(int(found[1]))
            else:
                pns.append(1)
                dns.append(1)
        pn, dn = min(pns), min(sum(dns), dfpn.INF)
        return (
            "pn "
            + ("inf" if pn >= dfpn.INF else f"{pn:,}")
            + ", dn "
            + ("inf" if dn >= dfpn.INF else f"{dn:,}")
        )

    def report(final: bool = False) -> None:
        now = time.perf_counter()
        usage = resource.getrusage(resource.RUSAGE_SELF)
        memory = usage.ru_maxrss / 1024
        cpu = usage.ru_utime + usage.ru_stime - cpu_before  # a shared machine: wall > cpu
        print(
            f"{now - start:7.1f} s (cpu {cpu:.1f} s)  red wins within {within}?  "
            f"{search.nodes:,} positions ({search.nodes / max(now - start, 1e-9):,.0f}/s), "
            f"table {search.entries:,}, memory {memory:,.0f} MB; root: "
            f"{root_numbers()}" + ("  (end)" if final else ""),
            flush=True,
        )

    def tick() -> None:
        now = time.perf_counter()
        if now - start > args.seconds:
            raise SearchStopped("time limit")
        if now >= next_report[0]:
            next_report[0] = now + 10.0
            report()

    value = "unknown (time limit)"
    try:
        answer = search.ask(state, True, within, tick)
        value = "red wins (proven)" if answer.proven else "blue wins (red's win disproven)"
    except (SearchStopped, KeyboardInterrupt):
        pass
    report(final=True)
    print(f"value: {value}; {time.perf_counter() - start:.0f} s, {search.nodes:,} positions")


if __name__ == "__main__":
    main()
