"""Benchmark: what a first use compiles (issue 111 item 1's measure), function by function.

Run by hand:  .venv/bin/python tests/bench/first_use_profile.py
              [partition|pyraos|pyraos-endgame|hint] [--cache DIR | --installed]

In a fresh process, on numba's cache folder ``--cache`` (default: a new, empty one: a new
install's first use), the first ``pl.new("partition", size=4).analyse(seconds=2)`` (or
Pyraos's: the empty pyramid, answered by its opening book, or ``pyraos-endgame``, a position
off the book that its search answers; or the window's Hint on the base-3 puzzle), with
numba's "numba:compile" events listened to: each function compiled, its signature, and
the processor time it took of its own (a compile that compiles its callees: theirs taken
out). Prints the process's processor
time to the call, the call's, the search's own seconds, the playouts, and the functions by
their own time. A cache loaded sends no compile event: the second run of the same cache
shows what loading costs. ``--installed``: numba's own choice of folder (no
``NUMBA_CACHE_DIR``: an installed copy's ``__pycache__``, where the install made the machine
code), run from a Python whose ``pyramid_lab`` is that install.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from collections import defaultdict
from pathlib import Path


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "use",
        nargs="?",
        default="partition",
        choices=("partition", "pyraos", "pyraos-endgame", "hint"),
    )
    parser.add_argument("--cache", default=None)
    parser.add_argument("--installed", action="store_true")
    args = parser.parse_args()
    if args.installed:
        os.environ.pop("NUMBA_CACHE_DIR", None)
    else:
        os.environ["NUMBA_CACHE_DIR"] = args.cache or tempfile.mkdtemp(prefix="numba-cache-")
    began = cpu()
    from numba.core import event

    import pyramid_lab as pl

    own: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    stack: list[list[float]] = []  # [start, callees' time]

    class Listener(event.Listener):  # type: ignore[misc]  # (numba's classes are untyped)
        def on_start(self, ev: object) -> None:
            stack.append([cpu(), 0.0])

        def on_end(self, ev: object) -> None:
            start, inner = stack.pop()
            took = cpu() - start
            data = ev.data  # type: ignore[attr-defined]  # (numba's event: untyped)
            func = data["dispatcher"].py_func
            name = f"{func.__module__.rsplit('.', 1)[-1]}.{func.__qualname__}"
            key = f"{name}{tuple(str(a) for a in data['args'])}"[:150]
            own[key] += took - inner
            count[key] += 1
            if stack:
                stack[-1][1] += took

    event.register("numba:compile", Listener())
    imported = cpu()
    wall = time.perf_counter()
    if args.use == "partition":
        pos = pl.new("partition", size=4)
        answer = pos.analyse(seconds=2)
    elif args.use == "pyraos":
        pos = pl.new("pyraos")
        answer = pos.analyse(seconds=2)
    elif args.use == "pyraos-endgame":  # off the opening book: the search's
        examples = Path(pl.__file__).parent / "model" / "data" / "examples"
        pos = pl.load(str(next(examples.glob("**/endgame-win-in-7.pyr.json"))))
        answer = pos.analyse(seconds=2)
    else:
        from pyramid_lab.model import search
        from pyramid_lab.model.files import read
        from pyramid_lab.model.search import computer

        data = Path(pl.__file__).parent / "model" / "data" / "puzzles" / "partition"
        game = read(str(data / "floating-3-win-in-2-a.pyr.json")).game
        choice = search.exact_choice(game, knowledge=search.knowledge_for(game))
        if choice is None:
            agent, limits = computer.agent_for(
                game,
                "strong",
                knowledge=search.knowledge_for(game),
                threads=computer.default_threads(),
            )
            choice = agent.choose(game, limits)
        answer = choice
    done = cpu()
    print(f"cache {os.environ.get('NUMBA_CACHE_DIR', 'numba: beside the sources')}")
    print(f"pyramid_lab from {pl.__file__}")
    print(
        f"imports cpu {imported - began:.2f} s; the call: cpu {done - imported:.2f} s, "
        f"wall {time.perf_counter() - wall:.2f} s"
    )
    print(f"compiled {sum(count.values())} functions, own cpu {sum(own.values()):.2f} s")
    for key, seconds in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"  {seconds:6.2f}  x{count[key]}  {key}")
    for field in ("visits", "seconds", "value", "proven_text"):
        print(f"{field}: {getattr(answer, field, '-')}")
    text = repr(answer)
    print(f"answer: {text[:600]}")


if __name__ == "__main__":
    main()
