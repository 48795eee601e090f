"""Practice mode: a collection played puzzle by puzzle (the Practice dock and the Puzzles
menu): the key move solves and ticks the puzzle (kept in a file: a new run sees the tick),
a wrong move is refuted on the board and said in the rules' terms, hints go from the idea
(the corner at stake) to the move."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pyramid_lab.model.collection import INDEX, INDEX_FORMAT, Progress, position_key
from pyramid_lab.model.files import read, write
from pyramid_lab.viewer.widgets.practice_dock import TICK
from tests.patience import WAIT_MS

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "model" / "data" / "puzzles" / "partition"
WIN_IN_1 = "floating-3-win-in-1-a.pyr.json"  # red: 0,0,0, within 1 ply
WIN_IN_2 = "floating-3-win-in-2-a.pyr.json"  # red: 2,2,0 0,0,0 0,0,1, within 3 plies


@pytest.fixture
def practising(make_window, tmp_path):
    """A window practising a collection of two puzzles (win in 1 first), in tmp_path."""
    folder = tmp_path / "mine"
    folder.mkdir()
    for name in (WIN_IN_1, WIN_IN_2):
        shutil.copy(PUZZLES / name, folder / name)
    index = {
        "format": INDEX_FORMAT,
        "puzzles": [{"file": WIN_IN_1, "difficulty": 16}, {"file": WIN_IN_2, "difficulty": 64}],
    }
    (folder / INDEX).write_text(json.dumps(index))
    window = make_window()
    assert window.parts.commands.practice is None  # made when first used
    assert window.menus.puzzles.practising().open_collection(folder)
    assert (
        window.board.modes.mode("practice").practice is window.parts.commands.practice.state
    )  # the lab's
    return window, folder


def settled(qtbot, window):
    solver = window.parts.commands.practice.state.solver
    qtbot.waitUntil(lambda: not solver.runner.thinking, timeout=WAIT_MS)
    return solver.status


def play(window, text):
    window.board.play(window.session.game.parse_move(text))


def test_the_key_move_solves_and_ticks_the_puzzle_for_the_next_run(
    practising, qtbot, tmp_path, guard_errors
):
    window, folder = practising
    dock = window.parts.commands.practice.dock
    practice = window.parts.commands.practice
    assert dock.isVisible()
    assert practice.state.current == 0  # the first unsolved puzzle opened and Solve mode is on
    assert practice.state.solver.active
    assert window.session.path == folder / WIN_IN_1
    assert not window.parts.puzzle_dock.isVisible()  # it would show the solution
    assert dock.list.count() == 2
    assert not dock.list.item(0).text().startswith(TICK)
    play(window, "0,0,0")
    kind, text = settled(qtbot, window)
    assert kind == "solved", text
    assert dock.list.item(0).text().startswith(TICK)
    assert "1 of 2 solved" in dock.heading.text()
    assert "ticked" in dock.status.text()
    saved = json.loads((tmp_path / "config" / "puzzles-solved.json").read_text())
    key = position_key(read(folder / WIN_IN_1).game)
    assert saved["solved"] == {key: WIN_IN_1}
    assert Progress().is_solved(key)  # what the next run reads
    # Next unsolved: the win in 2; the win in 1 is not offered again
    assert practice.state.next_unsolved()
    assert practice.state.current == 1
    assert window.session.path == folder / WIN_IN_2
    assert guard_errors == []


def test_a_wrong_move_is_refuted_on_the_board_and_try_again_goes_back(
    practising, qtbot, guard_errors
):
    window, _ = practising
    practice = window.parts.commands.practice
    assert practice.state.play(1)  # red wins in 2 only with 2,2,0
    solver = practice.state.solver
    anchor = window.session.node
    wrong = next(str(m) for m in window.session.game.legal_moves() if str(m) != "2,2,0")
    play(window, wrong)
    kind, text = settled(qtbot, window)
    assert kind == "failed", text
    assert solver.refuted is not None
    played_wrong, answer = solver.refuted
    assert str(played_wrong) == wrong
    assert answer is not None
    assert window.session.game.move_stack[-1] == answer  # the computer's answer is on the board
    assert str(answer) in text
    labels = [label.text for label in window.board.frame().labels]
    assert f"refutes {wrong}" in labels
    assert not Progress().solved  # a failed attempt ticks nothing
    practice.state.retry()
    assert window.session.node is anchor
    assert solver.status[0] == "info"
    assert guard_errors == []


def corner_sites(window, names):
    game = window.session.game
    ids = {c.value: pid for c, pid in game.lattice.corner_ids.items()}
    return {window.board.ui.site_of(tuple(game.lattice.point(ids[n]))) for n in names}


def test_hints_show_the_idea_then_the_move(practising, qtbot, guard_errors):
    window, _ = practising
    practice = window.parts.commands.practice
    assert practice.state.play(1)
    key_site = window.board.ui.move_sites(
        window.session.game, window.session.game.parse_move("2,2,0")
    )[0]
    frame = window.board.frame()
    assert not frame.regions
    assert key_site not in frame.ghosts
    held = set(window.session.game.held_corners("red"))
    end = window.session.game.copy()
    for text in ("2,2,0", "0,0,0", "0,0,1"):  # the written main line
        end.push_text(text)
    gained = sorted(set(end.held_corners("red")) - held)
    assert gained
    practice.state.hint()  # 1: the idea, the corner at stake, not sites near the answer
    frame = window.board.frame()
    (region,) = [r for r in frame.regions if r.style == "hint"]
    assert set(region.sites) == corner_sites(window, gained)
    assert {f"{name} at stake" for name in gained} <= {label.text for label in frame.labels}
    status = window.parts.commands.practice.dock.status.text()
    assert "at stake: " in status, status
    assert all(name in status.split("at stake: ")[1] for name in gained)
    assert key_site not in frame.ghosts
    practice.state.hint()  # 2: the move itself
    frame = window.board.frame()
    assert frame.ghosts.get(key_site) == "red"
    assert "hint" in [label.text for label in frame.labels]
    assert "Hint 2 of 2: play 2,2,0" in window.parts.commands.practice.dock.status.text()
    play(window, "2,2,0")  # the hint is for the position it was asked at
    assert window.board.frame().ghosts.get(key_site) is None
    settled(qtbot, window)
    assert guard_errors == []


def test_the_puzzles_menu_lists_the_shipped_collections(make_window, guard_errors):
    window = make_window()
    texts = [a.text() for a in window.menus.puzzles.menu.actions()]
    assert "&Open collection..." in texts
    assert "&Next unsolved" in texts
    shipped = sorted(p.name for p in (ROOT / "model" / "data" / "puzzles").iterdir() if p.is_dir())
    assert sum(t.endswith(" puzzles") and t != "&My puzzles" for t in texts) == len(shipped)
    assert "&My puzzles" in texts  # the user's made ones (issue 46, item 2)
    window.menus.puzzles.fill_my_puzzles()
    said = "(none yet: Review's Make a puzzle of this and Compose... put them here)"
    assert [a.text() for a in window.menus.puzzles.my_puzzles.actions()] == [said]
    window.menus.puzzles.next_puzzle.trigger()  # no collection yet: said, nothing breaks
    assert window.parts.commands.practice.state.collection is None
    views = [a.text() for a in window.menus.view_menu.actions()]
    assert "Practice" in views  # the dock made by the menu has its View entry
    assert guard_errors == []


def test_without_a_written_solution_the_hint_comes_from_the_prover(
    make_window, qtbot, tmp_path, guard_errors
):
    folder = tmp_path / "bare"
    folder.mkdir()
    doc = read(PUZZLES / WIN_IN_2)
    puzzle = {k: v for k, v in doc.puzzle.items() if k != "solution"}
    write(folder / WIN_IN_2, doc.game, puzzle)
    window = make_window()
    practice = window.menus.puzzles.practising()
    assert window.menus.puzzles.practising().open_collection(folder)
    practice.state.hint()
    assert practice.state.runner.thinking  # the window goes on while the prover looks
    qtbot.waitUntil(lambda: practice.state.hint_move is not None, timeout=WAIT_MS)
    assert str(practice.state.hint_move[1]) == "2,2,0"  # the only win in 2
    assert practice.state.hint_idea is not None  # the prover's line gives the idea
    assert "at stake" in practice.state.hint_idea.text
    (region,) = [r for r in window.board.frame().regions if r.style == "hint"]
    game = window.session.game
    corners = practice.state.hint_idea.corners
    assert corners
    assert region.sites == tuple(window.board.ui.corner_site(game, c) for c in corners)
    assert guard_errors == []


def test_a_wrong_move_in_a_win_in_1_says_what_it_did_and_what_the_win_needed(
    practising, qtbot, guard_errors
):
    window, _ = practising
    practice = window.parts.commands.practice
    assert practice.state.play(0)  # red wins at once only with 0,0,0
    game = window.session.game
    held = ", ".join(game.held_corners("red"))
    won = game.copy()
    won.push_text("0,0,0")
    wrong = next(
        str(m)
        for m in game.legal_moves()
        if str(m) != "0,0,0" and game.copy().push_text(str(m)) is not None
    )
    after = game.copy()
    after.push_text(wrong)
    play(window, wrong)
    kind, text = settled(qtbot, window)
    assert kind == "failed", text
    status = window.parts.commands.practice.dock.status.text()
    words = ", ".join(after.held_corners("red")) or held
    assert f"{wrong} does not win at once: red" in status, status
    assert words in status
    assert f"the win at once takes {len(won.held_corners('red'))} corners" in status
    assert guard_errors == []


def test_a_pyraos_placement_hint_names_the_idea_in_the_rules_words(make_window, guard_errors):
    window = make_window()
    practice = window.menus.puzzles.practising()
    assert practice.open_collection(ROOT / "model" / "data" / "puzzles" / "pyraos")
    practice.state.hint()
    idea = practice.state.hint_idea
    move = practice.state.hint_move[1]
    if window.board.ui.move_from(window.session.game, move):
        assert idea is None  # a lift: the piece is shown
    else:
        assert idea is not None
        assert idea.text.startswith("the idea: ")
        assert idea.text in window.parts.commands.practice.dock.status.text()
    assert not [r for r in window.board.frame().regions if r.style == "hint" and len(r.sites) > 1]
    assert guard_errors == []


def test_next_unsolved_goes_back_to_a_skipped_puzzle(practising, qtbot, guard_errors):
    window, folder = practising
    practice = window.parts.commands.practice
    assert practice.state.current == 0  # the win in 1, skipped
    assert practice.state.play(1)
    assert practice.state.next_unsolved()  # not past the end: back to the first unsolved one
    assert practice.state.current == 0
    assert window.session.path == folder / WIN_IN_1
    assert (
        "easiest puzzle not solved yet" in window.parts.commands.practice.dock.next_button.toolTip()
    )
    assert guard_errors == []
