"""The ball pyramid's board view: the board under the base with a dimple per base point, the
baked contact shading (a ball among balls is darker than a lone one), the walls' names
outside the pyramid, and a framing that keeps the corner pointers in view."""

from __future__ import annotations

import numpy as np

from pyramid_lab.model.lattice import CORNERS, lattice


def test_a_ball_among_balls_is_shaded_darker(plotter):
    from pyramid_lab.viewer.boards.ball_pyramid import AO, BallPyramidView
    from pyramid_lab.viewer.lab.frame import Frame
    from pyramid_lab.viewer.lab.palette import piece_rgb
    from pyramid_lab.viewer.lab.view_state import ViewState

    lat = lattice(4)
    board = BallPyramidView(plotter, lat)

    def drawn(site: int) -> np.ndarray:
        return board._solid.point_data["rgba"][site, :3].astype(int)

    inner = lat.id_of(1, 1, 1)
    board.show(Frame(pieces={inner: "red"}), ViewState())
    alone = drawn(inner)
    assert (alone == np.array(piece_rgb("red"))).all()  # no contact: its own colour
    board.show(Frame(pieces=dict.fromkeys(range(lat.count), "red")), ViewState())
    packed = drawn(inner)
    assert (packed < alone).all()
    assert packed[0] >= alone[0] * (1 - AO) - 1  # never darker than the strength allows
    assert tuple(board.current_rgb[inner]) == piece_rgb("red")  # what it means: red
    base = lat.id_of(0, 0, 0)
    board.show(Frame(pieces={base: "red"}), ViewState())
    assert (drawn(base) < alone).all()  # it touches the board


def test_the_board_lies_under_the_base_and_the_view_frames_the_pointers(plotter):
    from pyramid_lab.viewer.boards.ball_pyramid import BOARD_TOP, BallPyramidView
    from pyramid_lab.viewer.lab.frame import Frame, Pointer
    from pyramid_lab.viewer.lab.view_state import ViewState

    lat = lattice(5)
    board = BallPyramidView(plotter, lat)
    pointers = tuple(Pointer(int(lat.corner_ids[c]), "red") for c in CORNERS)
    board.show(Frame(pointers=pointers), ViewState())
    bounds = plotter.renderer.ComputeVisiblePropBounds()
    assert bounds[4] < BOARD_TOP - 0.1  # something (the board) lies under the base balls
    plotter.render()
    width, height = plotter.window_size
    for pointer in pointers:  # every corner's pointer is in the picture
        x, y = board.display_position(pointer.site)
        assert 0 < x < width
        assert 0 < y < height


def test_the_walls_names_stand_outside_the_pyramid(plotter):
    from pyramid_lab.viewer.boards.ball_pyramid import BallPyramidView, wall_faces

    lat = lattice(5)
    board = BallPyramidView(plotter, lat)
    corners = np.array([lat.centres[lat.corner_ids[c]] for c in CORNERS])
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    _faces, labels = wall_faces(lat, board.centroid)
    assert len(labels) == 5
    for name, spot in labels:
        inside = (lo[0] <= spot[0] <= hi[0]) and (lo[1] <= spot[1] <= hi[1]) and spot[2] >= 0
        assert not inside, f"{name} is named inside the pyramid at {spot}"


def test_path_tubes_show_through_the_balls_on_an_xray_layer(plotter):
    from pyramid_lab.viewer.boards.ball_pyramid import BallPyramidView
    from pyramid_lab.viewer.lab.frame import Frame, Path
    from pyramid_lab.viewer.lab.view_state import ViewState

    lat = lattice(3)
    window = plotter.render_window
    layers = window.GetRenderers().GetNumberOfItems()
    board = BallPyramidView(plotter, lat)
    assert window.GetRenderers().GetNumberOfItems() == layers + 1
    board.show(Frame(paths=(Path((0, 1, 2), "red"),)), ViewState())
    assert board.xray_paths.GetVisibility()
    assert board.paths.GetVisibility()
    board.show(Frame(), ViewState())
    assert not board.xray_paths.GetVisibility()
    board.close()
    assert window.GetRenderers().GetNumberOfItems() == layers  # the layer goes with the board


def test_enclosed_balls_are_left_out_and_the_picture_does_not_change(plotter):
    from pyramid_lab.viewer.boards.ball_pyramid import BallPyramidView
    from pyramid_lab.viewer.lab.frame import Frame
    from pyramid_lab.viewer.lab.view_state import ViewState

    plotter.ren_win.SetMultiSamples(0)
    lat = lattice(6)
    board = BallPyramidView(plotter, lat)
    full = {p: ("red", "blue")[p % 2] for p in range(lat.count)}
    board.show(Frame(pieces=full), ViewState())
    radius = board._solid.point_data["radius"]
    left_out = int((radius == 0).sum())
    assert left_out > lat.count // 4  # the inside of a full pyramid is not drawn
    culled = plotter.screenshot(return_img=True).astype(int)
    board._enclosed = lambda balls: np.zeros_like(balls)  # draw every ball
    board.show(Frame(pieces=dict(full)), ViewState())
    assert (board._solid.point_data["radius"] > 0).all()
    every = plotter.screenshot(return_img=True).astype(int)
    differ = (np.abs(culled - every).sum(axis=-1) > 60).mean()
    assert differ < 0.002, f"{differ:.2%} of the pixels changed"
    # a clip plane opens the pyramid: the balls on the cut are drawn again
    board._enclosed = BallPyramidView._enclosed.__get__(board)
    view = ViewState()
    view.set_clip(0, enabled=True, value=2.0)
    board.show(Frame(pieces=full), view)
    on_cut = [p for p in range(lat.count) if 1.5 <= lat.centres[p][0] <= 2.0]
    assert all(board._solid.point_data["radius"][p] > 0 for p in on_cut)


def _drawn_labels(actor) -> list[str]:
    """The texts of a labels actor (pyvista's add_point_labels: the points, their 'labels'
    array, behind the visible-points filter and the label hierarchy)."""
    points = actor.GetMapper().GetInputAlgorithm().GetInputAlgorithm().GetInputDataObject(0, 0)
    names = points.GetPointData().GetAbstractArray("labels")
    return [names.GetValue(i) for i in range(names.GetNumberOfValues())]


def test_the_walls_names_are_said_in_the_windows_language_and_each_pages(plotter):
    """A wall's name on the board is a word (the legend says 'die Wände: Grundfläche, West,
    ...'): the window draws it in its language, a classroom page in its own."""
    from pyramid_lab import i18n
    from pyramid_lab.viewer.boards.ball_pyramid import BallPyramidView, wall_faces
    from pyramid_lab.viewer.classroom.words import said

    lat = lattice(3)
    board = BallPyramidView(plotter, lat)
    assert _drawn_labels(board.wall_labels) == ["base", "west", "east", "south", "north"]
    _faces, labels = wall_faces(lat, board.centroid)
    german = ["Grundfläche", "West", "Ost", "Süd", "Nord"]
    assert [said(name, "de") for name, _at in labels] == german  # (a page's language)
    assert said(labels[0][0], "sv") == "bas"
    i18n.use("de")
    try:
        window = BallPyramidView(plotter, lat)  # (made in the window's language)
        assert _drawn_labels(window.wall_labels) == german
    finally:
        i18n.use(i18n.ENGLISH)
