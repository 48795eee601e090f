"""The search's composition root, behind the door (:mod:`model.search`): the one place that
looks a game's plug-in up (:func:`model.search.registry.plugin_for`). Every generic module
of the search takes what it needs (the plug-in as ``knowledge``, or who gives each game's as
``knowledge_of``) from whoever calls it, as OpenSpiel's caller builds an evaluator and hands
it to algorithms that never name a game; the caller asks the door for it
(:func:`knowledge_for`) and hands it on. Two of the door's namespaces are this package's
modules (``books``, ``computer``: what they look up), two the search's own (``puzzles``: the
composer, ``cluster``: the split solve).
"""

from __future__ import annotations

from ...game import Game
from ..registry import Plugin, Tables, plugin_for
from ..registry import tables_for as registry_tables_for


def knowledge_for(game: Game | type[Game] | str) -> Plugin:
    """The search knowledge of ``game`` (a position, a game class or a registry name): its
    plug-in, which a search that needs it takes as ``knowledge=`` (an empty one, every field
    unset, for a game without one: the reference searches over the protocol). Also who gives
    each game's, for a search that meets several (``knowledge_of=search.knowledge_for``: a
    lesson's :class:`~model.search.teaching.Judge`, a cluster's workers)."""
    return plugin_for(game)


def tables_for(game: Game | type[Game] | str) -> Tables:
    """The tables of ``game`` (a position, a game class or a registry name): ``whole``, its
    whole-game tables (``whole_open``, ``whole_value``, ``whole_build``, ...), or None.
    Found without the game's plug-in: a probe loads no book, solver or other game."""
    return registry_tables_for(game)
