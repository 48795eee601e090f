"""GLSL effects from shaders/ compile inside VTK's shaders and change the picture."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest
import pyvista as pv
import vtk

from pyramid_lab.model.files import read
from pyramid_lab.viewer.boards.ball_pyramid import BallPyramidView
from pyramid_lab.viewer.boards.impostors import SHADER_DIR, load_shader
from pyramid_lab.viewer.games import ui_class
from pyramid_lab.viewer.lab.palette import GHOST_RIM_RGB
from pyramid_lab.viewer.lab.view_state import ViewState

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def vtk_log():
    """Capture VTK's output window: a shader compile error is only logged there."""
    log = vtk.vtkStringOutputWindow()
    previous = vtk.vtkOutputWindow.GetInstance()
    vtk.vtkOutputWindow.SetInstance(log)
    yield log
    vtk.vtkOutputWindow.SetInstance(previous)


def ghost_picture(ghosts: bool) -> np.ndarray:
    game = read(ROOT / "examples/partition/full-random-base5.pyr.json").game
    plotter = pv.Plotter(off_screen=True, window_size=(400, 300))
    try:
        plotter.ren_win.SetMultiSamples(0)
        plotter.set_background("white")
        view = ViewState()
        view.set_clip(1, enabled=True, value=1.6)
        view.set_ghost_peeled(ghosts)
        ui = ui_class(game)()
        board = BallPyramidView(plotter, game.lattice)
        board.show(ui.frame(game, ui.turn(game)), view)
        return plotter.screenshot(return_img=True)
    finally:
        plotter.close()


def test_shaders_load_by_name():
    assert "offsetVCVSOutput" in load_shader("ghost_rim")
    assert (SHADER_DIR / "ghost_rim.glsl").is_file()
    with pytest.raises(FileNotFoundError, match="no shader 'nope'"):
        load_shader("nope")


def test_ghost_rim_compiles_and_draws_outlines(vtk_log):
    with_ghosts = ghost_picture(True)
    assert vtk_log.GetOutput() == ""  # no compile or link error was logged
    without = ghost_picture(False)
    rim = np.array(GHOST_RIM_RGB) * 255
    near_rim = lambda im: (np.abs(im[..., :3] - rim).sum(axis=-1) < 60).sum()  # noqa: E731
    assert near_rim(with_ghosts) > 20 * max(1, near_rim(without))


def edge_pixels_on_a_ball(depth: bool) -> tuple[int, str]:
    """Grey edge-line pixels drawn on the ball in the middle of the base's south edge (the
    edge line runs through its centre): a sphere that writes its depth hides the line."""
    from pyramid_lab.model.lattice import lattice
    from pyramid_lab.viewer.lab.frame import Frame
    from pyramid_lab.viewer.lab.palette import EDGE_RGB

    log = vtk.vtkStringOutputWindow()
    previous = vtk.vtkOutputWindow.GetInstance()
    vtk.vtkOutputWindow.SetInstance(log)
    plotter = pv.Plotter(off_screen=True, window_size=(400, 300))
    try:
        plotter.ren_win.SetMultiSamples(0)
        plotter.set_background("white")
        lat = lattice(3)
        board = BallPyramidView(plotter, lat)
        if not depth:
            for actor in board._impostor_actors:
                actor.GetShaderProperty().ClearAllFragmentShaderReplacements()
        middle = int(lat.id_of(1, 0, 0))
        board.show(Frame(pieces={middle: "white"}), ViewState())
        image = plotter.screenshot(return_img=True).astype(int)
        x, y = board.display_position(middle)
        row, col = image.shape[0] - 1 - round(y), round(x)
        box = image[row - 5 : row + 6, col - 5 : col + 6, :3]
        grey = (np.abs(box - np.array(EDGE_RGB)).sum(axis=-1) < 40).sum()
        return int(grey), log.GetOutput()
    finally:
        plotter.close()
        vtk.vtkOutputWindow.SetInstance(previous)


def test_sphere_impostors_write_their_depth():
    """shaders/sphere_depth.glsl compiles and the edge lines no longer pierce the balls."""
    hidden, errors = edge_pixels_on_a_ball(True)
    assert errors == ""
    shown, _ = edge_pixels_on_a_ball(False)
    assert shown >= 5  # without it, the line runs across the ball's front
    assert hidden == 0


def impostor_pictures() -> list[np.ndarray]:
    """A base-5 pyramid's balls drawn with the board's tight splat triangles, then with
    VTK's default triangle (three radii round each ball), from three sides."""
    game = read(ROOT / "examples/partition/full-random-base5.pyr.json").game
    plotter = pv.Plotter(off_screen=True, window_size=(400, 300))
    try:
        plotter.ren_win.SetMultiSamples(0)
        ui = ui_class(game)()
        board = BallPyramidView(plotter, game.lattice)
        board.show(ui.frame(game, ui.turn(game)), ViewState())
        assert board._impostor_actors
        pictures = []
        for bound in (None, 3.0):
            for actor in board._impostor_actors:
                if bound is None:
                    assert actor.mapper.GetBoundScale() == 1.0  # tight_splats
                else:
                    actor.mapper.SetBoundScale(bound)
            for side in ("iso", "front", "top"):
                board.set_view(side)
                pictures.append(plotter.screenshot(return_img=True).astype(int))
        return pictures
    finally:
        plotter.close()


def test_tight_splat_triangles_keep_every_ball_whole():
    """Each ball's impostor triangle is the one round its disc (a ninth of VTK's default,
    tests/bench/render.py), and the picture is the one the wide triangle drew: pixels
    differ only where two surfaces meet to within rounding, never a ball's cut edge."""
    pictures = impostor_pictures()
    for tight, wide in zip(pictures[:3], pictures[3:], strict=True):
        differ = np.abs(tight - wide).sum(axis=-1) > 0
        assert differ.sum() < 0.002 * differ.size, differ.sum()  # 240 of 120,000 pixels
