"""Benchmark: ``certificate check`` of hostile floods (issue 89, item 13): well-formed lines
of positions with the winner to move, distinct, as many as each base's bound lets in
(``text_bound``: the keys of base 3, :data:`MAX_PROOF_LINES` lines of bases 4 to 6), in
gzip members of a few thousand lines each (so the gzip trailer says little and the lines
are read). Each check runs in a child process; its peak memory (VmHWM) and processor
time are printed.

    .venv/bin/python tests/bench/certificate_flood.py [--bases 3 4 6] [--before CHECKOUT]

``--before``: another checkout (``git worktree add /tmp/before main``, say) whose check of
the same files is printed beside this one's, in the same run (the same load).
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import pathlib
import random
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROBE = """
import sys, time
from pyramid_lab.model.certificate import CertificateError, check_file
began = time.process_time()
try:
    check_file(sys.argv[1])
    said = "checked"
except CertificateError as exc:
    said = str(exc)[-90:]
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(f"{peak // 1024} MB, {time.process_time() - began:.2f} s processor: {said}")
"""


def flood(path: pathlib.Path, base: int) -> int:
    """Distinct keys with one red ball more than blue (blue wins, red to move: red's
    positions after each of its moves), as many as the bound lets in."""
    sys.path.insert(0, str(ROOT))
    from pyramid_lab.model.certificate import MAX_PROOF_LINES

    count = base * (base + 1) * (2 * base + 1) // 6
    header = {
        "format": "pyramid-lab-certificate/1",
        "game": "partition",
        "options": {"size": base, "version": "floating"},
        "to_move": "red",
        "pieces": [],
        "winner": "blue",
    }
    if base == 3:
        keys = (
            "".join(c)
            for c in itertools.product(".rb", repeat=14)
            if c.count("r") == c.count("b") + 1
        )
    else:
        rng = random.Random(base)
        cells = list("r" * 6 + "b" * 5 + "." * (count - 11))

        def drawn():
            seen = set()
            while True:
                rng.shuffle(cells)
                key = "".join(cells)
                if key not in seen:
                    seen.add(key)
                    yield key

        keys = itertools.islice(drawn(), MAX_PROOF_LINES)
    lines = 0
    with path.open("wb") as out:
        out.write(gzip.compress((json.dumps(header) + "\n").encode()))
        for block in iter(lambda: list(itertools.islice(keys, 5000)), []):
            out.write(gzip.compress("".join(f"{k} 0,0,0\n" for k in block).encode(), 1))
            lines += len(block)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bases", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument("--before", type=pathlib.Path, help="another checkout to compare")
    args = parser.parse_args()
    checkouts = [("", ROOT)] + [("before: ", args.before.resolve())] * bool(args.before)
    with tempfile.TemporaryDirectory() as folder:
        for base in args.bases:
            path = pathlib.Path(folder) / f"flood{base}.cert.gz"
            lines = flood(path, base)
            size = path.stat().st_size
            print(f"base {base}: {lines:,} lines, {size:,} bytes:")
            for said, checkout in checkouts:
                done = subprocess.run(
                    [sys.executable, "-c", PROBE, str(path)],
                    capture_output=True,
                    text=True,
                    cwd=checkout,  # (its pyramid_lab imported: the first on the path)
                    check=False,
                )
                print(f"  {said}{done.stdout.strip() or done.stderr.strip()[-200:]}")


if __name__ == "__main__":
    main()
