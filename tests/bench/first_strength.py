"""Benchmark: a process's first analysis at full strength? (issue 111 item 1's 0.9x bar)

Run by hand, with a Python whose ``pyramid_lab`` is a regular install (a new venv, the
package installed from a folder outside the checkout) or this checkout's (``PYTHONPATH``):

    python tests/bench/first_strength.py [--rounds 8] [--uses partition,pyraos,endgame]
        [--cache DIR | --installed]

Kinds of process, taking turns in each round (the order turned round by round, so that a
machine's drift is shared), each a new process from a folder outside the checkout:

- first: numba's cache folder new and empty (``NUMBA_CACHE_DIR``; with ``--installed``
  none at all: an installed copy's own ``__pycache__`` is its first use's cache only
  once, so there ``first`` and ``second`` are alike but for the operating system's file
  cache; with ``--copy``, a copy of the second's: a checkout has no install's code to
  share), so that the process meets what a new user's first analysis meets after a
  regular install: the install's machine code shared into it at import, then loaded;
- second: the cache another process filled (``--cache DIR``, default one the bench makes
  by a first process): a later process's first analysis;
- warmed: ``pl.warm_up()`` first, then the analysis: the search at full strength.

``--user NAME`` (with ``--installed``: issue 111 item 2): each process runs as that user
(``runuser``; an install root made, which the user may not write), so numba's cache is the
user's own (``~/.cache/numba``), emptied before each ``first``: the install's code must be
copied there and loaded, nothing compiled, nothing written beside the install.

Each runs ``pl.new("partition", size=4).analyse(seconds=2)`` (``partition``),
``pl.new("pyraos").analyse(seconds=2)`` (``pyraos``: its opening book answers, no
search) or the Pyraos example ``endgame-win-in-7`` (``endgame``: its search answers) and
prints the playouts (``Analysis.visits``), the seconds the analysis counted, the call's
wall and processor seconds (the wall beyond the counted seconds: what the analysis kept
off its clock, the load of the compiled core), the functions numba compiled and loaded
in the process (its dispatchers' cache misses and hits, counted after the call: nothing
of numba is imported before it), the processor seconds from the solver's step (the first
on the clock once the core is loaded) to the end (``searching cpu``: a loaded machine
gives a process a share of a core that changes from one second to the next, so the
playouts a processor second of the search are printed too) and the verdict. (The endgame
position is settled by the solver: no playouts; its figure is its seconds.)
Then, by use, the sums of each kind's playouts, ``first / warmed`` and ``first /
second`` (the bar: 0.9), the median of the rounds' ratios, and whether every verdict is
the same.
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

USES = ("partition", "pyraos", "endgame")
KINDS = ("first", "second", "warmed")

CHILD = r"""
import gc, json, resource, sys, time
def cpu():
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime
kind, use = sys.argv[1], sys.argv[2]
import pyramid_lab as pl
from pathlib import Path
from pyramid_lab.model.search import analysis as analysis_module
settle, on_clock = analysis_module._settle, []
def timed_settle(*args, **kwargs):  # (the first step on the clock once the core is loaded)
    on_clock.append(cpu())
    return settle(*args, **kwargs)
analysis_module._settle = timed_settle
if use == "partition":
    pos = pl.new("partition", size=4)
elif use == "pyraos":
    pos = pl.new("pyraos")
else:
    examples = Path(pl.__file__).parent / "model" / "data" / "examples"
    pos = pl.load(str(next(examples.glob("**/endgame-win-in-7.pyr.json"))))
warmed = 0.0
if kind == "warmed":
    began = time.perf_counter()
    pl.warm_up()
    warmed = time.perf_counter() - began
wall, began = time.perf_counter(), cpu()
answer = pos.analyse(seconds=2)
call_cpu, call_wall = cpu() - began, time.perf_counter() - wall
searched = cpu() - on_clock[0] if on_clock else 0.0
hits = misses = 0
if "numba" in sys.modules:
    from numba.core.dispatcher import Dispatcher
    for thing in gc.get_objects():
        if isinstance(thing, Dispatcher):
            hits += sum(thing.stats.cache_hits.values())
            misses += sum(thing.stats.cache_misses.values())
print("RESULT " + json.dumps({
    "visits": answer.visits, "seconds": answer.seconds, "wall": call_wall, "cpu": call_cpu,
    "warm_up": warmed, "searched": searched, "compiled": misses, "loaded": hits,
    "verdict": answer.proven_text,
}))
"""


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


def run_child(
    python: str, kind: str, use: str, env: dict[str, str], user: str | None = None
) -> dict[str, object]:
    """One process of ``kind`` (as ``user`` where given: ``runuser``, its own home)."""
    command = [python, "-c", CHILD, kind, use]
    if user:
        env = {**env, "HOME": pwd.getpwnam(user).pw_dir}
        env.pop("XDG_CACHE_HOME", None)
        command = ["runuser", "-u", user, "--", *command]
    done = subprocess.run(
        command,
        cwd=tempfile.gettempdir(),
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
    if done.returncode or line is None:
        sys.exit(f"{kind} {use} failed:\n{done.stderr[-3000:]}")
    result: dict[str, object] = json.loads(line[len("RESULT ") :])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="the install's Python")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--uses", default="partition,pyraos,endgame")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--cache", default=None, metavar="DIR", help="the second's cache")
    where.add_argument("--installed", action="store_true", help="numba's own folder")
    parser.add_argument(
        "--user",
        metavar="NAME",
        help="run each process as this user (runuser; root's install: one nobody else may "
        "write), its cache folder numba's user-wide one, emptied before each first",
    )
    parser.add_argument(
        "--copy", action="store_true", help="the first's cache a copy of the second's (a checkout)"
    )
    args = parser.parse_args()
    uses = [u for u in args.uses.split(",") if u]
    if any(u not in USES for u in uses):
        parser.error(f"--uses: each one of {', '.join(USES)}")
    base = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PYTHONPATH")}
    if args.python == sys.executable and "PYTHONPATH" in os.environ:
        base["PYTHONPATH"] = os.environ["PYTHONPATH"]  # (a checkout's Python)
    work = tempfile.mkdtemp(prefix="first-strength-")
    began = time.perf_counter()
    try:
        second_cache = args.cache or os.path.join(work, "second")

        def env_for(kind: str, round_: int) -> dict[str, str]:
            if args.installed:
                if args.user and kind == "first":  # the user's cache folder new and empty
                    home = pwd.getpwnam(args.user).pw_dir
                    shutil.rmtree(os.path.join(home, ".cache", "numba"), ignore_errors=True)
                return base
            if kind == "first":
                cache = os.path.join(work, f"first-{round_}")
                if args.copy and not os.path.isdir(cache):  # (a checkout: no install's code)
                    shutil.copytree(second_cache, cache)
                return {**base, "NUMBA_CACHE_DIR": cache}
            return {**base, "NUMBA_CACHE_DIR": second_cache}

        print(f"python {args.python}; {'installed' if args.installed else 'caches in ' + work}")
        print(f"before: {load()}", flush=True)
        if not args.installed and args.cache is None:  # the second's cache, filled once
            filled = run_child(args.python, "first", uses[0], env_for("second", 0), args.user)
            print(f"  the second's cache filled: compiled {filled['compiled']}", flush=True)
        results: dict[tuple[str, str], list[dict[str, object]]] = {}
        for round_ in range(args.rounds):
            order = KINDS[round_ % 3 :] + KINDS[: round_ % 3]
            for use in uses:
                for kind in order:
                    r = run_child(args.python, kind, use, env_for(kind, round_), args.user)
                    results.setdefault((use, kind), []).append(r)
                    print(
                        f"  round {round_ + 1} {use:9} {kind:6} visits {r['visits']:>9,} "
                        f"counted {r['seconds']:.2f}s wall {r['wall']:.2f}s cpu {r['cpu']:.2f}s "
                        f"off clock {r['wall'] - r['seconds']:.2f}s "
                        f"searching cpu {r['searched']:.2f}s "
                        f"compiled {r['compiled']} loaded {r['loaded']} "
                        f"| {r['verdict']}",
                        flush=True,
                    )
                if not args.installed:
                    shutil.rmtree(os.path.join(work, f"first-{round_}"), ignore_errors=True)
        print(f"after: {load()} ({time.perf_counter() - began:.0f} s)")
        for use in uses:
            visits = {k: [int(str(r["visits"])) for r in results[(use, k)]] for k in KINDS}
            verdicts = {str(r["verdict"]) for k in KINDS for r in results[(use, k)]}
            line = f"{use}: playouts " + ", ".join(f"{k} {sum(v):,}" for k, v in visits.items())
            for other in ("warmed", "second"):
                if sum(visits[other]):
                    ratios = [
                        a / b for a, b in zip(visits["first"], visits[other], strict=True) if b
                    ]
                    line += (
                        f"; first/{other} {sum(visits['first']) / sum(visits[other]):.3f}"
                        f" (rounds' median {statistics.median(ratios):.3f})"
                    )
            rates = {
                k: sum(visits[k]) / (sum(float(str(r["searched"])) for r in results[(use, k)]) or 1)
                for k in KINDS
            }
            if rates["warmed"]:
                line += (
                    "; playouts a processor second of the search (first/warmed) "
                    f"{rates['first']:,.0f}/{rates['warmed']:,.0f} "
                    f"{rates['first'] / rates['warmed']:.3f}"
                )
            same = "the same verdict" if len(verdicts) == 1 else f"VERDICTS DIFFER: {verdicts}"
            print(f"{line}; {same}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
