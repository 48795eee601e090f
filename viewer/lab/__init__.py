"""The lab: Pyramid Lab's state and behaviour with no Qt, VTK or pyvista in it (the
window binds to it; tests and, one day, a web page drive it through a :class:`Port`)."""

from __future__ import annotations

from .jobs import Job, JobRunner, Post, Progress, Task, at_once, position_of
from .lab import Lab
from .port import CANCEL, DISCARD, SAVE, Port

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
