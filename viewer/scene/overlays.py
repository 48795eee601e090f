"""Pyramid Partition's teaching overlays, drawn beside the balls of a :class:`BallScene`:

- the five walls as faint translucent faces just outside the balls, with their names;
- the five corners as cones pointing at the corner points, coloured by holder;
- a corner's isolated region as translucent cells, its holding group and anchor balls
  outlined (shaders/outline_rim.glsl), or each player's escape path as a tube;
- the selected group outlined.

All actors exist from the start and are switched on and off; the meshes are rebuilt from
numpy arrays when the position or the overlays change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyvista as pv

from model.lattice import CORNERS, WALLS, Wall

from ..teaching import Overlays, TeachingView
from .meshes import add_labels, instances, template
from .shaders import add_fragment_effect

if TYPE_CHECKING:
    from .balls import BallScene

WALL_RGB = {
    Wall.BASE: (150, 150, 150),
    Wall.WEST: (90, 170, 90),
    Wall.EAST: (200, 140, 60),
    Wall.SOUTH: (120, 110, 200),
    Wall.NORTH: (70, 160, 190),
}
WALL_OPACITY = 0.16
WALL_MARGIN = 0.6  # faces stand this far outside the outer balls' centres
UNHELD_RGB = (165, 165, 165)
OUTLINE_RGB = {  # rim colours of the outlined balls
    "group": (1.0, 0.78, 0.0),  # the holding group
    "anchor": (0.0, 0.85, 0.35),  # its anchor balls on the far walls
    "selected": (1.0, 0.45, 0.0),  # the group the user clicked
}
OUTLINE_RADIUS = {"group": 0.5, "anchor": 0.51, "selected": 0.505}
REGION_CELL = 0.62
REGION_OPACITY = 0.32
PATH_RADIUS = 0.08
PATH_RGB = {"red": (240, 110, 110), "blue": (110, 150, 245)}

_CONE = template(pv.Cone(center=(0, 0, 0), direction=(0, 0, -1), height=0.5, radius=0.2))
_CUBE = template(pv.Cube(x_length=REGION_CELL, y_length=REGION_CELL, z_length=REGION_CELL))


class PartitionOverlayLayer:
    def __init__(self, scene: BallScene) -> None:
        self.scene = scene
        lat = scene.lattice
        assert lat is not None
        self.lattice = lat
        corners = np.array([lat.centres[lat.corner_ids[c]] for c in CORNERS], dtype=float)
        self.centroid = corners.mean(axis=0)
        self.actors: list[Any] = []
        self.region_ids = np.zeros(0, dtype=np.int64)  # points shaded as a corner's region
        faces, labels = self._wall_faces(corners)
        self.walls = self._add_mesh(faces, opacity=WALL_OPACITY)
        self.walls.GetProperty().BackfaceCullingOff()
        self.wall_labels = self._labels(labels)
        self.outward = (corners - self.centroid) / np.linalg.norm(
            corners - self.centroid, axis=1, keepdims=True
        )
        self.corner_points = corners
        self.corner_mesh = instances(_CONE, [(0, 0, -100)], [UNHELD_RGB])
        self.corners = self._add_mesh(self.corner_mesh)
        self.corner_labels = self._labels(
            [(c.value, corners[i] + self.outward[i] * 1.45) for i, c in enumerate(CORNERS)]
        )
        self.region_mesh = instances(_CUBE, [(0, 0, -100)], [UNHELD_RGB])
        self.region = self._add_mesh(self.region_mesh, opacity=REGION_OPACITY)
        self.path_mesh = instances(_CUBE, [(0, 0, -100)], [UNHELD_RGB])
        self.paths = self._add_mesh(self.path_mesh)
        self.outlines: dict[str, tuple[pv.PolyData, Any]] = {}
        for name, rim in OUTLINE_RGB.items():
            poly = scene._impostors(lat.centres[:1].astype(np.float32))
            actor = scene._add(poly)
            add_fragment_effect(actor, "outline_rim", uniforms={"rimColor": rim})
            self.outlines[name] = (poly, actor)
            self.actors.append(actor)
        self.hide()

    # ---- building -----------------------------------------------------------------------

    def _add_mesh(self, mesh: pv.PolyData, opacity: float = 1.0) -> Any:
        actor = self.scene.plotter.add_mesh(
            mesh,
            scalars="rgb",
            rgb=True,
            opacity=opacity,
            pickable=False,
            reset_camera=False,
            render=False,
            show_scalar_bar=False,
        )
        self.actors.append(actor)
        return actor

    def _labels(self, labels: list[tuple[str, np.ndarray]]) -> Any:
        actor = add_labels(self.scene.plotter, labels, font_size=15, always_visible=True)
        self.actors.append(actor)
        return actor

    def _wall_faces(self, c: np.ndarray) -> tuple[pv.PolyData, list[tuple[str, np.ndarray]]]:
        sw, se, nw, ne, ap = c
        polygons = {
            Wall.BASE: [sw, se, ne, nw],
            Wall.WEST: [sw, nw, ap],
            Wall.EAST: [se, ne, ap],
            Wall.SOUTH: [sw, se, ap],
            Wall.NORTH: [nw, ne, ap],
        }
        points, faces, colours, labels = [], [], [], []
        for wall in WALLS:
            poly = np.array(polygons[wall], dtype=float)
            middle = poly.mean(axis=0)
            normal = np.cross(poly[1] - poly[0], poly[2] - poly[0])
            normal /= np.linalg.norm(normal)
            if normal @ (middle - self.centroid) < 0:
                normal = -normal
            # out by the margin, and a little wider, so the face covers the outer balls
            shifted = middle + (poly - middle) * 1.12 + normal * WALL_MARGIN
            faces.append([len(poly), *range(len(points), len(points) + len(poly))])
            points.extend(shifted)
            colours.append(WALL_RGB[wall])
            labels.append((wall.label, middle + normal * (WALL_MARGIN + 0.3)))
        mesh = pv.PolyData(np.array(points), np.concatenate(faces))
        mesh.cell_data["rgb"] = np.array(colours, dtype=np.uint8)
        return mesh, labels

    # ---- updating -----------------------------------------------------------------------

    def hide(self) -> None:
        for actor in self.actors:
            actor.SetVisibility(False)

    def update(
        self, teaching: TeachingView | None, overlays: Overlays | None, visible: np.ndarray
    ) -> None:
        """Draw what ``overlays`` asks for in the position ``teaching`` describes; only
        points in ``visible`` (level range, peel, clips) get region cells and outlines."""
        self.hide()
        self.region_ids = np.zeros(0, dtype=np.int64)
        if teaching is None or overlays is None:
            return
        if overlays.walls:
            self.walls.SetVisibility(True)
            self.wall_labels.SetVisibility(True)
        if overlays.corners:
            colours = [
                _piece_rgb(teaching.holder(c)) if teaching.holder(c) else UNHELD_RGB
                for c in CORNERS
            ]
            cones = self.corner_points + self.outward * 0.95
            self.corner_mesh.copy_from(instances(_CONE, cones, colours))
            self._orient_cones()
            self.corners.SetVisibility(True)
            self.corner_labels.SetVisibility(True)
        outlined: dict[str, np.ndarray] = {}
        if overlays.selected is not None:
            outlined["selected"] = teaching.group_ids(overlays.selected)
        corner = overlays.region
        if corner is not None:
            holder = teaching.holder(corner)
            if holder is not None:
                region = teaching.region(corner)
                region = region[visible[region]]
                self.region_ids = region
                if len(region):
                    colour = _piece_rgb(holder)
                    cells = instances(_CUBE, self.lattice.centres[region], [colour] * len(region))
                    self.region_mesh.copy_from(cells)
                    self.region.SetVisibility(True)
                outlined["group"] = teaching.holding_group(corner)
                outlined["anchor"] = teaching.anchors(corner)
            else:
                tubes = []
                for colour in ("red", "blue"):
                    path = teaching.escape(corner, colour)
                    if len(path) >= 2:
                        line = pv.lines_from_points(self.lattice.centres[list(path)])
                        tube = line.tube(radius=PATH_RADIUS, n_sides=12).triangulate()
                        tube.cell_data["rgb"] = np.tile(PATH_RGB[colour], (tube.n_cells, 1))
                        tubes.append(tube)
                if tubes:
                    self.path_mesh.copy_from(pv.merge(tubes))
                    self.paths.SetVisibility(True)
        # Each outline actor holds only its balls, and the plain copies of those balls are
        # taken out of the scene's ball actor: a big holding group is not drawn twice.
        covered = np.zeros(self.lattice.count, dtype=bool)
        for name, ids in outlined.items():
            poly, actor = self.outlines[name]
            ids = ids[visible[ids]] if len(ids) else ids
            balls = self.scene._impostors(self.lattice.centres[ids].astype(np.float32))
            radius = np.full(len(ids), OUTLINE_RADIUS[name], dtype=np.float32)
            self.scene._write(balls, self.scene.current_rgb[ids], radius)
            poly.copy_from(balls)
            actor.SetVisibility(bool(len(ids)))
            covered[ids] = True
        if covered.any():
            self.scene.hide_balls(covered)

    def _orient_cones(self) -> None:
        """Turn each corner's cone (built pointing down) to point at its corner."""
        pts = np.asarray(self.corner_mesh.points)
        per = len(_CONE[0])
        for i in range(len(CORNERS)):
            block = pts[i * per : (i + 1) * per]
            centre = self.corner_points[i] + self.outward[i] * 0.95
            block[:] = centre + _rotate_down_to(-self.outward[i], block - centre)
        self.corner_mesh.points = pts


def _rotate_down_to(direction: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """Rotate ``vectors`` so that (0, 0, -1) turns into ``direction`` (Rodrigues)."""
    a = np.array([0.0, 0.0, -1.0])
    b = direction / np.linalg.norm(direction)
    v = np.cross(a, b)
    c = float(a @ b)
    if np.linalg.norm(v) < 1e-9:
        return vectors if c > 0 else vectors * np.array([1.0, -1.0, -1.0])
    k = np.array([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])
    rot = np.eye(3) + k + k @ k * (1 / (1 + c))
    return vectors @ rot.T


def _piece_rgb(colour: str) -> tuple[int, int, int]:
    from .balls import PIECE_RGB

    return PIECE_RGB[colour]
