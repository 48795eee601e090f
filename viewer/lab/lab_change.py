"""What the lab's ``changed`` signal says (:class:`viewer.lab.Lab`): apart from the lab,
so that its parts (the analysis of the position shown) name it without importing the lab."""

from __future__ import annotations

from typing import Literal

from .engine import EngineChange

#: What ``Lab.changed`` says (the module's docstring): the engine's changes, passed on, and
#: the lab's own.
LabChange = EngineChange | Literal["lesson", "analysis", "analysis dropped", "title", "table built"]
