"""Pyraos's whole-game tables before and after a change, alternated in one run: the build's
phases measured in child processes that take turns, A B A B ..., each on its own tree's code
(``--before REV`` from ``git archive``, and this tree), so that the machine's load moves both
alike; each phase's processor time a position, and the median of the pairs' ratios.

    PYTHONPATH=. nice -n -5 python tests/bench/pyraos_whole_alternate.py --before f270889c
    PYTHONPATH=. python tests/bench/pyraos_whole_alternate.py --before main --pairs 3 \
        --builds 10 --base4-units 0          # base 3 only

A child builds the base-3 table ``--builds`` times by push and by rounds (one numba thread)
and checks it (``verify``), and, with ``--base4-units N``, counts the last N units of every
layer of the base-4 game (push's counting pass, :func:`whole_steps.push_layer` "count",
over an in-memory table of zero pages); it reports each phase's processor seconds (the
build's own log: ``seconds`` of each layer's entry, the process's processor time) and
positions (the log rounds a layer's seconds to 0.1 ms: the whole builds' processor time
is measured too, around ``builder.building``, files and all). The phases: those builds, push's
counting pass and push steps, the rounds' odd and even rounds, verify, base 4's
counting. A ratio is before / after (above 1: after is faster); the item asks each phase's
median at least 0.97.

Each tree's first child runs with an empty numba cache (``NUMBA_CACHE_DIR`` of its own, kept
for the tree's later children): its first build's processor time, the compile, is printed
apart and no phase counts it. The base-3 tables both trees build are compared byte for byte
(their sha256): the standard version's of every build, and each version's built once by
each method in every child. The load (``os.getloadavg``) is printed before each child.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from alternating import child, tree

#: The versions of the rules whose base-3 tables are compared byte for byte.
VERSIONS = (("standard", "0-2"), ("standard", "1-2"), ("children", "0-2"), ("alternate", "0-2"))
PHASES = (
    ("push_build", "base 3, push: the whole build"),
    ("rounds_build", "base 3, rounds: the whole build"),
    ("push_count", "base 3, push: counting pass"),
    ("push_steps", "base 3, push: push steps"),
    ("rounds_odd", "base 3, rounds: odd rounds"),
    ("rounds_even", "base 3, rounds: even rounds"),
    ("verify", "base 3, verify"),
    ("base4_count", "base 4, counting pass (sampled)"),
)


def _child(builds: int, base4_units: int) -> dict[str, object]:
    """One child's measures (this process imports its tree's code: PYTHONPATH)."""
    import numba

    import pyramid_lab
    from pyramid_lab.model.search.games.pyraos import builder

    numba.set_num_threads(1)
    seconds: dict[str, float] = {}
    positions: dict[str, int] = {}

    def add(name: str, busy: float, count: int) -> None:
        seconds[name] = seconds.get(name, 0.0) + busy
        positions[name] = positions.get(name, 0) + count

    first = time.process_time()
    digests: set[str] = set()
    versions: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for method in ("push", "rounds"):  # compiled or loaded before the clock
            table = builder.create(Path(tmp) / f"warm-{method}", 3, "standard", "0-2")
            builder.build(table, method=method)
        builder.verify(table)
        compile_s = time.process_time() - first
        for variant, removal in VERSIONS:  # each version once by each method: its bytes
            for method in ("push", "rounds"):
                table = builder.create(
                    Path(tmp) / f"{variant}-{removal}-{method}", 3, variant, removal
                )
                builder.build(table, method=method)
                digest = hashlib.sha256(b"".join(v.tobytes() for v in table.values))
                versions[f"{variant} {removal} {method}"] = digest.hexdigest()
        for k in range(builds):
            for method in ("push", "rounds"):
                entries: list[dict] = []
                table = builder.create(Path(tmp) / f"{method}-{k}", 3, "standard", "0-2")
                began = time.process_time()
                builder.build(table, progress=entries.append, method=method)
                add(f"{method}_build", time.process_time() - began, sum(table.index.sizes))
                for e in entries:
                    if method == "push":
                        name = "push_count" if e["step"] == "count" else "push_steps"
                    else:
                        name = "rounds_odd" if e["round"] % 2 else "rounds_even"
                    add(name, e["seconds"], e["evaluated"])
                digests.add(hashlib.sha256(b"".join(v.tobytes() for v in table.values)).hexdigest())
            began = time.process_time()
            checked, bad = builder.verify(table)
            add("verify", time.process_time() - began, checked)
            assert not bad, bad
    if base4_units:
        import numpy as np

        ix = builder.index(4)
        values = [np.zeros(size, dtype=np.uint8) for size in ix.sizes]
        rules = {"base": 4, "variant": "standard", "removal": "0-2"}
        table = builder.WholeTable(Path("in-memory"), rules, values)  # never written
        builder.push_layer(table, builder.NO_SIDE, "count", ix.layers - 1, 0, ix.sizes[-1] - 1)
        for n in range(ix.layers):
            unit = builder.UNIT_POSITIONS
            begin = max(0, (ix.sizes[n] - 1) // unit - base4_units + 1) * unit
            stats, busy = builder.push_layer(table, builder.NO_SIDE, "count", n, 0, begin)
            add("base4_count", busy, int(stats[0]))
    return {
        "code": str(Path(pyramid_lab.__file__).resolve().parent),
        "compile": compile_s,
        "seconds": seconds,
        "positions": positions,
        "tables": sorted(digests),
        "versions": versions,
    }


def _child_arguments(args: argparse.Namespace) -> list[str]:
    """What a child is asked to run."""
    return ["--builds", str(args.builds), "--base4-units", str(args.base4_units)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the commit to compare with (git archive)")
    parser.add_argument("--after", help="a commit to run as 'after' (default: this tree)")
    parser.add_argument("--pairs", type=int, default=5, help="before/after pairs")
    parser.add_argument("--builds", type=int, default=20, help="base-3 builds a child")
    parser.add_argument("--base4-units", type=int, default=1, help="units a base-4 layer")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(args.builds, args.base4_units)))
        return 0
    if not args.before:
        parser.error("--before REV is needed")
    root = Path(__file__).resolve().parents[2]
    after = args.after or str(root)
    print(f"nice {os.nice(0)}; {os.cpu_count()} cores; before {args.before}, after {after}")
    with tempfile.TemporaryDirectory(prefix="alternate-") as tmp:
        trees = {"before": tree(root, args.before, Path(tmp) / "before")}
        trees["after"] = tree(root, args.after, Path(tmp) / "after") if args.after else root
        runs: dict[str, list[dict]] = {"before": [], "after": []}
        for pair in range(args.pairs):
            for label, code in trees.items():
                load = os.getloadavg()
                began = time.perf_counter()
                found = child(__file__, _child_arguments(args), code, Path(tmp) / f"cache-{label}")
                runs[label].append(found)
                took = time.perf_counter() - began
                busy = sum(found["seconds"].values())
                print(
                    f"pair {pair + 1} {label:6}: load {load[0]:.2f} {load[1]:.2f}; "
                    f"{took:.0f} s wall; phases {busy:.2f} s processor; first build "
                    f"{found['compile']:.1f} s processor"
                    + (" (the compile: numba's cache empty)" if pair == 0 else ""),
                    flush=True,
                )
    _report(runs)
    return 0


def _report(runs: dict[str, list[dict]]) -> None:
    """The table: each phase's processor time a position (median of the children), and
    the median of the pairs' ratios before / after."""
    print(f"\n{'phase':34} {'before ns/pos':>14} {'after ns/pos':>13} {'ratio':>6} (min-max)")
    for key, words in PHASES:
        if key not in runs["after"][0]["seconds"]:
            continue
        per = {
            label: [r["seconds"][key] / r["positions"][key] * 1e9 for r in found]
            for label, found in runs.items()
        }
        same = {r["positions"][key] for found in runs.values() for r in found}
        ratios = [b / a for b, a in zip(per["before"], per["after"], strict=True)]
        print(
            f"{words:34} {statistics.median(per['before']):14.1f} "
            f"{statistics.median(per['after']):13.1f} {statistics.median(ratios):6.3f} "
            f"({min(ratios):.3f}-{max(ratios):.3f})"
            + ("" if len(same) == 1 else f"  positions differ: {sorted(same)}")
        )
    compiles = {label: [r["compile"] for r in found] for label, found in runs.items()}
    for label, seconds in compiles.items():
        later = statistics.median(seconds[1:]) if len(seconds) > 1 else float("nan")
        print(
            f"{label}: first child's first builds {seconds[0]:.1f} s processor (the compile), "
            f"later children's {later:.1f} s (loaded from the cache)"
        )
    tables = {t for found in runs.values() for r in found for t in r["tables"]}
    print(f"base-3 tables by push and rounds, both trees, every build: {len(tables)} distinct")
    for variant, removal in VERSIONS:
        seen = {
            r["versions"][f"{variant} {removal} {method}"]
            for found in runs.values()
            for r in found
            for method in ("push", "rounds")
        }
        same = "the same bytes" if len(seen) == 1 else f"{len(seen)} different tables"
        print(f"base 3, {variant} {removal}, by push and rounds, both trees: {same}")


if __name__ == "__main__":
    sys.exit(main())
