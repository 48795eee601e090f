"""A student's board for the browser: pyvista builds the meshes of the ball pyramid (the
balls, the empty points, the marks, the overlay tubes), and they go to the page as
vtk.js's polydata (trame-vtk's ``vtk-mesh`` state: points, polys and per-point colours as
base64 typed arrays), which the browser draws itself: the server never renders.

What is drawn follows the window's scene (``viewer/boards/ball_pyramid.py``) in a
simpler way: a ball per piece in its player's colour, a small sphere per empty point,
the step's highlights and the points picked as marks, the levels shown (a top level), the
peel (hiding points near the walls) and one clip plane (across the base, x); the overlays
a step names (walls, corners by holder, group colours, a corner's region and escape
paths) as the rules compute them; a wrong answer's path; and a legend made of what is drawn.
No Qt here (``tests/viewer/test_contracts.py``)."""

from __future__ import annotations

import base64
import hashlib
import math
import sys
import threading
import warnings
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyvista as pv

from model.game import Game
from model.lattice import CORNERS, Corner, PyramidLattice

from ..lab import palette

BALL_RADIUS = 0.47
POINT_RADIUS = 0.16
MARK_RADIUS = 0.2
PICK_RADIUS = 0.3
TUBE_RADIUS = 0.06
#: How far from an empty point's centre a click still means that point.
CLICK_REACH = 0.28

EMPTY_RGB = (150, 156, 168)
PICKED_RGB = palette.MARKER_RGB["lesson-pick"]
LESSON_RGB = palette.MARKER_RGB["lesson"]
WALL_RGB = (90, 96, 110)
PATH_RGB = (235, 120, 20)
WRONG_PATH_RGB = (220, 30, 30)
REGION_RGB = (250, 200, 60)
NOBODY_RGB = (165, 165, 165)


def lattice_of(game: Game) -> PyramidLattice | None:
    """The ball pyramid ``game`` is played on (its ``lattice``, else its module's
    ``LATTICE``), or None for a game on another board."""
    found = getattr(game, "lattice", None)
    if not isinstance(found, PyramidLattice):
        found = getattr(sys.modules.get(type(game).__module__), "LATTICE", None)
    return found if isinstance(found, PyramidLattice) else None


@dataclass
class Layer:
    """One mesh of the scene: spheres (``centres`` and ``radii``) and tubes (``paths``),
    each with its colour."""

    centres: list[Sequence[float]] = field(default_factory=list)
    radii: list[float] = field(default_factory=list)
    colours: list[tuple[int, int, int]] = field(default_factory=list)
    paths: list[tuple[np.ndarray, tuple[int, int, int]]] = field(default_factory=list)

    def sphere(self, centre: Sequence[float], radius: float, rgb: tuple[int, int, int]) -> None:
        self.centres.append(centre)
        self.radii.append(radius)
        self.colours.append(rgb)

    def key(self) -> str:
        """A digest of what the layer draws: equal layers (every student on the same
        step and view) share one mesh (:func:`layer_state`)."""
        digest = hashlib.blake2b(digest_size=16)
        for values in (self.centres, self.radii, self.colours):
            digest.update(np.asarray(values, dtype=float).tobytes())
            digest.update(b"|")
        for points, rgb in self.paths:
            digest.update(np.asarray(points, dtype=float).tobytes())
            digest.update(bytes(rgb))
        return digest.hexdigest()

    def mesh(self) -> pv.PolyData | None:
        parts: list[pv.PolyData] = []
        if self.centres:
            cloud = pv.PolyData(np.asarray(self.centres, dtype=float))
            cloud["radius"] = np.asarray(self.radii, dtype=float)
            cloud["rgb"] = np.asarray(self.colours, dtype=np.uint8)
            parts.append(cloud.glyph(geom=_SPHERE, scale="radius", orient=False, factor=1.0))
        for points, rgb in self.paths:
            if len(points) < 2:
                continue
            tube = pv.lines_from_points(points).tube(radius=TUBE_RADIUS, n_sides=10)
            tube = tube.triangulate()
            tube.point_data["Normals"] = tube.point_data["TubeNormals"]
            del tube.point_data["TubeNormals"]
            tube["rgb"] = np.tile(np.asarray(rgb, dtype=np.uint8), (tube.n_points, 1))
            parts.append(tube)
        if not parts:
            return None
        merged = parts[0] if len(parts) == 1 else pv.merge(parts, merge_points=False)
        return merged


_SPHERE = pv.Sphere(radius=1.0, theta_resolution=14, phi_resolution=10)


def _b64(array: np.ndarray, dtype: str) -> dict[str, str]:
    data = np.ascontiguousarray(array, dtype=dtype)
    return {"bvals": base64.b64encode(data.tobytes()).decode("ascii"), "dtype": dtype}


def mesh_state(mesh: pv.PolyData | None) -> dict[str, Any] | None:
    """``mesh`` as the state of trame-vtk's ``vtk-mesh`` (its points, triangles, normals and
    ``rgb`` colours; None: nothing to draw)."""
    if mesh is None or mesh.n_points == 0:
        return None
    faces = np.asarray(mesh.faces if isinstance(mesh, pv.PolyData) else [], dtype=np.int64)
    polys_type = "uint16" if mesh.n_points < 65536 else "uint32"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        normals = mesh.point_data.get("Normals")
    arrays: list[dict[str, Any]] = [
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


#: Layers' mesh states by their key, the latest kept (a class works on a few steps at once).
_STATES: OrderedDict[str, dict[str, Any] | None] = OrderedDict()
_STATES_KEPT = 256
_STATES_LOCK = threading.Lock()


def layer_state(key: str, layer: Layer) -> dict[str, Any] | None:
    """``layer``'s mesh state (:func:`mesh_state`), built once for every page that shows
    the same layer."""
    with _STATES_LOCK:
        if key in _STATES:
            _STATES.move_to_end(key)
            return _STATES[key]
    state = mesh_state(layer.mesh())
    with _STATES_LOCK:
        _STATES[key] = state
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)
    return state


def hex_of(rgb: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*tuple(int(c) for c in rgb[:3]))


@dataclass
class Board:
    """What a student's board shows: built by :func:`board_of`, sent by :meth:`state`."""

    balls: Layer = field(default_factory=Layer)
    points: Layer = field(default_factory=Layer)
    marks: Layer = field(default_factory=Layer)
    legend: list[tuple[str, str]] = field(default_factory=list)
    centres: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    shown: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    filled: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    levels: int = 0
    #: Another board (:mod:`.sites`): its layers (each with ``key`` and ``mesh``, as a
    #: :class:`Layer`), the board view that drew them (it picks), whether it is flat (one
    #: level: no levels, peel or clip), and its names and the frame's labels, each as
    #: (text, the point it stands over, "board" or "frame").
    drawn: dict[str, Any] | None = None
    drawer: Any = None
    flat: bool = False
    labels: list[tuple[str, tuple[float, ...], str]] = field(default_factory=list)

    def layers(self) -> dict[str, Any]:
        if self.drawn is not None:
            return self.drawn
        return {"balls": self.balls, "points": self.points, "marks": self.marks}

    def state(self, known: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The board for the page: each layer's mesh state, but for a layer whose key is
        in ``known`` (the page has it: only its key is sent); the keys; the legend."""
        known = known or {}
        keys = {name: layer.key() for name, layer in self.layers().items()}
        found: dict[str, Any] = {
            name: layer_state(keys[name], layer) or self._speck()
            for name, layer in self.layers().items()
            if known.get(name) != keys[name]
        }
        found["keys"] = keys
        found["legend"] = [{"colour": c, "words": w} for c, w in self.legend]
        found["levels"] = self.levels
        found["flat"] = self.flat
        found["labels"] = [
            {"text": text, "at": [round(float(c), 3) for c in at], "kind": kind}
            for text, at, kind in self.labels
        ]
        return found

    def _speck(self) -> dict[str, Any] | None:
        """An empty layer as one triangle of no size in the board's middle: vtk.js fails
        on a mesh that goes from drawn to none."""
        middle = self.centres.mean(axis=0) if len(self.centres) else np.zeros(3)
        speck = pv.PolyData(np.array([middle] * 3, dtype=float), np.array([3, 0, 1, 2]))
        speck.point_data["Normals"] = np.tile([0.0, 0.0, 1.0], (3, 1))
        speck["rgb"] = np.zeros((3, 3), dtype=np.uint8)
        return mesh_state(speck)

    def say(self, rgb: Sequence[int], words: str) -> None:
        entry = (hex_of(rgb), words)
        if entry not in self.legend:
            self.legend.append(entry)


def visible(lattice: PyramidLattice, view: Mapping[str, Any]) -> np.ndarray:
    """Which points the student's view keeps: levels up to ``top``, not within ``peel``
    steps of a wall, and on the kept side of the clip plane (x at most ``clip``)."""
    keep = lattice.levels <= int(view.get("top", 99))
    peel = int(view.get("peel", 0))
    if peel:
        keep &= lattice.wall_distance.min(axis=1) >= peel
    clip = view.get("clip")
    if clip is not None:
        keep &= lattice.centres[:, 0] <= float(clip) + 1e-6
    return np.asarray(keep, dtype=bool)


def board_of(
    game: Game,
    lattice: PyramidLattice,
    *,
    overlays: Mapping[str, Any],
    highlights: Iterable[tuple[int, ...]] = (),
    picked: Iterable[tuple[int, ...]] = (),
    path: Sequence[tuple[int, ...]] = (),
    path_words: str = "",
    view: Mapping[str, Any] | None = None,
) -> Board:
    """The board of ``game``'s position as the lesson's step shows it."""
    board = Board(centres=lattice.centres, levels=int(lattice.levels.max()) + 1)
    keep = visible(lattice, view or {})
    board.shown = keep
    pieces = {lattice.id_of(*coords): colour for coords, colour in game.pieces()}
    board.filled = np.zeros(lattice.count, dtype=bool)
    board.filled[list(pieces)] = True
    shades = _group_shades(game, lattice) if overlays.get("groups") else {}
    centres = lattice.centres
    for pid in range(lattice.count):
        if not keep[pid]:
            continue
        colour = pieces.get(pid)
        if colour is None:
            board.points.sphere(centres[pid], POINT_RADIUS, EMPTY_RGB)
            continue
        rgb = shades.get(pid, palette.piece_rgb(colour))
        board.balls.sphere(centres[pid], BALL_RADIUS, rgb)
        if pid not in shades:
            board.say(palette.piece_rgb(colour), f"{colour}'s balls")
    if shades:
        board.say(next(iter(shades.values())), "each group its own shade of its player's colour")
    if board.points.centres:
        board.say(EMPTY_RGB, "an empty point (click it to answer)")
    lift = np.array([0.0, 0.0, BALL_RADIUS + 0.12])
    for coords in highlights:
        mark = _id(lattice, coords)
        if mark is not None and keep[mark]:
            at = centres[mark] + (lift if mark in pieces else 0)
            board.marks.sphere(at, MARK_RADIUS, LESSON_RGB)
            board.say(LESSON_RGB, "what this step is about")
    for coords in picked:
        chosen = _id(lattice, coords)
        if chosen is not None:
            at = centres[chosen] + (lift if chosen in pieces else 0)
            board.marks.sphere(at, PICK_RADIUS, PICKED_RGB)
            board.say(PICKED_RGB, "a point you picked (click again to let go)")
    if overlays.get("walls"):
        _walls(board, lattice)
    if overlays.get("corners"):
        _corners(board, game, lattice)
    region = overlays.get("region")
    if isinstance(region, str):
        _region(board, game, lattice, region, keep)
    if len(path) >= 2:
        # drawn over the balls it runs through (a tube through their centres is hidden)
        ids = [pid for pid in (_id(lattice, p) for p in path) if pid is not None]
        over = np.array([centres[pid] + (lift if pid in pieces else 0) for pid in ids])
        board.marks.paths.append((over, WRONG_PATH_RGB))
        for at in over:
            board.marks.sphere(at, 0.13, WRONG_PATH_RGB)
        board.say(WRONG_PATH_RGB, path_words or "the path your answer leaves open")
    return board


def _id(lattice: PyramidLattice, coords: Sequence[int]) -> int | None:
    if len(coords) != 3 or not lattice.contains(*coords):
        return None
    return lattice.id_of(*coords)


def _group_shades(game: Game, lattice: PyramidLattice) -> dict[int, tuple[int, int, int]]:
    analysis = _analysis(game)
    if analysis is None:
        return {}
    counts: dict[str, int] = {}
    shades: dict[int, tuple[int, int, int]] = {}
    for group in getattr(analysis, "groups", ()):
        n = counts.get(group.colour, 0)
        counts[group.colour] = n + 1
        rgb = palette.group_shade(group.colour, list(game.players), n)
        for pid in group.points:
            shades[int(pid)] = rgb
    return shades


def _analysis(game: Game) -> Any:
    """The rules' analysis of the position (corners, groups, regions), where the game
    has one."""
    analyse = getattr(game, "analysis", None)
    if not callable(analyse):
        return None
    try:
        return analyse()
    except (ValueError, TypeError):
        return None


def _walls(board: Board, lattice: PyramidLattice) -> None:
    n = lattice.n
    apex = lattice.centres[lattice.id_of(0, 0, n - 1)]
    base = [
        lattice.centres[lattice.id_of(i, j, 0)]
        for i, j in ((0, 0), (n - 1, 0), (n - 1, n - 1), (0, n - 1))
    ]
    ring = np.array([*base, base[0]])
    board.marks.paths.append((ring, WALL_RGB))
    for corner in base:
        board.marks.paths.append((np.array([corner, apex]), WALL_RGB))
    board.say(WALL_RGB, "the walls' edges: base, west, east, south, north")


def _holders(game: Game) -> Mapping[str, str | None]:
    holders = getattr(game, "holders", None)
    if not callable(holders):
        return {}
    try:
        found = holders()
    except (ValueError, TypeError):
        return {}
    return found if isinstance(found, Mapping) else {}


def _corners(board: Board, game: Game, lattice: PyramidLattice) -> None:
    holders = _holders(game)
    middle = lattice.centres.mean(axis=0)
    for corner in CORNERS:
        pid = lattice.corner_ids[corner]
        centre = lattice.centres[pid]
        away = centre - middle
        away[2] = max(away[2], 0.0)
        length = float(np.linalg.norm(away)) or 1.0
        at = centre + away / length * 0.95
        holder = holders.get(corner.value)
        rgb = palette.piece_rgb(holder) if holder else NOBODY_RGB
        board.marks.sphere(at, 0.17, rgb)
        board.say(rgb, f"a corner {holder} holds" if holder else "a corner nobody holds yet")


def _region(board: Board, game: Game, lattice: PyramidLattice, name: str, keep: np.ndarray) -> None:
    try:
        corner = Corner(name.upper())
    except ValueError:
        return
    analysis = _analysis(game)
    reports = getattr(analysis, "corners", None)
    report = reports.get(corner) if isinstance(reports, Mapping) else None
    if report is None:
        return
    if report.holder is not None:
        for pid in report.isolated_region:
            if keep[pid]:
                board.marks.sphere(lattice.centres[pid], 0.24, REGION_RGB)
        board.say(REGION_RGB, f"{corner.value}'s isolated region, cut off by {report.holder}")
        return
    escape = getattr(game, "escape_path", None)
    if not callable(escape):
        return
    paths: dict[str, list[Any]] = {}
    for colour in game.players:
        try:
            path = escape(corner, colour)
        except (ValueError, TypeError):
            continue
        if path and len(path) >= 2:
            paths[colour] = [tuple(p) for p in path]
    drawn = list(paths.values())
    if len(drawn) == 2 and drawn[0] in (drawn[1], drawn[1][::-1]):
        # the players' paths run along the same points: one tube, said once (as the window)
        both = palette.PATH_RGB["both"]
        board.marks.paths.append((_centres(lattice, drawn[0]), both))
        whose = " and ".join(f"{colour}'s" for colour in paths)
        board.say(both, f"{whose} escape path (the same points): {corner.value} to a far wall")
        return
    for colour, path in paths.items():
        red, green, blue = palette.piece_rgb(colour)
        darker = (int(red * 0.8), int(green * 0.8), int(blue * 0.8))
        board.marks.paths.append((_centres(lattice, path), darker))
        board.say(darker, f"{colour}'s escape path: {corner.value} to a far wall")


def _centres(lattice: PyramidLattice, path: Sequence[tuple[int, ...]]) -> np.ndarray:
    return np.array([lattice.centres[_id(lattice, p) or 0] for p in path])


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


def point_on_ray(
    board: Board, lattice: PyramidLattice, origin: Sequence[float], direction: Sequence[float]
) -> tuple[int, ...] | None:
    """The shown point a click hits: the ray from ``origin`` along ``direction`` (the page
    casts it through the pixel clicked, from its camera) meets the ball there, or passes
    within :data:`CLICK_REACH` of an empty point's centre; the nearest to the eye wins.
    The window's scene picks so too (on the CPU, ``viewer/boards/picking.py``)."""
    ray = unit_ray(origin, direction)
    if ray is None:
        return None
    start, way = ray
    offsets = lattice.centres - start
    depth = offsets @ way
    miss = np.linalg.norm(offsets - np.outer(depth, way), axis=1)
    reach = np.where(board.filled, BALL_RADIUS, CLICK_REACH)
    hit = board.shown & (miss <= reach) & (depth > 0)
    if not hit.any():
        return None
    # a ball is met at its surface: a point behind it is hidden by it
    front = np.where(hit, depth - np.sqrt(np.maximum(reach**2 - miss**2, 0.0)), math.inf)
    best = int(np.argmin(front))
    return tuple(int(c) for c in lattice.point(best))
