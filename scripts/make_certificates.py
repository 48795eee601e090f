"""Make the certificates of the empty Pyramid Partition pyramids and check each with the
rules alone: ``pyramid-lab solve --certificate`` then ``pyramid-lab certificate check``,
each in a process of its own, its wall clock and peak memory measured.

    .venv/bin/python scripts/make_certificates.py                # base 3, both versions
    .venv/bin/python scripts/make_certificates.py --base 4 --version stacking \\
        --out /tmp/certificates --table-mb 2048

Base 3 writes into model/data/certificates/ (they ship); the base-4 ones are large: write
them elsewhere (--out). Figures: docs/engines.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(command: list[str]) -> tuple[int, float, float]:
    """Exit status, wall seconds and the child's peak memory (MB) of one command."""
    began = time.perf_counter()
    status = subprocess.call(command, cwd=ROOT)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return status, time.perf_counter() - began, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=int, default=3, choices=(3, 4))
    parser.add_argument("--version", choices=("floating", "stacking"), action="append")
    parser.add_argument("--out", default=str(ROOT / "model" / "data" / "certificates"))
    parser.add_argument("--table-mb", type=int, default=1024)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    cli = [sys.executable, "-m", "pyramid_lab.viewer.cli"]
    failed = 0
    for version in args.version or ["floating", "stacking"]:
        name = f"empty-base{args.base}-{version}"
        position = str(ROOT / "examples" / "partition" / f"{name}.pyr.json")
        target = str(Path(args.out) / f"{name}.cert.gz")
        made = [*cli, "solve", "--certificate", target, "--table-mb", str(args.table_mb)]
        status, seconds, peak = run([*made, "--no-book", position])
        print(
            f"{name}: made in {seconds:.1f} s, peak memory {peak:,.0f} MB (so far), "
            f"status {status}",
            flush=True,
        )
        if status:
            failed += 1
            continue
        status, seconds, peak = run([*cli, "certificate", "check", target])
        size = os.path.getsize(target)
        print(f"{name}: {size:,} bytes; checked in {seconds:.1f} s (status {status})", flush=True)
        failed += status != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
