"""The prompt over the scene keeps its room (issue 77, a whole game played by hand): the
scene under it keeps its size while the prompt comes, grows to two lines and goes, so a
destination lit by the first click is still where the second click lands."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


def _scene_box(window):
    QApplication.processEvents()
    return window.plotter.geometry().getRect()


def test_the_scene_keeps_its_place_while_the_prompt_comes_and_goes(make_window):
    window = make_window()
    bar = window.prompt_bar
    before = _scene_box(window)
    long = "c7 selected: click a destination (green run, blue jump, orange push, red smash) " * 2
    for text in ("lifting 0,3,0: click a higher point (Esc cancels)", long[: len(long) // 2], ""):
        bar.setText(text)
        assert _scene_box(window) == before, text
    bar.setText("a prompt")
    assert bar.isVisible()
    assert bar.text() == "a prompt"
    assert bar.height() >= bar.heightForWidth(bar.width())  # no line of it cut
