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
import re
import subprocess
import sys
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_lab.model.certificate import (
    MAX_BASE,
    MAX_PROOF_LINES,
    CertificateError,
    check,
    check_file,
    text_bound,
)
from pyramid_lab.model.certificate_file import MAX_TEXT_BYTES, declared_text_bytes, iter_lines
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


#: The check in a child, its peak memory read from /proc (VmHWM: this program's own; the
#: rusage peak keeps the forking test process's, a few hundred MB into a run).
PROBE = """
import sys, time
from pyramid_lab.model.certificate import CertificateError, check_file
began = time.perf_counter()
try:
    check_file(sys.argv[1])
except CertificateError as exc:
    print(exc)
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(f"{peak // 1024} MB {time.perf_counter() - began:.2f} s")
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
    print(figures)  # (22 MB, 0.04 s here, loaded: the check of the header alone)


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
    # bases 4 to 6 have more keys than any proof has lines: the most lines read (was the
    # 256 MiB cap: a flood of 2.7 million base-6 lines kept before the walk)
    for base in (4, 5, 6):
        big = Partition.new(PartitionOptions(base, "floating"))
        count = big.lattice.count
        assert text_bound(big, "red") == MAX_PROOF_LINES * (count + 1 + 5 + 1) < MAX_TEXT_BYTES
    # a red ball placed, blue to move: red's positions have as many of each and one more
    # blue than red added, on the 4 points left (not the base's 5): 4 + 4*3 keys
    game.push(game.parse_move("0,0,0"))
    assert text_bound(game, "red") == (4 + 4 * 3) * 12


def test_a_file_that_says_it_holds_more_than_the_bound_is_refused_before_its_lines(tmp_path):
    """Its gzip trailer says how much it holds: a base-3 flood of 20 MiB (a real proof of
    the empty base-3 pyramid takes at most 11.7 MiB) is refused after its header, no line
    below it read (was: read to the bound, 585,690 lines, before its refusal)."""
    header = json.dumps(_header(3))
    declared = len(header) + 1 + 20 * 2**20
    lines = iter([header, "never read"])
    with pytest.raises(CertificateError, match=r"^20 MiB decompressed \(its gzip trailer says\)"):
        check(lines, declared=declared)
    assert next(lines) == "never read"
    path = tmp_path / "flood.cert.gz"
    with gzip.open(path, "wb", compresslevel=1) as out:
        out.write((header + "\n").encode())
        out.write(b"rrrbbb........ 0,0,0\n" * (2**20 // 21 * 20))
    assert declared_text_bytes(path) > 20 * 2**20
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, cwd=ROOT
    )
    said, figures = done.stdout.strip().splitlines()
    assert said.endswith("position takes; no line below the header is read"), said
    assert int(figures.split()[0]) < 200, figures


def test_a_key_without_the_header_s_balls_is_refused_at_its_line():
    """Balls are never taken off: a position reached from the header's holds its balls, in
    one of the key's 8 images (a flood of keys of the right counts that do not was kept)."""
    header = _header(4)
    header["pieces"] = [[0, 0, 0, "red"], [1, 1, 0, "blue"]]  # red to move, as many of each
    cells = ["."] * 30
    cells[15], cells[10] = "r", "b"  # 3,3,0 and 2,2,0: their image under a half turn
    fits = "".join(cells)
    lines = [json.dumps(header), f"{fits} 0,0,1", f"{'rb' + '.' * 28} 0,0,1"]  # 1,0,0 blue
    with pytest.raises(CertificateError, match=r"^line 3: 'rb\.+' is no position reached"):
        check(lines)


LINE = st.builds(
    lambda key, move: f"{key} {move}",
    st.text(".rb", min_size=13, max_size=15),
    st.sampled_from(["0,0,0", "1,1,0", "2,2,0", "1,1,1", "9,9,9", "x"]),
)


@settings(max_examples=60, derandomize=True, deadline=None, database=None)
@given(st.lists(st.one_of(LINE, st.text(" .rb,0129x", max_size=20)), max_size=40))
def test_a_batch_is_read_as_its_lines_are_one_by_one(lines):
    """The lines are checked a batch at a time with numpy and, where any is bad, one by
    one: the same lines kept and the same first fault said either way; and no line of any
    kind raises anything but a CertificateError."""
    from pyramid_lab.model.certificate import Symmetries, read_listed
    from pyramid_lab.model.certificate import _Listing as Listing

    game = Partition.new(PartitionOptions(3, "floating"))
    symmetries = Symmetries(game)

    def one_by_one() -> object:
        listing = Listing(game, "red", symmetries)
        try:
            for number, line in enumerate(lines, start=2):
                listing.keep_line(number, line)
        except CertificateError as exc:
            return str(exc)
        return listing.finish().entries()

    try:
        batched: object = read_listed(iter(lines), game, "red", symmetries)[0].entries()
    except CertificateError as exc:
        batched = str(exc)
    assert batched == one_by_one()


@settings(max_examples=40, derandomize=True, deadline=None, database=None)
@given(st.lists(st.text(alphabet=st.characters(codec="utf-8"), max_size=60), max_size=12))
def test_any_text_below_a_header_is_a_report_or_one_line(lines):
    for size in (2, 3):
        said = ""
        try:
            check([json.dumps(_header(size)), *lines])
        except CertificateError as exc:
            said = str(exc)
        assert "\n" not in said


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
        check(iter_lines(path))  # (read, as where its trailer said less than it holds)
    with pytest.raises(CertificateError, match=r"176 KiB decompressed \(its gzip trailer says"):
        check_file(path)


def test_a_line_written_otherwise_than_a_proof_writes_it_is_refused_at_its_line():
    """A proof's lines are all alike (``KEY x,y,z``, one blank between): the check reads a
    batch of them at once. A line padded with blanks, or a move in other words, was read
    one line at a time (a flood of them filled to the base's bound cost seconds): it is
    refused at its line, saying how it must be written."""
    good = f"rb{'.' * 28} 0,0,1"  # base 4, red wins, red to move: as many of each
    header = json.dumps(_header(4))
    for line, said in (
        (good + " ", "one blank between and none around"),
        (" " + good, "one blank between and none around"),
        (good.replace(" ", "  "), "one blank between and none around"),
        (good.replace("0,0,1", "(0,0,1)"), "the move must be written 0,0,1, not '(0,0,1)'"),
    ):
        other = f"{'.' * 28}br 2,2,0"
        with pytest.raises(CertificateError, match=rf"^line 3: .*{re.escape(said)}"):
            check([header, other, line, good])
