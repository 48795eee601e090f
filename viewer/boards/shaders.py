"""GLSL effects from the repository's ``shaders/`` folder, loaded by name and injected at
VTK's ``//VTK::`` tags. The replacement always begins with the tag itself, so VTK's default
code for that tag is kept (dropping it would silently lose lighting, clipping or picking)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

SHADER_DIR = Path(__file__).resolve().parents[2] / "shaders"


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
