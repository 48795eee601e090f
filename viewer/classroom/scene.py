"""What a student's board goes to the page as: its parts, each one of the board view's
meshes or sets of spheres, by name, with the look the page draws it in (:data:`LOOKS`).
A mesh goes as vtk.js's polydata (trame-vtk's ``vtk-mesh`` state: points, polys and
per-point colours as base64 typed arrays); spheres go as their centres, radii and colours
only (base64 float32 and uint8 arrays), which the page draws as vtk.js's sphere
impostors, as the window draws its balls; copies of one shape (stones, hexes, cells) as
vtk.js's glyphs, the shape a state of its own and each copy its offset, scale and
colour. A part's key is the digest of what it draws; its state is built once for every
page that shows the same, and a page is sent only the states it lacks (by their keys):
an unchanged part is never sent again, and two parts that draw the same (the paths and
their x-ray) are sent once. The board's legend, labels and levels go with them. The
browser draws them itself: the server never renders. What on the board points at a site
without being one goes with it (:class:`Aims`): the frame's cones (a corner's marker) and
its labels (a corner's name), each standing outside its site. A click on one is a click on
the site it names (the student aimed at that corner): the page's view ray that meets no
site is tried against them (:meth:`Aims.aimed`), where before it was refused as "not on
the board" (issue 89's classroom trial).

Every board, the ball pyramid too, is drawn by the window's own board code
(:mod:`.sites`: the board's frame, the board view's ``meshes_only``); nothing here reads
a game. No Qt here (``tests/viewer/test_contracts.py``)."""

from __future__ import annotations

import base64
import hashlib
import json
import math
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import pyvista as pv

from ..boards.base import Copies, Spheres
from .replies import BoardShown, Part, PartState, PointArray, Spot, Values

#: The page's looks (``www/classroom.js``): opaque pieces, translucent ghosts, opaque marks,
#: rims (the near half not drawn: an outline round a ball), faint faces (walls, regions)
#: and the x-ray (faint, over everything: a path through balls).
LOOKS = ("balls", "points", "marks", "rims", "faint", "xray")
#: The most parts a board has (a page's known parts past it are not read).
MAX_PARTS = 40


def _b64(array: np.ndarray, dtype: str) -> Values:
    data = np.ascontiguousarray(array, dtype=dtype)
    return {"bvals": base64.b64encode(data.tobytes()).decode("ascii"), "dtype": dtype}


def browser_mesh(mesh: pv.PolyData) -> pv.PolyData:
    """``mesh`` (per-cell ``rgb``) with normals, its points split where faces meet at an
    edge (a column's top and its sides), so that each point has one colour: per-point
    ``rgb``, as the page's mapper takes it."""
    rgb = np.asarray(mesh.cell_data["rgb"], dtype=np.uint8)
    plain = pv.PolyData(mesh.points, mesh.faces)
    plain.cell_data["cell"] = np.arange(plain.n_cells)
    split = plain.compute_normals(
        cell_normals=False,
        point_normals=True,
        split_vertices=True,
        feature_angle=40.0,
        consistent_normals=False,
        auto_orient_normals=False,
    )
    cells = np.asarray(split.cell_data["cell"])
    faces = np.asarray(split.faces)
    point_rgb = np.zeros((split.n_points, 3), dtype=np.uint8)
    if len(faces) == 4 * len(cells) and (faces[0::4] == 3).all():  # triangles: at once
        point_rgb[faces.reshape(-1, 4)[:, 1:]] = rgb[cells][:, None, :]
    else:
        i = cell = 0
        while i < len(faces):  # each cell's colour on its points
            n = int(faces[i])
            point_rgb[faces[i + 1 : i + 1 + n]] = rgb[cells[cell]]
            i += n + 1
            cell += 1
    out = pv.PolyData(split.points, faces)
    out.point_data["Normals"] = np.asarray(split.point_data["Normals"])
    out.point_data["rgb"] = point_rgb
    return out


def mesh_state(mesh: pv.PolyData | None) -> PartState | None:
    """``mesh`` as the state of trame-vtk's ``vtk-mesh`` (its points, triangles, normals and
    ``rgb`` colours; None: nothing to draw)."""
    if mesh is None or mesh.n_points == 0:
        return None
    faces = np.asarray(mesh.faces if isinstance(mesh, pv.PolyData) else [], dtype=np.int64)
    polys_type = "uint16" if mesh.n_points < 65536 else "uint32"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        normals = mesh.point_data.get("Normals")
    arrays: list[PointArray] = [
        {
            "name": "rgb",
            "type": "Uint8Array",
            "numberOfComponents": 3,
            "values": _b64(np.asarray(mesh.point_data["rgb"]), "uint8"),
        }
    ]
    if normals is not None:
        arrays.append(
            {
                "name": "Normals",
                "type": "Float32Array",
                "numberOfComponents": 3,
                "registration": "setNormals",
                "values": _b64(np.asarray(normals), "float32"),
            }
        )
    return {
        "mesh": {
            "points": _b64(np.asarray(mesh.points), "float32"),
            "polys": _b64(faces, polys_type),
        },
        "pointArrays": arrays,
    }


#: Parts' states by their key, the latest kept (a class works on a few steps at once).
_STATES: OrderedDict[str, PartState | None] = OrderedDict()
_STATES_KEPT = 256
_STATES_LOCK = threading.Lock()


def spheres_state(spheres: Spheres) -> PartState:
    """``spheres`` as the state of a ``vtk-mesh`` the page's sphere impostors draw: the
    centres as its points, the radii and colours as point arrays (no cells)."""
    return {
        "mesh": {"points": _b64(spheres.centres, "float32")},
        "pointArrays": [
            {
                "name": "rgb",
                "type": "Uint8Array",
                "numberOfComponents": 3,
                "values": _b64(spheres.rgb, "uint8"),
            },
            {
                "name": "radius",
                "type": "Float32Array",
                "numberOfComponents": 1,
                "values": _b64(spheres.radii, "float32"),
            },
        ],
    }


def layer_state(key: str, layer: Drawn) -> PartState | None:
    """``layer``'s state (:meth:`Drawn.state`), built once for every page that shows the
    same part."""
    return _kept(key, layer.state)


def _shape_state(key: str, layer: GlyphLayer) -> PartState | None:
    """A glyphs' shape's state, built once (as :func:`layer_state`)."""
    return _kept(key, layer.shape_state)


def _kept(key: str, make: Callable[[], PartState | None]) -> PartState | None:
    """The state of ``key`` from the store, else ``make()``'s, kept."""
    with _STATES_LOCK:
        if key in _STATES:
            _STATES.move_to_end(key)
            return _STATES[key]
    state = make()
    with _STATES_LOCK:
        _STATES[key] = state
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)
    return state


def hex_of(rgb: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*tuple(int(c) for c in rgb[:3]))


class Drawn(Protocol):
    """A part of the page's board: its look (:data:`LOOKS`), its kind ("mesh", "spheres"),
    a key (equal parts share one state) and its state for the page
    (:class:`~viewer.classroom.sites.MeshLayer`, :class:`SphereLayer`)."""

    look: str
    kind: str

    def key(self) -> str: ...

    def state(self) -> PartState | None: ...


class SphereLayer:
    """A part of the page's board made of spheres (the ball pyramid's balls, markers and
    rims), drawn by the page as impostors."""

    kind = "spheres"

    def __init__(self, look: str, spheres: Spheres) -> None:
        self.look = look
        self.spheres = spheres
        self._key = ""

    def key(self) -> str:
        if not self._key:  # (worked out once: a part is only read once its board is drawn)
            digest = hashlib.blake2b(b"spheres|", digest_size=16)
            for array in (self.spheres.centres, self.spheres.radii, self.spheres.rgb):
                digest.update(np.ascontiguousarray(array).tobytes())
                digest.update(b"|")
            self._key = digest.hexdigest()
        return self._key

    def state(self) -> PartState | None:
        return spheres_state(self.spheres)


class GlyphLayer:
    """A part of the page's board made of copies of one shape (stones, hexes, cells),
    drawn by the page as vtk.js's glyphs: the copies' offsets, scales and colours, and the
    shape, a state of its own (:meth:`shape_key`), sent once for every part that uses it."""

    kind = "glyphs"

    def __init__(self, look: str, copies: Copies) -> None:
        self.look = look
        self.copies = copies
        self._key = self._shape = ""

    def shape_key(self) -> str:
        if not self._shape:
            digest = hashlib.blake2b(b"shape|", digest_size=16)
            for array in (self.copies.points, self.copies.triangles):
                digest.update(np.ascontiguousarray(array).tobytes())
                digest.update(b"|")
            self._shape = digest.hexdigest()
        return self._shape

    def key(self) -> str:
        if not self._key:
            digest = hashlib.blake2b(b"copies|" + self.shape_key().encode(), digest_size=16)
            copies = self.copies
            for array in (copies.offsets, copies.scales, copies.rgb):
                digest.update(np.ascontiguousarray(array, dtype=array.dtype).tobytes())
                digest.update(b"|")
            self._key = digest.hexdigest()
        return self._key

    def state(self) -> PartState | None:
        """The copies: offsets as points, their scales ("radius") and colours."""
        copies = self.copies
        return spheres_state(Spheres.of(copies.offsets, copies.scales, copies.rgb))

    def shape_state(self) -> PartState | None:
        """The shape, with its normals, as the glyphs' second input (port 1)."""
        points, triangles = self.copies.points, self.copies.triangles
        faces = np.hstack([np.full((len(triangles), 1), 3), triangles]).ravel()
        shape = pv.PolyData(np.asarray(points, dtype=float), faces)
        shape.cell_data["rgb"] = np.zeros((len(triangles), 3), dtype=np.uint8)
        state = mesh_state(browser_mesh(shape))
        if state is not None:
            state["mesh"]["port"] = 1
        return state


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


@dataclass
class Board:
    """What a student's board shows (made by :func:`.sites.site_board`), sent by
    :meth:`state`: its parts by name (in the order drawn), the board view that drew them
    (it picks), the legend as (colour, words, kind: "pieces" or the window's legend
    entry's kind), the number of levels, whether it is flat (one level: no levels, peel or
    clip) and whether a clip plane cuts it, and its names and the frame's labels, each as
    (text, the point it stands over, "board" or "frame"); what points at a site
    (:class:`Aims`)."""

    drawn: dict[str, Drawn] = field(default_factory=dict)
    drawer: Any = None
    legend: list[tuple[str, str, str]] = field(default_factory=list)
    centres: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    levels: int = 0
    flat: bool = False
    clips: bool = False
    labels: list[tuple[str, tuple[float, ...], str]] = field(default_factory=list)
    aims: Aims | None = None  # the cones and labels a click may aim at a site by
    spots: list[Spot] = field(default_factory=list)  # where the keyboard's focus stops

    def layers(self) -> dict[str, Drawn]:
        return self.drawn

    def state(self, known: Mapping[str, str] | None = None) -> BoardShown:
        """The board for the page: its parts (name, look, kind and key: the digest of
        what it draws), each part's state by its key, but for the keys the page has
        (``known``: the keys of the parts it was sent, by name) and sent once for parts
        that draw the same (the paths and their x-ray); the legend, levels and labels."""
        have = set((known or {}).values())
        keys = {name: part.key() for name, part in self.drawn.items()}
        parts: list[Part] = []
        meshes: dict[str, PartState | None] = {}
        for name, part in self.drawn.items():
            key = keys[name]
            if key not in have and key not in meshes:
                meshes[key] = layer_state(key, part)
            entry: Part = {"name": name, "look": part.look, "kind": part.kind, "key": key}
            if isinstance(part, GlyphLayer):  # its shape: a state of its own, sent once
                shape = entry["shape"] = keys[f"{name}/shape"] = part.shape_key()
                if shape not in have and shape not in meshes:
                    meshes[shape] = _shape_state(shape, part)
            parts.append(entry)
        # the keyboard's spots (~2 KB) by their key too: a click that changes no piece
        # changes none (issue 107's review: sent with every board, a click's answer grew)
        spots = keys["spots"] = spots_key(self.spots)
        shown: BoardShown = {
            "parts": parts,
            "meshes": meshes,
            "keys": keys,
            "legend": [{"colour": c, "words": w, "kind": k} for c, w, k in self.legend],
            "levels": self.levels,
            "flat": self.flat,
            "clips": self.clips,
            "labels": [
                {"text": text, "at": [round(float(c), 3) for c in at], "kind": kind}
                for text, at, kind in self.labels
            ],
        }
        if spots not in have:
            shown["spots"] = self.spots
        return shown

    def say(self, rgb: Sequence[int] | None, words: str, kind: str) -> None:
        """A line of the legend (``rgb`` None: one with no swatch)."""
        entry = ("" if rgb is None else hex_of(rgb), words, kind)
        if entry not in self.legend:
            self.legend.append(entry)


def spots_key(spots: Sequence[Spot]) -> str:
    """The digest of a board's spots, as a page is sent them (their words in English: a page
    that picks another language is sent them again, :func:`.ws.answer`)."""
    text = json.dumps(spots, sort_keys=True, separators=(",", ":"))
    return "spots-" + hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def unit_ray(
    origin: Sequence[float], direction: Sequence[float]
) -> tuple[np.ndarray, np.ndarray] | None:
    """A page's view ray as its start and its direction of length 1; None for one that is
    not three finite numbers each, or goes nowhere."""
    start = np.asarray(origin, dtype=float)
    way = np.asarray(direction, dtype=float)
    if start.shape != (3,) or way.shape != (3,) or not np.all(np.isfinite([*start, *way])):
        return None
    length = float(np.linalg.norm(way))
    if not 0.0 < length < math.inf:
        return None
    return start, way / length
