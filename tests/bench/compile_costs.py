"""Benchmark: where numba's compile spends its processor time, function by function, from an
empty cache (issue 88 item 7).

Run by hand:  .venv/bin/python tests/bench/compile_costs.py [--top N] [--cache DIR] WHAT

WHAT is what compiles, run in this process: ``warm`` (the core's warm-up,
``python -m pyramid_lab.model.search.compiled.warm``), ``whole`` (the tests' whole-game
build kernels, ``python -m tests.whole_kernels``), ``lesson`` (``pyramid-lab lesson check``
of lesson 8, what tests/model/test_first_run.py runs) or a pytest node id. numba's cache is a
new empty folder (``--cache DIR``: that one, to compile one step after another as the suite
does). numba's ``numba:compile`` events give each function's compile, a signature each:
its own processor time (the compiling thread's, less the functions it compiled inside it:
a callee's typing compiles the callee first, and an ``inline="always"`` callee is compiled
again in each caller, as the caller's own time), and ``numba:run_pass`` gives each
compiler pass's own time. Printed: the functions with the most time, each with its number
of signatures, then the passes, then the totals and the process's processor time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import runpy
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "model/data/lessons/partition/08-three-corners-win.lesson.json"


class _Own:
    """Each label's own thread time: its span less the spans nested in it (one stack a
    thread)."""

    def __init__(self) -> None:
        self.own: defaultdict[str, float] = defaultdict(float)
        self.count: defaultdict[str, int] = defaultdict(int)
        self._stacks = threading.local()

    def start(self, label: str) -> None:
        stack = self._stacks.__dict__.setdefault("stack", [])
        stack.append([label, time.thread_time(), 0.0])

    def end(self) -> None:
        stack = self._stacks.__dict__["stack"]
        label, began, inner = stack.pop()
        spent = time.thread_time() - began
        self.own[label] += spent - inner
        self.count[label] += 1
        if stack:
            stack[-1][2] += spent


def _listen(functions: _Own, passes: _Own, signatures: defaultdict[str, set[str]]) -> None:
    from numba.core import event

    class Compiles(event.Listener):  # type: ignore[misc]
        def on_start(self, ev: event.Event) -> None:
            dispatcher = ev.data["dispatcher"]
            name = f"{dispatcher.py_func.__module__}.{dispatcher.py_func.__qualname__}"
            signatures[name].add(str(ev.data["args"]))
            functions.start(name)

        def on_end(self, ev: event.Event) -> None:
            functions.end()

    class Passes(event.Listener):  # type: ignore[misc]
        def on_start(self, ev: event.Event) -> None:
            passes.start(ev.data["name"].partition(" [")[0])

        def on_end(self, ev: event.Event) -> None:
            passes.end()

    event.register("numba:compile", Compiles())
    event.register("numba:run_pass", Passes())


def _count_inlines(inlines: _Own, statements: defaultdict[str, int]) -> None:
    """Each ``inline="always"`` callee's inlining (its untyped passes, its own inlines
    within): own time, count, and the statements it put into its callers."""
    from numba.core.inline_closurecall import InlineWorker

    inline = InlineWorker.inline_function

    def counted(self: InlineWorker, caller_ir, block, i, function, arg_typs=None):  # type: ignore[no-untyped-def]
        name = f"{function.__module__}.{function.__qualname__}"
        inlines.start(name)
        try:
            done = inline(self, caller_ir, block, i, function, arg_typs)
        finally:
            inlines.end()
        statements[name] += sum(len(new.body) for _label, new in done[3])
        return done

    InlineWorker.inline_function = counted


def _run(what: str) -> None:
    if what in ("warm", "whole"):
        sys.argv = [what]
        sys.path.insert(0, str(ROOT))
        module = (
            "pyramid_lab.model.search.compiled.warm" if what == "warm" else "tests.whole_kernels"
        )
        with contextlib.suppress(SystemExit):
            runpy.run_module(module, run_name="__main__")
    elif what == "lesson":
        from pyramid_lab.viewer.cli import main

        with contextlib.suppress(SystemExit):
            main(["lesson", "check", str(LESSON)])
    else:
        import pytest

        pytest.main(["-q", "-n", "0", "-p", "no:cacheprovider", what])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", help="warm, whole, lesson or a pytest node id")
    parser.add_argument("--top", type=int, default=30, help="functions printed (30)")
    parser.add_argument("--cache", help="numba's cache folder (default: a new empty one)")
    args = parser.parse_args()
    os.environ["NUMBA_CACHE_DIR"] = args.cache or tempfile.mkdtemp(prefix="numba-compile-")
    functions, passes = _Own(), _Own()
    signatures: defaultdict[str, set[str]] = defaultdict(set)
    _listen(functions, passes, signatures)
    inlines = _Own()
    statements: defaultdict[str, int] = defaultdict(int)
    _count_inlines(inlines, statements)
    began = time.process_time()
    _run(args.what)
    spent = time.process_time() - began
    print(f"\n{'own s':>7} {'sigs':>4}  function (cache {os.environ['NUMBA_CACHE_DIR']})")
    ranked = sorted(functions.own.items(), key=lambda item: -item[1])
    for name, own in ranked[: args.top]:
        print(f"{own:7.2f} {len(signatures[name]):4d}  {name}")
        if len(signatures[name]) > 1:
            for signature in sorted(signatures[name]):
                print(f"{'':13}{signature[:400]}")
    print(f"\n{'own s':>7}  pass")
    for name, own in sorted(passes.own.items(), key=lambda item: -item[1])[:12]:
        print(f"{own:7.2f}  {name}")
    print(f"\n{'own s':>7} {'times':>5} {'stmts':>6}  inlined callee")
    for name, own in sorted(inlines.own.items(), key=lambda item: -item[1])[: args.top]:
        print(f"{own:7.2f} {inlines.count[name]:5d} {statements[name]:6d}  {name}")
    compiles = sum(functions.count.values())
    print(
        f"\ncompiles {compiles} of {len(functions.own)} functions: "
        f"{sum(functions.own.values()):.1f} s of a thread; the process {spent:.1f} s cpu"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
