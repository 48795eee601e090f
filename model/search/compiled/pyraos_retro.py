"""Moved to :mod:`model.search.games.pyraos.retro`: this name goes in the next release."""

from ..._moved import alias
from ..games.pyraos import retro as _moved

alias(__name__, _moved)
