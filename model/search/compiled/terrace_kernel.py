"""Moved to :mod:`model.search.games.terrace.kernel`: this name goes in the next release."""

from ..._moved import alias
from ..games.terrace import kernel as _moved

alias(__name__, _moved)
