"""Benchmark: ``pos.svg()`` of every shipped position (the examples, the puzzles and each
step of each lesson), the diagram a notebook shows (viewer/pictures/diagrams).

Run by hand (no display needed: the diagram draws without VTK):
    .venv/bin/python tests/bench/svg.py [--repeat 5] [--size 480]

It times whichever code is first on the path, so two trees compare side by side:
    PYTHONPATH=/path/to/other/checkout .venv/bin/python tests/bench/svg.py

Per game and for all: the number of positions, the median and the slowest ``svg()`` (each
position's fastest of ``--repeat`` draws, so a busy machine's stalls count less), the
median and the largest diagram in KB, and the largest's file. The first draw of each game
(its UI's import) is timed apart.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import pyramid_lab as pl
from pyramid_lab import viewer
from pyramid_lab.model import files
from pyramid_lab.model.lesson import lesson_step_document
from pyramid_lab.model.lesson import read as read_lesson

ROOT = Path(viewer.__file__).resolve().parents[1]  # the tree under test


def shipped() -> Iterator[tuple[str, pl.Position]]:
    for folder in ("examples", "model/data/puzzles"):
        for path in sorted((ROOT / folder).rglob("*.pyr.json")):
            yield str(path.relative_to(ROOT)), pl.Position._read(files.read(path))
    for path in sorted((ROOT / "model/data/lessons").rglob("*.lesson.json")):
        for index in range(len(read_lesson(path).steps)):
            doc = lesson_step_document(path, index)
            yield f"{path.relative_to(ROOT)} step {index}", pl.Position._read(doc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--size", type=int, default=480)
    args = parser.parse_args()
    rows: dict[str, list[tuple[float, int, str]]] = {}
    first: dict[str, float] = {}
    for name, pos in shipped():
        if pos.game not in first:
            start = time.perf_counter()
            pos.svg(size=args.size)
            first[pos.game] = time.perf_counter() - start
        best, size = float("inf"), 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            size = len(pos.svg(size=args.size).encode("utf-8"))
            best = min(best, time.perf_counter() - start)
        rows.setdefault(pos.game, []).append((best, size, name))
    everything = [row for game in rows.values() for row in game]
    print(f"svg() of every shipped position, size {args.size}, best of {args.repeat} each")
    print(
        f"{'game':10} {'n':>4} {'median ms':>10} {'max ms':>8} {'median KB':>10} "
        f"{'max KB':>7}  first draw ms  largest"
    )
    for game, got in [*sorted(rows.items()), ("all", everything)]:
        times = [t * 1000 for t, _, _ in got]
        sizes = [s / 1000 for _, s, _ in got]
        largest = max(got, key=lambda row: row[1])[2]
        first_ms = f"{first[game] * 1000:13.0f}" if game in first else " " * 13
        print(
            f"{game:10} {len(got):4} {statistics.median(times):10.2f} {max(times):8.2f} "
            f"{statistics.median(sizes):10.1f} {max(sizes):7.1f}  {first_ms}  {largest}"
        )


if __name__ == "__main__":
    main()
