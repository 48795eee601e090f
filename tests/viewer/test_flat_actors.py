"""The board views add their flat and smooth meshes and sphere impostors as plain VTK
actors (``flat_actor``, ``smooth_actor``, ``impostor_actor``), not through pyvista's
``add_mesh`` (its keyword handling cost about 2 ms a mesh, at every window and New game).
They must draw what ``add_mesh`` drew: each setting that decides a pixel is the same as
pyvista's, so that a pyvista whose defaults change fails here, not in a picture."""

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


def smooth_input(actor):
    """What ``actor``'s mapper draws, its pipeline brought up to date."""
    mapper = actor.GetMapper()
    mapper.Update()
    return mapper.GetInput()


def normals_of(poly):
    from vtkmodules.util.numpy_support import vtk_to_numpy

    return vtk_to_numpy(poly.GetPointData().GetNormals())


@pytest.mark.parametrize(
    "style",
    [
        {"scalars": "rgb", "smooth_shading": True},
        {"scalars": "rgb", "smooth_shading": True, "opacity": 0.12, "show_edges": True},
    ],
)
def test_a_smooth_actor_is_set_and_shaded_as_add_mesh_does_it(plotter, style):
    """The same settings, and the same point normals drawn (and polygons: the normals'
    filter may turn some round), as pyvista's smooth shading computed them."""
    from vtkmodules.util.numpy_support import vtk_to_numpy

    from pyramid_lab.viewer.boards.impostors import smooth_actor

    mesh = rgb_mesh()
    theirs = plotter.add_mesh(mesh.copy(), pickable=False, render=False, rgb=True, **style)
    plain = {k: v for k, v in style.items() if k not in ("scalars", "smooth_shading")}
    ours = smooth_actor(mesh, **plain)
    assert settings(ours.GetProperty(), PROPERTY) == settings(theirs.GetProperty(), PROPERTY)
    assert settings(ours.GetMapper(), MAPPER) == settings(theirs.mapper, MAPPER)
    drawn, shown = smooth_input(ours), smooth_input(theirs)
    assert np.array_equal(normals_of(drawn), normals_of(shown))
    polys = (drawn.GetPolys().GetConnectivityArray(), shown.GetPolys().GetConnectivityArray())
    assert np.array_equal(*map(vtk_to_numpy, polys))


def test_a_smooth_layer_keeps_a_mesh_s_own_normals_as_add_mesh_did(plotter):
    """A mesh with point normals of its own (a tube has them; here all pointing up, where
    computed ones would not) is drawn with them, as pyvista's smooth shading passed it
    through; refilled with one without, it gets computed ones."""
    from pyramid_lab.viewer.boards.impostors import keep_own_normals, smooth_actor

    own = rgb_mesh()
    own.point_data["Normals"] = np.tile(np.array([0.0, 0.0, 1.0], np.float32), (own.n_points, 1))
    own.point_data.active_normals_name = "Normals"
    theirs = plotter.add_mesh(own.copy(), scalars="rgb", rgb=True, smooth_shading=True)
    assert (normals_of(smooth_input(theirs)) == (0, 0, 1)).all()
    layer = rgb_mesh()
    ours = smooth_actor(layer)
    layer.copy_from(own)
    keep_own_normals(ours, layer)
    assert np.array_equal(normals_of(smooth_input(ours)), normals_of(smooth_input(theirs)))
    layer.copy_from(rgb_mesh())
    keep_own_normals(ours, layer)
    fresh = smooth_actor(rgb_mesh())
    computed = normals_of(smooth_input(ours))
    assert np.array_equal(computed, normals_of(smooth_input(fresh)))
    assert not (computed == (0, 0, 1)).all()


def test_only_plain_meshes_skip_pyvista():
    """Textured or otherwise styled meshes, smooth ones in one colour, empty ones
    (pyvista refuses them, and says so) and meshes with arrays other than a per-cell uint8
    rgb go to pyvista; flat ones, and smooth ones in their rgb (``smooth_actor``), not."""
    from pyramid_lab.viewer.boards.impostors import plain

    mesh = rgb_mesh()
    assert plain(mesh, {"scalars": "rgb", "smooth_shading": False, "opacity": 0.5})
    assert plain(mesh, {"color": (1, 2, 3), "line_width": 2})
    assert plain(mesh, {"scalars": "rgb", "smooth_shading": True, "opacity": 0.4})
    assert not plain(mesh, {"color": (1, 2, 3), "smooth_shading": True})
    assert not plain(mesh, {"scalars": "rgb", "texture": object()})
    assert not plain(mesh, {"color": (1, 2, 3), "scalars": "rgb"})
    assert not plain(mesh, {})
    floats = mesh.copy()
    floats.cell_data["rgb"] = np.asarray(floats.cell_data["rgb"], dtype=float)
    assert not plain(floats, {"scalars": "rgb"})
    pointed = mesh.copy()
    pointed.point_data["w"] = np.zeros(pointed.n_points)
    assert not plain(pointed, {"scalars": "rgb"})
    empty = type(mesh)()
    assert not plain(empty, {"color": (1, 2, 3)})
    assert not plain(pointed, {"scalars": "rgb", "smooth_shading": True})


def test_the_board_s_textured_top_is_drawn_as_add_mesh_and_pyvista_s_texture_drew_it(plotter):
    """The ball pyramid's board top: a plain actor set as ``add_mesh(texture=...)`` sets
    it, and a texture of the same settings and texels as pyvista's ``Texture`` of the
    picture (which it reads top row first; VTK's image runs from the bottom)."""
    import pyvista as pv
    from vtkmodules.util.numpy_support import vtk_to_numpy

    from pyramid_lab.model.lattice import lattice
    from pyramid_lab.viewer.boards.ball_pyramid import _board_parts, board_meshes
    from pyramid_lab.viewer.boards.impostors import flat_actor, plain

    _sides, top, ours_texture = board_meshes(lattice(3))
    picture = vtk_to_numpy(_board_parts(3)[2].GetPointData().GetArray("Image"))
    width, height, _ = _board_parts(3)[2].GetDimensions()
    theirs_texture = pv.Texture(picture.reshape(height, width, 3)[::-1].copy())
    theirs_texture.interpolate, theirs_texture.mipmap = False, True
    names = ("GetInterpolate", "GetMipmap", "GetColorMode", "GetRepeat", "GetEdgeClamp")
    assert settings(ours_texture, names) == settings(theirs_texture, names)
    image = theirs_texture.GetInput().GetPointData().GetScalars()
    assert np.array_equal(vtk_to_numpy(image), picture)
    assert theirs_texture.GetInput().GetDimensions() == (width, height, 1)
    assert plain(top, {"texture": ours_texture, "smooth_shading": False})
    theirs = plotter.add_mesh(top.copy(), texture=ours_texture, pickable=False, render=False)
    ours = flat_actor(top, texture=ours_texture)
    assert settings(ours.GetProperty(), PROPERTY) == settings(theirs.GetProperty(), PROPERTY)
    assert settings(ours.GetMapper(), MAPPER) == settings(theirs.mapper, MAPPER)
    assert ours.GetTexture() is theirs.GetTexture() is ours_texture
    assert not plain(pv.Box(), {"texture": ours_texture})  # no texture coordinates
    assert not plain(top, {"texture": ours_texture, "color": (1, 2, 3)})


def test_impostors_are_the_points_pyvista_made():
    """``impostors`` builds in VTK the points, vertex cells and arrays that
    ``pv.PolyData(centres)`` and its two point arrays made ("rgba" active)."""
    import pyvista as pv

    from pyramid_lab.viewer.boards.impostors import impostors
    from pyramid_lab.viewer.boards.meshes import same_mesh

    centres = np.random.default_rng(0).random((7, 3)).astype(np.float32)
    theirs = pv.PolyData(centres)
    theirs.point_data["rgba"] = np.zeros((7, 4), dtype=np.uint8)
    theirs.point_data["radius"] = np.zeros(7, dtype=np.float32)
    ours = impostors(centres)
    assert same_mesh(ours, theirs)
    assert ours.points.dtype == theirs.points.dtype == np.float32
    assert ours.point_data.active_scalars_name == theirs.point_data.active_scalars_name
    names = list(theirs.point_data)
    assert list(ours.point_data) == names
    assert [ours.point_data[k].dtype for k in names] == [theirs.point_data[k].dtype for k in names]
