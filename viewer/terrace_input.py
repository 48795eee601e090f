"""Allmer's terraced Pyramid in the viewer (Qt-free): the board's display geometry and what
clicks on its fields mean.

The board is a stepped pyramid: field (r, c) stands at x = c, y = 6 - r (so White, who
starts on row 7, sits nearest the default camera) and its top is ``(level + 1) * TIER``
high. Field ids are the model's ``r * 7 + c``. A :class:`TerraceInput` selects a stone,
lists its destinations by kind, and turns a click on a destination into the move; like
:class:`~viewer.board_input.LatticeInput`, a click returns the move to play, ``None`` when it
only changed the selection, or a sentence saying why it does nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from model.game import Move
from model.terrace import (
    DIRECTIONS,
    FIELDS,
    LEVEL,
    SIZE,
    STEP,
    VICTORY_FIELDS,
    Kind,
    Terrace,
    TerraceMove,
    fid,
    field_name,
)

TIER = 0.5  # height of one step of the pyramid, in field widths
STONE_HEIGHT = 0.3
LEVELS = 4


class Field(NamedTuple):
    """A field as coordinates (a position file's ``[r, c]``); prints as its name, ``c3``."""

    r: int
    c: int

    def __str__(self) -> str:
        return field_name(fid(self.r, self.c))


class TerraceBoard:
    """Per field: the centre of its top face, its level, and what peeling uses.

    Duck-types the parts of :class:`~model.lattice.PyramidLattice` that the view state and
    set-up mode use (``count``, ``centres``, ``levels``, ``wall_distance``, ``point``,
    ``id_of``). Peeling here takes tiers off the top: a field's "distance" is the number of
    tiers above it, so peeling one shell hides the apex, two the 3x3 tier as well.
    """

    n = LEVELS
    count = FIELDS
    peel_max = LEVELS - 1

    def __init__(self) -> None:
        rc = np.array([divmod(f, SIZE) for f in range(FIELDS)], dtype=float)
        self.levels = np.array(LEVEL, dtype=np.int64)
        self.centres = np.column_stack([rc[:, 1], SIZE - 1 - rc[:, 0], (self.levels + 1) * TIER])
        self.wall_distance = (LEVELS - 1 - self.levels)[:, None]
        for array in (self.levels, self.centres, self.wall_distance):
            array.setflags(write=False)

    def point(self, pid: int) -> Field:
        return Field(*divmod(pid, SIZE))

    def id_of(self, r: int, c: int) -> int:
        return fid(r, c)

    def direction_vector(self, d: int) -> np.ndarray:
        """Direction ``d`` of the model (towards row 0, row 6, column a, column g) in x, y."""
        dr, dc = DIRECTIONS[d]
        return np.array([dc, -dr, 0.0])


TERRACE_BOARD = TerraceBoard()


class TerraceInput:
    """Turns clicks into moves for a terrace game; build a new one per position."""

    def __init__(self, game: Terrace) -> None:
        self.game = game
        self.lattice = TERRACE_BOARD
        self.selected: int | None = None
        self._pieces = {fid(r, c): colour for (r, c), colour in game.pieces()}

    # ---- what to draw -------------------------------------------------------------------

    def pieces(self) -> Mapping[int, str]:
        return self._pieces

    def moves(self) -> list[TerraceMove]:
        """The selected stone's legal moves."""
        if self.selected is None:
            return []
        return self.game.moves_from(*divmod(self.selected, SIZE))

    def destinations(self) -> dict[int, Kind]:
        """Field -> kind of the move that a click there plays, for the selected stone."""
        return {m.target: m.kind for m in self.moves()}

    def push_landings(self) -> dict[int, tuple[int, int]]:
        """For each push of the selected stone: the pushed stone's field -> (where it lands,
        -1 when it falls off the board; the direction of the push)."""
        out = {}
        for m in self.moves():
            if m.kind is Kind.PUSH:
                out[m.target] = (STEP[m.target][m.direction], m.direction)
        return out

    def movable(self) -> list[int]:
        """Fields of the stones of the side to move that have a legal move."""
        if self.game.is_over():
            return []
        return sorted({m.source for m in self.game.legal_moves() if isinstance(m, TerraceMove)})

    def highlighted(self) -> np.ndarray:
        """The selected stone; else every stone that can move; after a win on the victory
        fields, the winner's stones there."""
        mask = np.zeros(FIELDS, dtype=bool)
        winning = self.winning_fields()
        if winning:
            mask[list(winning)] = True
        elif self.selected is not None:
            mask[self.selected] = True
        else:
            mask[self.movable()] = True
        return mask

    def winning_fields(self) -> tuple[int, ...]:
        """The four victory fields once a colour holds them all, else ()."""
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return ()
        if all(self._pieces.get(v) == outcome.winner for v in VICTORY_FIELDS):
            return VICTORY_FIELDS
        return ()

    @property
    def building(self) -> bool:
        return self.selected is not None

    can_finish = False

    def prompt(self) -> str:
        if self.game.is_over():
            return ""
        if self.selected is None:
            return f"{self.game.to_move}: click one of your stones (outlined) to move it"
        return (
            f"{field_name(self.selected)} selected: click a destination (green run, blue jump, "
            "orange push, red smash; Esc deselects)"
        )

    def describe(self, pid: int, shown: Mapping[int, str]) -> str:
        """Name, level and content of a field; for a destination, what moving there does."""
        point = self.lattice.point(pid)
        parts = [f"{point} level {LEVEL[pid]}"]
        if pid in VICTORY_FIELDS:
            parts.append("victory field")
        colour = shown.get(pid)
        parts.append(f"{colour} stone" if colour else "empty")
        text = ", ".join(parts)
        move = next((m for m in self.moves() if m.target == pid), None)
        if move is not None:
            effect = self.game.preview(move).describe()
            text += f": {move.kind.name.lower()} {move}" + (f" ({effect})" if effect else "")
        return text

    # ---- clicks -------------------------------------------------------------------------

    def click(self, pid: int) -> Move | str | None:
        game = self.game
        outcome = game.outcome()
        if outcome is not None:
            return f"the game is over: {game.describe_result()}"
        name = field_name(pid)
        if self.selected is not None:
            if pid == self.selected:
                self.selected = None
                return None
            move = next((m for m in self.moves() if m.target == pid), None)
            if move is not None:
                self.selected = None
                return move
        colour = self._pieces.get(pid)
        if colour == game.to_move:
            if any(m.source == pid for m in game.legal_moves()):  # type: ignore[attr-defined]
                self.selected = pid
                return None
            return f"the stone on {name} has no legal move"
        if self.selected is not None:
            return game.why_illegal(TerraceMove(Kind.RUN, self.selected, pid)) or (
                f"{name}: no move here"
            )
        if colour is not None:
            return f"the stone on {name} is {colour}'s; {game.to_move} is to move"
        return f"{name} is empty: first click one of {game.to_move}'s stones"

    def finish(self) -> str:
        return "there is no turn to finish: a move is one click on a destination"

    def cancel(self) -> None:
        self.selected = None
