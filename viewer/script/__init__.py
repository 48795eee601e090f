"""The scripting API: Pyramid Lab from a script or a notebook, as python-chess's users use
``chess`` (``docs/api.md``). ``import pyramid_lab as pl`` reaches these names lazily
(``pyramid_lab/__init__.py``); this front end sits beside the command line and the window,
on the rules (:mod:`pyramid_lab.model`), the search's door (:mod:`pyramid_lab.model.search`)
and the lab, and imports the search and pyvista only when a position is analysed, solved
or drawn."""

from __future__ import annotations

from .drawing import PICTURE_SIZE
from .engine import warm_up
from .lines import from_text
from .position import Position, games, load, new
from .searching import ENGINE_SECONDS, engine_analysis
from .shipped import Example, Lesson, LessonStep, Puzzle, examples, lessons, puzzles

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
