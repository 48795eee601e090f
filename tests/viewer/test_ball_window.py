"""Pyramid Ball in the window: the Program docks (hot-seat with the hand-over screen, and
against the computer), the joint move played when both programs are in, the Turn dock's
row-by-row replay (pass line, crossed squares, blocked pyramids, each row's explanation),
set-up, undo/redo, save and reopen."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest
import shared_window

from pyramid_lab.model.ball import PyramidBall, parse_program
from pyramid_lab.model.files import read
from pyramid_lab.model.game import JointMove
from pyramid_lab.viewer.lab.turn_builder import Declined
from tests.patience import WAIT_MS, WAIT_S

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (the legend's place, the framing) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


@pytest.fixture(scope="module")
def window_game():
    """The module's one window is built on Pyramid Ball (shared_window.py) and put back to a
    new one before each test, as ``pyramid-lab open`` builds one on a Pyramid Ball file: a
    window on a Partition switched to Pyramid Ball cost a second board (0.39 s of processor
    time against 0.25); test_dock_fit.py and test_app.py switch games in the window."""
    return PyramidBall.new


module_window = shared_window.module_window
fresh_window = shared_window.fresh_window


@pytest.fixture
def ball_window(fresh_window, monkeypatch):
    """The module's window on a new Pyramid Ball, the computer playing ``computer``'s
    colours."""
    from pyramid_lab.viewer.games.ball import replay

    monkeypatch.setattr(replay, "ROW_SECONDS", 0)  # no replay timer: tests step by hand

    def make(computer=None):
        window = fresh_window
        window.lab.engine.seed = 3
        window.lab.engine.choose_players(computer or {})
        window.session.replace_game(PyramidBall.new())  # what New game -> Pyramid Ball does
        assert window.board.ui.game_name == "ball"
        return window

    return make


EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
RED = "S,F,S/S,F,S/S,>L,S"  # the Medium carrier steps (blocked by blue's Medium), passes in row 3
BLUE = "L,S,S/S,S,S/S,S,S"


def program_both(window, qtbot):
    red, blue = window.board.ui.desk.program_docks
    assert red.editing
    assert not blue.editing
    editor = red.editor
    editor.set_entry(0, 1, "F")
    editor.set_entry(1, 1, "F")
    editor.pass_box.setCurrentIndex(editor.pass_box.findText("row 3: Medium passes to Large"))
    assert editor.text.text() == RED
    editor.submit.click()
    # the hand-over screen: red's program is hidden, blue must ask for its own editor
    assert not red.editing
    assert "hidden" in red.cover_text.text()
    assert not blue.editing
    assert blue.hand_over.isVisible()
    assert len(window.session.history()) == 0
    blue.hand_over.click()
    assert blue.editing
    blue.editor.text.setText(BLUE)
    blue.editor.text.returnPressed.emit()
    assert str(blue.editor.program()) == BLUE
    blue.editor.submit.click()


def test_hot_seat_turn_plays_the_joint_move(ball_window, qtbot, guard_errors):
    window = ball_window()
    program_both(window, qtbot)
    history = window.session.history()
    assert len(history) == 1
    expected = PyramidBall.new()
    expected.push(JointMove((parse_program(RED), parse_program(BLUE))))
    assert window.session.game.position_key() == expected.position_key()
    ui = window.board.ui
    # the rows, one at a time
    ui.replay.show_row(1)
    assert "OM blocked" in ui.replay.row_text()
    frame = window.board.frame()
    assert frame.highlights.get("blocked")
    assert any(label.text == "blocked" for label in frame.labels)
    lines = [ui.turn_dock.lines.item(i).text() for i in range(ui.turn_dock.lines.count())]
    assert any("blocked" in line and "Medium" in line for line in lines)
    ui.turn_dock.forward.click()
    ui.turn_dock.forward.click()
    assert ui.replay.row == 3
    assert "pass d4->b3 complete" in window.parts.status_prompt.text()
    frame = window.board.frame()
    assert [p.style for p in frame.paths] == ["pass-ok"]
    assert frame.regions
    assert frame.regions[0].style == "crossed"
    ui.turn_dock.first.click()
    assert ui.replay.row == 0
    ui.turn_dock.last.click()
    assert ui.replay.row is None
    assert not guard_errors


def test_finish_turn_hands_the_open_program_in(ball_window, qtbot, guard_errors):
    window = ball_window()
    window.board.finish()  # red's all-Stand program goes in
    assert 0 in window.board.turn.programs
    window.board.ui.desk.reveal(1)
    window.board.finish()
    assert len(window.session.history()) == 1
    assert not guard_errors


def test_against_the_computer(ball_window, qtbot, guard_errors):
    window = ball_window({"blue": "easy"})
    red, blue = window.board.ui.desk.program_docks
    assert red.editing
    assert not blue.editing
    assert "computer" in blue.cover_text.text()
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)
    red.editor.set_entry(0, 1, "F")
    red.editor.submit.click()
    qtbot.waitUntil(lambda: len(window.session.history()) == 1, timeout=WAIT_MS)
    move = window.session.history()[0]
    assert str(move.moves[0]) == "S,F,S/S,S,S/S,S,S"
    assert not guard_errors


def test_setup_undo_redo_save_and_reopen(ball_window, qtbot, tmp_path, guard_errors):
    from pyramid_lab.viewer.games.ball.sites import site_of

    window = ball_window()
    window.parts.setup_mode.enter()
    window.board.setup.click(site_of(1, 2, 3))  # red's Large off b3
    window.board.setup.click(site_of(2, 1, 3))  # ... onto c2
    assert window.parts.setup_mode.apply()
    assert ((2, 1, 3), "red") in window.session.game.pieces()
    program_both_simple(window)
    assert len(window.session.history()) == 1
    after = window.session.game.position_key()
    window.board.undo()
    assert len(window.session.game.move_stack) == 0
    window.board.redo()
    assert window.session.game.position_key() == after
    path = tmp_path / "ball.json"
    assert window.lab.documents.save_file(path)
    window.session.replace_game(PyramidBall.new())
    assert window.lab.documents.open(path)
    assert window.session.game.position_key() == after
    assert window.board.ui.replay.report is not None  # the last turn's rows can be stepped again
    assert not guard_errors


def advanced_turn(window, pieces, red_program):
    """An advanced game set up with ``pieces``, red to program: red types ``red_program``
    and hands it in, then blue hands in its program as it stands (hot seat)."""
    options = PyramidBall.parse_options({"mode": "advanced"})
    window.session.replace_game(PyramidBall.from_setup_state(options, "red", pieces, {}))
    red, blue = window.board.ui.desk.program_docks
    red.editor.text.setText(red_program)
    red.editor.text.returnPressed.emit()
    red.editor.submit.click()
    blue.hand_over.click()
    blue.editor.submit.click()


def program_both_simple(window):
    window.board.finish()
    window.board.ui.desk.reveal(1)
    window.board.finish()


def test_advanced_restart_a_loose_ball_in_the_window(ball_window, qtbot, guard_errors):
    """The advanced game's restart: red's Medium scores from d7, the ball lies loose on c8
    (the scorer's left), drawn as a marker on that empty square; no carrier, so no pass."""
    from pyramid_lab.viewer.games.ball.sites import site_at

    window = ball_window()
    pieces = [
        ((1, 2, 3), "red"),
        ((3, 6, 2), "red"),  # d7
        ((5, 2, 1), "red"),
        ((1, 5, 3), "blue"),
        ((3, 4, 2), "blue"),
        ((5, 5, 1), "blue"),
    ]
    advanced_turn(window, pieces, "S,F,S")
    game = window.session.game
    assert game.loose_ball == "c8"
    status = window.board.ui.status(game)
    assert "ball loose on c8" in status
    assert "goal-row rule" in status
    frame = window.board.frame()
    loose = site_at("c8", "M")
    assert [m.site for m in frame.markers] == [loose]
    assert loose not in frame.pieces
    window.board.ui.replay.show_row(1)
    frame = window.board.frame()
    assert loose in [m.site for m in frame.markers]
    assert any(label.text == "loose" for label in frame.labels)
    lines = [
        window.board.ui.turn_dock.lines.item(i).text()
        for i in range(window.board.ui.turn_dock.lines.count())
    ]
    assert "ball placed loose on c8" in lines
    window.board.ui.replay.show_row(None)
    # the next turn: red is still on offence, nobody carries the ball: no pass to choose
    red = window.board.ui.desk.program_docks[0]
    assert red.editor.pass_box.count() == 1
    assert "must leave" in red.editor.why_not()  # its Medium stands on d8
    red.editor.set_entry(0, 1, "B")
    assert red.editor.why_not() is None
    assert not guard_errors


def test_the_scored_on_player_takes_a_special_move_in_its_dock(ball_window, qtbot, guard_errors):
    """Advanced game, hot seat: blue tackles (the spec's S1); red, scored on, gets a choice
    page in its Program dock (blue's dock says red chooses); its button plays "red takes
    blitz", then both program again. Undo takes the choice back."""
    window = ball_window()
    window.session.replace_game(PyramidBall.new(PyramidBall.parse_options({"mode": "advanced"})))
    red, blue = window.board.ui.desk.program_docks
    red.editor.text.setText("S,F,S")
    red.editor.text.returnPressed.emit()
    red.editor.submit.click()
    blue.hand_over.click()
    blue.editor.set_entry(0, 1, "F")
    blue.editor.submit.click()
    game = window.session.game
    assert game.choosing == "red"
    assert red.choosing
    assert not blue.editing
    assert not blue.choosing
    assert "Red chooses a special move" in blue.cover_text.text()
    assert {n for n, b in red.choice_buttons.items() if b.isVisibleTo(red)} == {
        "dash",
        "quick_pass",
        "blitz",
    }
    assert "chooses a special move" in window.board.ui.status(game)
    refused = window.board.turn.click(0)  # the board takes no click
    assert isinstance(refused, Declined)
    assert "chooses a special move" in refused.reason
    assert window.board.ui.turn_dock.row_title.text().startswith("The position now")  # rows kept
    red.choice_buttons["blitz"].click()
    assert [str(m) for m in window.session.history()][-1] == "takes blitz"
    assert "red takes Blitz; both sides program" in window.statusBar().currentMessage()
    lines = [window.parts.moves_dock.tree.topLevelItem(i).text(0) for i in range(3)]
    assert lines[-1] == "2. red takes blitz"  # the Moves dock: the mover once
    assert window.session.game.specials("red") == ["blitz"]
    assert window.session.game.choosing is None
    assert red.editing  # red programs the next turn (hot seat: red first)
    assert red.editor.blitz.isVisibleTo(red)  # on defence now, with Blitz held
    window.board.undo()
    assert window.session.game.choosing == "red"
    assert red.choosing
    assert not guard_errors


def test_the_computer_chooses_its_special_move(ball_window, qtbot, guard_errors):
    """Red played by the computer: after blue's tackle the engine chooses red's special
    move (a turn node), and the humans' docks say so meanwhile."""
    window = ball_window()
    window.session.replace_game(PyramidBall.new(PyramidBall.parse_options({"mode": "advanced"})))
    window.session.play(window.session.game.parse_move("S,F,S | S,F,S"))
    assert window.session.game.choosing == "red"
    window.lab.engine.set_player("red", "medium")
    qtbot.waitUntil(lambda: window.session.game.choosing is None, timeout=WAIT_MS)
    assert window.session.history()[-1].colour == "red"
    assert len(window.session.game.specials("red")) == 1
    assert not guard_errors


def test_the_computer_programs_through_the_engine_control(ball_window, qtbot, guard_errors):
    """The computer's program is searched by the window's engine: the status bar's progress
    bar and Stop show while it thinks; Stop hands its editor to the humans for this turn,
    the joint move is played when both are in, and the next turn the computer is back."""
    window = ball_window({"blue": "medium"})
    engine = window.lab.engine
    assert engine.thinking_sides() == (1,)
    assert window.port.box.isVisibleTo(window)  # the progress bar and Stop
    assert "computer (blue) is thinking" in window.statusBar().currentMessage()
    red, blue = window.board.ui.desk.program_docks
    assert "The computer (medium) programs blue" in blue.cover_text.text()
    assert "red: program your pyramids" in window.parts.status_prompt.text()
    assert red.editing  # the human programs meanwhile
    assert engine.busy() == ""
    engine.stop()
    assert engine.seats.paused
    assert not window.port.box.isVisibleTo(window)
    assert 1 not in window.board.turn.programs
    # red programs first, then blue's editor is handed over to the humans
    red.editor.set_entry(0, 1, "F")
    red.editor.submit.click()
    assert blue.hand_over.isVisible()
    blue.hand_over.click()
    assert blue.editing
    blue.editor.set_entry(0, 0, "L")
    blue.editor.submit.click()
    history = window.session.history()
    assert len(history) == 1
    assert str(history[0].moves[1]) == "L,S,S/S,S,S/S,S,S"
    # the next turn: the computer programs blue again
    assert not engine.seats.paused
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)
    assert not blue.editing
    assert not guard_errors


def test_changing_the_players_keeps_the_programs_in(ball_window, qtbot, guard_errors):
    window = ball_window()
    red, blue = window.board.ui.desk.program_docks
    red.editor.set_entry(0, 1, "F")
    red.editor.submit.click()
    window.lab.engine.set_player("blue", "easy")  # the Game menu: the computer plays blue
    qtbot.waitUntil(lambda: len(window.session.history()) == 1, timeout=WAIT_MS)
    assert str(window.session.history()[0].moves[0]) == "S,F,S/S,S,S/S,S,S"
    window.lab.engine.set_player("blue", None)
    assert window.lab.engine.seats.computer == {}
    assert red.editing  # the next turn: both humans again, red first
    assert "Blue programs after red" in blue.cover_text.text()
    assert not guard_errors


def test_hint_draws_the_open_editors_program_and_use_hint_loads_it(
    ball_window, qtbot, guard_errors
):
    window = ball_window()
    red, _blue = window.board.ui.desk.program_docks
    assert not red.use_hint.isEnabled()
    window.lab.engine.hints.level = "easy"
    window.lab.engine.hints.ask()
    qtbot.waitUntil(lambda: window.lab.engine.hints.move() is not None, timeout=WAIT_MS)
    hint = window.lab.engine.hints.move()
    assert "hint for red" in window.statusBar().currentMessage()
    assert red.use_hint.isEnabled()
    frame = window.board.frame()
    styles = [p.style for p in frame.paths]
    if any(entry in "FBLR" for row in hint.rows for entry in row):
        assert "hint" in styles
    red.use_hint.click()
    assert red.editor.program() == hint
    # the hint belongs to red's editor: once red's program is in, blue sees none of it
    red.editor.submit.click()
    window.board.ui.desk.reveal(1)
    assert "hint" not in [p.style for p in window.board.frame().paths]
    assert not window.board.ui.desk.program_docks[1].use_hint.isEnabled()
    assert not guard_errors


def test_hint_while_the_computer_programs_comes_once_its_part_is_in(
    ball_window, qtbot, guard_errors
):
    # Hint was refused while the computer programmed its side (issue 46, item 7): it is
    # taken, and given for red's own side as soon as blue's part is in
    window = ball_window({"blue": "medium"})
    engine = window.lab.engine
    assert engine.thinking_sides() == (1,)
    engine.hints.level = "easy"
    engine.hints.ask()
    assert "hint for red: asked" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: engine.hints.move() is not None, timeout=WAIT_MS)
    assert 1 in window.board.turn.programs  # the computer's part came first
    assert "hint for red" in window.statusBar().currentMessage()
    red, _blue = window.board.ui.desk.program_docks
    assert red.use_hint.isEnabled()
    assert engine.hints.waiting is None
    assert not guard_errors


def test_the_replays_codes_are_spelled_out():
    from pyramid_lab.viewer.games.ball.docks import CODES_LEGEND, spelled

    assert spelled("OL c2->c3; DS blocked: a swap with OM") == (
        "offence's Large c2->c3; defence's Small blocked: a swap with offence's Medium"
    )
    assert spelled("nothing moves") == "nothing moves"
    assert "O offence, D defence; L Large, M Medium, S Small" in CODES_LEGEND
    # every mark of the move list's notation (issue 59, item 6: /, >L and | were unsaid)
    assert "rows split by /, each row's entries Large,Medium,Small" in CODES_LEGEND
    assert ">L, >M, >S: stand and pass the ball to that pyramid" in CODES_LEGEND
    assert "| parts red's program from blue's" in CODES_LEGEND
    assert "leading ! the Blitz" in CODES_LEGEND


def test_two_computers_play_a_basic_game_to_the_end(ball_window, qtbot, monkeypatch, guard_errors):
    """Computer against computer: each turn is programmed on the worker thread after the
    last one's rows were shown, until a side scores."""
    from pyramid_lab.viewer.games.ball import replay

    monkeypatch.setattr(replay, "ROW_SECONDS", 0.01)
    window = ball_window()
    window.lab.engine.pace = 0
    window.lab.engine.choose_players({"red": "easy", "blue": "easy"})
    window.lab.engine.consider()
    qtbot.waitUntil(lambda: window.session.game.is_over(), timeout=WAIT_MS)
    assert window.session.game.outcome() is not None
    assert not window.lab.engine.runner.thinking
    refused = window.board.ui.desk.hand_in(0)  # Program in: said, not silent
    assert isinstance(refused, Declined)
    assert refused.reason.startswith("the game is over")
    assert "New game starts another" in window.statusBar().currentMessage()
    assert not guard_errors


def test_a_typed_program_keeps_its_pass(ball_window, guard_errors):
    """The notation typed into the editor sets the pass selector too (a pass was lost)."""
    window = ball_window()
    editor = window.board.ui.desk.program_docks[0].editor
    editor.text.setText("B,L,R/L,L,S/F,>L,F")
    editor.text.returnPressed.emit()
    assert str(editor.program()) == "B,L,R/L,L,S/F,>L,F"
    assert editor.pass_box.currentText() == "row 3: Medium passes to Large"
    assert not guard_errors


def test_a_typed_program_the_buttons_cannot_show_keeps_the_players_program(
    ball_window, guard_errors
):
    """A typed program that is illegal here (a row-1 pass without Quick Pass) used to
    become all-Stand silently and wipe the buttons already set: now the reason shows, the
    buttons keep their program and the box keeps the text to correct."""
    window = ball_window()
    editor = window.board.ui.desk.program_docks[0].editor
    editor.set_entry(0, 0, "F")
    editor.set_entry(1, 2, "L")
    set_before = str(editor.program())
    assert set_before == "F,S,S/S,S,L/S,S,S"
    for typed, reason in (
        ("S,>L,S/S,S,S/S,S,S", "no pass in row 1 without the Quick Pass"),
        ("S,S,S/S,S,S/S,S,S/S,S,F", "Dash"),
        ("S,S,X", "not an entry"),
    ):
        editor.text.setText(typed)
        editor.text.returnPressed.emit()
        assert str(editor.program()) == set_before
        assert editor.text.text() == typed
        assert editor.problem.isVisibleTo(editor)
        assert reason in editor.problem.text()
        assert "The buttons keep your program" in editor.problem.text()
        # handing in refuses the typed text and says why; nothing goes in
        refused = window.board.ui.desk.hand_in(0, play=False)
        assert isinstance(refused, Declined)
        assert refused.reason.endswith(editor.apply_text())
        assert 0 not in window.board.turn.programs
    editor.text.setText("S,S,S/S,>L,S/S,S,S")  # corrected: it goes onto the buttons
    editor.text.returnPressed.emit()
    assert str(editor.program()) == "S,S,S/S,>L,S/S,S,S"
    assert not editor.problem.isVisibleTo(editor)
    assert not guard_errors


def test_a_row_slides_its_pyramids_into_place(ball_window, qtbot, guard_errors):
    """Stepping one row on slides that row's moved pyramids from their squares to the new
    ones (Frame.slides, t from 0 to 1); the grid board draws them on their way."""
    from pyramid_lab.viewer.games.ball.sites import site_at

    window = ball_window()
    program_both(window, qtbot)
    ui = window.board.ui
    ui.replay.show_row(0)
    assert window.board.frame().slides == ()
    # row 1: blue's Large steps left (L) from b6 ... and red's Medium is blocked
    ui.replay.step_row(1)
    frame = window.board.frame()
    assert frame.slides
    slide = frame.slides[0]
    assert slide.t < 1.0
    assert slide.site in frame.pieces
    board = window.stage.board
    moving = board._piece_centres([slide.site])[0]
    assert not np.allclose(moving, board.board.centres[slide.site])  # on its way
    assert {(s.site, s.origin) for s in frame.slides} == {
        (site_at(p.end, p.size), site_at(p.source, p.size))
        for p in ui.replay.row_report().pyramids
        if p.outcome in ("moved", "pushed") and p.source != p.end
    }
    qtbot.waitUntil(lambda: ui.replay.slide_t is None, timeout=WAIT_MS)
    assert window.board.frame().slides == ()
    assert np.allclose(board._piece_centres([slide.site])[0], board.board.centres[slide.site])
    assert not guard_errors


def test_the_view_dock_on_the_flat_board_offers_no_peel_or_clip(ball_window, guard_errors):
    from pyramid_lab.model.partition import Partition, PartitionOptions

    window = ball_window()
    dock = window.parts.view_dock
    assert dock.flat
    assert dock.isHidden()  # put away: it kept the column's width to say nothing
    assert dock.flat_note.isVisibleTo(dock)  # what View > View shows
    assert not dock.peel.isVisibleTo(dock)
    assert not dock.clip_on[0].isVisibleTo(dock)
    window.session.replace_game(Partition(PartitionOptions(4)))  # back to a ball pyramid
    assert not dock.isHidden()
    assert not dock.flat
    assert not dock.flat_note.isVisibleTo(dock)
    assert dock.peel.isVisibleTo(dock)
    assert dock.clip_on[2].isVisibleTo(dock)
    assert not guard_errors


def test_enter_in_the_notation_box_sets_the_typed_program(ball_window, qtbot, guard_errors):
    """The window's Return shortcut (Finish turn) does not take the key from the box."""
    from PySide6.QtCore import Qt

    window = ball_window()
    editor = window.board.ui.desk.program_docks[0].editor
    editor.text.setFocus()
    editor.text.setText("F,S,F/F,>L,F/S,S,S")
    qtbot.keyClick(editor.text, Qt.Key.Key_Return)
    assert str(editor.program()) == "F,S,F/F,>L,F/S,S,S"
    assert window.session.history() == []  # nothing handed in by the key
    # typed and not applied: handing in takes the text, not the buttons
    editor.text.setText("S,F,S")
    window.board.finish()
    assert str(window.board.turn.programs[0]) == "S,F,S/S,S,S/S,S,S"
    assert "not a turn" not in window.statusBar().currentMessage()
    assert not guard_errors


def test_undo_mid_turn_takes_back_the_turn_being_built(ball_window, qtbot, guard_errors):
    window = ball_window()
    program_both_simple(window)  # one turn played
    window.board.finish()  # red's next program is in
    assert window.board.turn.building
    window.board.undo()
    assert len(window.session.game.move_stack) == 1  # the last turn stays
    assert window.board.turn.programs == {}
    window.board.undo()
    assert window.session.game.move_stack == []
    assert not guard_errors


def test_undo_against_the_computer_keeps_it_playing(ball_window, qtbot, guard_errors):
    window = ball_window({"blue": "easy"})
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)
    window.board.finish()  # red's all-Stand program: the joint move is played
    qtbot.waitUntil(lambda: len(window.session.history()) == 1, timeout=WAIT_MS)
    window.board.undo()
    assert window.session.game.move_stack == []
    assert not window.lab.engine.seats.paused
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)  # it programs again
    assert window.board.ui.desk.program_docks[0].editing
    assert not guard_errors


def test_a_colour_turned_human_takes_back_the_computers_program(ball_window, qtbot, guard_errors):
    window = ball_window({"blue": "easy"})
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)
    window.lab.engine.set_player("blue", None)
    assert 1 not in window.board.turn.programs  # a human programs blue now
    red, blue = window.board.ui.desk.program_docks
    red.editor.submit.click()
    blue.hand_over.click()
    assert blue.editing
    assert not guard_errors


def test_setup_keeps_the_scores_and_special_moves(ball_window, qtbot, guard_errors):
    window = ball_window()
    assert window.lab.documents.open(EXAMPLES / "ball/advanced-specials.pyr.json")  # 3-2, specials
    before = window.session.game.file_state()
    window.parts.setup_mode.enter()
    site, colour = next(iter(window.board.setup.pieces.items()))
    window.board.setup.click(site)  # take one off ...
    window.board.setup.brush = colour
    window.board.setup.click(site)  # ... and put it back
    assert window.parts.setup_mode.apply()
    assert window.session.game.file_state()["scores"] == before["scores"]
    assert window.session.game.file_state()["specials"] == before["specials"]
    # a set-up error names the piece on the board, not the file's index
    window.parts.setup_mode.enter()
    window.board.setup.brush = "red"
    taken = {p // 3 for p in window.board.setup.pieces}
    empty = next(s for s in range(7 * 8 * 3) if s % 3 == 2 and s // 3 not in taken)
    window.board.setup.click(empty)  # a second red Small
    assert not window.parts.setup_mode.apply()
    assert "pieces[" not in window.parts.setup_dock.error.text()
    assert "red piece on" in window.parts.setup_dock.error.text()
    assert not guard_errors


def test_the_planned_pass_is_drawn(ball_window, guard_errors):
    window = ball_window()
    editor = window.board.ui.desk.program_docks[0].editor
    editor.pass_box.setCurrentIndex(editor.pass_box.findText("row 3: Medium passes to Large"))
    assert "planned-pass" in [p.style for p in window.board.frame().paths]
    assert not guard_errors


def test_setup_mode_covers_the_program_docks(ball_window, qtbot, guard_errors):
    window = ball_window({"blue": "easy"})
    red, blue = window.board.ui.desk.program_docks
    window.parts.setup_mode.enter()
    assert not red.editing
    assert "Set-up mode" in red.cover_text.text()
    assert "Set-up mode" in blue.cover_text.text()
    window.parts.setup_mode.leave()
    assert red.editing
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)  # the computer again
    assert not guard_errors


def test_a_played_turn_replays_row_by_row_then_shows_the_position(
    ball_window, qtbot, monkeypatch, guard_errors
):
    """After the joint move the rows replay by themselves (the next turn's editor resetting
    its buttons stopped the replay at once)."""
    from pyramid_lab.viewer.games.ball import replay

    monkeypatch.setattr(replay, "ROW_SECONDS", 0.15)
    window = ball_window()
    ui = window.board.ui
    seen = []
    original = ui.replay._replay_step

    def step():
        seen.append(ui.replay.row)
        original()

    monkeypatch.setattr(ui.replay, "_replay_step", step)
    program_both_simple(window)
    assert ui.replay.row == 0  # the replay starts before the turn
    qtbot.waitUntil(lambda: ui.replay.row is None, timeout=WAIT_MS)
    assert seen[:3] == [0, 1, 2]
    assert not guard_errors


def test_undo_against_the_computer_takes_back_the_last_turn(ball_window, qtbot, guard_errors):
    """The computer's hidden program alone is no turn being built: Undo takes back the
    last turn (it kept cancelling the computer's part, which came back at once)."""
    window = ball_window({"blue": "easy"})
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)
    window.board.finish()
    qtbot.waitUntil(lambda: len(window.session.game.move_stack) == 1, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)  # its next part
    assert not window.board.turn.building
    window.board.undo()
    assert window.session.game.move_stack == []
    window.board.finish()  # red's program in: a turn being built, Undo is on
    assert window.board.turn.building
    window.stage.redraw()
    assert window.menus.actions["undo"].isEnabled()
    assert not guard_errors


def test_labels_on_one_square_are_joined_and_neighbours_stagger():
    from pyramid_lab.viewer.boards.flat import one_label_a_cell
    from pyramid_lab.viewer.boards.grid import LABEL_STAGGER, GridView
    from pyramid_lab.viewer.games.ball.sites import BOARD, site_at
    from pyramid_lab.viewer.lab.frame import Frame, Label

    d4, d4_small, e4 = site_at("d4", "L"), site_at("d4", "S"), site_at("e4", "M")
    frame = Frame(labels=(Label(d4, "blocked"), Label(d4_small, "tackle"), Label(e4, "goal")))
    view = GridView.__new__(GridView)  # only the geometry is needed for the labels
    view.board = BOARD
    joined = one_label_a_cell(frame, view.cell_of, BOARD.count)
    assert sorted(label.text for label in joined.labels) == ["blocked, tackle", "goal"]
    assert abs(view._label_spot(d4)[2] - view._label_spot(e4)[2]) == pytest.approx(LABEL_STAGGER)


def test_the_status_follows_when_the_computers_program_is_in(ball_window, qtbot, guard_errors):
    """A trial: New game with blue the computer (easy): Blue's dock said its program was
    in while the status bar still said the computer was thinking."""
    window = ball_window({"blue": "easy"})
    assert "computer (blue) is thinking" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: 1 in window.board.turn.programs, timeout=WAIT_MS)
    _red, blue = window.board.ui.desk.program_docks
    assert "Blue's program is in" in blue.cover_text.text()
    said = window.statusBar().currentMessage()
    assert "thinking" not in said
    assert said == (
        "the computer's part of this turn for blue is in, hidden until the turn is played"
    )
    assert not guard_errors


def _score_in_the_advanced_game(window):
    """Red scores (S12's pass and step onto f8) in the advanced game: blue, scored on,
    is to choose a special move."""
    scoring = read(EXAMPLES / "ball/s12-pass-to-the-goal-row.pyr.json").game
    advanced_turn(window, list(scoring.pieces()), "S,S,S/S,>S,F/S,S,S")
    game = window.session.game
    assert game.choosing == "blue"
    assert game.last_turn().event == "goal"
    return game


def _computer_chooses_for_blue(window, qtbot, game):
    window.lab.engine.pace = 0
    window.lab.engine.choose_players({"blue": "easy"})
    window.lab.engine.consider()
    qtbot.waitUntil(lambda: len(game.move_stack) == 2, timeout=WAIT_MS)
    assert game.last_effect() is None  # the special move was chosen


def test_the_computers_special_move_keeps_the_row_shown(ball_window, qtbot, guard_errors):
    """After a point in the advanced game the computer, scored on, chooses its special
    move: a new position, which threw the row shown away, so |< seemed ignored on a
    scoring turn (issue 59, item 6). The rows are the same turn's: the row stays."""
    window = ball_window()
    game = _score_in_the_advanced_game(window)
    ui = window.board.ui
    ui.replay.show_row(2)
    ui.turn_dock.first.click()  # |<: before the turn
    assert ui.replay.row == 0
    _computer_chooses_for_blue(window, qtbot, game)
    assert ui.replay.row == 0  # still before the scoring turn
    assert ui.turn_dock.row_title.text().startswith("Before the last turn")
    assert "before the last turn" in window.board.ui.replay.row_text()
    assert not guard_errors


def test_the_computers_special_move_keeps_the_replay_going(
    ball_window, qtbot, monkeypatch, guard_errors
):
    """The computer's choice comes while the scoring turn replays itself: the replay goes
    on (it stopped, and the board jumped to the position now)."""
    from pyramid_lab.viewer.games.ball import replay

    monkeypatch.setattr(replay, "ROW_SECONDS", WAIT_S)  # the replay outlasts the choice
    window = ball_window()
    game = _score_in_the_advanced_game(window)
    ui = window.board.ui
    assert ui.replay.row == 0
    assert ui.replay.timer is not None
    assert ui.replay.timer.isActive()
    _computer_chooses_for_blue(window, qtbot, game)
    assert ui.replay.row == 0
    assert ui.replay.timer.isActive()
    assert not guard_errors


def test_the_legend_says_what_the_shaded_goal_rows_are(ball_window, guard_errors):
    """The goal rows are tinted in their side's colour, and the legend said nothing of
    them (issue 59, item 6): each is a line, in its tint, with who scores there."""
    from pyramid_lab.viewer.lab import palette

    window = ball_window()
    texts = window.scene.legend.texts()
    assert (
        "blue's goal row (row 8): red scores by carrying the ball onto it or passing it there"
        in texts
    )
    assert (
        "red's goal row (row 1): blue scores by carrying the ball onto it or passing it there"
        in texts
    )
    goal = {e.style: e for e in window.scene.legend.entries if e.kind == "decoration"}
    assert goal["goal-row-red"].colours[0] == palette.goal_row_rgb("red")
    assert goal["goal-row-blue"].colours[1] == palette.goal_row_rgb("blue", palette.SQUARE_DARK)
    program_both_simple(window)
    window.board.ui.replay.show_row(0)  # a replay's rows keep the lines
    assert window.board.ui.replay.row == 0
    assert len([t for t in window.scene.legend.texts() if "goal row" in t]) == 2
    assert not guard_errors


def test_the_hint_is_said_whole_in_its_editor(ball_window, qtbot, guard_errors):
    """The status bar cut the hint's sentence (issue 59, item 6): the hinted editor says
    it whole, wrapped, until the hint is loaded."""
    window = ball_window()
    window.resize(900, 700)
    red, blue = window.board.ui.desk.program_docks
    assert not red.editor.hint_words.isVisibleTo(red)
    window.lab.engine.hints.ask()
    qtbot.waitUntil(lambda: window.lab.engine.hints.move() is not None, timeout=WAIT_MS)
    said = window.statusBar().currentMessage()
    assert said.startswith("hint for red: ")
    words = red.editor.hint_words
    assert words.text() == said
    assert words.isVisibleTo(red)
    assert words.wordWrap()
    assert not blue.editor.hint_words.isVisibleTo(blue)
    red.use_hint.click()  # loaded: the editor shows the program itself
    assert not words.isVisibleTo(red)
    assert not guard_errors


def test_row_0_names_the_key_with_its_word(ball_window, qtbot):
    """Row 0's prompt read "before the last turn (3 rows): ] steps forward": the key
    alone, without a word of what it is."""
    window = ball_window()
    program_both(window, qtbot)
    ui = window.board.ui
    ui.replay.show_row(0)
    assert ui.replay.row_text() == (
        "before the last turn (3 rows): the ] key or Row > shows the next row"
    )
    said = window.statusBar().currentMessage()
    assert said.endswith("(the Turn dock replays the rows: the [ and ] keys step back and forth)")


@pytest.mark.parametrize("size", [(1200, 800), (1280, 800)])
def test_the_legend_covers_no_square(ball_window, qtbot, size, guard_errors):
    """The legend stood in the top left corner over a7 and a8 (the end of blue's goal
    row): it takes the first corner clear of the board."""
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QApplication

    window = ball_window()
    window.resize(*size)
    QApplication.sendPostedEvents()
    qtbot.wait(50)
    window.stage.redraw()
    legend = window.scene.legend

    def covered() -> list[int]:
        window.scene.render_now()
        box = legend.geometry()
        geometry = window.scene.board.geometry
        renderer = window.plotter.renderer
        ratio = window.plotter.devicePixelRatioF() or 1.0
        found = []
        for site, (x, y, _z) in enumerate(geometry.centres):
            for dx in (-0.45, 0.0, 0.45):  # the square's centre, corners and sides
                for dy in (-0.45, 0.0, 0.45):
                    renderer.SetWorldPoint(float(x + dx), float(y + dy), 0.0, 1.0)
                    renderer.WorldToDisplay()
                    px, py, _ = renderer.GetDisplayPoint()
                    point = QPointF(px / ratio, window.plotter.height() - py / ratio)
                    if box.contains(point.toPoint()):
                        found.append(site)
        return found

    assert legend.isVisible()
    assert legend.texts()  # the goal rows and the ball
    qtbot.waitUntil(lambda: not covered(), timeout=WAIT_MS)  # (framed again a step or two back)
    assert covered() == []
    assert legend.isVisible()
    assert guard_errors == []


def test_the_turn_dock_shows_the_rows_account_after_a_turn(ball_window, qtbot, guard_errors):
    """At the end of a turn (1200 x 800) the rows' account stood below the codes'
    paragraph, scrolled out of the dock's view: it comes first, in view, the codes under."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication

    window = ball_window()
    window.resize(1200, 800)
    QApplication.sendPostedEvents()
    program_both(window, qtbot)
    QApplication.sendPostedEvents()
    qtbot.wait(50)
    dock = window.board.ui.turn_dock
    assert dock.lines.count() > 0
    assert dock.lines.y() < dock.codes.y()  # the account first, the codes under it
    area = dock.widget()
    top = dock.lines.mapTo(area.viewport(), QPoint(0, 0)).y()
    assert top >= 0
    assert top + 2 * dock.lines.fontMetrics().lineSpacing() <= area.viewport().height()
    assert guard_errors == []


def test_a_planned_track_s_legend_line_leaves_the_camera_still(ball_window, qtbot, guard_errors):
    """A planned pass adds a legend line while red programs: the camera stepped back and
    the board shrank and moved each time; where the line has room it stays still."""
    from PySide6.QtWidgets import QApplication

    window = ball_window()
    assert window.lab.documents.open(EXAMPLES / "ball/advanced-specials.pyr.json")
    window.resize(1200, 800)
    QApplication.sendPostedEvents()
    qtbot.wait(50)
    window.stage.redraw()
    window.scene.render_now()
    scene = window.scene
    before = scene.framing.state()
    lines = len(scene.legend.texts())
    editor = window.board.ui.desk.program_docks[0].editor
    editor.set_entry(0, 1, "F")
    editor.pass_box.setCurrentIndex(editor.pass_box.findText("row 3: Medium passes to Large"))
    window.stage.redraw()
    window.scene.render_now()
    assert len(scene.legend.texts()) > lines  # the planned pass's line
    assert scene.framing.state() == before
    assert scene.framing.preset() == "iso"  # still the preset's framing (a resize frames again)
    assert guard_errors == []
