"""Allmer's Pyramid's compiled kernel (:mod:`.kernel`) for the searches: the position as
the kernel's state row, the kernel's moves as the game's."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....game import Game, Move
from ...compiled import core
from ...compiled.adapters import Adapter


class TerraceAdapter(Adapter):
    code = core.TERRACE

    def __init__(self, last_stones_lose: bool, no_push_back: bool) -> None:
        self.last_stones_lose, self.no_push_back = last_stones_lose, no_push_back

    def context(self, playout_cap: int | None = None) -> np.ndarray:
        from .kernel import context

        cap = 24 if playout_cap is None else playout_cap
        return context(self.last_stones_lose, self.no_push_back, cap)

    def state(self, game: Any) -> np.ndarray:  # an Allmer's Pyramid position
        mover = game.players.index(game.to_move)
        row = np.zeros(core.STATE, dtype=np.int64)
        for (r, c), colour in game.pieces():
            word = 0 if game.players.index(colour) == mover else 1
            row[word] |= 1 << (r * 7 + c)
        push = game.last_push
        if push is not None:
            row[2], row[3] = push[0] + 1, push[1] + 1
        row[core.STATUS] = self.status(game)
        return row

    def public(self, game: Game, move: int) -> Move:
        from ....terrace import Kind, TerraceMove

        kinds = (Kind.RUN, Kind.SMASH, Kind.JUMP, Kind.PUSH)
        return TerraceMove(kinds[move >> 12], move >> 6 & 63, move & 63)
