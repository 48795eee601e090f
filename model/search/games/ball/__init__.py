"""Pyramid Ball's search, in one package: its plug-in (:mod:`.plugin`: the levels of its
own players) and the sampling player of simultaneous turns (:mod:`.sampling`), which only
Ball's rules fit. This file imports neither."""
