"""Transposition keys under a board's symmetries, for games whose own ``canonical_key()``
does not apply them; looked up by ``game.name``, the game's ``canonical_key()`` otherwise.

Pyramid Partition: the 8 symmetries of the square base map corners to corners and walls to
walls, so the position's value is the same under each.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from operator import itemgetter
from typing import Any

from ..game import Game


@cache
def partition_permutations(n: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the base-``n`` pyramid as point-id permutations (point -> its
    image), the identity first: swap i and j or not, then mirror i, mirror j."""
    from ..lattice import lattice

    lat = lattice(n)
    perms = []
    for swap in (False, True):
        for flip_i in (False, True):
            for flip_j in (False, True):
                perm = []
                for i, j, k in lat.points:
                    w = n - k
                    a, b = (j, i) if swap else (i, j)
                    a = w - 1 - a if flip_i else a
                    b = w - 1 - b if flip_j else b
                    perm.append(lat.id_of(a, b, k))
                perms.append(tuple(perm))
    return tuple(perms)


@cache
def _partition_getters(n: int) -> tuple[Callable[[Any], tuple[int, ...]], ...]:
    return tuple(itemgetter(*perm) for perm in partition_permutations(n))


def _partition_key(game: Any) -> Hashable:
    cells = game.cells()
    if len(cells) < 2:
        return cells, game.current_player()
    return min(get(cells) for get in _partition_getters(game.lattice.n)), game.current_player()


KEYS: dict[str, Callable[[Any], Hashable]] = {"partition": _partition_key}


def search_key(game: Game) -> Hashable:
    """Equal for positions equal up to the board's symmetries (and side to move)."""
    key = KEYS.get(game.name)
    return game.canonical_key() if key is None else key(game)


def key_function(game: Game) -> Callable[[Game], Hashable]:
    """The key function for ``game``'s kind, looked up once."""
    key = KEYS.get(game.name)
    return type(game).canonical_key if key is None else key
