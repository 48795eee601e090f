"""Who plays each side (the New game dialog's Players group and the Game menu), computer
against computer, and the hint drawn as a ghost piece on each board."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import shared_window
from window_helpers import click

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.model.terrace import Terrace
from pyramid_lab.viewer.lab import palette
from pyramid_lab.viewer.lab.jobs import position_of
from tests.lab.lab_helpers import short_exact_step
from tests.patience import WAIT_MS

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

# the tests on a new base-3 Partition share one window (shared_window.py); a test on
# another game or size builds its own
module_window = shared_window.module_window
fresh_window = shared_window.fresh_window

#: A Pyraos game (a seeded random walk) after which white may lift 0,1,0 to 1,1,1 and
#: complete a square, taking back its sphere on 1,0,1.
PYRAOS_LINE = (
    *("0,1,0", "2,2,0", "3,3,0", "2,3,0", "1,0,0", "2,1,0", "2,0,0", "0,3,0", "1,3,0"),
    *("3,1,0", "3,2,0", "2,2,1", "0,2,0", "0,0,0", "0,2,0>2,1,1", "3,0,0", "1,3,0>2,0,1"),
    *("1,3,0", "0,2,0", "1,1,0", "0,2,0>1,0,1", "1,2,0 x1,3,0"),
)
PYRAOS_LIFT = "0,1,0>1,1,1 x1,0,1"


def idle(window):
    return not window.lab.engine.runner.thinking


def answer_new_game(monkeypatch, setup):
    """The New game dialog answers OK at once after ``setup(dialog)``; the dialogs shown
    are returned (the list fills as they come)."""
    from pyramid_lab.viewer.widgets.new_game import NewGameDialog

    shown = []

    def exec_(dialog):
        shown.append(dialog)
        setup(dialog)
        return 1

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    return shown


def show_hint(window, move_text):
    """Make ``move_text`` the hint shown on the current position, as an answer would."""
    move = window.session.game.parse_move(move_text)
    window.lab.engine.hints.shown = (*position_of(window.session.game), move)
    window.stage.redraw()
    return move


# ---- the New game dialog and the Game menu ------------------------------------------------


def test_players_group_lists_each_games_players(fresh_window, qtbot):
    from pyramid_lab.viewer.widgets.new_game import NewGameDialog

    window = fresh_window
    dialog = NewGameDialog(window, "pyraos", players={"terrace": {"black": "strong"}})
    qtbot.addWidget(dialog)
    assert set(dialog.sides["pyraos"]) == {"white", "black"}
    assert [dialog.side("white").itemText(i) for i in range(4)] == [
        "Human",
        "Computer (easy)",
        "Computer (medium)",
        "Computer (strong)",
    ]
    assert dialog.computer_players() == {}  # all Human by default
    dialog.choose("terrace")
    assert dialog.computer_players() == {"black": "strong"}  # the remembered choice
    dialog.set_player("white", "easy")
    dialog.set_player("black", None)
    assert dialog.computer_players() == {"white": "easy"}


def test_an_option_the_chosen_version_does_not_use_is_greyed_out(fresh_window, qtbot):
    from pyramid_lab.viewer.widgets.new_game import NewGameDialog

    dialog = NewGameDialog(fresh_window, "pyraos")
    qtbot.addWidget(dialog)
    removal = dialog.widget("removal")
    assert removal.isEnabled()
    dialog.widget("variant").setCurrentText("children")  # no removals in that version
    assert not removal.isEnabled()
    assert "Not used when Version is children." in removal.toolTip()
    dialog.widget("variant").setCurrentText("alternate")
    assert removal.isEnabled()
    assert "Not used" not in removal.toolTip()


def test_new_game_with_a_computer_side_starts_it(fresh_window, qtbot, monkeypatch, guard_errors):
    window = fresh_window
    window.lab.engine.seed = 1

    def red_computer(dialog):
        dialog.choose("partition")
        dialog.widget("size").setValue(3)
        dialog.set_player("red", "easy")
        dialog.set_player("blue", None)

    shown = answer_new_game(monkeypatch, red_computer)
    window.menus.seats.new_game()
    assert window.lab.engine.seats.computer == {"red": "easy"}
    assert window.menus.seats.players["red"]["easy"].isChecked()  # the Game menu follows
    assert window.menus.seats.players["blue"][None].isChecked()
    assert window.menus.seats.player_menus["red"].title() == "Red: Computer (easy)"
    assert window.lab.engine.computer_thinking  # red moves first: the computer starts
    qtbot.waitUntil(lambda: window.session.ply == 1, timeout=WAIT_MS)
    assert idle(window)  # blue is the human's
    assert window.statusBar().currentMessage().endswith("(computer)")
    # The next New game offers the same players.
    shown_again = answer_new_game(monkeypatch, lambda dialog: None)
    window.menus.seats.new_game()
    assert shown_again[0].computer_players() == {"red": "easy"}
    assert len(shown) == 1
    qtbot.waitUntil(lambda: window.session.ply == 1, timeout=WAIT_MS)
    window.lab.engine.stop()
    assert not guard_errors


def test_a_changed_level_restarts_the_thinking(make_window, qtbot, guard_errors):
    window = make_window(Partition(PartitionOptions(5)))
    window.menus.seats.players["red"]["strong"].trigger()
    first = window.lab.engine.runner.job
    assert first.level == "strong"
    window.menus.seats.players["red"]["medium"].trigger()
    assert window.lab.engine.runner.job is not first
    assert window.lab.engine.runner.job.level == "medium"
    window.menus.seats.players["red"][None].trigger()  # a human now: the search stops
    assert idle(window)
    qtbot.wait(50)
    assert window.session.ply == 0
    assert not guard_errors


def test_computer_against_computer_plays_on_and_stop_pauses(
    make_window, qtbot, monkeypatch, guard_errors
):
    # base 4 has a compiled kernel: the levels are the compiled MCTS
    from pyramid_lab.model.search.compiled.agent import CompiledMCTSAgent

    threads = []
    choose = CompiledMCTSAgent.choose

    def recorded(self, *args, **kwargs):
        threads.append(threading.current_thread())
        return choose(self, *args, **kwargs)

    monkeypatch.setattr(CompiledMCTSAgent, "choose", recorded)
    window = make_window(Partition(PartitionOptions(4)))
    window.lab.engine.seed = 3
    window.lab.engine.pace = 0.05
    ticks = []
    from PySide6.QtCore import QTimer

    timer = QTimer(window, interval=20)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    answer_new_game(
        monkeypatch,
        lambda d: (d.set_player("red", "easy"), d.set_player("blue", "easy")),
    )
    window.menus.seats.new_game()
    assert window.lab.engine.seats.computer == {"red": "easy", "blue": "easy"}
    qtbot.waitUntil(lambda: window.session.ply >= 4, timeout=WAIT_MS)
    assert ticks  # the event loop ran between the moves
    assert threads
    assert all(t is not threading.main_thread() for t in threads)
    assert window.lab.engine.computer_thinking  # on with the next move
    window.port.stop_button.click()
    assert window.lab.engine.seats.paused
    assert idle(window)
    ply = window.session.ply
    qtbot.wait(300)
    assert window.session.ply == ply  # paused
    assert "Game menu" in window.statusBar().currentMessage()
    # Choosing a player again lets it go on.
    window.menus.seats.players["blue"]["medium"].trigger()
    qtbot.waitUntil(lambda: window.session.ply > ply, timeout=WAIT_MS)
    window.lab.engine.stop()
    timer.stop()
    assert not guard_errors


def test_computer_against_computer_plays_to_the_end(fresh_window, qtbot, guard_errors):
    window = fresh_window  # (a new base-3 Partition)
    window.lab.engine.seed = 5
    window.lab.engine.pace = 0.0
    window.lab.engine.set_player("red", "easy")
    window.lab.engine.set_player("blue", "easy")
    qtbot.waitUntil(window.session.game.is_over, timeout=WAIT_MS)
    qtbot.wait(50)
    assert idle(window)
    assert window.session.game.outcome().winner in ("red", "blue")
    assert not guard_errors


# ---- the hint as a ghost ------------------------------------------------------------------


def test_hint_ghost_on_partition_is_drawn_and_takes_the_click(fresh_window, qtbot, guard_errors):
    window = fresh_window  # (a new base-3 Partition)
    move = show_hint(window, "1,0,0")
    site = window.session.game.lattice.id_of(1, 0, 0)
    assert window.board.frame().ghosts == {site: "red"}
    board = window.stage.board
    assert board.ghosts.actor.GetVisibility()
    mesh = board.ghosts.mesh
    assert mesh.n_points > 0
    assert (np.asarray(mesh.point_data["rgb"]) == palette.piece_rgb("red")).all()
    centre = np.asarray(mesh.points).mean(axis=0)
    assert np.allclose(centre, window.session.game.lattice.centres[site], atol=1e-3)
    assert board.shown[site]
    assert board.pick(*board.display_position(site)) == site
    click(qtbot, window, site)  # a click on the ghost plays the hinted move
    assert window.session.ply == 1
    assert window.session.game.move_stack[-1] == move
    assert not window.stage.board.ghosts.actor.GetVisibility()  # the hint went with its position
    assert not guard_errors


def test_hint_ghost_on_pyraos_lift_with_removal(make_window, guard_errors):
    game = Pyraos()
    for text in PYRAOS_LINE:
        game.push(game.parse_move(text))
    window = make_window(game)
    move = show_hint(window, PYRAOS_LIFT)
    assert move in window.session.game.legal_moves()
    lat = window.session.game.lattice
    frame = window.board.frame()
    assert frame.ghosts == {lat.id_of(*move.target): "white"}
    assert lat.id_of(1, 1, 1) in frame.ghosts
    assert frame.highlights["selected"] == (lat.id_of(0, 1, 0),)  # where it is lifted from
    assert frame.highlights["remove"] == (lat.id_of(1, 0, 1),)  # what it takes back
    board = window.stage.board
    assert board.ghosts.actor.GetVisibility()
    assert (np.asarray(board.ghosts.mesh.point_data["rgb"]) == palette.piece_rgb("white")).all()
    assert board.outlines["selected"][1].GetVisibility()
    assert board.outlines["remove"][1].GetVisibility()
    # Peeled away, the ghost goes as a marker would; back, it is back.
    window.view.set_levels(0, 0)
    assert not board.ghosts.actor.GetVisibility()
    window.view.set_levels(0, 3)
    assert board.ghosts.actor.GetVisibility()
    assert not guard_errors


@pytest.mark.parametrize("name", ["pyraos", "terrace"])
def test_the_engines_hint_is_a_ghost_on_its_sites(
    make_window, qtbot, name, guard_errors, monkeypatch
):
    game = Pyraos() if name == "pyraos" else Terrace.new()
    if name == "pyraos":
        game.push(game.parse_move("0,0,0"))
    else:  # the exact step's second settles nothing of Terrace's opening: the hint is the
        short_exact_step(monkeypatch)  # engine's either way, and where it shows is the test
    window = make_window(game)
    window.lab.engine.hints.level = "easy"
    window.lab.engine.seed = 4
    window.menus.actions["hint"].trigger()
    qtbot.waitUntil(lambda: window.lab.engine.hints.move() is not None, timeout=WAIT_MS)
    move = window.lab.engine.hints.move()
    parsed = window.session.game.parse_move(str(move))
    assert parsed == move
    ui = window.board.ui
    mover = window.session.game.to_move
    frame = window.board.frame()
    target = parsed.target
    site = ui.site_of(target) if name == "pyraos" else target
    assert frame.ghosts == {site: mover}
    source = parsed.source
    if source:
        from_site = ui.site_of(source) if name == "pyraos" else source
        assert from_site in frame.highlights["selected"]
    assert window.stage.board.shown[site]
    assert window.stage.board.pick(*window.stage.board.display_position(site)) == site
    assert not guard_errors


def test_hint_ghost_on_the_stepped_board(make_window, guard_errors):
    window = make_window(Terrace.new())
    move = show_hint(window, "b7>a7")  # a push: the pushed white stone falls off
    source, target = move.source, move.target
    frame = window.board.frame()
    assert frame.ghosts == {target: "white"}
    assert frame.highlights["selected"] == (source,)
    assert frame.highlights["remove"] == (target,)
    board = window.stage.board
    ghosts = board.actors["piece_ghosts"]
    assert ghosts.GetVisibility()
    assert ghosts.GetProperty().GetOpacity() == pytest.approx(palette.PIECE_GHOST_OPACITY)
    mesh = board._meshes["piece_ghosts"]
    assert (np.asarray(mesh.cell_data["rgb"]) == palette.piece_rgb("white")).all()
    bottom = np.asarray(mesh.points)[:, 2].min()
    from pyramid_lab.viewer.boards.stepped import STONE_HEIGHT

    # A stone stands on the target: the ghost stands on it.
    assert bottom == pytest.approx(board.board.centres[target][2] + STONE_HEIGHT, abs=1e-4)
    rims = np.asarray(board._meshes["ghost_rims"].cell_data["rgb"])
    cyan = tuple(round(255 * v) for v in palette.PIECE_GHOST_RIM)
    assert (rims == cyan).all(axis=1).any()
    markers = np.asarray(board._meshes["markers"].cell_data["rgb"])
    for style in ("selected", "remove"):  # rings in their rim colours
        colour = tuple(round(255 * v) for v in palette.RIM_RGB[style])
        assert (markers == colour).all(axis=1).any(), style
    assert board.pick(*board.display_position(target)) == target
    # The ghost's top takes the click: its picture is higher than the stone's.
    window.session.play(window.session.game.parse_move("b7-b6"))
    assert not board.actors["piece_ghosts"].GetVisibility()
    assert not guard_errors


def test_ghost_piece_shader_compiles_and_draws_a_cyan_rim(make_window):
    import vtk

    log = vtk.vtkStringOutputWindow()
    previous = vtk.vtkOutputWindow.GetInstance()
    vtk.vtkOutputWindow.SetInstance(log)
    try:
        window = make_window(Partition(PartitionOptions(4)))
        window.stage.render_now()
        before = window.plotter.screenshot(return_img=True)
        show_hint(window, "1,1,0")
        window.stage.render_now()  # the window draws at its next paint: the picture now
        after = window.plotter.screenshot(return_img=True)
    finally:
        vtk.vtkOutputWindow.SetInstance(previous)
    assert log.GetOutput() == ""  # no compile or link error was logged
    cyan = np.array(palette.PIECE_GHOST_RIM) * 255
    near = lambda im: (np.abs(im[..., :3] - cyan).sum(axis=-1) < 70).sum()  # noqa: E731
    assert near(after) > 100 + 5 * near(before)
