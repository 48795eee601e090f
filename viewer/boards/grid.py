"""A flat chequered grid of squares (Pyramid Ball's 7x8 board is one) with square pyramids
of a few sizes standing on it.

Sites encode the piece size: site ``(row * columns + col) * kinds + kind``, kind 0 the
largest. A frame's piece style is its colour and its site says its size, so set-up mode
(which paints colours on sites) can place every size: an empty square shows one small
marker per size (largest on the left), and a click on a marker picks that size. A click on
a square with a pyramid picks the pyramid's site; on an empty square outside set-up, the
nearest size marker's site (the game UI maps a site to its square).

Frame fields and their visuals:

| frame       | visual                                                                   |
|-------------|--------------------------------------------------------------------------|
| pieces      | square pyramids (size by site kind, colour by style)                     |
| markers     | on a pyramid: a sphere on its apex ("carrier": the game's ball); on an    |
|             | empty square: a disc at the site's size slot, but a "carrier" marker is a |
|             | sphere resting on the square's centre (a ball lying loose there)          |
| highlights  | a frame round the square in the rim's colour (RIM_RGB, SQUARE_RIM_RGB)   |
| pointers    | a cone past the board's edge                                             |
| paths       | a tube through the squares' centres, above the board (a move's trail, a  |
|             | pass line), in the style's colour, with a ball at its end                |
| regions     | the squares shaded in the style's colour                                 |
| labels      | text above the site's square                                             |
| ghosts      | translucent pyramids                                                     |
| heat        | the square tinted on the heat scale                                      |
| decorations | none drawn: goal rows are part of the geometry (tinted in their side's |
|             | colour); a frame names them (``goal-row-red``) for the legend only      |
| slides      | the pyramid (and a marker on its apex) drawn between its origin's square  |
|             | and its own, ``t`` of the way                                             |
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pyvista as pv

from ..lab import palette
from ..lab.frame import Frame
from ..lab.view_state import ViewState
from .flat import FlatView, ray_at_height, ray_enters_box
from .geometries import GridBoard
from .meshes import (
    Vector,
    add_labels,
    add_still_mesh,
    instances,
    join,
    past_the_edge,
    pointer_cone,
    square_pyramid,
    template,
    to_display,
)

LIGHT, DARK = palette.SQUARE_LIGHT, palette.SQUARE_DARK
BASE_RGB = palette.GRID_BASE_RGB
LIFT = 0.01
GHOST_OPACITY = 0.4
REGION_MIX = 0.55  # a region's square mixed with the region's colour
PATH_Z, PATH_RADIUS = 0.32, 0.045
LABEL_Z = 1.15
LABEL_STAGGER = 0.45  # every other square's label stands this much higher
#: A flat board is seen from higher up than a pyramid: its squares and coordinates read.
GRID_VIEWS = {"iso": ((-0.45, -1.3, 2.0), (0.0, 0.0, 1.0))}


PYRAMID_HEIGHT = 0.9
_PYRAMID = template(square_pyramid(0.4, PYRAMID_HEIGHT))  # base 0.8 wide
_SQUARE = template(pv.Plane(i_size=1.0, j_size=1.0, i_resolution=1, j_resolution=1))
_FRAME = template(pv.Disc(inner=0.40, outer=0.49, normal=(0, 0, 1), c_res=4))
_DISC = template(pv.Disc(inner=0.0, outer=0.09, normal=(0, 0, 1), c_res=24))
_SPHERE = template(pv.Sphere(radius=0.13, theta_resolution=20, phi_resolution=14))
_END = template(pv.Sphere(radius=0.085, theta_resolution=14, phi_resolution=10))
_ROTATE_45 = np.array(
    [[np.sqrt(0.5), -np.sqrt(0.5), 0], [np.sqrt(0.5), np.sqrt(0.5), 0], [0, 0, 1]]
)
_FRAME = ((_FRAME[0] @ _ROTATE_45.T).astype(np.float32), _FRAME[1])  # square, not diamond


class GridView(FlatView):
    """Draws frames on a flat grid into a pyvista plotter."""

    kind = "grid"
    views = GRID_VIEWS
    region_mix = REGION_MIX
    hover_mix = (0.4, 0.6)
    path_z, path_radius, path_end = PATH_Z, PATH_RADIUS, _END

    def _start(self, board: GridBoard) -> None:
        self.cell_centres = np.array(
            [[sq % board.columns, sq // board.columns, 0.0] for sq in range(board.squares)]
        )
        super()._start(board)

    def cell_of(self, site: int) -> int:
        return int(self.board.square_of(site))

    def _base(self) -> pv.PolyData:
        b = self.board
        return pv.Box(bounds=(-0.62, b.columns - 0.38, -0.62, b.rows - 0.38, -0.1, -0.002))

    def still_meshes(self) -> dict[str, pv.PolyData]:
        base = self._base()
        base.cell_data["rgb"] = np.tile(np.array(BASE_RGB, np.uint8), (base.n_cells, 1))
        return {"base": base}

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        b = self.board
        # a label's text stands up and right of its point: column names a square's depth
        # below the board's front edge, clear of it (at -0.85 "a" ran half under the edge)
        labels: list[tuple[str, tuple[float, ...]]]
        labels = [(b.column_names[c], (c - 0.1, -1.12, 0.0)) for c in range(b.columns)]
        return labels + [(str(r + 1), (-0.85, float(r), 0.0)) for r in range(b.rows)]

    def _build(self) -> None:
        base = self._base()
        self.actors["base"] = add_still_mesh(self.plotter, base, color=BASE_RGB)
        for name, opacity, smooth in (
            ("squares", 1.0, False),
            ("pyramids", 1.0, False),
            ("marks", 1.0, True),
            ("paths", 1.0, True),
            ("ghosts", GHOST_OPACITY, False),
        ):
            self._add_layer(name, opacity, smooth, _DISC)
        labels: list[tuple[str, Vector]] = list(self.board_labels())
        self.actors["labels"] = add_labels(
            self.plotter, labels, font_size=17, rgb=palette.LABEL_RGB, always_visible=True
        )
        self.set_view("iso")

    # ---- drawing ------------------------------------------------------------------------

    def _draw(
        self, frame: Frame, view: ViewState, visible: np.ndarray, pieces: Mapping[int, str]
    ) -> None:
        b = self.board
        occupied = {b.square_of(s) for s in pieces}
        # the squares: chequered, goal rows tinted, regions, heat on top, the hover lit
        rgb = np.zeros((b.squares, 3))
        for sq in range(b.squares):
            col, row = sq % b.columns, sq // b.columns
            square = LIGHT if (col + row) % 2 else DARK
            if row in b.goal_rows:
                square = palette.goal_row_rgb(b.goal_rows[row], square)
            rgb[sq] = square
        rgb = self._cell_colours(rgb, frame, view)
        self._set("squares", instances(_SQUARE, self.cell_centres, rgb))
        # the pyramids, each scaled by its kind, a sliding one on its way
        sites = sorted(pieces)
        where = self._piece_centres(sites)
        scales = [b.scale(b.kind_of(s)) for s in sites]
        colours = [palette.piece_rgb(pieces[s]) for s in sites]
        self._set("pyramids", instances(_PYRAMID, where, colours, scales))
        self._set("marks", self._marks(frame, visible, occupied))

    def _ghosts(self, ghosts: Sequence[tuple[int, str]]) -> pv.PolyData:
        b = self.board
        return instances(
            _PYRAMID,
            b.centres[[s for s, _ in ghosts]] if ghosts else np.zeros((0, 3)),
            [palette.piece_rgb(st) for _, st in ghosts],
            [b.scale(b.kind_of(s)) for s, _ in ghosts],
        )

    def _label_spot(self, site: int) -> tuple[float, float, float]:
        """Above the square, higher on every other square: neighbours' labels do not run
        into each other."""
        b = self.board
        col, row = divmod(b.square_of(site), b.columns)[::-1]
        x, y = b.centres[site][:2]
        return (x, y, LABEL_Z + LABEL_STAGGER * ((col + row) % 2))

    def _marks(self, frame: Frame, visible: np.ndarray, occupied: set[int]) -> pv.PolyData:
        b = self.board
        parts = self._highlights(frame, _FRAME, 2 * LIFT)
        lift = np.array([0, 0, 2 * LIFT])
        for marker in frame.markers:
            s = marker.site
            if not 0 <= s < b.count or not visible[s]:
                continue
            colour = [palette.MARKER_RGB.get(marker.style, palette.MARKER_RGB["target"])]
            if s in self._pieces:  # on the apex (of a sliding pyramid too)
                top = PYRAMID_HEIGHT * b.scale(b.kind_of(s)) + 0.08
                apex = self._piece_centres([s])[0] + (0, 0, top)
                parts.append(instances(_SPHERE, apex, colour))
            elif b.square_of(s) not in occupied and marker.style == "carrier":  # a loose ball
                parts.append(instances(_SPHERE, b.centres[s] + (0, 0, 0.13) + lift, colour))
            elif b.square_of(s) not in occupied:
                parts.append(instances(_DISC, b.centres[s] + b.slots[b.kind_of(s)] + lift, colour))
        for pointer in frame.pointers:
            if 0 <= pointer.site < b.count:
                where = past_the_edge(b.centres[pointer.site], pointer.direction)
                parts.append(pointer_cone(where, pointer.style))
        return join(parts)

    # ---- camera and picking -------------------------------------------------------------

    def bounds(self) -> tuple[float, ...]:
        b = self.board
        return (-1.2, b.columns - 0.1, -1.2, b.rows - 0.1, -0.1, PYRAMID_HEIGHT)

    def pick_ray(self, near: np.ndarray, direction: np.ndarray) -> int | None:
        """The shown site the ray meets: a pyramid it enters (its box), else the nearest
        size slot of the square under it."""
        b = self.board
        if not self.shown.any():
            return None
        best, best_t = None, np.inf
        for s in self._pieces:
            half = 0.4 * b.scale(b.kind_of(s))
            c = b.centres[s]
            lo = np.array([c[0] - half, c[1] - half, 0.0])
            hi = np.array([c[0] + half, c[1] + half, PYRAMID_HEIGHT * b.scale(b.kind_of(s))])
            t = ray_enters_box(near, direction, lo, hi)
            if t is not None and t < best_t:
                best, best_t = s, t
        if best is not None:
            return int(best)
        hit = ray_at_height(near, direction, 0.0)
        if hit is None:
            return None
        col, row = round(hit[0]), round(hit[1])
        if not (0 <= col < b.columns and 0 <= row < b.rows):
            return None
        sq = row * b.columns + col
        offset = hit[0] - col
        kind = int(np.argmin(np.abs(b.slots[:, 0] - offset)))
        site = sq * b.kinds + kind
        return site if self.shown[site] else None

    def display_position(self, site: int) -> tuple[float, float]:
        b = self.board
        if site in self._pieces:
            point = b.centres[site] + (0, 0, 0.4 * b.scale(b.kind_of(site)))
        else:
            point = b.centres[site] + b.slots[b.kind_of(site)]
        return to_display(self.plotter, np.asarray(point, float))
