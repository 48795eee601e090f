"""Kill saves: 300 SIGKILLs of a process saving a position file, then one normal save.

Run by hand:  .venv/bin/python tests/bench/kill_save.py [--kills 300] [--seed 1]

Each kill starts a child that saves the file over and over (``files.write``, about 300 KB a
save) and kills it 0 to 60 ms after its first save began, or, one time in ten, inside a
save once the temporary file is written (see ``tests/model/test_save_kill.py``). After each
kill the target must be one of the complete versions and must load. Prints the kills, the
temporary files standing after the kills (the next save of a later child removes those of
dead ones) and after one normal save at the end, and any corrupt target.
Exit status 1 if a target was ever corrupt or a temporary file is left at the end.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pyramid_lab.model import files  # noqa: E402
from pyramid_lab.model.errors import PositionFormatError  # noqa: E402
from pyramid_lab.model.partition import Partition, PartitionOptions  # noqa: E402
from tests.model.test_save_kill import (  # noqa: E402
    kill_during_save,
    temporary_files,
    versions,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    corrupt = unreadable = most_left = leaving = 0
    seen: set[str] = set()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        path = folder / "game.pyr.json"
        files.write(path, Partition(PartitionOptions(6)))
        complete = versions() | {path.read_bytes()}
        for _ in range(args.kills):
            kill_during_save(path, rng, pause=rng.random() < 0.1)
            if path.read_bytes() not in complete:
                corrupt += 1
            try:
                files.read(path)
            except PositionFormatError:
                unreadable += 1
            standing = temporary_files(folder)
            leaving += bool(set(standing) - seen)  # this kill left one
            seen.update(standing)
            most_left = max(most_left, len(standing))
        after_kills = temporary_files(folder)
        files.write(path, Partition(PartitionOptions(6)))
        after_save = temporary_files(folder)
    seconds = time.perf_counter() - start
    print(f"kills during save: {args.kills} in {seconds:.0f} s")
    print(f"corrupt targets (neither the old nor a new complete file): {corrupt}")
    print(f"targets that did not load: {unreadable}")
    print(f"kills that left a temporary file: {leaving}")
    print(f"temporary files standing at most after a kill: {most_left}")
    print(f"temporary files after the last kill: {len(after_kills)}")
    print(f"temporary files after one normal save: {len(after_save)}")
    return 1 if corrupt or unreadable or after_save else 0


if __name__ == "__main__":
    sys.exit(main())
