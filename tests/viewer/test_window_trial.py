"""Faults found by a window trial (issue 77): the legend beside the board's labels, the
legend's words at the end of a game, the Turn dock's account in view, the verbs after a win,
and a still camera while a Pyramid Ball turn is programmed."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from window_helpers import click

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def label_pixels(window) -> list[tuple[str, float, float]]:
    """The board's own labels (its coordinates) where they stand in the widget's pixels."""
    renderer = window.plotter.renderer
    ratio = window.plotter.devicePixelRatioF() or 1.0
    found = []
    for text, (x, y, z) in window.scene.board.board_labels():
        renderer.SetWorldPoint(float(x), float(y), float(z), 1.0)
        renderer.WorldToDisplay()
        px, py, _ = renderer.GetDisplayPoint()
        found.append((text, px / ratio, window.plotter.height() - py / ratio))
    return found


@pytest.mark.parametrize("camera", ["top", "iso"])
def test_the_legend_covers_no_label_of_allmers_board(make_window, qtbot, camera, guard_errors):
    """Camera: top on Allmer's Pyramid in a 1200 x 800 window, b7 selected (a legend of
    four lines): the legend stood over the column labels a and b; it keeps clear of each
    label (its point and its text)."""
    from pyramid_lab.model.terrace import Terrace, fid

    window = make_window(Terrace.new())
    window.resize(1200, 800)
    QApplication.sendPostedEvents()
    qtbot.wait(50)
    window.scene.set_camera(camera)
    window.scene.render_now()
    click(qtbot, window, fid(6, 1))  # b7: its destinations, the fall off the board
    window.stage.redraw()
    legend = window.scene.legend
    assert legend.isVisible()
    assert len(legend.texts()) >= 3

    def covered() -> list[str]:
        window.scene.render_now()
        box = legend.geometry().adjusted(-2, -2, 2, 2)
        hits = []
        for text, x, y in label_pixels(window):
            for dx, dy in ((0, 0), (8, -8), (12, -14)):  # the text stands up and right
                if box.contains(round(x + dx), round(y + dy)):
                    hits.append(text)
                    break
        return hits

    QApplication.sendPostedEvents()
    window.scene.render_now()
    assert covered() == []
    assert legend.isVisible()
    assert guard_errors == []


def rim_words(ui, game) -> list[str]:
    """The legend's line of the gold rims for ``game`` as its UI draws it (none: [])."""
    from pyramid_lab.viewer.lab.legend_entries import legend_entries

    frame = ui.frame(game, ui.turn(game))
    entries = legend_entries(frame, ui.legend_words(game, frame))
    return [e.text for e in entries if (e.kind, e.style) == ("rim", "clickable")]


def test_the_gold_rims_line_says_what_is_true_now():
    """ "takes a click now (once the game is won: the winner's)": during play the line says
    what takes a click; after Allmer's win on the victory fields, whose stones are
    outlined; at the end of a Pyraos game (nothing outlined) there is no line."""
    import random

    from pyramid_lab.model.pyraos import Pyraos
    from pyramid_lab.viewer.games.pyraos import PyraosUI
    from pyramid_lab.viewer.games.terrace import TerraceUI
    from tests.conftest import terrace_position

    won = terrace_position(".......\n..W....\n....W..\nB......\n..W.W..\nB......\nB.B....")
    ui = TerraceUI()
    assert rim_words(ui, won) == ["takes a click now"]
    won.push(won.parse_move("c2^c3"))
    assert won.is_over()
    assert rim_words(ui, won) == ["the winner's stones on the victory fields"]
    game = Pyraos.new()
    rng = random.Random(1)
    while not game.is_over():
        game.push(rng.choice(list(game.legal_moves())))
    assert rim_words(PyraosUI(), game) == []


def test_fill_at_random_is_off_once_a_partition_game_is_won(make_window, guard_errors):
    """After a win "Fill at random" stayed enabled (and filled the won position up): it is
    off, its tooltip says why, and the verb itself leaves the position as it is."""
    import random

    from pyramid_lab.model.partition import Partition, PartitionOptions

    game = Partition(PartitionOptions(4))
    rng = random.Random(2)
    while not game.is_over():
        game.push(rng.choice(list(game.legal_moves())))
    assert game.fill_order(0)  # won before the pyramid is full
    window = make_window(game)
    ui = window.board.ui
    fill = ui.corner_dock.fill
    assert not fill.isEnabled()
    assert fill.toolTip().startswith("the game is over (")
    before = window.session.game.position_key()
    ui.fill.start()
    assert not ui.fill.filling
    assert window.session.game.position_key() == before
    assert "nothing to fill" in window.statusBar().currentMessage()
    window.menus.actions["undo"].trigger()  # play goes on: the verb is back
    assert fill.isEnabled()
    assert fill.toolTip().startswith("Fill every empty point")
    assert guard_errors == []
