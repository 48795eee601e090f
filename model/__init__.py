"""Pure rules model of Pyramid Lab: geometry, games, position files and search.

Imports numpy and the standard library only: never Qt, VTK or pyvista (a test enforces it).
Importing the package registers every game.
"""

from . import ball, partition, pyraos, rolling, terrace  # noqa: F401  (registers the games)
from .ball import teaching as _ball_words  # noqa: F401  (registers the companions)
from .game import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Outcome,
    PositionFormatError,
    Termination,
    game_class,
    game_names,
)
from .partition import teaching as _partition_words  # noqa: F401
from .pyraos import teaching as _pyraos_words  # noqa: F401
from .rolling import teaching as _rolling_words  # noqa: F401
from .terrace import teaching as _terrace_words  # noqa: F401

__all__ = [
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "PositionFormatError",
    "Termination",
    "game_class",
    "game_names",
]
