"""Moved to :mod:`model.search.games.partition.kernel`: this name goes in the next release."""

from ..._moved import alias
from ..games.partition import kernel as _moved

alias(__name__, _moved)
