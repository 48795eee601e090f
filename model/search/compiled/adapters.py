"""From a game of the protocol to its compiled kernel and back.

:func:`adapter_for` gives the :class:`Adapter` of a position's game and rule options, or None
where no kernel fits (another game, a Partition base above 6): the searches then stay with
the pure-Python agents and prover. An adapter writes the position as the kernel's state row
(the board from the side to move, without its history) and turns the kernel's int moves
into the game's moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ...game import Game, Move
from . import core

#: How each game's end reads in the kernel's status, for the side to move.
_STATUS = {"win": core.WON, "loss": core.LOST, "draw": core.DRAWN}


class Adapter:
    """One game's kernel for one version of its rules (see the module)."""

    code: int  # the game's code in :mod:`.core`
    name: str  # the game's registry name
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
        repeats = getattr(game, "repeats_in_history", None)
        return repeats is None or not repeats()

    def moves(self, game: Game) -> list[int]:
        """The kernel's moves in ``game``'s position."""
        out = np.empty(self.max_moves, dtype=np.int64)
        n = core.generate(self.code, self.context(), self.state(game), out)
        return [int(m) for m in out[:n]]


class PartitionAdapter(Adapter):
    code = core.PARTITION
    name = "partition"
    rave = True

    def __init__(self, size: int, version: str) -> None:
        self.size = size
        self.stacking = version == "stacking"

    def context(self, playout_cap: int | None = None) -> np.ndarray:
        from .partition_kernel import context

        return context(self.size, self.stacking)

    def state(self, game: Game) -> np.ndarray:
        from ...lattice import CORNERS
        from .partition_kernel import _words

        cells = game.cells()  # type: ignore[attr-defined]
        mover = game.players.index(game.to_move)
        row = np.zeros(core.STATE, dtype=np.int64)
        row[0:2] = _words([p for p, c in enumerate(cells) if c == mover])
        row[2:4] = _words([p for p, c in enumerate(cells) if c == 1 - mover])
        for word, colour in ((4, game.to_move), (5, game.other(game.to_move))):
            held = set(game.held_corners(colour))  # type: ignore[attr-defined]
            row[word] = sum(1 << i for i, c in enumerate(CORNERS) if c.value in held)
        row[core.STATUS] = self.status(game)
        return row

    def public(self, game: Game, move: int) -> Move:
        from ...partition import Place

        return Place(game.lattice.point(move))  # type: ignore[attr-defined]


class PyraosAdapter(Adapter):
    code = core.PYRAOS
    name = "pyraos"
    # Lines are long and cycle through removals: Pyraos was solved with the bounded search
    # (its lower bound on a win's length, its move order), the other side's open question
    # first (the first player loses the children's version).
    proof = "bounded"
    mover_first = False

    def __init__(self, variant: str, removal: str) -> None:
        self.variant, self.removal = variant, removal

    def context(self, playout_cap: int | None = None) -> np.ndarray:
        from .pyraos_state import context

        return context(self.variant, self.removal, 200 if playout_cap is None else playout_cap)

    def state(self, game: Game) -> np.ndarray:
        white, black = game.masks()  # type: ignore[attr-defined]
        row = np.zeros(core.STATE, dtype=np.int64)
        row[0], row[1] = (white, black) if game.to_move == "white" else (black, white)
        row[core.STATUS] = self.status(game)
        return row

    def public(self, game: Game, move: int) -> Move:
        from .pyraos_kernel import move_removed, move_source, move_target

        raw = (int(move_source(move)), int(move_target(move)), int(move_removed(move)))
        return game.to_move_value(raw)  # type: ignore[attr-defined]


class TerraceAdapter(Adapter):
    code = core.TERRACE
    name = "terrace"

    def __init__(self, last_stones_lose: bool, no_push_back: bool) -> None:
        self.last_stones_lose, self.no_push_back = last_stones_lose, no_push_back

    def context(self, playout_cap: int | None = None) -> np.ndarray:
        from .terrace_kernel import context

        cap = 24 if playout_cap is None else playout_cap
        return context(self.last_stones_lose, self.no_push_back, cap)

    def state(self, game: Game) -> np.ndarray:
        mover = game.players.index(game.to_move)
        row = np.zeros(core.STATE, dtype=np.int64)
        for (r, c), colour in game.pieces():
            word = 0 if game.players.index(colour) == mover else 1
            row[word] |= 1 << (r * 7 + c)
        push = game.last_push  # type: ignore[attr-defined]
        if push is not None:
            row[2], row[3] = push[0] + 1, push[1] + 1
        row[core.STATUS] = self.status(game)
        return row

    def public(self, game: Game, move: int) -> Move:
        from ...terrace import Kind, TerraceMove

        kinds = (Kind.RUN, Kind.SMASH, Kind.JUMP, Kind.PUSH)
        return TerraceMove(kinds[move >> 12], move >> 6 & 63, move & 63)


def _partition(options: Any) -> Adapter | None:
    from .partition_kernel import MAX_BASE

    if options.size > MAX_BASE:
        return None
    return PartitionAdapter(options.size, options.version)


_FACTORIES: dict[str, Callable[[Any], Adapter | None]] = {
    "partition": _partition,
    "pyraos": lambda options: PyraosAdapter(options.variant, options.removal),
    "terrace": lambda options: TerraceAdapter(options.last_stones_lose, options.no_push_back),
}


def adapter_for(game: Game, *, history: bool = False) -> Adapter | None:
    """The kernel of ``game``'s kind and rule options, or None where none fits. With
    ``history`` also None where the game's history could change a search's answer (see
    :meth:`Adapter.fits`)."""
    factory = _FACTORIES.get(game.name)
    adapter = None if factory is None else factory(game.options)
    if adapter is not None and history and not adapter.fits(game):
        return None
    return adapter
