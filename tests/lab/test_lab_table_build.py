"""The whole-game table built from the lab (issue 76: the window's Analysis > Build the
whole-game table), Qt-free, on the base-3 pyramid's small table (the game's is base 4: the
lab takes the pyramid only from its constructor) in a cache folder under ``tmp_path``:
started with its words, its progress seen, stopped within seconds (kept), started again
(it says it resumes), finished (the same table as a build never stopped, the lab says so
and the book's words name the menu item), and refused in words: a game without such a
table, a build already running, another build holding the table's lock.

Each build's deliveries run on its worker thread (``post=at_once``): the test's Stop comes
on the build's own report of a layer, before the next layer starts, however fast they go."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyramid_lab.model import search
from pyramid_lab.model.game import game_class
from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.engine_words import book_end
from pyramid_lab.viewer.lab.jobs import at_once
from pyramid_lab.viewer.lab.session import Session
from pyramid_lab.viewer.lab.table_build import (
    BUILD_TABLE,
    BuildEnd,
    BuildRefused,
    BuildStarted,
    BuildStopped,
    Built,
    TableBuild,
)
from tests.patience import WAIT_S


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # the user's cache: the test's
    return tmp_path


@pytest.fixture
def lab(port, cache, whole_kernels) -> Iterator[Lab]:
    lab = Lab(
        Session(Pyraos.new(PyraosOptions())),
        port,
        post=at_once,
        bulletin=port.bulletin,
        table_base=3,
    )
    yield lab
    lab.shutdown()


class Ends:
    """A build's ends, as they come (on its worker thread)."""

    def __init__(self, build: TableBuild) -> None:
        self.seen: list[BuildEnd] = []
        self.came = threading.Event()
        build.ended.connect(self._ended)

    def _ended(self, outcome: BuildEnd) -> None:
        self.seen.append(outcome)
        self.came.set()

    def next(self) -> BuildEnd:
        assert self.came.wait(WAIT_S), "the build did not end in time"
        self.came.clear()
        return self.seen[-1]


def hold_at_counting(build: TableBuild) -> tuple[threading.Event, threading.Event]:
    """(held, go_on): the build's worker, at its first counting report, sets ``held`` and
    waits for ``go_on`` (the table's lock held meanwhile)."""
    held, go_on = threading.Event(), threading.Event()

    def hold(what: str) -> None:
        if what == "progress" and build.text.startswith("counting ") and not held.is_set():
            held.set()
            assert go_on.wait(WAIT_S)

    build.changed.connect(hold)
    return held, go_on


def layers(folder: Path) -> list[bytes]:
    return [path.read_bytes() for path in sorted(folder.glob("layer-*.bin"))]


def test_a_build_stopped_resumes_and_its_table_is_the_one_never_stopped(lab, port, cache):
    build = lab.table_build
    ends = Ends(build)
    changes: list[str] = []
    lab.changed.connect(changes.append)
    progress: list[tuple[float | None, str]] = []

    def seen(what: str) -> None:
        if what == "progress":
            progress.append((build.fraction, build.text))

    def stop_after_the_first_layer(what: str) -> None:
        if what == "progress" and build.text.startswith("counting ") and not build.stopping:
            assert build.stop()  # (asked once: a second Stop does nothing)
            assert not build.stop()

    build.changed.connect(seen)
    build.changed.connect(stop_after_the_first_layer)
    started = build.start()
    assert isinstance(started, BuildStarted)
    folder = cache / "pyramid-lab" / "pyraos-standard-0-2-whole-base3"
    assert started.folder == folder
    assert "24,635 positions" in started.words
    assert "resumes" in started.words
    stopped = ends.next()
    assert isinstance(stopped, BuildStopped), stopped
    assert "build it again to resume" in stopped.words
    counting = [text for _, text in progress if text.startswith("counting ")]
    assert counting[0].startswith("counting every position's moves: down to 13 spheres (1 of 14 ")
    assert counting[0].endswith("; at most under a minute left")
    assert not build.running
    assert build.fraction is None
    build.changed.disconnect(stop_after_the_first_layer)
    progress.clear()

    again = build.start()
    assert isinstance(again, BuildStarted)
    built = ends.next()
    assert isinstance(built, Built), built
    said = build.said
    assert any(t.startswith("resuming the counting pass: 1 of 14 layers counted") for t in said)
    assert not any("down to 13 spheres" in t for t in said)  # kept, not counted again
    assert build.resuming.startswith("resuming the counting pass: 1 of 14 layers counted")
    assert any(t.startswith("step 1, the positions decided in that many plies") for t in said)
    fractions = [f for f, t in progress if t.startswith(("counting", "step"))]
    assert fractions == sorted(fractions)
    assert 0 < fractions[0] < fractions[-1] < 1
    assert changes.count("table built") == 1  # the Analysis dock analyses again
    assert port.statuses[-1] == f"Build the whole-game table: {built.words}"

    # the same bytes as a build that was never stopped, and its value of the empty pyramid
    tables = search.tables_for(lab.game).whole
    assert tables is not None
    whole = tables.whole_build(cache / "whole", PyraosOptions(), 3, None, None)
    assert layers(folder) == layers(cache / "whole")
    assert len(layers(folder)) == 14
    assert f"the empty pyramid: {tables.whole_describe(whole.probe(0, 0))}" in built.words
    assert tables.whole_open(folder).finished
    done = build.start()  # nothing left to build
    assert isinstance(done, BuildRefused)
    assert done.words == (
        f"the table is built already in {folder}: the Analysis, Hint and review answer from it"
    )


def test_a_build_is_refused_in_words(lab, port, cache):
    partition = Lab(Session(game_class("partition").new()), port, post=at_once, table_base=3)
    try:
        refused = partition.table_build.start()
        assert isinstance(refused, BuildRefused)
        assert "has no whole-game table to build (Pyraos has)" in refused.words
        assert not partition.table_build.offered(partition.game)
    finally:
        partition.shutdown()
    assert lab.table_build.offered(lab.game)

    # a build under way: a second start is refused; a second lab's build finds the lock
    build = lab.table_build
    ends = Ends(build)
    held, go_on = hold_at_counting(build)  # the worker waits there, the table's lock held
    assert isinstance(build.start(), BuildStarted)
    assert held.wait(WAIT_S)
    second = build.start()
    assert isinstance(second, BuildRefused)
    assert "being built already" in second.words
    other = Lab(Session(Pyraos.new(PyraosOptions())), port, post=at_once, table_base=3)
    try:
        other_ends = Ends(other.table_build)
        assert isinstance(other.table_build.start(), BuildStarted)
        locked = other_ends.next()
        assert isinstance(locked, BuildRefused)
        assert locked.words.endswith(
            "another build is running on it (wait for it to end, or stop it)"
        )
    finally:
        other.shutdown()
    assert build.stop()
    assert "stopping" in build.refusal(lab.game)  # until the unit under way ends
    go_on.set()
    assert isinstance(ends.next(), BuildStopped)
    assert build.refusal(lab.game) == ""


def test_where_the_book_ends_the_words_name_the_menu_item_and_the_command(cache):
    line = ["1,1,0", "0,0,0", "2,1,0", "1,2,0", "2,2,0", "2,0,0", "3,2,0", "1,1,1", "0,3,0"]
    game = Pyraos.new(PyraosOptions())
    for move in line:
        game.push_text(move)
    words = book_end(game, BUILD_TABLE)
    assert words.startswith("; the book ends here: it knows this position")
    assert "`pyramid-lab endgame build --whole` (about " in words
    assert words.endswith(", or Analysis > Build the whole-game table here")
    assert book_end(game) == words.removesuffix(", or Analysis > Build the whole-game table here")


def test_the_analysis_where_the_book_ends_names_the_menu_item(lab, port):
    line = ["1,1,0", "0,0,0", "2,1,0", "1,2,0", "2,2,0", "2,0,0", "3,2,0", "1,1,1", "0,3,0"]
    for move in line:
        lab.play(lab.game.parse_move(move))
    analysed = threading.Event()
    lab.analysis.runner.answered.connect(lambda job, result: analysed.set())
    assert lab.analysing.start(0.3)
    assert analysed.wait(WAIT_S)
    analysis = lab.analysis.analysis
    assert analysis is not None
    assert analysis.book_end.startswith("the book ends here: ")
    words = lab.analysing.proven_words(analysis)
    assert words == f"{analysis.proven_text}, or {BUILD_TABLE} here"
    assert port.statuses[-1] == f"analysis: {words}"


def test_too_little_memory_is_refused_before_anything_is_written(lab, cache, monkeypatch):
    from pyramid_lab.viewer.lab import table_build

    monkeypatch.setattr(table_build, "memory_available", lambda: 20_000)
    refused = lab.table_build.start()
    assert isinstance(refused, BuildRefused)
    assert refused.words == (
        "the whole-game table needs 29,387 bytes of memory while it is built (a byte a "
        "position and a layer's copy, 24,635 positions) and 20,000 bytes are free: close "
        "other programs and build it again"
    )
    assert not lab.table_build.running
    assert not (cache / "pyramid-lab").exists()


def test_quitting_during_a_build_asks_first_and_the_build_keeps_its_work(lab, port, cache):
    # Quit (the window's close) while the table is built: the user is asked, Cancel keeps
    # the build running; "Stop and quit" lets the front end close, and the build stops
    # keeping what it did (the next build says it resumes)
    build = lab.table_build
    ends = Ends(build)
    held, go_on = hold_at_counting(build)
    assert lab.confirm_quit()  # no build: nothing asked (nothing unsaved either)
    assert port.confirmed == []
    assert isinstance(build.start(), BuildStarted)
    assert held.wait(WAIT_S)
    port.confirms = [False]
    assert not lab.confirm_quit()  # Cancel: the window stays, the build goes on
    title, question, detail, go = port.confirmed[-1]
    assert title == "Quit Pyramid Lab"
    assert (question, go) == ("Stop building the whole-game table and quit?", "Stop and quit")
    assert "What it has done is kept: Analysis > Build the whole-game table resumes it" in detail
    assert build.running
    assert not build.stopping
    port.confirms = [True]
    assert lab.confirm_quit()
    assert port.asked == []  # the game has no unsaved changes: no second question
    go_on.set()
    lab.shutdown()  # as the front end closes: the build stops and keeps what it did
    assert not build.running
    again = Lab(Session(Pyraos.new(PyraosOptions())), port, post=at_once, table_base=3)
    try:
        said = []
        again.table_build.changed.connect(
            lambda what: said.append(again.table_build.text) if what == "progress" else None
        )
        resumed = Ends(again.table_build)
        assert isinstance(again.table_build.start(), BuildStarted)
        assert isinstance(resumed.next(), Built)
        assert any(text.startswith("resuming") for text in said), said
    finally:
        again.shutdown()
    assert ends.seen == []  # the closed lab delivers nothing (its front end is gone)


def test_a_stop_before_the_first_unit_says_the_wait_and_only_what_is_true(lab, port, cache):
    """Issue 109 item 5: Stop during the first compile took ~16 s (the kernels' compile
    cannot be cut short) while the words said "in a few seconds", and the end said the
    folder "keeps every layer and step done" when nothing was counted. Here the build is
    held before its first unit of work (where it compiles or loads its kernels): Stop says
    it waits for that, and the end says that nothing was built."""
    build = lab.table_build
    ends = Ends(build)
    held, go_on = threading.Event(), threading.Event()

    def hold_before_the_first_unit(what: str) -> None:
        if what == "progress" and not held.is_set():
            held.set()
            assert go_on.wait(WAIT_S)

    build.changed.connect(hold_before_the_first_unit)
    assert isinstance(build.start(), BuildStarted)
    assert held.wait(WAIT_S)
    assert build.stop()
    assert "a few seconds" not in build.text
    assert "cannot be cut short" in build.text
    assert "nothing is built yet" in build.text
    assert port.statuses[-1] == f"Build the whole-game table: {build.text}"
    waiting = build.text
    seen: list[str] = []
    build.changed.connect(lambda what: seen.append(build.text) if what == "progress" else None)
    go_on.set()
    stopped = ends.next()
    assert set(seen) <= {waiting}  # (the build's later words kept out: the wait still said)
    assert isinstance(stopped, BuildStopped), stopped
    assert "keeps every layer" not in stopped.words
    assert stopped.words == "stopped before any layer was built"

    # a build stopped after a layer, then stopped again before its first unit: what the
    # first one did is kept, and said so
    build.changed.disconnect(hold_before_the_first_unit)
    held_count, go_on_count = hold_at_counting(build)
    assert isinstance(build.start(), BuildStarted)
    assert held_count.wait(WAIT_S)
    build.stop()
    go_on_count.set()
    assert "keeps every layer and step done" in ends.next().words
    held.clear()
    go_on.clear()
    build.changed.connect(hold_before_the_first_unit)
    assert isinstance(build.start(), BuildStarted)
    assert held.wait(WAIT_S)
    build.stop()
    assert "nothing is built yet" not in build.text
    go_on.set()
    folder = cache / "pyramid-lab" / "pyraos-standard-0-2-whole-base3"
    assert ends.next().words == (
        f"stopped before this build's first step; {folder} keeps what the builds before it "
        "did: building it again resumes it"
    )
