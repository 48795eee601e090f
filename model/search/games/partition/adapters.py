"""Pyramid Partition's compiled kernel (:mod:`.kernel`) for the searches: the position as
the kernel's state row, the kernel's moves as the game's."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....game import Move
from ...compiled import core
from ...compiled.adapters import Adapter


class PartitionAdapter(Adapter):
    code = core.PARTITION
    rave = True

    def __init__(self, size: int, version: str) -> None:
        self.size = size
        self.stacking = version == "stacking"

    def context(self, playout_cap: int | None = None) -> np.ndarray:
        from .kernel import context

        return context(self.size, self.stacking)

    def state(self, game: Any) -> np.ndarray:  # a Partition position
        from ....lattice import CORNERS
        from .kernel import _words

        cells = game.cells()
        mover = game.players.index(game.to_move)
        row = np.zeros(core.STATE, dtype=np.int64)
        row[0:2] = _words([p for p, c in enumerate(cells) if c == mover])
        row[2:4] = _words([p for p, c in enumerate(cells) if c == 1 - mover])
        for word, colour in ((4, game.to_move), (5, game.other(game.to_move))):
            held = set(game.held_corners(colour))
            row[word] = sum(1 << i for i, c in enumerate(CORNERS) if c.value in held)
        row[core.STATUS] = self.status(game)
        return row

    def public(self, game: Any, move: int) -> Move:  # a Partition position
        from ....partition import Place

        return Place(game.lattice.point(move))
