"""What clicks on lattice points mean for the game on the board (Qt-free).

A :class:`LatticeInput` says which points take a click now (drawn as ghost markers), which
balls to highlight, what the board looks like while a turn is being built (a Pyraos lift
or the removal step after a square), and turns clicks into moves. A click returns the move
to play, ``None`` when it only advanced the turn being built, or a sentence saying why it
does nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

import numpy as np

from model.game import Game, Move
from model.lattice import Corner, PyramidLattice
from model.partition import Partition
from model.pyraos import PASS, Pyraos, bits
from model.terrace import Terrace

from .terrace_input import TERRACE_BOARD, TerraceBoard, TerraceInput


def lattice_of(game: Game) -> PyramidLattice:
    lat = getattr(game, "lattice", None)
    if lat is None:
        raise TypeError(f"{game.title} is not played on the ball pyramid")
    return lat


def board_of(game: Game) -> PyramidLattice | TerraceBoard:
    """The points a game's pieces stand on, as the viewer draws them."""
    return TERRACE_BOARD if isinstance(game, Terrace) else lattice_of(game)


def make_input(game: Game) -> LatticeInput | TerraceInput:
    """The click handling for ``game``'s kind of board."""
    return TerraceInput(game) if isinstance(game, Terrace) else LatticeInput(game)


def pieces_by_id(game: Game) -> dict[int, str]:
    board = board_of(game)
    return {board.id_of(*coords): colour for coords, colour in game.pieces()}


def click_targets(game: Game) -> np.ndarray:
    """Per point id: True where a click starts or plays a move now."""
    return LatticeInput(game).targets()


_T = TypeVar("_T")


def _per_turn_state(method: Callable[[LatticeInput], _T]) -> Callable[[LatticeInput], _T]:
    """Cache what to draw: it depends only on the position (fixed for one LatticeInput) and
    the turn being built, and the window asks again on every hover change."""

    @functools.wraps(method)
    def cached(self: LatticeInput) -> Any:
        key = (method.__name__, self.source, self.target, self.removed)
        if key not in self._drawn:
            value: Any = method(self)
            if isinstance(value, np.ndarray):
                value.setflags(write=False)
            elif isinstance(value, dict):
                value = MappingProxyType(value)
            self._drawn[key] = value
        return self._drawn[key]

    return cached


class LatticeInput:
    """Turns clicks into moves for a ball-pyramid game; build a new one per position."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.lattice = lattice_of(game)
        self.source: int | None = None  # Pyraos: the sphere being lifted
        self.target: int | None = None  # Pyraos: placed or lifted to, removals pending
        self.removed = 0  # Pyraos: mask of spheres chosen for removal
        self._drawn: dict[tuple[object, ...], Any] = {}

    # ---- what to draw -------------------------------------------------------------------

    @_per_turn_state
    def pieces(self) -> Mapping[int, str]:
        """The board as it looks with the turn built so far."""
        pieces = pieces_by_id(self.game)
        if self.target is not None:
            if self.source is not None:
                del pieces[self.source]
            pieces[self.target] = self.game.to_move
            for r in bits(self.removed):
                del pieces[r]
        return pieces

    @_per_turn_state
    def targets(self) -> np.ndarray:
        mask = np.zeros(self.lattice.count, dtype=bool)
        game = self.game
        if game.is_over():
            return self.winning_corners()  # empty won corners show as (tinted) markers
        if isinstance(game, Pyraos):
            raw = game.raw_moves()
            if self.target is not None:
                return mask
            if self.source is not None:
                mask[[t for s, t, _ in raw if s == self.source]] = True
            else:
                mask[[t for s, t, _ in raw if s < 0 and t >= 0]] = True
            return mask
        for move in game.legal_moves():
            point = getattr(move, "point", None)
            if point is not None:
                mask[self.lattice.id_of(*point)] = True
        return mask

    def winning_corners(self) -> np.ndarray:
        """Pyramid Partition: the corner points held by the winner, once the game is won."""
        mask = np.zeros(self.lattice.count, dtype=bool)
        outcome = self.game.outcome()
        if isinstance(self.game, Partition) and outcome is not None and outcome.winner:
            for name in self.game.held_corners(outcome.winner):
                mask[self.lattice.corner_ids[Corner(name)]] = True
        return mask

    @_per_turn_state
    def highlighted(self) -> np.ndarray:
        """Balls that take a click now (spheres to lift or remove), or a winner's corners."""
        mask = self.winning_corners()
        if isinstance(self.game, Pyraos) and not self.game.is_over():
            if self.target is not None:
                mask[self._removable()] = True
            elif self.source is not None:
                mask[self.source] = True
            else:
                mask[[s for s, _, _ in self.game.raw_moves() if s >= 0]] = True
        return mask

    @property
    def building(self) -> bool:
        return self.source is not None or self.target is not None

    @property
    def can_finish(self) -> bool:
        """A turn waits for 'Finish turn': removals chosen, or the forced pass."""
        if isinstance(self.game, Pyraos) and not self.game.is_over():
            return self.target is not None or self.game.raw_moves() == [PASS]
        return False

    def prompt(self) -> str:
        if not isinstance(self.game, Pyraos) or self.game.is_over():
            return ""
        if self.target is not None:
            return (
                "square completed: click up to two of your free spheres to remove, then "
                "Finish turn (Esc cancels)"
            )
        if self.source is not None:
            return f"lifting {self.lattice.point(self.source)}: click a higher point (Esc cancels)"
        if self.game.raw_moves() == [PASS]:
            return "no move but to pass: press Finish turn"
        return ""

    def describe(self, pid: int, shown: Mapping[int, str]) -> str:
        """Coordinates, level and content of a point, as the scene shows it."""
        point = self.lattice.point(pid)
        colour = shown.get(pid)
        return f"({point}) level {point.k}" + (f", {colour}" if colour else ", empty")

    # ---- clicks -------------------------------------------------------------------------

    def click(self, pid: int) -> Move | str | None:
        game = self.game
        outcome = game.outcome()
        if outcome is not None:
            return f"the game is over: {outcome.result} ({outcome.termination.value})"
        if isinstance(game, Partition):
            move = game.parse_move(str(self.lattice.point(pid)))
            reason = game.why_illegal(move)
            return reason if reason is not None else move
        if isinstance(game, Pyraos):
            return self._click_pyraos(game, pid)
        return f"{game.title}: clicks are not supported here"

    def _click_pyraos(self, game: Pyraos, pid: int) -> Move | str | None:
        raw = game.raw_moves()
        point = self.lattice.point(pid)
        if raw == [PASS]:
            return "you have no move but to pass: press Finish turn"
        if self.target is not None:  # the removal step
            if pid in self._removable():
                self.removed |= 1 << pid
                if self.removed.bit_count() == 2:
                    return self.finish()
                return None
            return f"{point} cannot be removed: only your own free spheres, at most two"
        if self.source is not None and pid == self.source:
            self.source = None  # clicking the lifted sphere again puts it back
            return None
        sources = {s for s, _, _ in raw if s >= 0}
        if pid in sources:  # select a sphere to lift (or switch to another)
            self.source = pid
            return None
        source = -1 if self.source is None else self.source
        options = [r for s, t, r in raw if s == source and t == pid]
        if not options:
            if self.source is not None:
                lifted = self.lattice.point(self.source)
                return f"the sphere at {lifted} cannot be lifted to {point}"
            return game.why_illegal(game.parse_move(str(point))) or f"{point}: no move here"
        if options == [0]:
            move = game.to_move_value((source, pid, 0))
            self.cancel()
            return move
        self.source = None if source < 0 else source
        self.target = pid
        return None

    def _removable(self) -> list[int]:
        """Spheres that may be added to the removal set chosen so far."""
        assert isinstance(self.game, Pyraos)
        source = -1 if self.source is None else self.source
        chosen = self.removed
        return sorted(
            {
                q
                for s, t, r in self.game.raw_moves()
                if s == source and t == self.target and r & chosen == chosen
                for q in bits(r & ~chosen)
            }
        )

    def finish(self) -> Move | str:
        """Complete the turn being built (or the forced pass)."""
        game = self.game
        if not isinstance(game, Pyraos) or not self.can_finish:
            return "there is no turn to finish"
        if self.target is None:
            self.cancel()
            return game.to_move_value(PASS)
        source = -1 if self.source is None else self.source
        raw = (source, self.target, self.removed)
        if raw not in game.raw_moves():
            return "remove at least one sphere: this game plays the 1-2 removal rule"
        self.cancel()
        return game.to_move_value(raw)

    def cancel(self) -> None:
        self.source = self.target = None
        self.removed = 0
