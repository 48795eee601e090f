"""From a game of the protocol to its compiled kernel and back.

:class:`Adapter`: one game's kernel for one version of its rules. The game's plug-in makes
it (``model.search.kernels.adapter_for``, None where no kernel fits: a game without one, a
board too big for its kernel; the searches then stay with the pure-Python agents and
prover), and the generic search hands it to this layer, which never asks the registry.
An adapter writes the position as the kernel's state row (the board from the side to move,
without its history) and turns the kernel's int moves into the game's moves. Each game's
adapter lives beside its kernel, in its package of the search
(``model.search.games.partition.adapters``, ``...pyraos.adapters``, ``...terrace.adapters``):
this module names no game.
"""

from __future__ import annotations

import numpy as np

from ...game import Game, Move
from ...speed import repeats_in_history
from . import core

#: How each game's end reads in the kernel's status, for the side to move.
_STATUS = {"win": core.WON, "loss": core.LOST, "draw": core.DRAWN}


class Adapter:
    """One game's kernel for one version of its rules (see the module)."""

    code: int  # the game's code in :mod:`.core`
    rave: bool = False  # moves are points kept by whoever took them: RAVE applies
    #: The compiled solver's engine: "dfpn" or "bounded" (see :mod:`.solver`).
    proof = "dfpn"
    #: Whose open question the solver asks first: the side to move's, or the other's.
    mover_first = True

    def context(self, playout_cap: int | None = None) -> np.ndarray:
        """The kernel's tables and options (``playout_cap`` where playouts are capped)."""
        raise NotImplementedError

    def state(self, game: Game) -> np.ndarray:
        """The position as the kernel's state row."""
        raise NotImplementedError

    def public(self, game: Game, move: int) -> Move:
        """The game's move for the kernel's ``move`` in ``game``'s position."""
        raise NotImplementedError

    @property
    def max_moves(self) -> int:
        return core.MAX_MOVES[self.code]

    def status(self, game: Game) -> int:
        """The kernel's end test for the side to move of ``game``."""
        outcome = game.outcome()
        if outcome is None:
            return core.RUNNING
        value = outcome.value_for(game.to_move)
        return _STATUS["win" if value > 0 else "loss" if value < 0 else "draw"]

    def fits(self, game: Game) -> bool:
        """Can the kernel answer for ``game`` as the rules do? It takes a position without
        its history, and a search never lets a position come back on its line, so every
        position occurs at most twice in a line searched from a history where none has
        occurred twice yet: no repetition the rules count (three times) can happen."""
        return not repeats_in_history(game)

    def moves(self, game: Game) -> list[int]:
        """The kernel's moves in ``game``'s position."""
        out = np.empty(self.max_moves, dtype=np.int64)
        n = core.generate(self.code, self.context(), self.state(game), out)
        return [int(m) for m in out[:n]]
