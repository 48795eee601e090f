"""The stacks of the compiled proof searches (:mod:`.dfpn`, :mod:`.bounded`): per ply of
the line the position, its moves and their numbers, as arrays the kernels are handed
(``arrays()``, in the order each search unpacks them), and the ordering of a node's
children on the stack."""

from __future__ import annotations

import numpy as np
from numba import njit

from .arrays import Flags, Words
from .core import OUTLOOK, STATE


class Frames:
    """The stack of a proof search (:mod:`.dfpn`, :mod:`.bounded`): per ply the position,
    its moves, their children's keys and where the search is among them (``count``,
    ``current``); each search adds the arrays of its own with :meth:`ply` and
    :meth:`per_move`."""

    def __init__(self, plies: int, max_moves: int) -> None:
        self.plies = plies
        self._shape = (plies + 2, max_moves)
        self.states = np.zeros((plies + 2, STATE), dtype=np.int64)
        self.count, self.current = self.ply(), self.ply()
        self.moves, self.child_keys = self.per_move(), self.per_move()

    def ply(self, dtype: type = np.int64) -> np.ndarray:
        """A new array of one number a ply (zeros)."""
        return np.zeros(self._shape[0], dtype=dtype)

    def per_move(self, dtype: type = np.int64) -> np.ndarray:
        """A new array of one number a move of each ply (zeros)."""
        return np.zeros(self._shape, dtype=dtype)


class DfpnFrames(Frames):
    """The stack of the df-pn search: per ply the position and its moves' numbers."""

    def __init__(self, plies: int, max_moves: int) -> None:
        super().__init__(plies, max_moves)
        self.node_keys, self.left, self.is_or = self.ply(), self.ply(), self.ply()
        self.thpn, self.thdn, self.started = self.ply(), self.ply(), self.ply()
        self.cpn, self.cdn, self.cwin = self.per_move(), self.per_move(), self.per_move()
        self.fixed, self.cut = self.per_move(np.int8), self.per_move(np.int8)
        self.found = np.zeros(3, dtype=np.int64)
        self.look = np.zeros(OUTLOOK, dtype=np.int64)
        self.ends = self.ply()
        self.score = self.per_move()

    def arrays(self) -> tuple[np.ndarray, ...]:
        return (
            self.states,
            self.node_keys,
            self.left,
            self.is_or,
            self.thpn,
            self.thdn,
            self.current,
            self.started,
            self.count,
            self.moves,
            self.child_keys,
            self.cpn,
            self.cdn,
            self.cwin,
            self.fixed,
            self.cut,
            self.found,
            self.look,
            self.ends,
            self.score,
        )


class BoundedFrames(Frames):
    """The stack of the bounded search: per ply the position and its moves' numbers."""

    def __init__(self, plies: int, max_moves: int) -> None:
        super().__init__(plies, max_moves)
        self.keys, self.depth, self.prover, self.last_back = (self.ply() for _ in range(4))
        self.scores = self.per_move()
        self.repeated, self.bound = self.ply(), self.ply()

    def arrays(self) -> tuple[np.ndarray, ...]:
        return (
            self.states,
            self.keys,
            self.depth,
            self.prover,
            self.last_back,
            self.count,
            self.current,
            self.moves,
            self.child_keys,
            self.scores,
            self.repeated,
            self.bound,
        )


@njit(cache=True)
def sort_children(
    ply: int,
    n: int,
    moves: Words,
    child_keys: Words,
    cpn: Words,
    cdn: Words,
    cwin: Words,
    fixed: Flags,
    cut: Flags,
    score: Words,
) -> None:
    """Order a node's children by ``score`` (lowest first; equal ones keep their order)."""
    for i in range(1, n):
        j = i
        while j > 0 and score[ply, j - 1] > score[ply, j]:
            for arr in (moves, child_keys, cpn, cdn, cwin, score):
                arr[ply, j - 1], arr[ply, j] = arr[ply, j], arr[ply, j - 1]
            for flags in (fixed, cut):
                flags[ply, j - 1], flags[ply, j] = flags[ply, j], flags[ply, j - 1]
            j -= 1
