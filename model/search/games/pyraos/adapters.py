"""Pyraos's compiled kernel (:mod:`.state` over :mod:`.kernel`) for the searches: the
position as the kernel's state row, the kernel's moves as the game's."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....game import Move
from ...compiled import core
from ...compiled.adapters import Adapter


class PyraosAdapter(Adapter):
    code = core.PYRAOS
    # Lines are long and cycle through removals: Pyraos was solved with the bounded search
    # (its lower bound on a win's length, its move order), the other side's open question
    # first (the first player loses the children's version).
    proof = "bounded"
    mover_first = False

    def __init__(self, variant: str, removal: str) -> None:
        self.variant, self.removal = variant, removal

    def context(self, playout_cap: int | None = None) -> np.ndarray:
        from .state import context

        return context(self.variant, self.removal, 200 if playout_cap is None else playout_cap)

    def state(self, game: Any) -> np.ndarray:  # a Pyraos position
        row = np.zeros(core.STATE, dtype=np.int64)
        row[0], row[1] = game.mover_masks()
        row[core.STATUS] = self.status(game)
        return row

    def public(self, game: Any, move: int) -> Move:  # a Pyraos position
        from .kernel import move_removed, move_source, move_target

        raw = (int(move_source(move)), int(move_target(move)), int(move_removed(move)))
        move_value: Move = game.to_move_value(raw)
        return move_value
