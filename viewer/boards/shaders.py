"""GLSL effects from the top-level ``shaders/`` folder (package data), loaded by name and
injected at VTK's ``//VTK::`` tags. The replacement always begins with the tag itself, so
VTK's default code for that tag is kept (dropping it would silently lose lighting, clipping
or picking)."""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path
from typing import Any

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
