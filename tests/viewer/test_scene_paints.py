"""The scene's paints render only what changed (viewer/desktop/scene_widget.py): a paint of
a scene unchanged since its last picture shows that picture again, the same pixels, and
any change of the scene (a camera turned, the legend moved after a render) renders."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QApplication

from pyramid_lab.model.rolling import RollingPyramids


def settle(qtbot) -> None:
    QApplication.sendPostedEvents()
    qtbot.wait(50)
    QApplication.sendPostedEvents()


def counted_renders(window) -> list[int]:
    """A list that grows by one at each render of the window's scene."""
    renders: list[int] = []
    window.plotter.renderer.AddObserver("StartEvent", lambda *_: renders.append(1))
    return renders


def picture(window) -> np.ndarray:
    """The scene's widget as its paint draws it now."""
    grabbed = window.plotter.grabFramebuffer()  # (a paint of its own, into an image)
    image = grabbed.convertToFormat(grabbed.Format.Format_RGB32)  # (kept while read)
    bits = np.frombuffer(image.constBits(), np.uint8)
    return bits.reshape(image.height(), image.bytesPerLine() // 4, 4)[:, : image.width()].copy()


def test_a_paint_of_an_unchanged_scene_shows_its_last_picture(make_window, qtbot):
    window = make_window()
    settle(qtbot)
    renders = counted_renders(window)
    window.plotter.update()  # a paint asked for, the scene as it was (an expose's)
    settle(qtbot)
    first = picture(window)
    assert renders == []  # shown again, not rendered again
    window.plotter.redraw_due()  # (as a change after the last picture says)
    again = picture(window)
    assert renders == [1]
    assert np.array_equal(first, again)  # the picture shown is the one a render makes
    assert np.unique(first.reshape(-1, 4), axis=0).shape[0] > 10  # (a board, not a blank)


def test_a_changed_scene_renders_at_its_paint(make_window, qtbot):
    window = make_window()
    settle(qtbot)
    before = picture(window)
    renders = counted_renders(window)
    window.plotter.renderer.GetActiveCamera().Azimuth(30)  # no paint asked: VTK's clock says
    turned = picture(window)
    assert renders == [1]
    assert not np.array_equal(before, turned)


def test_a_legend_placed_after_a_render_is_drawn_at_the_next_paint(make_window, qtbot):
    window = make_window(RollingPyramids.new())
    settle(qtbot)
    scene = window.stage.scene
    assert scene.legend.entries  # (its players' colours)
    scene.framing._outline = b""  # (as if the camera had moved since it was placed)
    renders = counted_renders(window)
    window.stage.render_now()  # the legend is placed again after this render's picture
    picture(window)
    assert renders == [1, 1]  # so the paint after it renders once more
    picture(window)
    assert renders == [1, 1]  # and then shows it
