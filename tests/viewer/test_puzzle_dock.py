"""The Puzzle dock and Solve mode: a puzzle made, verified and solved in the window, with
its file saved and never damaged by an attempt."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import shared_window
from window_helpers import click, under_mouse

from pyramid_lab.model.files import read
from pyramid_lab.model.puzzle import goal_of, puzzle_text
from tests.patience import WAIT_MS

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

module_window = shared_window.module_window  # (the module's one window: shared_window.py)
fresh_window = shared_window.fresh_window

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "model" / "data" / "puzzles" / "partition"
WIN_IN_1 = "floating-3-win-in-1-a.pyr.json"  # red: 0,0,0, within 1 ply
WIN_IN_2 = "floating-3-win-in-2-a.pyr.json"  # red: 2,2,0 0,0,0 0,0,1, within 3 plies


@pytest.fixture
def open_puzzle(fresh_window, tmp_path):
    """A window showing a copy of an example puzzle: the module's one window, put back to a
    fresh window's state first (shared_window.py), as the file opened on a new window."""

    def make(name):
        path = tmp_path / name
        shutil.copy(PUZZLES / name, path)
        window = fresh_window
        assert window.lab.documents.open(path)
        return window, path

    return make


def verified(qtbot, dock):
    puzzle = dock.window().parts.puzzle  # the dock's controller
    dock.verify_button.click()
    assert puzzle.verifier.thinking or puzzle.editor.verdict is not None
    qtbot.waitUntil(lambda: puzzle.editor.verdict is not None, timeout=WAIT_MS)
    return puzzle.editor.verdict


def site_of(window, text):
    game = window.session.game
    return window.board.ui.move_sites(game, game.parse_move(text))[0]


def test_the_dock_shows_the_puzzle_and_verifies_it(open_puzzle, qtbot, guard_errors):
    window, _ = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    assert dock.isVisible()  # a file with a puzzle opened
    assert dock.title.text() == puzzle_text(read(PUZZLES / WIN_IN_2).puzzle, "title")
    assert dock.side.currentText() == "red"
    assert dock.within.value() == 2  # moves
    assert "3 plies" in dock.plies.text()
    verdict = verified(qtbot, dock)
    assert verdict.verified
    assert verdict.cooks == []
    text = dock.verdict_label.text()
    assert "Verified" in text
    assert "No cook" in text
    assert "Key move 2,2,0: wins" in text
    # The key move stands on the board as a ghost, labelled.
    frame = window.board.frame()
    key = site_of(window, "2,2,0")
    assert frame.ghosts.get(key) == "red"
    assert [(label.site, label.text) for label in frame.labels] == [(key, "key 2,2,0")]
    assert not window.session.dirty  # verifying changes nothing
    assert not guard_errors


def test_a_wrong_bound_is_not_verified(open_puzzle, qtbot, guard_errors):
    window, _ = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    dock.within.setValue(1)  # red wins in 1 move: false
    assert goal_of(window.session.puzzle).within == 1
    assert window.session.dirty
    verdict = verified(qtbot, dock)
    assert not verdict.verified
    assert "Not verified" in dock.verdict_label.text()
    assert "cannot be forced" in dock.verdict_label.text()
    assert window.board.frame().ghosts == {}
    assert not guard_errors


def test_a_cooked_puzzle_shows_its_cooks_on_the_board(open_puzzle, qtbot, guard_errors):
    window, _ = open_puzzle(WIN_IN_1)
    dock = window.parts.puzzle_dock
    dock.within.setValue(2)  # within 3 plies: two more first moves win
    assert goal_of(window.session.puzzle).within == 3
    verdict = verified(qtbot, dock)
    assert verdict.verified
    assert sorted(verdict.cooks) == ["1,0,0", "1,1,0"]
    assert "cooked" in dock.verdict_label.text()
    assert "Cooks, other first moves that win too: 1," in dock.verdict_label.text()
    frame = window.board.frame()
    labels = {label.site: label.text for label in frame.labels}
    assert labels[site_of(window, "0,0,0")] == "key 0,0,0"
    for cook in ("1,0,0", "1,1,0"):
        assert labels[site_of(window, cook)] == f"cook {cook}"
        assert frame.ghosts[site_of(window, cook)] == "red"
    # Another position: the verdict's marks go; back at the puzzle, they return.
    window.session.play(window.session.game.parse_move("1,0,0"))
    assert window.board.frame().labels == ()
    window.session.undo()
    assert len(window.board.frame().labels) == 3
    assert not guard_errors


def test_edits_mark_the_file_unsaved_and_save_writes_them(open_puzzle, qtbot, guard_errors):
    window, path = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    assert not window.session.dirty
    dock.title.clear()
    qtbot.keyClicks(dock.title, "Seal it")
    # (the English edited, in an English window; the shipped puzzle's other languages kept)
    assert puzzle_text(window.session.puzzle, "title") == "Seal it"
    german = puzzle_text(read(PUZZLES / WIN_IN_2).puzzle, "title", "de")
    assert puzzle_text(window.session.puzzle, "title", "de") == german
    assert window.session.dirty
    assert window.windowTitle().startswith(f"{path.name} *")
    dock.notes.setPlainText("first line\nsecond line")
    # A solution that does not replay is refused, said, and not saved.
    dock.solution.clear()
    qtbot.keyClicks(dock.solution, "2,2,0 2,2,0")
    assert "does not replay" in dock.solution_error.text()
    assert "Not saved: the puzzle keeps 2,2,0." in dock.solution_error.text()
    assert window.session.puzzle["solution"] == ["2,2,0"]  # typed so far, and good
    dock.solution.clear()
    qtbot.keyClicks(dock.solution, "2,2,0 0,0,0")
    assert dock.solution_error.text() == ""
    assert window.session.puzzle["solution"] == ["2,2,0", "0,0,0"]
    assert window.lab.documents.save_file(path)
    assert not window.session.dirty
    puzzle = read(path).puzzle
    assert puzzle_text(puzzle, "title") == "Seal it"
    assert puzzle_text(puzzle, "title", "de") == german
    assert puzzle_text(puzzle, "notes") == "first line\nsecond line"
    assert puzzle["solution"] == ["2,2,0", "0,0,0"]
    assert puzzle["goal"] == {"side": "red", "result": "win", "within": 3}
    assert not guard_errors


def test_the_solution_from_the_moves_played(open_puzzle, qtbot, guard_errors):
    window, _ = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    start = window.session.ply
    for text in ("2,2,0", "0,0,0", "0,0,1"):
        window.session.play(window.session.game.parse_move(text))
    assert dock.where_box.isVisibleTo(dock)  # 3 moves after the puzzle position
    assert "3 moves after" in dock.where.text()
    window.session.puzzle.pop("solution")
    dock.from_played.click()
    assert window.session.puzzle["solution"] == ["2,2,0", "0,0,0", "0,0,1"]
    assert window.session.ply == start  # back at the puzzle position
    assert not dock.where_box.isVisibleTo(dock)
    assert window.session.can_redo  # the moves stay as the line
    assert not guard_errors


def test_verify_in_set_up_mode_applies_the_set_up(open_puzzle, qtbot, guard_errors):
    window, _ = open_puzzle(WIN_IN_1)
    dock = window.parts.puzzle_dock
    window.menus.actions["setup"].trigger()
    assert window.board.setup is not None
    assert dock.isVisible()
    assert dock.verify_button.text() == "Apply the set-up and verify"
    window.board.setup.brush = "blue"
    window.board.setup.click(site_of(window, "2,2,0"))  # a blue ball goes ...
    window.board.setup.click(site_of(window, "0,0,0"))  # ... to red's winning point
    verdict = verified(qtbot, dock)
    assert window.board.setup is None  # applied: Undo brings the position back
    assert dock.verify_button.text() == "Verify"
    assert window.session.ply == 0
    assert window.session.dirty
    assert not verdict.verified  # red no longer wins at once there
    assert "cannot be forced" in dock.verdict_label.text()
    window.board.undo()
    assert window.session.ply == 10  # the puzzle as it was
    # A set-up that is no position is said, not verified.
    window.menus.actions["setup"].trigger()
    window.board.setup.clear()
    window.board.setup.to_move = "blue"
    dock.verify_button.click()
    assert window.board.setup is not None
    assert "not a legal position" in dock.verdict_label.text()
    assert not window.parts.puzzle.verifier.thinking
    assert not guard_errors


def solving(qtbot, window):
    solver = window.parts.puzzle.solver
    qtbot.waitUntil(lambda: not solver.runner.thinking, timeout=WAIT_MS)
    return solver.status


def test_solve_the_key_move_and_the_defence(open_puzzle, qtbot, guard_errors):
    window, _ = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    session = window.session
    start, tree = session.ply, session.snapshot().nodes
    window.session.play(window.session.game.parse_move("2,1,0"))  # played on: Solve goes back
    window.menus.actions["solve"].trigger()
    assert window.parts.puzzle.solver.active
    assert window.menus.actions["solve"].isChecked()
    assert session.ply == start
    assert not dock.setter.isVisible()  # no cooks or notes to give it away
    assert "Your move" in window.parts.puzzle.solver.status[1]
    window.scene.set_camera("top")  # the key move's point in sight ...
    assert under_mouse(window, site_of(window, "2,2,0")) == site_of(window, "2,2,0")
    click(qtbot, window, site_of(window, "2,2,0"))  # ... and clicked with the mouse
    assert session.ply == start + 1
    assert "Wait" in window.parts.puzzle.solver.busy() or window.parts.puzzle.solver.runner.thinking
    kind, text = solving(qtbot, window)
    assert session.ply == start + 2  # the computer defended
    assert kind == "info"
    assert "1 move" in text
    window.board.play(window.session.game.parse_move("0,0,1"))
    kind, text = window.parts.puzzle.solver.status
    assert kind == "solved"
    assert "Solved in 2 moves" in text
    assert "Solved in 2 moves" in dock.solve_status.text()
    window.board.play(window.session.game.parse_move("1,1,0"))  # the game is over: refused
    assert session.ply == start + 3
    # Stop solving: the attempt goes, the document is as it was (and unsaved, as it was).
    dock.solve_button.click()
    assert not window.parts.puzzle.solver.active
    assert not window.menus.actions["solve"].isChecked()
    assert session.ply == start + 1  # where the user was
    assert session.snapshot().nodes == tree | {session.node}
    assert session.dirty  # the move played before solving
    assert not guard_errors


def test_solve_a_wrong_first_move_fails(open_puzzle, qtbot, guard_errors):
    window, _ = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    session = window.session
    start = session.ply
    dock.solve_button.click()
    window.board.play(window.session.game.parse_move("2,1,0"))  # a win in 3 moves, not in 2
    kind, text = solving(qtbot, window)
    assert kind == "failed"
    assert "escapes with" in text
    assert session.ply == start + 2  # the escape is on the board
    assert "Failed" in dock.solve_status.text()
    window.board.play(window.session.game.parse_move("2,2,0"))  # refused: try again
    assert session.ply == start + 2
    assert "Try again" in window.statusBar().currentMessage()
    # Undo takes back the escape and the move.
    window.board.undo()
    assert session.ply == start
    assert window.parts.puzzle.solver.status[0] == "info"
    dock.again_button.click()
    assert session.ply == start
    assert not session.dirty
    dock.solve_button.click()
    assert not session.dirty
    assert not session.can_redo  # the attempts left no line
    assert not guard_errors


def test_reveal_shows_the_solution(open_puzzle, qtbot, guard_errors):
    window, _ = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    session = window.session
    start = session.ply
    window.menus.actions["solve"].trigger()
    window.board.play(window.session.game.parse_move("2,1,0"))
    solving(qtbot, window)
    dock.reveal_button.click()
    assert session.ply == start  # back at the puzzle position
    assert [str(m) for m in window.parts.puzzle.solver.solution] == ["2,2,0", "0,0,0", "0,0,1"]
    assert "2,2,0 0,0,0 0,0,1" in dock.solve_status.text()
    assert dock.brief.text().count("<br>") >= 3  # the notes show now
    key = site_of(window, "2,2,0")
    frame = window.board.frame()
    assert frame.ghosts.get(key) == "red"
    assert (key, "key 2,2,0") in [(label.site, label.text) for label in frame.labels]
    window.board.play(window.session.game.parse_move("2,2,0"))
    solving(qtbot, window)
    frame = window.board.frame()
    assert (site_of(window, "0,0,1"), "next 0,0,1") in [(lb.site, lb.text) for lb in frame.labels]
    window.board.play(window.session.game.parse_move("0,0,1"))
    assert window.parts.puzzle.solver.status[0] == "solved"
    assert "solution shown" in window.parts.puzzle.solver.status[1]
    assert not guard_errors


def test_save_in_solve_mode_keeps_the_puzzle_position(open_puzzle, qtbot, guard_errors):
    window, path = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    before = path.read_text()
    dock.solve_button.click()
    window.board.play(window.session.game.parse_move("2,2,0"))
    solving(qtbot, window)
    assert window.session.dirty
    assert window.lab.documents.save_file(path)
    assert not window.parts.puzzle.solver.active
    assert read(path).game.position_key() == read(PUZZLES / WIN_IN_2).game.position_key()
    assert path.read_text() == before
    assert not guard_errors


def test_a_newcomer_makes_a_puzzle_verifies_and_solves_it(make_window, qtbot, tmp_path):
    from pyramid_lab.model.files import write

    doc = read(PUZZLES / WIN_IN_1)
    path = tmp_path / "mine.pyr.json"
    write(path, doc.game)  # the position alone: no puzzle yet
    window = make_window()
    assert window.lab.documents.open(path)
    dock = window.parts.puzzle_dock
    assert not dock.isVisible()  # not a puzzle (yet)
    dock.toggleViewAction().trigger()  # View > Puzzle
    assert dock.isVisible()
    assert not dock.solve_button.isEnabled()  # no goal to solve
    qtbot.keyClicks(dock.title, "Mine")
    window.menus.actions["verify"].trigger()  # the goal shown (red wins within 1 move) is the goal
    assert goal_of(window.session.puzzle).within == 1
    verified(qtbot, dock)
    assert "Verified" in dock.verdict_label.text()
    assert "key 0,0,0" in [label.text for label in window.board.frame().labels]
    dock.use_line.click()  # the main line becomes the solution
    assert window.session.puzzle["solution"] == ["0,0,0"]
    assert window.lab.documents.save_file(path)
    assert read(path).puzzle == {
        "title": "Mine",
        "goal": {"side": "red", "result": "win", "within": 1},
        "solution": ["0,0,0"],
    }
    assert dock.solve_button.isEnabled()
    dock.solve_button.click()
    window.board.play(window.session.game.parse_move("0,0,0"))
    assert window.parts.puzzle.solver.status == ("solved", "Solved in 1 move!")


def test_solve_mode_ends_when_the_moves_dock_leaves_the_puzzle(open_puzzle, qtbot):
    window, _ = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    session = window.session
    start, tree = session.ply, session.snapshot().nodes
    window.lab.engine.set_player("blue", "easy")  # the computer player goes off in Solve mode
    dock.solve_button.click()
    assert window.lab.engine.seats.computer == {}
    window.board.play(window.session.game.parse_move("2,2,0"))
    solving(qtbot, window)
    session.goto(start - 1)  # before the puzzle position
    assert not window.parts.puzzle.solver.active
    assert session.ply == start - 1
    assert session.snapshot().nodes == tree  # the attempt is gone
    assert not session.dirty
    assert "left the puzzle position" in window.statusBar().currentMessage()


def test_session_restore_drops_what_was_added():
    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.viewer.lab.session import Session

    session = Session(Partition(PartitionOptions(3)))
    for text in ("0,0,0", "1,0,0", "2,0,0"):
        session.play(session.game.parse_move(text))
    session.goto(1)
    session.dirty = False
    snapshot = session.snapshot()
    anchor = session.node
    session.play(session.game.parse_move("2,2,0"))  # a new line beside 1,0,0
    session.play(session.game.parse_move("0,2,0"))
    added = session.node
    reasons = []
    session.changed.connect(reasons.append)
    assert session.restore(snapshot) == 2
    assert reasons == ["goto"]
    assert session.node is anchor
    assert not session.dirty
    assert [str(m) for m in session.history()] == ["0,0,0", "1,0,0", "2,0,0"]
    assert session.lines.alternatives(session.node.selected) == []
    with pytest.raises(ValueError, match="not in the game then"):
        session.restore(snapshot, added)


def test_verify_and_solve_refuse_a_game_of_chance(make_window, qtbot, guard_errors):
    """A Rolling Pyramids file with a goal: Verify and Solve are off and say why (the
    prover would take a roll of the dice for a player's move); the menu's Verify and Solve
    say it too and start nothing; another game brings them back."""
    from pyramid_lab.model.rolling import RollingPyramids

    window = make_window()
    dock = window.parts.puzzle_dock
    path = ROOT / "examples" / "rolling" / "two-players-new.pyr.json"
    assert window.lab.documents.open(path)
    assert isinstance(window.session.game, RollingPyramids)
    window.session.set_puzzle({"goal": {"side": "red", "result": "win", "within": 3}})
    assert not dock.verify_button.isEnabled()
    assert not dock.solve_button.isEnabled()
    assert "game of chance" in dock.verify_button.toolTip()
    window.menus.actions["setup"].trigger()  # set-up mode brings no Puzzle dock for such a game
    assert not dock.isVisible()
    window.parts.setup_mode.leave()
    window.menus.actions["verify"].trigger()
    assert not window.parts.puzzle.verifier.thinking
    assert "game of chance" in dock.verdict_label.text()
    assert "cannot be verified or solved" in window.statusBar().currentMessage()
    window.menus.actions["solve"].trigger()
    assert not window.parts.puzzle.solver.active
    assert not dock.solve_button.isChecked()
    assert not window.menus.actions["solve"].isChecked()
    assert "game of chance" in window.statusBar().currentMessage()
    assert window.lab.documents.open(PUZZLES / WIN_IN_1)
    assert dock.verify_button.isEnabled()
    assert dock.solve_button.isEnabled()
    assert "game of chance" not in dock.verdict_label.text()
    assert "game of chance" not in dock.verify_button.toolTip()
    assert guard_errors == []


def test_the_analysis_dock_plays_no_move_while_solve_mode_waits(open_puzzle, qtbot, guard_errors):
    """A double-click on a move in the Analysis dock is a move like a click on the board:
    after a failed attempt in Solve mode it is refused with the same words (it was played
    over the escape)."""
    window, _ = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    session = window.session
    dock.solve_button.click()
    window.board.play(window.session.game.parse_move("2,1,0"))  # a win in 3 moves, not in 2
    kind, _ = solving(qtbot, window)
    assert kind == "failed"
    ply = session.ply
    window.lab.analysis.seed = 1
    window.parts.analysis.dock.seconds.setValue(0.3)
    window.parts.analysis.analyse()
    qtbot.waitUntil(lambda: window.lab.analysis.shown() is not None, timeout=WAIT_MS)
    assert window.parts.analysis.dock.table.rowCount() > 0
    window.parts.analysis.dock.table.cellDoubleClicked.emit(0, 0)
    assert session.ply == ply
    assert "Try again" in window.statusBar().currentMessage()
    assert not guard_errors


def test_the_dock_cuts_no_text_at_the_default_size(open_puzzle, qtbot, guard_errors):
    """At the default size the dock was narrower than its rows (a plain scroll area let it
    shrink; a scroll bar took more) and the title showed its end (issue 59, item 4): the
    dock is at least as wide as its rows with room for the scroll bar, and a long title
    shows its first words, whole in its tooltip."""
    window, _ = open_puzzle(WIN_IN_1)
    window.resize(1200, 800)  # the window's default size
    dock = window.parts.puzzle_dock
    title = puzzle_text(read(PUZZLES / WIN_IN_1).puzzle, "title")
    verified(qtbot, dock)
    qtbot.wait(50)
    area = dock.widget()
    body = area.widget()
    bar = area.verticalScrollBar().sizeHint().width()
    assert area.minimumSizeHint().width() >= body.minimumSizeHint().width() + bar
    assert body.width() >= body.minimumSizeHint().width()  # no row cut at the right
    assert dock.within_word.geometry().right() < body.width()
    assert dock.title.text() == title
    assert dock.title.cursorPosition() == 0  # its first words in sight
    assert dock.title.toolTip() == title
    assert not guard_errors


def test_a_german_window_shows_and_edits_the_puzzles_german_texts(open_puzzle, qtbot, monkeypatch):
    """Issue 108: the shipped puzzles' titles and notes were English in every window; a
    German window shows the German, and what is typed goes to the German, the rest kept."""
    from pyramid_lab import i18n

    monkeypatch.setattr(i18n, "current", lambda: "de")
    window, _path = open_puzzle(WIN_IN_2)
    dock = window.parts.puzzle_dock
    shipped = read(PUZZLES / WIN_IN_2).puzzle
    german = puzzle_text(shipped, "title", "de")
    assert german != puzzle_text(shipped, "title")
    assert dock.title.text() == german
    assert dock.notes.toPlainText() == puzzle_text(shipped, "notes", "de")
    dock.title.clear()
    qtbot.keyClicks(dock.title, "Versiegle sie")
    puzzle = window.session.puzzle
    assert puzzle_text(puzzle, "title", "de") == "Versiegle sie"
    assert puzzle_text(puzzle, "title") == puzzle_text(shipped, "title")  # English kept
    assert puzzle_text(puzzle, "title", "fr") == puzzle_text(shipped, "title", "fr")
