"""Labels are placed on the screen: read whole (inside the picture), over the scene, and
apart from each other (a corner's name slid under the board's edge, a label at the
picture's edge lost its first letters, neighbours ran together)."""

from __future__ import annotations

import itertools

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.viewer.boards import make_board_view
from pyramid_lab.viewer.games import ui_class
from pyramid_lab.viewer.lab.frame import Frame, Label
from pyramid_lab.viewer.lab.view_state import ViewState


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_labels_stay_inside_the_picture_and_apart(plotter):
    game = Partition(PartitionOptions(5))
    ui = ui_class("partition")()
    board = make_board_view(ui.board_kind, plotter, ui.geometry(game))
    board.set_view("iso")
    lat = game.lattice
    front = lat.id_of(0, 0, 0)  # the SW corner, at the picture's lower left
    sites = [front, lat.id_of(1, 0, 0), lat.id_of(0, 1, 0), lat.id_of(4, 4, 0), lat.id_of(0, 0, 4)]
    texts = ["refutes 3,0,0 and more words", "somewhere here", "hint", "NE", "AP"]
    board.show(Frame(labels=tuple(map(Label, sites, texts))), ViewState())
    plotter.screenshot(None, return_img=True)  # a render (render() waits for show())
    boxes = board.labels.boxes
    assert len(boxes) == len(sites)
    width, height = plotter.renderer.GetSize()
    for x0, y0, x1, y1 in boxes:
        assert x0 >= 0
        assert y0 >= 0
        assert x1 <= width
        assert y1 <= height
    for a, b in itertools.combinations(boxes, 2):
        assert not overlap(a, b)
    board.set_view("top")  # the camera turned (framing draws nothing): placed again when drawn
    plotter.render()
    assert board.labels.boxes != boxes
    board.show(Frame(), ViewState())
    assert board.labels is None
    board.close()


def test_a_flat_board_keeps_the_actors_of_labels_it_still_shows(plotter):
    """A long game's labels change a few at a time: a text shown before keeps its actor
    (VTK draws its letters once), a text no longer shown leaves the scene, and the boxes
    are placed again for the new set."""
    game = RollingPyramids.new(RollingPyramids.parse_options({"players": 2}))
    ui = ui_class(game)()
    board = make_board_view(ui.board_kind, plotter, ui.geometry(game))
    props = plotter.renderer.GetViewProps()
    before = props.GetNumberOfItems()
    board.show(Frame(labels=(Label(0, "5"), Label(8, "7 + 2*"), Label(16, "3"))), ViewState())
    plotter.ren_win.Render()
    labels = board.frame_labels
    assert len(labels.boxes) == 3
    kept = {a.GetInput(): a for a in labels.actors}
    assert props.GetNumberOfItems() == before + 3
    board.show(Frame(labels=(Label(8, "7 + 2*"), Label(24, "5"), Label(32, "9"))), ViewState())
    plotter.ren_win.Render()
    assert board.frame_labels is labels
    now = {a.GetInput(): a for a in labels.actors}
    assert sorted(now) == ["5", "7 + 2*", "9"]
    assert now["7 + 2*"] is kept["7 + 2*"]  # the same texts keep their actors
    assert now["5"] is kept["5"]
    assert not props.IsItemPresent(kept["3"])  # gone from the scene
    assert props.GetNumberOfItems() == before + 3
    assert len(labels.boxes) == 3  # placed again
    board.show(Frame(), ViewState())
    plotter.ren_win.Render()
    assert props.GetNumberOfItems() == before
    board.close()
