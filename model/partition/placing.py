"""Where Pyramid Partition's balls may stand: a move's problem (outside, taken, not
supported) and the set-up's checks (in the stacking version every ball supported, the
balls' counts a game reaches with the side to move, no side already won before the other's
last move; a study may break the counts and the win)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pyramid_lab.i18n import M_, Mn_

from ..game import STUDY_HINT, Move, Piece, PositionFormatError
from ..lattice import Point, PyramidLattice
from ..words import colour
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
        for index, (coords, _colour) in enumerate(pieces):
            pid = lat.id_of(*coords)
            empty = [s for s in lat.support_lists[pid] if s not in placed]
            if empty:
                raise PositionFormatError(
                    f"pieces[{index}]",
                    M_(
                        "the ball at {point} is not supported: {empty} empty (stacking "
                        "version: a ball needs all four balls below it)",
                        point=str(lat.point(pid)),
                        empty=", ".join(str(lat.point(s)) for s in empty),
                    ),
                )
    reds = sum(1 for c in placed.values() if c == RED)
    blues = len(placed) - reds
    expected_reds = blues if to_move == "red" else blues + 1
    if reds != expected_reds and not study:
        # (Messages: said in the reader's language, the way round a text's own, issue 108)
        words = (
            M_(
                "red has {reds} balls and blue {blues}, which no game reaches with red to "
                "move (red moves first, one ball a turn, so red must have as many balls as "
                "blue; {hint} to analyse any colouring)",
                reds=reds,
                blues=blues,
                hint=STUDY_HINT,
            )
            if to_move == "red"
            else M_(
                "red has {reds} balls and blue {blues}, which no game reaches with blue to "
                "move (red moves first, one ball a turn, so red must have one ball more "
                "than blue; {hint} to analyse any colouring)",
                reds=reds,
                blues=blues,
                hint=STUDY_HINT,
            )
        )
        raise PositionFormatError("pieces", words)


def won_before(winner: str, corners: Sequence[str]) -> str:
    """Why a set-up where ``winner`` already holds ``corners`` (three: a won game) and is
    to move cannot arise: the game ended before the other side's last move."""
    loser = COLOURS[1 - COLOURS.index(winner)]
    return M_(
        "{winner} already holds {corners} and so won before {loser}'s last move: with "
        "{winner} to move this position cannot arise ({hint} to analyse it anyway)",
        winner=colour(winner),
        corners=", ".join(corners),
        loser=colour(loser),
        hint=STUDY_HINT,
    )


def place_problem(
    lat: PyramidLattice, cells: Sequence[int], point: Point, *, stacking: bool
) -> str | None:
    """Why a ball may not be put on ``point`` (outside the pyramid, taken, or in the
    stacking version not supported); None when it may."""
    if not lat.contains(*point):
        return M_("{point} is outside the base-{size} pyramid", point=str(point), size=lat.n)
    pid = lat.id_of(*point)
    if cells[pid] != EMPTY:
        if COLOURS[cells[pid]] == "red":
            return M_("{point} already holds a red ball", point=str(point))
        return M_("{point} already holds a blue ball", point=str(point))
    if not stacking:
        return None
    empty = [str(lat.point(s)) for s in lat.support_lists[pid] if cells[s] == EMPTY]
    if empty:
        return Mn_(
            "{point} is not supported: {empty} is empty (stacking version)",
            "{point} is not supported: {empty} are empty (stacking version)",
            len(empty),
            point=str(point),
            empty=", ".join(empty),
        )
    return None


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Put a ball of the side to move on ``point``. Written ``i,j,k``."""

    point: Point

    def __str__(self) -> str:
        return str(self.point)
