"""The window with hostile per-user files and collections (issue 34, items 1-9): it starts
(a FIFO or a /dev/zero link where the lesson progress is, JSON nested 100,000 deep), a
damaged file is set aside and the user told once in a notice that does not block, a newer
one is left untouched; Puzzles > Open collection says what is wrong with a bad folder in
plain words, never the error guard's "Error: ..."."""

from __future__ import annotations

import contextlib
import faulthandler
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from pyramid_lab.model.collection import INDEX
from pyramid_lab.viewer.desktop.qt_port import NoticeBox
from tests.patience import WAIT_MS

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "model" / "data" / "puzzles" / "partition"
EASY = "floating-3-win-in-1-a.pyr.json"
DEEP = "[" * 100_000 + "]" * 100_000


@contextlib.contextmanager
def hang_guard(seconds: int = 120):
    """A regression that blocks (reading a FIFO) ends the test run with the stacks
    printed, instead of hanging it."""
    faulthandler.dump_traceback_later(seconds, exit=True, file=sys.stderr)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def notices(window) -> list[str]:
    box = window.findChild(NoticeBox)
    return list(box.texts) if box is not None and box.isVisible() else []


HOSTILE = {
    "fifo": os.mkfifo,
    "link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "nested 100,000 deep": lambda p: p.write_text(DEEP),
    "corrupt": lambda p: p.write_text('{"format": "pyramid-lab-lesson-progress/1", "lessons": '),
    "wrongly typed": lambda p: p.write_text(
        '{"format": "pyramid-lab-lesson-progress/1", "lessons": []}'
    ),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_the_window_starts_and_tells_once_of_a_damaged_lesson_progress(
    make_window, tmp_path, qtbot, guard_errors, kind
):
    progress = tmp_path / "lesson-progress.json"  # (where make_window points it)
    HOSTILE[kind](progress)
    with hang_guard():
        window = make_window()
    qtbot.waitUntil(lambda: bool(notices(window)), timeout=WAIT_MS)
    (text,) = notices(window)
    assert "Your lesson progress" in text
    assert "kept as lesson-progress.damaged.json beside it, and a fresh one starts" in text
    assert window.statusBar().currentMessage() == text
    assert os.path.lexists(tmp_path / "lesson-progress.damaged.json")
    assert not os.path.lexists(progress)
    window.lab.lessons.progress.record(Path("/lessons/x.lesson.json"), 2, done=1)
    saved = json.loads(progress.read_text())
    assert saved["format"] == "pyramid-lab-lesson-progress/1"
    assert notices(window) == [text]  # told once
    window.findChild(NoticeBox).accept()  # read and closed
    assert guard_errors == []


def test_a_newer_lesson_progress_is_left_and_the_window_says_nothing_is_saved(
    make_window, tmp_path, qtbot, guard_errors
):
    progress = tmp_path / "lesson-progress.json"
    text = '{"format": "pyramid-lab-lesson-progress/2", "lessons": {"a": {"stars": 3}}}'
    progress.write_text(text)
    window = make_window()
    qtbot.waitUntil(lambda: bool(notices(window)), timeout=WAIT_MS)
    (notice,) = notices(window)
    assert "written by a newer Pyramid Lab (format pyramid-lab-lesson-progress/2)" in notice
    assert "progress through lessons is not saved this run" in notice
    window.lab.lessons.progress.record(Path("/lessons/x.lesson.json"), 2, done=1)
    assert progress.read_text() == text  # never downgraded
    assert notices(window) == [notice]
    assert guard_errors == []


def test_damaged_ticks_are_told_when_practice_starts_and_ticks_are_merged(
    make_window, tmp_path, qtbot, guard_errors
):
    config = tmp_path / "config"
    config.mkdir()
    os.mkfifo(config / "puzzles-solved.json")
    folder = tmp_path / "set"
    folder.mkdir()
    shutil.copy(PUZZLES / EASY, folder / EASY)
    window = make_window()
    with hang_guard():
        assert window.menus.puzzles.practising().open_collection(folder)
    qtbot.waitUntil(lambda: bool(notices(window)), timeout=WAIT_MS)
    (notice,) = notices(window)
    assert "Your puzzle ticks" in notice
    assert "a named pipe (FIFO)" in notice
    assert stat_is_fifo(config / "puzzles-solved.damaged.json")
    assert guard_errors == []


def stat_is_fifo(path: Path) -> bool:
    import stat

    return stat.S_ISFIFO(os.lstat(path).st_mode)


def said(window) -> list[str]:
    """Each line the lab's bulletin says from now on, in order (the status bar shows it)."""
    bulletin, lines = window.lab.bulletin, []
    bulletin.changed.connect(lambda field: field == "status" and lines.append(bulletin.status))
    return lines


def collection(tmp_path: Path, name: str = "set", **puzzle) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    doc = json.loads((PUZZLES / EASY).read_text())
    doc["puzzle"].update(puzzle)
    (folder / EASY).write_text(json.dumps(doc))
    return folder


def test_open_collection_says_plainly_what_is_wrong_with_a_bad_folder(
    make_window, tmp_path, guard_errors
):
    window = make_window()
    messages = said(window)
    practice = window.menus.puzzles.practising()
    deep = collection(tmp_path, "deep")
    (deep / INDEX).write_text(DEEP)
    assert not practice.open_collection(deep)
    assert messages[-1] == f"Practice: {deep / INDEX}: lists or objects nested too deeply"
    long_name = tmp_path / ("x" * 5000)
    assert not practice.open_collection(long_name)
    assert "cannot be opened as a folder (File name too long)" in messages[-1]
    assert len(messages[-1]) < 400
    assert guard_errors == []
    assert not any(m.startswith("Error") for m in messages)


def test_a_lone_surrogate_title_and_a_huge_difficulty_show_in_the_practice_dock(
    make_window, tmp_path, guard_errors
):
    window = make_window()
    folder = collection(tmp_path, title="\ud800 lone", difficulty="9" * 5000 + " playouts")
    practice = window.menus.puzzles.practising()
    assert practice.open_collection(folder)
    dock = window.parts.commands.practice.dock
    assert dock.list.count() == 1
    assert "lone" in dock.list.item(0).text()
    assert guard_errors == []


def test_a_solve_with_a_newer_ticks_file_ticks_for_this_run_only_and_says_so(
    make_window, tmp_path, qtbot, guard_errors
):
    config = tmp_path / "config"
    config.mkdir()
    text = '{"format": "pyramid-lab-puzzles-solved/2", "ticks": {}}'
    (config / "puzzles-solved.json").write_text(text)
    window = make_window()
    messages = said(window)
    practice = window.menus.puzzles.practising()
    assert practice.open_collection(collection(tmp_path))
    qtbot.waitUntil(lambda: bool(notices(window)), timeout=WAIT_MS)
    assert "written by a newer Pyramid Lab" in notices(window)[0]
    window.board.play(window.session.game.parse_move("0,0,0"))  # the key move
    qtbot.waitUntil(lambda: not practice.state.solver.runner.thinking, timeout=WAIT_MS)
    assert practice.state.solver.status[0] == "solved"
    assert any(
        m.startswith("Solved, but the tick could not be written: Your puzzle ticks")
        for m in messages
    ), messages
    assert practice.state.progress.count(practice.state.collection) == 1  # ticked for this run
    assert (config / "puzzles-solved.json").read_text() == text  # never downgraded
    assert guard_errors == []
