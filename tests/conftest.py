"""Shared test helpers: Pyramid Partition positions from lists of points, terrace positions
from diagrams."""

from __future__ import annotations

import gc
import logging
import os
import resource
import socket
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.terrace import Terrace, TerraceOptions
from tests import c_locale
from tests.file_order import (
    CACHE_KEY,
    RunSeconds,
    committed_record,
    file_of,
    known_seconds,
    order_files,
    record_of,
    whole_files_ran,
    write_committed,
)

Coords = tuple[int, int, int]

# Mesa's software OpenGL keeps the shaders it compiled (VTK's, each a compile through LLVM)
# under the user's cache folder, and a window test process reads them back in a moment: a
# test that points XDG_CACHE_HOME or HOME elsewhere, for itself or a program it starts, made
# that process compile them all again (half the processor time of a short window test
# file). Their place is fixed once here, for every process the tests start.
os.environ.setdefault(
    "MESA_SHADER_CACHE_DIR",
    os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mesa_shader_cache"
    ),
)
# The compiled searches' threads (numba's OpenMP layer) wait for their next parallel loop
# asleep, not spinning: the tests launch thousands of small parallel loops, and after each
# the threads spun on the cores the other lanes need (test_pyraos_whole.py: 14 to 16 s of
# processor time spinning, 9.4 to 10 asleep). Set before the first parallel loop loads it.
os.environ.setdefault("OMP_WAIT_POLICY", "passive")
# Mesa's software renderer (llvmpipe) draws each frame on a thread a core besides the
# caller's, by default: the suite's workers fill the cores already, and handing a small
# frame's tiles to those threads and waiting for them cost about a tenth of a window test
# file's processor time (test_teaching.py, alternated: 15.7 and 16.5 s against 14.4 and
# 14.7 s). Each process of the tests (and each program they start) draws on its own
# thread; the pixels are the same.
os.environ.setdefault("LP_NUM_THREADS", "0")

# The cyclic garbage collector, in each process of the tests (not the programs they start):
# its first generation collected after 20,000 new container objects rather than 700, and
# what exists once the tests are collected (the modules, their classes and functions, Qt's,
# VTK's and numpy's wrappers: hundreds of thousands of objects) frozen out of its full
# collections, which walked them all again and again. The tests make garbage in cycles
# quickly (windows, documents, searches); each collection found little and cost much.
# A window file with three of the rules' and the lab's, alternated (none, both): 35.1 and
# 33.8 s of processor time against 31.3 and 29.3. Nothing a test checks waits on a cycle
# being collected (a test that needs it calls gc.collect(), which still collects).
gc.set_threshold(20_000, 50, 1_000)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()


def make_partition(
    n: int,
    red: Iterable[Coords] = (),
    blue: Iterable[Coords] = (),
    *,
    to_move: str = "red",
    version: str = "floating",
    study: bool = True,
) -> Partition:
    pieces = [(tuple(p), "red") for p in red] + [(tuple(p), "blue") for p in blue]
    return Partition.from_setup(PartitionOptions(n, version), to_move, pieces, study=study)


@pytest.fixture(autouse=True)
def _c_library_locale_kept() -> Iterator[None]:
    """The C library's locale as the test found it (:mod:`tests.c_locale`): Qt's first
    QApplication sets it from the environment (``setlocale(LC_ALL, "")``), and made inside
    a test that speaks French (``LANG=fr_FR.UTF-8``) it left the worker's system messages
    French for every later test; and glibc's own translations found under a test's
    ``LANGUAGE=fr`` outlived the test's environment until the locale changed."""
    before = c_locale.kept()
    yield
    c_locale.restored(before)


@pytest.fixture
def partition_factory():
    return make_partition


def terrace_position(diagram, to_move="white", *, study=False, extra=(), **options) -> Terrace:
    """An Allmer position from a diagram: rows r = 0 (row 1, Black's side) to 6 (row 7),
    one of W, B or . per column a..g; ``extra`` adds ((r, c), colour) stones."""
    rows = diagram.split()
    assert len(rows) == 7
    pieces = [
        ((r, c), "white" if ch == "W" else "black")
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch in "WB"
    ]
    pieces += list(extra)
    return Terrace.from_setup(TerraceOptions(**options), to_move, pieces, study=study)


@pytest.fixture
def ball_registered():
    """Files find games in the registry: make sure Pyramid Ball is in it (a test that reads
    or writes a Pyramid Ball file)."""
    from pyramid_lab.model import game as protocol
    from pyramid_lab.model.ball import PyramidBall

    known = "ball" in protocol._REGISTRY
    protocol._REGISTRY["ball"] = PyramidBall
    yield
    if not known:
        del protocol._REGISTRY["ball"]


@pytest.fixture
def german() -> Iterator[None]:
    """The process speaks German for the test (``i18n.use``), and English again after it."""
    from pyramid_lab import i18n

    i18n.use("de")
    yield
    i18n.use("en")


@pytest.fixture
def split_solve_dirs(tmp_path_factory, monkeypatch):
    """The split solve's checkpoint secret and default checkpoints in folders of the test's
    (not the user's): its tests use it (``pytestmark``)."""
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="session")
def dask_scheduler() -> Iterator[str]:
    """The address of one plain Dask cluster of 2 worker processes (one thread each),
    started once per process of the suite, for a test whose work is spread over worker
    processes (the whole-game table's rounds: test_split.py): a split solve's own
    LocalCluster costs seconds of processor time to start and stop. The local-cluster path
    itself (credentials, the workers' shared table, its shutdown) keeps its own tests,
    which start their own; a test that only needs "a cluster" has ``thread_scheduler``."""
    with _plain_cluster(n_workers=2, processes=True) as address:
        yield address


@pytest.fixture
def thread_scheduler(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The address of a plain Dask cluster whose one worker is a thread of this process,
    for the split solve's tests that need "a cluster" to run its units on and check what
    the solve does with their answers (units changed by hand, interrupts, a unit that
    cannot be written, a stop, a solve resumed from its checkpoint): none of them is about
    worker processes, each of which costs its start and its own load of the compiled
    solver (half a second of processor time each). One a test (a tenth of a second to
    start): a cluster's threads left running beside Hypothesis's tests import modules
    meanwhile, and Hypothesis, which draws from the constants of the modules loaded, then
    finds its data drawn differently. The worker's solver and shared table are the test's
    only, not this process's."""
    from pyramid_lab.model.search import split_worker

    monkeypatch.setattr(split_worker, "_SOLVER", {})
    monkeypatch.setattr(split_worker, "_SHARED", {})
    with _plain_cluster(n_workers=1, processes=False, protocol="tcp://") as address:
        yield address


@contextmanager
def _plain_cluster(**shape: Any) -> Iterator[str]:
    """A plain local Dask cluster of one thread a worker, on loopback, quiet, with no
    dashboard and no memory limit (its ``shape``: the workers, processes or threads), and
    its scheduler's address while it runs."""
    import dask
    from distributed import LocalCluster

    from pyramid_lab.model.search.split_cluster import CLOSED, QUIET

    with (
        dask.config.set({**QUIET, **CLOSED}),
        LocalCluster(
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            scheduler_kwargs={"dashboard": False},
            memory_limit=0,
            silence_logs=logging.CRITICAL,
            **shape,
        ) as local,
    ):
        yield local.scheduler_address


@pytest.fixture(scope="session")
def whole_kernels() -> None:
    """The whole-game tables' build kernels for the small pyramids in numba's cache,
    compiled by the suite's first process to need them, loaded by the others (a test that
    builds a table uses it: tests/whole_kernels.py)."""
    from tests import whole_kernels

    whole_kernels.ready()


# -- How the suite runs: pytest-xdist (pyproject.toml's addopts) -----------------------------


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores this process may use (the classroom's,
    the lab's and the split solve's tests wait on servers, clusters and timers for much of
    their time, and the other workers use it), or ``PYRAMID_LAB_TEST_JOBS``."""
    jobs = os.environ.get("PYRAMID_LAB_TEST_JOBS", "")
    if jobs.isdigit() and int(jobs) > 0:
        return int(jobs)
    return len(os.sched_getaffinity(0)) + 1


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """pytest-xdist's ``loadfile`` scheduler, that lets pytest-rerunfailures run a crashed
    worker's test once more: when a worker dies, xdist puts its file's unfinished tests (the
    one it was running among them) back in the queue for another worker, so the test is
    pending again already; xdist's own scheduler answers NotImplementedError there, and the
    crash would be a failure without its rerun."""
    from xdist.scheduler import LoadFileScheduling

    class LoadFileRerunningCrashes(LoadFileScheduling):
        def mark_test_pending(self, item: str) -> None:
            """Nothing to do: ``remove_node`` queued the crashed test again with its file."""

    return LoadFileRerunningCrashes(config, log)


@pytest.hookimpl(trylast=True)  # (after pytest-rerunfailures' own, which connects)
def pytest_configure(config: pytest.Config) -> None:
    """A worker's line to pytest-rerunfailures' count of reruns (its ``StatusDB``, a TCP
    socket to the controller) sends each message at once (``TCP_NODELAY``). Before each
    test the worker writes the test's allowed reruns (no answer) and then asks its failures:
    the question, a second small write while the first was not yet acknowledged, waited
    under Nagle's rule for the controller's delayed acknowledgement, about 40 ms a test
    (300 trivial tests on one worker: 14.4 s against 1.9 s; the suite's 3,500 tests, about
    2.5 min of its workers' time, asleep). Nothing else changes: the same bytes, in order."""
    database = getattr(config, "failures_db", None)  # (none without --reruns)
    line = getattr(database, "sock", None)  # (the worker's; the controller's listens)
    if line is not None and getattr(config, "workerinput", None) is not None:
        line.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


# The files' order: the seconds each took last time, in pytest's cache (tests/file_order.py
# says the rules). The controller (or the one process of ``-n 0``) reads them once and hands
# them to every worker, so that all sort alike although a run beside this one may write the
# cache meanwhile (xdist refuses workers whose collections differ in order).
_SECONDS = "pyramid_lab_file_seconds"
_known = pytest.StashKey[dict[str, float]]()
_this_run = RunSeconds()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--write-durations",
        action="store_true",
        help="write the files' seconds (the cache's record and this run's) to "
        "tests/durations.json, the order of a run with no cache (a fresh clone, CI)",
    )


def _known_seconds(config: pytest.Config) -> dict[str, float]:
    workerinput = getattr(config, "workerinput", None)  # (set in a worker only)
    if workerinput is not None and _SECONDS in workerinput:
        return record_of(workerinput[_SECONDS])
    if _known not in config.stash:
        cache = getattr(config, "cache", None)  # (none under -p no:cacheprovider)
        cached = cache.get(CACHE_KEY, None) if cache is not None else None
        config.stash[_known] = known_seconds(cached, committed_record())
    return config.stash[_known]


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist's controller: the seconds it read, to each worker it starts."""
    node.workerinput[_SECONDS] = _known_seconds(node.config)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The files in the order the workers take them (``--dist loadfile`` hands out whole
    files in collection order: ``--no-loadscope-reorder``). (Whole files, not
    ``xdist_group`` marks: pytest-xdist 3.8's loadgroup names a group by rewriting
    ``item._nodeid``, which pytest 9 no longer reads, so its marks group nothing.)"""
    order = order_files((file_of(item.nodeid) for item in items), _known_seconds(config))
    rank = {file: index for index, file in enumerate(order)}
    items.sort(key=lambda item: rank[file_of(item.nodeid)])  # (a file's tests keep their order)


def _record_seconds(session: pytest.Session, exitstatus: int) -> None:
    """The controller, at the end of a run that ran whole files to their end (not stopped
    by ``-x`` or Ctrl-C): their seconds into the cache (the files this run did not run keep
    theirs), and into tests/durations.json when asked."""
    config = session.config
    cache = getattr(config, "cache", None)  # (none under -p no:cacheprovider)
    if hasattr(config, "workerinput") or cache is None:
        return
    option = config.option
    whole = whole_files_ran(config.args, option.keyword, option.markexpr, option.lf)
    stopped = (
        exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED)
        or session.shouldstop
        or session.shouldfail
        or (session.testsfailed and option.maxfail)
    )
    if whole and not stopped and _this_run.seconds:
        cache.set(CACHE_KEY, _this_run.merged(record_of(cache.get(CACHE_KEY, None))))
    if option.write_durations:
        known = _known_seconds(config)
        write_committed(_this_run.merged(known) if whole else known)


# PYRAMID_LAB_CPU_DURATIONS=N: the N tests that took the most processor time (user +
# system: the test's process, its threads, the processes it waited for, and the shared
# Chromium's processes, which it never waits for: tests/web/conftest.py), set-up and
# tear-down included, said at the end; what the suite's time is made of on a machine whose
# wall time other work stretches. Measured in each worker, carried to the controller on the
# test's last report.
_CPU_DURATIONS = int(os.environ.get("PYRAMID_LAB_CPU_DURATIONS", "0") or 0)
_cpu_began: dict[str, float] = {}
_cpu_spent: dict[str, float] = {}
_chromium_spent: dict[str, float] = {}  # (its share: the tests' Chromium, tests/web/conftest.py)


def _processor_seconds() -> float:
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def pytest_runtest_logstart(nodeid: str, location: object) -> None:
    if _CPU_DURATIONS:
        _cpu_began[nodeid] = _processor_seconds()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    outcome = yield
    if _CPU_DURATIONS and call.when == "teardown" and item.nodeid in _cpu_began:
        spent = _processor_seconds() - _cpu_began.pop(item.nodeid)
        outcome.get_result().user_properties.append(("processor_seconds", spent))


# PYRAMID_LAB_TIMELINE=FILE: each test's worker, start, end (seconds since the run began,
# set-up to tear-down) and processor time written to FILE at the end, a line a test: where
# workers waited (on the searches' first compile, on a server) and how the run ends.
_TIMELINE = os.environ.get("PYRAMID_LAB_TIMELINE", "")
_spans: dict[str, tuple[str, float, float]] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _this_run.add(report.nodeid, report.duration)
    for name, value in report.user_properties:
        if name == "processor_seconds":
            _cpu_spent[report.nodeid] = float(value)
        elif name == "processor_seconds_chromium":  # (tests/web/conftest.py: not waited for)
            _chromium_spent[report.nodeid] = float(value)
    if _TIMELINE:
        node = getattr(report, "node", None)  # (the worker, in xdist's controller)
        worker = getattr(getattr(node, "gateway", None), "id", "main")
        _, start, stop = _spans.get(report.nodeid, (worker, report.start, report.stop))
        _spans[report.nodeid] = (worker, min(start, report.start), max(stop, report.stop))


def _with_chromium() -> dict[str, float]:
    """Each test's processor time, its Chromium's added (tests/web/conftest.py)."""
    return {k: v + _chromium_spent.get(k, 0.0) for k, v in _cpu_spent.items()}


def _write_timeline() -> None:
    if not (_TIMELINE and _spans):
        return
    spent = _with_chromium()
    began = min(start for _, start, _ in _spans.values())
    with open(_TIMELINE, "w") as out:
        for nodeid, (worker, start, stop) in sorted(_spans.items(), key=lambda kv: kv[1][1]):
            cpu = spent.get(nodeid, -1.0)
            out.write(f"{worker} {start - began:.2f} {stop - began:.2f} {cpu:.2f} {nodeid}\n")


# Each worker's whole processor time (its imports, collection and Xvfb included), carried to
# the controller when the worker ends: what the tests' own figures leave out.
_workers_spent: dict[str, float] = {}


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _record_seconds(session, exitstatus)
    workeroutput = getattr(session.config, "workeroutput", None)  # (set in a worker only)
    if _CPU_DURATIONS and workeroutput is not None:
        workeroutput["processor_seconds"] = _processor_seconds()
        workeroutput["worker"] = os.environ.get("PYTEST_XDIST_WORKER", "?")


def pytest_testnodedown(node: object, error: object) -> None:
    output = getattr(node, "workeroutput", None) or {}
    if "processor_seconds" in output:
        _workers_spent[str(output.get("worker", len(_workers_spent)))] = float(
            output["processor_seconds"]
        )


def pytest_terminal_summary(terminalreporter):
    _write_timeline()
    if not _cpu_spent:
        return
    spent = _with_chromium()
    slowest = sorted(spent.items(), key=lambda kv: -kv[1])[:_CPU_DURATIONS]
    terminalreporter.write_sep("=", f"{len(slowest)} tests with the most processor time")
    for nodeid, seconds in slowest:
        terminalreporter.write_line(f"{seconds:7.2f}s cpu  {nodeid}")
    files: dict[str, float] = {}
    for nodeid, seconds in spent.items():
        file = nodeid.split("::")[0]
        files[file] = files.get(file, 0.0) + seconds
    terminalreporter.write_sep("=", "processor time by file")
    for file, seconds in sorted(files.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"{seconds:7.2f}s cpu  {file}")
    tests = sum(spent.values())
    terminalreporter.write_line(f"{tests:7.2f}s cpu  in all tests")
    if _chromium_spent:
        chromium = sum(_chromium_spent.values())
        terminalreporter.write_line(f"{chromium:7.2f}s cpu  of it in the tests' Chromium")
    for worker, seconds in sorted(_workers_spent.items()):
        terminalreporter.write_line(f"{seconds:7.2f}s cpu  worker {worker}, all of it")
    if _workers_spent:
        rest = sum(_workers_spent.values()) - (tests - sum(_chromium_spent.values()))
        terminalreporter.write_line(f"{rest:7.2f}s cpu  in the workers outside the tests")
    own = resource.getrusage(resource.RUSAGE_SELF)
    terminalreporter.write_line(
        f"{own.ru_utime + own.ru_stime:7.2f}s cpu  this process, "
        f"{_processor_seconds():7.2f}s with the processes it waited for"
    )
