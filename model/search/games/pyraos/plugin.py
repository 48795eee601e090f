"""Pyraos's search plug-in: its compiled kernel's adapter, the reserves as evaluation, the
8 symmetries of the square base as its symmetry key, its levels (its kernel's adapter makes
the compiled solver bounded: exact lengths), the shipped book of proven values
(:mod:`.book`). Its tables (:mod:`.endgame`) are found without it
(:func:`model.search.games.plugins.import_tables`): a probe loads no book."""

from __future__ import annotations

from typing import Any

from ...registry import Plugin
from .book import BOOK, adapter
from .keys import board_key


def evaluation(game: Any) -> float:
    """The reserve difference (spheres in hand win the race to the top)."""
    mover = game.to_move
    difference: int = game.reserve(mover) - game.reserve(game.other(mover))
    return difference / 8.0


def search_key(game: Any) -> int:
    """The board from the mover's side, the least of its 8 symmetric images
    (:func:`board_key`)."""
    return board_key(*game.mover_masks())


PLUGIN = Plugin(
    "pyraos",
    adapter=adapter,
    evaluation=evaluation,
    search_key=search_key,
    playouts={"easy": 100, "medium": 3_000, "strong": 60_000},
    book=BOOK,
)
