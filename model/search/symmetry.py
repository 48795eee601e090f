"""Transposition keys under a board's symmetries: the ``search_key`` of the plug-in a search
is handed where it has one (a game whose own ``canonical_key()`` does not apply them), the
game's ``canonical_key()`` otherwise."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..game import Game
from ..speed import canonical_key
from .registry import Plugin

Key = Callable[[Game], Hashable]


def key_function(knowledge: Plugin) -> Key:
    """The key function the plug-in ``knowledge`` gives: equal for positions equal up to
    the board's symmetries (and side to move)."""
    key = knowledge.search_key
    return canonical_key if key is None else key
