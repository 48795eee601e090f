"""Pyraos's search plug-in: its compiled kernel's adapter, the reserves as evaluation, its
levels, its own compiled solver (exact lengths, the children's pyramid), the shipped book of
proven values (:mod:`.book`) and the endgame tables (:mod:`.endgame`)."""

from __future__ import annotations

from typing import Any

from ...compiled.adapters import Adapter
from ...compiled.solver import compiled_solver
from ...registry import Plugin
from . import endgame
from .adapter import PyraosAdapter
from .book import BOOK


def adapter(options: Any) -> Adapter:
    return PyraosAdapter(options.variant, options.removal)


def evaluation(game: Any) -> float:
    """The reserve difference (spheres in hand win the race to the top)."""
    mover = game.to_move
    return (game.reserve(mover) - game.reserve(game.other(mover))) / 8.0


def solver(game: Any, **options: Any) -> Any:
    """The one compiled solver, with its bounded search for Pyraos (exact lengths, the
    children's pyramid; the same answers as the reference, some hundred times faster:
    ``tests/bench/pyraos_solver.py``)."""
    return compiled_solver(game, **options)


PLUGIN = Plugin(
    "pyraos",
    adapter=adapter,
    evaluation=evaluation,
    playouts={"easy": 100, "medium": 3_000, "strong": 60_000},
    solver=solver,
    book=BOOK,
    endgame=endgame,
)
