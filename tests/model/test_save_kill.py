"""A save killed at any moment (SIGKILL, so no clean-up code runs) leaves the target whole,
either the old file or the new one, and the next save removes the temporary file it left.

Each kill runs ``files.write`` in a loop in a child process and kills it: at a random moment,
or inside the save, after the temporary file is written and before it is renamed (so the
leftover is certain). ``tests/bench/kill_save.py`` does 300 kills and counts.
"""

from __future__ import annotations

import os
import pathlib
import random
import signal
import subprocess
import sys
import time

import pytest

from pyramid_lab.model import files

ROOT = pathlib.Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")

# The child saves the versions of a game in turn, forever; with "pause" it stops inside its
# first save, once the temporary file is complete, and waits to be killed.
CHILD = """
import os, sys, time
from pyramid_lab.model import files
from pyramid_lab.model.partition import Partition, PartitionOptions

path, pause = sys.argv[1], sys.argv[2] == "pause"
game = Partition(PartitionOptions(6))
for text in ("0,0,0", "5,5,0", "2,2,1"):
    game.push_text(text)
if pause:
    def stop(fd):
        print("inside", flush=True)
        time.sleep(60)
    os.fsync = stop
print("ready", flush=True)
n = 0
while True:
    files.write(path, game, {"notes": str(n % 3) * 300_000})
    n += 1
"""


def versions() -> set[bytes]:
    """Every complete text the target may hold: the first save's and the child's three."""
    from pyramid_lab.model.partition import Partition, PartitionOptions

    game = Partition(PartitionOptions(6))
    for text in ("0,0,0", "5,5,0", "2,2,1"):
        game.push_text(text)
    texts = {files.dumps(game, {"notes": str(n) * 300_000}) for n in range(3)}
    return {t.encode() for t in texts}


def temporary_files(folder: pathlib.Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def kill_during_save(path: pathlib.Path, rng: random.Random, *, pause: bool = False) -> None:
    """Start a child that saves ``path`` over and over and SIGKILL it: inside a save (with
    ``pause``) or 0 to 60 ms after it starts saving."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), "pause" if pause else "loop"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n"
        if pause:
            assert child.stdout.readline() == "inside\n"
        else:
            time.sleep(rng.uniform(0, 0.06))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)  # reaped: a zombie would still count as a running process
        if child.stdout is not None:
            child.stdout.close()


def test_a_killed_save_leaves_the_old_or_the_new_file_and_no_temporary_file(tmp_path):
    from pyramid_lab.model.partition import Partition, PartitionOptions

    path = tmp_path / "game.pyr.json"
    complete = versions()
    files.write(path, Partition(PartitionOptions(6)))
    complete.add(path.read_bytes())
    rng = random.Random(12)
    left = []
    for pause in (True, False, True, False):
        kill_during_save(path, rng, pause=pause)
        assert path.read_bytes() in complete  # never half-written
        files.read(path)
        left.append(len(temporary_files(tmp_path)))
    assert left[0] == 1  # the kill inside the save did leave its temporary file
    files.write(path, Partition(PartitionOptions(6)))
    assert temporary_files(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.pyr.json"]
