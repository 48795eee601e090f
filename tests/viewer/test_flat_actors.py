"""The board views add their flat meshes and sphere impostors as plain VTK actors
(``flat_actor``, ``impostor_actor``), not through pyvista's ``add_mesh`` (its keyword
handling cost about 2 ms a mesh, at every window and New game). They must draw what
``add_mesh`` drew: each setting that decides a pixel is the same as pyvista's, so that a
pyvista whose defaults change fails here, not in a picture."""

from __future__ import annotations

import numpy as np
import pytest

#: The property's settings that decide a pixel.
PROPERTY = (
    *("GetRepresentation", "GetInterpolation", "GetPointSize", "GetLineWidth"),
    *("GetAmbient", "GetDiffuse", "GetSpecular", "GetSpecularPower", "GetLighting"),
    *("GetColor", "GetAmbientColor", "GetDiffuseColor", "GetSpecularColor", "GetOpacity"),
    *("GetEdgeVisibility", "GetEdgeColor", "GetBackfaceCulling", "GetRenderPointsAsSpheres"),
    *("GetShading", "GetEmissiveFactor", "GetVertexVisibility"),
)
#: The mapper's settings that decide a pixel (the scalar mode aside: by name here).
MAPPER = ("GetScalarVisibility", "GetColorMode", "GetInterpolateScalarsBeforeMapping")


def settings(obj, names):
    return {name: getattr(obj, name)() for name in names}


def rgb_mesh():
    import pyvista as pv

    from pyramid_lab.viewer.boards.meshes import instances, template

    return instances(template(pv.Cube()), [(0, 0, 0), (2, 0, 0)], [(10, 20, 30), (200, 0, 9)])


@pytest.mark.parametrize(
    "style",
    [
        {"scalars": "rgb"},
        {"scalars": "rgb", "opacity": 0.4, "ambient": 0.35},
        {"scalars": "rgb", "show_edges": True, "edge_color": (60, 70, 80), "line_width": 1},
        {"color": (10, 20, 30)},
        {"color": (0.1, 0.2, 0.3), "opacity": 0.3, "line_width": 2},
    ],
)
def test_a_flat_actor_is_set_as_add_mesh_sets_it(plotter, style):
    from pyramid_lab.viewer.boards.impostors import flat_actor

    mesh = rgb_mesh()
    rgb = {"rgb": True, "show_scalar_bar": False} if "scalars" in style else {}
    theirs = plotter.add_mesh(mesh.copy(), pickable=False, render=False, **style, **rgb)
    ours = flat_actor(mesh, **{k: v for k, v in style.items() if k != "scalars"})
    assert settings(ours.GetProperty(), PROPERTY) == settings(theirs.GetProperty(), PROPERTY)
    assert settings(ours.GetMapper(), MAPPER) == settings(theirs.mapper, MAPPER)
    assert ours.GetPickable() == theirs.GetPickable() == 0


def test_an_impostor_actor_is_set_as_add_mesh_sets_it(plotter):
    from pyramid_lab.viewer.boards.impostors import impostor_actor, impostors

    poly = impostors(np.zeros((3, 3), dtype=np.float32))
    theirs = plotter.add_mesh(
        poly.copy(),
        style="points_gaussian",
        render_points_as_spheres=True,
        scalars="rgba",
        rgba=True,
        emissive=False,
        pickable=False,
        render=False,
    )
    ours = impostor_actor(poly)
    assert settings(ours.GetProperty(), PROPERTY) == settings(theirs.GetProperty(), PROPERTY)
    names = (*MAPPER, "GetSplatShaderCode", "GetEmissive")
    assert settings(ours.GetMapper(), names) == settings(theirs.mapper, names)
    assert ours.GetMapper().GetClassName() == theirs.mapper.GetClassName()


def test_only_flat_plain_meshes_skip_pyvista():
    """Smooth, textured or otherwise styled meshes, empty ones (pyvista refuses them,
    and says so) and meshes with arrays other than a per-cell uint8 rgb go to pyvista."""
    from pyramid_lab.viewer.boards.meshes import _flat

    mesh = rgb_mesh()
    assert _flat(mesh, {"scalars": "rgb", "smooth_shading": False, "opacity": 0.5})
    assert _flat(mesh, {"color": (1, 2, 3), "line_width": 2})
    assert not _flat(mesh, {"scalars": "rgb", "smooth_shading": True})
    assert not _flat(mesh, {"scalars": "rgb", "texture": object()})
    assert not _flat(mesh, {"color": (1, 2, 3), "scalars": "rgb"})
    assert not _flat(mesh, {})
    floats = mesh.copy()
    floats.cell_data["rgb"] = np.asarray(floats.cell_data["rgb"], dtype=float)
    assert not _flat(floats, {"scalars": "rgb"})
    pointed = mesh.copy()
    pointed.point_data["w"] = np.zeros(pointed.n_points)
    assert not _flat(pointed, {"scalars": "rgb"})
    empty = type(mesh)()
    assert not _flat(empty, {"color": (1, 2, 3)})
