"""Allmer's terraced Pyramid in the viewer: clicks on fields, destinations by kind, what a
move removed, the end of the game, set-up mode, peeling and clipping."""

from __future__ import annotations

import numpy as np
import pytest
import shared_window
from window_helpers import click, under_mouse

from pyramid_lab.model.setup import started_from_setup
from pyramid_lab.model.terrace import VICTORY_FIELDS, Kind, Terrace, fid
from pyramid_lab.viewer.boards.ball_pyramid import BallPyramidView
from pyramid_lab.viewer.boards.stepped import SteppedView
from pyramid_lab.viewer.games.terrace import BOARD, TerraceTurn, TerraceUI
from pyramid_lab.viewer.lab.palette import INLAY_RGB, INLAY_WON_RGB, MARKER_RGB, POINTER_RGB
from pyramid_lab.viewer.lab.turn_builder import STEPPED, Declined, TurnAnswer
from tests.conftest import terrace_position
from tests.patience import WAIT_MS

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

A7, B7, A5 = fid(6, 0), fid(6, 1), fid(4, 0)


def said(answer: TurnAnswer) -> str:
    """The reason of a refused click (the test fails on any other answer)."""
    assert isinstance(answer, Declined), answer
    return answer.reason


def position(diagram, to_move="white", **options):
    return terrace_position(diagram, to_move, **options)


# White on b1 can push the black stone on the corner a1 off the board. Black keeps four
# stones, so the game goes on.
FALL = """
BW..BBB
.......
.......
......B
.......
.......
WWW....
"""

# White runs c2-c1: W B W B on row 1 sandwiches the black stone on b1 and White's runner
# on c1 at once (the spec's double Osiris).
DOUBLE_OSIRIS = """
WB.B...
..W....
.......
.......
.....B.
.B...BB
.WW.WW.
"""

# White holds three victory fields and jumps from c2 (level 1) onto the fourth, c3.
VICTORY = """
.......
..W....
....W..
B......
..W.W..
B......
B.B....
"""


@pytest.fixture(scope="module")
def window_game():
    """The module's one window (shared_window.py) is built on a new Terrace game and put
    back to one before each test."""
    return Terrace.new


module_window = shared_window.module_window
fresh_window = shared_window.fresh_window


@pytest.fixture
def terrace_window(fresh_window):
    """The module's window on a new Terrace game, or on ``game`` (as a window built on it:
    no file, nothing to save)."""

    def make(game=None):
        window = fresh_window
        if game is not None:
            window.session.replace_game(game)
        window.scene.set_camera("top")  # every field seen from above: each takes a click
        return window

    return make


def fields_under_mouse(window, fields):
    for f in fields:
        assert under_mouse(window, f) == f, f"field {f} is not where the board draws it"


# ---- Qt-free input ------------------------------------------------------------------------


def test_input_lists_destinations_by_kind_and_push_landings():
    game = position(FALL)
    inp = TerraceTurn(game)
    ui = TerraceUI()
    assert fid(0, 1) in inp.highlighted()  # b1 can move: outlined before any selection
    assert inp.click(fid(0, 1)) == STEPPED
    assert inp.selected == fid(0, 1)
    kinds = inp.destinations()
    assert kinds[fid(0, 0)] is Kind.PUSH
    assert kinds[fid(1, 1)] is Kind.JUMP  # b2 is a level up
    assert kinds[fid(0, 3)] is Kind.RUN
    assert inp.push_landings()[fid(0, 0)] == (-1, 2)  # off the board, towards column a
    assert "falls" not in ui.describe(game, inp, fid(1, 1), inp.pieces())
    assert "fell off" in ui.describe(game, inp, fid(0, 0), inp.pieces())


def test_input_explains_clicks_that_do_nothing():
    game = Terrace.new()
    inp = TerraceTurn(game)
    assert "black's; white is to move" in said(inp.click(fid(0, 0)))
    assert "is empty: first click one of white's stones" in said(inp.click(fid(3, 3)))
    assert inp.click(A7) == STEPPED
    assert "straight lines" in said(inp.click(fid(5, 1)))  # diagonal from a7
    assert inp.selected == A7  # an illegal destination keeps the selection
    assert inp.click(A7) == STEPPED
    assert inp.selected is None
    assert len(game.move_stack) == 0


# ---- the window ---------------------------------------------------------------------------


def test_opening_move_by_clicks(terrace_window, qtbot):
    window = terrace_window()
    fields_under_mouse(window, [A7, A5])
    click(qtbot, window, A7)
    assert window.board.turn.selected == A7
    assert "a7 selected" in window.parts.status_prompt.text()
    assert window.board.turn.destinations()[A5] is Kind.RUN
    assert window.stage.board.actors["markers"].GetVisibility()
    click(qtbot, window, A5)
    game = window.session.game
    assert str(game.move_stack[-1]) == "a7-a5"
    assert game.colour_at(4, 0) == "white"
    assert game.colour_at(6, 0) is None
    assert "white played a7-a5" in window.statusBar().currentMessage()
    assert window.parts.status_game.text() == "black to move"
    assert window.parts.moves_dock.rows() == 2
    window.menus.actions["undo"].trigger()
    assert window.session.game.colour_at(6, 0) == "white"


def test_a_destination_seen_beside_a_stone_takes_the_click_not_the_stone(make_window, qtbot):
    """User trial: black a1-a2, a2 selected in the default view: a1's green dot shows
    beside a2's stone, yet a click on it picked a2 (its field's whole column) and let a2
    go. What is drawn under the pixel takes the click."""
    window = make_window(Terrace.new())
    window.resize(1200, 800)  # (the trial's window, its default view)
    window.stage.render_now()
    a1, a2 = fid(0, 0), fid(1, 0)
    for text in ("c7^c6", "a1-a2", "d7^d6"):
        window.session.play(window.session.game.parse_move(text))
    click(qtbot, window, a2)
    assert window.board.turn.selected == a2
    assert window.board.turn.destinations()[a1] is Kind.RUN
    assert under_mouse(window, a1) == a1  # the dot, where it is drawn
    click(qtbot, window, a1)
    assert str(window.session.game.move_stack[-1]) == "a2-a1"
    assert window.session.game.colour_at(0, 0) == "black"


def test_illegal_click_explains_and_changes_nothing(terrace_window, qtbot):
    window = terrace_window()
    before = window.session.game.position_key()
    click(qtbot, window, fid(0, 3))  # a black stone
    assert "black's; white is to move" in window.statusBar().currentMessage()
    click(qtbot, window, A7)
    click(qtbot, window, fid(4, 2))  # not in line with a7
    assert "cannot reach" in window.statusBar().currentMessage() or "straight" in (
        window.statusBar().currentMessage()
    )
    assert window.session.game.position_key() == before
    assert window.board.turn.selected == A7


def test_push_makes_a_stone_fall_and_it_fades_out(terrace_window, qtbot):
    window = terrace_window(position(FALL))
    b1, a1 = fid(0, 1), fid(0, 0)
    fields_under_mouse(window, [b1, a1])
    click(qtbot, window, b1)
    assert window.board.turn.destinations()[a1] is Kind.PUSH
    # the push marker is the push colour; the fall cone is drawn too
    rgb = {tuple(c) for c in window.stage.board._meshes["markers"].cell_data["rgb"]}
    assert MARKER_RGB["push"] in rgb
    assert POINTER_RGB["fall"] in rgb
    click(qtbot, window, a1)
    game = window.session.game
    assert str(game.move_stack[-1]) == "b1>a1"
    assert game.last_effect().fallen == ((a1, "black"),)
    assert game.colour_at(0, 0) == "white"
    assert game.stone_count("black") == 4
    assert "fell off black from a1" in window.statusBar().currentMessage()
    assert window.stage.board.fading
    assert window.stage.board.actors["fade"].GetVisibility()
    qtbot.waitUntil(lambda: not window.stage.board.fading, timeout=WAIT_MS)
    assert not window.stage.board.actors["fade"].GetVisibility()


def test_double_osiris_shown_and_undone(terrace_window, qtbot):
    window = terrace_window(position(DOUBLE_OSIRIS))
    c2, c1 = fid(1, 2), fid(0, 2)
    click(qtbot, window, c2)
    click(qtbot, window, c1)
    game = window.session.game
    assert game.last_effect().double_osiris
    assert "double Osiris: 2 stones removed" in window.statusBar().currentMessage()
    assert game.colour_at(0, 1) is None
    assert game.colour_at(0, 2) is None
    assert window.stage.board.fading
    window.menus.actions["undo"].trigger()  # undo stops the animation and brings both stones back
    assert not window.stage.board.fading
    game = window.session.game
    assert game.colour_at(0, 1) == "black"
    assert game.colour_at(1, 2) == "white"
    assert window.board.turn.pieces()[fid(0, 1)] == "black"


def test_win_on_the_victory_fields_is_shown(terrace_window, qtbot):
    window = terrace_window(position(VICTORY))
    c2, c3 = fid(1, 2), fid(2, 2)
    click(qtbot, window, c2)
    assert window.board.turn.destinations()[c3] is Kind.JUMP
    click(qtbot, window, c3)
    assert window.parts.status_game.text() == "white holds the four victory fields"
    assert window.board.turn.winning_fields() == VICTORY_FIELDS
    inlays = window.stage.board._meshes["inlays"].cell_data["rgb"]
    assert {tuple(c) for c in inlays} == {INLAY_WON_RGB}
    click(qtbot, window, fid(6, 0))
    assert "the game is over" in window.statusBar().currentMessage()
    window.menus.actions["undo"].trigger()
    assert {tuple(c) for c in window.stage.board._meshes["inlays"].cell_data["rgb"]} == {INLAY_RGB}


def test_setup_mode_validates_stones(terrace_window, qtbot):
    window = terrace_window()
    window.menus.actions["setup"].trigger()
    assert window.board.setup is not None
    dock = window.parts.setup_dock
    brushes = [b.text() for b in dock.brush_buttons if not b.isHidden()]
    assert brushes == ["white", "black", "erase"]  # the spare brush buttons are hidden
    click(qtbot, window, fid(3, 3))  # an eighth white stone, on the apex
    assert window.board.setup.pieces[fid(3, 3)] == "white"
    window.parts.setup_mode.apply()
    assert "white has 8 stones" in dock.error.text()
    assert window.board.setup is not None  # still in set-up mode, nothing lost
    dock.brush_buttons[2].setChecked(True)  # erase
    for f in (fid(6, 1), fid(0, 0)):  # white b7 and black a1
        click(qtbot, window, f)
    dock.brush_buttons[1].setChecked(True)  # black on b7: sandwiched between a7 and c7
    click(qtbot, window, fid(6, 1))
    window.parts.setup_mode.apply()
    assert "Osiris" in dock.error.text()
    assert "b7" in dock.error.text()
    assert 'tick "Study" above' in dock.error.text()  # the box is there: not the file's key
    assert '"study": true' not in dock.error.text()
    click(qtbot, window, fid(6, 1))  # same brush on the same colour erases it
    assert window.parts.setup_mode.apply()
    game = window.session.game
    assert game.colour_at(3, 3) == "white"
    assert game.colour_at(6, 1) is None
    assert started_from_setup(game)
    window.menus.actions["undo"].trigger()  # the set-up can be undone
    assert window.session.game.colour_at(3, 3) is None


def test_peel_and_levels_hide_upper_tiers(terrace_window):
    window = terrace_window()
    view = window.view
    assert window.parts.view_dock.peel.maximum() == 3
    assert window.parts.view_dock.level_hi.maximum() == 3
    view.set_peel(1)
    assert not window.stage.board.shown[fid(3, 3)]
    assert window.stage.board.shown.sum() == 48
    view.set_peel(0)
    view.set_levels(0, 1)
    assert window.stage.board.shown.sum() == 40
    assert window.stage.board.pick(*window.stage.board.display_position(fid(3, 3))) != fid(3, 3)
    view.set_ghost_peeled(True)
    assert window.stage.board.actors["ghosts"].GetVisibility()
    view.set_levels(0, 3)
    view.set_clip(0, enabled=True, value=2.0, keep_below=True)  # columns a to c
    assert window.stage.board.shown.sum() == 21
    assert not window.parts.view_dock.cut_open.isEnabled()


def test_terrace_and_ball_boards_switch_in_one_window(make_window):
    window = make_window()  # a Partition
    window.session.replace_game(Terrace.new())
    assert isinstance(window.stage.board, SteppedView)
    assert window.stage.board.shown.sum() == 49
    assert window.parts.view_dock.cut_open.isEnabled() is False
    from pyramid_lab.model.partition import Partition, PartitionOptions

    window.session.replace_game(Partition(PartitionOptions(3)))
    assert isinstance(window.stage.board, BallPyramidView)
    assert window.parts.view_dock.cut_open.isEnabled()
    assert window.stage.board.shown.sum() == 14


def test_board_geometry_is_a_stepped_pyramid():
    centres = BOARD.centres
    assert centres[fid(3, 3), 2] > centres[fid(2, 2), 2] > centres[fid(1, 1), 2]
    assert centres[fid(0, 0), 2] == centres[fid(0, 6), 2]
    assert np.allclose(centres[fid(6, 0), :2], (0, 0))  # a7 nearest the camera, on the left
    ui = TerraceUI()
    assert ui.site_name(fid(2, 2)) == "c3"
    assert ui.coords_of(fid(2, 2)) == (2, 2)


def test_draw_by_repetition_is_shown(terrace_window, qtbot):
    import pathlib

    from pyramid_lab.model.files import read

    path = pathlib.Path(__file__).resolve().parents[2] / "examples/terrace/repetition.pyr.json"
    window = terrace_window(read(path).game)
    a2, a1 = fid(1, 0), fid(0, 0)
    fields_under_mouse(window, [a2, a1])
    click(qtbot, window, a2)
    click(qtbot, window, a1)
    assert window.parts.status_game.text() == "the same position came a third time: a draw"
    assert window.board.turn.winning_fields() == ()
    assert window.board.turn.highlighted() == ()  # nothing to move, nothing won
    click(qtbot, window, fid(6, 0))
    assert "the game is over" in window.statusBar().currentMessage()


def test_a_hovered_stone_keeps_its_colour_and_wears_a_ring(terrace_window):
    from pyramid_lab.viewer.lab.palette import HOVER_RGB, PIECE_RGB

    window = terrace_window()
    board = window.stage.board
    window.view.set_hover(A7)  # White's stone on a7
    stones = board._meshes["stones"].cell_data["rgb"]
    assert not (stones == HOVER_RGB).all(axis=1).any()  # no stone painted yellow
    assert (stones == PIECE_RGB["white"]).all(axis=1).any()
    markers = board._meshes["markers"]
    ring = (markers.cell_data["rgb"] == HOVER_RGB).all(axis=1)
    assert ring.any()  # ... a ring on top of it instead
    top = markers.extract_cells(np.flatnonzero(ring)).points[:, 2].min()
    assert top > BOARD.centres[A7][2]
    window.view.set_hover(None)
    shown = board.actors["markers"].GetVisibility()
    assert not shown or not (board._meshes["markers"].cell_data["rgb"] == HOVER_RGB).all(1).any()


def test_the_legend_tells_a_push_from_where_the_pushed_stone_lands(qapp):
    """A push and its landing are told apart on the board and in the legend: each its
    own colour, the landing a ring in the legend as on the board (both were one orange
    dot)."""
    from pyramid_lab.viewer.lab.legend_entries import legend_entries
    from pyramid_lab.viewer.widgets.legend import swatch

    game = Terrace.new()
    for text in ("c7^c6", "a1-a6"):
        game.push(game.parse_move(text))
    inp = TerraceTurn(game)
    assert inp.click(A7) == STEPPED
    frame = TerraceUI().frame(game, inp)
    entries = {e.style: e for e in legend_entries(frame, {}) if e.kind == "marker"}
    push, landing = entries["push"], entries["landing"]
    assert push.colours != landing.colours
    assert landing.colours == (MARKER_RGB["landing"],)
    push_picture, landing_picture = swatch(push).toImage(), swatch(landing).toImage()
    middle = (push_picture.width() // 2, push_picture.height() // 2)
    assert push_picture.pixelColor(*middle).alpha() > 0  # a dot ...
    assert landing_picture.pixelColor(*middle).alpha() == 0  # ... and a ring, hollow
