"""Between display pixels and the world: the view ray under a pixel, and where a world
point appears. Both scenes pick on the CPU with these, so a picked id is a model id."""

from __future__ import annotations

import numpy as np
import pyvista as pv


def view_ray(plotter: pv.BasePlotter, x: float, y: float) -> tuple[np.ndarray, np.ndarray]:
    """The ray under display pixel (x, y) (VTK's y axis, upwards): its start on the near
    plane and its unit direction."""
    renderer = plotter.renderer
    points = []
    for depth in (0.0, 1.0):
        renderer.SetDisplayPoint(x, y, depth)
        renderer.DisplayToWorld()
        wx, wy, wz, w = renderer.GetWorldPoint()
        points.append(np.array([wx, wy, wz]) / (w or 1.0))
    direction = points[1] - points[0]
    return points[0], direction / np.linalg.norm(direction)


def to_display(plotter: pv.BasePlotter, point: np.ndarray) -> tuple[float, float]:
    """Where world ``point`` appears, in display pixels (VTK's y axis, upwards)."""
    renderer = plotter.renderer
    renderer.SetWorldPoint(*point, 1.0)
    renderer.WorldToDisplay()
    x, y, _ = renderer.GetDisplayPoint()
    return x, y
