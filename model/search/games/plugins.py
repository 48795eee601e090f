"""Every game's search plug-in, registered by the game's name when this module is imported
(the door imports it)."""

from __future__ import annotations

from ..registry import register
from . import ball, partition, rolling, terrace
from .pyraos import plugin as pyraos

for _module in (ball, partition, pyraos, rolling, terrace):
    register(_module.PLUGIN)
