"""The lab's job runner: a task on a worker thread, its progress, answer and error
delivered through the front end's post; Stop, finish, an old position, shutdown."""

from __future__ import annotations

import functools
import threading

import pytest

from pyramid_lab.model import search
from pyramid_lab.model.game import game_class
from pyramid_lab.model.search import SearchStopped
from pyramid_lab.viewer.lab import JobRunner, at_once, position_of
from pyramid_lab.viewer.lab.jobs import HintAnswer
from tests.patience import WAIT_S


def partition():
    return game_class("partition").new()


@pytest.fixture(autouse=True, scope="module")
def _compiled_core_loaded():
    """The compiled core loaded before any job here (a job loads it first where the
    process has not: its progress says so, see the last test)."""
    search.warm_up(knowledge=None)


def collect(runner):
    seen: dict[str, list] = {"progressed": [], "answered": [], "failed": []}
    runner.progressed.connect(lambda f, text: seen["progressed"].append((f, text)))
    runner.answered.connect(lambda job, result: seen["answered"].append((job, result)))
    runner.failed.connect(lambda job, exc: seen["failed"].append((job, exc)))
    return seen


def test_an_answer_comes_through_post(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)
    job = runner.run("test", lambda copy, progress, stop: 42)
    assert runner.thinking
    assert seen["answered"] == []  # nothing until the front end takes it in
    inbox.until(lambda: not runner.thinking)
    assert seen["answered"] == [(job, 42)]
    assert seen["failed"] == []


def test_progress_comes_while_the_job_is_current(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)

    def task(copy, progress, stop):
        progress(0.5, "half")
        return "done"

    runner.run("test", task)
    inbox.until(lambda: not runner.thinking)
    assert seen["progressed"] == [(0.5, "half")]


def test_an_error_is_failed_not_raised(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)

    def task(copy, progress, stop):
        raise ValueError("broken engine")

    job = runner.run("test", task)
    inbox.until(lambda: not runner.thinking)
    assert [(j, str(e)) for j, e in seen["failed"]] == [(job, "broken engine")]
    assert seen["answered"] == []


def test_stop_drops_the_answer(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)
    started = threading.Event()

    def task(copy, progress, stop):
        started.set()
        stop.wait(5)
        return "late"

    job = runner.run("test", task)
    started.wait(5)
    assert runner.stop() is job
    job.thread.join(5)
    inbox.take(0.1)
    assert seen["answered"] == []
    assert not runner.thinking


def test_a_stopped_search_is_no_error(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)

    def task(copy, progress, stop):
        stop.wait(5)
        raise SearchStopped()

    job = runner.run("test", task)
    runner.stop()
    job.thread.join(5)
    inbox.take(0.1)
    assert seen["failed"] == []
    assert seen["answered"] == []


def test_finish_keeps_the_answer_so_far(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)

    def task(copy, progress, stop):
        stop.wait(5)
        return "so far"

    job = runner.run("test", task)
    assert runner.finish() is job
    inbox.until(lambda: not runner.thinking)
    assert seen["answered"] == [(job, "so far")]


def test_an_answer_for_an_old_position_is_dropped(inbox):
    games = [partition()]
    runner = JobRunner(lambda: games[0], inbox.post)
    seen = collect(runner)
    release = threading.Event()

    def task(copy, progress, stop):
        release.wait(5)
        return "old"

    runner.run("test", task)
    moved = partition()
    moved.push(moved.legal_moves()[0])
    games[0] = moved  # the position shown changed meanwhile
    release.set()
    inbox.until(lambda: not runner.thinking)
    assert seen["answered"] == []


def test_a_new_job_replaces_the_old(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)
    first = runner.run("first", lambda copy, progress, stop: stop.wait(5) and "first")
    second = runner.run("second", lambda copy, progress, stop: "second")
    assert first.stop.is_set()
    inbox.until(lambda: not runner.thinking)
    inbox.take(0.1)
    assert seen["answered"] == [(second, "second")]


def test_the_task_sees_a_copy(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)
    runner.run("test", lambda copy, progress, stop: copy is game)
    inbox.until(lambda: not runner.thinking)
    assert seen["answered"][0][1] is False
    assert position_of(game) == (game.position_key(), 0)


def test_shutdown_waits_for_every_thread(inbox):
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    runner.run("test", lambda copy, progress, stop: stop.wait(5))
    runner.shutdown()
    assert runner.alive() == 0
    assert not runner.thinking


def test_at_once_delivers_on_the_worker():
    game = partition()
    runner = JobRunner(lambda: game, at_once)
    got = threading.Event()
    runner.answered.connect(lambda job, result: got.set())
    runner.run("test", lambda copy, progress, stop: 1)
    assert got.wait(WAIT_S)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_start_searches_with_a_level(inbox, level, monkeypatch):
    # a hint first asks the exact solver for its second, which settles nothing at the start
    # of Partition (a fortiori in 0.05 s): the hint is the level's search either way
    quick = functools.partial(search.exact_choice, max_seconds=0.05)
    monkeypatch.setattr(search, "exact_choice", quick)
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)
    job = runner.start("hint", level, seed=1)
    assert job.level == level
    inbox.until(lambda: not runner.thinking)
    ((_, hint),) = seen["answered"]
    assert isinstance(hint, HintAnswer)  # the book looked up on the job too
    assert hint.choice.move in game.legal_moves()


def test_a_job_loads_the_compiled_core_first_and_says_so(inbox, monkeypatch):
    # issue 58: a process that has not loaded the compiled core (or must compile it: the
    # set-up did not) says so before the search, the warm-up's steps as the job's progress
    # (model.search.warm_up words them: tests/model/test_first_use.py)
    asked = []

    def warm_up(game=None, progress=None, *, knowledge):
        assert knowledge is search.knowledge_for(game)  # the game's, handed by the caller
        asked.append(game.name)
        progress(0.0, "compiling: the tree search")
        return 0.0

    monkeypatch.setattr(search, "warm_up", warm_up)
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)
    runner.run("analysis", lambda copy, progress, stop: progress(0.5, "searching"))
    inbox.until(lambda: not runner.thinking)
    assert asked == ["partition"]
    assert seen["progressed"] == [(0.0, "compiling: the tree search"), (0.5, "searching")]


def test_after_shutdown_a_runner_runs_and_delivers_nothing(inbox):
    # the window closed: what a thread still posts is dropped, and a job asked by a last
    # queued event runs no search (its words would reach widgets that are gone)
    game = partition()
    runner = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)
    release = threading.Event()

    def slow(copy, progress, stop):
        release.wait(WAIT_S)
        progress(0.5, "half")
        return 1

    runner.run("test", slow)
    threading.Timer(0.2, release.set).start()
    runner.shutdown()  # stops the job and joins its thread, which ends once released
    late = runner.run("late", lambda copy, progress, stop: 2)
    inbox.take()  # every delivery posted meanwhile
    assert late.stop.is_set()
    assert late.thread is None  # nothing ran
    assert seen == {"progressed": [], "answered": [], "failed": []}


def test_a_runner_is_typed_by_its_answers_and_nothing_narrows_them_at_run_time(inbox):
    """``JobRunner[R]``: each runner's ``answered`` carries its tasks' own result type (was
    ``object``, narrowed at run time by ``jobs.answer(kind, result)``); a runner of one
    user answers what its tasks give, as they give it."""
    import pathlib
    import typing

    from pyramid_lab.viewer.lab import jobs

    assert typing.Generic in JobRunner.__mro__
    assert not hasattr(jobs, "answer")
    viewer = pathlib.Path(jobs.__file__).resolve().parents[1]
    narrowed = [
        str(path.relative_to(viewer))
        for path in sorted(viewer.rglob("*.py"))
        if "result: object" in path.read_text(encoding="utf-8")
    ]
    assert narrowed == []
    game = partition()
    runner: JobRunner[tuple[int, str]] = JobRunner(lambda: game, inbox.post)
    seen = collect(runner)
    job = runner.run("test", lambda copy, progress, stop: (1, "one"))
    inbox.until(lambda: not runner.thinking)
    assert seen["answered"] == [(job, (1, "one"))]
