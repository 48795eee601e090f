"""Solve position (the Game menu, ``viewer.lab.value_solve.ValueSolve``): the value of the position
shown, searched off the GUI thread; the single search by default, the split solve on a local
Dask cluster when workers are asked for, its units' progress in the status bar."""

from __future__ import annotations

import pytest

from pyramid_lab.model.partition import Partition, PartitionOptions
from tests.patience import WAIT_MS

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def test_solve_position_with_the_single_search(make_window, qtbot):
    window = make_window(Partition(PartitionOptions(3, "stacking")))
    value = window.lab.value_solve
    assert window.menus.actions["solve_value"].text() == "Solve &position..."
    seen = []
    value.runner.progressed.connect(lambda _f, text: seen.append(text))
    assert value.start(1)
    qtbot.waitUntil(lambda: value.last.startswith("Solved"), timeout=WAIT_MS)
    assert value.last.startswith("Solved: red to move loses"), value.last
    assert "units" not in value.last  # the single search, as before
    assert not value.running
    assert window.statusBar().currentMessage() == value.last


def test_solve_position_on_two_workers_shows_units(make_window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # the checkpoint's home
    from pyramid_lab.model.search import books

    book = books.book_for("partition")  # it has the empty base-3 pyramids (issue 58)
    monkeypatch.setattr(book, "_shipped", book.Book([]))
    window = make_window(Partition(PartitionOptions(3, "stacking")))
    value = window.lab.value_solve
    seen = []
    value.runner.progressed.connect(lambda _f, text: seen.append(text))
    assert value.start(2)
    assert value.running
    qtbot.waitUntil(lambda: value.last.startswith("Solved"), timeout=WAIT_MS)
    assert value.last.startswith("Solved: red to move loses"), value.last
    assert "units" in value.last
    assert "on 2 workers" in value.last
    assert any(text.startswith("Solving: units ") for text in seen), seen
    assert list((tmp_path / "cache" / "pyramid-lab" / "solve").glob("partition-*/d*.json"))


def test_solve_position_asks_nothing_when_the_book_or_a_quick_try_settles_it(
    make_window, qtbot, monkeypatch
):
    # It asked for worker processes first, even when the book answered in 0.4 s (issue 46,
    # item 4)
    from PySide6.QtWidgets import QInputDialog

    asked = []
    monkeypatch.setattr(
        QInputDialog, "getInt", staticmethod(lambda *a, **k: asked.append(a) or (1, False))
    )
    window = make_window(Partition(PartitionOptions(3, "stacking")))
    value = window.lab.value_solve
    window.menus.actions["solve_value"].trigger()
    qtbot.waitUntil(lambda: value.last.startswith("Solved"), timeout=WAIT_MS)
    assert value.last.startswith("Solved: red to move loses"), value.last
    assert asked == []


def test_solve_position_asks_for_workers_only_when_a_real_search_starts(
    make_window, qtbot, monkeypatch
):
    from PySide6.QtWidgets import QInputDialog

    from pyramid_lab.viewer.lab import value_solve

    monkeypatch.setattr(value_solve, "QUICK_SECONDS", 0.3)
    asked = []
    monkeypatch.setattr(
        QInputDialog, "getInt", staticmethod(lambda *a, **k: asked.append(a) or (1, False))
    )
    window = make_window(Partition(PartitionOptions(6, "floating")))  # in no book, not in 0.3 s
    value = window.lab.value_solve
    value.cores = 2  # (a machine of one core is never asked)
    window.menus.actions["solve_value"].trigger()
    assert value.running
    qtbot.waitUntil(lambda: bool(asked), timeout=WAIT_MS)
    assert "0.3 seconds of search did not settle it" in asked[0][2]
    qtbot.waitUntil(lambda: not value.running, timeout=WAIT_MS)
    assert value.last.startswith("Solve position stopped: not settled in 0.3 s")
    # stopped, the base-6 search ends at its next slice: not on the next test's time
    qtbot.waitUntil(lambda: value.runner.alive() == 0, timeout=WAIT_MS)


def test_the_answer_is_kept_between_runs_until_changed(make_window, qtbot, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QInputDialog

    from pyramid_lab.viewer.desktop.engine import WORKERS_KEY

    answers = [(1, True), (4, True)]
    asked = []
    monkeypatch.setattr(
        QInputDialog,
        "getInt",
        staticmethod(lambda *a, **k: asked.append(a) or answers.pop(0)),
    )
    window = make_window(Partition(PartitionOptions(3, "stacking")))
    assert window.lab.value_solve.workers is None  # never asked yet
    window.lab.value_solve.ask_workers()
    assert QSettings().value(WORKERS_KEY, type=int) == 1
    later = make_window(Partition(PartitionOptions(3, "stacking")))
    assert later.lab.value_solve.workers == 1  # kept: the next run asks nothing
    later.menus.actions["solve_cores"].trigger()  # Game > Cores for Solve position...
    assert QSettings().value(WORKERS_KEY, type=int) == 4
    assert len(asked) == 2


def test_stop_thinking_stops_solve_position_and_a_new_game_silences_it(
    make_window, qtbot, monkeypatch, new_game
):
    # Solve position went on after Edit > Stop thinking, and its progress replaced the
    # status messages of the games opened next (issue 59, item 1)
    window = make_window(Partition(PartitionOptions(6, "floating")))  # in no book
    value = window.lab.value_solve
    assert value.start(1)
    qtbot.waitUntil(lambda: value.last.startswith("Solving: within"), timeout=WAIT_MS)
    window.menus.actions["stop_engine"].trigger()  # Edit > Stop thinking
    assert not value.running
    assert window.statusBar().currentMessage().startswith("Solve position stopped")
    qtbot.waitUntil(lambda: value.runner.alive() == 0, timeout=WAIT_MS)  # the CPU is free
    assert value.start(1)  # again, then another game
    qtbot.waitUntil(lambda: value.last.startswith("Solving: within"), timeout=WAIT_MS)
    new_game(window, "pyraos")
    assert not value.running
    qtbot.waitUntil(lambda: value.runner.alive() == 0, timeout=WAIT_MS)
    qtbot.wait(1500)
    assert not window.statusBar().currentMessage().startswith("Solving"), (
        window.statusBar().currentMessage()
    )
