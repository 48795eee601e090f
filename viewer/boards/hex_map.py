"""A flat map of hexes (Rolling Pyramids' is one): each hex a low prism with its name, a
white pyramid sized by its points or a black one (a factory) standing on it, and stacks of
counters on the hexes.

The geometry is plain data (:class:`HexCell` per hex, axial coordinates): the board knows
no game. Sites encode a stack's height: site ``cell * layers + layer``; a frame's piece on
a site is one counter of the stack on that hex, at that layer, in the style's colour, so a
game UI shows a bigger force as a taller stack (and set-up mode, which paints colours on
sites, can paint stacks). A click on a hex picks its top counter's site, or the hex's
layer 0 when it has none: the game UI maps a site to its hex (``cell_of``).

Frame fields and their visuals:

| frame       | visual                                                                   |
|-------------|--------------------------------------------------------------------------|
| pieces      | counters (flat discs) stacked on the hex's right, by layer               |
| markers     | a disc on the hex where its stack stands (a sphere on top of a stack)    |
| highlights  | a hexagonal frame round the hex in the rim's colour                      |
| pointers    | a cone over the hex, pointing down at it                                 |
| paths       | a tube through the hexes' centres over the map, a ball at its end (a     |
|             | device on a border: from its owner's hex towards the other)              |
| regions     | the hex tops mixed with the style's colour (who holds the hex)           |
| labels      | text over the hex's stack (a force's number, "5 + 2*")                   |
| ghosts      | translucent counters                                                     |
| heat        | the hex top tinted on the heat scale                                     |
| decorations | none                                                                     |
| slides      | the counter drawn between its origin's hex and its own, ``t`` of the way |
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pyvista as pv

from pyramid_lab.i18n import M_, Message, shown

from ..lab import palette
from ..lab.frame import Frame
from ..lab.view_state import ViewState
from .flat import FlatView, ray_at_height, ray_enters_box
from .geometries import (
    COUNTER_HEIGHT,
    COUNTER_RADIUS,
    HEX_HEIGHT,
    HEX_RADIUS,
    STACK_OFFSET,
    HexMap,
)
from .meshes import (
    add_labels,
    add_still_mesh,
    instances,
    join,
    pointer_cone,
    square_pyramid,
    template,
    to_display,
)

SPACE_RGB = palette.HEX_SPACE_RGB  # a numbered space: sand
START_RGB = palette.HEX_START_RGB  # a starting area: darker, lower
EDGE_DARK = 0.78  # the prism's sides: darker than its top
REGION_MIX = palette.HEX_REGION_MIX
# A hex's name (two lines: its number, then its pyramid's numbers or its section) stands
# in the hex's upper left, its pyramid below it, its stack low on the right (STACK_OFFSET):
# a stack rises towards the top of the picture (the map is seen from the south), in its
# own column, clear of the name
PYRAMID_OFFSET = (-0.3, -0.45)
NAME_OFFSET = (-0.68, 0.0)
PYRAMID_RGB = palette.HEX_PYRAMID_RGB
LABEL_LIFT = 0.33
GHOST_OPACITY = 0.4
PATH_Z, PATH_RADIUS = 0.75, 0.06
#: A flat map is seen from higher up than a pyramid: its numbers read.
HEX_VIEWS = {"iso": ((-0.25, -1.1, 2.2), (0.0, 0.0, 1.0))}


def _hex_prism(radius: float, height: float) -> pv.PolyData:
    angles = np.radians(30 + 60 * np.arange(6))
    ring = np.column_stack([np.cos(angles), np.sin(angles)]) * radius
    points = np.vstack(
        [np.column_stack([ring, np.full(6, height)]), np.column_stack([ring, np.zeros(6)])]
    )
    faces = [6, *range(6), 6, *range(11, 5, -1)]
    for k in range(6):
        n = (k + 1) % 6
        faces += [4, k, 6 + k, 6 + n, n]
    return pv.PolyData(points, np.array(faces))


def _hex_top(radius: float) -> pv.PolyData:
    angles = np.radians(30 + 60 * np.arange(6))
    points = np.column_stack([np.cos(angles) * radius, np.sin(angles) * radius, np.zeros(6)])
    return pv.PolyData(points, np.array([6, *range(6)]))


def _hex_frame(inner: float, outer: float) -> pv.PolyData:
    angles = np.radians(30 + 60 * np.arange(6))
    ring = np.column_stack([np.cos(angles), np.sin(angles), np.zeros(6)])
    points = np.vstack([ring * inner, ring * outer])
    faces: list[int] = []
    for k in range(6):
        n = (k + 1) % 6
        faces += [4, k, n, 6 + n, 6 + k]
    return pv.PolyData(points, np.array(faces))


PYRAMID_HEIGHT = 0.75
_PRISM = template(_hex_prism(HEX_RADIUS * 0.96, HEX_HEIGHT))
_TOP = template(_hex_top(HEX_RADIUS * 0.96))
_FRAME = template(_hex_frame(HEX_RADIUS * 0.8, HEX_RADIUS * 0.95))
_PYRAMID = template(square_pyramid(0.35, PYRAMID_HEIGHT))  # base 0.7 wide
_COUNTER = template(
    pv.Cylinder(
        center=(0, 0, 0),
        direction=(0, 0, 1),
        radius=COUNTER_RADIUS,
        height=COUNTER_HEIGHT,
        resolution=28,
    )
)
_DISC = template(pv.Disc(inner=0.0, outer=0.2, normal=(0, 0, 1), c_res=24))
_SPHERE = template(pv.Sphere(radius=0.14, theta_resolution=20, phi_resolution=14))
_END = template(pv.Sphere(radius=0.12, theta_resolution=14, phi_resolution=10))


class HexMapView(FlatView):
    """Draws frames on a hex map into a pyvista plotter."""

    kind = "hex-map"
    views = HEX_VIEWS
    region_mix = REGION_MIX
    hover_mix = (0.45, 0.55)
    path_z, path_radius, path_end = PATH_Z, PATH_RADIUS, _END

    def _start(self, board: HexMap) -> None:
        self.cell_centres = board.hex_centres
        self._heights = np.zeros(len(board.cells), dtype=np.int64)  # counters per hex
        super()._start(board)

    def cell_of(self, site: int) -> int:
        return int(self.board.cell_of(site))

    def _build(self) -> None:
        self.actors["pyramids"] = self._static_pyramids()
        for name, opacity, smooth in (
            ("hexes", 1.0, False),
            ("tops", 1.0, False),
            ("counters", 1.0, True),
            ("marks", 1.0, True),
            ("paths", 1.0, True),
            ("ghosts", GHOST_OPACITY, True),
        ):
            self._add_layer(name, opacity, smooth, _DISC)
        self.actors["labels"] = add_labels(
            self.plotter,
            [(shown(text), at) for text, at in self.board_labels()],  # (the window's words)
            font_size=13,
            rgb=palette.LABEL_RGB,
            always_visible=True,
        )
        self.set_view("iso")

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        """Each hex's name, its pyramid's numbers or its section below it (a word: a
        Message, said where drawn)."""
        b = self.board
        names: list[tuple[str, tuple[float, ...]]] = []
        for i, cell in enumerate(b.cells):
            x, y, _ = b.hex_centres[i]
            text = cell.name
            if cell.pyramid == "white":
                text += f"\n{cell.top}/{cell.bottom}"
            elif cell.caption:
                # TRANSLATORS: a space of a hex map: its name above its section ("12", "hero")
                text = M_("{name}\n{caption}", name=text, caption=Message(cell.caption))
            names.append((text, (x + NAME_OFFSET[0], y + NAME_OFFSET[1], HEX_HEIGHT + 0.02)))
        return names

    def still_meshes(self) -> dict[str, pv.PolyData]:
        pyramids = self._pyramids()
        return {"pyramids": pyramids} if pyramids.n_points else {}

    def _pyramids(self) -> pv.PolyData:
        """The white pyramids (sized by their points) and the black ones (factories)."""
        b = self.board
        where, colours, scales = [], [], []
        for i, cell in enumerate(b.cells):
            if cell.pyramid not in PYRAMID_RGB:
                continue
            where.append(b.hex_centres[i] + (*PYRAMID_OFFSET, HEX_HEIGHT))
            colours.append(PYRAMID_RGB[cell.pyramid])
            scales.append(b.pyramid_scale(cell))
        return instances(_PYRAMID, where, colours, scales) if where else pv.PolyData()

    def _static_pyramids(self) -> object:
        mesh = self._pyramids()
        if mesh.n_points == 0:
            mesh = instances(_DISC, [(0, 0, -10)], [(0, 0, 0)])
        # ambient: white reads white from above too
        return add_still_mesh(self.plotter, mesh, scalars="rgb", ambient=0.35)

    # ---- drawing ------------------------------------------------------------------------

    def _draw(
        self, frame: Frame, view: ViewState, visible: np.ndarray, pieces: Mapping[int, str]
    ) -> None:
        b = self.board
        heights = np.zeros(len(b.cells), dtype=np.int64)
        for s in pieces:
            c = b.cell_of(s)
            heights[c] = max(heights[c], b.layer_of(s) + 1)
        self._heights = heights
        # the hexes: sand, starting areas darker; regions, heat and the hover on the tops
        base = np.array([START_RGB if c.start else SPACE_RGB for c in b.cells], float)
        tops = self._cell_colours(base, frame, view)
        self._set("hexes", instances(_PRISM, b.hex_centres, base * EDGE_DARK))
        lifted = b.hex_centres + np.array([0, 0, HEX_HEIGHT + 0.004])
        self._set("tops", instances(_TOP, lifted, tops))
        # the counters, a sliding one on its way
        sites = sorted(pieces)
        self._set(
            "counters",
            instances(
                _COUNTER,
                self._piece_centres(sites),
                [self._counter_rgb(pieces[s], b.layer_of(s)) for s in sites],
            ),
        )
        self._set("marks", self._marks(frame, visible))

    def _ghosts(self, ghosts: Sequence[tuple[int, str]]) -> pv.PolyData:
        return instances(
            _COUNTER,
            self.board.centres[[s for s, _ in ghosts]] if ghosts else np.zeros((0, 3)),
            [palette.piece_rgb(st) for _, st in ghosts],
        )

    @staticmethod
    def _counter_rgb(style: str, layer: int) -> np.ndarray:
        """Counters of one stack alternate a little in shade, so they read as a stack."""
        rgb = np.array(palette.piece_rgb(style), float)
        return rgb * (0.86 if layer % 2 else 1.0)

    def _label_spot(self, site: int) -> tuple[float, float, float]:
        """Over the hex's stack (or where it would stand)."""
        b = self.board
        c = b.cell_of(site)
        x, y, _ = b.hex_centres[c]
        top = b.stack_top(c, int(self._heights[c]))
        return (x + STACK_OFFSET[0], y + STACK_OFFSET[1], top + LABEL_LIFT)

    def _marks(self, frame: Frame, visible: np.ndarray) -> pv.PolyData:
        b = self.board
        parts = self._highlights(frame, _FRAME, HEX_HEIGHT + 0.012)
        for marker in frame.markers:
            s = marker.site
            if not 0 <= s < b.count or not visible[s]:
                continue
            c = b.cell_of(s)
            colour = [palette.MARKER_RGB.get(marker.style, palette.MARKER_RGB["target"])]
            spot = b.hex_centres[c] + (*STACK_OFFSET, 0.0)
            if self._heights[c]:  # on top of the stack
                top = b.stack_top(c, int(self._heights[c]))
                parts.append(instances(_SPHERE, spot + np.array([0, 0, top + 0.14]), colour))
            else:
                parts.append(instances(_DISC, spot + np.array([0, 0, HEX_HEIGHT + 0.02]), colour))
        for pointer in frame.pointers:
            if not 0 <= pointer.site < b.count:
                continue
            c = b.cell_of(pointer.site)
            where = b.hex_centres[c] + (0, 0, PYRAMID_HEIGHT + 0.8)
            if pointer.direction is not None:
                where = where + np.array([*pointer.direction, 0.0]) * 0.9
            parts.append(pointer_cone(where, pointer.style))
        return join(parts)

    def _path_points(self, points: np.ndarray) -> np.ndarray:
        """A path of two hexes (a device on a border) runs from the first hex to the
        border."""
        if len(points) == 2:
            return np.array([points[0], points[0] + (points[1] - points[0]) * 0.62])
        return points

    def _path_rgb(self, style: str) -> tuple[int, int, int]:
        return palette.PATH_RGB.get(style, palette.piece_rgb(style))

    # ---- camera and picking -------------------------------------------------------------

    def bounds(self) -> tuple[float, ...]:
        c = self.board.hex_centres
        lo, hi = c.min(axis=0) - HEX_RADIUS, c.max(axis=0) + HEX_RADIUS
        return (lo[0], hi[0], lo[1], hi[1], 0.0, PYRAMID_HEIGHT)

    def pick_ray(self, near: np.ndarray, direction: np.ndarray) -> int | None:
        """The shown site the ray meets: the top counter of a stack it enters (its box),
        else the hex under it (its top counter, or layer 0)."""
        b = self.board
        if not self.shown.any():
            return None
        best: int | None = None
        best_t = np.inf
        for c in np.flatnonzero(self._heights):
            centre = b.hex_centres[c] + (*STACK_OFFSET, 0.0)
            lo = centre - (COUNTER_RADIUS, COUNTER_RADIUS, 0.0)
            height = b.stack_top(c, int(self._heights[c]))
            hi = centre + np.array([COUNTER_RADIUS, COUNTER_RADIUS, height])
            t = ray_enters_box(near, direction, lo, hi)
            if t is not None and t < best_t:
                best, best_t = int(c), t
        if best is None:
            hit = ray_at_height(near, direction, HEX_HEIGHT)
            if hit is None:
                return None
            distance = np.linalg.norm(b.hex_centres[:, :2] - hit[:2], axis=1)
            nearest = int(np.argmin(distance))
            if distance[nearest] > HEX_RADIUS * 0.95:
                return None
            best = nearest
        site = b.site(best, max(0, int(self._heights[best]) - 1))
        return site if self.shown[site] else None

    def display_position(self, site: int) -> tuple[float, float]:
        b = self.board
        c = b.cell_of(site)
        point = b.hex_centres[c] + (*STACK_OFFSET, HEX_HEIGHT + 0.05)
        if site in self._pieces:
            point = b.centres[site]
        return to_display(self.plotter, np.asarray(point, float))
