"""Transposition keys under a board's symmetries: one mechanism, the ``search_key`` of the
game's plug-in (Partition's and Pyraos's: the 8 symmetries of the square base), handed to
every search that keys positions (the reference solver, the prover, the split solve, a
book); a search handed no key, or a plug-in without one, keys by ``position_key()``."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol

from ..game import Game

Key = Callable[[Game], Hashable]


class Knows(Protocol):
    """What of a game's plug-in (:class:`model.search.registry.Plugin`) this module reads:
    its symmetry key, or None (the registry is not imported here: it names the books,
    which are keyed with this module)."""

    @property
    def search_key(self) -> Key | None: ...


def position_key(game: Game) -> Hashable:
    """The position itself (side to move included): no symmetry known."""
    return game.position_key()


def key_function(knowledge: Knows) -> Key:
    """The key function the plug-in ``knowledge`` gives: equal for positions equal up to
    the board's symmetries (and side to move); :func:`position_key` without one."""
    key = knowledge.search_key
    return position_key if key is None else key
