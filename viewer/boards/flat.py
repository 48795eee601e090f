"""What the flat boards share: Pyramid Ball's grid of squares (:mod:`.grid`) and Rolling
Pyramids' map of hexes (:mod:`.hex_map`).

A flat board has one level (nothing to peel or clip) and groups its sites into cells: a
square holds one site per piece size, a hex one per counter of its stack. Frames are drawn
per cell: the cell's colour mixed with its regions, tinted by heat and the hover; a
highlight is a frame round the cell; the labels on one cell are joined into one; a path is
a tube through the cells' centres with a ball at its end; a sliding piece is drawn between
its origin's cell and its own. Nothing a move removes is animated (it is shown gone at
once). A board subclass draws its cells, pieces and marks, and picks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import pyvista as pv

from ..lab import palette
from ..lab.frame import Frame, Label, Vanish
from ..lab.outcome_words import joined
from ..lab.view_state import ViewState
from .base import CameraViews
from .meshes import MeshActors, Template, aim_camera, fit_camera, instances, join, view_ray

LABEL_ROOM = 2.0  # how far over the board's bounds a label may stand


class FlatView(MeshActors):
    """Draws frames on a flat board (its geometry ``board``) into a pyvista plotter."""

    kind: ClassVar[str]
    supports_cut_open: ClassVar[bool] = False
    flat: ClassVar[bool] = True  # one level: nothing to peel or clip
    hover_ring: ClassVar[bool] = False  # the hovered cell is lit, no ring
    #: The board's own camera presets, over palette.VIEWS (a flat board is seen from higher
    #: up than a pyramid, so its cells and names read).
    views: ClassVar[CameraViews]
    region_mix: ClassVar[float]  # a cell's colour mixed with its region's, this much
    hover_mix: ClassVar[tuple[float, float]]  # the hovered cell: (its colour, the hover's)
    path_z: ClassVar[float]  # a path's height over the board
    path_radius: ClassVar[float]
    path_end: ClassVar[Template]  # the ball at a path's end

    cell_centres: np.ndarray  # (cells, 3): each cell's centre on the board (z = 0)

    def __init__(self, plotter: pv.BasePlotter, board: Any) -> None:
        self.plotter = plotter
        self._start(board)
        self._build()

    def _start(self, board: Any) -> None:
        self.geometry = board
        self.board = board
        self.level_count = 1
        self.peel_max = 0
        self.shown = np.zeros(board.count, dtype=bool)
        self._pieces: dict[int, str] = {}
        self._offsets: dict[int, np.ndarray] = {}
        self._meshes: dict[str, pv.PolyData] = {}
        self.actors: dict[str, object] = {}
        # each path's tube and end ball as last built, by its cells and style: a long game
        # draws the same paths move after move (Rolling's 300-move game built each anew)
        self._tubes: dict[tuple[tuple[int, ...], str], list[pv.PolyData]] = {}
        # the parts of the paths drawn last and their merge: the same parts, the same merge
        self._merged_paths: tuple[list[pv.PolyData], pv.PolyData] = ([], pv.PolyData())

    # ---- what a board says ----------------------------------------------------------------

    def _build(self) -> None:
        """Add the board's actors (its layers, the names on it) and set the camera."""
        raise NotImplementedError

    def cell_of(self, site: int) -> int:
        raise NotImplementedError

    def _draw(
        self, frame: Frame, view: ViewState, visible: np.ndarray, pieces: Mapping[int, str]
    ) -> None:
        """Draw the cells, the pieces (``self._offsets`` says how far a sliding one is from
        its site) and the marks."""
        raise NotImplementedError

    def _label_spot(self, site: int) -> tuple[float, float, float]:
        raise NotImplementedError

    def _ghosts(self, ghosts: Sequence[tuple[int, str]]) -> pv.PolyData:
        """Translucent pieces on the sites of ``ghosts`` (site, style)."""
        raise NotImplementedError

    def bounds(self) -> tuple[float, ...]:
        raise NotImplementedError

    # ---- drawing ------------------------------------------------------------------------

    def pick(self, x: float, y: float) -> int | None:
        """The shown site under display pixel (x, y): :meth:`pick_ray` of its view ray."""
        near, direction = view_ray(self.plotter, x, y)
        return self.pick_ray(near, direction)

    def pick_ray(self, near: np.ndarray, direction: np.ndarray) -> int | None:
        """The shown site the view ray from ``near`` along unit ``direction`` meets."""
        raise NotImplementedError

    def show(self, frame: Frame, view: ViewState) -> None:
        b = self.board
        visible = view.visible(b)
        pieces = {s: st for s, st in frame.pieces.items() if 0 <= s < b.count and visible[s]}
        self._pieces = pieces
        self._offsets = slide_offsets(frame, pieces, self.cell_centres, self.cell_of, b.count)
        self._draw(frame, view, visible, pieces)
        self._set("paths", self._paths(frame))
        self._show_labels(one_label_a_cell(frame, self.cell_of, b.count), self._label_spot, b.count)
        ghosts = [(s, st) for s, st in sorted(frame.ghosts.items()) if 0 <= s < b.count]
        self._set("ghosts", self._ghosts(ghosts))
        self.shown = visible.copy()

    def _cell_colours(self, base: np.ndarray, frame: Frame, view: ViewState) -> np.ndarray:
        """``base`` (a colour per cell) mixed with the regions' colours, the heat on top,
        the hover lit."""
        b = self.board
        rgb = np.array(base, float)
        mix = self.region_mix
        for region in frame.regions:
            cells = sorted({self.cell_of(s) for s in region.sites if 0 <= s < b.count})
            colour = np.array(palette.REGION_RGB.get(region.style, palette.EDGE_RGB), float)
            rgb[cells] = rgb[cells] * (1 - mix) + colour * mix
        heat = {self.cell_of(s): v for s, v in frame.heat.items() if 0 <= s < b.count}
        if heat:
            rgb[list(heat)] = np.asarray(palette.heat_rgb(list(heat.values())), float)
        hover = view.hover
        if hover is not None and 0 <= hover < b.count:
            h = self.cell_of(hover)
            keep, lit = self.hover_mix
            rgb[h] = rgb[h] * keep + np.array(palette.HOVER_RGB) * lit
        return rgb

    def _piece_centres(self, sites: Sequence[int]) -> np.ndarray:
        """Where the pieces on ``sites`` are drawn (a sliding one on its way)."""
        if not sites:
            return np.zeros((0, 3))
        where: np.ndarray = self.board.centres[list(sites)].copy()
        for i, s in enumerate(sites):
            if s in self._offsets:
                where[i] += self._offsets[s]
        return where

    def _highlights(self, frame: Frame, shape: Template, z: float) -> list[pv.PolyData]:
        """A frame (``shape``) round each highlighted cell at height ``z``, in its rim's
        colour."""
        b = self.board
        rims = {style: tuple(round(255 * v) for v in rim) for style, rim in palette.RIM_RGB.items()}
        rims.update(palette.SQUARE_RIM_RGB)
        parts = []
        for style, rim in rims.items():
            cells = sorted(
                {self.cell_of(s) for s in frame.highlights.get(style, ()) if 0 <= s < b.count}
            )
            where = self.cell_centres[cells] + (0, 0, z) if cells else np.zeros((0, 3))
            parts.append(instances(shape, where, [rim] * len(cells)))
        return parts

    def _paths(self, frame: Frame) -> pv.PolyData:
        """Each path a tube through its cells' centres at ``path_z``, a ball at its end."""
        b = self.board
        parts = []
        made: dict[tuple[tuple[int, ...], str], list[pv.PolyData]] = {}
        for path in frame.paths:
            cells: list[int] = []
            for s in path.sites:  # the cells in turn (the sites of one cell are one point)
                if 0 <= s < b.count and (not cells or cells[-1] != self.cell_of(s)):
                    cells.append(self.cell_of(s))
            if len(cells) < 2:
                continue
            key = (tuple(cells), path.style)
            tube_and_end = made.get(key) or self._tubes.get(key)
            if tube_and_end is None:
                points = self._path_points(self.cell_centres[cells] + (0, 0, self.path_z))
                colour = np.array(self._path_rgb(path.style), np.uint8)
                tube = pv.lines_from_points(points).tube(radius=self.path_radius, n_sides=10)
                tube = tube.triangulate()
                tube.cell_data["rgb"] = np.tile(colour, (tube.n_cells, 1))
                tube_and_end = [tube, instances(self.path_end, points[-1:], [colour])]
            made[key] = tube_and_end
            parts.extend(tube_and_end)
        self._tubes = made  # the paths drawn now (those gone are built anew if they return)
        drawn, merged = self._merged_paths
        if len(drawn) != len(parts) or any(a is not b for a, b in zip(drawn, parts, strict=True)):
            merged = join(parts)
            self._merged_paths = (parts, merged)
        return merged

    def _path_points(self, points: np.ndarray) -> np.ndarray:
        """The points a path's tube runs through (its cells' centres)."""
        return points

    def _path_rgb(self, style: str) -> tuple[int, int, int]:
        return palette.PATH_RGB.get(style, palette.EDGE_RGB)

    # ---- what a move removed: shown gone at once ------------------------------------------

    def play(self, vanishing: Sequence[Vanish]) -> float:
        return 0.0

    def advance(self, t: float) -> None:
        return None

    # ---- camera and picking -------------------------------------------------------------

    def set_view(self, name: str) -> None:
        direction, up = self.views.get(name, palette.VIEWS[name])
        aim_camera(self.plotter, direction, up)
        x0, x1, y0, y1, z0, z1 = self.bounds()
        box = [(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (z0, z1)]
        fit_camera(self.plotter, box, margin=0.03)
        # the depth range holds the labels too: they stand above the pieces
        self.plotter.renderer.ResetCameraClippingRange(x0, x1, y0, y1, z0, z1 + LABEL_ROOM)


def slide_offsets(
    frame: Frame,
    pieces: Mapping[int, str],
    cell_centres: np.ndarray,
    cell_of: Callable[[int], int],
    count: int,
) -> dict[int, np.ndarray]:
    """site -> how far a sliding piece is drawn from its site (its origin's way), on a
    board of ``count`` sites whose cells are centred at ``cell_centres``."""
    offsets = {}
    for slide in frame.slides:
        if slide.site in pieces and 0 <= slide.origin < count:
            t = min(1.0, max(0.0, slide.t))
            way = cell_centres[cell_of(slide.origin)] - cell_centres[cell_of(slide.site)]
            offsets[slide.site] = way * (1.0 - t)
    return offsets


def one_label_a_cell(frame: Frame, cell_of: Callable[[int], int], count: int) -> Frame:
    """The frame with its labels on one cell joined into one ("blocked, tackle"), on the
    site of the cell's first label (a board of ``count`` sites)."""
    texts: dict[int, list[str]] = {}
    first: dict[int, int] = {}
    for label in frame.labels:
        if not 0 <= label.site < count:
            continue
        cell = cell_of(label.site)
        first.setdefault(cell, label.site)
        if label.text not in texts.setdefault(cell, []):
            texts[cell].append(label.text)
    together = tuple(Label(first[c], joined(words)) for c, words in texts.items())
    return dataclasses.replace(frame, labels=together)


def ray_enters_box(
    near: np.ndarray, direction: np.ndarray, lo: np.ndarray, hi: np.ndarray
) -> float | None:
    """How far along the ray (``near`` + t ``direction``) it enters the box ``lo``..``hi``
    in front of its start, or None where it misses it."""
    with np.errstate(divide="ignore", invalid="ignore"):
        t1, t2 = (lo - near) / direction, (hi - near) / direction
    t_near = np.nanmax(np.minimum(t1, t2))
    t_far = np.nanmin(np.maximum(t1, t2))
    return float(t_near) if t_near <= t_far and t_far > 0 else None


def ray_at_height(near: np.ndarray, direction: np.ndarray, z: float) -> np.ndarray | None:
    """Where the ray crosses the plane at height ``z`` in front of its start, or None."""
    if abs(direction[2]) < 1e-9:
        return None
    t = (z - near[2]) / direction[2]
    if t <= 0:
        return None
    crossing: np.ndarray = near + t * direction
    return crossing
