"""Pyraos's search, in one package: its plug-in (:mod:`.plugin`), the book of proven values
(:mod:`.book`), the endgame tables (:mod:`.endgame` over the retrograde analysis of
:mod:`.retro`), the compiled kernel (:mod:`.kernel`, the bitboards; :mod:`.state`, the
core's kernel over them) and its adapter (:mod:`.adapter`). This file imports none of them:
the compiled core imports the kernel alone.

This name was the plug-in's module until issue 47: its names (``PLUGIN``, ``adapter``,
``evaluation``) are given from :mod:`.plugin` for one release, with a warning."""

from __future__ import annotations

import sys
from typing import Any

from ...._moved import warn_moved

_PLUGIN_NAMES = ("PLUGIN", "adapter", "evaluation")


def __getattr__(name: str) -> Any:
    """A name of the plug-in's module by its old place, with a DeprecationWarning: the
    plug-in is imported when the search registers its plug-ins (the door does, first)."""
    module = sys.modules.get(f"{__name__}.plugin") if name in _PLUGIN_NAMES else None
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warn_moved(f"{__name__}.{name}", f"{module.__name__}.{name}", 3)
    value = getattr(module, name)
    globals()[name] = value  # once: ``from ... import`` asks twice
    return value
