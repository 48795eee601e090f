"""The search plug-ins, one a game (see :mod:`model.search.registry`), registered by the
game's name when the search is imported (the door imports this package)."""

from __future__ import annotations

from ..registry import register
from . import ball, partition, pyraos, rolling, terrace

for _module in (ball, partition, pyraos, rolling, terrace):
    register(_module.PLUGIN)
