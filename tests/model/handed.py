"""The search's generic functions handed the game's plug-in (its registry's, as a caller of
the door hands ``search.knowledge_for(game)``), for the search's own unit tests (they call
below the door)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from pyramid_lab.model.game import Game
from pyramid_lab.model.search import kernels
from pyramid_lab.model.search.registry import plugin_for
from pyramid_lab.model.search.symmetry import key_function


def adapter_for(game: Game, history: bool = False) -> Any:
    """The game's kernel adapter (its plug-in's), or None."""
    return kernels.adapter_for(game, plugin_for(game), history=history)


def solver_for(game: Game, **options: Any) -> Any:
    """The game's compiled solver (its plug-in's kernel), or None."""
    return kernels.solver_for(game, plugin_for(game), **options)


def search_key(game: Game) -> Hashable:
    """The game's symmetry key (its plug-in's)."""
    return key_function(plugin_for(game))(game)
