"""Moved to :mod:`model.search.games.pyraos.endgame`: this name goes in the next release."""

from .._moved import alias
from .games.pyraos import endgame as _moved

alias(__name__, _moved)
