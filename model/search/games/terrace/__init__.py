"""Allmer's Pyramid's search, in one package: its plug-in (:mod:`.plugin`: evaluation and
levels), the compiled kernel (:mod:`.kernel`) and its adapter (:mod:`.adapters`). This file
imports none of them: the compiled core imports the kernel alone."""
