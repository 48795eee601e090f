"""Pure rules model of Pyramid Lab: geometry, games, position files and search.

Imports numpy and the standard library only: never Qt, VTK or pyvista (a test enforces it).
Importing the package registers every game.
"""

from . import _moved, ball, partition, pyraos, rolling, terrace  # noqa: F401  (registers the games)
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

_moved.install()  # old paths of moved modules (model.rolling_state, ...) for one release

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
