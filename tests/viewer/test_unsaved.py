"""Unsaved work is never dropped without asking (Save / Discard / Cancel before Open, Open
recent, Lessons, New game and Quit), and an autosave brings it back after a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtWidgets import QFileDialog

from pyramid_lab.model.files import read, write
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.desktop import autosave
from pyramid_lab.viewer.lab.session import EXAMPLES_DIR
from pyramid_lab.viewer.widgets import unsaved
from pyramid_lab.viewer.widgets.new_game import NewGameDialog
from tests.patience import WAIT_MS

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py).
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


@pytest.fixture
def other_file(tmp_path):
    game = Partition(PartitionOptions(4))
    game.push(game.parse_move("3,3,0"))
    path = tmp_path / "other.pyr.json"
    write(path, game)
    return path


def _dirty(window, text="1,1,0"):
    window.session.play(window.session.game.parse_move(text))
    assert window.session.dirty


def test_opening_asks_first_and_cancel_keeps_the_game(make_window, unsaved_answers, other_file):
    window = make_window()
    _dirty(window)
    unsaved_answers["answers"] = [unsaved.CANCEL]
    assert not window.lab.documents.open(other_file)
    assert unsaved_answers["asked"] == ["Save the changes to this untitled game?"]
    assert window.session.game.colour_at((1, 1, 0)) == "red"
    assert window.session.dirty
    assert window.lab.documents.open(other_file)  # Discard
    assert window.session.path == other_file
    assert not window.session.dirty


def test_a_bad_file_is_refused_before_asking(make_window, unsaved_answers, tmp_path, monkeypatch):
    window = make_window()
    _dirty(window)
    bad = tmp_path / "bad.pyr.json"
    bad.write_text("{")
    monkeypatch.setattr(
        "pyramid_lab.viewer.desktop.qt_port.QMessageBox.warning", lambda *a, **k: None
    )
    assert not window.lab.documents.open(bad)
    assert unsaved_answers["asked"] == []
    assert window.session.dirty


def test_save_then_open(make_window, unsaved_answers, other_file, tmp_path):
    mine = tmp_path / "mine.pyr.json"
    window = make_window()
    window.lab.documents.save_file(mine)
    _dirty(window)
    unsaved_answers["answers"] = [unsaved.SAVE]
    assert window.lab.documents.open(other_file)
    assert unsaved_answers["asked"] == ["Save the changes to mine.pyr.json?"]
    assert [str(m) for m in read(mine).game.move_stack] == ["1,1,0"]


def test_save_on_an_untitled_game_can_still_be_cancelled(
    make_window, unsaved_answers, other_file, monkeypatch
):
    window = make_window()
    _dirty(window)
    unsaved_answers["answers"] = [unsaved.SAVE]
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    assert not window.lab.documents.open(other_file)  # the save dialog was closed: nothing happens
    assert window.session.dirty
    assert window.session.path is None


def test_new_game_and_lessons_ask(make_window, unsaved_answers, monkeypatch, tmp_path):
    window = make_window()
    _dirty(window)
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: 1)
    unsaved_answers["answers"] = [unsaved.CANCEL, unsaved.CANCEL]
    window.menus.seats.new_game()
    assert window.session.game.colour_at((1, 1, 0)) == "red"
    from caption_lessons import caption_lessons

    old = caption_lessons(tmp_path)[0]  # an old caption-only lesson (opened as a file)
    window.lab.documents.open(old)
    assert window.session.lesson is None
    assert len(unsaved_answers["asked"]) == 2
    window.lab.documents.open(old)  # Discard
    assert window.session.lesson is not None


def test_an_unapplied_set_up_is_asked_about(make_window, unsaved_answers, other_file):
    window = make_window()
    window.parts.setup_mode.enter()
    window.board.setup.click(0)
    unsaved_answers["answers"] = [unsaved.CANCEL]
    assert not window.lab.documents.open(other_file)
    assert unsaved_answers["asked"] == ["Drop the set-up being edited?"]
    assert window.board.setup is not None
    assert window.lab.documents.open(other_file)
    assert window.board.setup is None


def test_quit_asks_and_cancel_keeps_the_window(make_window, unsaved_answers, qtbot):
    window = make_window()
    _dirty(window)
    unsaved_answers["answers"] = [unsaved.CANCEL]
    window.close()
    assert window.isVisible()
    assert not window._closed
    window.close()  # Discard
    assert not window.isVisible()


def test_autosave_follows_unsaved_work(make_window, qtbot, tmp_path):
    window = make_window()
    file = window.parts.autosave.file
    assert file.parent == tmp_path / "autosave"
    _dirty(window)
    qtbot.waitUntil(file.exists, timeout=WAIT_MS)
    record = json.loads(file.read_text())
    assert record["document"]["history"] == ["1,1,0"]
    assert record["pid"] == os.getpid()
    window.lab.documents.save_file(tmp_path / "saved.pyr.json")
    assert not file.exists()  # saved: nothing to recover


def _leftover(folder, document, path=None, pid=None):
    if pid is None:  # a process that has ended (true(1): no interpreter to start for it)
        ended = subprocess.Popen(["true"])
        ended.wait()
        pid = ended.pid
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / f"{pid}{autosave.SUFFIX}"
    record = {
        "format": autosave.FORMAT,
        "pid": pid,
        "time": 1.0e9,
        "path": path,
        "document": document,
    }
    file.write_text(json.dumps(record))
    return file


def test_recovering_a_crashed_game(make_window, tmp_path, monkeypatch):
    game = Partition(PartitionOptions(3))
    game.push(game.parse_move("2,0,0"))
    from pyramid_lab.model.files import to_json

    file = _leftover(tmp_path / "autosave", to_json(game), str(tmp_path / "was.pyr.json"))
    _leftover(tmp_path / "autosave", to_json(game), pid=os.getpid())  # ours: not a crash
    window = make_window()
    answers = iter([unsaved.LATER, unsaved.RECOVER])
    monkeypatch.setattr(unsaved, "ask_recover", lambda parent, what: next(answers))
    assert not window.parts.recovery.offer()  # Later: it stays for the next start
    assert file.exists()
    assert window.parts.recovery.offer()
    assert not file.exists()
    assert window.session.dirty
    assert window.session.path == tmp_path / "was.pyr.json"
    assert [str(m) for m in window.session.game.move_stack] == ["2,0,0"]
    assert "recovered was.pyr.json" in window.statusBar().currentMessage()


def test_a_damaged_autosave_is_set_aside(make_window, tmp_path, monkeypatch):
    file = _leftover(tmp_path / "autosave", {"format": "nonsense"})
    window = make_window()
    monkeypatch.setattr(unsaved, "ask_recover", lambda parent, what: unsaved.RECOVER)
    monkeypatch.setattr(
        "pyramid_lab.viewer.desktop.qt_port.QMessageBox.warning", lambda *a, **k: None
    )
    assert not window.parts.recovery.offer()
    assert not file.exists()
    assert list(file.parent.glob("*.damaged.json"))
    assert not window.session.dirty


CRASH = textwrap.dedent(
    """
    import os, sys
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session
    window = MainWindow(Session(Partition(PartitionOptions(3))))
    window.show()
    window.session.play(window.session.game.parse_move("0,0,0"))
    while not window.parts.autosave.file.exists():
        app.processEvents()
    os._exit(9)  # a crash: no close, no clean-up
    """
)


def test_a_real_crash_is_recovered(make_window, tmp_path, monkeypatch):
    env = dict(os.environ, PYRAMID_LAB_AUTOSAVE=str(tmp_path / "autosave"))
    done = subprocess.run([sys.executable, "-c", CRASH], env=env, timeout=120)
    assert done.returncode == 9
    window = make_window()
    monkeypatch.setattr(unsaved, "ask_recover", lambda parent, what: unsaved.RECOVER)
    assert window.parts.recovery.offer()
    assert [str(m) for m in window.session.game.move_stack] == ["0,0,0"]


def test_a_failing_autosave_says_so(make_window, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("PYRAMID_LAB_AUTOSAVE", str(blocker / "autosave"))
    window = make_window()
    _dirty(window)
    window.parts.recovery.write()
    assert "autosave failed" in window.statusBar().currentMessage()


def test_a_shipped_lesson_is_never_saved_over(make_window, unsaved_answers, monkeypatch, tmp_path):
    """Save on a lesson (or any example that comes with the app) asks for a copy's name:
    the lesson stays as it came."""
    from pyramid_lab.viewer.lab.session import shipped

    lesson = EXAMPLES_DIR / "partition" / "t5-anchored-around-a-corner-ball.pyr.json"
    before = lesson.read_bytes()
    window = make_window()
    assert window.lab.documents.open(lesson)
    assert shipped(window.session.path)
    window.session.play(window.session.game.legal_moves()[0])
    copy = tmp_path / "my-lesson.pyr.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(copy), ""))
    assert window.lab.documents.save()
    assert lesson.read_bytes() == before
    assert window.session.path == copy
    assert len(read(copy).game.move_stack) == 1
    assert not shipped(copy)


def test_the_computer_waits_while_the_new_game_dialog_is_open(make_window, monkeypatch, qtbot):
    """No move is played behind the New game dialog; Cancel lets the game go on."""
    window = make_window()
    window.lab.engine.seed = 1
    window.lab.engine.set_player("red", "easy")
    assert window.lab.engine.computer_thinking
    moves = len(window.session.game.move_stack)
    seen = {}

    def cancel(dialog):
        seen["thinking"] = window.lab.engine.computer_thinking
        return 0

    monkeypatch.setattr(NewGameDialog, "exec", cancel)
    window.menus.seats.new_game()
    assert seen["thinking"] is False
    assert len(window.session.game.move_stack) == moves
    assert window.lab.engine.computer_thinking  # cancelled: it thinks again
    qtbot.waitUntil(lambda: len(window.session.game.move_stack) == moves + 1, timeout=WAIT_MS)


def test_the_computer_waits_while_asked_about_unsaved_changes(
    make_window, monkeypatch, qtbot, other_file
):
    """No move is played behind the Save / Discard / Cancel question (the game asked about
    would change under it) or the file dialog; Cancel lets the game go on."""
    window = make_window()
    window.lab.engine.seed = 1
    _dirty(window)  # red's move: blue, the computer, is to move
    seen = []

    def ask(_parent, question, _detail, **_kw):
        seen.append((window.lab.engine.computer_thinking, len(window.session.game.move_stack)))
        return unsaved.CANCEL

    monkeypatch.setattr(unsaved, "ask_unsaved", ask)
    window.lab.engine.set_player("blue", "easy")
    assert window.lab.engine.computer_thinking
    moves = len(window.session.game.move_stack)
    assert not window.lab.documents.open(other_file)
    assert seen == [(False, moves)]
    assert window.lab.engine.computer_thinking  # cancelled: it thinks again
    qtbot.waitUntil(lambda: len(window.session.game.move_stack) == moves + 1, timeout=WAIT_MS)


def test_an_opened_file_is_not_played_by_the_previous_games_computer(
    make_window, qtbot, other_file
):
    window = make_window()
    window.lab.engine.set_player("red", "easy")
    window.lab.engine.set_player("blue", "easy")
    assert window.lab.documents.open(other_file)  # Discard (the conftest's answer)
    assert window.lab.engine.seats.computer == {}
    assert not window.lab.engine.computer_thinking
    assert "played by a human now" in window.statusBar().currentMessage()
    checked = [a for a in window.menus.seats.players["red"].values() if a.isChecked()]
    assert [a.text() for a in checked] == ["Human"]
    moves = len(window.session.game.move_stack)
    qtbot.wait(700)
    assert len(window.session.game.move_stack) == moves


def test_the_file_dialogs_start_in_the_folder_of_the_file_shown(
    make_window, monkeypatch, other_file, tmp_path
):
    window = make_window()
    asked = []

    def dialog(_parent, _title, folder, _filter):
        asked.append(folder)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    window.lab.documents.open_dialog()
    assert window.lab.documents.open(other_file)
    window.lab.documents.open_dialog()
    window.lab.documents.save_as()
    assert asked[1:] == [str(other_file.parent), str(other_file)]
    example = sorted(EXAMPLES_DIR.rglob("*.pyr.json"))[0]
    assert window.lab.documents.open(example)  # shipped: the last folder used stays the start
    window.lab.documents.save_as()
    assert asked[-1].startswith(str(other_file.parent))


def test_the_computer_waits_through_the_question_and_the_open_dialog(
    make_window, monkeypatch, qtbot
):
    """Open: the unsaved-changes question, then the file dialog; no move behind either
    (a move played behind the dialog would be dropped by the file unasked)."""
    window = make_window()
    window.lab.engine.seed = 1
    _dirty(window)  # red's move: blue, the computer, is to move
    window.lab.engine.set_player("blue", "easy")
    assert window.lab.engine.computer_thinking
    moves = len(window.session.game.move_stack)
    seen = []

    def dialog(*_args):
        seen.append((window.lab.engine.computer_thinking, len(window.session.game.move_stack)))
        return "", ""  # cancelled

    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog)
    window.lab.documents.open_dialog()  # the question is answered Discard (conftest)
    assert seen == [(False, moves)]
    assert window.lab.engine.computer_thinking  # nothing opened: it thinks again
    qtbot.waitUntil(lambda: len(window.session.game.move_stack) == moves + 1, timeout=WAIT_MS)
