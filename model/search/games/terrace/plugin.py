"""Allmer's Pyramid's search plug-in: its compiled kernel's adapter, material and height
as evaluation, its levels (alpha-beta without the kernel: random playouts judge a race of
stones badly; playouts capped, the evaluation judges) and the compiled df-pn solver."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....terrace import LEVEL, SIZE, VICTORY_FIELDS
from ...registry import Plugin

if TYPE_CHECKING:
    from ...compiled.adapters import Adapter


def adapter(options: Any) -> Adapter:
    """The compiled kernel's adapter (the kernels load here, on first use)."""
    from .adapters import TerraceAdapter

    return TerraceAdapter(options.last_stones_lose, options.no_push_back)


def evaluation(game: Any) -> float:
    """Material first, then height (the higher terraces lead to the victory fields) and
    the victory fields held."""
    mover = game.to_move
    material = height = fields = 0
    for (r, c), colour in game.pieces():
        sign = 1 if colour == mover else -1
        f = r * SIZE + c
        material += sign
        height += sign * LEVEL[f]
        if f in VICTORY_FIELDS:
            fields += sign
    return max(-1.0, min(1.0, 0.25 * material + 0.04 * height + 0.08 * fields))


PLUGIN = Plugin(
    "terrace",
    adapter=adapter,
    evaluation=evaluation,
    playouts={"easy": 100, "medium": 3_000, "strong": 60_000},
    playout_cap=24,  # random play wanders for ever; the evaluation judges
    alpha_beta_medium=True,
    alpha_beta_strong=True,
)
