"""Moved to :mod:`model.search.games.pyraos.kernel`: this name goes in the next release."""

from ..._moved import alias
from ..games.pyraos import kernel as _moved

alias(__name__, _moved)
