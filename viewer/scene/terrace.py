"""Allmer's terraced Pyramid as a 3D scene: a stepped pyramid of field columns with field
lines, the four victory fields inlaid in gold, stones standing on their fields, and markers
for the selected stone's destinations coloured by kind.

Everything is built with numpy from a few template meshes (a box per field, a cylinder per
stone, discs and rings for markers), so a redraw costs a few milliseconds; the board has 49
fields and at most 14 stones. Picking is a CPU ray cast against the field columns (stone
included), so the picked id is the model's field id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pyvista as pv

from model.terrace import FIELDS, LEVEL, SIZE, VICTORY_FIELDS, Kind

from ..terrace_input import STONE_HEIGHT, TERRACE_BOARD, TerraceBoard, TerraceInput
from ..view_state import ViewState
from .balls import HIGHLIGHT_RGB, HOVER_RGB, PIECE_RGB, VIEWS
from .meshes import add_labels, instances, template
from .picking import to_display, view_ray

TIER_RGB = ((186, 152, 104), (202, 170, 122), (218, 189, 142), (232, 208, 164))
SIDE_SHADE = 0.82  # risers are a little darker than the tops
GROUND_RGB = (150, 150, 150)
VICTORY_RGB = (205, 160, 40)
VICTORY_WON_RGB = (255, 215, 0)
EDGE_RGB = (95, 75, 45)
KIND_RGB = {
    Kind.RUN: (40, 170, 80),
    Kind.JUMP: (40, 120, 230),
    Kind.PUSH: (245, 140, 20),
    Kind.SMASH: (220, 30, 30),
}
FALL_RGB = (220, 30, 30)
FLASH_RGB = (255, 60, 20)
STONE_RADIUS = 0.36
MARK_LIFT = 0.012  # markers float this far above a face so they never fight with it
FADE_SECONDS = 0.8


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
_CONE = template(pv.Cone(center=(0, 0, 0), direction=(0, 0, -1), height=0.45, radius=0.2))
_INLAY = template(pv.Plane(i_size=0.78, j_size=0.78, i_resolution=1, j_resolution=1))


# A field column: a box from the ground to the field's top; quads bottom, top, then sides.
_BOX_CORNERS = np.array(
    [[x, y, z] for z in (0, 1) for y in (-0.5, 0.5) for x in (-0.5, 0.5)], dtype=np.float32
)
_BOX_QUADS = np.array(
    [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]]
)


def _columns(board: TerraceBoard, fields: np.ndarray, top_rgb: np.ndarray) -> pv.PolyData:
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


class TerraceScene:
    """Draws one terrace game's position into a pyvista plotter."""

    def __init__(self, plotter: pv.Plotter) -> None:
        self.plotter = plotter
        self.lattice: TerraceBoard = TERRACE_BOARD
        self.shown = np.zeros(FIELDS, dtype=bool)
        self._stone_on = np.zeros(FIELDS, dtype=bool)
        self._fade: list[tuple[np.ndarray, tuple[int, int, int], str, np.ndarray]] = []
        self.fade_t = 1.0
        self._meshes: dict[str, pv.PolyData] = {}
        self.actors: dict[str, object] = {}
        self._build()

    # ---- building -----------------------------------------------------------------------

    def _build(self) -> None:
        ground = pv.Box(bounds=(-0.65, SIZE - 0.35, -0.65, SIZE - 0.35, -0.06, 0.0))
        self.actors["ground"] = self.plotter.add_mesh(
            ground, color=GROUND_RGB, pickable=False, reset_camera=False, render=False
        )
        for name, edges, opacity in (
            ("columns", True, 1.0),
            ("ghosts", True, 0.12),
            ("inlays", False, 1.0),
            ("stones", False, 1.0),
            ("markers", False, 1.0),
            ("fade", False, 1.0),
        ):
            mesh = instances(_DISC, [(0, 0, -10)], [(0, 0, 0)])  # placeholder, replaced
            self._meshes[name] = mesh
            self.actors[name] = self.plotter.add_mesh(
                mesh,
                scalars="rgb",
                rgb=True,
                show_edges=edges,
                edge_color=EDGE_RGB,
                line_width=1,
                opacity=opacity,
                pickable=False,
                reset_camera=False,
                render=False,
                show_scalar_bar=False,
                smooth_shading=name in ("stones", "fade"),
            )
        labels = [("abcdefg"[c], (c, -1.0, 0.0)) for c in range(SIZE)]
        labels += [(str(r + 1), (-1.0, SIZE - 1 - r, 0.0)) for r in range(SIZE)]
        self.actors["labels"] = add_labels(self.plotter, labels, rgb=(60, 60, 60))
        self.set_view("iso")

    def close(self) -> None:
        for actor in self.actors.values():
            self.plotter.remove_actor(actor, render=False)
        self.actors.clear()

    def _set(self, name: str, mesh: pv.PolyData) -> None:
        actor = self.actors[name]
        if mesh.n_points == 0:
            actor.SetVisibility(False)  # type: ignore[attr-defined]
            return
        self._meshes[name].copy_from(mesh)
        actor.SetVisibility(True)  # type: ignore[attr-defined]

    # ---- updating -----------------------------------------------------------------------

    def draw(self, inp: TerraceInput, view: ViewState) -> None:
        """The position with the selection, its destinations and the end of the game."""
        self._draw(
            inp.pieces(),
            view,
            highlight=inp.highlighted(),
            destinations=inp.destinations(),
            landings=inp.push_landings(),
            won=bool(inp.winning_fields()),
        )

    def draw_setup(self, board: TerraceBoard, pieces: Mapping[int, str], view: ViewState) -> None:
        self._draw(pieces, view)

    def _draw(
        self,
        pieces: Mapping[int, str],
        view: ViewState,
        *,
        highlight: np.ndarray | None = None,
        destinations: Mapping[int, Kind] | None = None,
        landings: Mapping[int, tuple[int, int]] | None = None,
        won: bool = False,
    ) -> None:
        board = self.lattice
        visible = view.visible(board)
        fields = np.flatnonzero(visible)
        top = np.array([TIER_RGB[lv] for lv in LEVEL], dtype=float)
        hover = view.hover if view.hover is not None and visible[view.hover] else None
        if hover is not None and hover not in pieces:
            top[hover] = top[hover] * 0.4 + np.array(HOVER_RGB) * 0.6
        self._set("columns", _columns(board, fields, top[fields]))
        hidden = np.flatnonzero(~visible) if view.ghost_peeled else np.zeros(0, dtype=int)
        self._set("ghosts", _columns(board, hidden, top[hidden]))
        shown_victory = [v for v in VICTORY_FIELDS if visible[v]]
        self._set(
            "inlays",
            instances(
                _INLAY,
                board.centres[shown_victory] + (0, 0, MARK_LIFT / 2),
                [VICTORY_WON_RGB if won else VICTORY_RGB] * len(shown_victory),
            ),
        )
        stones = [f for f in sorted(pieces) if visible[f]]
        self._stone_on = np.zeros(FIELDS, dtype=bool)
        self._stone_on[stones] = True
        rgb = np.array([PIECE_RGB[pieces[f]] for f in stones], dtype=float).reshape(-1, 3)
        if hover is not None and hover in pieces:
            rgb[stones.index(hover)] = HOVER_RGB
        self._set("stones", instances(_CYLINDER, board.centres[stones], rgb))
        self._set("markers", self._markers(pieces, visible, highlight, destinations, landings))
        self.shown = visible.copy()

    def _markers(
        self,
        pieces: Mapping[int, str],
        visible: np.ndarray,
        highlight: np.ndarray | None,
        destinations: Mapping[int, Kind] | None,
        landings: Mapping[int, tuple[int, int]] | None,
    ) -> pv.PolyData:
        board = self.lattice
        parts = []
        lift = np.array([0, 0, MARK_LIFT])
        stone_top = np.array([0, 0, STONE_HEIGHT + MARK_LIFT])
        if highlight is not None:
            ring = [f for f in np.flatnonzero(highlight) if visible[f]]
            parts.append(instances(_RING, board.centres[ring] + lift, [HIGHLIGHT_RGB] * len(ring)))
        for f, kind in (destinations or {}).items():
            if not visible[f]:
                continue
            colour = [KIND_RGB[kind]]
            if f in pieces:  # push or smash: a ring round the stone and a disc on top of it
                parts.append(instances(_RING, board.centres[f] + lift, colour))
                parts.append(instances(_DISC, board.centres[f] + stone_top, colour))
            else:
                parts.append(instances(_DISC, board.centres[f] + lift, colour))
        for pushed, (landing, d) in (landings or {}).items():
            if landing >= 0:
                if not visible[landing]:
                    continue
                up = stone_top if landing in pieces else lift
                colour = KIND_RGB[Kind.SMASH] if landing in pieces else KIND_RGB[Kind.PUSH]
                parts.append(instances(_SMALL_RING, board.centres[landing] + up, [colour]))
            else:  # it falls off a corner: a red cone just past the edge, pointing down
                out = board.direction_vector(d)
                where = board.centres[pushed] + out * 0.95 + (0, 0, 0.3)
                parts.append(instances(_CONE, where, [FALL_RGB]))
        parts = [p for p in parts if p.n_points]
        return pv.merge(parts) if parts else pv.PolyData()

    # ---- what a move removed ------------------------------------------------------------

    def start_fade(self, removed: Sequence[tuple[int, str, str]], direction: int = 0) -> None:
        """Show stones a move removed, ``(field, colour, how)`` with how one of 'smashed',
        'fallen', 'osiris'; a fallen stone goes off in the move's ``direction``.
        :meth:`fade` then moves them on until they are gone."""
        out = self.lattice.direction_vector(direction)
        self._fade = [
            (self.lattice.centres[f], PIECE_RGB[colour], how, out) for f, colour, how in removed
        ]
        self.fade(0.0)

    @property
    def fading(self) -> bool:
        return bool(self._fade) and self.fade_t < 1.0

    def fade(self, t: float) -> None:
        """Step the removal animation to ``t`` in [0, 1]; at 1 the removed stones are gone.
        Smashed stones sink into their field, fallen ones drop off the edge, Osiris lifts
        its captures off the board; all flash and fade."""
        self.fade_t = t
        actor = self.actors["fade"]
        if not self._fade or t >= 1.0:
            actor.SetVisibility(False)  # type: ignore[attr-defined]
            return
        offsets, colours, scales = [], [], []
        flash = 0.5 + 0.5 * np.cos(t * 4 * np.pi)  # flashes twice while it fades
        for centre, rgb, how, direction in self._fade:
            if how == "smashed":
                where = centre + np.array([0, 0, -t * STONE_HEIGHT])
            elif how == "fallen":
                where = centre + direction * (0.6 + 1.2 * t) + (0, 0, -3.0 * t * t)
            else:
                where = centre + np.array([0, 0, 0.8 * t])
            offsets.append(where)
            colours.append(np.array(rgb) * (1 - 0.6 * flash) + np.array(FLASH_RGB) * 0.6 * flash)
            scales.append(1.08)
        self._set("fade", instances(_CYLINDER, offsets, colours, scales))
        actor.GetProperty().SetOpacity(max(0.05, 1.0 - t))  # type: ignore[attr-defined]

    # ---- camera and picking -------------------------------------------------------------

    def bounds(self) -> tuple[float, ...]:
        return (-0.6, SIZE - 0.4, -1.2, SIZE - 0.4, 0.0, 2.0 + STONE_HEIGHT)

    def set_view(self, name: str) -> None:
        direction, up = VIEWS[name]
        self.plotter.view_vector(direction, viewup=up, render=False)
        self.plotter.reset_camera(render=False, bounds=self.bounds())
        self.plotter.camera.zoom(1.0)

    def pick(self, x: float, y: float) -> int | None:
        """The shown field under display pixel (x, y): the nearest field column (with its
        stone) that the view ray enters."""
        if not self.shown.any():
            return None
        near, direction = view_ray(self.plotter, x, y)
        ids = np.flatnonzero(self.shown)
        centres = self.lattice.centres[ids]
        lo = np.column_stack([centres[:, 0] - 0.5, centres[:, 1] - 0.5, np.zeros(len(ids))])
        hi = np.column_stack(
            [
                centres[:, 0] + 0.5,
                centres[:, 1] + 0.5,
                centres[:, 2] + STONE_HEIGHT * self._stone_on[ids],
            ]
        )
        with np.errstate(divide="ignore", invalid="ignore"):
            t1 = (lo - near) / direction
            t2 = (hi - near) / direction
        t_near = np.nanmax(np.minimum(t1, t2), axis=1)
        t_far = np.nanmin(np.maximum(t1, t2), axis=1)
        hit = (t_near <= t_far) & (t_far > 0)
        if not hit.any():
            return None
        t_near[~hit] = np.inf
        return int(ids[int(np.argmin(t_near))])

    def display_position(self, pid: int) -> tuple[float, float]:
        """Where field ``pid``'s top (its stone's top, if it has one) appears, in display
        pixels (VTK's y axis, upwards)."""
        point = self.lattice.centres[pid] + (0, 0, STONE_HEIGHT * self._stone_on[pid])
        return to_display(self.plotter, point)
