"""Static evaluations for the search: the game's plug-in's ``evaluation`` (the games
themselves stay free of engine code).

An evaluation scores a running position for the player to move, between -1 (lost) and 1
(won); a game without one gets the neutral 0.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game import Game
from .registry import plugin_for


def evaluate(game: Game) -> float:
    """The position's score for the player to move, in [-1, 1]; 0 for unknown games."""
    function = plugin_for(game).evaluation
    return 0.0 if function is None else function(game)


def evaluation_for(game: Game) -> Callable[[Game], float]:
    """The evaluation function for ``game``'s kind, looked up once."""
    function = plugin_for(game).evaluation
    return _neutral if function is None else function


def _neutral(game: Game) -> float:
    return 0.0
