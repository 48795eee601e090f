"""GLSL effects from shaders/ compile inside VTK's shaders and change the picture."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest
import pyvista as pv
import vtk

from model.files import read
from viewer.boards.ball_pyramid import BallPyramidView
from viewer.boards.shaders import SHADER_DIR, load_shader
from viewer.games import ui_class
from viewer.palette import GHOST_RIM_RGB
from viewer.view_state import ViewState

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
