"""Pyramid Lab: a 3D visualizer and editor for pyramid-shaped board games.

One import name for everything the program ships: the rules (:mod:`pyramid_lab.model`),
the application and its front ends (:mod:`pyramid_lab.viewer`) and the GLSL
(:mod:`pyramid_lab.shaders`). In the repository these are the top-level folders
``model/``, ``viewer/`` and ``shaders/``; this folder links to them, so that the source
tree, an editable install and a built wheel hold the same package.

Importing ``pyramid_lab`` imports nothing else: the rules import no window, and a Dask
worker or a test that imports ``pyramid_lab.model.game`` loads no search, Qt or VTK.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("pyramid-lab")
except PackageNotFoundError:  # the source tree, not installed
    __version__ = "0+unknown"
