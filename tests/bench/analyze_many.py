"""Benchmark: `pyramid-lab analyze` over a thousand small position files in one call.

Run by hand:  .venv/bin/python tests/bench/analyze_many.py [--files 1000]

Writes random mid-game Pyramid Partition positions (bases 3 to 8) to a temporary folder,
then times one `pyramid-lab analyze` process over all of them (start-up included), and
prints the total and the time per file. Goal: a thousand files take seconds, not minutes.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyramid_lab.model.files import write
from pyramid_lab.model.partition import Partition, PartitionOptions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(5)
    exe = Path(sys.executable).with_name("pyramid-lab")
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for index in range(args.files):
            game = Partition(
                PartitionOptions(rng.randint(3, 8), rng.choice(["floating", "stacking"]))
            )
            for _ in range(rng.randint(0, game.lattice.count)):
                if game.is_over():
                    break
                game.push(rng.choice(game.legal_moves()))
            path = Path(folder) / f"p{index:04d}.pyr.json"
            write(path, game)
            paths.append(str(path))
        start = time.perf_counter()
        result = subprocess.run([str(exe), "analyze", *paths], capture_output=True, text=True)
        elapsed = time.perf_counter() - start
    lines = result.stdout.count("\n")
    print(
        f"analyze: {lines} files in {elapsed:.2f} s ({elapsed / lines * 1e3:.2f} ms per file, "
        f"start-up included), exit status {result.returncode}"
    )


if __name__ == "__main__":
    main()
