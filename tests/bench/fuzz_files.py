"""Long fuzz of position files: 80,000 generated inputs through ``files.loads``.

Run by hand:  .venv/bin/python tests/bench/fuzz_files.py [--inputs 80000] [--seed 1]

The inputs come from the generators of ``tests/model/test_files_fuzz.py`` (valid documents
of every game mutated as trees and as text, random JSON, random bytes, valid documents) plus
deep nesting, huge numbers and odd unicode put into valid documents. Each must load (and
come back the same through dumps/loads) or raise PositionFormatError. Prints the inputs
tried by kind, how they ended, and the failures by kind with a seed that reproduces each.
Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import os
import pathlib
import random
import sys
import time
import traceback

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.model import test_files_fuzz as fz  # noqa: E402


def deep(rng: random.Random) -> str:
    depth = rng.choice([50, 500, 999, 1000, 1001, 3000, 20000])
    nest = rng.choice(["[" * depth + "]" * depth, '{"a":' * depth + "0" + "}" * depth])
    return rng.choice([nest, fz._replace_a_value(json.dumps(fz.valid_document(rng)), nest, rng)])


def huge(rng: random.Random) -> str:
    digits = rng.choice([19, 20, 100, 101, 4300, 4301, 10000, 100000])
    number = rng.choice(["", "-"]) + str(rng.randint(1, 9)) * digits
    return fz._replace_a_value(json.dumps(fz.valid_document(rng)), number, rng)


def odd_unicode(rng: random.Random) -> str:
    doc = fz.valid_document(rng)
    text = "".join(chr(rng.choice([rng.randrange(0x110000), 0xD800, 0xFEFF, 0])) for _ in "xyz")
    node = rng.choice(fz._containers(doc))
    if isinstance(node, dict):
        node[rng.choice([text, *fz.NAMES])] = text
    else:
        node.append(text)
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5)


GENERATORS = {
    **fz.GENERATORS,
    "deep nesting": deep,
    "huge number": huge,
    "odd unicode": odd_unicode,
}
WEIGHTS = {
    "mutated document": 60,
    "random JSON": 8,
    "random bytes": 8,
    "valid document": 6,
    "deep nesting": 6,
    "huge number": 6,
    "odd unicode": 6,
}


def one(seed: int) -> tuple[str, str, str | None]:
    """(generator, outcome, failure kind or None) for the input made from ``seed``."""
    rng = random.Random(seed)
    kind = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    try:
        text = GENERATORS[kind](rng)
    except Exception:
        return kind, "generator failed", "generator: " + traceback.format_exc().splitlines()[-1]
    try:
        return kind, fz.check(text), None
    except AssertionError as exc:
        return kind, "failed", f"round trip: {exc}"
    except BaseException as exc:  # counting them is the point
        where = traceback.extract_tb(exc.__traceback__)[-1]
        place = f"{pathlib.Path(where.filename).name}:{where.lineno}"
        return kind, "failed", f"{type(exc).__name__} at {place}: {str(exc)[:80]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=80_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sys.setrecursionlimit(1000)
    seeds = range(args.seed * 10_000_000, args.seed * 10_000_000 + args.inputs)
    tried: collections.Counter[str] = collections.Counter()
    outcomes: collections.Counter[tuple[str, str]] = collections.Counter()
    failures: collections.Counter[str] = collections.Counter()
    examples: dict[str, int] = {}
    start = time.perf_counter()
    with multiprocessing.Pool(os.cpu_count()) as pool:
        for seed, (kind, outcome, failure) in zip(
            seeds, pool.imap(one, seeds, chunksize=200), strict=True
        ):
            tried[kind] += 1
            outcomes[kind, outcome] += 1
            if failure is not None:
                failures[failure] += 1
                examples.setdefault(failure, seed)
    seconds = time.perf_counter() - start
    total = sum(tried.values())
    print(f"inputs tried: {total:,} in {seconds:.0f} s ({total / seconds:,.0f}/s)")
    print(f"{'kind':<18} {'tried':>7} {'loaded':>7} {'refused':>8} {'failed':>7}")
    for kind in WEIGHTS:
        row = [outcomes[kind, o] for o in ("loaded", "refused")]
        bad = tried[kind] - sum(row)
        print(f"{kind:<18} {tried[kind]:>7,} {row[0]:>7,} {row[1]:>8,} {bad:>7,}")
    print(f"failures: {sum(failures.values()):,}")
    for failure, count in failures.most_common():
        print(f"  {count:>6,}  {failure}  (e.g. seed {examples[failure]})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
