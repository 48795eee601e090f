"""The seeded GUI monkey of monkey.py in the suite: a few seeds of random actions on one
window, each seed starting on another game (all five in turn, and every game again through
New game and the example files). Fails on any exception that reached the window's error
guard or sys.excepthook, with the seed and the last actions. ``tests/bench/gui_monkey.py``
runs it long, by hand."""

from __future__ import annotations

import random
import sys
import time

import pytest
from monkey import (
    Monkey,
    example_copies,
    fast_animations,
    hostile_collections,
    patch_modals,
    report,
    watch_workers,
)

from pyramid_lab.model.game import game_class, game_names

#: (seed, the game it starts on): five seeds, one a game; CI_ACTIONS each.
CI_SEEDS = tuple(enumerate(sorted(game_names()), start=1))
CI_ACTIONS = 200  # the suite's time; tests/bench/gui_monkey.py runs thousands


@pytest.mark.parametrize(("seed", "start"), CI_SEEDS)
def test_gui_monkey(make_window, guard_errors, monkeypatch, tmp_path, qtbot, seed, start):
    from pyramid_lab.viewer.desktop import menus

    rng = random.Random(seed)
    files = example_copies(tmp_path / "files")
    monkeypatch.setattr(menus, "LESSON_DIR", tmp_path / "files" / "lessons")
    patch_modals(rng, monkeypatch.setattr)
    fast_animations(monkeypatch.setattr)
    watch_workers(guard_errors, monkeypatch.setattr)
    window = make_window(game_class(start).new())
    window.activateWindow()
    monkey = Monkey(window, rng, files, qtbot)
    monkey.export_folder = tmp_path / "exports"
    monkey.export_folder.mkdir()
    monkey.hostile = hostile_collections(tmp_path / "hostile")
    monkey.quick = True  # the suite's time: searches stopped soon (the bench lets them run)
    started, cpu = time.perf_counter(), time.process_time()
    monkey.run(CI_ACTIONS, guard_errors)
    assert not guard_errors, report(seed, monkey, guard_errors)
    assert monkey.tried == CI_ACTIONS
    print(
        f"seed {seed} ({start}): {monkey.tried} actions in {time.perf_counter() - started:.1f} s"
        f" ({time.process_time() - cpu:.1f} s of processor time)",
        file=sys.stderr,
    )


def test_the_monkey_reaches_every_game_and_dock(make_window, monkeypatch, tmp_path, qtbot):
    """What the monkey can reach: the example files of all five games, and docks with
    widgets to work in Pyramid Ball (Program docks) and Rolling Pyramids (Turn dock)."""
    from pyramid_lab.viewer.lab.session import Session

    files = example_copies(tmp_path / "files")
    folders = {path.parent.name for path in files}
    assert {"partition", "pyraos", "terrace", "ball", "rolling", "old-captions"} <= folders
    lessons = {path.parent.name for path in files if path.parent.parent.name == "lessons"}
    assert lessons == {"partition", "pyraos", "terrace", "ball", "rolling"}  # stepped ones
    window = make_window()
    monkey = Monkey(window, random.Random(0), files, qtbot)
    for name in game_names():
        window.session.replace_game(game_class(name).new())
        qtbot.wait(10)
        assert window.board.ui.game_name == name
        if name in ("ball", "rolling"):
            assert monkey._dock_widgets(), name
    assert isinstance(window.session, Session)


def test_the_monkey_sees_an_exception_in_a_dock(make_window, guard_errors, qtbot, tmp_path):
    """A slot of Rolling Pyramids' Turn dock that raises reaches the guard the monkey
    watches (so the runs above could fail)."""
    window = make_window(game_class("rolling").new())
    monkey = Monkey(window, random.Random(5), example_copies(tmp_path / "files"), qtbot)

    def broken(_move):
        raise RuntimeError("broken on purpose")

    window.session.play = broken
    for _ in range(60):
        monkey.play_on()
        if guard_errors:
            break
    assert guard_errors, monkey.log
    assert isinstance(guard_errors[0][0], RuntimeError)


def test_a_modal_dialog_the_monkey_does_not_answer_fails_the_run(
    make_window, guard_errors, qtbot, tmp_path
):
    """A dialog new to the monkey (not answered by patch_modals) is closed by its watchdog
    and counted, not left to hang the suite."""
    from PySide6.QtWidgets import QDialog

    window = make_window(game_class("partition").new())
    monkey = Monkey(window, random.Random(1), example_copies(tmp_path / "files"), qtbot)
    monkey.actions = [(1, lambda: QDialog(window).exec())]
    monkey.watchdog_ms = 200  # (the runs' 3 s is a wait here, not a check)
    monkey.run(1, guard_errors)
    assert len(guard_errors) == 1
    assert "a modal dialog blocked: QDialog" in str(guard_errors[0][0])


def test_the_monkey_reaches_the_stepped_lessons(tmp_path):
    files = example_copies(tmp_path / "files")
    lessons = [p for p in files if p.name.endswith(".lesson.json")]
    assert len(lessons) >= 20
    assert (tmp_path / "files" / "lessons" / "order.json").is_file()


def test_every_hostile_collection_gets_a_clear_line(make_window, guard_errors, tmp_path, qtbot):
    """Each hostile folder of the monkey through Puzzles > Open collection: a short line
    in the status bar (the action's own check), no error through the slot guard."""
    window = make_window()
    monkey = Monkey(window, random.Random(0), [], qtbot)
    folders = hostile_collections(tmp_path / "hostile")
    assert len(folders) == 7
    for folder in folders:
        monkey.hostile = [folder]
        monkey.hostile_collection()
        assert not guard_errors, (folder.name[:40], guard_errors)
        assert window.statusBar().currentMessage(), folder.name[:40]
