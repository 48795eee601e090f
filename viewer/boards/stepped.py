"""A stepped pyramid of square fields (Allmer's terraced Pyramid is one) as a 3D scene:
field columns with field lines, inlaid fields, pieces standing on their fields as stones,
and markers coloured by style.

Everything is built with numpy from a few template meshes (a box per field, a cylinder per
stone, discs and rings for markers), so a redraw costs a few milliseconds. Picking is a CPU
ray cast against the field columns (stone included), so the picked site is the field id
``r * size + c``.

Frame fields and their visuals:

| frame          | visual                                                              |
|----------------|---------------------------------------------------------------------|
| pieces         | stones (cylinders)                                                  |
| markers        | discs on empty fields; a ring and a disc on a stone; "landing"       |
|                | styles as small rings                                               |
| highlights     | a ring round the field: gold "clickable", other rims in their colour |
|                | ("selected", "remove", ...) in place of the gold one                 |
| (the hover)    | an empty field's top lights up; a stone gets a ring round its top     |
| pointers       | a cone past the board's edge in the pointer's direction (a fall)     |
| ghosts         | translucent stones of the style's colour, cyan at the silhouette     |
|                | (shaders/ghost_piece) with cyan rings round foot and top, on the     |
|                | field (stacked on a stone standing there); they take clicks there    |
| heat           | a ring on the field (on its stone), coloured by its value on the    |
|                | heat scale (``palette.heat_rgb``), between a disc and the "clickable"|
|                | ring                                                                |
| labels         | text above the field (above its stone), drawn on top                |
| "inlays-won"   | the inlaid fields light up (a decoration)                           |
| slides         | none: a sliding piece is drawn on its site                          |
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import pyvista as pv

from ..lab import palette
from ..lab.frame import Frame, Vanish
from ..lab.view_state import ViewState
from .base import CameraViews
from .geometries import TIER, SteppedBoard
from .impostors import add_fragment_effect
from .meshes import (
    MeshActors,
    Vector,
    add_labels,
    add_still_mesh,
    aim_camera,
    fit_camera,
    instances,
    past_the_edge,
    pointer_cone,
    template,
    to_display,
    view_ray,
)

STONE_HEIGHT = 0.3
SIDE_SHADE = 0.82  # risers are a little darker than the tops
STONE_RADIUS = 0.36
MARK_LIFT = 0.012  # markers float this far above a face so they never fight with it
FADE_SECONDS = 0.8
LABEL_LIFT = 0.35  # a frame's label stands this far above a stone's top


_CYLINDER = template(
    pv.Cylinder(
        center=(0, 0, STONE_HEIGHT / 2),
        direction=(0, 0, 1),
        radius=STONE_RADIUS,
        height=STONE_HEIGHT,
        resolution=40,
    )
)
_DISC = template(pv.Disc(inner=0.0, outer=0.22, normal=(0, 0, 1), c_res=32))
_RING = template(pv.Disc(inner=0.39, outer=0.48, normal=(0, 0, 1), c_res=40))
_SMALL_RING = template(pv.Disc(inner=0.12, outer=0.22, normal=(0, 0, 1), c_res=32))
_HEAT_RING = template(pv.Disc(inner=0.24, outer=0.37, normal=(0, 0, 1), c_res=40))
_TOP_RING = template(pv.Disc(inner=0.25, outer=STONE_RADIUS, normal=(0, 0, 1), c_res=40))
_GHOST_RING = template(pv.Disc(inner=STONE_RADIUS, outer=STONE_RADIUS + 0.05, c_res=40))
_INLAY = template(pv.Plane(i_size=0.78, j_size=0.78, i_resolution=1, j_resolution=1))


# A field column: a box from the ground to the field's top; quads bottom, top, then sides.
_BOX_CORNERS = np.array(
    [[x, y, z] for z in (0, 1) for y in (-0.5, 0.5) for x in (-0.5, 0.5)], dtype=np.float32
)
_BOX_QUADS = np.array(
    [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]]
)


def _columns(board: SteppedBoard, fields: np.ndarray, top_rgb: np.ndarray) -> pv.PolyData:
    k = len(fields)
    if k == 0:
        return pv.PolyData()
    centres = board.centres[fields]
    pts = np.repeat(_BOX_CORNERS[None], k, axis=0)
    pts[:, :, 0] += centres[:, None, 0]
    pts[:, :, 1] += centres[:, None, 1]
    pts[:, :, 2] *= centres[:, None, 2]
    quads = _BOX_QUADS[None] + (np.arange(k) * 8)[:, None, None]
    faces = np.concatenate([np.full((k * 6, 1), 4), quads.reshape(-1, 4)], axis=1)
    mesh = pv.PolyData(pts.reshape(-1, 3), faces.ravel())
    rgb = np.repeat(top_rgb[:, None, :], 6, axis=1).astype(float)
    rgb[:, [0, 2, 3, 4, 5]] *= SIDE_SHADE
    mesh.cell_data["rgb"] = rgb.reshape(-1, 3).astype(np.uint8)
    return mesh


class SteppedView(MeshActors):
    """Draws frames of a game on a stepped pyramid into a pyvista plotter."""

    #: The first view looks down steeper than palette.VIEWS' "iso" (30 degrees): at 55
    #: degrees every field's top shows and takes a click (at 30, e3 hid behind the d4
    #: block and black's back row behind the tiers), and the steps still show.
    views: ClassVar[CameraViews] = {"iso": ((-1.0, -1.6, 2.7), (0.0, 0.0, 1.0))}

    kind = "stepped"
    supports_cut_open = False  # the columns and stones are never cut
    flat = False
    hover_ring = False  # a stone's hover ring is round its top, no rim's place

    def __init__(self, plotter: pv.BasePlotter, board: SteppedBoard) -> None:
        self.plotter = plotter
        self._start(board)
        self._build()

    def _start(self, board: SteppedBoard) -> None:
        self.geometry = board
        self.board = board
        self.level_count = board.level_count
        self.peel_max = board.level_count - 1
        self.shown = np.zeros(board.count, dtype=bool)
        self._stone_on = np.zeros(board.count, dtype=bool)
        self._fade: list[tuple[np.ndarray, tuple[int, int, int], str, np.ndarray]] = []
        self.fade_t = 1.0
        self._ghost_top = np.zeros(board.count)  # per field: a ghost's top over the field
        self._meshes: dict[str, pv.PolyData] = {}
        self.actors: dict[str, Any] = {}  # pyvista's actors, and the labels' (untyped)

    # ---- building -----------------------------------------------------------------------

    def still_meshes(self) -> dict[str, pv.PolyData]:
        ground = _ground(self.board.size)
        rgb = np.array(palette.GROUND_RGB, np.uint8)
        ground.cell_data["rgb"] = np.tile(rgb, (ground.n_cells, 1))
        return {"ground": ground}

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        n = self.board.size
        labels: list[tuple[str, tuple[float, ...]]]
        labels = [(self.board.column_names[c], (float(c), -1.0, 0.0)) for c in range(n)]
        return labels + [(str(r + 1), (-1.0, float(n - 1 - r), 0.0)) for r in range(n)]

    def _build(self) -> None:
        ground = _ground(self.board.size)
        self.actors["ground"] = add_still_mesh(self.plotter, ground, color=palette.GROUND_RGB)
        for name, edges, opacity in (
            ("columns", True, 1.0),
            ("ghosts", True, 0.12),
            ("inlays", False, 1.0),
            ("stones", False, 1.0),
            ("markers", False, 1.0),
            ("fade", False, 1.0),
        ):
            self._add_layer(
                name,
                opacity,
                name in ("stones", "fade"),
                _DISC,
                show_edges=edges,
                edge_color=palette.FIELD_LINE_RGB,
                line_width=1,
            )
        self._build_piece_ghosts()
        labels: list[tuple[str, Vector]] = list(self.board_labels())
        self.actors["labels"] = add_labels(self.plotter, labels, rgb=palette.LABEL_RGB)
        self.set_view("iso")

    # ---- drawing ------------------------------------------------------------------------

    def show(self, frame: Frame, view: ViewState) -> None:
        """The frame's stones, markers and rings on the board, under the view state."""
        board = self.board
        pieces = frame.pieces
        visible = view.visible(board)
        fields = np.flatnonzero(visible)
        top = np.array([palette.TIER_RGB[lv] for lv in board.levels], dtype=float)
        hover = view.hover
        if hover is None or not 0 <= hover < board.count or not visible[hover]:
            hover = None
        if hover is not None and hover not in pieces:  # an empty field lights up
            top[hover] = top[hover] * 0.4 + np.array(palette.HOVER_RGB) * 0.6
        self._set("columns", _columns(board, fields, top[fields]))
        hidden = np.flatnonzero(~visible) if view.ghost_peeled else np.zeros(0, dtype=int)
        self._set("ghosts", _columns(board, hidden, top[hidden]))
        shown_inlays = [v for v in board.inlays if visible[v]]
        won = "inlays-won" in frame.decorations
        self._set(
            "inlays",
            instances(
                _INLAY,
                board.centres[shown_inlays] + (0, 0, MARK_LIFT / 2),
                [palette.INLAY_WON_RGB if won else palette.INLAY_RGB] * len(shown_inlays),
            ),
        )
        stones = [f for f in sorted(pieces) if visible[f]]
        self._stone_on = np.zeros(board.count, dtype=bool)
        self._stone_on[stones] = True
        rgb = np.array([palette.piece_rgb(pieces[f]) for f in stones], dtype=float).reshape(-1, 3)
        self._set("stones", instances(_CYLINDER, board.centres[stones], rgb))
        self._show_piece_ghosts(frame, visible)
        markers = self._markers(frame, visible)
        if hover is not None and hover in pieces:  # a ring round the stone's top: it keeps
            top_ring = board.centres[hover] + (0, 0, STONE_HEIGHT + 2 * MARK_LIFT)  # its colour
            ring = instances(_TOP_RING, [top_ring], [palette.HOVER_RGB])
            markers = pv.merge([markers, ring]) if markers.n_points else ring
        self._set("markers", markers)
        self._show_labels(frame, self._label_spot, board.count)
        self.shown = visible.copy()

    def _label_spot(self, field: int) -> tuple[float, ...]:
        """A label above its field (above a stone standing there)."""
        x, y, z = self.board.centres[field]
        return (x, y, z + STONE_HEIGHT + LABEL_LIFT)

    def _markers(self, frame: Frame, visible: np.ndarray) -> pv.PolyData:
        centres = self.board.centres
        pieces = frame.pieces
        parts = []
        lift = np.array([0, 0, MARK_LIFT])
        stone_top = np.array([0, 0, STONE_HEIGHT + MARK_LIFT])
        rimmed: set[int] = set()
        for style, rim in palette.RIM_RGB.items():  # other rims replace the gold one
            if style == "clickable":
                continue
            fields = [f for f in frame.highlights.get(style, ()) if visible[f] and f not in rimmed]
            rimmed.update(fields)
            colour = [tuple(round(255 * v) for v in rim)] * len(fields)
            parts.append(instances(_RING, centres[fields] + 2 * lift, colour))
        ring = [f for f in frame.highlights.get("clickable", ()) if visible[f] and f not in rimmed]
        parts.append(instances(_RING, centres[ring] + lift, [palette.HIGHLIGHT_RGB] * len(ring)))
        for marker in frame.markers:
            f = marker.site
            if not visible[f]:
                continue
            colour = [palette.MARKER_RGB.get(marker.style, palette.MARKER_RGB["target"])]
            up = stone_top if f in pieces else lift
            if marker.style.startswith("landing"):
                parts.append(instances(_SMALL_RING, centres[f] + up, colour))
            elif f in pieces:  # a ring round the stone and a disc on top of it
                parts.append(instances(_RING, centres[f] + lift, colour))
                parts.append(instances(_DISC, centres[f] + stone_top, colour))
            else:
                parts.append(instances(_DISC, centres[f] + lift, colour))
        for pointer in frame.pointers:  # past the edge, pointing down: a piece falls here
            where = past_the_edge(centres[pointer.site], pointer.direction)
            parts.append(pointer_cone(where, pointer.style))
        parts.append(_heat(self.board, frame, visible))
        parts = [p for p in parts if p.n_points]
        return pv.merge(parts) if parts else pv.PolyData()

    def _build_piece_ghosts(self) -> None:
        """The actors of Frame.ghosts: translucent stones, and their opaque cyan rings."""
        self._ghost_top = np.zeros(self.board.count)  # per field: a ghost's top over the field
        for name, opacity in (("piece_ghosts", palette.PIECE_GHOST_OPACITY), ("ghost_rims", 1.0)):
            self._add_layer(name, opacity, name == "piece_ghosts", _DISC)
            self.actors[name].SetVisibility(False)
        rim = {"rimColor": palette.PIECE_GHOST_RIM}  # the sides' silhouette, as the balls'
        add_fragment_effect(self.actors["piece_ghosts"], "ghost_piece", uniforms=rim)

    def _show_piece_ghosts(self, frame: Frame, visible: np.ndarray) -> None:
        """A translucent stone per ghost on a shown field, on top of a stone standing there,
        with cyan rings round its foot and its top; the ghost's field is picked that high."""
        ghosts = [(f, style) for f, style in sorted(frame.ghosts.items()) if visible[f]]
        fields = [f for f, _ in ghosts]
        raised = np.array([STONE_HEIGHT if f in frame.pieces else 0.0 for f in fields])
        foot = self.board.centres[fields] + np.outer(raised, (0.0, 0.0, 1.0))
        colours = [palette.piece_rgb(style) for _, style in ghosts]
        self._set("piece_ghosts", instances(_CYLINDER, foot, colours))
        rim = [tuple(round(255 * v) for v in palette.PIECE_GHOST_RIM)] * len(fields)
        lift = np.array([0, 0, 2 * MARK_LIFT])
        rings = [
            instances(_GHOST_RING, foot + lift, rim),
            instances(_GHOST_RING, foot + lift + (0, 0, STONE_HEIGHT), rim),
        ]
        self._set("ghost_rims", pv.merge(rings) if fields else pv.PolyData())
        self._ghost_top = np.zeros(self.board.count)
        self._ghost_top[fields] = raised + STONE_HEIGHT

    # ---- what a move removed ------------------------------------------------------------

    def play(self, vanishing: Sequence[Vanish]) -> float:
        """Show removed stones leaving: "sink" into their field, "fall" off the edge in
        their direction, "rise" off the board; all flash and fade over FADE_SECONDS."""
        self._fade = [
            (
                self.board.centres[v.site],
                palette.piece_rgb(v.style),
                v.how,
                np.array([*v.direction, 0.0]),
            )
            for v in vanishing
        ]
        self.advance(0.0)
        return FADE_SECONDS if self._fade else 0.0

    @property
    def fading(self) -> bool:
        return bool(self._fade) and self.fade_t < 1.0

    def advance(self, t: float) -> None:
        """Step the removal animation to ``t`` in [0, 1]; at 1 the removed stones are gone."""
        self.fade_t = t
        actor = self.actors["fade"]
        if not self._fade or t >= 1.0:
            actor.SetVisibility(False)
            return
        offsets, colours, scales = [], [], []
        flash = 0.5 + 0.5 * np.cos(t * 4 * np.pi)  # flashes twice while it fades
        for centre, rgb, how, direction in self._fade:
            if how == "sink":
                where = centre + np.array([0, 0, -t * STONE_HEIGHT])
            elif how == "fall":
                where = centre + direction * (0.6 + 1.2 * t) + (0, 0, -3.0 * t * t)
            else:
                where = centre + np.array([0, 0, 0.8 * t])
            offsets.append(where)
            colours.append(
                np.array(rgb) * (1 - 0.6 * flash) + np.array(palette.FLASH_RGB) * 0.6 * flash
            )
            scales.append(1.08)
        self._set("fade", instances(_CYLINDER, offsets, colours, scales))
        actor.GetProperty().SetOpacity(max(0.05, 1.0 - t))

    # ---- camera and picking -------------------------------------------------------------

    def bounds(self) -> tuple[float, ...]:
        n = self.board.size
        top = self.board.level_count * TIER + STONE_HEIGHT
        return (-0.6, n - 0.4, -1.2, n - 0.4, 0.0, top)

    def set_view(self, name: str) -> None:
        direction, up = self.views.get(name, palette.VIEWS[name])
        aim_camera(self.plotter, direction, up)
        fit_camera(self.plotter, _outline(self.board, self.bounds()[1]), margin=0.05)

    def pick(self, x: float, y: float) -> int | None:
        """The shown field under display pixel (x, y): the nearest field (its step) or
        stone (or ghost) that the view ray meets as drawn."""
        near, direction = view_ray(self.plotter, x, y)
        return self.pick_ray(near, direction)

    def pick_ray(self, near: np.ndarray, direction: np.ndarray) -> int | None:
        """The nearest shown field or stone the ray meets as drawn: a field's step is a
        box up to its top, a stone (a ghost) a cylinder on it. (Not the whole column up to
        the stone's top: its corners beside the stone would take a click off a marker seen
        there, on the field behind.)"""
        if not self.shown.any():
            return None
        ids = np.flatnonzero(self.shown)
        centres = self.board.centres[ids]
        lo = np.column_stack([centres[:, 0] - 0.5, centres[:, 1] - 0.5, np.zeros(len(ids))])
        hi = np.column_stack([centres[:, 0] + 0.5, centres[:, 1] + 0.5, centres[:, 2]])
        entry = _box_entry(near, direction, lo, hi)
        height = np.maximum(STONE_HEIGHT * self._stone_on[ids], self._ghost_top[ids])
        standing = height > 0
        if standing.any():
            on = centres[standing]
            tops = on[:, 2] + height[standing]
            stones = _cylinder_entry(near, direction, on, tops, STONE_RADIUS)
            entry[standing] = np.minimum(entry[standing], stones)
        best = int(np.argmin(entry))
        return int(ids[best]) if entry[best] < np.inf else None

    def display_position(self, pid: int) -> tuple[float, float]:
        """Where field ``pid``'s top (its stone's or ghost's top, if it has one) appears,
        in display pixels (VTK's y axis, upwards)."""
        lift = max(STONE_HEIGHT * self._stone_on[pid], self._ghost_top[pid])
        point = self.board.centres[pid] + (0, 0, lift)
        return to_display(self.plotter, point)


def _ground(size: int) -> pv.PolyData:
    """The ground under a board of ``size`` fields a side."""
    return pv.Box(bounds=(-0.65, size - 0.35, -0.65, size - 0.35, -0.06, 0.0))


def _heat(board: SteppedBoard, frame: Frame, visible: np.ndarray) -> pv.PolyData:
    """The frame's heat map: a ring per shown field in its value's colour, clear of the
    marker discs inside it and the "clickable" ring round it."""
    fields = [f for f in frame.heat if visible[f]]
    if not fields:
        return pv.PolyData()
    up = np.array([[0, 0, STONE_HEIGHT if f in frame.pieces else 0.0] for f in fields])
    where = board.centres[fields] + up + (0, 0, MARK_LIFT)
    return instances(_HEAT_RING, where, palette.heat_rgb([frame.heat[f] for f in fields]))


def _outline(board: SteppedBoard, far: float) -> np.ndarray:
    """What the picture must hold: every field's top square with a stone on it, the
    board's foot and the column names before its front edge (``far``: the board's far
    edge, both ways: it is square)."""
    foot = [(x, y, 0.0) for x in (-1.3, far) for y in (-1.3, far)]  # the names at -1
    tops = board.centres + np.array([0.0, 0.0, STONE_HEIGHT])
    corners = [(dx, dy, 0.0) for dx in (-0.5, 0.5) for dy in (-0.5, 0.5)]
    return np.vstack([foot, *(tops + corner for corner in corners)])


def _box_entry(
    near: np.ndarray, direction: np.ndarray, lo: np.ndarray, hi: np.ndarray
) -> np.ndarray:
    """Where the ray enters each box (lo, hi: n x 3 corners), as its parameter; inf where
    it misses (or the box is behind it)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (lo - near) / direction
        t2 = (hi - near) / direction
    t_near = np.nanmax(np.minimum(t1, t2), axis=1)
    t_far = np.nanmin(np.maximum(t1, t2), axis=1)
    hit = (t_near <= t_far) & (t_far > 0)
    return np.where(hit, np.maximum(t_near, 0.0), np.inf)


def _cylinder_entry(
    near: np.ndarray, direction: np.ndarray, feet: np.ndarray, tops: np.ndarray, radius: float
) -> np.ndarray:
    """Where the ray enters each upright cylinder (its foot's centre in ``feet``, n x 3,
    up to height ``tops``) through its side or its top, as its parameter; inf where it
    misses. (Its foot stands on a field's top: the field's box takes a ray from below.)"""
    entry = np.full(len(feet), np.inf)
    dx, dy, dz = direction
    ox, oy = near[0] - feet[:, 0], near[1] - feet[:, 1]
    a = dx * dx + dy * dy
    if a > 1e-12:  # the side
        b = 2 * (ox * dx + oy * dy)
        c = ox * ox + oy * oy - radius * radius
        disc = b * b - 4 * a * c
        ok = disc >= 0
        t = np.where(ok, (-b - np.sqrt(np.where(ok, disc, 0.0))) / (2 * a), np.inf)
        z = near[2] + t * dz
        side = ok & (t > 0) & (z >= feet[:, 2]) & (z <= tops)
        entry = np.where(side, t, entry)
    if abs(dz) > 1e-12:  # the top
        t = (tops - near[2]) / dz
        px, py = ox + t * dx, oy + t * dy
        cap = (t > 0) & (px * px + py * py <= radius * radius)
        entry = np.where(cap, np.minimum(entry, t), entry)
    return entry
