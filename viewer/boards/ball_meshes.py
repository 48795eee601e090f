"""The ball pyramid drawn without a plotter: what the classroom's page shows (vtk.js draws
triangles, and spheres as impostors: its sphere mapper, from their centres, radii and
colours, as the window draws its balls; no GLSL of ours).

It draws the same :class:`~viewer.lab.frame.Frame` as the window's
:class:`~viewer.boards.ball_pyramid.BallPyramidView`, with the window's own placing code
(its walls, pointer cones, labels' spots, contact shading and picking), each frame field
in the spheres (:meth:`layer_spheres`) or the mesh that stands for the window's visual:

| frame          | spheres or mesh (layer)                                             |
|----------------|---------------------------------------------------------------------|
| pieces         | spheres in the window's shaded colours ("balls")                     |
| markers, heat  | small spheres on empty points ("markers")                            |
| highlights     | a rim: a larger sphere in the rim's colour of which the page draws   |
|                | the far half only, so only its outline shows round the ball ("rims") |
| pointers       | the window's cones, outside the site ("pointers")                   |
| paths          | tubes through the points ("paths"), and a copy the page draws faint  |
|                | over the balls that hide it ("xray", as the window's x-ray layer)   |
| regions        | translucent cells ("regions")                                       |
| labels         | text at the window's label spot, beyond the cone (``label_spots``)   |
| ghosts         | translucent sphere meshes ("ghosts")                                |
| "walls"        | the five faint faces ("walls"), their names (``board_labels``)      |
| (always)       | the board under the base with its dimples, the pyramid's edges      |

No plotter, no actor, nothing rendered: :meth:`layer_spheres` gives the spheres,
:meth:`layer_meshes` and :meth:`still_meshes` the meshes (each with a per-cell ``rgb``),
:meth:`pick_ray` finds the point a view ray meets, as the window's ``pick`` does."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyvista as pv

from pyramid_lab.model.lattice import CORNERS, PyramidLattice

from ..lab import palette
from ..lab.frame import Frame
from ..lab.view_state import ViewState
from .ball_pyramid import (
    BALL_RADIUS,
    BOARD_MARGIN,
    BOARD_THICKNESS,
    BOARD_TOP,
    CUBE,
    DIMPLE_RADIUS,
    DIMPLE_RIM,
    HEAT_RADIUS,
    LABEL_OUT,
    MARKER_RADIUS,
    MARKER_TOUCH_RADIUS,
    PATH_RADIUS,
    RIM_RADIUS,
    BallPyramidView,
    board_contacts,
    frame_colours,
    outward,
    pyramid_centre,
    wall_faces,
)
from .base import Spheres
from .meshes import instances, points_behind, ray_entry, template

#: A rim stands this much outside its ball (the window's outline shader draws it inside
#: the impostor's own few pixels; a mesh outline needs a band that shows at a page's size).
RIM_OUT = 0.04
EDGE_RADIUS = 0.018
#: The board and the edges of each size of pyramid (they never change; a page's board is
#: built afresh for every answer).
_STILL: dict[int, dict[str, pv.PolyData]] = {}
_GHOST_SPHERE = template(pv.Sphere(radius=1.0, theta_resolution=24, phi_resolution=16))


def _window_geometry(lattice: PyramidLattice) -> BallPyramidView:
    """The window's board view holding its geometry only (no plotter, no actor): its own
    code places the walls, the cones and the labels and shades the contacts."""
    view = BallPyramidView.__new__(BallPyramidView)
    view.lattice = view.geometry = lattice
    view._board_below = board_contacts(lattice)  # the board under a base ball's 4 below
    view.centroid = pyramid_centre(lattice)
    return view


class BallPyramidMeshes:
    """The ball pyramid's frames as meshes (see the module)."""

    kind = BallPyramidView.kind
    supports_cut_open = False  # a clipped ball is hidden whole (the window may cut it open)
    flat = False
    hover_ring = False  # (no hover drawn)
    headless = True

    def __init__(self, lattice: PyramidLattice) -> None:
        self.geometry = self.lattice = lattice
        self.level_count = lattice.n
        self.peel_max = int(lattice.wall_distance.min(axis=1).max())
        self.views = palette.VIEWS
        self._window = _window_geometry(lattice)
        self._meshes: dict[str, pv.PolyData] = {}
        self._spheres: dict[str, Spheres] = {}
        self._walls, self._wall_labels = wall_faces(lattice, self._window.centroid)
        self._walls_shown = False
        self.label_spots: list[tuple[str, tuple[float, ...]]] = []
        self.shown = np.zeros(lattice.count, dtype=bool)
        self._pick_radius = np.zeros(lattice.count)

    # ---- what the page draws ------------------------------------------------------------

    def still_meshes(self) -> dict[str, pv.PolyData]:
        """The board under the base and the pyramid's edges (the window draws them always),
        made once per size of pyramid."""
        kept = _STILL.get(self.lattice.n)
        if kept is None:
            kept = _STILL[self.lattice.n] = {
                "board": board_polygons(self.lattice),
                "edges": self._edges(),
            }
        return dict(kept)

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        """The walls' names, where the frame shows the walls."""
        if not self._walls_shown:
            return []
        return [(text, tuple(float(c) for c in at)) for text, at in self._wall_labels]

    def layer_meshes(self) -> dict[str, pv.PolyData]:
        """The meshes the last :meth:`show` drew, by layer (empty ones left out)."""
        return {name: mesh for name, mesh in self._meshes.items() if mesh.n_points}

    def layer_spheres(self) -> dict[str, Spheres]:
        """The spheres the last :meth:`show` drew, by layer (empty ones left out)."""
        return {name: balls for name, balls in self._spheres.items() if len(balls)}

    def show(self, frame: Frame, view: ViewState) -> None:
        """Draw ``frame`` under the view state's level range, peel and clip planes."""
        lat = self.lattice
        visible = view.visible(lat)
        rgb, occupied, marked = frame_colours(lat, frame)
        balls = occupied & visible
        heated = np.zeros(lat.count, dtype=bool)
        for site, value in frame.heat.items():
            if visible[site] and not occupied[site]:
                heated[site] = True
                rgb[site] = palette.heat_rgb([value])[0]
        markers = (marked | heated) & ~occupied & visible
        ghosts = np.zeros(lat.count, dtype=bool)
        ghosts[[s for s in frame.ghosts if visible[s] and not occupied[s]]] = True
        shaded = self._window._shade_contacts(rgb, balls)
        hidden = self._window._enclosed(balls)
        drawn = balls & ~hidden
        radius = np.where(heated, HEAT_RADIUS, MARKER_RADIUS)
        self._spheres = {
            "balls": self._sphere_set(drawn, shaded, BALL_RADIUS),
            "markers": self._sphere_set(markers, rgb, radius),
            "rims": self._rims(frame, drawn),
        }
        self._meshes = {"ghosts": self._ghosts(frame, ghosts), **self._overlays(frame, visible)}
        self._pick_radius = np.where(drawn, BALL_RADIUS, np.where(markers, radius, 0.0))
        self._pick_radius[ghosts] = BALL_RADIUS
        self.shown = drawn | markers | ghosts
        self.label_spots = [
            (label.text, tuple(float(c) for c in self._label_spot(label.site)))
            for label in frame.labels
            if 0 <= label.site < lat.count
        ]

    def _sphere_set(self, where: np.ndarray, rgb: np.ndarray, radius: Any) -> Spheres:
        ids = np.flatnonzero(where)
        scale = np.broadcast_to(np.asarray(radius, dtype=float), (self.lattice.count,))[ids]
        return Spheres.of(self.lattice.centres[ids], scale, np.asarray(rgb)[ids])

    def _rims(self, frame: Frame, balls: np.ndarray) -> Spheres:
        """Each highlighted ball's rim, in the colour of its outermost style (as the window
        shows a ball in several highlights)."""
        covered = np.zeros(self.lattice.count, dtype=bool)
        sites: list[np.ndarray] = []
        radii: list[np.ndarray] = []
        colours: list[np.ndarray] = []
        for style in sorted(RIM_RADIUS, key=RIM_RADIUS.__getitem__, reverse=True):
            if style not in frame.highlights or style not in palette.RIM_RGB:
                continue
            ids = np.zeros(self.lattice.count, dtype=bool)
            ids[list(frame.highlights[style])] = True
            ids &= balls & ~covered
            covered |= ids
            found = np.flatnonzero(ids)
            sites.append(found)
            radii.append(np.full(len(found), RIM_RADIUS[style] + RIM_OUT))
            colours.append(np.tile(np.array(palette.RIM_RGB[style]) * 255, (len(found), 1)))
        if not sites:
            return Spheres.of(np.zeros((0, 3)), np.zeros(0), np.zeros((0, 3)))
        where = np.concatenate(sites)
        return Spheres.of(
            self.lattice.centres[where], np.concatenate(radii), np.concatenate(colours)
        )

    def _ghosts(self, frame: Frame, where: np.ndarray) -> pv.PolyData:
        ids = np.flatnonzero(where)
        colours = [palette.piece_rgb(frame.ghosts[int(s)]) for s in ids]
        return instances(
            _GHOST_SPHERE, self.lattice.centres[ids], colours, [BALL_RADIUS] * len(ids)
        )

    def _overlays(self, frame: Frame, visible: np.ndarray) -> dict[str, pv.PolyData]:
        centres = self.lattice.centres
        found: dict[str, pv.PolyData] = {}
        self._walls_shown = "walls" in frame.decorations
        found["walls"] = self._walls.copy() if self._walls_shown else pv.PolyData()
        cones = [self._window._pointer_cone(p.site, p.direction) for p in frame.pointers]
        for cone, pointer in zip(cones, frame.pointers, strict=True):
            colour = palette.POINTER_RGB.get(pointer.style, palette.EDGE_RGB)
            cone.cell_data["rgb"] = np.tile(np.array(colour, np.uint8), (cone.n_cells, 1))
        found["pointers"] = pv.merge(cones) if cones else pv.PolyData()
        cells = [(s, r.style) for r in frame.regions for s in r.sites if visible[s]]
        found["regions"] = instances(
            CUBE,
            centres[[s for s, _ in cells]],
            [palette.REGION_RGB.get(style, palette.EDGE_RGB) for _, style in cells],
        )
        tubes = []
        for path in frame.paths:
            if len(path.sites) < 2:
                continue
            line = pv.lines_from_points(centres[list(path.sites)])
            # six sides, smooth: the window's tube at a page's size, half the bytes of twelve
            tube = line.tube(radius=PATH_RADIUS, n_sides=6).triangulate()
            plain = pv.PolyData(tube.points, tube.faces)  # (the tube's normals left behind)
            colour = palette.PATH_RGB.get(path.style, palette.EDGE_RGB)
            plain.cell_data["rgb"] = np.tile(np.array(colour, np.uint8), (plain.n_cells, 1))
            tubes.append(plain)
        found["paths"] = pv.merge(tubes) if tubes else pv.PolyData()
        # where balls hide a path it shows through, faint: the window's x-ray copy (the page
        # draws this layer over the scene)
        found["xray"] = found["paths"].copy()
        return found

    def _edges(self) -> pv.PolyData:
        """The pyramid's eight edges through the corner balls' centres, as thin tubes (a
        page's lines are a pixel wide whatever the zoom)."""
        lat = self.lattice
        sw, se, nw, ne, ap = (lat.centres[lat.corner_ids[c]] for c in CORNERS)
        tubes = []
        for a, b in (
            (sw, se),
            (se, ne),
            (ne, nw),
            (nw, sw),
            (sw, ap),
            (se, ap),
            (ne, ap),
            (nw, ap),
        ):
            tube = pv.Line(a, b).tube(radius=EDGE_RADIUS, n_sides=8).triangulate()
            tubes.append(pv.PolyData(tube.points, tube.faces))
        edges: pv.PolyData = pv.merge(tubes)
        edges.cell_data["rgb"] = np.tile(np.array(palette.EDGE_RGB, np.uint8), (edges.n_cells, 1))
        return edges

    # ---- camera and picking -------------------------------------------------------------

    def bounds(self) -> tuple[float, ...]:
        """The board, the balls and the corners' labels (the window's ``set_view`` frames
        the same)."""
        lat = self.lattice
        spots = [self._label_spot(int(lat.corner_ids[c])) for c in CORNERS]
        base = lat.centres[lat.levels == 0]
        lo = base.min(axis=0) - BOARD_MARGIN
        hi = base.max(axis=0) + BOARD_MARGIN
        points = np.array(
            [*spots, *lat.centres, (lo[0], lo[1], BOARD_TOP - BOARD_THICKNESS), (hi[0], hi[1], 0)]
        )
        low = points.min(axis=0) - BALL_RADIUS
        high = points.max(axis=0) + BALL_RADIUS
        return (low[0], high[0], low[1], high[1], low[2], high[2])

    def pick_ray(self, near: np.ndarray, direction: np.ndarray) -> int | None:
        """The shown point the view ray from ``near`` along unit ``direction`` meets: the
        nearest ball or marker hit as drawn, else the nearest marker whose touch target
        (a little wider than the marker) it crosses, as the window picks."""
        if not self.shown.any():
            return None
        ids = np.flatnonzero(self.shown)
        centres = self.lattice.centres[ids]
        drawn = self._pick_radius[ids]
        for radius in (drawn, np.maximum(drawn, MARKER_TOUCH_RADIUS)):
            entry = ray_entry(np.asarray(near), np.asarray(direction), centres, radius)
            best = int(np.argmin(entry))
            if entry[best] < math.inf:
                return int(ids[best])
        return None

    def _label_spot(self, site: int) -> np.ndarray:
        """Where ``site``'s label stands: LABEL_OUT outside it, away from the middle."""
        lat = self.lattice
        spot: np.ndarray = lat.centres[site] + outward(lat, self._window.centroid, site) * LABEL_OUT
        return spot

    def behind(self, site: int) -> list[int]:
        return []  # (the window's view remembers its pick's ray; here the page hands it in)

    def behind_ray(self, site: int, near: np.ndarray, direction: np.ndarray) -> list[int]:
        """The points behind ``site``'s ball on that ray, shown or not (a peeled shell, an
        empty point), nearest first: as the window finds them."""
        return points_behind(
            self.lattice.centres, site, np.asarray(near), np.asarray(direction), BALL_RADIUS
        )


def board_polygons(lat: PyramidLattice) -> pv.PolyData:
    """The board under the base as the page draws it: the window's wooden slab with a dark
    dimple and its rim under every base point, as coloured polygons (the window draws the
    board's top as one quad with the dimples in a texture; the page's meshes carry colours
    by cell, not textures): the same sizes and colours, so the same picture."""
    base = lat.centres[lat.levels == 0]
    lo, hi = base.min(axis=0) - BOARD_MARGIN, base.max(axis=0) + BOARD_MARGIN
    slab = pv.Box(bounds=(lo[0], hi[0], lo[1], hi[1], BOARD_TOP - BOARD_THICKNESS, BOARD_TOP))
    slab = slab.triangulate()
    slab.cell_data["rgb"] = np.tile(np.array(palette.BOARD_RGB, np.uint8), (slab.n_cells, 1))
    parts = [slab]
    for inner, outer, lift, rgb in (
        (0.0, DIMPLE_RADIUS, 0.002, palette.DIMPLE_RGB),
        (DIMPLE_RADIUS, DIMPLE_RADIUS + DIMPLE_RIM, 0.003, palette.DIMPLE_RIM_RGB),
    ):
        disc = template(pv.Disc(inner=inner, outer=outer, normal=(0, 0, 1), c_res=28))
        where = base + np.array([0.0, 0.0, BOARD_TOP + lift])
        parts.append(instances(disc, where, [rgb] * len(base)))
    merged: pv.PolyData = pv.merge(parts)
    return merged
