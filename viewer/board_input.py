"""What a click on a lattice point means for the game on the board: the points that
take a click (drawn as ghost markers) and the move a click plays, or why it cannot."""

from __future__ import annotations

import numpy as np

from model.game import Game, Move
from model.lattice import PyramidLattice
from model.partition import Partition
from model.pyraos import Pyraos


def lattice_of(game: Game) -> PyramidLattice:
    lat = getattr(game, "lattice", None)
    if lat is None:
        raise TypeError(f"{game.title} is not played on the ball pyramid")
    return lat


def pieces_by_id(game: Game) -> dict[int, str]:
    lat = lattice_of(game)
    return {lat.id_of(*coords): colour for coords, colour in game.pieces()}


def click_targets(game: Game) -> np.ndarray:
    """Per point id: True where a click places a ball now."""
    lat = lattice_of(game)
    mask = np.zeros(lat.count, dtype=bool)
    for move in game.legal_moves():
        point = _placement_point(move)
        if point is not None:
            mask[lat.id_of(*point)] = True
    return mask


def click_move(game: Game, pid: int) -> Move | str:
    """The move a click on point ``pid`` plays, or a sentence saying why none."""
    lat = lattice_of(game)
    point = lat.point(pid)
    outcome = game.outcome()
    if outcome is not None:
        return f"the game is over: {outcome.result} ({outcome.termination.value})"
    if isinstance(game, Partition):
        move = game.parse_move(str(point))
        reason = game.why_illegal(move)
        return reason if reason is not None else move
    if isinstance(game, Pyraos):
        placements = [m for m in game.legal_moves() if m.source is None and m.target == point]  # type: ignore[attr-defined]
        if not placements:
            return game.why_illegal(game.parse_move(str(point))) or f"{point}: no placement here"
        plain = [m for m in placements if not m.removed]  # type: ignore[attr-defined]
        return plain[0] if plain else placements[0]
    return f"{game.title}: clicks are not supported yet"


def _placement_point(move: Move) -> tuple[int, int, int] | None:
    point = getattr(move, "point", None)
    if point is not None:
        return point
    if getattr(move, "source", 1) is None and getattr(move, "target", None) is not None:
        return move.target  # type: ignore[attr-defined]
    return None
