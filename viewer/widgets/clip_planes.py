"""The axis clip planes drawn in the scene: a faint square on each enabled plane, spanning
the board, with an outline, so a user sees where the cut is (the free plane has pyvista's
own widget). Redrawn only when the planes or the board change."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyvista as pv

from ..boards.meshes import add_still_mesh, remove_actor
from ..lab import palette
from ..lab.view_state import ViewState

PLANE_OPACITY = 0.16
PAD = 0.7  # the square reaches this far beyond the outer pieces' centres


def plane_quads(view: ViewState, centres: np.ndarray) -> pv.PolyData:
    """One quad per enabled axis clip plane, across the box of ``centres`` (padded)."""
    lo, hi = centres.min(axis=0) - PAD, centres.max(axis=0) + PAD
    quads = []
    for clip in view.clips:
        if not clip.enabled:
            continue
        a = clip.axis
        u, v = [d for d in range(3) if d != a]
        corners = []
        for cu, cv in ((lo[u], lo[v]), (hi[u], lo[v]), (hi[u], hi[v]), (lo[u], hi[v])):
            p = np.zeros(3)
            p[a], p[u], p[v] = clip.value, cu, cv
            corners.append(p)
        quads.append(pv.PolyData(np.array(corners), faces=[4, 0, 1, 2, 3]))
    return pv.merge(quads) if quads else pv.PolyData()


class ClipPlanes:
    """The planes' actors in ``plotter``: a translucent fill and an outline."""

    def __init__(self, plotter: pv.BasePlotter) -> None:
        self.plotter = plotter
        self._key: tuple[Any, ...] | None = None
        self._actors: list[Any] = []

    def show(self, view: ViewState, centres: np.ndarray) -> None:
        key = (tuple(view.clips), centres.shape, float(centres.sum()))
        if key == self._key:
            return
        self._key = key
        self.clear()
        mesh = plane_quads(view, centres)
        if mesh.n_points == 0:
            return
        rgb = palette.CLIP_PLANE_RGB
        fill = add_still_mesh(self.plotter, mesh, color=rgb, opacity=PLANE_OPACITY)
        fill.GetProperty().BackfaceCullingOff()
        edges = add_still_mesh(self.plotter, mesh.extract_feature_edges(), color=rgb, line_width=2)
        self._actors = [fill, edges]

    def clear(self) -> None:
        for actor in self._actors:
            remove_actor(self.plotter, actor)
        self._actors = []

    def reset(self) -> None:
        """The board changed: draw again at the next show."""
        self.clear()
        self._key = None
