"""Issue 109 item 22: ``solve --max-seconds 10`` reported 7.3-33.3 s and took 13-46 s of
wall time at load 4-12. Given no --workers, the single search had 3 s, then a Dask cluster
was started with what was left, whose start (seconds, longer on a busy machine) ran past
the limit, and whose run, given no unit in time, said "depth limit". Here on fake solves
and a fake clock: no search, no cluster, nothing timed."""

from __future__ import annotations

import dataclasses
import json

import pytest

import pyramid_lab as pl
from pyramid_lab.model.search import SolveResult
from pyramid_lab.viewer.cli import main
from pyramid_lab.viewer.cli import solve as solve_command

TEXT = pl.new("pyraos").to_text()


def unknown(seconds: float) -> SolveResult:
    return SolveResult(
        "unknown", None, None, 16, 1000, seconds, 10, 100.0, "time limit", True, ()
    )  # fmt: skip


@pytest.fixture
def asked(monkeypatch):
    """What the single search and the split solve were given."""
    calls: list[tuple[str, float | None]] = []

    def single(game, *, max_seconds=None, **_options):
        calls.append(("single", max_seconds))
        return dataclasses.replace(unknown(max_seconds or 0.0), path="compiled")

    def split(args, game, workers, max_seconds):
        calls.append(("split", max_seconds))
        return 0

    from pyramid_lab.viewer.script import engine

    monkeypatch.setattr(engine, "solve_position", single)
    monkeypatch.setattr(solve_command, "_split", split)
    monkeypatch.setattr(solve_command.os, "cpu_count", lambda: 2)
    return calls


def test_a_short_limit_is_the_single_search_s_whole(asked, capsys):
    assert main(["solve", "--no-book", "--max-seconds", "10", TEXT]) == 0
    assert [kind for kind, _ in asked] == ["single"]
    assert 9.0 <= asked[0][1] <= 10.0  # the limit, but for the command's own start
    out = capsys.readouterr()
    assert json.loads(out.out)["stopped"] == "time limit"
    assert "too short for a cluster" in out.err


def test_a_long_limit_still_goes_to_the_split_solve(asked, capsys):
    assert main(["solve", "--no-book", "--max-seconds", "120", TEXT]) == 0
    assert [kind for kind, _ in asked] == ["single", "split"]
    assert asked[0][1] == solve_command.QUICK_SECONDS
    assert 100.0 < asked[1][1] <= 120.0  # what is left (the fake single search took none)


def test_no_limit_goes_to_the_split_solve(asked, capsys):
    assert main(["solve", "--no-book", TEXT]) == 0
    assert asked == [("single", solve_command.QUICK_SECONDS), ("split", None)]


def test_a_split_solve_out_of_time_starts_no_cluster_and_says_time(monkeypatch):
    from pyramid_lab.model.search import cluster, knowledge_for
    from pyramid_lab.model.search import split as split_module

    def no_cluster(*_args, **_kwargs):
        raise AssertionError("a cluster was started past the limit")

    monkeypatch.setattr(split_module, "dask_client", no_cluster)
    game = pl.new("pyraos").to_game()
    split = cluster.split_solve(
        game, knowledge_of=knowledge_for, max_seconds=0.0, book=False, checkpoint=None
    )
    assert split.result.value == "unknown"
    assert split.result.stopped == "time limit"


def test_a_run_given_no_unit_in_time_says_time_not_depth(monkeypatch):
    import time

    import distributed

    monkeypatch.setattr(distributed, "as_completed", lambda: None)  # (no client here)

    from pyramid_lab.model.search.split import FIRST_SLICE, RunOptions, UnitRun, expand

    class Client:  # what a run asks of its client before it gives out a unit
        def scheduler_info(self):
            return {"workers": {"w1": {}, "w2": {}}}

        def subscribe_topic(self, topic, handler):
            pass

    from pyramid_lab.model.search import knowledge_for
    from pyramid_lab.model.search.symmetry import key_function

    game = pl.new("pyraos").to_game()
    tree = expand(game, None, key=key_function(knowledge_for(game)))
    began = time.perf_counter() - 20.0  # the cluster's start took 20 s of a 10 s limit
    options = RunOptions(
        *(64.0, 200, 10.0, False, None, None, None, FIRST_SLICE),
        *(False, began, None, knowledge_for),
    )
    assert UnitRun(Client(), tree, options).go() == "time limit"


@pytest.mark.parametrize(("cached", "counted"), [(True, True), (False, False)])
def test_loading_the_search_is_on_the_clock_compiling_it_is_not(monkeypatch, cached, counted):
    from pyramid_lab.model.search import knowledge_for
    from pyramid_lab.model.search.compiled import first_use, warm
    from pyramid_lab.model.search.kernels import solver_for

    game = pl.load("puzzle:partition/floating-3-win-in-1-a").to_game()
    solver = solver_for(game, knowledge_for(game), table_mb=16, max_seconds=10.0)
    assert solver is not None
    now = [1000.0]
    solver.clock = lambda: now[0]  # type: ignore[method-assign]

    def ready(progress=None, parts=first_use.PARTS):
        now[0] += 4.0  # loading (or compiling) the search takes 4 s
        return 4.0

    monkeypatch.setattr(first_use, "compiled", lambda parts=first_use.PARTS: cached)
    monkeypatch.setattr(warm, "ready", ready)
    result = solver.solve()
    assert result.value == "win"  # (at once: a win in 1)
    assert (result.seconds >= 4.0) is counted  # a load is on the limit's clock, said in it
