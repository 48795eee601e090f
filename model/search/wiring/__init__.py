"""The search's composition root, behind the door (:mod:`model.search`): the one place that
looks a game's plug-in up (:func:`model.search.registry.plugin_for`) and hands it to the
generic algorithms, as OpenSpiel hands an evaluator to algorithms that never name a game.
Every generic module of the search takes what it needs (the plug-in as ``knowledge``, or
who gives each game's as ``knowledge_of``) from whoever calls it, and none asks the
registry; the door gives each of its names through :func:`handed`, so a search's signature
is written once, where it is defined. Two of its namespaces are this package's modules
(``books``, ``computer``: what they look up), two the search's own (``puzzles``: the
composer, ``cluster``: the split solve).
"""

from __future__ import annotations

import inspect
from functools import wraps
from types import ModuleType
from typing import Any

from ...game import Game
from ..registry import plugin_for


def handed(value: Any) -> Any:
    """``value`` as the door gives it. A search that takes ``knowledge`` (its default: none,
    the reference searches over the protocol) is handed the plug-in of the game its first
    argument is, where there is one and the caller hands none of its own; one that takes
    ``knowledge_of`` is handed the lookup itself (a lesson's steps, a cluster's workers: many
    positions); a namespace gives each of its names so; anything else is given as it is."""
    if isinstance(value, ModuleType):
        return _Namespace(value)
    try:
        parameters = inspect.signature(value).parameters
    except (TypeError, ValueError):  # not callable, or a built-in type's (an exception)
        return value
    if "knowledge_of" in parameters:
        takes = "knowledge_of"
    elif "knowledge" in parameters:
        takes = "knowledge"
    else:
        return value
    first = next(iter(parameters))

    @wraps(value)
    def search(*args: Any, **kwargs: Any) -> Any:
        if takes == "knowledge_of":
            kwargs.setdefault("knowledge_of", plugin_for)
        elif "knowledge" not in kwargs:
            game = args[0] if args else kwargs.get(first)
            if game is not None:
                kwargs["knowledge"] = plugin_for(game)
        return value(*args, **kwargs)

    return search


class _Namespace(ModuleType):
    """A namespace of the door: a module of this package, each name given by
    :func:`handed` on first use."""

    def __init__(self, module: ModuleType) -> None:
        super().__init__(module.__name__, module.__doc__)
        self._module = module

    def __getattr__(self, name: str) -> Any:
        value = handed(getattr(self._module, name))
        setattr(self, name, value)  # asked once
        return value

    def __dir__(self) -> list[str]:
        return dir(self._module)


def endgame_for(game: Game | str) -> Any:
    """The endgame tables of ``game`` (a position or a registry name): a module with
    ``layers``, ``default_path``, ``build`` and ``value`` (see its game's plug-in), or None."""
    return plugin_for(game).endgame
