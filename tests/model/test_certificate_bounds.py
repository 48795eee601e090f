"""A certificate whose size cannot be a real proof is refused before its lines are read
(issue 89, item 13): a 309 KB gzip of 5,849 well-formed lines of a base-50 pyramid (keys
of 42,925 characters, 239 MiB decompressed) took 93 s and 370 MB before its gap was said.
No search proves a base above 6, so no certificate is of one; and the lines of a smaller
base stop at the most any proof of the header's position can take (``text_bound``)."""

from __future__ import annotations

import gzip
import json
import pathlib
import random
import subprocess
import sys
import zlib

import pytest

from pyramid_lab.model.certificate import (
    MAX_BASE,
    MAX_TEXT_BYTES,
    CertificateError,
    check,
    check_file,
    text_bound,
)
from pyramid_lab.model.partition import Partition, PartitionOptions

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _header(size: int) -> dict[str, object]:
    return {
        "format": "pyramid-lab-certificate/1",
        "game": "partition",
        "options": {"size": size, "version": "floating"},
        "to_move": "red",
        "pieces": [],
        "winner": "red",
    }


def _hostile(path: pathlib.Path, size: int, lines: int) -> pathlib.Path:
    """The issue's file: well-formed lines (as many red balls as blue, 40 of them) of a
    base-``size`` pyramid, gzip members of 20 lines each, the same member again and again
    (made once: a few seconds' compression would be as long as the check)."""
    count = sum(k * k for k in range(1, size + 1))
    rng = random.Random(89)
    keys = []
    for _ in range(20):
        cells = ["."] * count
        for index, spot in enumerate(rng.sample(range(count), 40)):
            cells[spot] = "rb"[index % 2]
        keys.append("".join(cells))
    member = gzip.compress("".join(f"{k} 0,0,0\n" for k in keys).encode(), compresslevel=1)
    with path.open("wb") as out:
        out.write(gzip.compress((json.dumps(_header(size)) + "\n").encode()))
        for _ in range(lines // 20):
            out.write(member)
    return path


PROBE = """
import resource, sys, time
from pyramid_lab.model.certificate import CertificateError, check_file
began = time.perf_counter()
try:
    check_file(sys.argv[1])
except CertificateError as exc:
    print(exc)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(f"{peak} MB {time.perf_counter() - began:.2f} s")
"""


def test_the_issue_s_base_50_certificate_is_refused_before_its_lines(tmp_path):
    path = _hostile(tmp_path / "base50.cert.gz", 50, 5_849)
    with gzip.open(path, "rb") as stream:
        assert len(stream.readline()) < 400  # the header is good...
        assert len(stream.readline()) == 42_925 + 7  # ...and so are the lines
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    said, figures = done.stdout.strip().splitlines()
    assert said.endswith(
        f"line 1: a base-50 pyramid: certificates are of bases 2 to {MAX_BASE} "
        "(the bases a search proves); no line is read"
    ), said
    peak = int(figures.split()[0])
    assert peak < 200, figures  # one chunk of a MiB decompressed, no key kept
    print(figures)  # (0.04 s here, loaded: the check of the header alone)


@pytest.mark.parametrize("size", [7, 12, 50])
def test_no_base_above_the_searches_is_read(size):
    lines = iter([json.dumps(_header(size)), "never read"])
    with pytest.raises(CertificateError, match=rf"^line 1: a base-{size} pyramid"):
        check(lines)
    assert next(lines) == "never read"


def test_the_bound_is_the_keys_of_the_base_and_within_the_cap():
    game = Partition.new(PartitionOptions(2, "floating"))
    # 5 points, as many red as blue: 1 + 5*4 + 5*4*3*2/4 keys = 51, lines of at most 12
    assert text_bound(game, "red") == 51 * (5 + 1 + 5 + 1)
    big = Partition.new(PartitionOptions(MAX_BASE, "floating"))
    assert text_bound(big, "red") == MAX_TEXT_BYTES


def test_lines_past_the_base_s_bound_are_refused_when_read(tmp_path):
    """Well-formed lines padded with blanks (``KEY<60,000 spaces>MOVE`` splits as two
    parts) pass the line checks; a base-2 proof has at most 612 bytes of lines."""
    path = tmp_path / "padded.cert.gz"
    compress = zlib.compressobj(9, zlib.DEFLATED, 31)
    with path.open("wb") as out:
        out.write(compress.compress((json.dumps(_header(2)) + "\n").encode()))
        for key in ("r...b", "rb...", "r.b.."):
            out.write(compress.compress(f"{key}{' ' * 60_000}0,0,0\n".encode()))
        out.write(compress.flush())
    with pytest.raises(CertificateError, match=r"line 2: the certificate passes 612 bytes"):
        check_file(path)
