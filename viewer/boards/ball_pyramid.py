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
| (the hover)    | the ball or marker under the mouse in a dashed ring, outermost        |
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

Below the view, its parts: what stands round the pyramid in the window (the board under its
base, a wooden slab with a dimple under every base point; the pyramid's edges; its five
walls as faint faces named outside it; where a label stands outside the pyramid), and what
it draws on its empty shown points besides markers (the heat map's markers, Frame.heat: an
analysis's win rates, coloured on the heat scale in a light rim; the ghost pieces,
Frame.ghosts: a hint's translucent balls with a cyan rim, shaders/ghost_piece); the
impostors' arrays are ``impostors.py``'s. One concept, the ball pyramid's view, in one
module (its 776 lines; ``ball_meshes.py`` draws it without a plotter for the classroom).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np
import pyvista as pv
from vtkmodules.vtkCommonDataModel import vtkImageData, vtkPlane
from vtkmodules.vtkRenderingCore import vtkActor, vtkProp, vtkRenderer, vtkTexture

from pyramid_lab.i18n import Message, shown
from pyramid_lab.model.lattice import CORNERS, WALLS, PyramidLattice, Wall, lattice

from ..lab import palette
from ..lab.frame import Frame, Vanish
from ..lab.view_state import ViewState
from .impostors import (
    add_fragment_effect,
    add_sphere_depth,
    coloured,
    impostor_actor,
    impostors,
    rgb_actor,
    rotate_down_to,
    set_sphere_depth,
    tight_splats,
    write_impostors,
)
from .labels import ScreenLabels
from .meshes import (
    add_actor,
    add_labels,
    add_still_mesh,
    aim_camera,
    fit_camera,
    instances,
    points_behind,
    ray_entry,
    remove_actor,
    template,
    to_display,
    view_ray,
)

BALL_RADIUS = 0.48  # slightly under 0.5 so touching balls show a seam
MARKER_RADIUS = 0.13
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
WALL_OPACITY = 0.16
REGION_CELL = 0.62
REGION_OPACITY = 0.32
PATH_RADIUS = 0.08
XRAY_OPACITY = 0.35  # a path tube where balls hide it
POINTER_OUT = 0.95  # a pointer cone stands this far outside its site
LABEL_OUT = 1.45  # the picture keeps room for labels this far outside their site
LABEL_ANCHOR = 1.22  # a label's box starts beyond this (the pointer cone ends at 1.2)
#: Baked ambient occlusion: a ball touching all 12 of its contacts is this much darker (VTK's
#: screen-space pass cost 233 % of a frame at N = 20 under Mesa, tests/bench/render.py).
AO = 0.22

_CONE = template(pv.Cone(center=(0, 0, 0), direction=(0, 0, -1), height=0.5, radius=0.2))
CUBE = template(pv.Cube(x_length=REGION_CELL, y_length=REGION_CELL, z_length=REGION_CELL))
_NOWHERE = [(0.0, 0.0, -100.0)]  # placeholder instance for meshes shown later


class BallPyramidView:
    """Draws frames of a ball-pyramid game into a pyvista plotter."""

    kind = "ball-pyramid"
    supports_cut_open = True
    flat = False
    hover_ring = True

    def __init__(self, plotter: pv.BasePlotter, lattice: PyramidLattice) -> None:
        self.plotter = plotter
        self.geometry = self.lattice = lattice
        self.level_count = lattice.n
        # the deepest peel that leaves a ball (base 6: 1; half the levels, 3, left none)
        self.peel_max = int(lattice.wall_distance.min(axis=1).max())
        self._actors: list[vtkProp] = []
        self._impostor_actors: list[vtkActor] = []  # they write their spheres' depth
        self._board_below = board_contacts(lattice)
        centres = lattice.centres.astype(np.float32)
        self._solid = impostors(centres)
        self._faint = impostors(centres)
        self.solid_actor = self._add_impostors(self._solid)
        self.faint_actor = self._add_impostors(self._faint)
        add_fragment_effect(
            self.faint_actor, "ghost_rim", uniforms={"rimColor": palette.GHOST_RIM_RGB}
        )
        self.outlines: dict[str, tuple[pv.PolyData, vtkActor]] = {}
        for style, rim in {**palette.RIM_RGB, "hover": palette.HOVER_RIM_RGB}.items():
            poly = impostors(centres[:1])
            actor = self._add_impostors(poly)
            shader = "hover_rim" if style == "hover" else "outline_rim"
            add_fragment_effect(actor, shader, uniforms={"rimColor": rim})
            self.outlines[style] = (poly, actor)
        heat = impostors(centres[:1])
        self.heat = HeatMarkers(lattice, heat, self._add_impostors(heat))
        self._add_mesh(pyramid_edges(lattice), color=palette.EDGE_RGB, line_width=2)
        slab, top, texture = board_meshes(lattice)
        self._add_mesh(slab, scalars="rgb", smooth_shading=False)
        self._add_mesh(top, texture=texture, smooth_shading=False)
        self._cut_mesh = pv.PolyData()
        # Plain VTK: pyvista will not add an empty mesh, and most views cut nothing.
        self.cut_actor = rgb_actor(self._cut_mesh)
        self.cut_actor.SetVisibility(False)
        self.cut_actor.GetProperty().BackfaceCullingOff()  # the inside of a cut ball shows
        self.ghosts = PieceGhosts(lattice, BALL_RADIUS)
        for plain in (self.cut_actor, self.ghosts.actor):
            add_actor(self.plotter, plain)
            self._actors.append(plain)
        self.centroid = pyramid_centre(lattice)
        faces, wall_labels = wall_faces(lattice, self.centroid)
        self.walls = self._add_mesh(faces, opacity=WALL_OPACITY, scalars="rgb")
        self.walls.GetProperty().BackfaceCullingOff()
        said = [(shown(name), at) for name, at in wall_labels]  # in the window's language
        self.wall_labels = add_labels(plotter, said, font_size=15)  # depth-tested: hides behind
        self._actors.append(self.wall_labels)
        self.pointer_mesh = instances(_CONE, _NOWHERE, [palette.EDGE_RGB])
        self.pointers = self._add_mesh(self.pointer_mesh, scalars="rgb")
        self.region_mesh = instances(CUBE, _NOWHERE, [palette.EDGE_RGB])
        self.regions = self._add_mesh(self.region_mesh, scalars="rgb", opacity=REGION_OPACITY)
        self.path_mesh = instances(CUBE, _NOWHERE, [palette.EDGE_RGB])
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

    def _add_impostors(self, poly: pv.PolyData) -> vtkActor:
        actor = impostor_actor(poly)
        tight_splats(actor.GetMapper())
        add_sphere_depth(actor)
        add_actor(self.plotter, actor)
        self._actors.append(actor)
        self._impostor_actors.append(actor)
        return actor

    def _add_mesh(self, mesh: pv.PolyData, **style: object) -> vtkActor:
        actor = add_still_mesh(self.plotter, mesh, **style)
        self._actors.append(actor)
        return actor

    # ---- drawing ------------------------------------------------------------------------

    def show(self, frame: Frame, view: ViewState) -> None:
        """Draw ``frame`` under the view state's level range, peel, clip planes and hover."""
        lat = self.lattice
        visible = view.visible(lat)
        rgb, occupied, marked = frame_colours(lat, frame)
        markers = marked & ~occupied & visible
        balls = occupied & visible
        ghosts = self.ghosts.show(frame, visible & ~occupied)
        heated = self.heat.colour(frame, rgb, visible & ~occupied)
        markers = markers | heated
        cut = view.cut(lat, BALL_RADIUS) & occupied
        highlights = dict(frame.highlights)
        hover = view.hover
        if hover is not None and 0 <= hover < lat.count and (balls[hover] or markers[hover]):
            highlights["hover"] = (hover,)
        elif hover is not None and 0 <= hover < lat.count and (ghosts[hover] or visible[hover]):
            # a rim inside the ghost, as on a marker; an empty point the keyboard's point is
            # on (viewer.desktop.board_focus: no mouse picks one) shows as a hovered marker
            highlights["hover"] = (hover,)
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
                outlined = impostors(lat.centres[chosen].astype(np.float32))
                radius = np.where(balls[chosen], RIM_RADIUS[style], HOVER_MARKER_RADIUS)
                write_impostors(outlined, shaded[chosen], radius)
                poly.copy_from(outlined)
            actor.SetVisibility(bool(len(chosen)))
            covered |= ids
        self.heat.draw(heated & ~covered, rgb)
        write_impostors(self._solid, shaded, np.where(covered | heated, 0.0, solid_r))
        write_impostors(self._faint, pale, faint_r)
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

    def _show_overlays(self, frame: Frame, visible: np.ndarray) -> None:
        walls = "walls" in frame.decorations
        self.walls.SetVisibility(walls)
        self.wall_labels.SetVisibility(walls)
        centres = self.lattice.centres
        # Meshes are rebuilt only when what they show changed (a hover redraws often).
        if frame.pointers and frame.pointers != self._drawn.get("pointers"):
            cones = [self._pointer_cone(p.site, p.direction) for p in frame.pointers]
            colours = [palette.POINTER_RGB.get(p.style, palette.EDGE_RGB) for p in frame.pointers]
            self.pointer_mesh.copy_from(pv.merge(coloured(cones, colours)))
        self._drawn["pointers"] = frame.pointers
        self.pointers.SetVisibility(bool(frame.pointers))
        region_key = (frame.regions, visible.tobytes() if frame.regions else b"")
        if region_key != self._drawn.get("regions"):
            self._drawn["regions"] = region_key
            cells = [(s, r.style) for r in frame.regions for s in r.sites if visible[s]]
            self.region_ids = np.array([s for s, _ in cells], dtype=np.int64)
            if cells:
                colours = [palette.REGION_RGB.get(style, palette.EDGE_RGB) for _, style in cells]
                self.region_mesh.copy_from(instances(CUBE, centres[self.region_ids], colours))
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
        self.xray_paths = rgb_actor(self.path_mesh, cells=True)
        self.xray_paths.GetProperty().SetOpacity(XRAY_OPACITY)
        self.xray_paths.SetVisibility(False)
        xray.AddActor(self.xray_paths)
        self._xray: vtkRenderer | None = xray
        self._xray_observer = self.plotter.renderer.AddObserver(
            "StartEvent", lambda ren, _e: xray.SetViewport(ren.GetViewport())
        )

    def _show_labels(self, frame: Frame) -> None:
        key = tuple((label.site, shown(label.text)) for label in frame.labels)
        if key == self._label_key:
            return
        if self.labels is not None:
            self.labels.close()
            self.labels = None
        self._label_key = key
        if key:  # on the screen, beyond the site's pointer cone, away from the middle
            lat = self.lattice
            spots = [
                (text, lat.centres[site] + out * LABEL_ANCHOR, out)
                for site, text in key
                for out in (outward(lat, self.centroid, site),)
            ]
            self.labels = ScreenLabels(self.plotter, spots, plate=palette.BACKGROUND)

    def _pointer_cone(self, site: int, direction: tuple[float, float] | None) -> pv.PolyData:
        """A cone outside ``site`` pointing at it (built pointing down, then turned)."""
        if direction is None:
            out = outward(self.lattice, self.centroid, site)
        else:
            out = np.array([*direction, 0.0])
        out = out / (np.linalg.norm(out) or 1.0)
        centre = self.lattice.centres[site] + out * POINTER_OUT
        points, tris = _CONE
        turned = centre + rotate_down_to(-out, points.astype(float))
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
        """Removed balls are gone at once (Pyraos's removals are the player's own clicks)."""
        return 0.0

    def advance(self, t: float) -> None:
        return None

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        """None: the points are named on the balls (hover, the legend), not beside."""
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
        spots = [
            lat.centres[site] + outward(lat, self.centroid, site) * LABEL_OUT
            for site in (int(lat.corner_ids[c]) for c in CORNERS)
        ]
        board = board_corners(lat)
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
            entry = ray_entry(near, direction, centres, radius)
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
        near, direction = ray
        return points_behind(self.lattice.centres, site, near, direction, BALL_RADIUS)

    def display_position(self, site: int) -> tuple[float, float]:
        """Where point ``site``'s centre appears, in display pixels (VTK's y axis, upwards)."""
        return to_display(self.plotter, self.lattice.centres[site])


# ---- what stands round the pyramid: the board, the edges, the walls --------------------


WALL_MARGIN = 0.6  # faces stand this far outside the outer balls' centres
BOARD_TOP = -0.42  # the board under the base: the base balls sit a little into its dimples
BOARD_THICKNESS = 0.2
BOARD_MARGIN = 0.8  # beyond the outer base points' centres
DIMPLE_RADIUS = 0.34
DIMPLE_RIM = 0.05  # the lighter ring round each dimple
BOARD_TEXELS = 128  # texels a unit of the board's top (its texture's dimples) at most
BOARD_TEXTURE_MAX = 2048  # texels along the board's top texture's longer side at most (12 MB)
WALL_LABEL_OUT = 1.9  # a side wall's name stands this far out from its base edge


def board_contacts(lat: PyramidLattice) -> np.ndarray:
    """Per point and contact, whether the board takes that contact (the 4 below a base
    ball; CONTACTS: 4 in plane, 4 below, 4 above)."""
    below = np.zeros(lat.neighbours.shape, dtype=bool)
    below[:, 4:8] = (lat.levels == 0)[:, None]
    return below


def pyramid_centre(lat: PyramidLattice) -> np.ndarray:
    """The middle of the pyramid's five corner balls (labels stand outward from it)."""
    corners = np.array([lat.centres[lat.corner_ids[c]] for c in CORNERS], float)
    centre: np.ndarray = corners.mean(axis=0)
    return centre


def board_corners(lat: PyramidLattice) -> list[tuple[float, float, float]]:
    """The board's eight corners (the camera frames them)."""
    base = lat.centres[lat.levels == 0]
    lo, hi = base.min(axis=0) - BOARD_MARGIN, base.max(axis=0) + BOARD_MARGIN
    return [
        (float(x), float(y), z)
        for x in (lo[0], hi[0])
        for y in (lo[1], hi[1])
        for z in (BOARD_TOP - BOARD_THICKNESS, BOARD_TOP)
    ]


def outward(lat: PyramidLattice, centroid: np.ndarray, site: int) -> np.ndarray:
    """The unit vector from the pyramid's centre ``centroid`` through ``site``."""
    out = lat.centres[site] - centroid
    norm = float(np.linalg.norm(out))
    return out / norm if norm > 1e-9 else np.array([0.0, 0.0, 1.0])


def wall_faces(
    lat: PyramidLattice, centroid: np.ndarray
) -> tuple[pv.PolyData, list[tuple[str, np.ndarray]]]:
    """The five walls as faces a little outside the outer balls, each in its colour, and
    where each wall's name stands (a Message: the window and each page say it in theirs).
    Made once a base (every window's and page's board), each caller given copies."""
    mesh, labels = _wall_faces(lat.n, tuple(map(float, centroid)))
    return mesh.copy(), [(name, spot.copy()) for name, spot in labels]


@functools.lru_cache(maxsize=4)
def _wall_faces(
    n: int, centre: tuple[float, ...]
) -> tuple[pv.PolyData, list[tuple[str, np.ndarray]]]:
    """:func:`wall_faces` of the base-``n`` pyramid, its labels standing out from ``centre``."""
    lat, centroid = lattice(n), np.array(centre)
    sw, se, nw, ne, ap = (lat.centres[lat.corner_ids[c]].astype(float) for c in CORNERS)
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
        if normal @ (middle - centroid) < 0:
            normal = -normal
        # out by the margin, and a little wider, so the face covers the outer balls
        shifted = middle + (poly - middle) * 1.12 + normal * WALL_MARGIN
        faces.append([len(poly), *range(len(points), len(points) + len(poly))])
        points.extend(shifted)
        colours.append(palette.WALL_RGB[wall.label])
        name = Message(wall.label)  # a word (the catalog's): said where it is drawn
        labels.append((name, _wall_label_spot(lat, centroid, wall, poly)))
    mesh = pv.PolyData(np.array(points), np.concatenate(faces))
    mesh.cell_data["rgb"] = np.array(colours, dtype=np.uint8)
    return mesh, labels


def _wall_label_spot(
    lat: PyramidLattice, centroid: np.ndarray, wall: Wall, poly: np.ndarray
) -> np.ndarray:
    """Where a wall's name stands: outside the pyramid, never over its balls. A side
    wall's beyond the middle of its base edge, on the board's level; the base's below
    the board's front-right edge."""
    if wall is Wall.BASE:  # under the front edge of the board, left of "south"
        lo = lat.centres.min(axis=0)
        hi = lat.centres.max(axis=0)
        x = lo[0] + 0.2 * (hi[0] - lo[0])
        return np.array([x, lo[1] - BOARD_MARGIN - 0.3, BOARD_TOP - BOARD_THICKNESS - 0.4])
    base_edge = poly[poly[:, 2] < 1e-6]  # the wall's corners on the base
    middle = base_edge.mean(axis=0)
    out = middle - centroid
    out[2] = 0.0
    out /= np.linalg.norm(out)
    spot: np.ndarray = middle + out * WALL_LABEL_OUT + np.array([0.0, 0.0, BOARD_TOP])
    return spot


def board_meshes(lat: PyramidLattice) -> tuple[pv.PolyData, pv.PolyData, vtkTexture]:
    """The board under the base: a wooden slab with a dark dimple under every base point
    (Pyraos's 4 x 4 board with its 16 holes; Partition's square board). Its top is one
    quad with the dimples in its texture: as many small triangles cost a fifth of a full
    pyramid's frame (all of Mesa's work on them, though the balls hide most of them).
    Made once a base (every window's board: 8 ms), each view given its own copies and
    texture (a texture is the GL context's; its picture is read only, shared)."""
    sides, top, image = _board_parts(lat.n)
    texture = vtkTexture()  # what pyvista's Texture of the picture set
    texture.SetInputDataObject(image)
    texture.SetColorModeToDirectScalars()
    texture.InterpolateOff()
    texture.MipmapOn()  # (a texel a pixel or so, whatever the zoom: cache-friendly)
    return sides.copy(), top.copy(), texture


@functools.lru_cache(maxsize=4)
def _board_parts(n: int) -> tuple[pv.PolyData, pv.PolyData, vtkImageData]:
    """The board's slab sides (their per-cell rgb their only array), its top and the
    top's picture, for the pyramid of base ``n``."""
    lat = lattice(n)
    base = lat.centres[lat.levels == 0]
    lo, hi = base.min(axis=0) - BOARD_MARGIN, base.max(axis=0) + BOARD_MARGIN
    slab = pv.Box(bounds=(lo[0], hi[0], lo[1], hi[1], BOARD_TOP - BOARD_THICKNESS, BOARD_TOP))
    slab = slab.triangulate()
    sides = slab.remove_cells(np.flatnonzero(slab.cell_normals[:, 2] > 0.5))  # the top
    sides.clear_data()  # (the ids of the cells and points kept: drawn by a plain actor)
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
    picture = _board_picture(base, lo, hi)
    image = pv.ImageData(dimensions=(picture.shape[1], picture.shape[0], 1))
    image.point_data["Image"] = picture.reshape(-1, 3)  # (read only: shared by every view)
    image.set_active_scalars("Image")
    return sides, top, image


def _board_picture(base: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
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
    image: np.ndarray = colours[kind]  # rows from y = lo, as VTK's image rows run
    return image


def pyramid_edges(lat: PyramidLattice) -> pv.PolyData:
    """The pyramid's eight edges through the corner balls' centres."""
    sw, se, nw, ne, ap = (lat.centres[lat.corner_ids[c]] for c in CORNERS)
    points = np.array([sw, se, ne, nw, ap], dtype=np.float32)
    lines = np.array([2, 0, 1, 2, 1, 2, 2, 2, 3, 2, 3, 0, 2, 0, 4, 2, 1, 4, 2, 2, 4, 2, 3, 4])
    return pv.PolyData(points, lines=lines)


# ---- the heat markers and the ghost pieces ---------------------------------------------


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
