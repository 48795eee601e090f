"""What on a student's board points at a site without being one: the frame's cones (a
corner's marker) and its labels (a corner's name), each standing outside its site. A click
on one is a click on the site it names (the student aimed at that corner): the page's view
ray that meets no site is tried against them (:func:`aimed`), where before it was refused
as "not on the board" (issue 89's classroom trial)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyvista as pv

#: How far from a label's spot a view ray may pass and still be a click on it, in the
#: board's spacing of sites (a short name's text, at the page's size, covers about that).
LABEL_REACH = 0.3


@dataclass(frozen=True)
class Aims:
    """The cones' triangles, each with the site its cone points at, and the labels'
    spots, each with its site; ``reach``: how near a label's spot a ray passes to meet it."""

    triangles: np.ndarray  # (n, 3, 3): each triangle's corners
    triangle_sites: np.ndarray  # (n,)
    spots: np.ndarray  # (m, 3)
    spot_sites: np.ndarray  # (m,)
    reach: float

    @classmethod
    def of(
        cls,
        cones: pv.PolyData | None,
        pointed: Sequence[int],
        labels: Sequence[tuple[int, Sequence[float]]],
        centres: np.ndarray,
    ) -> Aims:
        """The cones' mesh (``cones``, each triangle the cone's of the ``pointed`` site
        nearest it) and each label as (its site, its spot); ``centres``: the sites'
        centres (their spacing sets the labels' reach)."""
        triangles = _triangles(cones) if cones is not None else np.zeros((0, 3, 3))
        sites = np.zeros(len(triangles), dtype=int)
        if len(triangles) and len(pointed):
            targets = np.asarray(pointed, dtype=int)
            middle = triangles.mean(axis=1)
            apart = np.linalg.norm(middle[:, None, :] - centres[targets][None], axis=2)
            sites = targets[np.argmin(apart, axis=1)]
        elif len(triangles):
            triangles = np.zeros((0, 3, 3))  # (cones of no site: nothing to aim at)
            sites = np.zeros(0, dtype=int)
        spots = np.array([list(at) for _site, at in labels], dtype=float).reshape(-1, 3)
        return cls(
            triangles,
            sites,
            spots,
            np.array([site for site, _at in labels], dtype=int),
            LABEL_REACH * _spacing(centres),
        )

    def aimed(self, origin: np.ndarray, direction: np.ndarray) -> int | None:
        """The site of the nearest cone the ray from ``origin`` along unit ``direction``
        meets, else of the nearest label it passes within reach of, else None."""
        hit = _ray_triangles(origin, direction, self.triangles)
        if len(hit) and np.isfinite(hit.min()):
            return int(self.triangle_sites[int(np.argmin(hit))])
        if not len(self.spots):
            return None
        along = (self.spots - origin) @ direction
        off = np.linalg.norm(self.spots - origin - np.outer(along, direction), axis=1)
        off[along <= 0] = np.inf  # (behind the camera)
        best = int(np.argmin(off))
        return int(self.spot_sites[best]) if off[best] <= self.reach else None


def _triangles(mesh: pv.PolyData) -> np.ndarray:
    """The mesh's faces as triangles' corners (n, 3, 3)."""
    if not mesh.n_cells:
        return np.zeros((0, 3, 3))
    plain = mesh.triangulate()
    faces = np.asarray(plain.faces).reshape(-1, 4)[:, 1:]
    corners: np.ndarray = np.asarray(plain.points, dtype=float)[faces]
    return corners


def _spacing(centres: np.ndarray) -> float:
    """The least distance between two sites (1 where there are fewer than two)."""
    if len(centres) < 2:
        return 1.0
    apart = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    apart[apart == 0] = np.inf
    least = float(apart.min())
    return least if np.isfinite(least) else 1.0


def _ray_triangles(origin: np.ndarray, direction: np.ndarray, tri: np.ndarray) -> np.ndarray:
    """How far along the ray it meets each triangle (inf where it misses): the
    Moller-Trumbore test, over all the triangles at once."""
    if not len(tri):
        return np.zeros(0)
    a, edge1, edge2 = tri[:, 0], tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]
    p = np.cross(direction, edge2)
    det = np.einsum("ij,ij->i", edge1, p)
    usable = np.abs(det) > 1e-12
    inv = np.where(usable, 1.0 / np.where(usable, det, 1.0), 0.0)
    t_vec = origin - a
    u = np.einsum("ij,ij->i", t_vec, p) * inv
    q = np.cross(t_vec, edge1)
    v = (q @ direction) * inv
    t = np.einsum("ij,ij->i", edge2, q) * inv
    hit = usable & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 0)
    return np.where(hit, t, np.inf)
