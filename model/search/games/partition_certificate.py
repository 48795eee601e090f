"""Moved to :mod:`model.search.games.partition.certificates`: this name goes in the next
release."""

from ..._moved import alias
from .partition import certificates as _moved

alias(__name__, _moved)
