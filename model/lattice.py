"""Square-pyramid ball packing: points, contacts, supports, walls and corners for base N.

Every table is built once per base size (``lattice(n)`` keeps the last few sizes used):
tuples indexed by point id for the rules' tight Python loops, and read-only numpy arrays,
made on first use (a game's rules that ask for none load no numpy). Games, analysis, search
and the 3D scene all read these tables; nobody recomputes geometry.

Point ids run level by level from the base up, row ``j`` by row inside a level and ``i``
inside a row: ``id = level_offset[k] + j * (n - k) + i``.
"""

from __future__ import annotations

import enum
import functools
import math
import re
from typing import TYPE_CHECKING, NamedTuple

from pyramid_lab.i18n import M_

from .errors import SaidError
from .game import quote

if TYPE_CHECKING:
    import numpy as np

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
            raise SaidError(
                M_("{text} is not a point; write it as i,j,k, e.g. 1,0,2", text=quote(text))
            )
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
    """All geometry of the square pyramid of base ``n``. Build with :func:`lattice`.

    The tables a game's rules read (points, contacts, supports, walls as tuples) are built
    in plain Python; the numpy arrays (``coords``, ``centres``, ``neighbours``, ...) on
    first use, so that rules that never ask for one load no numpy (a book's answer), and
    read-only."""

    def __init__(self, n: int) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= MAX_SIZE:
            raise SaidError(
                M_(
                    "pyramid base must be an integer from 2 to {most}, not {value}",
                    most=MAX_SIZE,
                    value=quote(n),
                )
            )
        self.n = n
        self.count = point_count(n)
        offsets = [0]
        for k in range(n):
            offsets.append(offsets[-1] + (n - k) * (n - k))
        self._offsets: tuple[int, ...] = tuple(offsets)
        self.points: tuple[Point, ...] = tuple(
            Point(i, j, k) for k in range(n) for j in range(n - k) for i in range(n - k)
        )
        # Python-side tables for hot loops (numpy scalar access is slow one at a time).
        self.neighbour_lists: tuple[tuple[int, ...], ...] = self._offset_lists(CONTACTS)
        self.support_lists: tuple[tuple[int, ...], ...] = self._offset_lists(BELOW)
        self.resting_lists: tuple[tuple[int, ...], ...] = self._offset_lists(ABOVE)
        self.wall_masks: tuple[int, ...] = tuple(
            _wall_mask(i, j, k, n - 1 - k) for i, j, k in self.points
        )
        self.corner_ids = {
            Corner.SW: self.id_of(0, 0, 0),
            Corner.SE: self.id_of(n - 1, 0, 0),
            Corner.NW: self.id_of(0, n - 1, 0),
            Corner.NE: self.id_of(n - 1, n - 1, 0),
            Corner.AP: self.id_of(0, 0, n - 1),
        }
        self._far_distance: dict[Corner, tuple[int, ...]] = {}

    def _offset_lists(
        self, offsets: tuple[tuple[int, int, int], ...]
    ) -> tuple[tuple[int, ...], ...]:
        """Per point, the ids of the points at those offsets that are in the pyramid."""
        n, first = self.n, self._offsets
        rows = []
        for i, j, k in self.points:
            row = []
            for di, dj, dk in offsets:
                ti, tj, tk = i + di, j + dj, k + dk
                if 0 <= tk < n and 0 <= ti < n - tk and 0 <= tj < n - tk:
                    row.append(first[tk] + tj * (n - tk) + ti)
            rows.append(tuple(row))
        return tuple(rows)

    # ---- lookups -------------------------------------------------------------------

    def contains(self, i: int, j: int, k: int) -> bool:
        return 0 <= k < self.n and 0 <= i < self.n - k and 0 <= j < self.n - k

    def id_of(self, i: int, j: int, k: int) -> int:
        """The id of point (i, j, k); ValueError naming the bounds when it is outside."""
        if not self.contains(i, j, k):
            raise SaidError(
                M_(
                    "point ({i}, {j}, {k}) is outside the base-{size} pyramid (need 0 <= k <= "
                    "{top} and 0 <= i, j <= {top} - k)",
                    i=str(i),
                    j=str(j),
                    k=str(k),
                    size=self.n,
                    top=self.n - 1,
                )
            )
        return int(self._offsets[k]) + j * (self.n - k) + i

    def ids_of(self, points: np.ndarray) -> np.ndarray:
        """The ids of (m, 3) points at once; ValueError naming the first one outside, as
        ``id_of``'s."""
        import numpy as np

        i, j, k = np.asarray(points, dtype=np.int64).reshape(-1, 3).T
        inside = self._inside(i, j, k)
        if not inside.all():
            first = int(np.argmin(inside))
            self.id_of(int(i[first]), int(j[first]), int(k[first]))  # raises, naming it
        ids: np.ndarray = self.ids[i, j, k]
        return ids

    def point(self, pid: int) -> Point:
        return self.points[pid]

    def level_ids(self, k: int) -> range:
        return range(self._offsets[k], self._offsets[k + 1])

    def far_wall_distance(self, corner: Corner) -> tuple[int, ...]:
        """For every point, the contact steps to the nearest wall in W(corner)."""
        distance = self._far_distance.get(corner)
        if distance is None:
            cols = [c for c, w in enumerate(WALLS) if corner.far_walls & w]
            distance = tuple(min(row[c] for c in cols) for row in self._wall_distances())
            self._far_distance[corner] = distance
        return distance

    def __repr__(self) -> str:
        return f"lattice({self.n})"

    # ---- the numpy tables, made on first use ----------------------------------------

    @functools.cached_property
    def coords(self) -> np.ndarray:
        """(count, 3) int64: each point's (i, j, k)."""
        import numpy as np

        return _read_only(np.array(self.points, dtype=np.int64).reshape(-1, 3))

    @functools.cached_property
    def levels(self) -> np.ndarray:
        """(count,) int64: each point's level k."""
        return _read_only(self.coords[:, 2].copy())

    @functools.cached_property
    def ids(self) -> np.ndarray:
        """(n, n, n) int64: the id of point (i, j, k), -1 outside the pyramid."""
        import numpy as np

        ids = np.full((self.n, self.n, self.n), -1, dtype=np.int64)
        i, j, k = self.coords.T
        ids[i, j, k] = np.arange(self.count)
        return _read_only(ids)

    @functools.cached_property
    def centres(self) -> np.ndarray:
        """(count, 3) float: unit-diameter balls, each level in the hollows of the one below."""
        import numpy as np

        i, j, k = self.coords.T
        return _read_only(np.stack([i + k / 2, j + k / 2, k / math.sqrt(2)], axis=1))

    @functools.cached_property
    def neighbours(self) -> np.ndarray:
        """(count, 12) ids of the points in contact (:data:`CONTACTS`), -1 outside."""
        return self._offset_table(CONTACTS)

    @functools.cached_property
    def resting(self) -> np.ndarray:
        """(count, 4) ids of the points that would rest on each one, -1 outside."""
        return self._offset_table(ABOVE)

    @functools.cached_property
    def wall_mask(self) -> np.ndarray:
        """(count,) uint8: the walls (:class:`Wall` bits) each point touches."""
        import numpy as np

        return _read_only(np.array(self.wall_masks, dtype=np.uint8))

    @functools.cached_property
    def wall_distance(self) -> np.ndarray:
        """(count, 5): steps to each wall (base, west, east, south, north) in the contact
        graph: every contact changes each of these coordinates by at most one, and straight
        runs reach the wall, so they are exact."""
        import numpy as np

        return _read_only(np.array(self._wall_distances(), dtype=np.int64).reshape(-1, 5))

    def _wall_distances(self) -> list[tuple[int, int, int, int, int]]:
        n = self.n
        return [(k, i, n - 1 - k - i, j, n - 1 - k - j) for i, j, k in self.points]

    def _offset_table(self, offsets: tuple[tuple[int, int, int], ...]) -> np.ndarray:
        """(count, len(offsets)) ids of the points at those offsets, -1 outside the pyramid."""
        import numpy as np

        out = np.full((self.count, len(offsets)), -1, dtype=np.int64)
        for col, (di, dj, dk) in enumerate(offsets):
            ti, tj, tk = self.coords[:, 0] + di, self.coords[:, 1] + dj, self.coords[:, 2] + dk
            ok = self._inside(ti, tj, tk)
            out[ok, col] = self.ids[ti[ok], tj[ok], tk[ok]]
        return _read_only(out)

    def _inside(self, i: np.ndarray, j: np.ndarray, k: np.ndarray) -> np.ndarray:
        """Per (i, j, k): whether it is a point of the pyramid (``contains``, for arrays)."""
        n = self.n
        return (k >= 0) & (k < n) & (i >= 0) & (j >= 0) & (i < n - k) & (j < n - k)


def _wall_mask(i: int, j: int, k: int, edge: int) -> int:
    """The walls (:class:`Wall` bits) point (i, j, k) touches; ``edge``: n - 1 - k."""
    return int(
        (Wall.BASE if k == 0 else 0)
        | (Wall.WEST if i == 0 else 0)
        | (Wall.EAST if i == edge else 0)
        | (Wall.SOUTH if j == 0 else 0)
        | (Wall.NORTH if j == edge else 0)
    )


def _read_only(table: np.ndarray) -> np.ndarray:
    table.setflags(write=False)
    return table


@functools.lru_cache(maxsize=CACHED_SIZES)
def lattice(n: int) -> PyramidLattice:
    """The shared, read-only lattice of base ``n`` (built on first use; the last
    ``CACHED_SIZES`` sizes used are kept, so a process that visits many sizes stays small)."""
    return PyramidLattice(n)


@functools.cache
def base_symmetries(n: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the square base of the base-``n`` pyramid as point-id
    permutations (point -> its image), the identity first: swap i and j or not, then
    mirror i, mirror j. They map corners to corners and walls to walls. A small pyramid's
    in plain Python (a Pyraos board's 30 points: no numpy loaded for a book's answer); a
    large one's with numpy over the lattice's coordinates: a base-50 pyramid's (42,925
    points) in milliseconds rather than a quarter of a second, which a time-limited prover
    would otherwise spend before its first look at the clock."""
    if point_count(n) <= _SMALL:
        return _symmetries_in_python(n)
    lat = lattice(n)
    i, j, k = lat.coords[:, 0], lat.coords[:, 1], lat.coords[:, 2]
    w = n - k
    perms = []
    for swap, flip_i, flip_j in _SQUARE:
        a, b = (j, i) if swap else (i, j)
        a = w - 1 - a if flip_i else a
        b = w - 1 - b if flip_j else b
        perms.append(tuple(lat.ids[a, b, k].tolist()))
    return tuple(perms)


#: Pyramids of at most this many points have their symmetries made in plain Python.
_SMALL = 1_000
#: The square's 8 symmetries: (swap i and j, mirror i, mirror j), the identity first.
_SQUARE = tuple((s, fi, fj) for s in (False, True) for fi in (False, True) for fj in (False, True))


def _symmetries_in_python(n: int) -> tuple[tuple[int, ...], ...]:
    """:func:`base_symmetries` one point at a time (``id = first[k] + b * w + a``)."""
    lat = lattice(n)
    first = lat._offsets
    perms = []
    for swap, flip_i, flip_j in _SQUARE:
        perm = []
        for i, j, k in lat.points:
            w = n - k
            a, b = (j, i) if swap else (i, j)
            a = w - 1 - a if flip_i else a
            b = w - 1 - b if flip_j else b
            perm.append(first[k] + b * w + a)
        perms.append(tuple(perm))
    return tuple(perms)
