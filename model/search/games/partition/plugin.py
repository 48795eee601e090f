"""Pyramid Partition's search plug-in: its compiled kernel's adapter (bases up to 6), the
corners held as evaluation, the 8 symmetries of the square base as transposition key, its
levels (RAVE: a point taken is good whenever it is taken), the compiled df-pn solver and the
book of the empty pyramids it settled."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ....lattice import base_symmetries
from ...kernels import solver_maker
from ...registry import Plugin
from ...value_book import ValueBook

if TYPE_CHECKING:
    from ...compiled.adapters import Adapter
    from .certificates import Certificate


def adapter(options: Any) -> Adapter | None:
    """The compiled kernel's adapter, up to the kernel's ``MAX_BASE`` (the kernels load
    here, on first use, not when the plug-in registers)."""
    from .adapters import PartitionAdapter
    from .kernel import MAX_BASE

    if options.size > MAX_BASE:
        return None
    return PartitionAdapter(options.size, options.version)


def evaluation(game: Any) -> float:
    """The corners held (three win)."""
    mover = game.to_move
    return (len(game.held_corners(mover)) - len(game.held_corners(game.other(mover)))) / 3.0


@cache
def _getters(n: int) -> tuple[Callable[[Any], tuple[int, ...]], ...]:
    return tuple(itemgetter(*perm) for perm in base_symmetries(n))


def search_key(game: Any) -> Hashable:
    """The position up to the 8 symmetries of the square base (they map corners to
    corners and walls to walls, so the value is the same under each), and side to move."""
    cells = game.cells()
    if len(cells) < 2:
        return cells, game.current_player()
    return min(get(cells) for get in _getters(game.lattice.n)), game.current_player()


def certificate(game: Any, **options: Any) -> Certificate:
    """The position's certificate (:mod:`.certificates`, loaded on first use)."""
    from .certificates import make_certificate

    return make_certificate(game, book=BOOK, **options)


#: The empty pyramids settled by search (``pyramid-lab book show --game partition``).
BOOK = ValueBook(
    "partition",
    Path(__file__).resolve().parents[3] / "data" / "partition_book.json",
    solver=solver_maker(adapter),
    key=search_key,
)


PLUGIN = Plugin(
    "partition",
    adapter=adapter,
    evaluation=evaluation,
    search_key=search_key,
    # Medium is 40 playouts (with RAVE, which easy lacks): at 1,000 the side to move won
    # on colour alone (strong lost 2 of 2 games moving second); at 40 it beats easy 19-1.
    playouts={"easy": 100, "medium": 40, "strong": 50_000},
    rave=True,
    # Bases above 6 (no kernel): medium by playouts, not 0.5 s: the side to move wins once
    # MCTS with RAVE has some 70 playouts a move, so medium at 0.5 s (about 200) drew level
    # with strong on colour alone; at 40 it still beats easy (9-1).
    medium_playouts=40,
    book=BOOK,
    certificate=certificate,
)
