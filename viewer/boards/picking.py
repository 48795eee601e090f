"""Between display pixels and the world: the view ray under a pixel, and where a world
point appears. Both scenes pick on the CPU with these, so a picked id is a model id."""

from __future__ import annotations

import math

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


def points_behind(
    centres: np.ndarray, site: int, near: np.ndarray, direction: np.ndarray, radius: float
) -> list[int]:
    """The points whose ball (of ``radius``) the view ray from ``near`` along unit
    ``direction`` passes through beyond point ``site``'s, nearest first (the window's pick
    and the page's)."""
    entry = ray_entry(near, direction, centres, np.full(len(centres), radius))
    front = entry[site]
    if not math.isfinite(front):
        return []
    later = [int(p) for p in np.argsort(entry) if math.isfinite(entry[p]) and entry[p] > front]
    return [p for p in later if p != site]


def ray_entry(
    near: np.ndarray, direction: np.ndarray, centres: np.ndarray, radius: np.ndarray
) -> np.ndarray:
    """Per sphere: how far along the ray it is entered (inf where the ray misses it)."""
    to_centre = centres - near
    along = to_centre @ direction
    miss2 = np.einsum("ij,ij->i", to_centre, to_centre) - along**2
    hit = (miss2 <= radius**2) & (along > 0)
    entry: np.ndarray = along - np.sqrt(np.maximum(radius**2 - miss2, 0.0))
    entry[~hit] = math.inf
    return entry
