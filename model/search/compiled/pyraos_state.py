"""Moved to :mod:`model.search.games.pyraos.state`: this name goes in the next release."""

from ..._moved import alias
from ..games.pyraos import state as _moved

alias(__name__, _moved)
