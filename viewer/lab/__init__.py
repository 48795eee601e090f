"""The lab: Pyramid Lab's state and behaviour with no Qt, VTK or pyvista in it (the
window binds to it; tests and, one day, a web page drive it through a :class:`Port`).

This folder holds the application: what the :class:`Lab` reaches (the board on show,
:mod:`.board`, among its parts) and what another front end uses (the classroom, the
command line, the game UIs, the widgets); a module only the window uses lives under
``viewer/desktop/`` even when it has no Qt (its autosave file, its deferred imports). It
imports nothing of the viewer outside it (``tests/viewer/test_contracts.py``). The names
below are loaded when first asked for, so that ``import pyramid_lab.viewer.lab.palette`` (a board
view, the ``render`` command) does not load the whole lab and the search with it."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .documents import CANCEL, DISCARD, SAVE
    from .jobs import Job, JobRunner, Post, Progress, Task, at_once, position_of
    from .lab import Lab
    from .port import Port

#: name -> the module of this folder that defines it
_WHERE = {
    "Job": "jobs",
    "JobRunner": "jobs",
    "Post": "jobs",
    "Progress": "jobs",
    "Task": "jobs",
    "at_once": "jobs",
    "position_of": "jobs",
    "Lab": "lab",
    "CANCEL": "documents",
    "DISCARD": "documents",
    "SAVE": "documents",
    "Port": "port",
}

__all__ = [
    "CANCEL",
    "DISCARD",
    "SAVE",
    "Job",
    "JobRunner",
    "Lab",
    "Port",
    "Post",
    "Progress",
    "Task",
    "at_once",
    "position_of",
]


def __getattr__(name: str) -> object:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value
