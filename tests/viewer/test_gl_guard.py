"""A collection runs with no GL context current (viewer.desktop.gl_guard): the VTK objects
of a window that went, freed by it, deleted the live window's buffers and its next render
read freed memory (a segmentation fault in Mesa, most runs of test_lesson_steps.py)."""

from __future__ import annotations

import gc


def test_a_collection_runs_with_no_context_current_and_gives_it_back(make_window):
    from PySide6.QtGui import QOpenGLContext

    window = make_window()
    window.plotter.makeCurrent()
    context = QOpenGLContext.currentContext()
    assert context is not None
    seen = []

    def look(phase, _info):
        if phase == "start":
            seen.append(QOpenGLContext.currentContext())

    gc.callbacks.append(look)  # (after the guard's: it runs second)
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(look)
    assert seen == [None]
    assert QOpenGLContext.currentContext() is context


def test_the_window_draws_after_a_collection_in_a_render(make_window):
    """A collection that starts inside a render (a Python observer allocating) leaves the
    render its context: the picture is the board, not the background."""
    import numpy as np

    window = make_window()
    renderer = window.plotter.renderer
    tag = renderer.AddObserver("StartEvent", lambda *_: gc.collect())
    try:
        window.stage.render_now()
        image = np.asarray(window.plotter.screenshot(return_img=True))
    finally:
        renderer.RemoveObserver(tag)
    assert len(np.unique(image.reshape(-1, image.shape[-1]), axis=0)) > 20
