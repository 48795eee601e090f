"""No window's GL context is current while Python's cyclic garbage collector runs.

A window is a cycle of Qt and Python objects, so its VTK objects (actors, mappers,
textures, its render window) die when the collector gets round to them: at some allocation
much later, in the middle of another window's work. A VTK object that dies deletes the GL
objects it still names (buffers, textures, framebuffers) in whatever context is current
then; names are small integers that every context reuses, so it deleted the live
window's buffers, and that window's next render read freed memory (a segmentation fault in
Mesa, in ``vtkOpenGLPolyDataMapper::RenderPieceDraw``: tests/viewer/test_lesson_steps.py,
in most runs of the suite since pyvista 0.49 and pyvistaqt 0.13 moved the allocations about).

So the collector runs with no context current: GL calls without a context do nothing, and
an object that needs its own context makes it current itself (VTK's ``MakeCurrent``,
which pyvistaqt answers for a window that is still open). The context that was current is
made current again afterwards (a collection can start in a render, between two GL calls).
"""

from __future__ import annotations

import contextlib
import gc
from typing import Any

from PySide6.QtGui import QOpenGLContext
from shiboken6 import isValid

_installed = False
#: The context and surface current when each running collection started (None: none was).
_put_aside: list[tuple[QOpenGLContext, Any] | None] = []


def install() -> None:
    """Guard every later collection (once per process)."""
    global _installed
    if not _installed:
        gc.callbacks.append(_around_collection)
        _installed = True


def _around_collection(phase: str, _info: dict[str, int]) -> None:
    if phase == "start":
        context = QOpenGLContext.currentContext()
        surface = context.surface() if context is not None else None
        if context is None or surface is None:
            _put_aside.append(None)
            return
        context.doneCurrent()
        _put_aside.append((context, surface))
        return
    entry = _put_aside.pop() if _put_aside else None
    if entry is None:
        return
    context, surface = entry
    # (a context that died in the collection, with its widget, is not made current again)
    if isValid(context) and QOpenGLContext.currentContext() is None:
        with contextlib.suppress(RuntimeError):  # (its surface went in the collection)
            context.makeCurrent(surface)
