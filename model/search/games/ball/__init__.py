"""Pyramid Ball's search plug-in: both sides program a turn in secret (simultaneous
turns), so no tree fits; its players sample the other side's likely programs
(:class:`~model.search.games.ball.sampling.SamplingAgent`, which only Ball's rules fit) at
every node of the game."""

from __future__ import annotations

from typing import Any

from ...agents import RandomAgent
from ...choice import Agent, Limits
from ...registry import Plugin
from .sampling import SamplingAgent


def agent(game: Any, level: str, seed: int | None, player: int | None) -> tuple[Agent, Limits]:
    """easy plays at random; medium and strong sample (0.4 s against 8 likely replies;
    2 s against 20). They answer a joint move, or with ``player`` (a side's index) that
    side's part of it (a special move's choice too: weighed by the turn after it)."""
    if level == "easy":
        return RandomAgent(seed, player=player), Limits(playouts=1)
    if level == "medium":
        return SamplingAgent(seed, replies=8, player=player), Limits(seconds=0.4)
    return SamplingAgent(seed, replies=20, player=player), Limits(seconds=2.0)


PLUGIN = Plugin("ball", agent=agent)
