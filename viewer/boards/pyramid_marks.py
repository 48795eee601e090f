"""What the ball pyramid's view draws on its empty shown points besides markers: the
heat map's markers (Frame.heat: an analysis's win rates, coloured on the heat scale in a
light rim) and the ghost pieces (Frame.ghosts: a hint's translucent balls with a cyan rim,
shaders/ghost_piece)."""

from __future__ import annotations

import numpy as np
import pyvista as pv
from vtkmodules.vtkRenderingCore import vtkActor

from pyramid_lab.model.lattice import PyramidLattice

from ..lab import palette
from ..lab.frame import Frame
from .impostors import impostors, rgb_actor, write_impostors
from .shaders import add_fragment_effect

HEAT_RADIUS = 0.2  # a heat map's marker: big enough to show its colour


class HeatMarkers:
    """The actor of Frame.heat's markers: impostors (``poly`` drawn by ``actor``) with a
    light rim (shaders/outline_rim), so a marker's colour reads on a ball of any colour."""

    def __init__(self, lattice: PyramidLattice, poly: pv.PolyData, actor: vtkActor) -> None:
        self.lattice = lattice
        self.poly = poly
        self.actor = actor
        add_fragment_effect(actor, "outline_rim", uniforms={"rimColor": palette.HEAT_RIM})
        actor.SetVisibility(False)

    def colour(self, frame: Frame, rgb: np.ndarray, empty: np.ndarray) -> np.ndarray:
        """Colour the markers of the frame's heat map on the points in ``empty`` (in
        ``rgb``); per point, whether it has heat."""
        heated = np.zeros(self.lattice.count, dtype=bool)
        if frame.heat:
            sites = np.fromiter(frame.heat, dtype=np.int64, count=len(frame.heat))
            values = np.fromiter(frame.heat.values(), dtype=float, count=len(frame.heat))
            keep = empty[sites]
            heated[sites[keep]] = True
            rgb[sites[keep]] = palette.heat_rgb(values[keep])
        return heated

    def draw(self, ids: np.ndarray, rgb: np.ndarray) -> None:
        """Draw the heat markers of the points in ``ids`` (the others are outlined)."""
        chosen = np.flatnonzero(ids)
        if len(chosen):
            poly = impostors(self.lattice.centres[chosen].astype(np.float32))
            write_impostors(poly, rgb[chosen], np.full(len(chosen), HEAT_RADIUS))
            self.poly.copy_from(poly)
        self.actor.SetVisibility(bool(len(chosen)))


class PieceGhosts:
    """The actor of Frame.ghosts: translucent sphere meshes (impostors cannot be
    translucent) whose rim turns opaque cyan (shaders/ghost_piece); the mesh is rebuilt
    only when the ghosts change."""

    def __init__(self, lattice: PyramidLattice, radius: float) -> None:
        self.lattice = lattice
        self.radius = radius  # a ball's
        self.mesh = pv.PolyData()
        self._key: tuple[tuple[int, str], ...] = ()
        self.actor = rgb_actor(self.mesh)
        prop = self.actor.GetProperty()
        prop.SetOpacity(palette.PIECE_GHOST_OPACITY)
        prop.SetInterpolationToPhong()
        prop.BackfaceCullingOn()  # the near half only: one layer of colour, one rim
        add_fragment_effect(
            self.actor, "ghost_piece", uniforms={"rimColor": palette.PIECE_GHOST_RIM}
        )
        self.actor.SetVisibility(False)

    def show(self, frame: Frame, empty: np.ndarray) -> np.ndarray:
        """Draw the frame's ghosts on the shown empty points in ``empty``; per point,
        whether it has one."""
        drawn = np.zeros(self.lattice.count, dtype=bool)
        key = tuple(sorted((s, st) for s, st in frame.ghosts.items() if empty[s]))
        drawn[[s for s, _ in key]] = True
        if key != self._key:
            self._key = key
            if key:
                seeds = pv.PolyData(self.lattice.centres[[s for s, _ in key]].astype(np.float32))
                seeds.point_data["rgb"] = np.array(
                    [palette.piece_rgb(style) for _, style in key], dtype=np.uint8
                )
                sphere = pv.Sphere(radius=self.radius, theta_resolution=32, phi_resolution=32)
                mesh = seeds.glyph(geom=sphere, scale=False, orient=False)
                mesh.set_active_scalars("rgb")
                self.mesh.copy_from(mesh)
        self.actor.SetVisibility(bool(key))
        return drawn


def frame_colours(lat: PyramidLattice, frame: Frame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each point's colour in ``frame`` (a piece's, a marker's, an empty clickable point
    tinted), which points hold a piece and which are marked: the picture's colours, the
    same for the window's impostors and the page's meshes."""
    occupied = np.zeros(lat.count, dtype=bool)
    rgb = np.tile(np.array(palette.MARKER_RGB["target"], dtype=np.uint8), (lat.count, 1))
    marked = np.zeros(lat.count, dtype=bool)
    for marker in frame.markers:
        marked[marker.site] = True
        rgb[marker.site] = palette.MARKER_RGB.get(marker.style, palette.MARKER_RGB["target"])
    if frame.pieces:  # at once: a full base-30 pyramid has 9,455 pieces, each frame
        sites = np.fromiter(frame.pieces, dtype=np.int64, count=len(frame.pieces))
        occupied[sites] = True
        if frame.piece_rgb is not None:
            rgb[sites] = np.asarray(frame.piece_rgb)[sites]
        else:
            table = {style: palette.piece_rgb(style) for style in set(frame.pieces.values())}
            rgb[sites] = np.array([table[s] for s in frame.pieces.values()], dtype=np.uint8)
    lit = np.zeros(lat.count, dtype=bool)
    lit[list(frame.highlights.get("clickable", ()))] = True
    tinted = lit & ~occupied
    if tinted.any():
        tint = rgb[tinted] * (1 - palette.HIGHLIGHT_MIX)
        rgb[tinted] = (tint + np.array(palette.HIGHLIGHT_RGB) * palette.HIGHLIGHT_MIX).astype(
            np.uint8
        )
    return rgb, occupied, marked
