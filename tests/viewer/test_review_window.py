"""The window's review (Analysis > Review game): in the background with progress, the
verdicts in the Review dock, the graph that goes to a position, the better move drawn as
the Hint's ghost, saved into the file and shown at once when it is opened again; Stop keeps
the moves reached; "Make a puzzle of this" keeps a verified puzzle; Puzzles > Compose...
writes a verified collection and opens it in Practice."""

from __future__ import annotations

import json

import pytest
import shared_window

from pyramid_lab.model.files import read, write
from pyramid_lab.model.review import MISSED_WIN
from pyramid_lab.model.search import knowledge_for, verify
from tests.model.test_review import missed_win_game
from tests.patience import WAIT_MS

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

module_window = shared_window.module_window  # (one window a module: shared_window.py)
fresh_window = shared_window.fresh_window  # (a test that opens its own game file first)


def review_in_window(window, qtbot, tmp_path, seconds=0.2):
    """The missed win's game written to a file, opened in ``window`` and reviewed (0.2 s a
    position, the dock's least: the base-3 game is settled at every position by the book
    and the solver's CPU share, its verdicts and puzzle spots those of 0.3 s)."""
    game, ply, winners = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    assert window.lab.documents.open(path)
    window.lab.review.seed = 1
    window.parts.reviewer.dock.seconds.setValue(seconds)
    window.menus.actions["review"].trigger()
    assert window.lab.review.thinking
    assert window.parts.reviewer.dock.stop.isEnabled()
    qtbot.waitUntil(lambda: not window.lab.review.thinking, timeout=WAIT_MS)
    return window, path, game, ply, winners


def test_review_calls_the_missed_win_and_draws_the_better_move(
    fresh_window, make_window, qtbot, tmp_path, guard_errors
):
    window, path, game, ply, winners = review_in_window(fresh_window, qtbot, tmp_path)
    dock = window.parts.reviewer.dock
    assert dock.isVisible()
    review = window.session.review
    assert review is not None
    assert not review.stopped
    assert dock.table.rowCount() == len(game.move_stack)
    assert dock.table.item(ply - 1, 3).text() == MISSED_WIN
    assert dock.table.item(ply - 1, 4).text() in winners
    assert "missed win" in dock.summary.text()
    # a row goes to the position before its move; the better move is the Hint's ghost
    dock.table.selectRow(ply - 1)
    assert window.session.ply == ply - 1
    better = window.session.game.parse_move(dock.table.item(ply - 1, 4).text())
    site = window.session.game.lattice.id_of(*better.point)
    assert window.board.frame().ghosts == {site: window.session.game.to_move}
    window.session.goto(ply)  # after it: the next move's better move, if it has one
    following = review.at(ply + 1)
    expected = {}
    if following is not None and following.better:
        point = window.session.game.parse_move(following.better).point
        expected = {window.session.game.lattice.id_of(*point): window.session.game.to_move}
    assert window.board.frame().ghosts == expected
    assert "missed win" in dock.detail.text()
    # a click on the graph goes to that position
    graph = dock.graph
    x = graph.rect().left() + 6 + (graph.rect().width() - 12) * 2 / len(game.move_stack)
    from PySide6.QtCore import QPoint, Qt

    qtbot.mouseClick(graph, Qt.MouseButton.LeftButton, pos=QPoint(round(x), 60))
    assert window.session.ply == 2
    # saved into the file; opened again, the graph is there at once
    assert window.session.dirty
    assert window.lab.documents.save()
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["review"]["moves"][ply - 1]["verdict"] == MISSED_WIN
    assert read(path).review.to_json() == review.to_json()
    other = make_window()
    assert other.lab.documents.open(path)
    assert other.parts.reviewer.dock.isVisible()
    assert other.parts.reviewer.dock.table.rowCount() == len(game.move_stack)
    assert other.parts.reviewer.dock.graph.review is not None
    assert not guard_errors


def test_make_a_puzzle_of_the_missed_win_keeps_a_verified_puzzle(
    fresh_window, qtbot, tmp_path, monkeypatch, guard_errors
):
    monkeypatch.setenv("PYRAMID_LAB_PUZZLES", str(tmp_path / "made"))
    window, _path, _game, _ply, _ = review_in_window(fresh_window, qtbot, tmp_path)
    review = window.session.review
    spots = review.puzzles
    assert spots, "the missed win or a mistake makes a puzzle spot"
    spot = spots[0]
    window.session.goto(spot.ply)
    assert window.parts.reviewer.dock.make_puzzle.isEnabled()
    window.menus.actions["make_puzzle"].trigger()
    qtbot.waitUntil(lambda: window.lab.review.last_puzzle is not None, timeout=WAIT_MS)
    made = window.lab.review.last_puzzle
    assert made.parent == tmp_path / "made" / "partition"
    assert (
        window.parts.reviewer.dock.activity.text() == f"puzzle made: {made.name}"
    )  # not "verifying"
    doc = read(made)
    verdict = verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))
    assert verdict.verified
    assert not verdict.cooks
    assert doc.puzzle["solution"][0] == spot.key
    # named after the game and the move, and listed in Puzzles > My puzzles, which
    # practises it (issue 46, item 2)
    assert made.name == f"game-after-move-{spot.ply}.pyr.json"
    menus = window.menus
    menus.puzzles.fill_my_puzzles()
    listed = [a.text() for a in menus.puzzles.my_puzzles.actions()]
    assert listed == ["Pyramid Partition: made (1 puzzle)"]
    menus.puzzles.my_puzzles.actions()[0].trigger()
    assert window.parts.commands.practice is not None
    assert window.parts.commands.practice.state.collection is not None
    assert window.parts.commands.practice.state.collection.folder == made.parent
    assert window.parts.commands.practice.dock.isVisible()
    # where no spot is, the action says so and makes nothing
    window.session.goto(0)
    window.lab.review.last_puzzle = None
    window.menus.actions["make_puzzle"].trigger()
    assert window.lab.review.last_puzzle is None
    assert not guard_errors


def test_stop_keeps_the_moves_judged_so_far(fresh_window, qtbot, tmp_path, guard_errors):
    game, _ply, _ = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    window = fresh_window
    assert window.lab.documents.open(path)
    window.parts.reviewer.dock.seconds.setValue(2.0)
    window.menus.actions["review"].trigger()
    qtbot.waitUntil(lambda: window.parts.reviewer.dock.bar.value() > 0, timeout=WAIT_MS)
    window.parts.reviewer.dock.stop.click()
    qtbot.waitUntil(lambda: not window.lab.review.thinking, timeout=WAIT_MS)
    review = window.session.review
    assert review is not None
    assert review.stopped
    assert len(review.moves) < len(game.move_stack)
    assert window.parts.reviewer.dock.table.rowCount() == len(review.moves)
    assert not guard_errors


def test_review_refuses_a_game_without_moves(fresh_window, guard_errors):
    window = fresh_window  # (a new base-3 Partition: no moves)
    window.menus.actions["review"].trigger()
    assert not window.lab.review.thinking
    assert "no moves" in window.parts.reviewer.dock.activity.text()
    assert not guard_errors


def test_compose_writes_a_verified_collection_and_opens_it_in_practice(
    make_window, qtbot, tmp_path, guard_errors
):
    from pyramid_lab.model.partition import Partition, PartitionOptions

    window = make_window(Partition(PartitionOptions(4)))
    window.menus.puzzles.compose.trigger()
    from pyramid_lab.viewer.desktop.compose import ComposeDialog

    dialog = window.findChild(ComposeDialog)
    assert dialog is not None
    assert dialog.isVisible()
    dialog.count.setValue(3)
    dialog.within.setValue(3)
    dialog.folder.setText(str(tmp_path / "composed"))
    dialog.compose.click()
    assert dialog.stop.isEnabled()
    qtbot.waitUntil(lambda: bool(dialog.composer.written), timeout=WAIT_MS)
    assert len(dialog.composer.written) == 3
    assert (tmp_path / "composed" / "collection.json").is_file()
    for path in dialog.composer.written:
        doc = read(path)
        verdict = verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))
        assert verdict.verified
        assert not verdict.cooks
    assert window.parts.commands.practice is not None
    assert window.parts.commands.practice.dock.isVisible()
    assert not guard_errors


def test_the_monkey_reviews_a_game(fresh_window, qtbot, tmp_path, guard_errors, monkeypatch):
    """The monkey's review action (Review game, Stop, the graph, Make a puzzle) on a
    played game: reviews finish or stop, and nothing reaches the guard."""
    import random

    from tests.viewer.monkey import Monkey, example_copies, patch_modals, watch_workers

    rng = random.Random(36)
    patch_modals(rng, monkeypatch.setattr)
    watch_workers(guard_errors, monkeypatch.setattr)
    game, _ply, _ = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    window = fresh_window
    assert window.lab.documents.open(path)
    monkey = Monkey(window, rng, example_copies(tmp_path / "files"), qtbot)
    reviewed = 0
    for _ in range(12):
        monkey.review()
        qtbot.waitUntil(lambda: not window.lab.review.thinking, timeout=WAIT_MS)
        reviewed += window.session.review is not None
        assert not guard_errors, monkey.log
    assert reviewed
    assert any("review" in line for line in monkey.log)


def test_the_export_writes_the_review_graph_beside_the_picture(
    fresh_window, qtbot, tmp_path, guard_errors
):
    from pyramid_lab.viewer.desktop.export_control import open_export_dialog

    window, _path, _game, _ply, _ = review_in_window(fresh_window, qtbot, tmp_path)
    dialog = open_export_dialog(window.lab, window.port, window.stage)
    written = dialog.export(tmp_path / "board.png")
    assert written == tmp_path / "board.png"
    graph = tmp_path / "board-review.png"
    assert graph.read_bytes().startswith(b"\x89PNG")
    assert "board-review.png" in window.statusBar().currentMessage()
    assert not guard_errors


def test_a_new_game_drops_the_review_under_way(fresh_window, qtbot, tmp_path, guard_errors):
    from pyramid_lab.model.partition import Partition, PartitionOptions

    game, _ply, _ = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    window = fresh_window
    assert window.lab.documents.open(path)
    window.parts.reviewer.dock.seconds.setValue(2.0)
    window.menus.actions["review"].trigger()
    assert window.lab.review.thinking
    window.menus.actions["make_puzzle"].trigger()  # refused while the review works: it goes on
    assert window.lab.review.thinking
    assert "at work" in window.statusBar().currentMessage()
    window.session.replace_game(Partition(PartitionOptions(3)))
    assert not window.lab.review.thinking
    assert "dropped" in window.parts.reviewer.dock.activity.text()
    qtbot.wait(300)
    assert window.session.review is None
    assert not guard_errors


def test_the_docks_stop_buttons_are_as_wide_as_their_words(make_window, qtbot):
    """In a wide dock the Review's and the Analysis's Stop keep their words' width (the
    Review's Stop was 290 px in a 900 px dock), as do the buttons beside them."""
    from PySide6.QtWidgets import QDockWidget, QPushButton

    window = make_window()
    for title in ("Review", "Analysis"):
        [dock] = [d for d in window.findChildren(QDockWidget) if d.windowTitle() == title]
        dock.show()
        dock.setFloating(True)
        dock.resize(900, 500)
        qtbot.waitUntil(lambda d=dock: d.width() >= 900, timeout=WAIT_MS)
        qtbot.wait(50)
        stops = [b for b in dock.findChildren(QPushButton) if b.text() in ("Stop", title)]
        assert [b.text() for b in stops if b.text() == "Stop"] == ["Stop"], title
        for button in stops:
            assert button.width() <= button.sizeHint().width() + 4, (title, button.text())
