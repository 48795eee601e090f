"""The Moves dock keeps every line: a move from an earlier position starts a new line, the
old one stays beneath it, a click follows it, and the file keeps them all."""

from __future__ import annotations

import pytest
import shared_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from window_helpers import click_row

from pyramid_lab.model.files import read

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

module_window = shared_window.module_window  # (one window a module: shared_window.py)
fresh_window = shared_window.fresh_window  # (each test plays on a new base-3 Partition)


def _play(window, *texts):
    for text in texts:
        window.session.play(window.session.game.parse_move(text))


def test_an_earlier_move_starts_a_line_and_keeps_the_old_one(fresh_window, make_window, tmp_path):
    window = fresh_window
    _play(window, "0,0,0", "1,0,0", "2,0,0")
    dock = window.parts.moves_dock
    dock.select_row(1)  # a click on the first move
    assert window.session.ply == 1
    _play(window, "2,2,0")
    assert "other line is kept" in window.statusBar().currentMessage()
    assert dock.rows() == 3  # start, 0,0,0, 2,2,0
    row = dock.tree.topLevelItem(2)
    assert row.childCount() == 1
    other = row.child(0)
    assert other.text(0) == "or 2. blue 1,0,0  (line of 2 moves)"
    dock.tree.setCurrentItem(other)  # follow the old line
    assert [str(m) for m in window.session.game.move_stack] == ["0,0,0", "1,0,0"]
    assert dock.rows() == 4
    assert dock.tree.topLevelItem(2).child(0).text(0) == "or 2. blue 2,2,0"
    assert dock.tree.currentItem() is dock.tree.topLevelItem(2)

    assert window.lab.documents.save_file(tmp_path / "lines.pyr.json")
    again = make_window()
    assert again.lab.documents.open(tmp_path / "lines.pyr.json")
    assert again.parts.moves_dock.rows() == 4
    assert again.parts.moves_dock.tree.topLevelItem(2).childCount() == 1
    assert len(read(tmp_path / "lines.pyr.json").variations) == 2  # the other, the rest


def test_deleting_a_line_asks_first(fresh_window, monkeypatch):
    window = fresh_window
    _play(window, "0,0,0", "1,0,0")
    window.parts.moves_dock.select_row(1)
    _play(window, "2,2,0")
    dock = window.parts.moves_dock
    node = dock.node_of(dock.tree.topLevelItem(2).child(0))
    answers = iter([QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: next(answers))
    assert not dock.ask_delete(node)
    assert dock.tree.topLevelItem(2).childCount() == 1
    assert dock.ask_delete(node)
    assert dock.tree.topLevelItem(2).childCount() == 0
    assert "deleted a line of 1 moves" in window.statusBar().currentMessage()
    assert window.windowTitle().startswith("untitled *")


def test_a_click_on_another_line_highlights_the_row_followed(fresh_window, qtbot):
    """The line followed moves up among the rows (the one left goes beneath it): the row
    highlighted is the position shown, not the row now under the pointer."""
    window = fresh_window
    _play(window, "0,0,0", "1,0,0", "2,0,0")
    dock = window.parts.moves_dock
    dock.select_row(1)
    _play(window, "2,2,0")
    click_row(qtbot, dock, dock.tree.topLevelItem(2).child(0))  # or 2. blue 1,0,0
    assert [str(m) for m in window.session.game.move_stack] == ["0,0,0", "1,0,0"]
    row = dock.tree.topLevelItem(2)
    assert dock.tree.currentItem() is row
    assert dock.tree.selectedItems() == [row]
    click_row(qtbot, dock, dock.tree.topLevelItem(3))
    assert len(window.session.game.move_stack) == 3
    assert dock.tree.selectedItems() == [dock.tree.topLevelItem(3)]
    qtbot.keyClick(dock.tree, Qt.Key.Key_Up)  # the keys step along the line, too
    assert len(window.session.game.move_stack) == 2
    assert dock.tree.selectedItems() == [dock.tree.topLevelItem(2)]


def test_browsing_the_moves_of_a_saved_file_leaves_it_saved(fresh_window, qtbot, tmp_path):
    window = fresh_window
    _play(window, "0,0,0", "1,0,0", "2,0,0")
    assert window.lab.documents.save_file(tmp_path / "three.pyr.json")
    dock = window.parts.moves_dock
    for row in (1, 3, 0, 2, 3):
        click_row(qtbot, dock, dock.tree.topLevelItem(row))
        assert window.session.ply == row
    window.board.undo()
    window.board.redo()
    assert not window.session.dirty
    assert not window.windowTitle().startswith("*")
    assert " *" not in window.windowTitle()


def test_a_row_whose_words_change_is_relabelled_in_place_not_rebuilt(fresh_window, monkeypatch):
    # A secret move revealed (Rolling's deployments at the fights) changed the words of an
    # early row, and every row after it was made anew on each move (issue 46, item 11)
    window = fresh_window
    _play(window, "0,0,0", "1,0,0", "2,0,0", "0,1,0")
    dock = window.parts.moves_dock
    items = [dock.tree.topLevelItem(i) for i in range(dock.rows())]
    secrets = {0: "red's secret"}
    monkeypatch.setattr(dock, "hidden", lambda _game, _line: dict(secrets))  # (this test's)
    dock.refresh()
    assert [dock.tree.topLevelItem(i) for i in range(dock.rows())] == items  # kept
    assert items[1].text(0) == "1. red's secret"
    assert "a secret move" in items[1].toolTip(0)
    secrets.clear()  # revealed
    _play(window, "1,1,0")
    assert [dock.tree.topLevelItem(i) for i in range(5)] == items
    assert items[1].text(0) == "1. red 0,0,0"
    assert items[1].toolTip(0) == ""
    assert dock.rows() == 6


def test_a_move_played_makes_its_own_row_and_keeps_the_others(fresh_window, monkeypatch):
    """A long game's move made every row of the line anew (the dock's refresh grew with
    the game); a row stays made while its move has no other line beside it, and one with
    another line beside it is made anew (its words count the other line's moves)."""
    import pyramid_lab.viewer.widgets.move_list as move_list

    window = fresh_window
    _play(window, "0,0,0", "1,0,0", "2,0,0")
    made = []
    label = move_list._label
    monkeypatch.setattr(move_list, "_label", lambda *a: made.append(a[0]) or label(*a))
    _play(window, "0,2,0")
    assert made == [4]  # the new move's row only
    window.parts.moves_dock.select_row(2)
    _play(window, "2,2,0")  # another line at the third move
    made.clear()
    window.parts.moves_dock.refresh()
    assert made == [3, 3]  # the third row and its other line, made anew; the rest kept
    assert window.parts.moves_dock.tree.topLevelItem(3).child(0).text(0).startswith("or 3. ")
