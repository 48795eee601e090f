"""Allmer's Pyramid's first view (window trial: e3 hid behind the d4 block, and black's
back row was hard to reach, so a player switched to View > Camera: top): in the default
camera at 1200x800 every field's top is drawn inside the view and a click there picks
that field, while the board keeps its 3D look (not seen from straight above)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication

from pyramid_lab.model.terrace import Terrace
from pyramid_lab.viewer.boards.stepped import SteppedView

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def settle(qtbot):
    for _ in range(2):
        QApplication.sendPostedEvents()
        qtbot.wait(50)


def hidden_fields(window) -> list[int]:
    """The fields whose top is drawn off the view or picks another field."""
    window.stage.render_now()
    board = window.stage.board
    width, height = window.plotter.renderer.GetSize()
    hidden = []
    for field in range(board.geometry.count):
        x, y = board.display_position(field)
        if not (0 <= x < width and 0 <= y < height) or board.pick(x, y) != field:
            hidden.append(field)
    return hidden


@pytest.mark.parametrize("size", [(1200, 800), (900, 700)])
def test_every_field_of_allmers_pyramid_takes_a_click_in_the_default_view(make_window, qtbot, size):
    window = make_window(Terrace.new())
    window.resize(*size)
    settle(qtbot)
    window.stage.scene.set_camera("iso")  # the default view (View > Reset), at this size
    board = window.stage.board
    assert isinstance(board, SteppedView)
    assert hidden_fields(window) == []
    direction = np.array(window.plotter.camera.direction)  # where the camera looks
    elevation = np.degrees(np.arcsin(-direction[2] / np.linalg.norm(direction)))
    assert 40 < elevation < 70  # still a 3D view: the steps' sides show
