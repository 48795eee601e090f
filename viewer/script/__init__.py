"""The scripting API: Pyramid Lab from a script or a notebook, as python-chess's users use
``chess`` (``docs/api.md``). ``import pyramid_lab as pl`` reaches these names lazily
(``pyramid_lab/__init__.py``); this front end sits beside the command line and the window,
on the rules (:mod:`pyramid_lab.model`), the search's door (:mod:`pyramid_lab.model.search`)
and the lab, and imports the search and pyvista only when a position is analysed, solved
or drawn.

Each name is imported from its module when first asked for (PEP 562, the table
:data:`_NAMES`), as ``pyramid_lab``'s are: the command line reads a position through
:mod:`.named` and loads none of the position's drawing, review or engine (a command that
reads a file, ``analyze``, starts in 0.058 s of processor time instead of 0.069: the means
of 24 runs, alternated)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names of _NAMES, for the type checker (a test keeps the three alike)
    from .drawing import PICTURE_SIZE
    from .engine import ENGINE_SECONDS, engine_analysis, warm_up
    from .position import Position, from_text, games, load, new
    from .shipped import Example, Lesson, LessonStep, Puzzle, examples, lessons, puzzles

#: Each name of the API -> the module of this package it comes from, imported when the
#: name is first asked for.
_NAMES: dict[str, str] = {
    "PICTURE_SIZE": "drawing",
    "ENGINE_SECONDS": "engine",
    "engine_analysis": "engine",
    "warm_up": "engine",
    "from_text": "position",
    "Position": "position",
    "games": "position",
    "load": "position",
    "new": "position",
    "Example": "shipped",
    "Lesson": "shipped",
    "LessonStep": "shipped",
    "Puzzle": "shipped",
    "examples": "shipped",
    "lessons": "shipped",
    "puzzles": "shipped",
}

__all__ = [
    "ENGINE_SECONDS",
    "PICTURE_SIZE",
    "Example",
    "Lesson",
    "LessonStep",
    "Position",
    "Puzzle",
    "engine_analysis",
    "examples",
    "from_text",
    "games",
    "lessons",
    "load",
    "new",
    "puzzles",
    "warm_up",
]


def __getattr__(name: str) -> object:
    module = _NAMES.get(name)
    if module is None:  # (a submodule not imported yet: ``from . import engine`` imports it)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value: object = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_NAMES))
