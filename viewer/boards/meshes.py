"""Many copies of one small mesh as a single PolyData, built with numpy: a redraw of
markers, stones or region cells costs milliseconds and one draw call. With them, what the
board views share to show them: actors and labels added and removed without a render, the
camera aimed, fitted and panned, and between display pixels and the world (the view ray
under a pixel, where a world point appears, the balls a ray passes: both scenes pick on the
CPU with these, so a picked id is a model id)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self, TypedDict

import numpy as np
import pyvista as pv
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkRenderingCore import vtkActor

from pyramid_lab.i18n import shown

from ..lab import palette
from .base import CameraViews, Copies, Spheres
from .impostors import flat_actor, keep_own_normals, plain, smooth_actor
from .labels import ScreenLabels

Template = tuple[np.ndarray, np.ndarray]  # points (n, 3), triangles (m, 3)
Vector = Sequence[float] | np.ndarray  # a point, a direction or an RGB colour
Vectors = Sequence[Vector] | np.ndarray


def template(mesh: pv.PolyData) -> Template:
    """A mesh as points and triangles, ready to copy."""
    tri = mesh.triangulate()
    return np.asarray(tri.points, dtype=np.float32), tri.faces.reshape(-1, 4)[:, 1:].copy()


def square_pyramid(half: float, height: float) -> pv.PolyData:
    """A square pyramid, its base ``2 * half`` wide on z = 0, its apex at ``height``."""
    h = half
    points = np.array([[-h, -h, 0], [h, -h, 0], [h, h, 0], [-h, h, 0], [0, 0, height]], float)
    faces = np.hstack([[4, 3, 2, 1, 0], [3, 0, 1, 4], [3, 1, 2, 4], [3, 2, 3, 4], [3, 3, 0, 4]])
    return pv.PolyData(points, faces)


def instances(
    shape: Template,
    offsets: Vectors,
    rgb: Vectors,
    scale: Vector | None = None,
) -> pv.PolyData:
    """Copies of ``shape`` moved to ``offsets`` (and scaled), one cell colour each."""
    points, tris = shape
    offsets = np.asarray(offsets, dtype=np.float32).reshape(-1, 3)
    k = len(offsets)
    if k == 0:
        return pv.PolyData()
    factor = np.ones(k, dtype=np.float32) if scale is None else np.asarray(scale, np.float32)
    pts = points[None, :, :] * factor[:, None, None] + offsets[:, None, :]
    ids = tris[None, :, :] + (np.arange(k) * len(points))[:, None, None]
    faces = np.concatenate([np.full((k * len(tris), 1), 3), ids.reshape(-1, 3)], axis=1)
    mesh = pv.PolyData(pts.reshape(-1, 3), faces.ravel())
    colours = np.asarray(rgb, dtype=np.float64).reshape(-1, 3).round().astype(np.uint8)
    mesh.cell_data["rgb"] = np.repeat(colours, len(tris), axis=0)
    # what the mesh is made of, for a front end that draws copies itself (:func:`copies_of`)
    mesh._copies = Copies(points, tris, offsets, np.broadcast_to(factor, (k,)).copy(), colours)
    return mesh


#: A pointer: a cone, its tip down (the flat boards' and the stepped pyramid's).
POINTER_CONE = template(pv.Cone(center=(0, 0, 0), direction=(0, 0, -1), height=0.45, radius=0.2))


def pointer_cone(where: Vector, style: str) -> pv.PolyData:
    """A pointer's cone at ``where``, in the colour of its ``style``."""
    return instances(POINTER_CONE, [where], [palette.POINTER_RGB.get(style, palette.EDGE_RGB)])


def past_the_edge(centre: Vector, direction: tuple[float, float] | None) -> np.ndarray:
    """Where a pointer past a square's edge stands (a piece falls there): ``direction``
    (x, y) out of the square at ``centre`` (None: to the front, -y), over the board."""
    out = np.array([*(direction or (0.0, -1.0)), 0.0])
    return np.asarray(centre) + out * 0.95 + (0, 0, 0.3)


def copies_of(mesh: pv.PolyData) -> Copies | None:
    """The shape and copies ``mesh`` was made of by :func:`instances` (None: another mesh,
    or one made of it: merged, copied)."""
    found = getattr(mesh, "_copies", None)
    return found if isinstance(found, Copies) else None


def join(parts: Sequence[pv.PolyData]) -> pv.PolyData:
    """One mesh of ``parts``, each triangles with a per-cell "rgb" array (as
    :func:`instances` makes them, or a triangulated tube given one), joined with numpy:
    ``pv.merge`` searched for shared points on every move (a long game of Rolling
    Pyramids' marks: about a millisecond a move, growing with the marks). Parts of any other
    kind are merged by pyvista, as before."""
    parts = [p for p in parts if p.n_points]
    if not parts:
        return pv.PolyData()
    if len(parts) == 1:
        return parts[0]
    tris = [_triangles(p) for p in parts]
    if any(t is None for t in tris):
        merged: pv.PolyData = pv.merge(parts)
        return merged
    starts = np.cumsum([0] + [p.n_points for p in parts[:-1]])
    ids = np.concatenate([t + start for t, start in zip(tris, starts, strict=True)])
    faces = np.concatenate([np.full((len(ids), 1), 3, dtype=ids.dtype), ids], axis=1)
    mesh = pv.PolyData(np.concatenate([np.asarray(p.points) for p in parts]), faces.ravel())
    mesh.cell_data["rgb"] = np.concatenate([np.asarray(p.cell_data["rgb"]) for p in parts])
    return mesh


def _triangles(mesh: pv.PolyData) -> np.ndarray | None:
    """``mesh``'s triangles as (m, 3) point ids, where it is only triangles with a per-cell
    "rgb" array and no other data; else None."""
    if (
        mesh.n_cells != mesh.GetPolys().GetNumberOfCells()
        or list(mesh.cell_data.keys()) != ["rgb"]
        or list(mesh.point_data.keys())
    ):
        return None
    faces = np.asarray(mesh.faces)
    if len(faces) != 4 * mesh.n_cells or not (faces[::4] == 3).all():
        return None
    return faces.reshape(-1, 4)[:, 1:]


def same_mesh(a: pv.PolyData, b: pv.PolyData) -> bool:
    """``a`` and ``b`` hold the same points, cells and arrays. A layer refilled with what
    it shows already is left as it is: a copy marks it changed, and the next render sends
    it to the GPU again (and computes a smooth layer's normals again), for every layer on
    every move; a long game's move grew with its marks and counters."""
    if a.n_points != b.n_points or a.n_cells != b.n_cells:
        return False
    if not np.array_equal(a.points, b.points):
        return False
    for kind in ("GetPolys", "GetLines", "GetVerts", "GetStrips"):
        ca, cb = getattr(a, kind)(), getattr(b, kind)()
        if ca.GetNumberOfCells() != cb.GetNumberOfCells():
            return False
        if ca.GetNumberOfCells() and not all(
            np.array_equal(vtk_to_numpy(x), vtk_to_numpy(y))
            for x, y in (
                (ca.GetConnectivityArray(), cb.GetConnectivityArray()),
                (ca.GetOffsetsArray(), cb.GetOffsetsArray()),
            )
        ):
            return False
    for da, db in ((a.cell_data, b.cell_data), (a.point_data, b.point_data)):
        names = sorted(da.keys())
        if names != sorted(db.keys()):
            return False
        if not all(np.array_equal(da[name], db[name]) for name in names):
            return False
    return True


class Still(TypedDict):
    pickable: bool
    reset_camera: bool
    render: bool


#: How a still actor is added: it never takes a click, and adding it neither renders nor
#: resets the camera (labels, still meshes, plain VTK actors).
STILL: Still = {"pickable": False, "reset_camera": False, "render": False}


def add_labels(
    plotter: pv.BasePlotter,
    labels: Sequence[tuple[str, Vector]],
    *,
    font_size: int = 14,
    rgb: tuple[int, int, int] = (50, 50, 50),
    always_visible: bool = False,
) -> Any:
    """Plain text labels (no box, no point) at world positions; not pickable."""
    return plotter.add_point_labels(
        np.array([p for _, p in labels], dtype=float),
        [text for text, _ in labels],
        font_size=font_size,
        text_color=rgb,
        shape=None,
        show_points=False,
        always_visible=always_visible,
        **STILL,
    )


def add_still_mesh(plotter: pv.BasePlotter, mesh: pv.PolyData, **style: Any) -> vtkActor:
    """An actor that never takes a click, added without a render or a camera reset; with
    ``scalars="rgb"`` its colours are the mesh's per-cell RGB (no scalar bar). A flat
    mesh in one colour, a texture or its per-cell RGB is added as a plain VTK actor that
    draws the same (:func:`flat_actor`), and one smooth shaded in its per-cell RGB
    (:func:`smooth_actor`); any other through pyvista (:func:`impostors.plain`)."""
    if plain(mesh, style):
        kept = {k: v for k, v in style.items() if k not in ("scalars", "smooth_shading")}
        actor = (smooth_actor if style.get("smooth_shading") else flat_actor)(mesh, **kept)
        add_actor(plotter, actor)
        return actor
    if style.get("scalars") == "rgb":
        style.setdefault("rgb", True)
    if "scalars" in style:
        style.setdefault("show_scalar_bar", False)
    added: vtkActor = plotter.add_mesh(mesh, **STILL, **style)
    return added


# pyvista's Plotter forwards add_actor, remove_actor, view_vector and reset_camera to its
# renderers through methods decorated with functools.wraps(Renderer.<method>), which a type
# checker reads as the unbound Renderer method (it wants a plotter as the first argument).
# These do what those wrappers do, through the plotter's typed renderers.


def add_actor(plotter: pv.BasePlotter, actor: Any) -> None:
    """Add a plain VTK actor that never takes a click, without a render or a camera reset."""
    plotter.renderer.add_actor(actor, **STILL)


def remove_actor(plotter: pv.BasePlotter, actor: Any) -> None:
    """Take an actor (or the one of that name) out of every renderer, without a render."""
    for renderer in plotter.renderers:
        renderer.remove_actor(actor, render=False)


def aim_camera(plotter: pv.BasePlotter, direction: Sequence[float], up: Sequence[float]) -> None:
    """Look along ``direction`` with ``up`` up, without a render: only the camera's
    direction is set (from ``direction`` towards the origin), for :func:`fit_camera` to
    place it. pyvista's ``view_vector`` also centred and backed the camera off over the
    bounds of every actor (computed twice, in Python: 2.5 ms a view), which
    :func:`fit_camera` then overwrote."""
    renderer = plotter.renderer
    camera = renderer.GetActiveCamera()
    camera.SetFocalPoint(0.0, 0.0, 0.0)
    camera.SetPosition(*map(float, direction))
    camera.SetViewUp(*map(float, up))
    renderer.camera_set = True  # (as view_vector left it: pyvista resets no camera set)


def fit_camera(
    plotter: pv.BasePlotter, points: Vectors, radius: float = 0.0, margin: float = 0.04
) -> None:
    """Aim the camera, along the direction it has, so that ``points`` (each grown by
    ``radius``, as a ball's silhouette is) fill the picture: centred both ways, the longer
    way to within ``margin`` of the edge. A bounding box or sphere leaves the picture's top
    empty over a pyramid (its top corners are air); this frames what is drawn. Nothing is
    rendered here: whoever shows the picture draws it (a window at its next paint, once
    however many framings came before; a render here drew every framing at once, and the
    paint drew it again)."""
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    lo, hi = pts.min(axis=0) - radius, pts.max(axis=0) + radius
    renderer = plotter.renderer
    renderer.reset_camera(render=False, bounds=(lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]))
    camera = renderer.GetActiveCamera()
    width, height = renderer.GetSize()
    aspect = width / height if width > 0 and height > 0 else 4 / 3
    homogeneous = np.column_stack([pts, np.ones(len(pts))])
    for _ in range(6):
        position = np.array(camera.GetPosition())
        forward = np.array(camera.GetDirectionOfProjection())
        matrix = camera.GetCompositeProjectionTransformMatrix(aspect, -1, 1)
        m = np.array([[matrix.GetElement(i, j) for j in range(4)] for i in range(4)])
        clip = homogeneous @ m.T
        w = clip[:, 3:4]
        ndc = clip[:, :2] / w
        # a ball's radius on screen, at its depth: the half-height of the view there is
        # (depth * tan(angle / 2)), and ndc runs from -1 to 1 over it
        half = np.tan(np.radians(camera.GetViewAngle()) / 2)
        depth = (pts - position) @ forward
        grow = radius / np.maximum(depth * half, 1e-9)
        x_lo, x_hi = (ndc[:, 0] - grow / aspect).min(), (ndc[:, 0] + grow / aspect).max()
        y_lo, y_hi = (ndc[:, 1] - grow).min(), (ndc[:, 1] + grow).max()
        centre = np.array([(x_lo + x_hi) / 2, (y_lo + y_hi) / 2])
        scale = max((x_hi - x_lo) / 2, (y_hi - y_lo) / 2) / (1 - margin)
        if abs(centre).max() < 1e-3 and abs(scale - 1) < 1e-3:
            break
        pan_camera(camera, aspect, (centre[0], centre[1]))
        camera.Dolly(1 / scale)
    renderer.ResetCameraClippingRange()


def pan_camera(camera: Any, aspect: float, centre: tuple[float, float]) -> None:
    """Move ``camera`` (a vtkCamera) in its view plane, its position and focal point
    together, so that what the picture shows at ``centre`` (normalised device coordinates,
    -1 to 1 each way) comes to the picture's centre; ``aspect``: the picture's width over
    its height."""
    position = np.array(camera.GetPosition())
    focal = np.array(camera.GetFocalPoint())
    forward = focal - position
    distance = float(np.linalg.norm(forward))
    forward /= distance
    up = np.array(camera.GetViewUp(), dtype=float)
    right = np.cross(forward, up)
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    half = distance * np.tan(np.radians(camera.GetViewAngle()) / 2)
    shift = half * (centre[0] * aspect * right + centre[1] * up)
    camera.SetFocalPoint(*(focal + shift))
    camera.SetPosition(*(position + shift))


def view_ray(plotter: pv.BasePlotter, x: float, y: float) -> tuple[np.ndarray, np.ndarray]:
    """The ray under display pixel (x, y) (VTK's y axis, upwards): its start on the near
    plane and its unit direction."""
    renderer = plotter.renderer
    points = []
    for depth in (0.0, 1.0):
        renderer.SetDisplayPoint(x, y, depth)
        renderer.DisplayToWorld()
        wx, wy, wz, w = renderer.GetWorldPoint()
        points.append(np.array([wx, wy, wz]) / (w or 1.0))
    direction = points[1] - points[0]
    return points[0], direction / np.linalg.norm(direction)


def to_display(plotter: pv.BasePlotter, point: np.ndarray) -> tuple[float, float]:
    """Where world ``point`` appears, in display pixels (VTK's y axis, upwards)."""
    renderer = plotter.renderer
    renderer.SetWorldPoint(*point, 1.0)
    renderer.WorldToDisplay()
    x, y, _ = renderer.GetDisplayPoint()
    return x, y


def points_behind(
    centres: np.ndarray, site: int, near: np.ndarray, direction: np.ndarray, radius: float
) -> list[int]:
    """The points whose ball (of ``radius``) the view ray from ``near`` along unit
    ``direction`` passes through beyond point ``site``'s, nearest first (the window's pick
    and the page's)."""
    entry = ray_entry(near, direction, centres, np.full(len(centres), radius))
    front = entry[site]
    if not math.isfinite(front):
        return []
    later = [int(p) for p in np.argsort(entry) if math.isfinite(entry[p]) and entry[p] > front]
    return [p for p in later if p != site]


def ray_entry(
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


_OUT_OF_SIGHT: dict[int, tuple[Template, pv.PolyData]] = {}


def _out_of_sight(shape: Template) -> pv.PolyData:
    """One ``shape`` out of sight, a layer's mesh until its first frame: made once a shape
    (a board builds five to eight layers at each window and New game), each layer given a
    copy, which ``MeshActors._set`` refills."""
    made = _OUT_OF_SIGHT.get(id(shape))
    if made is None or made[0] is not shape:
        made = _OUT_OF_SIGHT[id(shape)] = (shape, instances(shape, [(0, 0, -10)], [(0, 0, 0)]))
    return made[1]


class MeshActors:
    """A board's actors by name, each drawing a mesh of its own that ``_set`` refills (an
    empty mesh hides the actor); ``close`` takes them all out of the plotter.

    A view made by :meth:`meshes_only` has no plotter: ``show`` keeps each layer's mesh
    (:attr:`_meshes`, read with :meth:`layer_meshes`) and the frame's labels
    (:attr:`label_spots`), ``pick_ray`` picks, and nothing is drawn (the classroom sends
    the meshes to a browser, which draws them)."""

    plotter: pv.BasePlotter
    actors: dict[str, Any]
    _meshes: dict[str, pv.PolyData]
    headless: bool = False
    #: Headless: the frame's labels as (text, the point in the scene they stand over).
    label_spots: list[tuple[str, tuple[float, ...]]]
    level_count: int  # levels the view dock's level range offers
    #: The board's own camera presets, over palette.VIEWS (none by default).
    views: ClassVar[CameraViews] = {}
    _smooth: frozenset[str] = frozenset()  # the layers drawn smooth shaded

    @classmethod
    def meshes_only(cls, board: Any) -> Self:
        """The view of ``board`` without a plotter (see the class)."""
        view = cls.__new__(cls)
        view.headless = True
        view.label_spots = []
        view._start(board)
        return view

    def _start(self, board: Any) -> None:
        """Set the view's state for ``board`` (no plotter is used)."""
        raise NotImplementedError

    def still_meshes(self) -> dict[str, pv.PolyData]:
        """The board's parts no frame changes (its ground, fixed pyramids), each with a
        per-cell ``rgb`` array, as the window draws them."""
        raise NotImplementedError

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        """The board's own names (columns, rows, hexes) and where they stand."""
        raise NotImplementedError

    def layer_meshes(self) -> dict[str, pv.PolyData]:
        """Headless: the meshes the last ``show`` drew, by layer (empty ones left out)."""
        return {name: mesh for name, mesh in self._meshes.items() if mesh.n_points}

    def layer_spheres(self) -> dict[str, Spheres]:
        """Headless: the balls drawn as spheres (none: these boards draw meshes only)."""
        return {}

    def pick_ray(self, near: np.ndarray, direction: np.ndarray) -> int | None:
        """The shown site the view ray from ``near`` along unit ``direction`` meets."""
        raise NotImplementedError

    def behind(self, site: int) -> list[int]:
        """No site hides behind another on these boards (see ``BoardView.behind``)."""
        return []

    def behind_ray(self, site: int, near: np.ndarray, direction: np.ndarray) -> list[int]:
        """None here either (see ``BoardMeshes.behind_ray``)."""
        return []

    def _add_layer(
        self, name: str, opacity: float, smooth: bool, placeholder: Template, **style: Any
    ) -> None:
        """An actor for per-vertex RGB instances (``instances``); its mesh starts as one
        ``placeholder`` out of sight, and ``_set`` refills it. ``style``: more of
        ``add_mesh``'s keywords (edges)."""
        mesh = _out_of_sight(placeholder).copy()
        self._meshes[name] = mesh
        if smooth:
            self._smooth = self._smooth | {name}
        self.actors[name] = add_still_mesh(
            self.plotter,
            mesh,
            scalars="rgb",
            opacity=opacity,
            smooth_shading=smooth,
            **style,
        )

    frame_labels: ScreenLabels | None = None

    def close(self) -> None:
        for actor in self.actors.values():
            remove_actor(self.plotter, actor)
        self.actors.clear()
        if self.frame_labels is not None:
            self.frame_labels.close()
            self.frame_labels = None

    def _show_labels(self, frame: Any, spot: Callable[[int], Sequence[float]], count: int) -> None:
        """Frame.labels on the screen just above ``spot(site)`` (over the scene, inside
        the picture, apart), rebuilt only when they change."""
        if self.headless:  # (each page says the labels in its language: kept as made)
            labels = [(lb.site, lb.text) for lb in frame.labels if 0 <= lb.site < count]
            self.label_spots = [(text, tuple(map(float, spot(site)))) for site, text in labels]
            return
        key = tuple((lb.site, shown(lb.text)) for lb in frame.labels if 0 <= lb.site < count)
        if key == getattr(self, "_label_key", ()):
            return
        self._label_key = key
        spots = [(text, spot(site), None) for site, text in key]
        if self.frame_labels is not None:
            self.frame_labels.set_labels(spots)  # (the unchanged texts keep their actors)
        elif key:
            self.frame_labels = ScreenLabels(
                self.plotter, spots, font_size=13, rgb=(20, 20, 20), plate=(250, 251, 253)
            )

    def _set(self, name: str, mesh: pv.PolyData) -> None:
        if self.headless:
            self._meshes[name] = mesh
            return
        actor = self.actors[name]
        if mesh.n_points == 0:
            actor.SetVisibility(False)
            return
        if not same_mesh(self._meshes[name], mesh):  # (else nothing is built or sent again)
            self._meshes[name].copy_from(mesh)
            if name in self._smooth:
                keep_own_normals(actor, self._meshes[name])
        actor.SetVisibility(True)
