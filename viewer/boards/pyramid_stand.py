"""What stands round the ball pyramid in the window: the board under its base (a wooden
slab with a dimple under every base point), the pyramid's edges, its five walls as faint
faces named outside it, and where a label stands outside the pyramid."""

from __future__ import annotations

import functools

import numpy as np
import pyvista as pv
from vtkmodules.vtkCommonDataModel import vtkImageData
from vtkmodules.vtkRenderingCore import vtkTexture

from pyramid_lab.i18n import Message
from pyramid_lab.model.lattice import CORNERS, WALLS, PyramidLattice, Wall, lattice

from ..lab import palette

WALL_MARGIN = 0.6  # faces stand this far outside the outer balls' centres
BOARD_TOP = -0.42  # the board under the base: the base balls sit a little into its dimples
BOARD_THICKNESS = 0.2
BOARD_MARGIN = 0.8  # beyond the outer base points' centres
DIMPLE_RADIUS = 0.34
DIMPLE_RIM = 0.05  # the lighter ring round each dimple
BOARD_TEXELS = 128  # texels a unit of the board's top (its texture's dimples) at most
BOARD_TEXTURE_MAX = 2048  # texels along the board's top texture's longer side at most (12 MB)
WALL_LABEL_OUT = 1.9  # a side wall's name stands this far out from its base edge


def board_contacts(lat: PyramidLattice) -> np.ndarray:
    """Per point and contact, whether the board takes that contact (the 4 below a base
    ball; CONTACTS: 4 in plane, 4 below, 4 above)."""
    below = np.zeros(lat.neighbours.shape, dtype=bool)
    below[:, 4:8] = (lat.levels == 0)[:, None]
    return below


def pyramid_centre(lat: PyramidLattice) -> np.ndarray:
    """The middle of the pyramid's five corner balls (labels stand outward from it)."""
    corners = np.array([lat.centres[lat.corner_ids[c]] for c in CORNERS], float)
    centre: np.ndarray = corners.mean(axis=0)
    return centre


def board_corners(lat: PyramidLattice) -> list[tuple[float, float, float]]:
    """The board's eight corners (the camera frames them)."""
    base = lat.centres[lat.levels == 0]
    lo, hi = base.min(axis=0) - BOARD_MARGIN, base.max(axis=0) + BOARD_MARGIN
    return [
        (float(x), float(y), z)
        for x in (lo[0], hi[0])
        for y in (lo[1], hi[1])
        for z in (BOARD_TOP - BOARD_THICKNESS, BOARD_TOP)
    ]


def outward(lat: PyramidLattice, centroid: np.ndarray, site: int) -> np.ndarray:
    """The unit vector from the pyramid's centre ``centroid`` through ``site``."""
    out = lat.centres[site] - centroid
    norm = float(np.linalg.norm(out))
    return out / norm if norm > 1e-9 else np.array([0.0, 0.0, 1.0])


def wall_faces(
    lat: PyramidLattice, centroid: np.ndarray
) -> tuple[pv.PolyData, list[tuple[str, np.ndarray]]]:
    """The five walls as faces a little outside the outer balls, each in its colour, and
    where each wall's name stands (a Message: the window and each page say it in theirs).
    Made once a base (every window's and page's board), each caller given copies."""
    mesh, labels = _wall_faces(lat.n, tuple(map(float, centroid)))
    return mesh.copy(), [(name, spot.copy()) for name, spot in labels]


@functools.lru_cache(maxsize=4)
def _wall_faces(
    n: int, centre: tuple[float, ...]
) -> tuple[pv.PolyData, list[tuple[str, np.ndarray]]]:
    """:func:`wall_faces` of the base-``n`` pyramid, its labels standing out from ``centre``."""
    lat, centroid = lattice(n), np.array(centre)
    sw, se, nw, ne, ap = (lat.centres[lat.corner_ids[c]].astype(float) for c in CORNERS)
    polygons = {
        Wall.BASE: [sw, se, ne, nw],
        Wall.WEST: [sw, nw, ap],
        Wall.EAST: [se, ne, ap],
        Wall.SOUTH: [sw, se, ap],
        Wall.NORTH: [nw, ne, ap],
    }
    points: list[np.ndarray] = []
    faces: list[list[int]] = []
    colours: list[tuple[int, int, int]] = []
    labels: list[tuple[str, np.ndarray]] = []
    for wall in WALLS:
        poly = np.array(polygons[wall], dtype=float)
        middle = poly.mean(axis=0)
        normal = np.cross(poly[1] - poly[0], poly[2] - poly[0])
        normal /= np.linalg.norm(normal)
        if normal @ (middle - centroid) < 0:
            normal = -normal
        # out by the margin, and a little wider, so the face covers the outer balls
        shifted = middle + (poly - middle) * 1.12 + normal * WALL_MARGIN
        faces.append([len(poly), *range(len(points), len(points) + len(poly))])
        points.extend(shifted)
        colours.append(palette.WALL_RGB[wall.label])
        name = Message(wall.label)  # a word (the catalog's): said where it is drawn
        labels.append((name, _wall_label_spot(lat, centroid, wall, poly)))
    mesh = pv.PolyData(np.array(points), np.concatenate(faces))
    mesh.cell_data["rgb"] = np.array(colours, dtype=np.uint8)
    return mesh, labels


def _wall_label_spot(
    lat: PyramidLattice, centroid: np.ndarray, wall: Wall, poly: np.ndarray
) -> np.ndarray:
    """Where a wall's name stands: outside the pyramid, never over its balls. A side
    wall's beyond the middle of its base edge, on the board's level; the base's below
    the board's front-right edge."""
    if wall is Wall.BASE:  # under the front edge of the board, left of "south"
        lo = lat.centres.min(axis=0)
        hi = lat.centres.max(axis=0)
        x = lo[0] + 0.2 * (hi[0] - lo[0])
        return np.array([x, lo[1] - BOARD_MARGIN - 0.3, BOARD_TOP - BOARD_THICKNESS - 0.4])
    base_edge = poly[poly[:, 2] < 1e-6]  # the wall's corners on the base
    middle = base_edge.mean(axis=0)
    out = middle - centroid
    out[2] = 0.0
    out /= np.linalg.norm(out)
    spot: np.ndarray = middle + out * WALL_LABEL_OUT + np.array([0.0, 0.0, BOARD_TOP])
    return spot


def board_meshes(lat: PyramidLattice) -> tuple[pv.PolyData, pv.PolyData, vtkTexture]:
    """The board under the base: a wooden slab with a dark dimple under every base point
    (Pyraos's 4 x 4 board with its 16 holes; Partition's square board). Its top is one
    quad with the dimples in its texture: as many small triangles cost a fifth of a full
    pyramid's frame (all of Mesa's work on them, though the balls hide most of them).
    Made once a base (every window's board: 8 ms), each view given its own copies and
    texture (a texture is the GL context's; its picture is read only, shared)."""
    sides, top, image = _board_parts(lat.n)
    texture = vtkTexture()  # what pyvista's Texture of the picture set
    texture.SetInputDataObject(image)
    texture.SetColorModeToDirectScalars()
    texture.InterpolateOff()
    texture.MipmapOn()  # (a texel a pixel or so, whatever the zoom: cache-friendly)
    return sides.copy(), top.copy(), texture


@functools.lru_cache(maxsize=4)
def _board_parts(n: int) -> tuple[pv.PolyData, pv.PolyData, vtkImageData]:
    """The board's slab sides (their per-cell rgb their only array), its top and the
    top's picture, for the pyramid of base ``n``."""
    lat = lattice(n)
    base = lat.centres[lat.levels == 0]
    lo, hi = base.min(axis=0) - BOARD_MARGIN, base.max(axis=0) + BOARD_MARGIN
    slab = pv.Box(bounds=(lo[0], hi[0], lo[1], hi[1], BOARD_TOP - BOARD_THICKNESS, BOARD_TOP))
    slab = slab.triangulate()
    sides = slab.remove_cells(np.flatnonzero(slab.cell_normals[:, 2] > 0.5))  # the top
    sides.clear_data()  # (the ids of the cells and points kept: drawn by a plain actor)
    sides.cell_data["rgb"] = np.tile(np.array(palette.BOARD_RGB, np.uint8), (sides.n_cells, 1))
    size = hi - lo
    top = pv.Plane(
        center=((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, BOARD_TOP),
        direction=(0, 0, 1),
        i_size=size[0],
        j_size=size[1],
        i_resolution=1,
        j_resolution=1,
    )
    picture = _board_picture(base, lo, hi)
    image = pv.ImageData(dimensions=(picture.shape[1], picture.shape[0], 1))
    image.point_data["Image"] = picture.reshape(-1, 3)  # (read only: shared by every view)
    image.set_active_scalars("Image")
    return sides, top, image


def _board_picture(base: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The board's top from ``lo`` to ``hi``: wood, and a dimple and its rim around each of
    the ``base`` points (a unit grid), drawn texel by texel without smoothing, as sharp
    as the polygons they stand for at the window's sizes."""
    texels = min(BOARD_TEXELS, int(BOARD_TEXTURE_MAX / float((hi - lo)[:2].max())))
    axes = []
    for axis in (0, 1):
        count = int(np.ceil((hi[axis] - lo[axis]) * texels))
        at = lo[axis] + (np.arange(count, dtype=np.float32) + 0.5) * (hi[axis] - lo[axis]) / count
        nearest = np.clip(np.round(at), base[:, axis].min(), base[:, axis].max())
        axes.append((at - nearest).astype(np.float32))
    across = axes[0][None, :] ** 2 + axes[1][:, None] ** 2  # rows along y, columns x
    kind = (across < np.float32(DIMPLE_RADIUS + DIMPLE_RIM) ** 2).view(np.uint8)
    kind += across < np.float32(DIMPLE_RADIUS) ** 2  # 0 wood, 1 rim, 2 dimple
    colours = np.array([palette.BOARD_RGB, palette.DIMPLE_RIM_RGB, palette.DIMPLE_RGB], np.uint8)
    image: np.ndarray = colours[kind]  # rows from y = lo, as VTK's image rows run
    return image


def pyramid_edges(lat: PyramidLattice) -> pv.PolyData:
    """The pyramid's eight edges through the corner balls' centres."""
    sw, se, nw, ne, ap = (lat.centres[lat.corner_ids[c]] for c in CORNERS)
    points = np.array([sw, se, ne, nw, ap], dtype=np.float32)
    lines = np.array([2, 0, 1, 2, 1, 2, 2, 2, 3, 2, 3, 0, 2, 0, 4, 2, 1, 4, 2, 2, 4, 2, 3, 4])
    return pv.PolyData(points, lines=lines)
