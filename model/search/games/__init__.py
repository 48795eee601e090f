"""The search plug-ins, one a game (see :mod:`model.search.registry`): a module
(``partition.py``, ``terrace.py``, ...) or, where a game's search needs several files, a
package (``pyraos/``: plug-in, book, endgame tables, compiled kernel and adapter). Importing
this package imports none of them: the compiled core imports a game's kernel from here
without registering anything; :mod:`.plugins` registers every plug-in (the door imports
it)."""
