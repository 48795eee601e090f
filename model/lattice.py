"""Square-pyramid ball packing: points, contacts, supports, walls and corners for base N.

Every table is built once per base size (``lattice(n)`` keeps the last few sizes used) as
read-only numpy arrays indexed by point id, plus tuple-of-tuples copies for tight Python
loops. Games, analysis, search and the 3D scene all read these tables; nobody recomputes geometry.

Point ids run level by level from the base up, row ``j`` by row inside a level and ``i``
inside a row: ``id = level_offset[k] + j * (n - k) + i``.
"""

from __future__ import annotations

import enum
import functools
import math
import re
from typing import NamedTuple

import numpy as np

from .game import quote

#: Largest base the model accepts (42,925 points). Measured (CPython 3.11): a base-50
#: lattice takes 1.6 s to build and 55 MB, a full board draws in about 0.25 s with software
#: OpenGL and its file is about 1.6 MB; base 64 is 4.4 s, 123 MB and 0.5 s a frame, base 100
#: 17 s and 470 MB, beyond any use of an interactive viewer.
MAX_SIZE = 50

#: Lattices kept for reuse (the most recently used sizes); a game keeps its own alive.
CACHED_SIZES = 4


class Point(NamedTuple):
    """A lattice point: level ``k``, ``0 <= i, j <= n - 1 - k``. Text form ``"i,j,k"``."""

    i: int
    j: int
    k: int

    def __str__(self) -> str:
        return f"{self.i},{self.j},{self.k}"

    @classmethod
    def parse(cls, text: str) -> Point:
        """Read ``"1,0,2"`` (spaces and surrounding parentheses allowed)."""
        match = _POINT_RE.fullmatch(text)
        if match is None:
            raise ValueError(f"{quote(text)} is not a point; write it as i,j,k, e.g. 1,0,2")
        return cls(*(int(g) for g in match.groups()))


_POINT_RE = re.compile(r"\s*\(?\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*\)?\s*")


class Wall(enum.IntFlag):
    """The five faces of the pyramid, as bits so that a set of walls is one integer."""

    BASE = 1
    WEST = 2
    EAST = 4
    SOUTH = 8
    NORTH = 16

    @property
    def label(self) -> str:
        return (self.name or "").lower()  # a single flag has a name


WALLS: tuple[Wall, ...] = (Wall.BASE, Wall.WEST, Wall.EAST, Wall.SOUTH, Wall.NORTH)


def wall_names(mask: int) -> list[str]:
    """The walls in a bit mask, by name, in the fixed order base, west, east, south, north."""
    return [w.label for w in WALLS if mask & w]


class Corner(enum.Enum):
    """The five corner points of the pyramid, with their adjacent and non-adjacent walls."""

    SW = "SW"
    SE = "SE"
    NW = "NW"
    NE = "NE"
    AP = "AP"

    @property
    def adjacent_walls(self) -> Wall:
        return _ADJACENT[self]

    @property
    def far_walls(self) -> Wall:
        """W(c): the walls not adjacent to the corner, the ones a partition must cut it from."""
        return _FAR[self]


CORNERS: tuple[Corner, ...] = tuple(Corner)

_ADJACENT = {
    Corner.SW: Wall.BASE | Wall.WEST | Wall.SOUTH,
    Corner.SE: Wall.BASE | Wall.EAST | Wall.SOUTH,
    Corner.NW: Wall.BASE | Wall.WEST | Wall.NORTH,
    Corner.NE: Wall.BASE | Wall.EAST | Wall.NORTH,
    Corner.AP: Wall.WEST | Wall.EAST | Wall.SOUTH | Wall.NORTH,
}
_FAR = {
    Corner.SW: Wall.EAST | Wall.NORTH,
    Corner.SE: Wall.WEST | Wall.NORTH,
    Corner.NW: Wall.EAST | Wall.SOUTH,
    Corner.NE: Wall.WEST | Wall.SOUTH,
    Corner.AP: Wall.BASE,
}

# Contact offsets (di, dj, dk): 4 in the level, 4 below (the supports), 4 above.
IN_PLANE = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))
BELOW = ((0, 0, -1), (1, 0, -1), (0, 1, -1), (1, 1, -1))
ABOVE = ((0, 0, 1), (-1, 0, 1), (0, -1, 1), (-1, -1, 1))
CONTACTS = IN_PLANE + BELOW + ABOVE


def point_count(n: int) -> int:
    """Points in a pyramid of base n: n(n+1)(2n+1)/6."""
    return n * (n + 1) * (2 * n + 1) // 6


class PyramidLattice:
    """All geometry of the square pyramid of base ``n``. Build with :func:`lattice`."""

    def __init__(self, n: int) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= MAX_SIZE:
            raise ValueError(
                f"pyramid base must be an integer from 2 to {MAX_SIZE}, not {quote(n)}"
            )
        self.n = n
        self.count = point_count(n)

        widths = n - np.arange(n)
        self.level_offsets = np.concatenate(([0], np.cumsum(widths * widths)))
        coords = np.concatenate(
            [
                np.stack(
                    [
                        np.tile(np.arange(w), w),
                        np.repeat(np.arange(w), w),
                        np.full(w * w, k),
                    ],
                    axis=1,
                )
                for k, w in enumerate(widths)
            ]
        )
        i, j, k = coords.T
        self.coords = coords
        self.levels = k
        ids = np.full((n, n, n), -1, dtype=np.int64)
        ids[i, j, k] = np.arange(self.count)
        self.ids = ids

        # Unit-diameter balls: each level sits in the hollows of the one below.
        self.centres = np.stack([i + k / 2, j + k / 2, k / math.sqrt(2)], axis=1)

        self.neighbours = self._offset_table(CONTACTS)
        self.supports = self._offset_table(BELOW)
        self.resting = self._offset_table(ABOVE)  # points that would rest on this one

        edge = n - 1 - k
        wall_mask = (
            np.where(k == 0, Wall.BASE, 0)
            | np.where(i == 0, Wall.WEST, 0)
            | np.where(i == edge, Wall.EAST, 0)
            | np.where(j == 0, Wall.SOUTH, 0)
            | np.where(j == edge, Wall.NORTH, 0)
        )
        self.wall_mask = wall_mask.astype(np.uint8)
        # Steps to each wall in the contact graph: every contact changes each of these
        # coordinates by at most one, and straight runs reach the wall, so they are exact.
        self.wall_distance = np.stack([k, i, edge - i, j, edge - j], axis=1)

        self.corner_ids = {
            Corner.SW: self.id_of(0, 0, 0),
            Corner.SE: self.id_of(n - 1, 0, 0),
            Corner.NW: self.id_of(0, n - 1, 0),
            Corner.NE: self.id_of(n - 1, n - 1, 0),
            Corner.AP: self.id_of(0, 0, n - 1),
        }

        for table in (
            self.coords,
            self.levels,
            self.level_offsets,
            self.ids,
            self.centres,
            self.neighbours,
            self.supports,
            self.resting,
            self.wall_mask,
            self.wall_distance,
        ):
            table.setflags(write=False)

        # Python-side copies for hot loops (numpy scalar access is slow one at a time).
        self.neighbour_lists: tuple[tuple[int, ...], ...] = _rows(self.neighbours)
        self.support_lists: tuple[tuple[int, ...], ...] = _rows(self.supports)
        self.resting_lists: tuple[tuple[int, ...], ...] = _rows(self.resting)
        self.wall_masks: tuple[int, ...] = tuple(int(m) for m in self.wall_mask)
        self.points: tuple[Point, ...] = tuple(Point(*map(int, c)) for c in coords)
        self._far_distance: dict[Corner, tuple[int, ...]] = {}

    def _offset_table(self, offsets: tuple[tuple[int, int, int], ...]) -> np.ndarray:
        """(count, len(offsets)) ids of the points at those offsets, -1 outside the pyramid."""
        out = np.full((self.count, len(offsets)), -1, dtype=np.int64)
        for col, (di, dj, dk) in enumerate(offsets):
            ti, tj, tk = self.coords[:, 0] + di, self.coords[:, 1] + dj, self.coords[:, 2] + dk
            ok = self._inside(ti, tj, tk)
            out[ok, col] = self.ids[ti[ok], tj[ok], tk[ok]]
        return out

    def _inside(self, i: np.ndarray, j: np.ndarray, k: np.ndarray) -> np.ndarray:
        """Per (i, j, k): whether it is a point of the pyramid (``contains``, for arrays)."""
        n = self.n
        return (k >= 0) & (k < n) & (i >= 0) & (j >= 0) & (i < n - k) & (j < n - k)

    # ---- lookups -------------------------------------------------------------------

    def contains(self, i: int, j: int, k: int) -> bool:
        return 0 <= k < self.n and 0 <= i < self.n - k and 0 <= j < self.n - k

    def id_of(self, i: int, j: int, k: int) -> int:
        """The id of point (i, j, k); ValueError naming the bounds when it is outside."""
        if not self.contains(i, j, k):
            raise ValueError(
                f"point ({i}, {j}, {k}) is outside the base-{self.n} pyramid "
                f"(need 0 <= k <= {self.n - 1} and 0 <= i, j <= {self.n - 1} - k)"
            )
        return int(self.level_offsets[k]) + j * (self.n - k) + i

    def ids_of(self, points: np.ndarray) -> np.ndarray:
        """The ids of (m, 3) points at once; ValueError naming the first one outside, as
        ``id_of``'s."""
        i, j, k = np.asarray(points, dtype=np.int64).reshape(-1, 3).T
        inside = self._inside(i, j, k)
        if not inside.all():
            first = int(np.argmin(inside))
            self.id_of(int(i[first]), int(j[first]), int(k[first]))  # raises, naming it
        return self.ids[i, j, k]

    def point(self, pid: int) -> Point:
        return self.points[pid]

    def level_ids(self, k: int) -> range:
        return range(int(self.level_offsets[k]), int(self.level_offsets[k + 1]))

    def far_wall_distance(self, corner: Corner) -> tuple[int, ...]:
        """For every point, the contact steps to the nearest wall in W(corner)."""
        distance = self._far_distance.get(corner)
        if distance is None:
            cols = [c for c, w in enumerate(WALLS) if corner.far_walls & w]
            distance = tuple(int(d) for d in self.wall_distance[:, cols].min(axis=1))
            self._far_distance[corner] = distance
        return distance

    def on_walls(self, mask: int) -> np.ndarray:
        """Boolean array: points touching any wall in ``mask``."""
        touching: np.ndarray = (self.wall_mask & mask) != 0
        return touching

    def __repr__(self) -> str:
        return f"lattice({self.n})"


def _rows(table: np.ndarray) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(x) for x in row if x >= 0) for row in table.tolist())


@functools.lru_cache(maxsize=CACHED_SIZES)
def lattice(n: int) -> PyramidLattice:
    """The shared, read-only lattice of base ``n`` (built on first use; the last
    ``CACHED_SIZES`` sizes used are kept, so a process that visits many sizes stays small)."""
    return PyramidLattice(n)


@functools.cache
def base_symmetries(n: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the square base of the base-``n`` pyramid as point-id
    permutations (point -> its image), the identity first: swap i and j or not, then
    mirror i, mirror j. They map corners to corners and walls to walls. Computed with numpy
    over the lattice's coordinates: a base-50 pyramid's (42,925 points) in milliseconds
    rather than most of a second, which a time-limited prover would otherwise spend before
    its first look at the clock."""
    lat = lattice(n)
    i, j, k = lat.coords[:, 0], lat.coords[:, 1], lat.coords[:, 2]
    w = n - k
    perms = []
    for swap in (False, True):
        for flip_i in (False, True):
            for flip_j in (False, True):
                a, b = (j, i) if swap else (i, j)
                a = w - 1 - a if flip_i else a
                b = w - 1 - b if flip_j else b
                perms.append(tuple(lat.ids[a, b, k].tolist()))
    return tuple(perms)
