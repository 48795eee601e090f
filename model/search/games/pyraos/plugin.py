"""Pyraos's search plug-in: its compiled kernel's adapter, the reserves as evaluation, the
8 symmetries of the square base as its symmetry key, its levels (its kernel's adapter makes
the compiled solver bounded: exact lengths), the shipped book of proven values
(:mod:`.book`) and the endgame tables (:mod:`.endgame`)."""

from __future__ import annotations

from typing import Any

from ....pyraos import POINTS, _symmetries
from ...registry import Plugin
from . import endgame
from .book import BOOK, adapter


def evaluation(game: Any) -> float:
    """The reserve difference (spheres in hand win the race to the top)."""
    mover = game.to_move
    difference: int = game.reserve(mover) - game.reserve(game.other(mover))
    return difference / 8.0


def _byte_tables(perm: list[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(
            sum(
                1 << perm[8 * chunk + b]
                for b in range(8)
                if byte >> b & 1 and 8 * chunk + b < POINTS
            )
            for byte in range(256)
        )
        for chunk in range(4)
    )


_SYMMETRY_BYTES = tuple(_byte_tables(perm) for perm in _symmetries())


def _transform(mask: int, table: tuple[tuple[int, ...], ...]) -> int:
    return (
        table[0][mask & 255]
        | table[1][mask >> 8 & 255]
        | table[2][mask >> 16 & 255]
        | table[3][mask >> 24 & 255]
    )


def search_key(game: Any) -> int:
    """The board from the mover's side, the least of its 8 symmetric images (the compiled
    kernel's ``canonical``, in pure Python: no kernel to load)."""
    white, black = game.masks()
    own, opp = (white, black) if game.to_move == "white" else (black, white)
    return min(
        _transform(own, table) << POINTS | _transform(opp, table) for table in _SYMMETRY_BYTES
    )


PLUGIN = Plugin(
    "pyraos",
    adapter=adapter,
    evaluation=evaluation,
    search_key=search_key,
    playouts={"easy": 100, "medium": 3_000, "strong": 60_000},
    book=BOOK,
    endgame=endgame,
)
