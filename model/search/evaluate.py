"""Static evaluations for the search: the ``evaluation`` of the plug-in a search is handed
(the games themselves stay free of engine code).

An evaluation scores a running position for the player to move, between -1 (lost) and 1
(won); without one a search gets the neutral 0.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game import Game

Evaluation = Callable[[Game], float]


def evaluation_or_neutral(evaluation: Evaluation | None) -> Evaluation:
    """``evaluation``, or the neutral one (0 everywhere) for a game without."""
    return neutral if evaluation is None else evaluation


def neutral(game: Game) -> float:
    """Nothing known: 0."""
    return 0.0
