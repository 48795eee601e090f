"""Benchmark of a refactor: what a user sees from two checkouts, compared result by result
(issue 47: "nothing a user sees changes").

Run by hand:
  git worktree add /tmp/before <commit>
  .venv/bin/python tests/bench/compare_trees.py --before /tmp/before [--corrupted 3000]

Each checkout's code (PYTHONPATH first, in a process of its own) reads the same inputs:

- every example (``examples/**/*.json``): its round trip (read, written, read again: the
  same text) and ``pyramid-lab analyze FILE`` (exit status, output and messages);
- ``--corrupted`` position files made from the examples by the file fuzzers' mutations
  (``tests/model/test_files_fuzz.py``, seeded 0, 1, ...): ``model.files.loads`` (the
  position written back, or the error's message) and ``pyramid-lab analyze`` of each.

Prints how many results agree, the first differences, the seconds each tree took, and
exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORKER = r"""
import contextlib, io, json, sys
from pathlib import Path
from pyramid_lab.model import files
from pyramid_lab.viewer.cli import main

def cli(*args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code
    return [code, out.getvalue(), err.getvalue()]

def loads(text):
    try:
        doc = files.loads(text)
        return "ok " + files.dumps(doc.game, doc.puzzle, doc.lesson, doc.variations, doc.review)
    except ValueError as exc:
        return f"{type(exc).__name__}: {exc}"

examples, corrupted = json.loads(sys.stdin.read())
for path in examples:
    text = Path(path).read_text()
    round_trip = loads(text) if path.endswith(".pyr.json") else "(not a position)"
    print(json.dumps([path, round_trip, cli("analyze", path)]), flush=True)
for path in corrupted:
    print(json.dumps([path, loads(Path(path).read_bytes()), cli("analyze", path)]), flush=True)
"""


def corrupt(count: int, folder: Path) -> list[str]:
    """``count`` position files made by the fuzzers' mutations, written to ``folder``."""
    sys.path.insert(0, str(ROOT))
    from tests.model import test_files_fuzz as fz

    paths = []
    for seed in range(count):
        made = fz.mutated_document(random.Random(seed))
        path = folder / f"corrupted-{seed:05d}.pyr.json"
        path.write_bytes(made if isinstance(made, bytes) else made.encode("utf-8", "replace"))
        paths.append(str(path))
    return paths


def run(tree: Path, examples: list[str], corrupted: list[str]) -> tuple[list[list], float]:
    env = {**os.environ, "PYTHONPATH": str(tree), "QT_QPA_PLATFORM": "offscreen"}
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", WORKER],
        input=json.dumps([examples, corrupted]),
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    if done.returncode != 0:
        print(done.stderr[-3000:])
        raise SystemExit(f"{tree}: the worker failed ({done.returncode})")
    return [json.loads(line) for line in done.stdout.splitlines()], time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the checkout to compare with")
    parser.add_argument("--corrupted", type=int, default=3000)
    args = parser.parse_args()
    before = Path(args.before).resolve()
    examples = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").rglob("*.json"))
    with tempfile.TemporaryDirectory(prefix="compare-trees-") as scratch:
        corrupted = corrupt(args.corrupted, Path(scratch))
        (old, old_s), (new, new_s) = (run(t, examples, corrupted) for t in (before, ROOT))
    differ = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    kinds = {"examples": len(examples), "corrupted files": len(corrupted)}
    print(f"compared {len(old)} inputs ({kinds}) of {before} and {ROOT}")
    print(f"seconds: before {old_s:.1f}, after {new_s:.1f}")
    print(f"same: {len(old) - len(differ)}, different: {len(differ)}")
    loaded = sum(1 for r in new if r[1].startswith("ok "))
    codes: dict[object, int] = {}
    for r in new:
        codes[r[2][0]] = codes.get(r[2][0], 0) + 1
    print(f"(after: {loaded} positions read; analyze's exit statuses {codes})")
    for a, b in differ[:5]:
        print(f"--- {a[0]}\nbefore: {json.dumps(a[1:])[:600]}\nafter:  {json.dumps(b[1:])[:600]}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
