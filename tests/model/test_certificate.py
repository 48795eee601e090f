"""Certificates (issue 45): ``solve --certificate`` writes a proof of a settled Partition
position; ``certificate check`` verifies it with the rules model alone, and fails on any
gap, illegal move or tampered header."""

from __future__ import annotations

import gzip
import json
import pathlib
import subprocess
import sys
from functools import partial

import pytest

from pyramid_lab.model.certificate import CertificateError, check, check_file, key_text
from pyramid_lab.model.certificate_file import iter_lines
from pyramid_lab.model.files import read
from pyramid_lab.model.lattice import base_symmetries
from pyramid_lab.model.partition import Partition, PartitionOptions, Place

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "model" / "data" / "certificates"
VERSIONS = ("floating", "stacking")


def lines_of(path: pathlib.Path) -> list[str]:
    return gzip.decompress(path.read_bytes()).decode().splitlines()


def empty_position(version: str) -> Partition:
    game = read(ROOT / "examples" / "partition" / f"empty-base3-{version}.pyr.json").game
    assert isinstance(game, Partition)
    return game


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    from pyramid_lab.model.search import knowledge_for, write_certificate

    folder = tmp_path_factory.mktemp("certificates")
    out = {}
    for version in VERSIONS:
        path = folder / f"empty-base3-{version}.cert.gz"
        certificate = write_certificate(
            empty_position(version), str(path), knowledge=knowledge_for("partition")
        )
        out[version] = (path, certificate)
    return out


@pytest.mark.parametrize("version", VERSIONS)
def test_a_written_certificate_checks(made, version):
    path, certificate = made[version]
    # the first player wins floating, the second stacking (docs/engines.md)
    assert certificate.winner == ("red" if version == "floating" else "blue")
    report = check_file(path)
    assert report.winner == certificate.winner
    assert report.lines == certificate.lines > 100
    assert report.used == report.lines  # the writer lists only positions the proof reaches
    assert report.replies > report.positions
    header = json.loads(lines_of(path)[0])
    assert header == {
        "format": "pyramid-lab-certificate/1",
        "game": "partition",
        "options": {"size": 3, "version": version},
        "to_move": "red",
        "pieces": [],
        "winner": certificate.winner,
    }


@pytest.mark.parametrize("version", VERSIONS)
def test_the_shipped_certificates_check(version):
    report = check_file(EXAMPLES / f"empty-base3-{version}.cert.gz")
    assert report.winner == ("red" if version == "floating" else "blue")
    assert report.used == report.lines


def test_a_line_gone_is_a_gap(made):
    lines = lines_of(made["floating"][0])
    for gone in (1, len(lines) // 2, len(lines) - 1):
        with pytest.raises(CertificateError, match=r"gap: the position .* is not listed"):
            check(lines[:gone] + lines[gone + 1 :])


def test_a_move_changed_fails(made):
    lines = lines_of(made["stacking"][0])
    # onto a point that already holds a ball: illegal
    for number, line in enumerate(lines[1:], start=1):
        text, _move = line.split()
        taken = [p for p, ch in enumerate(text) if ch != "."]
        if taken:
            point = Partition(PartitionOptions(3, "stacking")).lattice.point(taken[0])
            changed = [*lines]
            changed[number] = f"{text} {point}"
            with pytest.raises(CertificateError, match=f"line {number + 1}: .* is illegal"):
                check(changed)
            break
    else:
        pytest.fail("no line with a ball")


def test_a_losing_move_fails(made):
    # A blue position of the stacking proof whose listed move is replaced by one the solver
    # proves a loss for blue: whatever follows, the proof no longer closes.
    from pyramid_lab.model.search import knowledge_for, solve

    lines = lines_of(made["stacking"][0])
    lattice = Partition(PartitionOptions(3, "stacking")).lattice
    for number, line in enumerate(lines[1:], start=1):
        text, _ = line.split()
        pieces = [
            (tuple(lattice.point(p)), "red" if ch == "r" else "blue")
            for p, ch in enumerate(text)
            if ch != "."
        ]
        position = Partition.from_setup(PartitionOptions(3, "stacking"), "blue", pieces)
        result = solve(position, book=False, knowledge=knowledge_for(position))
        assert result.value == "win"
        losing = [move for move, value, _ in result.first_moves if value == "loss"]
        if losing:
            changed = [*lines]
            changed[number] = f"{text} {losing[0]}"
            with pytest.raises(CertificateError, match=r"gap|wins or ends"):
                check(changed)
            return
    pytest.fail("blue has no losing move anywhere")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        # stacking: blue wins, not red (its lines have blue to move: refused as read)
        ("winner", "red", "gap|wins or ends|is no position with red to move"),
        ("format", "pyramid-lab-certificate/2", "format must be"),
        ("game", "pyraos", "game must be 'partition'"),
        ("options", {"size": 4, "version": "stacking"}, "key must be 30 characters"),
        ("options", {"size": 3, "version": "floating"}, "gap|illegal|wins or ends"),
        ("pieces", [[0, 0, 0, "red"]], "red has 1 balls|gap|illegal"),
        ("to_move", "purple", "to_move"),
    ],
)
def test_a_tampered_header_fails(made, key, value, message):
    lines = lines_of(made["stacking"][0])
    header = json.loads(lines[0])
    header[key] = value
    with pytest.raises(CertificateError, match=message):
        check([json.dumps(header), *lines[1:]])


def test_any_image_of_a_position_may_be_listed(made):
    # Each line rewritten as its image under a symmetry of the base (the move with it):
    # the certificate still checks.
    lines = lines_of(made["floating"][0])
    lattice = Partition(PartitionOptions(3)).lattice
    perms = base_symmetries(3)
    rewritten = [lines[0]]
    for number, line in enumerate(lines[1:]):
        text, move = line.split()
        perm = perms[number % 8]
        image = ["."] * len(text)
        for p, ch in enumerate(text):
            image[perm[p]] = ch
        pid = lattice.id_of(*map(int, move.split(",")))
        rewritten.append(f"{''.join(image)} {lattice.point(perm[pid])}")
    assert rewritten != lines
    assert check(rewritten).used == len(lines) - 1


def test_the_key_is_by_point_id():
    game = Partition(PartitionOptions(3))
    game.push(Place(game.lattice.point(13)))  # the apex: last in the key
    assert key_text(game.cells()) == "." * 13 + "r"


def test_bad_files_are_one_line(tmp_path, made):
    garbage = tmp_path / "garbage.cert.gz"
    garbage.write_bytes(b"not gzip at all")
    cut = tmp_path / "cut.cert.gz"
    cut.write_bytes(made["floating"][0].read_bytes()[:200])
    not_json = tmp_path / "text.cert.gz"
    not_json.write_bytes(gzip.compress(b"hello\n"))
    cases = {
        tmp_path / "missing.cert.gz": "no such file",
        garbage: "not a gzip",
        cut: "not a gzip",
        not_json: "header is not JSON",
    }
    for path, message in cases.items():
        with pytest.raises(CertificateError, match=message) as info:
            check_file(path)
        assert len(str(info.value)) <= 400
        assert "\n" not in str(info.value)


def _process(*args: str) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, with a time limit: where a hang is what could go
    wrong (a FIFO with no writer), the test fails instead of hanging the suite."""
    return subprocess.run(
        [sys.executable, "-m", "pyramid_lab.viewer.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> subprocess.CompletedProcess[str]:
    """The command run through its main in this process (a process of its own proves
    nothing more here, and cost a second of processor time to start), as a finished one."""
    from pyramid_lab.viewer.cli import main

    capsys.readouterr()
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["pyramid-lab", *args], code, out, err)


def test_the_command_checks_and_fails(made, tmp_path, capsys):
    good = _cli(capsys, "certificate", "check", "--quiet", str(made["stacking"][0]))
    assert good.returncode == 0, good.stderr
    assert "blue wins" in good.stdout
    assert "every line used" in good.stdout
    lines = lines_of(made["stacking"][0])
    bad = tmp_path / "gap.cert.gz"
    bad.write_bytes(gzip.compress("\n".join(lines[:-1]).encode()))
    failed = _cli(capsys, "certificate", "check", str(bad))
    assert failed.returncode == 2
    assert failed.stderr.count("\n") == 1
    assert "Traceback" not in failed.stderr
    assert "not listed" in failed.stderr


def test_the_check_imports_no_search():
    path = EXAMPLES / "empty-base3-stacking.cert.gz"
    code = (
        "import sys\n"
        "from pyramid_lab.viewer.cli import main\n"
        f"status = main(['certificate', 'check', '--quiet', {str(path)!r}])\n"
        "found = sorted(m for m in sys.modules if m.startswith('pyramid_lab.model.search'))\n"
        "print('SEARCH', found)\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "certificate checked" in done.stdout
    assert "SEARCH []" in done.stdout


def test_solve_writes_a_certificate(tmp_path, capsys):
    target = tmp_path / "out.cert.gz"
    position = ROOT / "examples" / "partition" / "empty-base3-stacking.pyr.json"
    done = _cli(capsys, "solve", "--quiet", "--certificate", str(target), str(position))
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["winner"] == "blue"
    assert report["value"] == "loss"
    assert report["lines"] == check_file(target).lines
    over = ROOT / "examples" / "partition" / "t6-full-red-wins.pyr.json"
    refused = _cli(
        capsys, "solve", "--quiet", "--certificate", str(tmp_path / "x.cert.gz"), str(over)
    )
    assert refused.returncode == 2
    assert "Traceback" not in refused.stderr
    assert refused.stderr.count("\n") == 1


def _bomb(path: pathlib.Path, megabytes: int, line: bytes = b"") -> pathlib.Path:
    """A gzip file of ``megabytes`` MiB of ``line`` repeated (zeros when empty), written a
    MiB at a time: a few kB on disk."""
    chunk = (line * (2**20 // len(line))) if line else bytes(2**20)
    with gzip.open(path, "wb", compresslevel=9) as stream:
        for _ in range(megabytes):
            stream.write(chunk)
    return path


def test_reading_is_bounded(tmp_path):
    """Item 8: the decompressed size and the line length are capped, the header's depth is
    checked before it is parsed (no RecursionError at 100,000 deep)."""
    from pyramid_lab.model.certificate_file import MAX_HEADER_DEPTH, read_lines

    lines = _bomb(tmp_path / "lines.cert.gz", 3, b"x" * 63 + b"\n")
    assert len(read_lines(lines, max_bytes=4 * 2**20)) == 3 * 2**14
    with pytest.raises(CertificateError, match=r"more than 2 MiB decompressed") as info:
        read_lines(lines, max_bytes=2 * 2**20)
    assert "\n" not in str(info.value)
    with pytest.raises(CertificateError, match=r"line 1 is longer than 1 KiB"):
        check_file(_bomb(tmp_path / "zeros.cert.gz", 2), max_line=1024)
    for depth, message in ((100_000, "nests lists or objects over 16 deep"), (4, "keys")):
        deep = "[" * depth + "]" * depth if depth > MAX_HEADER_DEPTH else '{"a": [[[1]]]}'
        with pytest.raises(CertificateError, match=message):
            check([deep, "x 0,0,0"])
    quoted = json.dumps({"format": "[" * 100})  # brackets inside a string are not nesting
    with pytest.raises(CertificateError, match="the header's keys"):
        check([quoted])


def test_the_command_refuses_hostile_files(tmp_path, capsys):
    """A gzip bomb (100 MiB of zeros in 100 kB), a header 30,000 deep (within the line
    cap; json.loads alone would raise RecursionError), a FIFO, a device:
    exit 2 and one line each, quickly (a FIFO with no writer must not hang the check)."""
    import os

    deep = tmp_path / "deep.cert.gz"
    deep.write_bytes(gzip.compress(b"[" * 30_000 + b"]" * 30_000 + b"\n"))
    fifo = tmp_path / "fifo.cert.gz"
    os.mkfifo(fifo)
    cases = {
        _bomb(tmp_path / "bomb.cert.gz", 100): "line 1 is longer than 64 KiB",
        deep: "over 16 deep",
        fifo: "a named pipe (FIFO), not a certificate file",
        pathlib.Path("/dev/zero"): "a character device, not a certificate file",
    }
    for path, message in cases.items():
        special = not path.is_file()  # (a FIFO or a device: a hang would be the fault)
        done = (_process if special else partial(_cli, capsys))(
            "certificate", "check", "--quiet", str(path)
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1, done.stderr
        assert message in done.stderr
    from pyramid_lab.model.certificate_file import MAX_HEADER_DEPTH, MAX_LINE_BYTES, MAX_TEXT_BYTES

    shown = " ".join(_cli(capsys, "certificate", "check", "--help").stdout.split())
    assert f"to {MAX_TEXT_BYTES // 2**20} MiB decompressed" in shown  # the help says the caps
    assert f"lines to {MAX_LINE_BYTES // 1024} KiB" in shown
    assert f"nested to {MAX_HEADER_DEPTH} deep" in shown


def test_blank_lines_count_and_a_bomb_of_them_is_refused_at_once(tmp_path):
    """Issue 66, item 6: a gzip of 1 GiB of newlines took 464 s and 2 GB before it was
    refused (the line and size caps did not count blank lines). Now the first chunk read
    shows them: refused in one line, its memory one chunk's."""
    import tracemalloc

    from pyramid_lab.model.certificate_file import SHORTEST_LINE, read_lines

    newlines = _bomb(tmp_path / "newlines.cert.gz", 64, b"\n")  # 64 MiB of newlines
    tracemalloc.start()
    try:
        with pytest.raises(CertificateError) as info:
            check_file(newlines)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "line 1 is blank (a certificate has no blank line)" in str(info.value)
    assert "\n" not in str(info.value)
    assert peak < 64 * 2**20  # a chunk or two, never the 64 MiB
    # short lines, none blank: the count of lines a certificate of that size may have
    short = _bomb(tmp_path / "short.cert.gz", 2, b"x\n")
    with pytest.raises(CertificateError, match=r"more than 65,536 lines") as info:
        read_lines(short, max_bytes=2**20 * SHORTEST_LINE // 16)
    # a blank line after a good one, a line split across chunks, CRLF ends
    mixed = tmp_path / "mixed.cert.gz"
    mixed.write_bytes(gzip.compress(b"head\r\nbody line\r\n\r\nmore\n"))
    with pytest.raises(CertificateError, match="line 3 is blank"):
        read_lines(mixed)
    whole = tmp_path / "whole.cert.gz"
    text = b"".join(b"%07d" % i + b"y" * 100 + b"\n" for i in range(30_000))  # > a chunk
    whole.write_bytes(gzip.compress(text + b"last"))
    lines = read_lines(whole)
    assert len(lines) == 30_001
    assert lines[12_345] == "0012345" + "y" * 100
    assert lines[-1] == "last"


def test_the_command_refuses_a_gzip_of_newlines_in_one_line(tmp_path, capsys):
    done = _cli(
        capsys, "certificate", "check", "--quiet", str(_bomb(tmp_path / "n.cert.gz", 32, b"\n"))
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "is blank" in done.stderr


def _header() -> bytes:
    with gzip.open(EXAMPLES / "empty-base3-stacking.cert.gz", "rb") as stream:
        return stream.readline()


def test_a_malformed_line_is_refused_when_it_is_read(tmp_path):
    """Issue 77, item 10: a 48 KB gzip of a good header and 16.7 million ``ab`` lines cost
    9.3 s and 1.35 GB (every line was read before any was checked). The file is streamed:
    line 2 is refused as soon as it is read, in one chunk's memory, the rest never read."""
    import time
    import tracemalloc

    from pyramid_lab.model.certificate_file import MAX_TEXT_BYTES, SHORTEST_LINE

    hostile = tmp_path / "ab.cert.gz"
    lines = MAX_TEXT_BYTES // SHORTEST_LINE  # 16.7 million: as many as the cap lets in
    with gzip.open(hostile, "wb", compresslevel=9) as stream:
        stream.write(_header())
        block = b"ab\n" * 2**16
        for _ in range(lines // 2**16 - 1):
            stream.write(block)
    assert hostile.stat().st_size < 200_000
    with pytest.raises(CertificateError, match=r"47.\d+ MiB decompressed \(its gzip trailer"):
        check_file(hostile)  # (its trailer says more than a base-3 proof takes: no line read)
    began = time.process_time()
    tracemalloc.start()
    try:
        with pytest.raises(CertificateError) as info:
            check(iter_lines(hostile))  # (the lines read, as when the trailer lies)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    spent = time.process_time() - began
    assert "line 2: must be 'KEY MOVE', not 'ab'" in str(info.value)
    assert "\n" not in str(info.value)
    assert peak < 64 * 2**20, peak  # a chunk's lines, not the file's (was 1.35 GB)
    assert spent < 3, spent  # processor time (was 9.3 s)
    # a bad line after good ones: the good ones are checked, the bad one named, in order
    good = lines_of(EXAMPLES / "empty-base3-stacking.cert.gz")
    mixed = tmp_path / "mixed.cert.gz"
    body = [*good[:5], "ab", "", "x" * 70_000, *good[5:]]
    mixed.write_bytes(gzip.compress("\n".join(body).encode()))
    with pytest.raises(CertificateError, match=r"line 6: must be 'KEY MOVE', not 'ab'"):
        check_file(mixed)
    blank_first = tmp_path / "blank.cert.gz"
    blank_first.write_bytes(gzip.compress("\n".join([*good[:5], "", "ab"]).encode()))
    with pytest.raises(CertificateError, match=r"line 6 is blank"):
        check_file(blank_first)


def test_the_command_refuses_a_hostile_file_at_its_bad_line(tmp_path, capsys):
    hostile = tmp_path / "ab.cert.gz"
    with gzip.open(hostile, "wb", compresslevel=9) as stream:
        stream.write(_header())
        for _ in range(50):  # (9.4 MiB: within a base-3 proof's most, so it is read)
            stream.write(b"ab\n" * 2**16)
    done = _cli(capsys, "certificate", "check", "--quiet", str(hostile))
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "line 2: must be 'KEY MOVE'" in done.stderr


def test_a_well_formed_line_that_is_no_position_of_the_winner_is_refused_when_read(tmp_path):
    """A flood of well-formed lines drawn at random (2 million base-4 keys: 96 s and 454 MB
    before every line was kept): a position with the winner to move has the header's
    difference of red and blue balls and at least its balls, so a key that has not is
    refused at its line, the rest never read."""
    import random
    import time

    header = json.loads(_header())
    header["options"]["size"] = 4
    rng = random.Random(1)
    keys = ["".join(rng.choice(".rb") for _ in range(30)) for _ in range(200)]
    wrong = next(k for k in keys if k.count("r") - k.count("b") != 1)  # (blue wins: +1)
    flood = tmp_path / "flood.cert.gz"
    with gzip.open(flood, "wb") as stream:
        stream.write((json.dumps(header) + "\n").encode())
        stream.write(f"{wrong} 0,0,0\n".encode())
        block = "".join(f"{k} 0,0,0\n" for k in keys).encode()
        for _ in range(2_000):  # 400,000 lines
            stream.write(block)
    began = time.process_time()
    with pytest.raises(CertificateError, match=r"line 2: '[.rb]{30}' is no position with blue to"):
        check_file(flood)
    assert time.process_time() - began < 3
    # the positions the proofs list all pass it (the shipped ones check whole above)
    lines = lines_of(EXAMPLES / "empty-base3-floating.cert.gz")
    body = [line.split()[0] for line in lines[1:]]
    assert {k.count("r") - k.count("b") for k in body} == {0}  # red to move: as many of each
