"""Pure rules model of Pyramid Lab: geometry, games, position files and search.

Imports numpy and the standard library only: never Qt, VTK or pyvista (a test enforces it).
Importing the package imports no game: the registry (:data:`model.game.GAMES`) names each
game, whose package and teaching companion :func:`_import_game` imports when the game is
first asked for (:func:`game_class`, :func:`model.teaching.teaching_for`).
"""

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
    set_game_importer,
)

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


def _import_game(name: str) -> type[Game]:
    """The class of the lab's game ``name``, its package and its teaching companion imported
    (each written out, not named in a string: the import graph's tests read every import;
    the games import ``model.game``, so it cannot import them itself)."""
    match name:
        case "ball":
            from .ball import PyramidBall
            from .ball import teaching as _ball  # noqa: F401  (registers the companion)

            return PyramidBall
        case "partition":
            from .partition import Partition
            from .partition import teaching as _partition  # noqa: F401  (the companion)

            return Partition
        case "pyraos":
            from .pyraos import Pyraos
            from .pyraos import teaching as _pyraos  # noqa: F401  (the companion)

            return Pyraos
        case "rolling":
            from .rolling import RollingPyramids
            from .rolling import teaching as _rolling  # noqa: F401  (the companion)

            return RollingPyramids
        case "terrace":
            from .terrace import Terrace
            from .terrace import teaching as _terrace  # noqa: F401  (the companion)

            return Terrace
    raise KeyError(f"model.game.GAMES names no game {name!r}")


set_game_importer(_import_game)
