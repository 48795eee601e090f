"""Pyraos's search plug-in: its compiled kernel's adapter, the reserves as evaluation, its
levels, its own compiled solver (exact lengths, the children's pyramid) and the shipped
book of proven values (:mod:`model.search.pyraos_book`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import model.search.pyraos_book as pyraos_book
import model.search.pyraos_endgame as pyraos_endgame

from ..registry import Plugin

if TYPE_CHECKING:
    from ..compiled.adapters import Adapter


def adapter(options: Any) -> Adapter:
    """The compiled kernel's adapter (the kernels load here, on first use)."""
    from ..compiled.adapters import PyraosAdapter

    return PyraosAdapter(options.variant, options.removal)


def evaluation(game: Any) -> float:
    """The reserve difference (spheres in hand win the race to the top)."""
    mover = game.to_move
    return (game.reserve(mover) - game.reserve(game.other(mover))) / 8.0


PLUGIN = Plugin(
    "pyraos",
    adapter=adapter,
    evaluation=evaluation,
    playouts={"easy": 100, "medium": 3_000, "strong": 60_000},
    book=pyraos_book,  # type: ignore[arg-type]  # a module until it moves onto ValueBook (book47)
    endgame=pyraos_endgame,
)
