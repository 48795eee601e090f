"""Where Pyramid Partition's balls may stand: a move's problem (outside, taken, not
supported) and the set-up's checks (in the stacking version every ball supported, and the
balls' counts a game reaches with the side to move; a study may break the counts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..game import STUDY_HINT, Move, Piece, PositionFormatError
from ..lattice import Point, PyramidLattice
from .analysis import COLOURS, EMPTY, RED


def check_placed(
    lat: PyramidLattice,
    placed: Mapping[int, int],
    pieces: Sequence[Piece],
    *,
    stacking: bool,
    to_move: str,
    study: bool,
) -> None:
    """PositionFormatError naming the key when the balls ``placed`` (point id -> player)
    cannot stand or cannot arise with ``to_move`` to move."""
    if stacking:
        for index, (coords, _) in enumerate(pieces):
            pid = lat.id_of(*coords)
            empty = [s for s in lat.support_lists[pid] if s not in placed]
            if empty:
                raise PositionFormatError(
                    f"pieces[{index}]",
                    f"the ball at {lat.point(pid)} is not supported: "
                    f"{', '.join(str(lat.point(s)) for s in empty)} "
                    "empty (stacking version: a ball needs all four balls below it)",
                )
    reds = sum(1 for c in placed.values() if c == RED)
    blues = len(placed) - reds
    expected_reds = blues if to_move == "red" else blues + 1
    if reds != expected_reds and not study:
        raise PositionFormatError(
            "pieces",
            f"red has {reds} balls and blue {blues}, which no game reaches with "
            f"{to_move} to move (red moves first, one ball a turn, so red must have "
            f"{'as many balls as' if to_move == 'red' else 'one ball more than'} blue; "
            f"{STUDY_HINT} to analyse any colouring)",
        )


def place_problem(
    lat: PyramidLattice, cells: Sequence[int], point: Point, *, stacking: bool
) -> str | None:
    """Why a ball may not be put on ``point`` (outside the pyramid, taken, or in the
    stacking version not supported); None when it may."""
    if not lat.contains(*point):
        return f"{point} is outside the base-{lat.n} pyramid"
    pid = lat.id_of(*point)
    if cells[pid] != EMPTY:
        return f"{point} already holds a {COLOURS[cells[pid]]} ball"
    empty = [str(lat.point(s)) for s in lat.support_lists[pid] if cells[s] == EMPTY]
    if stacking and empty:
        return (
            f"{point} is not supported: {', '.join(empty)} "
            f"{'is' if len(empty) == 1 else 'are'} empty (stacking version)"
        )
    return None


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Put a ball of the side to move on ``point``. Written ``i,j,k``."""

    point: Point

    def __str__(self) -> str:
        return str(self.point)
