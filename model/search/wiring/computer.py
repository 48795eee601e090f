"""The door's ``computer`` namespace: the levels and the threads of the computer players,
each game's levels from its plug-in."""

from __future__ import annotations

from ...game import Game
from ..levels import LEVELS as LEVELS
from ..levels import agent_for as agent_for
from ..levels import levels_of
from ..registry import plugin_for, plugins
from ..threads import MAX_THREADS as MAX_THREADS
from ..threads import default_threads as default_threads


def own_levels(game: Game | type[Game] | str) -> tuple[str, ...]:
    """The levels of the game's own players (chance nodes, scores as returns: the shared
    tree searches do not fit it, nor does the engine's analysis); empty where it plays the
    shared easy / medium / strong."""
    return plugin_for(game).own_levels


def all_levels() -> frozenset[str]:
    """Every level some game offers (a remembered choice is one of these)."""
    return frozenset(LEVELS).union(*(levels_of(p) for p in plugins()))


def levels_for(game: Game | type[Game] | str) -> tuple[str, ...]:
    """The levels of computer play a game offers: its plug-in's own players' or the shared
    easy / medium / strong."""
    return levels_of(plugin_for(game))
