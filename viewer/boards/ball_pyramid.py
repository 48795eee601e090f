"""The ball pyramid (a square-pyramid lattice) as sphere impostors: every lattice point is
one point of a single PolyData drawn by VTK's point-Gaussian mapper as a shaded sphere. Per
point an RGBA colour and a radius (0 hides it) are updated in place, so placing or removing
a ball never rebuilds the scene. Sites are the lattice's point ids (the pick lookup is the
identity).

Frame fields and their visuals:

| frame          | visual                                                               |
|----------------|----------------------------------------------------------------------|
| pieces         | balls (impostors), recoloured by ``piece_rgb``, a little darker the more |
|                | balls (and the board) they touch: baked contact shading (``AO``)        |
| markers        | small grey balls on empty points; tinted when also highlighted        |
| highlights     | balls re-drawn in an outline actor per rim style (shaders/outline_rim) |
| (the hover)    | the ball or marker under the mouse in a yellow rim, outermost         |
| pointers       | cones outside the pyramid pointing at the site (corner markers)        |
| paths          | tubes through the points; where balls hide them they show through,   |
|                | faint (an x-ray copy on a layer drawn over the scene)                |
| regions        | translucent cells                                                    |
| labels         | text outside the pyramid, beyond the site                            |
| heat           | the marker of an empty point, bigger, coloured by its value on the   |
|                | heat scale (``palette.heat_rgb``) in a light rim (a heat actor);     |
|                | a highlight's rim instead when highlighted                           |
| ghosts         | translucent sphere meshes of the style's colour with a cyan rim       |
|                | (shaders/ghost_piece) on empty shown points; they take clicks and the  |
|                | hover as a marker does                                               |
| "walls"        | the five walls as faint faces, named outside the pyramid (a decoration) |
| (always)       | the board under the base: a slab with a dimple under every base point |
| slides         | none: a sliding piece is drawn on its site                           |
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyvista as pv
from vtkmodules.vtkCommonDataModel import vtkPlane
from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper, vtkProp, vtkRenderer

from pyramid_lab.model.lattice import CORNERS, WALLS, PyramidLattice, Wall

from ..lab import palette
from ..lab.frame import Frame, Vanish
from ..lab.view_state import ViewState
from .labels import ScreenLabels
from .meshes import (
    add_actor,
    add_labels,
    add_still_mesh,
    aim_camera,
    fit_camera,
    instances,
    remove_actor,
    template,
)
from .picking import to_display, view_ray
from .shaders import add_fragment_effect, add_sphere_depth, set_sphere_depth, tight_splats

BALL_RADIUS = 0.48  # slightly under 0.5 so touching balls show a seam
MARKER_RADIUS = 0.13
HEAT_RADIUS = 0.2  # a heat map's marker: big enough to show its colour
GHOST_RADIUS = 0.24  # peeled balls drawn as ghosts: small and pale, but opaque
GHOST_WHITENESS = 0.5  # (translucent impostors render black in VTK's sphere shader)
RIM_RADIUS = {
    "clickable": 0.495,
    "group": 0.5,
    "anchor": 0.51,
    "selected": 0.505,
    "remove": 0.512,
    "lesson": 0.514,  # what a lesson's step is about
    "lesson-pick": 0.516,  # a piece picked for a lesson's task
    "hover": 0.52,
}
MARKER_TOUCH_RADIUS = 0.3  # markers are small: a click near one counts, as on a touch target
HOVER_MARKER_RADIUS = 0.24  # a hovered marker grows a little to show its rim
#: The hover is a rim, like the highlights (the ball keeps its colour), outermost of all:
#: lemon yellow, apart from the gold and orange of the group, clickable and selected rims.
HOVER_RIM = (1.0, 0.96, 0.2)
WALL_OPACITY = 0.16
WALL_MARGIN = 0.6  # faces stand this far outside the outer balls' centres
REGION_CELL = 0.62
REGION_OPACITY = 0.32
PATH_RADIUS = 0.08
XRAY_OPACITY = 0.35  # a path tube where balls hide it
POINTER_OUT = 0.95  # a pointer cone stands this far outside its site
LABEL_OUT = 1.45  # the picture keeps room for labels this far outside their site
LABEL_ANCHOR = 1.22  # a label's box starts beyond this (the pointer cone ends at 1.2)
BOARD_TOP = -0.42  # the board under the base: the base balls sit a little into its dimples
BOARD_THICKNESS = 0.2
BOARD_MARGIN = 0.8  # beyond the outer base points' centres
DIMPLE_RADIUS = 0.34
DIMPLE_RIM = 0.05  # the lighter ring round each dimple
BOARD_TEXELS = 128  # texels a unit of the board's top (its texture's dimples) at most
BOARD_TEXTURE_MAX = 2048  # texels along the board's top texture's longer side at most (12 MB)
WALL_LABEL_OUT = 1.9  # a side wall's name stands this far out from its base edge
#: Baked ambient occlusion: a ball touching all 12 of its contacts is this much darker.
#: (VTK's screen-space pass cost 233 % of a frame at N = 20 under Mesa, tests/bench/render.py;
#: this costs nothing to draw.)
AO = 0.22

_CONE = template(pv.Cone(center=(0, 0, 0), direction=(0, 0, -1), height=0.5, radius=0.2))
_CUBE = template(pv.Cube(x_length=REGION_CELL, y_length=REGION_CELL, z_length=REGION_CELL))
_NOWHERE = [(0.0, 0.0, -100.0)]  # placeholder instance for meshes shown later


class BallPyramidView:
    """Draws frames of a ball-pyramid game into a pyvista plotter."""

    kind = "ball-pyramid"
    supports_cut_open = True
    flat = False

    def __init__(self, plotter: pv.BasePlotter, lattice: PyramidLattice) -> None:
        self.plotter = plotter
        self.geometry = lattice
        self.lattice = lattice
        self.level_count = lattice.n
        # the deepest peel that leaves a ball (base 6: 1; half the levels, 3, left none)
        self.peel_max = int(lattice.wall_distance.min(axis=1).max())
        self._actors: list[vtkProp] = []
        self._impostor_actors: list[pv.Actor] = []  # they write their spheres' depth
        below = np.zeros(lattice.neighbours.shape, dtype=bool)  # contacts the board takes
        below[:, 4:8] = (lattice.levels == 0)[:, None]  # CONTACTS: 4 in plane, 4 below, 4 above
        self._board_below = below
        centres = lattice.centres.astype(np.float32)
        self._solid = _impostors(centres)
        self._faint = _impostors(centres)
        self.solid_actor = self._add_impostors(self._solid)
        self.faint_actor = self._add_impostors(self._faint)
        add_fragment_effect(
            self.faint_actor, "ghost_rim", uniforms={"rimColor": palette.GHOST_RIM_RGB}
        )
        self.outlines: dict[str, tuple[pv.PolyData, pv.Actor]] = {}
        for style, rim in {**palette.RIM_RGB, "hover": HOVER_RIM}.items():
            poly = _impostors(centres[:1])
            actor = self._add_impostors(poly)
            add_fragment_effect(actor, "outline_rim", uniforms={"rimColor": rim})
            self.outlines[style] = (poly, actor)
        self._build_heat()
        self._add_mesh(_pyramid_edges(lattice), color=palette.EDGE_RGB, line_width=2)
        slab, top, texture = _board(lattice)
        self._add_mesh(slab, scalars="rgb", smooth_shading=False)
        self._add_mesh(top, texture=texture, smooth_shading=False)
        self._cut_mesh = pv.PolyData()
        # Plain VTK: pyvista will not add an empty mesh, and most views cut nothing.
        self.cut_actor = _rgb_actor(self._cut_mesh)
        self.cut_actor.SetVisibility(False)
        self.cut_actor.GetProperty().BackfaceCullingOff()  # the inside of a cut ball shows
        add_actor(self.plotter, self.cut_actor)
        self._actors.append(self.cut_actor)
        self._build_piece_ghosts()

        corners = np.array([lattice.centres[lattice.corner_ids[c]] for c in CORNERS], float)
        self.centroid = corners.mean(axis=0)
        faces, wall_labels = self._wall_faces(corners)
        self.walls = self._add_mesh(faces, opacity=WALL_OPACITY, scalars="rgb")
        self.walls.GetProperty().BackfaceCullingOff()
        # depth-tested: a name behind the pyramid hides rather than print over its balls
        self.wall_labels = add_labels(plotter, wall_labels, font_size=15)
        self._actors.append(self.wall_labels)
        self.pointer_mesh = instances(_CONE, _NOWHERE, [palette.EDGE_RGB])
        self.pointers = self._add_mesh(self.pointer_mesh, scalars="rgb")
        self.region_mesh = instances(_CUBE, _NOWHERE, [palette.EDGE_RGB])
        self.regions = self._add_mesh(self.region_mesh, scalars="rgb", opacity=REGION_OPACITY)
        self.path_mesh = instances(_CUBE, _NOWHERE, [palette.EDGE_RGB])
        self.paths = self._add_mesh(self.path_mesh, scalars="rgb")
        self._build_xray()
        self.labels: ScreenLabels | None = None
        self._label_key: tuple[object, ...] = ()
        self._drawn: dict[str, object] = {}  # what the overlay meshes show now

        self.shown = np.zeros(lattice.count, dtype=bool)  # per point: drawn and clickable
        self.visible = np.zeros(lattice.count, dtype=bool)
        self.region_ids = np.zeros(0, dtype=np.int64)  # points shaded as a region
        self._pick_radius = np.zeros(lattice.count)
        self.current_rgb = np.zeros((lattice.count, 3), dtype=np.uint8)
        # The depth the impostors write follows the camera and the window's size.
        self._depth_observer = plotter.renderer.AddObserver("StartEvent", self._before_render)
        self.set_view("iso")

    def _before_render(self, renderer: object, _event: str) -> None:
        set_sphere_depth(self._impostor_actors, renderer)

    # ---- building -----------------------------------------------------------------------

    def _add_impostors(self, poly: pv.PolyData) -> pv.Actor:
        actor = add_still_mesh(
            self.plotter,
            poly,
            style="points_gaussian",
            render_points_as_spheres=True,
            scalars="rgba",
            rgba=True,
            emissive=False,
        )
        mapper = actor.mapper
        mapper.SetScaleArray("radius")
        mapper.SetScaleFactor(1.0)
        mapper.SetEmissive(False)
        tight_splats(mapper)
        add_sphere_depth(actor)
        self._actors.append(actor)
        self._impostor_actors.append(actor)
        return actor

    def _add_mesh(self, mesh: pv.PolyData, **style: object) -> pv.Actor:
        actor = add_still_mesh(self.plotter, mesh, **style)
        self._actors.append(actor)
        return actor

    def _wall_faces(self, c: np.ndarray) -> tuple[pv.PolyData, list[tuple[str, np.ndarray]]]:
        sw, se, nw, ne, ap = c
        polygons = {
            Wall.BASE: [sw, se, ne, nw],
            Wall.WEST: [sw, nw, ap],
            Wall.EAST: [se, ne, ap],
            Wall.SOUTH: [sw, se, ap],
            Wall.NORTH: [nw, ne, ap],
        }
        points: list[np.ndarray] = []
        faces: list[list[int]] = []
        colours: list[tuple[int, int, int]] = []
        labels: list[tuple[str, np.ndarray]] = []
        for wall in WALLS:
            poly = np.array(polygons[wall], dtype=float)
            middle = poly.mean(axis=0)
            normal = np.cross(poly[1] - poly[0], poly[2] - poly[0])
            normal /= np.linalg.norm(normal)
            if normal @ (middle - self.centroid) < 0:
                normal = -normal
            # out by the margin, and a little wider, so the face covers the outer balls
            shifted = middle + (poly - middle) * 1.12 + normal * WALL_MARGIN
            faces.append([len(poly), *range(len(points), len(points) + len(poly))])
            points.extend(shifted)
            colours.append(palette.WALL_RGB[wall.label])
            labels.append((wall.label, self._wall_label_spot(wall, poly)))
        mesh = pv.PolyData(np.array(points), np.concatenate(faces))
        mesh.cell_data["rgb"] = np.array(colours, dtype=np.uint8)
        return mesh, labels

    def _wall_label_spot(self, wall: Wall, poly: np.ndarray) -> np.ndarray:
        """Where a wall's name stands: outside the pyramid, never over its balls. A side
        wall's beyond the middle of its base edge, on the board's level; the base's below
        the board's front-right edge."""
        if wall is Wall.BASE:  # under the front edge of the board, left of "south"
            lo = self.lattice.centres.min(axis=0)
            hi = self.lattice.centres.max(axis=0)
            x = lo[0] + 0.2 * (hi[0] - lo[0])
            return np.array([x, lo[1] - BOARD_MARGIN - 0.3, BOARD_TOP - BOARD_THICKNESS - 0.4])
        base_edge = poly[poly[:, 2] < 1e-6]  # the wall's corners on the base
        middle = base_edge.mean(axis=0)
        out = middle - self.centroid
        out[2] = 0.0
        out /= np.linalg.norm(out)
        spot: np.ndarray = middle + out * WALL_LABEL_OUT + np.array([0.0, 0.0, BOARD_TOP])
        return spot

    def _label_spot(self, site: int) -> np.ndarray:
        """Where ``site``'s label stands: LABEL_OUT outside it, away from the pyramid's
        centre (beyond a pointer cone at it)."""
        spot: np.ndarray = self.lattice.centres[site] + self._outward(site) * LABEL_OUT
        return spot

    def _outward(self, site: int) -> np.ndarray:
        """The unit vector from the pyramid's centre through ``site``."""
        out = self.lattice.centres[site] - self.centroid
        norm = float(np.linalg.norm(out))
        return out / norm if norm > 1e-9 else np.array([0.0, 0.0, 1.0])

    # ---- drawing ------------------------------------------------------------------------

    def show(self, frame: Frame, view: ViewState) -> None:
        """Draw ``frame`` under the view state's level range, peel, clip planes and hover."""
        lat = self.lattice
        visible = view.visible(lat)
        rgb, occupied, marked = frame_colours(lat, frame)
        markers = marked & ~occupied & visible
        balls = occupied & visible
        ghosts = self._show_piece_ghosts(frame, visible & ~occupied)
        heated = self._show_heat(frame, rgb, visible & ~occupied)
        markers = markers | heated
        cut = view.cut(lat, BALL_RADIUS) & occupied
        highlights = dict(frame.highlights)
        hover = view.hover
        if hover is not None and 0 <= hover < lat.count and (balls[hover] or markers[hover]):
            highlights["hover"] = (hover,)
        elif hover is not None and 0 <= hover < lat.count and ghosts[hover]:
            highlights["hover"] = (hover,)  # a rim inside the ghost, as on a marker
            markers = markers.copy()
            markers[hover] = True
        shaded = self._shade_contacts(rgb, balls)  # what is drawn; ``rgb`` what it means
        self._show_cut(cut, shaded, view)
        hidden = self._enclosed(balls & ~cut)  # no pixel of theirs can show: not drawn
        solid_r = np.where(
            balls & ~cut & ~hidden, BALL_RADIUS, np.where(markers, MARKER_RADIUS, 0.0)
        )
        solid_r[heated] = HEAT_RADIUS
        balls |= cut
        faint_r = np.where(occupied & ~visible & view.ghost_peeled, GHOST_RADIUS, 0.0)
        pale = (rgb * (1 - GHOST_WHITENESS) + 255 * GHOST_WHITENESS).astype(np.uint8)
        self._pick_radius = np.maximum(solid_r, np.where(cut, BALL_RADIUS, 0.0))
        if "hover" in highlights and markers[hover]:
            self._pick_radius[hover] = HOVER_MARKER_RADIUS  # as big as it is drawn
        self._pick_radius[ghosts] = np.maximum(self._pick_radius[ghosts], BALL_RADIUS)
        # Each outline actor holds only its balls, and the plain copies of those balls are
        # taken out of the ball actor: a big holding group is not drawn twice.
        covered = np.zeros(lat.count, dtype=bool)
        # A ball in several highlights shows the outermost rim (an anchor of the group).
        for style in sorted(self.outlines, key=RIM_RADIUS.__getitem__, reverse=True):
            poly, actor = self.outlines[style]
            ids = np.zeros(lat.count, dtype=bool)
            ids[list(highlights.get(style, ()))] = True
            ids &= (balls | (markers if style == "hover" else heated)) & ~cut & ~covered
            chosen = np.flatnonzero(ids)
            if len(chosen):
                outlined = _impostors(lat.centres[chosen].astype(np.float32))
                radius = np.where(balls[chosen], RIM_RADIUS[style], HOVER_MARKER_RADIUS)
                _write(outlined, shaded[chosen], radius)
                poly.copy_from(outlined)
            actor.SetVisibility(bool(len(chosen)))
            covered |= ids
        self._draw_heat(heated & ~covered, rgb)
        _write(self._solid, shaded, np.where(covered | heated, 0.0, solid_r))
        _write(self._faint, pale, faint_r)
        self.faint_actor.SetVisibility(bool(faint_r.any()))
        self.shown = balls | markers | ghosts
        self.visible = visible
        self.current_rgb = rgb
        self._show_overlays(frame, visible)

    def _enclosed(self, balls: np.ndarray) -> np.ndarray:
        """The balls all of whose 12 contacts hold drawn balls (or the board, under a base
        ball): nothing of them can be seen (the 0.04 seams between touching balls are under
        a pixel from any view that frames the pyramid), so they are left out of the scene,
        which saves the software renderer most of a full pyramid's fragments."""
        lat = self.lattice
        drawn = np.append(balls, False)  # index -1 (outside the pyramid) is never drawn
        covered = drawn[lat.neighbours] | self._board_below
        hidden: np.ndarray = balls & covered.all(axis=1)
        return hidden

    def _shade_contacts(self, rgb: np.ndarray, balls: np.ndarray) -> np.ndarray:
        """``rgb`` with each drawn ball darkened by the share of its 12 contacts that hold
        drawn balls (the board counts for the 4 below a base ball): crevices read as
        crevices."""
        shaded = rgb.copy()
        if not balls.any():
            return shaded
        lat = self.lattice
        drawn = np.append(balls, False)  # index -1 (outside the pyramid) is never drawn
        touching = drawn[lat.neighbours].sum(axis=1) + np.where(lat.levels == 0, 4, 0)
        shade = 1.0 - AO * np.minimum(touching, 12) / 12.0
        shaded[balls] = (rgb[balls] * shade[balls, None]).astype(np.uint8)
        return shaded

    def _build_piece_ghosts(self) -> None:
        """The actor of Frame.ghosts: translucent sphere meshes (impostors cannot be
        translucent) whose rim turns opaque cyan (shaders/ghost_piece)."""
        self._ghost_mesh = pv.PolyData()
        self._ghost_key: tuple[tuple[int, str], ...] = ()
        self.ghost_actor = _rgb_actor(self._ghost_mesh)
        prop = self.ghost_actor.GetProperty()
        prop.SetOpacity(palette.PIECE_GHOST_OPACITY)
        prop.SetInterpolationToPhong()
        prop.BackfaceCullingOn()  # the near half only: one layer of colour, one rim
        add_fragment_effect(
            self.ghost_actor, "ghost_piece", uniforms={"rimColor": palette.PIECE_GHOST_RIM}
        )
        self.ghost_actor.SetVisibility(False)
        add_actor(self.plotter, self.ghost_actor)
        self._actors.append(self.ghost_actor)

    def _show_piece_ghosts(self, frame: Frame, empty: np.ndarray) -> np.ndarray:
        """Draw the frame's ghosts on the shown empty points in ``empty``; per point,
        whether it has one (the mesh is rebuilt only when they change)."""
        drawn = np.zeros(self.lattice.count, dtype=bool)
        key = tuple(sorted((s, st) for s, st in frame.ghosts.items() if empty[s]))
        drawn[[s for s, _ in key]] = True
        if key != self._ghost_key:
            self._ghost_key = key
            if key:
                seeds = pv.PolyData(self.lattice.centres[[s for s, _ in key]].astype(np.float32))
                seeds.point_data["rgb"] = np.array(
                    [palette.piece_rgb(style) for _, style in key], dtype=np.uint8
                )
                sphere = pv.Sphere(radius=BALL_RADIUS, theta_resolution=32, phi_resolution=32)
                mesh = seeds.glyph(geom=sphere, scale=False, orient=False)
                mesh.set_active_scalars("rgb")
                self._ghost_mesh.copy_from(mesh)
        self.ghost_actor.SetVisibility(bool(key))
        return drawn

    def _show_overlays(self, frame: Frame, visible: np.ndarray) -> None:
        walls = "walls" in frame.decorations
        self.walls.SetVisibility(walls)
        self.wall_labels.SetVisibility(walls)
        centres = self.lattice.centres
        # Meshes are rebuilt only when what they show changed (a hover redraws often).
        if frame.pointers and frame.pointers != self._drawn.get("pointers"):
            cones = [self._pointer_cone(p.site, p.direction) for p in frame.pointers]
            colours = [palette.POINTER_RGB.get(p.style, palette.EDGE_RGB) for p in frame.pointers]
            self.pointer_mesh.copy_from(pv.merge(_coloured(cones, colours)))
        self._drawn["pointers"] = frame.pointers
        self.pointers.SetVisibility(bool(frame.pointers))
        region_key = (frame.regions, visible.tobytes() if frame.regions else b"")
        if region_key != self._drawn.get("regions"):
            self._drawn["regions"] = region_key
            cells = [(s, r.style) for r in frame.regions for s in r.sites if visible[s]]
            self.region_ids = np.array([s for s, _ in cells], dtype=np.int64)
            if cells:
                colours = [palette.REGION_RGB.get(style, palette.EDGE_RGB) for _, style in cells]
                self.region_mesh.copy_from(instances(_CUBE, centres[self.region_ids], colours))
        self.regions.SetVisibility(bool(len(self.region_ids)))
        paths = tuple(p for p in frame.paths if len(p.sites) >= 2)
        if paths and paths != self._drawn.get("paths"):
            tubes = []
            for path in paths:
                line = pv.lines_from_points(centres[list(path.sites)])
                tube = line.tube(radius=PATH_RADIUS, n_sides=12).triangulate()
                colour = palette.PATH_RGB.get(path.style, palette.EDGE_RGB)
                tube.cell_data["rgb"] = np.tile(np.array(colour, np.uint8), (tube.n_cells, 1))
                tubes.append(tube)
            self.path_mesh.copy_from(pv.merge(tubes))
        self._drawn["paths"] = paths
        self.paths.SetVisibility(bool(paths))
        self.xray_paths.SetVisibility(bool(paths))
        self._show_labels(frame)

    def _build_xray(self) -> None:
        """A layer over the scene (its own renderer on the window's camera, depth cleared)
        with a faint copy of the path tubes: an escape path running through balls stays
        readable where they hide it."""
        window = self.plotter.render_window
        if window is None:
            raise RuntimeError("a board view needs an open plotter")
        xray = vtkRenderer()
        xray.SetLayer(1)
        xray.InteractiveOff()
        xray.SetActiveCamera(self.plotter.renderer.GetActiveCamera())
        window.SetNumberOfLayers(max(2, window.GetNumberOfLayers()))
        window.AddRenderer(xray)
        self.xray_paths = _rgb_actor(self.path_mesh, cells=True)
        self.xray_paths.GetProperty().SetOpacity(XRAY_OPACITY)
        self.xray_paths.SetVisibility(False)
        xray.AddActor(self.xray_paths)
        self._xray: vtkRenderer | None = xray
        self._xray_observer = self.plotter.renderer.AddObserver(
            "StartEvent", lambda ren, _e: xray.SetViewport(ren.GetViewport())
        )

    def _build_heat(self) -> None:
        """The actor of Frame.heat's markers: impostors with a light rim
        (shaders/outline_rim), so a marker's colour reads on a ball of any colour."""
        self._heat = _impostors(self.lattice.centres[:1].astype(np.float32))
        self.heat_actor = self._add_impostors(self._heat)
        add_fragment_effect(self.heat_actor, "outline_rim", uniforms={"rimColor": palette.HEAT_RIM})
        self.heat_actor.SetVisibility(False)

    def _draw_heat(self, ids: np.ndarray, rgb: np.ndarray) -> None:
        """Draw the heat markers of the points in ``ids`` (the others are outlined)."""
        chosen = np.flatnonzero(ids)
        if len(chosen):
            poly = _impostors(self.lattice.centres[chosen].astype(np.float32))
            _write(poly, rgb[chosen], np.full(len(chosen), HEAT_RADIUS))
            self._heat.copy_from(poly)
        self.heat_actor.SetVisibility(bool(len(chosen)))

    def _show_heat(self, frame: Frame, rgb: np.ndarray, empty: np.ndarray) -> np.ndarray:
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

    def _show_labels(self, frame: Frame) -> None:
        key = tuple((label.site, label.text) for label in frame.labels)
        if key == self._label_key:
            return
        if self.labels is not None:
            self.labels.close()
            self.labels = None
        self._label_key = key
        if key:  # on the screen, beyond the site's pointer cone, away from the middle
            lat = self.lattice
            spots = [
                (text, lat.centres[site] + self._outward(site) * LABEL_ANCHOR, self._outward(site))
                for site, text in key
            ]
            self.labels = ScreenLabels(self.plotter, spots, plate=palette.BACKGROUND)

    def _pointer_cone(self, site: int, direction: tuple[float, float] | None) -> pv.PolyData:
        """A cone outside ``site`` pointing at it (built pointing down, then turned)."""
        out = self._outward(site) if direction is None else np.array([*direction, 0.0])
        out = out / (np.linalg.norm(out) or 1.0)
        centre = self.lattice.centres[site] + out * POINTER_OUT
        points, tris = _CONE
        turned = centre + _rotate_down_to(-out, points.astype(float))
        faces = np.concatenate([np.full((len(tris), 1), 3), tris], axis=1).ravel()
        return pv.PolyData(turned, faces)

    def _show_cut(self, cut: np.ndarray, rgb: np.ndarray, view: ViewState) -> None:
        """Balls straddling a plane as real sphere meshes, clipped by the planes on the GPU."""
        mapper = self.cut_actor.GetMapper()
        mapper.RemoveAllClippingPlanes()
        if not cut.any():
            self.cut_actor.SetVisibility(False)
            return
        seeds = pv.PolyData(self.lattice.centres[cut].astype(np.float32))
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
        self.cut_actor.SetVisibility(True)

    def play(self, vanishing: Sequence[Vanish]) -> float:
        """Removed balls are simply gone on this board (Pyraos's removals are the player's
        own clicks, shown while the turn is built)."""
        return 0.0

    def advance(self, t: float) -> None:
        return None

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        """None: a ball pyramid names its points on the balls (hover, the legend), not
        beside the board."""
        return []

    def close(self) -> None:
        """Take this board's actors out of the plotter (another kind of board comes)."""
        if self.labels is not None:
            self.labels.close()
            self.labels = None
        for actor in self._actors:
            remove_actor(self.plotter, actor)
        self._actors = []
        self._impostor_actors = []
        if self._xray is not None:
            self._xray.RemoveAllViewProps()
            window = self.plotter.render_window
            if window is not None:  # None once the plotter is closed
                window.RemoveRenderer(self._xray)
            self.plotter.renderer.RemoveObserver(self._xray_observer)
            self._xray = None
        if self._depth_observer is not None:
            self.plotter.renderer.RemoveObserver(self._depth_observer)
            self._depth_observer = None

    # ---- camera and picking -------------------------------------------------------------

    def set_view(self, name: str) -> None:
        direction, up = palette.VIEWS[name]
        aim_camera(self.plotter, direction, up)
        # Frame the board, the balls and the corners' pointers and labels (they stand
        # LABEL_OUT outside the corners).
        lat = self.lattice
        spots = [self._label_spot(int(lat.corner_ids[c])) for c in CORNERS]
        base = lat.centres[lat.levels == 0]
        lo, hi = base.min(axis=0) - BOARD_MARGIN, base.max(axis=0) + BOARD_MARGIN
        board = [
            (x, y, z)
            for x in (lo[0], hi[0])
            for y in (lo[1], hi[1])
            for z in (BOARD_TOP - BOARD_THICKNESS, BOARD_TOP)
        ]
        fit_camera(self.plotter, [*spots, *board, *lat.centres], radius=BALL_RADIUS, margin=0.06)

    def pick(self, x: float, y: float) -> int | None:
        """The shown point under display pixel (x, y) (VTK's y axis, upwards): the nearest
        ball or marker the view ray hits as drawn; failing that, the nearest marker whose
        touch target (a little wider than the marker) it crosses. A marker's touch target
        never takes a click off a ball drawn under the pixel."""
        if not self.shown.any():
            return None
        near, direction = view_ray(self.plotter, x, y)
        self.last_ray = (near, direction)
        ids = np.flatnonzero(self.shown)
        centres = self.lattice.centres[ids]
        drawn = self._pick_radius[ids]
        for radius in (drawn, np.maximum(drawn, MARKER_TOUCH_RADIUS)):
            entry = _ray_entry(near, direction, centres, radius)
            best = int(np.argmin(entry))
            if entry[best] < math.inf:
                return int(ids[best])
        return None

    def behind(self, site: int) -> list[int]:
        """The points (shown or not: a peeled shell, an empty point) whose ball the last
        pick's view ray passes through beyond ``site``'s, nearest first."""
        ray = getattr(self, "last_ray", None)
        if ray is None:
            return []
        return points_behind(self.lattice.centres, site, *ray)

    def display_position(self, site: int) -> tuple[float, float]:
        """Where point ``site``'s centre appears, in display pixels (VTK's y axis, upwards)."""
        return to_display(self.plotter, self.lattice.centres[site])


def _rgb_actor(mesh: pv.PolyData, *, cells: bool = False) -> vtkActor:
    """A plain VTK actor (pyvista will not add an empty mesh) drawing ``mesh`` in its
    "rgb" array, per point or per cell, as given."""
    mapper = vtkPolyDataMapper()
    mapper.SetInputData(mesh)
    if cells:
        mapper.SetScalarModeToUseCellFieldData()
    else:
        mapper.SetScalarModeToUsePointFieldData()
    mapper.SelectColorArray("rgb")
    mapper.SetColorModeToDirectScalars()
    mapper.ScalarVisibilityOn()
    actor = vtkActor()
    actor.SetMapper(mapper)
    return actor


def points_behind(
    centres: np.ndarray, site: int, near: np.ndarray, direction: np.ndarray
) -> list[int]:
    """The points whose ball the view ray from ``near`` along unit ``direction`` passes
    through beyond point ``site``'s, nearest first (the window's pick and the page's)."""
    entry = _ray_entry(near, direction, centres, np.full(len(centres), BALL_RADIUS))
    front = entry[site]
    if not math.isfinite(front):
        return []
    later = [int(p) for p in np.argsort(entry) if math.isfinite(entry[p]) and entry[p] > front]
    return [p for p in later if p != site]


def _ray_entry(
    near: np.ndarray, direction: np.ndarray, centres: np.ndarray, radius: np.ndarray
) -> np.ndarray:
    """Per sphere: how far along the ray it is entered (inf where the ray misses it)."""
    to_centre = centres - near
    along = to_centre @ direction
    miss2 = np.einsum("ij,ij->i", to_centre, to_centre) - along**2
    hit = (miss2 <= radius**2) & (along > 0)
    entry: np.ndarray = along - np.sqrt(np.maximum(radius**2 - miss2, 0.0))
    entry[~hit] = math.inf
    return entry


def _impostors(centres: np.ndarray) -> pv.PolyData:
    poly = pv.PolyData(centres)
    poly.point_data["rgba"] = np.zeros((len(centres), 4), dtype=np.uint8)
    poly.point_data["radius"] = np.zeros(len(centres), dtype=np.float32)
    return poly


def _write(poly: pv.PolyData, rgb: np.ndarray, radius: np.ndarray) -> None:
    rgba = np.asarray(poly.point_data["rgba"])  # views of the VTK arrays, marked below
    rgba[:, :3] = rgb
    rgba[:, 3] = 255
    np.asarray(poly.point_data["radius"])[:] = radius
    data = poly.GetPointData()
    data.GetArray("rgba").Modified()
    data.GetArray("radius").Modified()
    poly.Modified()


def _coloured(meshes: list[pv.PolyData], colours: list[tuple[int, int, int]]) -> list[pv.PolyData]:
    for mesh, colour in zip(meshes, colours, strict=True):
        mesh.cell_data["rgb"] = np.tile(np.array(colour, np.uint8), (mesh.n_cells, 1))
    return meshes


def _rotate_down_to(direction: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """Rotate ``vectors`` so that (0, 0, -1) turns into ``direction`` (Rodrigues)."""
    a = np.array([0.0, 0.0, -1.0])
    b = direction / np.linalg.norm(direction)
    v = np.cross(a, b)
    c = float(a @ b)
    if np.linalg.norm(v) < 1e-9:
        return vectors if c > 0 else vectors * np.array([1.0, -1.0, -1.0])
    k = np.array([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])
    rot = np.eye(3) + k + k @ k * (1 / (1 + c))
    turned: np.ndarray = vectors @ rot.T
    return turned


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


def _board(lat: PyramidLattice) -> tuple[pv.PolyData, pv.PolyData, pv.Texture]:
    """The board under the base: a wooden slab with a dark dimple under every base point
    (Pyraos's 4 x 4 board with its 16 holes; Partition's square board). Its top is one
    quad with the dimples in its texture: as many small triangles cost a fifth of a full
    pyramid's frame (all of Mesa's work on them, though the balls hide most of them)."""
    base = lat.centres[lat.levels == 0]
    lo, hi = base.min(axis=0) - BOARD_MARGIN, base.max(axis=0) + BOARD_MARGIN
    slab = pv.Box(bounds=(lo[0], hi[0], lo[1], hi[1], BOARD_TOP - BOARD_THICKNESS, BOARD_TOP))
    slab = slab.triangulate()
    sides = slab.remove_cells(np.flatnonzero(slab.cell_normals[:, 2] > 0.5))  # the top
    sides.cell_data["rgb"] = np.tile(np.array(palette.BOARD_RGB, np.uint8), (sides.n_cells, 1))
    size = hi - lo
    top = pv.Plane(
        center=((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, BOARD_TOP),
        direction=(0, 0, 1),
        i_size=size[0],
        j_size=size[1],
        i_resolution=1,
        j_resolution=1,
    )
    return sides, top, _board_texture(base, lo, hi)


def _board_texture(base: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> pv.Texture:
    """The board's top from ``lo`` to ``hi``: wood, and a dimple and its rim around each of
    the ``base`` points (a unit grid), drawn texel by texel without smoothing, as sharp
    as the polygons they stand for at the window's sizes."""
    texels = min(BOARD_TEXELS, int(BOARD_TEXTURE_MAX / float((hi - lo)[:2].max())))
    axes = []
    for axis in (0, 1):
        count = int(np.ceil((hi[axis] - lo[axis]) * texels))
        at = lo[axis] + (np.arange(count, dtype=np.float32) + 0.5) * (hi[axis] - lo[axis]) / count
        nearest = np.clip(np.round(at), base[:, axis].min(), base[:, axis].max())
        axes.append((at - nearest).astype(np.float32))
    across = axes[0][None, :] ** 2 + axes[1][:, None] ** 2  # rows along y, columns x
    kind = (across < np.float32(DIMPLE_RADIUS + DIMPLE_RIM) ** 2).view(np.uint8)
    kind += across < np.float32(DIMPLE_RADIUS) ** 2  # 0 wood, 1 rim, 2 dimple
    colours = np.array([palette.BOARD_RGB, palette.DIMPLE_RIM_RGB, palette.DIMPLE_RGB], np.uint8)
    image = colours[kind]
    texture = pv.Texture(image[::-1].copy())  # type: ignore[no-untyped-call]  # pyvista's Texture.__init__ is unannotated; (VTK's first row is the bottom one)
    texture.interpolate = False
    texture.mipmap = True  # (a texel a pixel or so, whatever the zoom: cache-friendly)
    return texture


def _pyramid_edges(lat: PyramidLattice) -> pv.PolyData:
    """The pyramid's eight edges through the corner balls' centres."""
    sw, se, nw, ne, ap = (lat.centres[lat.corner_ids[c]] for c in CORNERS)
    points = np.array([sw, se, ne, nw, ap], dtype=np.float32)
    lines = np.array([2, 0, 1, 2, 1, 2, 2, 2, 3, 2, 3, 0, 2, 0, 4, 2, 1, 4, 2, 2, 4, 2, 3, 4])
    return pv.PolyData(points, lines=lines)
