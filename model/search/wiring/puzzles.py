"""The door's ``puzzles`` namespace: puzzles made on demand and their collections
(:mod:`model.search.composer`), handed the position's game's plug-in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...game import Game, Move
from ..choice import ProgressCallback
from ..composer import BANDS as BANDS
from ..composer import CAP as CAP
from ..composer import DIFFICULTIES as DIFFICULTIES
from ..composer import VERIFY_NODES
from ..composer import Composed as Composed
from ..composer import band as band
from ..composer import compose as _compose
from ..composer import difficulty as _difficulty
from ..composer import make_puzzle as _make_puzzle
from ..composer import shortest_win as _shortest_win
from ..composer import title as title
from ..composer import write_collection as write_collection
from ..difficulty import playouts_to_find as _playouts_to_find
from ..prover import first_moves as _first_moves
from ..prover import node_budget as node_budget
from ..registry import plugin_for
from ..stop import Stop


def compose(
    start: Game,
    *,
    count: int,
    within: int,
    difficulty_band: str | None = None,
    exact: bool = False,
    seed: int = 0,
    max_games: int | None = None,
    progress: ProgressCallback | None = None,
    stop: Stop | None = None,
) -> list[Composed]:
    """:func:`model.search.composer.compose`, handed ``start``'s plug-in."""
    return _compose(
        start,
        count=count,
        within=within,
        difficulty_band=difficulty_band,
        exact=exact,
        seed=seed,
        max_games=max_games,
        progress=progress,
        stop=stop,
        knowledge=plugin_for(start),
    )


def make_puzzle(
    game: Game,
    within: int,
    key: str,
    *,
    max_nodes: int | None = VERIFY_NODES,
    stop: Stop | None = None,
) -> tuple[dict[str, Any] | None, str]:
    """:func:`model.search.composer.make_puzzle`, handed ``game``'s plug-in."""
    return _make_puzzle(
        game, within, key, max_nodes=max_nodes, stop=stop, knowledge=plugin_for(game)
    )


def shortest_win(
    game: Game, max_within: int, nodes: int, stop: Callable[[], bool] = lambda: False
) -> int | None:
    """:func:`model.search.composer.shortest_win`, handed ``game``'s plug-in."""
    return _shortest_win(game, max_within, nodes, stop, knowledge=plugin_for(game))


def difficulty(game: Game, key_text: str, cap: int = CAP) -> int | None:
    """:func:`model.search.composer.difficulty`, handed ``game``'s plug-in."""
    return _difficulty(game, key_text, cap, knowledge=plugin_for(game))


def playouts_to_find(game: Game, key: Any, seed: int, cap: int) -> int:
    """:func:`model.search.difficulty.playouts_to_find`, handed ``game``'s plug-in."""
    return _playouts_to_find(game, key, seed, cap, knowledge=plugin_for(game))


def first_moves(
    game: Game,
    side: str,
    within: int,
    *,
    max_seconds: float | None = None,
    stop: Stop | None = None,
) -> list[tuple[Move, int]]:
    """:func:`model.search.prover.first_moves`, handed ``game``'s plug-in."""
    return _first_moves(
        game, side, within, max_seconds=max_seconds, stop=stop, knowledge=plugin_for(game)
    )
