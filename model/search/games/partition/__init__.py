"""Pyramid Partition's search, in one package: its plug-in (:mod:`.plugin`: evaluation,
symmetry key, levels, the book of the empty pyramids), the compiled kernel (:mod:`.kernel`)
and its adapter (:mod:`.adapters`), and the certificates (:mod:`.certificates`). This file
imports none of them: the compiled core imports the kernel alone.

This name was the plug-in's module until issue 47: its names (``PLUGIN``, ``BOOK``,
``adapter``, ``certificate``, ``evaluation``, ``search_key``) are given from :mod:`.plugin`
for one release, with a warning."""

from __future__ import annotations

from ...._moved import plugin_names

__getattr__ = plugin_names(
    __name__,
    ("PLUGIN", "BOOK", "adapter", "certificate", "evaluation", "search_key"),
    globals(),
)
