"""Pyramid Partition's search, in one package: its plug-in (:mod:`.plugin`: evaluation,
symmetry key, levels, the book of the empty pyramids), the compiled kernel (:mod:`.kernel`)
and its adapter (:mod:`.adapters`), and the certificates (:mod:`.certificates`). This file
imports none of them: the compiled core imports the kernel alone."""
