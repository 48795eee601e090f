"""The search plug-ins, one a game (see :mod:`model.search.registry`): a module
(``rolling.py``) or, where a game's search needs several files, a package (``ball/``: the
plug-in, its sampling player beside it; ``partition/``, ``pyraos/``, ``terrace/``: the plug-in,
the compiled kernel and its adapter; Pyraos's book and endgame tables, Partition's
certificates). Importing
this package imports none of them: the compiled core imports a game's kernel from here
without registering anything; :mod:`.plugins` imports and registers each game's plug-in
when its knowledge is first asked for (the door imports it)."""
