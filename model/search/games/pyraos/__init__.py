"""Pyraos's search, in one package: its plug-in (:mod:`.plugin`), the book of proven values
(:mod:`.book`), the whole-game tables (:mod:`.endgame`, their door: :mod:`.prober` reads a
table, :mod:`.builder` builds one), the compiled kernel (:mod:`.kernel`, the bitboards;
:mod:`.state`, the core's kernel over them) and its adapter (:mod:`.adapters`).
This file imports none of them: the compiled core imports the kernel alone."""
