"""Allmer's Pyramid's search, in one package: its plug-in (:mod:`.plugin`: evaluation and
levels), the compiled kernel (:mod:`.kernel`) and its adapter (:mod:`.adapters`). This file
imports none of them: the compiled core imports the kernel alone.

This name was the plug-in's module until issue 47: its names (``PLUGIN``, ``adapter``,
``evaluation``) are given from :mod:`.plugin` for one release, with a warning."""

from __future__ import annotations

from ...._moved import plugin_names

__getattr__ = plugin_names(__name__, ("PLUGIN", "adapter", "evaluation"), globals())
