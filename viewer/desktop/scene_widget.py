"""The scene's widget: pyvistaqt's ``QtInteractor``, which renders the whole scene in
software at every paint, less the renders of a scene that has not changed since its last
picture was made.

pyvistaqt renders in every paint because pyvista changes the scene without asking for a
paint, so it cannot tell a paint that needs a new picture from one that only shows the
last one again: the paint that a finished render asks for (its picture shown), the paint
of a window exposed again. VTK can tell: every change of a VTK object (a camera turned, an
actor moved or recoloured, a mesh refilled, the render window resized) advances VTK's one
modification clock, and so does making a VTK object. A paint that finds the clock where
the last shown picture left it shows that picture (blitted from VTK's framebuffer, as the
paint would have after rendering it again) instead of rendering the same picture again.
Anything else renders, as before.

Each mesh added (pyvista's ``add_mesh``) sets its mapper's colour table from the plotter's
colour map, which pyvista took by name, a fresh copy from matplotlib each time, its colours
computed again (a window adds some 20): the widget's plotter holds the map itself, made
once a process (the same colours; the board's meshes are coloured by their own RGB).

One change comes after a render's picture is made, in a renderer's ``EndEvent`` (the
legend placed again for the camera just drawn, :meth:`viewer.desktop.scene.Scene`):
whoever makes one says so (:meth:`SceneWidget.redraw_due`), and the next paint renders.
"""

from __future__ import annotations

import functools
from typing import Any

from matplotlib.colors import Colormap
from PySide6.QtCore import QRect
from pyvista import get_cmap_safe
from pyvistaqt import QtInteractor
from vtkmodules.vtkCommonCore import vtkObject

_clock = vtkObject()  # (made once: making a VTK object advances the clock too)


def vtk_clock() -> int:
    """VTK's modification clock now (this call advances it by one)."""
    _clock.Modified()
    return int(_clock.GetMTime())


@functools.cache
def colour_map(name: str) -> Colormap:
    """Matplotlib's colour map ``name``, made once (see the module)."""
    made: Colormap = get_cmap_safe(name)  # type: ignore[arg-type]  # (typed as its names' Literal)
    return made


class SceneWidget(QtInteractor):
    """A ``QtInteractor`` whose paint renders only where the scene changed since the
    picture it shows (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # (read as an object: narrowing pyvista's ColormapOptions, a union with a Literal of
        # its 797 colour-map names, by isinstance cost mypy 1.6 s of its 20 s on this line)
        cmap: object = self.theme.cmap
        if isinstance(cmap, str):
            self.theme.cmap = colour_map(cmap)
        self._shown_at: int | None = None  # VTK's clock when the picture shown was made
        self._due = False  # changed after the picture was made: the next paint renders

    def redraw_due(self) -> None:
        """The scene changed after its last picture was made: the next paint renders."""
        self._due = True
        self._shown_at = None

    def _cb_frame(self, obj: Any, evt: str) -> None:
        """A render finished (its picture to be shown at the next paint, which it asks for)."""
        super()._cb_frame(obj, evt)  # type: ignore[no-untyped-call]  # (pyvistaqt's rwi: unannotated)
        rw = self._RenderWindow
        if rw is not None and not (rw.GetDoubleBuffer() and not rw.GetSwapBuffers()):
            self._shown_at = None if self._due else vtk_clock()

    def paintGL(self) -> None:
        shown_at, self._shown_at, self._due = self._shown_at, None, False
        rw = self._RenderWindow
        if (
            shown_at is not None
            and rw is not None
            and self._gl is not None
            and rw.GetReadyForRendering()
            and vtk_clock() == shown_at + 1  # nothing of VTK changed since that picture
        ):
            self._show_last_picture()
        else:
            super().paintGL()  # type: ignore[no-untyped-call]  # (pyvistaqt's rwi: unannotated)
        self._shown_at = None if self._due else vtk_clock()

    def _show_last_picture(self) -> None:
        """The last picture again, as pyvistaqt's paint shows it after its render."""
        state = self._RenderWindow.GetState()
        state.Reset()  # (Qt touched GL since VTK's last call)
        state.Push()
        self.makeCurrent()
        ratio = self.devicePixelRatioF()
        width, height = max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio))
        target = self.defaultFramebufferObject()
        self._blit(target, QRect(0, 0, width, height))  # type: ignore[no-untyped-call]  # (as above)
        state.Pop()
