"""The scene's widget (``viewer/desktop/scene_widget.py``) overrides pyvistaqt's private
``_cb_frame`` and calls its private ``_blit``, ``_RenderWindow`` and ``_gl``: pyvistaqt may
change them in any release, so ``pyproject.toml`` pins it below its next minor release,
and this test says what the widget expects of the version installed (read from the class
and its source: no display, no OpenGL)."""

from __future__ import annotations

import inspect
import pathlib
import re
from collections.abc import Callable
from importlib.metadata import version

from packaging.requirements import Requirement

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pinned() -> Requirement:
    """pyvistaqt's requirement as pyproject.toml states it."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (line,) = re.findall(r'^\s*"(pyvistaqt[^"]*)",', text, flags=re.MULTILINE)
    return Requirement(line)


def test_pyvistaqt_is_pinned_below_its_next_minor_release_and_installed_within() -> None:
    spec = pinned().specifier
    assert any(one.operator == "<" for one in spec), spec  # an upper bound
    assert spec.contains(version("pyvistaqt")), (spec, version("pyvistaqt"))


def test_the_private_methods_the_scene_widget_overrides_are_there_as_it_expects() -> None:
    from pyvistaqt import QtInteractor
    from pyvistaqt.rwi import QVTKRenderWindowInteractor

    from pyramid_lab.viewer.desktop.scene_widget import SceneWidget

    assert issubclass(QtInteractor, QVTKRenderWindowInteractor)
    base = QVTKRenderWindowInteractor

    def parameters(function: Callable[..., object]) -> list[str]:
        return list(inspect.signature(function).parameters)

    assert parameters(base._cb_frame) == parameters(SceneWidget._cb_frame) == ["self", "obj", "evt"]
    assert parameters(base._blit) == ["self", "target_id", "rect"]
    assert parameters(base.paintGL) == parameters(SceneWidget.paintGL) == ["self"]
    source = inspect.getsource(base)
    # the frame observer is the bound method looked up by name: the override is what runs
    assert '"WindowFrameEvent", self._cb_frame' in source
    for attribute in ("_RenderWindow", "_gl"):  # read by the widget's paint
        assert f"self.{attribute} = " in source, attribute
