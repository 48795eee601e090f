"""Every game's search plug-in, registered by the game's name when this module is imported
(the door imports it)."""

from __future__ import annotations

from ..registry import register
from . import rolling
from .ball import plugin as ball
from .partition import plugin as partition
from .pyraos import plugin as pyraos
from .terrace import plugin as terrace

for _module in (ball, partition, pyraos, rolling, terrace):
    register(_module.PLUGIN)
