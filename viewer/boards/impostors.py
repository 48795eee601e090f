"""Sphere impostors and plain VTK actors for the ball pyramid's views: a PolyData of
points with an RGBA colour and a radius each (VTK's point-Gaussian mapper draws each as a
shaded sphere; radius 0 hides it), written in place; meshes coloured per cell; a shape
turned to point along a direction. And the GLSL effects they are drawn with, from the
top-level ``shaders/`` folder (package data), loaded by name and injected at VTK's
``//VTK::`` tags. The replacement always begins with the tag itself, so VTK's default code
for that tag is kept (dropping it would silently lose lighting, clipping or picking)."""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path
from typing import Any

import numpy as np
import pyvista as pv
from vtkmodules.util.numpy_support import numpy_to_vtk
from vtkmodules.vtkCommonCore import VTK_ID_TYPE, VTK_UNSIGNED_CHAR, vtkPoints
from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData
from vtkmodules.vtkFiltersCore import vtkPolyDataNormals
from vtkmodules.vtkRenderingCore import (
    vtkActor,
    vtkDataSetMapper,
    vtkMapper,
    vtkPointGaussianMapper,
    vtkPolyDataMapper,
    vtkTexture,
)


def rgb_actor(mesh: pv.PolyData, *, cells: bool = False) -> vtkActor:
    """A plain VTK actor (pyvista will not add an empty mesh) drawing ``mesh`` in its
    "rgb" array, per point or per cell, as given."""
    mapper = vtkPolyDataMapper()
    mapper.SetInputData(mesh)
    _coloured_by(mapper, "rgb", cells=cells)
    actor = vtkActor()
    actor.SetMapper(mapper)
    return actor


def _coloured_by(mapper: vtkMapper, array: str, *, cells: bool) -> None:
    """``mapper`` colours each point (or cell) by its colour in ``array`` as it is (no
    colour table), the array found by its name (a refill resets the active array)."""
    if cells:
        mapper.SetScalarModeToUseCellFieldData()
    else:
        mapper.SetScalarModeToUsePointFieldData()
    mapper.SelectColorArray(array)
    mapper.SetColorModeToDirectScalars()
    mapper.ScalarVisibilityOn()


#: Each splat a shaded disc, its colour darker towards the rim (pyvista's circular splat,
#: what ``add_mesh(style="points_gaussian", render_points_as_spheres=True)`` sets).
ROUND_SPLAT = """//VTK::Color::Impl
float dist = dot(offsetVCVSOutput.xy,offsetVCVSOutput.xy);
if (dist > 1.0) {
  discard;
} else {
  float scale = (1.0 - dist);
  ambientColor *= scale;
  diffuseColor *= scale;
}
"""


def impostor_actor(poly: pv.PolyData) -> vtkActor:
    """A plain VTK actor drawing :func:`impostors` ``poly`` as spheres: each point in its
    "rgba" colour, its "radius" wide. It draws what pyvista's ``add_mesh`` with the
    points-Gaussian style drew (the same mapper and property settings), at a fraction of
    its cost: a ball pyramid's board has eleven of these, built at each window and New
    game."""
    mapper = vtkPointGaussianMapper()
    mapper.SetInputData(poly)
    _coloured_by(mapper, "rgba", cells=False)
    mapper.InterpolateScalarsBeforeMappingOn()
    mapper.SetSplatShaderCode(ROUND_SPLAT)
    mapper.SetScaleArray("radius")
    mapper.SetScaleFactor(1.0)
    mapper.SetEmissive(False)
    actor = vtkActor()
    actor.SetMapper(mapper)
    actor.PickableOff()
    prop = actor.GetProperty()  # pyvista's default style for points
    prop.SetRepresentationToPoints()
    prop.SetInterpolationToFlat()
    prop.SetPointSize(5.0)
    prop.SetSpecularPower(100.0)
    prop.SetColor(*_THEME_RGB)  # (unseen under the rgba array)
    return actor


def flat_actor(
    mesh: pv.PolyData,
    *,
    color: tuple[float, float, float] | None = None,
    opacity: float = 1.0,
    ambient: float = 0.0,
    show_edges: bool = False,
    edge_color: tuple[float, float, float] = (0, 0, 0),
    line_width: float = 1.0,
    texture: vtkTexture | None = None,
) -> vtkActor:
    """A plain VTK actor drawing ``mesh`` flat shaded, in ``color``, in ``texture`` (on
    white) or (both None) in its per-cell "rgb" array: the mapper and property pyvista's
    ``add_mesh(mesh, color=...)``, ``add_mesh(mesh, texture=...)`` or ``add_mesh(mesh,
    scalars="rgb", rgb=True)`` set (its default theme's lighting),
    without its keyword handling and wrappers (about 2 ms a mesh; a board has five to
    ten, built at each window and New game)."""
    mapper = vtkDataSetMapper()
    mapper.SetInputData(mesh)
    mapper.InterpolateScalarsBeforeMappingOn()
    if texture is not None:
        color = (1.0, 1.0, 1.0)
    if color is None:
        _coloured_by(mapper, "rgb", cells=True)
    else:
        mapper.ScalarVisibilityOff()
    actor = vtkActor()
    actor.SetMapper(mapper)
    actor.PickableOff()
    if texture is not None:
        actor.SetTexture(texture)
    prop = actor.GetProperty()
    prop.SetInterpolationToFlat()
    prop.SetPointSize(5.0)
    prop.SetSpecularPower(100.0)
    prop.SetColor(*(_THEME_RGB if color is None else pv.Color(color).float_rgb))
    prop.SetOpacity(float(opacity))
    prop.SetAmbient(float(ambient))
    prop.SetEdgeVisibility(bool(show_edges))
    prop.SetEdgeColor(*pv.Color(edge_color).float_rgb)
    prop.SetLineWidth(float(line_width))
    return actor


def smooth_actor(mesh: pv.PolyData, **style: Any) -> vtkActor:
    """A plain VTK actor drawing ``mesh`` smooth shaded in its per-cell "rgb" array: what
    pyvista's ``add_mesh(mesh, scalars="rgb", rgb=True, smooth_shading=True)`` drew, its
    point normals computed by :func:`point_normals` where pyvista ran a Python algorithm
    (at each change of the mesh) to compute the same; ``style``: :func:`flat_actor`'s
    keywords, as ``add_still_mesh`` hands them on once :func:`plain` has read them."""
    actor = flat_actor(mesh, **style)
    normals = point_normals(mesh)  # (held here while the mapper takes its port)
    actor.GetMapper().SetInputConnection(normals.GetOutputPort())
    actor.GetProperty().SetInterpolationToPhong()
    return actor


def point_normals(mesh: pv.PolyData) -> vtkPolyDataNormals:
    """A filter giving ``mesh`` with point normals, as pyvista's smooth shading computes
    them (``compute_normals(cell_normals=False)``: its settings, VTK's own defaults)."""
    normals = vtkPolyDataNormals()
    normals.SetComputeCellNormals(False)
    normals.SetComputePointNormals(True)
    normals.SetSplitting(False)
    normals.SetFlipNormals(False)
    normals.SetConsistency(True)
    normals.SetAutoOrientNormals(False)
    normals.SetNonManifoldTraversal(True)
    normals.SetFeatureAngle(30.0)
    normals.SetInputData(mesh)
    return normals


def keep_own_normals(actor: vtkActor, mesh: pv.PolyData) -> None:
    """A :func:`smooth_actor`'s mesh refilled: drawn with its own point normals where it
    has them (a tube's), as pyvista's smooth shading kept them, else with those computed."""
    mapper = actor.GetMapper()
    if mesh.GetPointData().GetNormals() is not None:
        mapper.SetInputDataObject(mesh)
    elif not isinstance(mapper.GetInputAlgorithm(), vtkPolyDataNormals):
        normals = point_normals(mesh)
        mapper.SetInputConnection(normals.GetOutputPort())


#: The styles :func:`flat_actor` and :func:`smooth_actor` draw as ``add_mesh`` did.
_FLAT_STYLE = frozenset(
    {"color", "scalars", "opacity", "ambient", "show_edges", "edge_color", "line_width", "texture"}
)


def plain(mesh: pv.PolyData, style: dict[str, Any]) -> bool:
    """Whether :func:`flat_actor` or :func:`smooth_actor` draws ``mesh`` in ``style``
    (``add_mesh``'s keywords) as ``add_mesh`` did: ``style`` asks for no more than
    :data:`_FLAT_STYLE`, flat shaded in one colour or a texture (``mesh`` has its
    coordinates) or flat or smooth shaded in ``mesh``'s per-cell uint8 "rgb" array (its
    only array); ``mesh`` is not empty (pyvista refuses it, and says so)."""
    if not set(style) <= _FLAT_STYLE | {"smooth_shading"} or not mesh.n_points:
        return False
    smooth = bool(style.get("smooth_shading"))
    if "texture" in style:  # (pyvista refuses a mesh without texture coordinates)
        alone = not smooth and not {"color", "scalars"} & set(style)
        return alone and mesh.GetPointData().GetTCoords() is not None
    if "color" in style:
        return "scalars" not in style and not smooth
    if style.get("scalars") != "rgb" or mesh.GetPointData().GetNumberOfArrays():
        return False
    rgb = mesh.GetCellData().GetAbstractArray("rgb")  # (VTK's: pyvista's wrappers cost more)
    kind = (rgb.GetDataType(), rgb.GetNumberOfComponents()) if rgb is not None else ()
    return kind == (VTK_UNSIGNED_CHAR, 3)


#: pyvista's default theme's colour of a mesh ("lightblue"; unseen under the rgb array).
_THEME_RGB = (0.6784313725490196, 0.8470588235294118, 0.9019607843137255)


def impostors(centres: np.ndarray) -> pv.PolyData:
    """A point per centre (float32), each hidden (radius 0) until written: what
    ``pv.PolyData(centres)`` with its "rgba" and "radius" arrays made (a vertex cell a
    point, "rgba" the active scalars), built in VTK (a ball pyramid's board makes eleven,
    and a frame one a rim: pyvista's wrappers cost twice what VTK does)."""
    count = len(centres)
    poly = vtkPolyData()
    points = vtkPoints()
    points.SetData(numpy_to_vtk(np.ascontiguousarray(centres, np.float32), deep=True))
    poly.SetPoints(points)
    verts = vtkCellArray()
    verts.SetData(1, numpy_to_vtk(np.arange(count), deep=True, array_type=VTK_ID_TYPE))
    poly.SetVerts(verts)
    data = poly.GetPointData()
    for name, zeros in (
        ("rgba", np.zeros((count, 4), dtype=np.uint8)),
        ("radius", np.zeros(count, dtype=np.float32)),
    ):
        array = numpy_to_vtk(zeros, deep=True)
        array.SetName(name)
        data.AddArray(array)
    data.SetActiveScalars("rgba")
    return pv.PolyData(poly, deep=False)


def write_impostors(poly: pv.PolyData, rgb: np.ndarray, radius: np.ndarray) -> None:
    """Every point of ``poly`` in its colour and radius (0 hides it), in place."""
    rgba = np.asarray(poly.point_data["rgba"])  # views of the VTK arrays, marked below
    rgba[:, :3] = rgb
    rgba[:, 3] = 255
    np.asarray(poly.point_data["radius"])[:] = radius
    data = poly.GetPointData()
    data.GetArray("rgba").Modified()
    data.GetArray("radius").Modified()
    poly.Modified()


def coloured(meshes: list[pv.PolyData], colours: list[tuple[int, int, int]]) -> list[pv.PolyData]:
    """Each mesh in its colour (per cell), in place."""
    for mesh, colour in zip(meshes, colours, strict=True):
        mesh.cell_data["rgb"] = np.tile(np.array(colour, np.uint8), (mesh.n_cells, 1))
    return meshes


def rotate_down_to(direction: np.ndarray, vectors: np.ndarray) -> np.ndarray:
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


# ---- the GLSL effects ------------------------------------------------------------------

#: The folder of the GLSL: the package ``pyramid_lab.shaders`` (its files are package data, so
#: a wheel carries them; pyproject.toml).
SHADER_DIR = Path(str(files("pyramid_lab.shaders")))


@functools.cache
def load_shader(name: str) -> str:
    """The text of ``shaders/<name>.glsl`` (FileNotFoundError naming the folder)."""
    path = SHADER_DIR / f"{name}.glsl"
    if not path.is_file():
        raise FileNotFoundError(f"no shader {name!r} in {SHADER_DIR}")
    return path.read_text(encoding="utf-8")


def add_fragment_effect(
    actor: Any,
    name: str,
    *,
    tag: str = "//VTK::Light::Impl",
    uniforms: dict[str, tuple[float, float, float]] | None = None,
) -> None:
    """Run ``shaders/<name>.glsl`` after VTK's own code at ``tag`` in the fragment shader.
    ``uniforms`` are vec3 custom uniforms (VTK declares them in the shader)."""
    prop = actor.GetShaderProperty()
    prop.AddFragmentShaderReplacement(tag, True, f"{tag}\n{load_shader(name)}", False)
    custom = prop.GetFragmentCustomUniforms()
    for key, value in (uniforms or {}).items():
        custom.SetUniform3f(key, list(value))


def sphere_depth_terms(renderer: Any) -> tuple[float, float, float, float]:
    """``sphereDepth`` for shaders/sphere_depth.glsl: the depth terms a and b of the active
    camera's view-to-clip matrix (clip z = a * z + b), its y scale and the viewport's
    height in pixels."""
    camera = renderer.GetActiveCamera()
    m = camera.GetProjectionTransformMatrix(renderer)
    corner = m.GetElement(2, 3) + m.GetElement(3, 2)  # b, and -1 when perspective
    b = corner if camera.GetParallelProjection() else corner + 1.0
    return (m.GetElement(2, 2), b, m.GetElement(1, 1), float(renderer.GetSize()[1]))


def tight_splats(mapper: Any) -> None:
    """Draw each of a point-Gaussian mapper's splats as the triangle round its unit disc.
    VTK's default triangle bounds a disc three radii wide (a Gaussian's tail); an impostor
    sphere ends at one radius, so that triangle (nine times this one's area) was shaded in
    full only for 94 % of its pixels to be discarded. (VTK's method is ``SetBoundScale`` in
    recent versions, ``SetTriangleScale`` in older ones; a VTK with neither keeps its
    default, slower and drawn the same.)"""
    for name in ("SetBoundScale", "SetTriangleScale"):
        setter = getattr(mapper, name, None)
        if setter is not None:
            setter(1.0)
            return


def add_sphere_depth(actor: Any) -> None:
    """Impostor spheres of ``actor`` write their true depth (shaders/sphere_depth.glsl);
    :func:`set_sphere_depth` must run before each render."""
    prop = actor.GetShaderProperty()
    tag = "//VTK::Depth::Impl"
    prop.AddFragmentShaderReplacement(tag, True, f"{tag}\n{load_shader('sphere_depth')}", False)
    prop.GetFragmentCustomUniforms().SetUniform4f("sphereDepth", [-1.0, -1.0, 1.0, 1.0])


def set_sphere_depth(actors: Any, renderer: Any) -> None:
    """Update ``sphereDepth`` of the actors from the renderer's camera and size."""
    terms = list(sphere_depth_terms(renderer))
    for actor in actors:
        actor.GetShaderProperty().GetFragmentCustomUniforms().SetUniform4f("sphereDepth", terms)
