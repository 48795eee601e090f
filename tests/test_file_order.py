"""The suite's files run in the order of the seconds they took last time (tests/file_order.py,
kept in pytest's cache by tests/conftest.py), with no hand-kept list: the rules, and a run of
pytest that writes the record and one that reads it back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.file_order import (
    CACHE_KEY,
    RunSeconds,
    committed_record,
    known_seconds,
    order_files,
    read_record,
    whole_files_ran,
    write_committed,
)

ROOT = Path(__file__).resolve().parents[1]
LAB = "tests/lab/test_lab_board.py"
A, B, C = "tests/model/test_a.py", "tests/model/test_b.py", "tests/viewer/test_c.py"


def test_the_lab_first_then_files_of_no_record_then_the_longest_first():
    seconds = {A: 3.0, C: 40.0, LAB: 1.0, "tests/lab/test_lab_jobs.py": 9.0}
    files = [A, B, "tests/lab/test_lab_jobs.py", C, LAB, "tests/web/test_new.py"]
    assert order_files(files, seconds) == [
        "tests/lab/test_lab_jobs.py",
        LAB,
        B,
        "tests/web/test_new.py",
        C,
        A,
    ]


def test_with_no_record_the_files_keep_their_collection_order_but_the_lab_first():
    assert order_files([A, C, LAB, B, A], {}) == [LAB, A, C, B]


def test_equal_seconds_keep_the_collection_order():
    assert order_files([C, A, B], {A: 2.0, B: 2.0, C: 2.0}) == [C, A, B]


def test_the_cache_wins_over_the_committed_record_and_both_fill_in():
    assert known_seconds({A: 5.0}, {A: 1.0, B: 2.0}) == {A: 5.0, B: 2.0}
    assert known_seconds(None, {B: 2.0}) == {B: 2.0}


def test_a_record_of_anything_else_reads_as_no_record():
    assert read_record('{"tests/x.py": 1.5, "tests/y.py": "slow", "tests/z.py": -1}') == {
        "tests/x.py": 1.5
    }
    assert read_record('{"tests/x.py": tru') == {}  # (half written by a run beside)
    assert read_record("[1, 2]") == {}
    assert read_record('{"tests/x.py": true}') == {}
    assert committed_record(ROOT / "tests" / "no-such-record.json") == {}


def test_a_run_adds_each_files_reports_and_keeps_the_files_it_did_not_run():
    run = RunSeconds()
    for nodeid, seconds in [(f"{A}::t1", 0.25), (f"{A}::t2[x]", 1.0), (f"{B}::t", 0.04)]:
        run.add(nodeid, seconds)
    assert run.merged({A: 9.0, C: 7.0}) == {A: 1.2, B: 0.0, C: 7.0}


def test_only_a_run_of_whole_files_is_recorded():
    assert whole_files_ran(["tests/model"], "", "", False)
    assert not whole_files_ran([f"{A}::t1"], "", "", False)
    assert not whole_files_ran([A], "window", "", False)
    assert not whole_files_ran([A], "", "slow", False)
    assert not whole_files_ran([A], "", "", True)


def test_the_committed_record_is_written_sorted_and_read_back(tmp_path):
    path = tmp_path / "durations.json"
    write_committed({B: 2.0, A: 1.5}, path)
    assert committed_record(path) == {A: 1.5, B: 2.0}
    assert list(json.loads(path.read_text())) == [A, B]


def _pytest(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xvfb", "-n", "0", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_a_run_records_its_files_and_the_next_run_orders_by_them(tmp_path):
    small = ["tests/model/test_lattice.py", "tests/lab/test_legend_inlays.py"]
    cache = tmp_path / "cache"
    ran = _pytest("-q", "-o", f"cache_dir={cache}", *small)
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
    recorded = json.loads((cache / "v" / CACHE_KEY).read_text())
    assert set(recorded) == set(small)
    assert all(seconds >= 0 for seconds in recorded.values())

    # the cache says the model's file took longer than the one just after it: it comes first
    other = "tests/model/test_proof_rank.py"
    (cache / "v" / CACHE_KEY).write_text(json.dumps({small[0]: 1.0, other: 50.0}))
    listed = _pytest("--co", "-q", "-o", f"cache_dir={cache}", small[0], other, small[1])
    assert listed.returncode == 0, listed.stdout[-2000:] + listed.stderr[-2000:]
    files = [line.split("::")[0] for line in listed.stdout.splitlines() if "::" in line]
    assert list(dict.fromkeys(files)) == [small[1], other, small[0]]
