"""Pyramid Lab: a 3D visualizer and editor for pyramid-shaped board games.

One import name for everything the program ships: the rules (:mod:`pyramid_lab.model`),
the application and its front ends (:mod:`pyramid_lab.viewer`) and the GLSL
(:mod:`pyramid_lab.shaders`). In the repository these are the top-level folders
``model/``, ``viewer/`` and ``shaders/``; this folder links to them, so that the source
tree, an editable install and a built wheel hold the same package.

The scripting API (``docs/api.md``) is this package's names::

    import pyramid_lab as pl

    pos = pl.new("partition", size=4, version="floating")
    pos = pos.play("1,1,0")

Importing ``pyramid_lab`` imports nothing else: each name of the API is imported when it is
first asked for (PEP 562, the table :data:`_API`), so the rules import no window, and a Dask
worker or a test that imports ``pyramid_lab.model.game`` loads no search, Qt or VTK.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names of _API, for the type checker (a test keeps the three alike)
    from pyramid_lab.model.game import (
        IllegalMoveError,
        InvalidMoveError,
        Move,
        Outcome,
        PositionFormatError,
    )
    from pyramid_lab.model.search import Analysis, SolveResult
    from pyramid_lab.viewer.script import (
        Example,
        Lesson,
        LessonStep,
        Position,
        Puzzle,
        examples,
        from_text,
        games,
        lessons,
        load,
        new,
        puzzles,
        warm_up,
    )


#: The installed version, read when first asked for (:func:`__getattr__`).
__version__: str

#: Each name of the scripting API -> the module it comes from, imported when the name is
#: first asked for.
_API: dict[str, str] = {
    "Analysis": "pyramid_lab.model.search",
    "IllegalMoveError": "pyramid_lab.model.game",
    "InvalidMoveError": "pyramid_lab.model.game",
    "Move": "pyramid_lab.model.game",
    "Outcome": "pyramid_lab.model.game",
    "Position": "pyramid_lab.viewer.script",
    "PositionFormatError": "pyramid_lab.model.game",
    "SolveResult": "pyramid_lab.model.search",
    "from_text": "pyramid_lab.viewer.script",
    "games": "pyramid_lab.viewer.script",
    "load": "pyramid_lab.viewer.script",
    "new": "pyramid_lab.viewer.script",
    # what the package ships, by name, and the engine's warm-up
    "Example": "pyramid_lab.viewer.script",
    "Lesson": "pyramid_lab.viewer.script",
    "LessonStep": "pyramid_lab.viewer.script",
    "Puzzle": "pyramid_lab.viewer.script",
    "examples": "pyramid_lab.viewer.script",
    "lessons": "pyramid_lab.viewer.script",
    "puzzles": "pyramid_lab.viewer.script",
    "warm_up": "pyramid_lab.viewer.script",
}

__all__ = [
    "Analysis",
    "Example",
    "IllegalMoveError",
    "InvalidMoveError",
    "Lesson",
    "LessonStep",
    "Move",
    "Outcome",
    "Position",
    "PositionFormatError",
    "Puzzle",
    "SolveResult",
    "__version__",
    "examples",
    "from_text",
    "games",
    "lessons",
    "load",
    "new",
    "puzzles",
    "warm_up",
]


def _version() -> str:
    """The installed distribution's version (importlib.metadata: 40 ms of imports, paid
    only by who asks, not by every import of the package, a Dask worker's included)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pyramid-lab")
    except PackageNotFoundError:  # the source tree, not installed
        return "0+unknown"


def __getattr__(name: str) -> object:
    if name == "__version__":
        globals()[name] = found = _version()
        return found
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value: object = getattr(importlib.import_module(module), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API) | {"__version__"})
