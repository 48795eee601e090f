"""Transposition keys under a board's symmetries: the game's plug-in's ``search_key``
where it has one (a game whose own ``canonical_key()`` does not apply them), the game's
``canonical_key()`` otherwise."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..game import Game
from ..speed import canonical_key
from .registry import plugin_for


def search_key(game: Game) -> Hashable:
    """Equal for positions equal up to the board's symmetries (and side to move)."""
    key = plugin_for(game).search_key
    return canonical_key(game) if key is None else key(game)


def key_function(game: Game) -> Callable[[Game], Hashable]:
    """The key function for ``game``'s kind, looked up once."""
    key = plugin_for(game).search_key
    return canonical_key if key is None else key
