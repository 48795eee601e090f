"""A board's layer refilled with what it shows already is left alone (viewer.boards.meshes):
a copy marked it changed, and every render after a move sent every layer to the GPU again
and computed the smooth layers' normals again; a long game's moves grew with the map."""

from __future__ import annotations

import numpy as np
import pyvista as pv

from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.viewer.boards import make_board_view
from pyramid_lab.viewer.boards.meshes import instances, join, same_mesh, template
from pyramid_lab.viewer.games import ui_class
from pyramid_lab.viewer.lab.frame import Frame, Marker, Path
from pyramid_lab.viewer.lab.view_state import ViewState

DISC = template(pv.Disc(inner=0.0, outer=0.2, normal=(0, 0, 1), c_res=8))


def test_the_same_points_cells_and_colours_are_the_same_mesh():
    where, rgb = [(0, 0, 0), (1, 0, 0)], [(255, 0, 0), (0, 0, 255)]
    mesh = instances(DISC, where, rgb)
    assert same_mesh(mesh, instances(DISC, where, rgb))
    assert not same_mesh(mesh, instances(DISC, where, [(255, 0, 0), (0, 0, 254)]))
    assert not same_mesh(mesh, instances(DISC, [(0, 0, 0), (1, 0, 0.5)], rgb))
    assert not same_mesh(mesh, instances(DISC, where[:1], rgb[:1]))
    moved = instances(DISC, where, rgb)
    moved.faces = np.roll(moved.faces.reshape(-1, 4), 1, axis=0).ravel()  # the same points
    assert not same_mesh(mesh, moved)
    tube = pv.lines_from_points(np.array([(0, 0, 0), (1, 0, 0.0)]))
    assert same_mesh(tube, pv.lines_from_points(np.array([(0, 0, 0), (1, 0, 0.0)])))
    assert not same_mesh(tube, pv.PolyData(tube.points.copy()))  # no line: other cells


def test_a_layer_shown_again_is_not_sent_again_and_a_change_is(plotter):
    game = RollingPyramids()
    ui = ui_class("rolling")()
    board = make_board_view(ui.board_kind, plotter, ui.geometry(game))
    site = board.board.site  # (a cell's first site)
    frame = Frame(
        markers=(Marker(site(3), "target"),),
        paths=(Path((site(0), site(5), site(10)), "escape"),),
    )
    board.show(frame, ViewState())
    plotter.render()
    times = {name: mesh.GetMTime() for name, mesh in board._meshes.items()}
    board.show(frame, ViewState())
    assert {name: mesh.GetMTime() for name, mesh in board._meshes.items()} == times
    board.show(Frame(markers=(Marker(site(4), "target"),), paths=frame.paths), ViewState())
    changed = {n for n, mesh in board._meshes.items() if mesh.GetMTime() != times[n]}
    assert changed == {"marks"}


def test_joined_instances_are_the_parts_side_by_side():
    """join gives the parts' points, triangles and colours in order, as pyvista's merge
    without point merging would; a part of another kind goes through pyvista's merge."""
    disc = template(pv.Disc(inner=0.0, outer=0.3, c_res=8))
    cone = template(pv.Cone(radius=0.2, height=0.4, resolution=6))
    parts = [
        instances(disc, [(0, 0, 0), (2, 0, 0)], [(255, 0, 0), (0, 255, 0)]),
        pv.PolyData(),
        instances(cone, [(0, 3, 1)], [(0, 0, 255)], scale=[2.0]),
    ]
    joined = join(parts)
    merged = pv.merge([p for p in parts if p.n_points], merge_points=False)
    assert joined.n_points == merged.n_points == parts[0].n_points + parts[2].n_points
    assert np.allclose(joined.points, merged.points)
    assert np.array_equal(joined.faces, merged.faces)
    assert np.array_equal(joined.cell_data["rgb"], merged.cell_data["rgb"])
    assert join([]).n_points == 0
    assert join([parts[2]]) is parts[2]
    line = pv.Line((0, 0, 0), (1, 0, 0))
    line.cell_data["rgb"] = np.array([[9, 9, 9]], dtype=np.uint8)
    mixed = join([parts[0], line])  # lines: pyvista merges them
    assert mixed.n_lines == 1
    assert mixed.n_cells == parts[0].n_cells + 1
