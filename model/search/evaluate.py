"""Static evaluations for the search, one function per game looked up by ``game.name``
(the games themselves stay free of engine code).

Each function scores a running position for the player to move, between -1 (lost) and 1
(won); an unknown game gets the neutral 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import Game


def _pyraos(game: Any) -> float:
    """Pyraos: the reserve difference (spheres in hand win the race to the top)."""
    mover = game.to_move
    return (game.reserve(mover) - game.reserve(game.other(mover))) / 8.0


def _terrace(game: Any) -> float:
    """Allmer's Pyramid: material first, then height (the higher terraces lead to the
    victory fields) and the victory fields held."""
    from ..terrace import LEVEL, SIZE, VICTORY_FIELDS

    mover = game.to_move
    material = height = fields = 0
    for (r, c), colour in game.pieces():
        sign = 1 if colour == mover else -1
        f = r * SIZE + c
        material += sign
        height += sign * LEVEL[f]
        if f in VICTORY_FIELDS:
            fields += sign
    return max(-1.0, min(1.0, 0.25 * material + 0.04 * height + 0.08 * fields))


def _partition(game: Any) -> float:
    """Pyramid Partition: corners held (three win)."""
    mover = game.to_move
    return (len(game.held_corners(mover)) - len(game.held_corners(game.other(mover)))) / 3.0


EVALUATIONS: dict[str, Callable[[Any], float]] = {
    "pyraos": _pyraos,
    "terrace": _terrace,
    "partition": _partition,
}


def evaluate(game: Game) -> float:
    """The position's score for the player to move, in [-1, 1]; 0 for unknown games."""
    function = EVALUATIONS.get(game.name)
    return 0.0 if function is None else function(game)


def evaluation_for(game: Game) -> Callable[[Game], float]:
    """The evaluation function for ``game``'s kind, looked up once."""
    return EVALUATIONS.get(game.name, _neutral)


def _neutral(game: Game) -> float:
    return 0.0
