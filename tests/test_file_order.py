"""The suite's files run in the order of the seconds they took last time (tests/file_order.py,
kept in pytest's cache by tests/conftest.py), with no hand-kept list: the rules, and one run of
pytest (with -p no:xvfb, as a developer with a display of their own runs it) that orders its
files by the record and writes it again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

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


#: The files of the one run below: a model file, a file with no record, a lab file.
SMALL = ["tests/model/test_lattice.py", "tests/lab/test_legend_inlays.py"]
OTHER, NOT_RUN = "tests/model/test_collection.py", "tests/model/test_not_run.py"


@pytest.fixture(scope="module")
def ordered_run(tmp_path_factory) -> tuple[subprocess.CompletedProcess[str], Path]:
    """One run of pytest as a developer with a display of their own runs it (``-p
    no:xvfb``, pytest's documented way), on three small files, with a cache whose record
    says the first file took less than the one just after it; the run and its cache folder.
    (A process of pytest costs half a second of processor time: one answers the tests below.)"""
    cache = tmp_path_factory.mktemp("order") / "cache"
    (cache / "v" / "pyramid_lab").mkdir(parents=True)
    # seconds no file of these takes, so that a measured one differs from them
    (cache / "v" / CACHE_KEY).write_text(
        json.dumps({SMALL[0]: 1000.0, OTHER: 5000.0, NOT_RUN: 7.0})
    )
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xvfb", "-n", "0", "-v", "-p", "no:randomly",
         "-o", f"cache_dir={cache}", SMALL[0], OTHER, SMALL[1]],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    return ran, cache


def test_a_run_orders_its_files_by_the_record_and_records_them(ordered_run):
    """The files in the order of the cache's record, the lab's first; after the run, their
    seconds measured again, and the record of a file it did not run kept."""
    ran, cache = ordered_run
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
    lines = ran.stdout.splitlines()
    files = [line.split("::")[0] for line in lines if line.startswith("tests/") and "::" in line]
    assert list(dict.fromkeys(files)) == [SMALL[1], OTHER, SMALL[0]]  # (-v: a test a line)

    recorded = json.loads((cache / "v" / CACHE_KEY).read_text())
    assert set(recorded) == {*SMALL, OTHER, NOT_RUN}
    assert all(0 <= recorded[file] < 1000.0 for file in (*SMALL, OTHER))  # measured again
    assert recorded[NOT_RUN] == 7.0


def test_the_suite_runs_without_pytest_xvfb(ordered_run):
    """The suite's own settings (pyproject's ``[tool.pytest.ini_options]``) let a developer
    run it as pytest's documentation says: ``-p no:xvfb`` (a display of one's own) is not
    refused for pytest-xvfb's options that the run then does not know."""
    ran, _cache = ordered_run
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
    assert "Unknown config option" not in ran.stdout + ran.stderr
