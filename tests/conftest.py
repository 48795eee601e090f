"""Shared test helpers: Pyramid Partition positions from lists of points, terrace positions
from diagrams."""

from __future__ import annotations

import os
import resource
from collections.abc import Iterable

import pytest

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.terrace import Terrace, TerraceOptions

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
def split_solve_dirs(tmp_path_factory, monkeypatch):
    """The split solve's checkpoint secret and default checkpoints in folders of the test's
    (not the user's): its tests use it (``pytestmark``)."""
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))


# PYRAMID_LAB_CPU_DURATIONS=N: the N tests that took the most processor time (user +
# system: the test's process, its threads, and the processes it waited for), set-up and
# tear-down included, said at the end; what the suite's time is made of on a machine whose
# wall time other work stretches (scripts/test.sh passes it on to every job).
_CPU_DURATIONS = int(os.environ.get("PYRAMID_LAB_CPU_DURATIONS", "0") or 0)
_cpu_spent: dict[str, float] = {}


def _processor_seconds() -> float:
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if not _CPU_DURATIONS:
        yield
        return
    began = _processor_seconds()
    yield
    _cpu_spent[item.nodeid] = _processor_seconds() - began


def pytest_terminal_summary(terminalreporter):
    if not _cpu_spent:
        return
    slowest = sorted(_cpu_spent.items(), key=lambda kv: -kv[1])[:_CPU_DURATIONS]
    terminalreporter.write_sep("=", f"{len(slowest)} tests with the most processor time")
    for nodeid, seconds in slowest:
        terminalreporter.write_line(f"{seconds:7.2f}s cpu  {nodeid}")
    terminalreporter.write_line(f"{sum(_cpu_spent.values()):7.2f}s cpu  in all tests")
