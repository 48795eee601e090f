"""The front's turn on the board as the computer player asks about it, Qt-free
(:class:`Table`: the window's game UI and turn builder answer it), and :class:`Bare`, the
table with no front end (a script, the lab's tests). At a simultaneous node (every side hands
in its part of a joint move in secret, as Pyramid Ball's programs) the table says which
parts are still due and takes the computer's parts (:meth:`Table.submit`)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import SIMULTANEOUS, Game, JointMove, Move

from .jobs import position_of
from .outcome_words import word
from .seats import Seats
from .turn_builder import STEPPED, Ready, TurnAnswer


class Table(Protocol):
    """The front's turn on the board, as the computer player asks about it (the window's
    game UI and turn builder; :class:`Bare` with no front end)."""

    def in_setup(self) -> bool:
        """Set-up mode is on (no hint there)."""

    def busy(self) -> bool:
        """The board may not move now (set-up mode, an animation the UI plays)."""

    def computer_waits(self, game: Game) -> bool:
        """At a simultaneous node: the UI asks the computer to wait (a hand-over)."""

    def waiting_sides(self, game: Game) -> Sequence[int]:
        """At a simultaneous node: the sides whose parts are still due."""

    def hint_refusal(self, game: Game) -> str:
        """Why no hint is given here ('' when one is)."""

    def hint_side(self, game: Game) -> int | None:
        """At a simultaneous node: the side whose part a hint is for (None: none open)."""

    def submit(self, game: Game, side: int, move: Move) -> TurnAnswer:
        """The computer's part for ``side``: ``Ready`` with the joint move once every part
        is in, ``Declined`` with the reason, or ``Stepped`` while parts are still due."""

    def played(self, game: Game, mover: str, move: Move) -> str:
        """What the status line says of a move played."""

    def move_said(self, move: Move) -> str:
        """A move as the status line names it (the hint's)."""

    def hinted(self, game: Game, move: Move, words: str) -> None:
        """A hint came (a UI may show it in its dock; ``words``: the status bar's sentence
        on it, which a long one may not fit)."""

    def players_changed(self) -> None:
        """Who is being thought for changed (a UI's docks say it)."""


class Bare:
    """The table with no front end: nothing is busy, the computer makes a joint move only
    when it plays every side, and a hint at a simultaneous node is refused."""

    def __init__(self, seats: Seats) -> None:
        self.seats = seats
        self._parts: dict[int, Move] = {}
        self._node: tuple[Hashable, int] | None = None

    def in_setup(self) -> bool:
        return False

    def busy(self) -> bool:
        return False

    def computer_waits(self, game: Game) -> bool:
        return not self.seats.plays_all(game)  # a human hands in a part: a front's turn

    def waiting_sides(self, game: Game) -> Sequence[int]:
        return range(len(game.players))

    def hint_refusal(self, game: Game) -> str:
        return ""

    def hint_side(self, game: Game) -> int | None:
        raise ValueError("a hint at a simultaneous node is the window's (its open part)")

    def submit(self, game: Game, side: int, move: Move) -> TurnAnswer:
        node = position_of(game)
        if node != self._node:
            self._node, self._parts = node, {}
        self._parts[side] = move
        if len(self._parts) < len(game.players):
            return STEPPED
        parts, self._parts = self._parts, {}
        return Ready(JointMove(tuple(parts[s] for s in sorted(parts))))

    def played(self, game: Game, mover: str, move: Move) -> str:
        return M_("{mover} played {move}", mover=word(mover), move=str(move))

    def move_said(self, move: Move) -> str:
        return str(move)

    def hinted(self, game: Game, move: Move, words: str) -> None:
        pass

    def players_changed(self) -> None:
        pass


def parts_due(table: Table, game: Game) -> tuple[int, ...]:
    """At a simultaneous node the sides whose parts ``table`` still waits for; () else."""
    if game.current_player() == SIMULTANEOUS:
        return tuple(table.waiting_sides(game))
    return ()
