"""An export's interactive 3D web page (:mod:`viewer.pictures.export`, ``.html``): the scene
serialized for vtk.js by trame-vtk and embedded, with vtk.js itself, in one self-contained
file that opens offline in any browser (drag to turn, scroll to zoom)."""

from __future__ import annotations

import io
import json
import zipfile
from typing import TYPE_CHECKING, Any

import numpy as np

from pyramid_lab.i18n import _, shown
from pyramid_lab.model.game import Game

from .render import ExportOptions, Scene

if TYPE_CHECKING:
    import pyvista as pv

    from ..lab.frame import Frame

#: Sphere mesh for impostor balls, which vtk.js cannot draw (a point-Gaussian mapper with
#: a sphere shader): each becomes a real sphere of this mesh.
_SPHERE_RESOLUTION = (20, 14)


def web_page(game: Game, options: ExportOptions, *, frame: Frame | None = None) -> str:
    """An HTML page showing the position in 3D with vtk.js (drag to turn, scroll to zoom),
    self-contained: vtk.js and the scene are inline, nothing is fetched when it opens."""
    with Scene(game, options.render) as scene:
        scene.draw(game, frame, caption="")
        scene.aim()
        scene.plotter.render()
        archive = _vtkjs_scene(scene.plotter)
    from trame_vtk.tools.vtksz2html import write_html

    page = io.StringIO()
    write_html(archive, page)
    title = options.title or game.title
    info = _("{title}: {status}").format(title=game.title, status=shown(scene.ui.status(game)))
    return _titled(page.getvalue(), title, info)


def _vtkjs_scene(plotter: pv.BasePlotter) -> bytes:
    """The plotter's 3D scene as vtk.js's OfflineLocalView archive (a zip of index.json),
    serialized by trame-vtk: what vtk.js cannot draw is replaced first (impostor balls by
    sphere meshes); text drawn over the picture is left out."""
    from trame_vtk.modules.vtk.serializers import (
        SynchronizationContext,
        extract_array_hash,
        initialize_serializers,
        reference_id,
        serialize,
        skip_light,
    )
    from vtkmodules.vtkRenderingCore import vtkRenderer, vtkRenderWindow

    source = plotter.renderer
    renderer = vtkRenderer()
    renderer.SetBackground(source.GetBackground())
    renderer.SetActiveCamera(source.GetActiveCamera())
    lights = source.GetLights()
    lights.InitTraversal()
    for _light in range(lights.GetNumberOfItems()):
        renderer.AddLight(lights.GetNextItem())
    renderer.SetAutomaticLightCreation(False)
    for actor in _web_actors(source):
        renderer.AddActor(actor)
    window = vtkRenderWindow()
    window.SetOffScreenRendering(True)
    window.SetSize(*plotter.window_size)
    window.AddRenderer(renderer)
    initialize_serializers()
    skip_light(False)  # pyvista's light kit, as the window lights the scene
    context = SynchronizationContext()
    scene = serialize(None, window, "1", context, 1)
    camera = renderer.GetActiveCamera()
    scene["extra"] = {
        "vtkRefId": reference_id(window),
        "centerOfRotation": camera.GetFocalPoint(),
        "camera": reference_id(camera),
    }
    hashes = {}
    for entry in extract_array_hash(scene):
        key = entry["hash"]
        hashes[key] = dict(**entry, content=context.get_cached_data_array(key, False))
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        text = json.dumps({"hashes": hashes, "scene": scene})
        zipped.writestr("index.json", text, compress_type=zipfile.ZIP_DEFLATED)
    return archive.getvalue()


def _web_actors(renderer: Any) -> list[Any]:
    """The renderer's visible 3D actors as vtk.js can draw them."""
    import pyvista as pv
    from vtkmodules.util.numpy_support import numpy_to_vtk
    from vtkmodules.vtkRenderingCore import vtkActor, vtkPolyDataMapper

    from ..boards.meshes import instances, template

    theta, phi = _SPHERE_RESOLUTION
    sphere = template(pv.Sphere(radius=1.0, theta_resolution=theta, phi_resolution=phi))
    actors = []
    collection = renderer.GetActors()
    collection.InitTraversal()
    for _actor in range(collection.GetNumberOfItems()):
        actor = collection.GetNextActor()
        mapper = actor.GetMapper()
        if not actor.GetVisibility() or mapper is None:
            continue
        if not mapper.IsA("vtkPointGaussianMapper"):
            actors.append(actor)
            continue
        data = pv.wrap(mapper.GetInput())
        if data is None or data.n_points == 0:
            continue
        radius = np.asarray(data.point_data[mapper.GetScaleArray()], dtype=float)
        rgb = np.asarray(data.point_data.active_scalars)[:, :3]
        shown = radius > 0
        if not shown.any():
            continue
        balls = instances(sphere, data.points[shown], rgb[shown], radius[shown])
        # A unit sphere's normals are its points: smooth shading without computing them.
        normals = numpy_to_vtk(np.tile(sphere[0], (int(shown.sum()), 1)), deep=True)
        normals.SetName("Normals")
        balls.GetPointData().SetNormals(normals)
        ball_mapper = vtkPolyDataMapper()
        ball_mapper.SetInputData(balls)
        ball_mapper.SetScalarModeToUseCellData()
        ball_mapper.SetColorModeToDirectScalars()
        ball_mapper.SelectColorArray("rgb")
        balls_actor = vtkActor()
        balls_actor.SetMapper(ball_mapper)
        balls_actor.GetProperty().SetOpacity(actor.GetProperty().GetOpacity())
        actors.append(balls_actor)
    return actors


def _titled(page: str, title: str, info: str) -> str:
    """The page with ``title`` as its title and a small caption over the scene."""
    from html import escape

    head = f"<title>{escape(title)} - Pyramid Lab</title>"
    start, end = page.find("<title>"), page.find("</title>")
    if start >= 0 and end > start:
        page = page[:start] + head + page[end + len("</title>") :]
    caption = (
        '<div style="position:fixed;top:8px;left:12px;z-index:10;font:14px sans-serif;'
        'color:#222;background:rgba(255,255,255,0.8);padding:4px 8px;pointer-events:none">'
        f"<b>{escape(title)}</b><br>{escape(info)}<br>"
        '<span style="color:#666">drag to turn, scroll to zoom</span></div>'
    )
    # vtk.js fills the element of class "content" (else the body, which it empties).
    viewer = '<div class="content" style="position:fixed;inset:0"></div>'
    at = page.find("<body>")
    if at >= 0:
        at += len("<body>")
        page = page[:at] + "\n" + viewer + "\n" + caption + page[at:]
    return page
