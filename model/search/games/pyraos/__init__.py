"""Pyraos's search, in one package: its plug-in (:mod:`.plugin`), the book of proven values
(:mod:`.book`), the endgame tables (:mod:`.endgame` over the retrograde analysis of
:mod:`.retro`), the compiled kernel (:mod:`.kernel`, the bitboards; :mod:`.state`, the
core's kernel over them) and its adapter (:mod:`.adapters`). This file imports none of them:
the compiled core imports the kernel alone."""
