"""The ball pyramid as sphere impostors: every lattice point is one point of a single
PolyData drawn by VTK's point-Gaussian mapper as a shaded sphere. Per point an RGBA colour
and a radius (0 hides it) are updated in place, so placing or removing a ball never rebuilds
the scene. Point ids in the PolyData are the lattice's point ids (the pick lookup is the
identity)."""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import pyvista as pv
from vtkmodules.vtkCommonDataModel import vtkPlane
from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

from model.lattice import CORNERS, PyramidLattice

from ..board_input import LatticeInput
from ..teaching import Overlays, TeachingView
from ..view_state import ViewState
from .overlays import PartitionOverlayLayer
from .picking import to_display, view_ray
from .shaders import add_fragment_effect

BALL_RADIUS = 0.48  # slightly under 0.5 so touching balls show a seam
MARKER_RADIUS = 0.13
PIECE_RGB = {
    "red": (214, 48, 49),
    "blue": (41, 98, 219),
    "white": (236, 236, 228),
    "black": (52, 52, 58),
}
MARKER_RGB = (150, 150, 150)
HOVER_RGB = (255, 196, 0)
HIGHLIGHT_RGB = (255, 230, 90)  # balls that take a click now (to lift or to remove)
HIGHLIGHT_MIX = 0.45  # markers are tinted; balls get a rim (shaders/outline_rim.glsl)
HIGHLIGHT_RIM = (1.0, 0.82, 0.1)
HIGHLIGHT_RADIUS = 0.495  # just over a ball, so the outlined copy covers it
GHOST_RADIUS = 0.24  # peeled balls drawn as ghosts: small and pale, but opaque
GHOST_WHITENESS = 0.72  # (translucent impostors render black in VTK's sphere shader)
GHOST_RIM_RGB = (0.25, 0.30, 0.42)  # shaders/ghost_rim.glsl outlines ghosts in this colour

# Camera presets: direction from the pyramid's centre to the camera, and the up vector.
VIEWS = {
    "iso": ((-1.0, -1.6, 1.1), (0.0, 0.0, 1.0)),
    "top": ((0.0, 0.0, 1.0), (0.0, 1.0, 0.0)),
    "front": ((0.0, -1.0, 0.0), (0.0, 0.0, 1.0)),
    "side": ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0)),
}


class BallScene:
    """Draws one lattice game's position into a pyvista plotter."""

    def __init__(self, plotter: pv.Plotter) -> None:
        self.plotter = plotter
        self.lattice: PyramidLattice | None = None
        self._solid: pv.PolyData | None = None
        self._faint: pv.PolyData | None = None
        self._actors: list[object] = []
        self.shown = np.zeros(0, dtype=bool)  # per point: drawn and clickable

    # ---- building -----------------------------------------------------------------------

    def _build(self, lat: PyramidLattice) -> None:
        for actor in self._actors:
            self.plotter.remove_actor(actor, render=False)
        centres = lat.centres.astype(np.float32)
        self._solid = self._impostors(centres)
        self._faint = self._impostors(centres)
        self._lit = self._impostors(centres)
        solid = self._add(self._solid)
        faint = self._add(self._faint)
        lit = self._add(self._lit)
        add_fragment_effect(faint, "ghost_rim", uniforms={"rimColor": GHOST_RIM_RGB})
        add_fragment_effect(lit, "outline_rim", uniforms={"rimColor": HIGHLIGHT_RIM})
        edges = self.plotter.add_mesh(
            _pyramid_edges(lat),
            color=(120, 120, 120),
            line_width=2,
            pickable=False,
            reset_camera=False,
            render=False,
        )
        self._cut_mesh = pv.PolyData()
        # Plain VTK: pyvista will not add an empty mesh, and most views cut nothing.
        mapper = vtkPolyDataMapper()
        mapper.SetInputData(self._cut_mesh)
        cut = vtkActor()
        cut.SetMapper(mapper)
        cut.SetVisibility(False)
        self.plotter.add_actor(cut, reset_camera=False, render=False, pickable=False)
        cut.GetProperty().BackfaceCullingOff()  # the inside of a cut ball shows
        self.cut_actor = cut
        self._actors = [solid, faint, lit, edges, cut]
        self.solid_actor, self.faint_actor, self.highlight_actor = solid, faint, lit
        self.lattice = lat
        self.shown = np.zeros(lat.count, dtype=bool)
        self.visible = np.zeros(lat.count, dtype=bool)
        self._pick_radius = np.zeros(lat.count)
        self.current_rgb = np.zeros((lat.count, 3), dtype=np.uint8)
        self.overlay_layer = PartitionOverlayLayer(self)
        self._actors += self.overlay_layer.actors
        self.set_view("iso")

    @staticmethod
    def _impostors(centres: np.ndarray) -> pv.PolyData:
        poly = pv.PolyData(centres)
        poly.point_data["rgba"] = np.zeros((len(centres), 4), dtype=np.uint8)
        poly.point_data["radius"] = np.zeros(len(centres), dtype=np.float32)
        return poly

    def _add(self, poly: pv.PolyData) -> object:
        actor = self.plotter.add_mesh(
            poly,
            style="points_gaussian",
            render_points_as_spheres=True,
            scalars="rgba",
            rgba=True,
            emissive=False,
            pickable=False,
            reset_camera=False,
            render=False,
            show_scalar_bar=False,
        )
        mapper = actor.mapper
        mapper.SetScaleArray("radius")
        mapper.SetScaleFactor(1.0)
        mapper.SetEmissive(False)
        return actor

    # ---- updating -----------------------------------------------------------------------

    def show(
        self,
        lat: PyramidLattice,
        pieces: Mapping[int, str],
        targets: np.ndarray,
        view: ViewState,
        highlight: np.ndarray | None = None,
        piece_rgb: np.ndarray | None = None,
    ) -> None:
        """Draw ``pieces`` (point id -> colour) and markers on ``targets`` (bool per point)
        under the view state's level range, peel and clip planes; ``highlight`` tints the
        balls that take a click now; ``piece_rgb`` (per point) recolours the balls."""
        if lat is not self.lattice:
            self._build(lat)
        assert self._solid is not None
        assert self._faint is not None
        visible = view.visible(lat)
        occupied = np.zeros(lat.count, dtype=bool)
        rgb = np.tile(np.array(MARKER_RGB, dtype=np.uint8), (lat.count, 1))
        for pid, colour in pieces.items():
            occupied[pid] = True
            rgb[pid] = PIECE_RGB.get(colour, MARKER_RGB) if piece_rgb is None else piece_rgb[pid]
        markers = targets & ~occupied & visible
        balls = occupied & visible
        lit = np.zeros(lat.count, dtype=bool)
        if highlight is not None and highlight.any():
            tinted = highlight & ~occupied
            tint = rgb[tinted] * (1 - HIGHLIGHT_MIX) + np.array(HIGHLIGHT_RGB) * HIGHLIGHT_MIX
            rgb[tinted] = tint.astype(np.uint8)
            lit = highlight & balls
        hover = view.hover
        if hover is not None and 0 <= hover < lat.count and (balls[hover] or markers[hover]):
            rgb[hover] = HOVER_RGB
        cut = view.cut(lat, BALL_RADIUS) & occupied
        self._show_cut(lat, cut, rgb, view)
        solid_r = np.where(balls & ~cut, BALL_RADIUS, np.where(markers, MARKER_RADIUS, 0.0))
        balls |= cut
        faint_r = np.where(occupied & ~visible & view.ghost_peeled, GHOST_RADIUS, 0.0)
        pale = (rgb * (1 - GHOST_WHITENESS) + 255 * GHOST_WHITENESS).astype(np.uint8)
        self._write(self._solid, rgb, solid_r)
        self._pick_radius = np.maximum(solid_r, np.where(cut, BALL_RADIUS, 0.0))
        self._write(self._faint, pale, faint_r)
        lit &= ~cut
        self._write(self._lit, rgb, np.where(lit, HIGHLIGHT_RADIUS, 0.0))
        self.highlight_actor.SetVisibility(bool(lit.any()))
        self.faint_actor.SetVisibility(bool(faint_r.any()))  # no ghosts: skip its draw call
        self.shown = balls | markers
        self.visible = visible
        self.current_rgb = rgb
        self.overlay_layer.hide()

    def _show_cut(
        self, lat: PyramidLattice, cut: np.ndarray, rgb: np.ndarray, view: ViewState
    ) -> None:
        """Balls straddling a plane as real sphere meshes, clipped by the planes on the GPU."""
        mapper = self.cut_actor.GetMapper()
        mapper.RemoveAllClippingPlanes()
        if not cut.any():
            self.cut_actor.SetVisibility(False)
            return
        seeds = pv.PolyData(lat.centres[cut].astype(np.float32))
        seeds.point_data["rgb"] = rgb[cut]
        sphere = pv.Sphere(radius=BALL_RADIUS, theta_resolution=24, phi_resolution=24)
        mesh = seeds.glyph(geom=sphere, scale=False, orient=False)
        mesh.set_active_scalars("rgb")
        self._cut_mesh.copy_from(mesh)
        for normal, origin in view.planes():
            plane = vtkPlane()
            plane.SetNormal(*(-normal))  # VTK keeps the side the normal points to
            plane.SetOrigin(*origin)
            mapper.AddClippingPlane(plane)
        mapper.SetScalarModeToUsePointFieldData()
        mapper.SelectColorArray("rgb")
        mapper.SetColorModeToDirectScalars()
        mapper.ScalarVisibilityOn()
        self.cut_actor.SetVisibility(True)

    def hide_balls(self, mask: np.ndarray) -> None:
        """Leave these balls out of the ball actor (another actor draws them); they still
        take clicks."""
        assert self._solid is not None
        self._solid.point_data["radius"][mask] = 0.0
        self._solid.GetPointData().GetArray("radius").Modified()
        self._solid.Modified()

    @staticmethod
    def _write(poly: pv.PolyData, rgb: np.ndarray, radius: np.ndarray) -> None:
        rgba = poly.point_data["rgba"]
        rgba[:, :3] = rgb
        rgba[:, 3] = 255
        poly.point_data["radius"][:] = radius
        data = poly.GetPointData()
        data.GetArray("rgba").Modified()
        data.GetArray("radius").Modified()
        poly.Modified()

    def draw(
        self,
        inp: LatticeInput,
        view: ViewState,
        teaching: TeachingView | None = None,
        overlays: Overlays | None = None,
    ) -> None:
        """The position as the turn being built leaves it, with its click targets, and
        the Pyramid Partition overlays that ``overlays`` turns on."""
        recolour = teaching is not None and overlays is not None and overlays.group_colours
        piece_rgb = teaching.group_rgb if recolour else None  # type: ignore[union-attr]
        self.show(inp.lattice, inp.pieces(), inp.targets(), view, inp.highlighted(), piece_rgb)
        self.overlay_layer.update(teaching, overlays, self.visible)

    def draw_setup(self, lat: PyramidLattice, pieces: Mapping[int, str], view: ViewState) -> None:
        """Set-up mode: every point takes a click."""
        self.show(lat, pieces, np.ones(lat.count, dtype=bool), view)

    def close(self) -> None:
        """Take this scene's actors out of the plotter (another kind of board comes)."""
        for actor in self._actors:
            self.plotter.remove_actor(actor, render=False)
        self._actors = []
        self.lattice = None

    # ---- camera and picking -------------------------------------------------------------

    def set_view(self, name: str) -> None:
        assert self.lattice is not None
        direction, up = VIEWS[name]
        self.plotter.view_vector(direction, viewup=up, render=False)
        # The bounds are ball centres: pad them by a ball so the outer balls fit whole.
        lo = self.lattice.centres.min(axis=0) - BALL_RADIUS
        hi = self.lattice.centres.max(axis=0) + BALL_RADIUS
        self.plotter.reset_camera(render=False, bounds=(lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]))
        self.plotter.camera.zoom(0.92)

    def pick(self, x: float, y: float) -> int | None:
        """The shown point under display pixel (x, y) (VTK's y axis, upwards): the nearest
        ball or marker whose sphere the view ray crosses."""
        if self.lattice is None or not self.shown.any():
            return None
        near, direction = view_ray(self.plotter, x, y)
        ids = np.flatnonzero(self.shown)
        centres = self.lattice.centres[ids]
        radius = self._pick_radius[ids]
        # Markers are small: let a click near one count, as on a touch target.
        radius = np.maximum(radius, 0.3)
        to_centre = centres - near
        along = to_centre @ direction
        miss2 = np.einsum("ij,ij->i", to_centre, to_centre) - along**2
        hit = (miss2 <= radius**2) & (along > 0)
        if not hit.any():
            return None
        entry = along - np.sqrt(np.maximum(radius**2 - miss2, 0.0))
        entry[~hit] = math.inf
        return int(ids[int(np.argmin(entry))])

    def display_position(self, pid: int) -> tuple[float, float]:
        """Where point ``pid``'s centre appears, in display pixels (VTK's y axis, upwards)."""
        assert self.lattice is not None
        return to_display(self.plotter, self.lattice.centres[pid])


def _pyramid_edges(lat: PyramidLattice) -> pv.PolyData:
    """The pyramid's eight edges through the corner balls' centres."""
    sw, se, nw, ne, ap = (lat.centres[lat.corner_ids[c]] for c in CORNERS)
    points = np.array([sw, se, ne, nw, ap], dtype=np.float32)
    lines = np.array([2, 0, 1, 2, 1, 2, 2, 2, 3, 2, 3, 0, 2, 0, 4, 2, 1, 4, 2, 2, 4, 2, 3, 4])
    return pv.PolyData(points, lines=lines)
