"""The boards' geometries, with no Qt, VTK or pyvista in them: where each site of a board
stands (its centre, level and distance to each wall, :class:`viewer.lab.view_state.BoardGeometry`)
and what a game's UI asks of its board (a square's sites, a hex's counters, a field's tier).
The game UIs build these (so they import no drawing), and each board view
(:mod:`.grid`, :mod:`.hex_map`, :mod:`.stepped`) draws one in the scene."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

import numpy as np

# ---- a flat grid of squares (viewer.boards.grid draws it) -------------------------------


class GridBoard:
    """The geometry: ``columns`` x ``rows`` squares (square centres at integer x, y; row 0
    nearest the default camera), ``kinds`` piece sizes per square, goal rows by row ->
    colour style. All sites are level 0; nothing peels."""

    def __init__(
        self,
        columns: int,
        rows: int,
        *,
        kinds: int = 1,
        goal_rows: Mapping[int, str] | None = None,
        column_names: str = "abcdefghijklmnopqrstuvwxyz",
    ) -> None:
        self.columns, self.rows, self.kinds = columns, rows, kinds
        self.squares = columns * rows
        self.count = self.squares * kinds
        sq = np.arange(self.count) // kinds
        self.centres = np.column_stack([sq % columns, sq // columns, np.zeros(self.count)]).astype(
            float
        )
        self.levels = np.zeros(self.count, dtype=np.int64)
        self.level_count = 1
        self.wall_distance = np.zeros((self.count, 1), dtype=np.int64)
        self.goal_rows = dict(goal_rows or {})
        self.column_names = column_names[:columns]
        # A size's slot in an empty square: largest on the left.
        spread = np.linspace(-0.28, 0.28, kinds) if kinds > 1 else np.zeros(1)
        self.slots = np.column_stack([spread, np.zeros(kinds), np.zeros(kinds)])
        for array in (self.levels, self.centres, self.wall_distance, self.slots):
            array.setflags(write=False)

    def kind_of(self, site: int) -> int:
        return site % self.kinds

    def square_of(self, site: int) -> int:
        return site // self.kinds

    def scale(self, kind: int) -> float:
        """A piece's size: 1 for kind 0, down to 0.55 for the smallest."""
        return 1.0 - 0.45 * kind / max(1, self.kinds - 1)


# ---- a map of hexes with counters (viewer.boards.hex_map draws it) ----------------------

SQRT3 = float(np.sqrt(3.0))
HEX_RADIUS = 1.0  # centre to corner
HEX_HEIGHT = 0.16
COUNTER_RADIUS, COUNTER_HEIGHT, COUNTER_GAP = 0.27, 0.1, 0.012
#: Where on a hex its counters stack (right of centre, a little towards the camera).
STACK_OFFSET = (0.45, -0.36)


@dataclasses.dataclass(frozen=True)
class HexCell:
    """One hex: axial coordinates, the name drawn on it, its pyramid ("white", "black" or
    none), a white pyramid's top and bottom numbers (its size follows them), a caption
    (a factory's section) and whether it is a starting area (drawn darker)."""

    q: int
    r: int
    name: str
    pyramid: str = ""
    top: int = 0
    bottom: int = 0
    caption: str = ""
    start: bool = False


class HexMap:
    """The geometry: one hex per :class:`HexCell`, ``layers`` counter sites per hex. All
    sites are level 0; nothing peels."""

    def __init__(self, cells: Sequence[HexCell], *, layers: int = 8) -> None:
        self.cells = tuple(cells)
        self.layers = layers
        self.count = len(self.cells) * layers
        q = np.array([c.q for c in self.cells], float)
        r = np.array([c.r for c in self.cells], float)
        # pointy-top hexes: x along q, rows of r upwards (r grows away from the camera)
        self.hex_centres = np.column_stack([SQRT3 * (q + r / 2), 1.5 * r, np.zeros(len(q))])
        cell = np.arange(self.count) // layers
        layer = np.arange(self.count) % layers
        spot = np.array([*STACK_OFFSET, 0.0])
        self.centres = self.hex_centres[cell] + spot
        self.centres[:, 2] = HEX_HEIGHT + (layer + 0.5) * (COUNTER_HEIGHT + COUNTER_GAP)
        self.levels = np.zeros(self.count, dtype=np.int64)
        self.level_count = 1
        self.wall_distance = np.zeros((self.count, 1), dtype=np.int64)
        for array in (self.centres, self.hex_centres, self.levels, self.wall_distance):
            array.setflags(write=False)

    def cell_of(self, site: int) -> int:
        return site // self.layers

    def layer_of(self, site: int) -> int:
        return site % self.layers

    def site(self, cell: int, layer: int = 0) -> int:
        return cell * self.layers + layer

    def stack_top(self, cell: int, layers: int) -> float:
        """The height of a stack of ``layers`` counters on ``cell``."""
        return HEX_HEIGHT + layers * (COUNTER_HEIGHT + COUNTER_GAP)

    def pyramid_scale(self, cell: HexCell) -> float:
        """A white pyramid's size by its points (1 for 13 points, at least 0.45); a black
        pyramid's is fixed."""
        if cell.pyramid == "black":
            return 0.7
        return min(1.0, 0.45 + 0.55 * (cell.top + cell.bottom) / 13)


# ---- a stepped pyramid of fields (viewer.boards.stepped draws it) -----------------------

TIER = 0.5  # height of one step of the pyramid, in field widths


class SteppedBoard:
    """The geometry of a stepped pyramid on a ``size`` x ``size`` grid: per field (id
    ``r * size + c``, row 0 at the back) its tier, the centre of its top face, and what
    peeling uses. Peeling takes tiers off the top: a field's "distance" is the number of
    tiers above it, so peeling one shell hides the apex, two the tier below as well."""

    def __init__(
        self,
        size: int,
        levels: Sequence[int],
        *,
        inlays: Sequence[int] = (),
        column_names: str = "abcdefghijklmnopqrstuvwxyz",
    ) -> None:
        self.size = size
        self.count = size * size
        self.levels = np.array(levels, dtype=np.int64)
        self.level_count = int(self.levels.max()) + 1
        rc = np.array([divmod(f, size) for f in range(self.count)], dtype=float)
        self.centres = np.column_stack([rc[:, 1], size - 1 - rc[:, 0], (self.levels + 1) * TIER])
        self.wall_distance = (self.level_count - 1 - self.levels)[:, None]
        self.inlays = tuple(inlays)
        self.column_names = column_names[:size]
        for array in (self.levels, self.centres, self.wall_distance):
            array.setflags(write=False)
