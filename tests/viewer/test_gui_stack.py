"""The GUI stack the viewer stands on works here: Qt + VTK via pyvistaqt under the
display, and pyvista offscreen (the headless render path)."""

from __future__ import annotations

import numpy as np
import pyvista as pv

from tests.patience import WAIT_MS


def _has_colour(image: np.ndarray, rgb: tuple[int, int, int], tolerance: int = 60) -> bool:
    diff = np.abs(image[..., :3].astype(int) - np.array(rgb)).sum(axis=-1)
    return bool((diff < tolerance).sum() > 50)


def test_qt_interactor_renders_a_ball(gl_display, qtbot):
    from pyvistaqt import QtInteractor

    plotter = QtInteractor(auto_update=False, multi_samples=0)
    qtbot.addWidget(plotter)
    try:
        plotter.resize(320, 240)
        plotter.set_background("white")
        plotter.add_mesh(pv.Sphere(), color=(220, 30, 30), lighting=False)
        with qtbot.waitExposed(plotter, timeout=WAIT_MS):
            plotter.show()
        plotter.render()
        image = plotter.screenshot(return_img=True)
        assert image.shape[0] > 0
        assert _has_colour(image, (220, 30, 30))
        assert _has_colour(image, (255, 255, 255))
    finally:
        plotter.close()


def test_offscreen_render():
    plotter = pv.Plotter(off_screen=True, window_size=(200, 150))
    try:
        plotter.set_background("white")
        plotter.add_mesh(pv.Sphere(), color=(30, 60, 220), lighting=False)
        image = plotter.screenshot(return_img=True)
        assert image.shape[:2] == (150, 200)
        assert _has_colour(image, (30, 60, 220))
    finally:
        plotter.close()


def test_qt_calls_keep_none_alive(gl_display):
    """PySide6 6.12.0 released a reference to None on each call of a Qt method returning
    nothing; before Python 3.12 the window then died with 'none_dealloc' after a few thousand
    redraws. Neither a method nor processEvents may change None's reference count."""
    import sys

    from PySide6.QtWidgets import QLabel

    label = QLabel()
    before = sys.getrefcount(None)
    for i in range(5000):
        label.setText(str(i))
        label.setEnabled(i % 2 == 0)
    gl_display.processEvents()
    assert sys.getrefcount(None) >= before - 50
