"""Pyraos's whole game by retrograde analysis (model/search/games/pyraos/builder/): a small
pyramid built whole by both methods, and the standard pyramid's build projected from
measured rates, before (rounds) and after (push retrograde) in one run.

    PYTHONPATH=. nice -n 10 python tests/bench/pyraos_whole.py              # parts 1-3, 1 min
    PYTHONPATH=. nice -n 10 python tests/bench/pyraos_whole.py --skip-base4 # part 1 only
    PYTHONPATH=. nice -n 10 python tests/bench/pyraos_whole.py --top-layers 3  # part 4, 2 min
    PYTHONPATH=. nice -n 10 python tests/bench/pyraos_whole.py --rates-only    # part 2 only
    PYTHONPATH=. nice -n 10 python tests/bench/pyraos_whole.py --before main   # main's first

``--before REV`` runs the same command as commit REV has its bench, on REV's own code (a
``git archive`` copy), first: before and after on the same machine, one after the other.

Prints, in order:

1. The whole game of the base-3 pyramid (``--base``) built in this process on one thread
   (``--variant``, ``--removal``) by rounds, then by push: for each layer, its positions,
   how often positions were evaluated (rounds: in odd rounds, wins sought, and in even
   rounds, losses sought; push: children counted, positions pushed), their seconds and
   positions a second a core; each phase's (odd and even rounds; counting and pushing)
   positions, processor seconds and positions a second a core; the build's wall time,
   processor time, rounds and peak memory (the process's, so far), the empty pyramid's
   value and length, and whether the two tables are equal byte for byte.
2. The standard pyramid (base 4): each layer's positions (canonical shapes x colourings),
   and on a sample of its shapes (``--sample`` positions at most, ranges of 4,096 spread
   over the layer) the rate of each kind on one thread, the same ranges for every kind in
   turn: rounds' odd round with every child read (the dear case), even round, odd round
   with no child read; push's count of a position's children (into its byte), and its
   step over positions won, then lost (every predecessor holding a count), and verify.
   The layers two below to two above the measured one are in memory and written, as in a
   build (the others are zero pages, never touched). Rates are of
   processor time (the machine is shared: wall time would count the other jobs' share).
3. The projection: by rounds, one round over the whole game at the measured rates and the
   whole build for the evaluations a position needed in part 1 (odd and even) scaled by
   ``--rounds-factor`` (the base-4 game's rounds over the base-3 game's; a guess, stated);
   by push, every position counted once and pushed once (the most: a draw never is) and
   ``--steps`` steps' scans, on one core and on this machine's cores, and its memory (a
   byte a position, the largest layer's copy written, the index).
4. (``--top-layers N``) The build's own kernels over whole layers, not samples: the top N
   layers counted, then the first ``--top-steps`` push steps over their real frontiers, on
   ``--threads`` threads (processor seconds and wall clock of each: what threads cost).
5. (``--whole-build``) The whole table of base ``--whole-base`` (4, the standard game: about
   14 minutes and 2.3 GB of disk a build on 2 cores) built from nothing by the command line
   (``endgame build --whole``) in a child process, as a user builds it, on every core; with
   ``--before REV`` REV's code builds it first (its own command line, from ``git archive``),
   then this tree's. With ``--cold`` each child has an empty numba cache of its own: a
   first build, its compile included. For each: the compile's seconds, each phase's
   (counting pass, push steps) positions, wall and processor seconds and positions a
   second a core (from the table's log), the whole build's wall time, processor time and
   peak memory (the child's own, ``wait4``), the empty pyramid's value; then whether the two
   tables are the same bytes.

    PYTHONPATH=. python tests/bench/pyraos_whole.py --whole-build --cold --before c2c06a9
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from numba import njit

from pyramid_lab.model.search.games.pyraos import builder
from pyramid_lab.model.search.games.pyraos.builder import (
    pushing,
)
from pyramid_lab.model.search.games.pyraos.builder import (
    rounds as whole_rounds,
)
from pyramid_lab.model.search.games.pyraos.builder import (
    walk as whole_walk,
)
from pyramid_lab.model.search.games.pyraos.prober import index as whole_index


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


Found = dict[str, tuple[float, float, int]]


def small_build(base: int, variant: str, removal: str) -> Found:
    """Part 1, by each method (rounds, then push); for each, (mean odd evaluations a
    position, mean even ones, rounds): for push, the children counted and the positions
    pushed (odd: their first pass, counting; even: the steps)."""
    import numba

    numba.set_num_threads(1)
    found: Found = {}
    total = sum(representatives(base))  # the positions evaluated (no copies)
    kept: list[np.ndarray] = []
    for method in ("rounds", "push"):  # the kernels compiled or loaded before the clock
        with tempfile.TemporaryDirectory() as tmp:
            builder.build(builder.create(Path(tmp) / "t", base, variant, removal), method=method)
    for method in ("rounds", "push"):
        with tempfile.TemporaryDirectory() as tmp:
            began = time.perf_counter()
            cpu = time.process_time()
            table = builder.create(Path(tmp) / "t", base, variant, removal)
            entries: list[dict] = []
            builder.build(table, progress=entries.append, method=method)
            seconds = time.perf_counter() - began
            cpu = time.process_time() - cpu
            first, then = ("odd", "even") if method == "rounds" else ("counted", "pushed")
            phases = layer_rates(method, base, variant, removal, table, entries, (first, then))
            busy = sum(e["seconds"] for e in entries)
            rounds = int(table.head["round"]) + 1
            print(
                f"built in {seconds:.1f} s of wall time, {cpu:.1f} s of processor time "
                f"({busy:.2f} in the kernels, {rounds} rounds), peak memory {peak_mb():.0f} "
                f"MB; evaluations a position: {phases[0] / total:.2f} {first}, "
                f"{phases[1] / total:.2f} {then}; the empty pyramid: "
                f"{builder.describe(table.probe(0, 0))} for the first player"
            )
            checked, bad = builder.verify(table)
            print(f"verify: {checked:,} positions, {len(bad)} that do not hold")
            kept.append(np.concatenate(table.values))
            found[method] = (phases[0] / total, phases[1] / total, rounds)
    print(f"the two tables equal, byte for byte: {np.array_equal(kept[0], kept[1])}")
    return found


def layer_rates(
    method: str,
    base: int,
    variant: str,
    removal: str,
    table: builder.WholeTable,
    entries: list[dict],
    names: tuple[str, str],
) -> tuple[int, int]:
    """Part 1's rows: each layer's positions, its evaluations of each phase (rounds: odd,
    even; push: counted, pushed), processor seconds and rate a core; then each phase's
    positions, processor seconds and positions a second a core. The evaluations of each
    phase, all layers."""
    sizes = table.index.sizes
    print(f"\n{method}: base {base}, {variant} (removal {removal}): {sum(sizes):,} positions")
    print(f"layer  positions  {names[0]:>9}  {names[1]:>10}  cpu s  positions/s/core")

    def phase(e: dict) -> int:
        if method == "rounds":
            return 0 if e["round"] % 2 else 1
        return 0 if e["step"] == "count" else 1

    for n in range(len(sizes) - 1, -1, -1):
        mine = [e for e in entries if e["layer"] == n]
        done = [sum(e["evaluated"] for e in mine if phase(e) == k) for k in (0, 1)]
        busy = sum(e["seconds"] for e in mine)
        rate = sum(done) / busy if busy else 0.0
        print(f"{n:5} {sizes[n]:10,} {done[0]:10,} {done[1]:11,} {busy:8.3f} {rate:16,.0f}")
    totals = []
    for k, name in enumerate(names):
        mine = [e for e in entries if phase(e) == k]
        done = sum(e["evaluated"] for e in mine)
        busy = sum(e["seconds"] for e in mine)
        rate = done / busy if busy else 0.0
        print(
            f"{method}, {name}: {done:,} positions in {busy:.3f} cpu s, {rate:,.0f} a second a core"
        )
        totals.append(done)
    return totals[0], totals[1]


def representatives(base: int) -> list[int]:
    """For each layer, the positions evaluated: one colouring per orbit under the canonical
    shape's own symmetries (Burnside: the mean over those symmetries of the colourings
    each leaves as they are, counted by the lengths of its cycles)."""
    from pyramid_lab.model.pyraos import _symmetries, geometry

    ix = builder.index(base)
    perms = _symmetries(base)
    spheres = geometry(base).spheres
    out = []
    for n, row in enumerate(ix.shapes):
        total = 0
        for occ in (int(x) for x in row):
            points = [p for p in range(64) if occ >> p & 1]
            fixing = [perm for perm in perms if all(occ >> perm[p] & 1 for p in points)]
            fixed = 0
            for perm in fixing:
                seen: set[int] = set()
                ways = [1] + [0] * n  # ways[a]: colourings with a own spheres, cycles whole
                for p in points:
                    if p in seen:
                        continue
                    length, q = 0, p
                    while q not in seen:
                        seen.add(q)
                        length += 1
                        q = perm[q]
                    ways = [
                        ways[a] + (ways[a - length] if a >= length else 0) for a in range(n + 1)
                    ]
                fixed += sum(ways[a] for a in range(max(0, n - spheres), min(spheres, n) + 1))
            total += fixed // len(fixing)
        out.append(total)
    return out


@njit(cache=True)
def mark_read(
    layer: np.ndarray, n: int, first: int, last: int, byte: int, walk: whole_walk.Walk
) -> None:
    """``byte`` on every position from ``first`` to ``last`` of layer ``n`` that is read
    (no copy), as if decided then: the frontier a push step takes."""
    geo, index, _, shape_points = walk
    shape, a, rank, pattern = whole_walk.walk_start(n, first, index)
    for i in range(first, last):
        own = whole_walk.scatter(pattern, shape_points[shape])
        if whole_walk.is_read(own, n, shape, geo, index):
            layer[i] = byte
        shape, a, rank, pattern = whole_walk.walk_step(i, last, n, shape, a, rank, pattern, index)


#: The base-4 index, the pyramid's arrays and the program beside the table (measured:
#: the process before the build allocates its table).
INDEX_BYTES = 300_000_000

KINDS = (
    "odd, all read",
    "even",
    "odd, none read",
    "push: count",
    "push: won",
    "push: lost",
    "verify",
)


def base4_rates(sample: int) -> list[tuple[int, int, list[float]]]:
    """Part 2: (layer, positions, a rate a core for each of :data:`KINDS`), measured on the
    same sampled ranges, each range's six measures in turn (so that the load moves them
    alike)."""
    import numba

    numba.set_num_threads(1)
    began = time.perf_counter()
    ix = builder.index(4)
    print(
        f"\nbase 4: index of {sum(len(s) for s in ix.shapes):,} canonical shapes "
        f"in {time.perf_counter() - began:.1f} s; {sum(ix.sizes):,} positions "
        f"({sum(ix.sizes) / 1e9:.2f} GB at a byte)"
    )
    # rounds: an empty table; push: another to count into, and one whose undecided
    # positions hold a count of children still open (a byte a position while built). As in
    # a build, where the values are read from files and every counter is written first,
    # the layers a measured layer's children and predecessors lie in (two below to two
    # above) are in memory, written (no page fault on a first touch); the others are
    # zero pages, never touched. That window moves down with the layer measured.
    lazy: list[list[np.ndarray]] = [
        [np.zeros(size, dtype=np.uint8) for size in ix.sizes],
        [np.zeros(size, dtype=np.uint8) for size in ix.sizes],
        [np.zeros(size, dtype=np.uint8) for size in ix.sizes],
    ]
    # push: every predecessor holding a count of children still open
    fill = (0, 0, pushing.OPEN + 100)  # a count that no sample takes to 0
    # the layers as they cross into a kernel (their addresses: lazy's arrays hold them)
    values = whole_index.layers_of(lazy[0])
    counted, pushed = values, values

    resident: set[int] = set()

    def window(n: int) -> None:
        nonlocal values, counted, pushed
        for k in range(ix.layers):
            inside = n - 2 <= k <= n + 2
            if inside != (k in resident):
                for arrays, byte in zip(lazy, fill, strict=True):
                    size = ix.sizes[k]
                    kept = np.full(size, byte, np.uint8) if inside else np.zeros(size, np.uint8)
                    arrays[k] = kept
                resident.symmetric_difference_update({k})
        values, counted, pushed = (whole_index.layers_of(arrays) for arrays in lazy)

    geo = builder.geometry_args(4)  # as it crosses into a kernel: plain tuples (lesson 52)
    codes = (0, 0)
    # every shape fresh: each child is read (the dear case: early rounds, where most are)
    fresh = np.ones(sum(len(row) for row in ix.shapes), dtype=np.uint8)
    # no shape fresh: no child read (late rounds, where few are)
    stale = np.zeros(sum(len(row) for row in ix.shapes), dtype=np.uint8)

    def measure(kind: int, n: int, first: int, last: int) -> tuple[int, float]:
        walk = (geo, ix.args, ix.shapes[n], ix.shape_points[n])
        view = (codes, walk, values)
        step = last - first  # one chunk
        out = np.zeros(last - first, dtype=np.uint8)
        stats = np.zeros((1, 3), dtype=np.int64)
        t = time.process_time()
        if kind < 3:
            chosen = fresh if kind < 2 else stale
            taken = np.zeros(1, dtype=np.int64)
            args = (view, chosen, out, stats, taken)
            whole_rounds.round_range(n, first, last, kind + 1, *args)
        elif kind == 3:
            most = pushing.MOST_IN_BYTE
            taken = np.zeros(1, dtype=np.int64)
            counting = (codes, walk, counted)
            pushing.seed_range(n, first, last, 0, counting, stats, step, most, taken)
        elif kind == 6:
            bad = np.zeros(0, dtype=np.int64)
            whole_rounds.verify_chunk(n, first, last, view, bad)
            return last - first, time.process_time() - t
        else:
            byte = 100 if kind == 4 else 99  # won, lost: bytes no push writes
            layer = lazy[2][n]
            saved = layer[first:last].copy()
            named = whole_walk.Walk(builder.geometry_arrays(4), ix.arrays, *walk[2:])
            mark_read(layer, n, first, last, byte, named)
            t = time.process_time()
            args = ((codes, walk, pushed), builder.NO_SIDE, stats, step)
            pushing.push_range(n, first, last, byte, *args, np.zeros(1, dtype=np.int64))
            busy = time.process_time() - t
            layer[first:last] = saved
            return int(stats[0, 0]), busy
        return int(stats[0, 0]), time.process_time() - t

    window(29)
    for kind in range(len(KINDS)):  # compiled (or loaded) before the clock
        measure(kind, 29, 0, 1)
    rows = []
    print(
        "layer      positions  sampled  " + "  ".join(f"{k:>14}" for k in KINDS) + "  (pos/s/core)"
    )
    for n in range(len(ix.sizes) - 1, -1, -1):
        window(n)
        size = ix.sizes[n]
        # ranges of 4,096 positions spread over the layer, ``sample`` positions at most
        step = 4096
        ranges = max(1, min(size // step, sample // step))
        starts = np.linspace(0, max(0, size - step), ranges).astype(np.int64)
        done = [0] * len(KINDS)
        busy = [0.0] * len(KINDS)
        for start in starts:
            first, last = int(start), min(size, int(start) + step)
            for kind in range(len(KINDS)):
                evaluated, seconds = measure(kind, n, first, last)
                done[kind] += evaluated
                busy[kind] += seconds
        rates = [d / b if b else 0.0 for d, b in zip(done, busy, strict=True)]
        rows.append((n, size, rates))
        print(
            f"{n:5} {size:13,} {len(starts) * step:8}  " + "  ".join(f"{r:14,.0f}" for r in rates),
            flush=True,
        )
    print(f"peak memory {peak_mb():.0f} MB")
    return rows


def top_layers(count: int, steps: int, threads: int) -> None:
    """Part 4 (``--top-layers``): the build's own kernels (one thread) over whole layers,
    not samples: every position of the top ``count`` layers counted (:func:`seed_range`),
    then push steps 1 to ``steps`` over the frontier those layers hold, but the lowest (its
    predecessors' counters would lie a layer lower, not counted), each step's positions
    and rate. A real build's first steps over the top of the pyramid, where the positions
    a step pushes lie scattered over the layers, as in every step."""
    import numba

    numba.set_num_threads(threads)
    ix = builder.index(4)
    values = [np.zeros(size, dtype=np.uint8) for size in ix.sizes]
    rules = {"base": 4, "variant": "standard", "removal": "0-2"}
    table = builder.WholeTable(Path("in-memory"), rules, values)  # no folder: never written

    side = builder.NO_SIDE

    def run(step: str, n: int, arg: int) -> tuple[int, float]:
        began = time.perf_counter()
        stats, busy = builder.push_layer(table, side, step, n, arg)
        print(f"    ({busy:.1f} processor s, {time.perf_counter() - began:.1f} s of wall clock)")
        return int(stats[0]), busy

    top = ix.layers - 1
    print(f"\nthe top {count} layers whole, {threads} thread(s) (rates a core):")
    escaped: dict[int, np.ndarray] = {}
    for n in range(top, top - count, -1):
        done, busy = run("count", n, 0)
        escaped[n] = builder.escaped_side(table, n, 0)
        print(
            f"  counted: layer {n}: {done:,} positions in {busy:.1f} s, {done / busy:,.0f} a "
            f"second; {len(escaped[n]):,} of more children than a byte holds (the side table)"
        )
    side = builder.side_of(table, escaped)
    for r in range(1, steps + 1):
        for n in range(top, top - count + 1, -1):
            done, busy = run("push", n, r)
            if done:
                print(
                    f"  step {r} (byte {r}: {'lost' if r % 2 else 'won'}), layer {n}: {done:,} "
                    f"pushed in {busy:.1f} s, {done / busy:,.0f} a second"
                )
    print(f"peak memory {peak_mb():.0f} MB")


def scan_rate() -> float:
    """Bytes a second a core of the scans a push step makes (a byte counted over a layer)."""
    import numba

    numba.set_num_threads(1)
    layer = np.ones(1 << 27, dtype=np.uint8)
    pushing.count_byte(layer[:10], 3)
    t = time.process_time()
    for byte in (0, 1, 2):
        pushing.count_byte(layer, byte)
    return 3 * layer.size / (time.process_time() - t)


def before(args: argparse.Namespace) -> None:
    """The same bench, as the commit ``args.before`` has it, run first on its own code (a
    copy from ``git archive``, imported alone), on the same machine."""
    import subprocess

    root = Path(__file__).resolve().parents[2]
    argv = [a for a in sys.argv[1:] if a != "--before" and a != args.before]
    argv = [a for a in argv if not a.startswith("--before=")]
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", args.before], check=True, capture_output=True
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        print(f"== before: {args.before}, its own bench ==", flush=True)
        env = {**os.environ, "PYTHONPATH": tmp}
        bench = Path(tmp) / "tests" / "bench" / "pyraos_whole.py"
        subprocess.run([sys.executable, str(bench), *argv], env=env, cwd=tmp, check=True)
    print("\n== after: this tree ==", flush=True)


def build_whole(code: Path, base: int, cold: bool) -> tuple[str, str]:
    """Part 5, one build: the whole table of ``base`` built from nothing by the command line
    of the tree at ``code`` in a child process (numba's cache empty where ``cold``); what it
    printed, summed up, and the sha256 of its layers."""
    import hashlib
    import json
    import re
    import subprocess

    with tempfile.TemporaryDirectory(prefix="whole-build-") as tmp:
        folder = Path(tmp) / "table"
        env = {**os.environ, "PYTHONPATH": str(code)}
        if cold:
            env["NUMBA_CACHE_DIR"] = str(Path(tmp) / "numba-cache")
        command = [sys.executable, "-m", "pyramid_lab", "endgame", "build", "--whole"]
        command += ["--base", str(base), "--table", str(folder)]
        said = Path(tmp) / "said.txt"
        began = time.perf_counter()
        with said.open("w") as out:
            child = subprocess.Popen(command, env=env, cwd=tmp, stdout=out, stderr=out)
            _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - began
        text = said.read_text(errors="replace").replace("\r", "\n")
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"the build failed:\n{text[-2000:]}")
        compiled = re.search(r"compiled in (\d+) s", text)
        empty = re.search(r"the empty pyramid: (.*)", text)
        phases: dict[str, list[float]] = {}
        for line in (folder / "log.jsonl").read_text().splitlines():
            entry = json.loads(line)
            if "step" not in entry:
                continue
            row = phases.setdefault(entry["step"], [0, 0.0, 0.0, 0])
            row[0] += entry["evaluated"]
            row[1] += entry["wall"]
            row[2] += entry["seconds"]
            row[3] = max(row[3], entry["round"])
        digest = hashlib.sha256()
        for layer in sorted(folder.glob("layer-*.bin")):
            with layer.open("rb") as f:
                while chunk := f.read(1 << 24):
                    digest.update(chunk)
    words = {"count": "counting pass", "push": "push steps"}
    lines = [
        f"  compile: {compiled.group(1) + ' s' if compiled else 'none (loaded from the cache)'}"
    ]
    for step, (positions, phase_wall, busy, last) in phases.items():
        rate = positions / busy if busy else 0.0
        steps = f" ({last} steps)" if step == "push" else ""
        lines.append(
            f"  {words.get(step, step)}{steps}: {int(positions):,} positions, {phase_wall:,.0f} s "
            f"wall, {busy:,.0f} s processor, {rate:,.0f} a second a core"
        )
    lines.append(
        f"  the whole build: {wall:,.0f} s wall, {usage.ru_utime + usage.ru_stime:,.0f} s "
        f"processor, peak {usage.ru_maxrss / 1024:,.0f} MB; the empty pyramid: "
        f"{empty.group(1) if empty else '?'}"
    )
    return "\n".join(lines), digest.hexdigest()


def whole_builds(args: argparse.Namespace) -> None:
    """Part 5: the whole build by REV's code (``--before``), then by this tree's."""
    import subprocess

    root = Path(__file__).resolve().parents[2]
    cache = "numba's cache empty: the compile counted" if args.cold else "numba's cache as it is"
    print(f"== the whole table of base {args.whole_base}, standard, from nothing; {cache} ==")
    digests = []
    with tempfile.TemporaryDirectory() as tmp:
        trees = [("this tree", root)]
        if args.before:
            archive = subprocess.run(
                ["git", "-C", str(root), "archive", args.before], check=True, capture_output=True
            )
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            trees.insert(0, (f"before: {args.before}", Path(tmp)))
        for label, code in trees:
            print(f"{label}:", flush=True)
            summary, digest = build_whole(code, args.whole_base, args.cold)
            print(summary, flush=True)
            digests.append(digest)
    if len(digests) == 2:
        print(f"the same bytes: {'yes' if digests[0] == digests[1] else 'NO'} (the layers' sha256)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=int, default=3)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--removal", default="0-2")
    parser.add_argument("--sample", type=int, default=65_536)
    parser.add_argument("--rounds-factor", type=float, default=3.0)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--skip-base4", action="store_true")
    parser.add_argument("--rates-only", action="store_true", help="part 2 alone")
    parser.add_argument("--top-layers", type=int, default=0)
    parser.add_argument("--top-steps", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--before", help="a commit whose bench runs first (git archive)")
    parser.add_argument("--whole-build", action="store_true", help="part 5 alone")
    parser.add_argument("--whole-base", type=int, default=4)
    parser.add_argument("--cold", action="store_true", help="part 5: numba's cache empty")
    args = parser.parse_args()
    if args.whole_build:
        whole_builds(args)
        return 0
    if args.before:
        before(args)
    if args.top_layers:
        top_layers(args.top_layers, args.top_steps, args.threads)
        return 0
    if args.rates_only:
        base4_rates(args.sample)
        return 0
    small = small_build(args.base, args.variant, args.removal)
    if args.skip_base4:
        return 0
    rows = base4_rates(args.sample)
    cores = os.cpu_count() or 1
    reps = representatives(4)
    print(
        f"positions evaluated (one a position under its shape's own symmetries): "
        f"{sum(reps):,} of {sum(r[1] for r in rows):,}; by layer from 29: "
        + ", ".join(f"{reps[r[0]]:,}" for r in rows[:6])
        + ", ..."
    )

    def core_seconds(kind: int) -> float:
        """One pass of ``kind`` over every position evaluated, at each layer's rate."""
        return sum(reps[n] / rates[kind] for n, _, rates in rows if rates[kind])

    hours = 3600.0
    dear, even, cheap = core_seconds(0), core_seconds(1), core_seconds(2)
    print(
        f"\nrounds: one round over the whole standard game on one core: odd "
        f"{dear / hours:.2f} h (every child read) to {cheap / hours:.2f} h (none), even "
        f"{even / hours:.2f} h"
    )
    odd, even_evals, rounds = small["rounds"]
    f = args.rounds_factor
    low = f * (odd * cheap + even_evals * even)
    high = f * (odd * dear + even_evals * even)
    print(
        f"rounds, the whole build, at base {args.base}'s {odd:.2f} odd and {even_evals:.2f} "
        f"even evaluations a position ({rounds} rounds) x {f:g} (base 4's rounds over base "
        f"{args.base}'s, a guess): {low / hours:.1f} to {high / hours:.1f} core-hours, "
        f"{low / cores / hours:.1f} to {high / cores / hours:.1f} h on {cores} cores"
    )
    count = core_seconds(3)
    push = max(core_seconds(4), core_seconds(5))
    scan = sum(r[1] for r in rows) * 3 * args.steps / scan_rate()
    memory = sum(r[1] for r in rows) + max(r[1] for r in rows) + INDEX_BYTES
    total = count + push + scan
    print(
        f"push: counting every position's children {count / hours:.2f} core-hours, pushing "
        f"every position once (the most: a draw is never pushed) {push / hours:.2f}, "
        f"{args.steps} steps' scans (3 over the table a step) {scan / hours:.2f}: "
        f"the whole build at most {total / hours:.2f} core-hours, "
        f"{total / cores / hours:.2f} h on {cores} cores; memory "
        f"{memory / 1e9:.1f} GB (a byte a position while built, a count of children still "
        f"open in an undecided one's byte; the largest layer's decided bytes copied to write "
        f"it; the index)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
