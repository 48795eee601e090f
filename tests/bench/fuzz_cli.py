"""Random bad command lines through the ``pyramid-lab`` console script.

Run by hand:  .venv/bin/python tests/bench/fuzz_cli.py [--lines 400] [--seed 1]

Each line mixes a command (or none, or a made-up one) with files of every bad kind (missing,
a folder, a FIFO, /dev/zero, deep nesting, a huge number, random bytes, mutated documents),
good files, bad numbers, bad render options and output paths, and unknown flags. A line must
end with exit status 2 (or 0 when the dice made it valid) and no traceback, within 60 s.
Prints the lines tried, the exit statuses, and the failures by kind with an example.
No display is used: ``open`` says there is none, ``render`` draws offscreen.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import os
import pathlib
import random
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.model import test_files_fuzz as fz  # noqa: E402

EXE = pathlib.Path(sys.executable).with_name("pyramid-lab")
GOOD = [
    ROOT / "examples/partition/t3-lone-apex.pyr.json",
    ROOT / "examples/pyraos/top-in-one.pyr.json",
    ROOT / "examples/terrace/opening.pyr.json",
    ROOT / "examples/partition/t5-anchored-around-a-corner-ball.pyr.json",
    ROOT / "examples/rolling/four-players-round-3-draft.pyr.json",  # solve: not two players
    ROOT / "examples/rolling/two-players-new.pyr.json",  # solve: dice
    ROOT / "examples/ball/setup.pyr.json",  # solve: simultaneous turns
]


def make_files(folder: pathlib.Path, rng: random.Random) -> dict[str, list[str]]:
    """Bad files of every kind (and good ones), by kind."""
    (folder / "dir.pyr.json").mkdir()
    os.mkfifo(folder / "fifo.pyr.json")
    (folder / "deep.pyr.json").write_text("[" * 5000 + "]" * 5000)
    (folder / "huge.pyr.json").write_text('{"format": ' + "9" * 10000 + "}")
    (folder / "big.pyr.json").write_bytes(b" " * (5 << 20))
    (folder / "dir.png").mkdir()
    mutated = []
    for index in range(40):
        path = folder / f"mutated{index}.pyr.json"
        text = fz.mutated_document(rng)
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        mutated.append(str(path))
    noise = folder / "noise.pyr.json"
    noise.write_bytes(rng.randbytes(300))
    return {
        "bad": [
            str(folder / "missing.pyr.json"),
            str(folder / "dir.pyr.json"),
            str(folder / "fifo.pyr.json"),
            "/dev/zero",
            "/dev/null",
            str(folder / "deep.pyr.json"),
            str(folder / "huge.pyr.json"),
            str(folder / "big.pyr.json"),
            str(noise),
            "",
        ],
        "mutated": mutated,
        "good": [str(p) for p in GOOD],
        "out": [
            str(folder / "x.png"),
            str(folder / "x.jpg"),
            str(folder / "nodir" / "x.png"),
            str(folder / "x.txt"),
            str(folder / "x"),
            str(folder / "dir.png"),
            str(folder),
            "/dev/full",
            "",
        ],
    }


NUMBERS = ["-1", "abc", "1000", "1.5", "9" * 5000, "", "0x10", "nan", "inf", "-0", "1e3", "٣"]
SECONDS = ["-1", "abc", "0", "nan", "", "-inf", "1e-400", "٣x", "1"]  # none over a second
FLAGS = ["--bogus", "-x", "--text", "--quiet", "--view", "--walls", "--region", "--", "-"]


def bad_line(rng: random.Random, files: dict[str, list[str]]) -> list[str]:
    def a_file() -> str:
        pool = rng.choices(["bad", "mutated", "good"], weights=[4, 4, 2])[0]
        return rng.choice(files[pool])

    command = rng.choice(
        ["analyze", "perft", "solve", "render", "open", "book", "verify", "frobnicate", ""]
    )
    line = [command] if command else []
    if command == "analyze":
        line += [a_file() for _ in range(rng.randint(0, 4))]
        if rng.random() < 0.3:
            line.insert(1, "--text")
    elif command == "perft":
        line += [a_file()] * rng.randint(0, 1)
        line += [rng.choice([*NUMBERS, "0", "1", "2"])] * rng.randint(0, 2)
    elif command == "solve":
        line += [a_file(), "--quiet", "--max-seconds", rng.choice(SECONDS)]
        if rng.random() < 0.5:
            line += ["--max-depth", rng.choice([*NUMBERS, "3"])]
        if rng.random() < 0.4:
            line += ["--table-mb", rng.choice([*NUMBERS, "99999999999", "16"])]
    elif command == "book":
        action = rng.choice(["show", "verify", "build", "frobnicate"])
        line += [action, "--book", rng.choice([*files["bad"], *files["mutated"], "/proc/b.json"])]
        if action == "build":  # quick when the dice make it valid
            line += ["--plies", "0", "--seconds", rng.choice(SECONDS), "--table-mb", "16"]
        else:
            line += ["--max-seconds", rng.choice(SECONDS)] * (rng.random() < 0.3)
    elif command == "verify":
        line += [a_file() for _ in range(rng.randint(0, 3))]
        line += ["--max-seconds", rng.choice(SECONDS)]
    elif command == "render":
        line += [a_file()] * rng.randint(0, 1)
        if rng.random() < 0.9:
            line += ["-o", rng.choice(files["out"])]
        options = {
            "--size": ["10x10", "99999x2", "big", "0x0", "64x48", "x"],
            "--levels": ["2", "a:b", "3:1", "-1:2", "0:99", "9" * 50 + ":1"],
            "--clip": ["q<3", "x<=", "x<=1e5", "y>=", "z>=0.7"],
            "--peel": ["-1", "lots", "99"],
            "--view": ["diagonal", "top"],
            "--region": ["XX", "SW"],
        }
        for flag in rng.sample(list(options), rng.randint(0, 3)):
            line += [flag, rng.choice(options[flag])]
        if rng.random() < 0.3:
            line.append(rng.choice(["--walls", "--corners", "--groups", "--no-lesson"]))
        if "--size" not in line:
            line += ["--size", "64x48"]  # keep valid renders quick
    elif command == "open":
        line += [a_file() for _ in range(rng.randint(0, 2))]
    if rng.random() < 0.25:
        line.insert(rng.randint(0, len(line)), rng.choice(FLAGS))
    return line


def run(line: list[str]) -> tuple[list[str], int | str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    try:
        result = subprocess.run(
            [str(EXE), *line], capture_output=True, text=True, timeout=60, env=env
        )
    except subprocess.TimeoutExpired:
        return line, "timeout", ""
    return line, result.returncode, result.stderr


def failure(code: int | str, err: str) -> str | None:
    if code == "timeout":
        return "hung (60 s)"
    if "Traceback" in err:
        return f"traceback: {err.strip().splitlines()[-1][:80]}"
    if code not in (0, 2):
        return f"exit status {code}"
    if code == 2 and not err.strip():
        return "exit 2 without a message"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    statuses: collections.Counter[int | str] = collections.Counter()
    failures: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = {}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        files = make_files(pathlib.Path(folder), rng)
        lines = [bad_line(rng, files) for _ in range(args.lines)]
        with concurrent.futures.ThreadPoolExecutor(max(2, os.cpu_count() or 2)) as pool:
            for line, code, err in pool.map(run, lines):
                statuses[code] += 1
                kind = failure(code, err)
                if kind is not None:
                    failures[kind] += 1
                    examples.setdefault(kind, line)
    seconds = time.perf_counter() - start
    print(f"command lines tried: {len(lines):,} in {seconds:.0f} s")
    print("exit statuses: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=str)))
    print(f"failures: {sum(failures.values())}")
    for kind, count in failures.most_common():
        print(f"  {count:>4}  {kind}\n        e.g. pyramid-lab {shlex.join(examples[kind])}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
