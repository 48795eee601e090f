"""Moved to :mod:`model.search.games.pyraos.book`: this name goes in the next release."""

from .._moved import alias
from .games.pyraos import book as _moved

alias(__name__, _moved)
