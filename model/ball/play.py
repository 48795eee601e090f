"""Pyramid Ball's play: the layer of :class:`model.ball.PyramidBall` that applies a turn
(resolved row by row by :mod:`model.ball.turn`), grants and settles the special moves,
resets the formation, takes a turn back, and says when the game is over."""

from __future__ import annotations

from ..game import (
    IllegalMoveError,
    JointMove,
    Move,
    Outcome,
)
from .moves import (
    BallMoves,
    SpecialChoice,
)
from .report import TurnReport
from .rules import (
    FORMATION,
    OFF,
    STAND,
    Program,
)
from .state import COLOURS, SPECIALS, UndoRecord
from .turn import resolve_turn


class BallPlay(BallMoves):
    """Applying a joint move or a special move's choice, and taking it back."""

    def push(self, move: Move) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        assert isinstance(move, JointMove | SpecialChoice)
        self._apply(move)

    def push_search(self, move: Move) -> None:
        self._apply(move)

    def _remember(self) -> None:
        self._undo.append(
            UndoRecord(
                tuple(self._pos),
                self._carrier,
                self._ball,
                self._offence,
                self._barred,
                (self._scores[0], self._scores[1]),
                self._held,
                self._gained,
                self._choosing,
                self._spaces,
            )
        )

    def _apply(self, move: Move) -> None:
        self._remember()
        if isinstance(move, SpecialChoice):
            side = COLOURS.index(move.colour)
            self._choosing = self._choosing[1:]
            self._gain(side, move.special)
            self._granted.append(self._settle_choices())
            self._reports.append(None)  # no turn resolved
            self.move_stack.append(move)
            return
        assert isinstance(move, JointMove)
        first, second = move.moves
        assert isinstance(first, Program)
        assert isinstance(second, Program)
        programs = (first, second)
        held = list(self._held)
        for side, program in enumerate(programs):
            used = set()
            if program.dash not in (None, STAND):
                used.add("dash")
            if program.blitz and any(row[0] != STAND for row in program.rows[:3]):
                used.add("blitz")
            if any(r == 0 for r, _, _ in program.passes()):
                used.add("quick_pass")
            held[side] = held[side] - used
        options = self._options
        result = resolve_turn(
            self._pos,
            self._carrier,
            programs,
            COLOURS,
            options,
            offence=self._offence,
            ball=self._ball,
            barred=self._barred,
            scores=(self._scores[0], self._scores[1]),
            target=options.target,
            sheet=options.restart == "sheet",
        )
        report = result.report
        self._pos = result.pos
        self._carrier = result.carrier
        self._ball = result.ball
        self._offence = result.offence
        self._barred = result.barred
        self._held = (held[0], held[1])
        choosing = []
        for _event, scorer in result.points:
            self._scores[scorer] += 1
            # the scored-on side gains a special move for each of the opponent's first
            # three points: it chooses which (one left: it takes that one)
            if options.mode == "advanced" and self._scores[scorer] <= len(SPECIALS):
                choosing.append(1 - scorer)
        granted: tuple[tuple[str, str], ...] = ()
        if self.outcome() is None:
            self._choosing = tuple(choosing)
            granted = self._settle_choices()
            if result.points and options.restart == "formation":
                self._reset(1 - report_offence(report))
        self._granted.append(granted)
        self._spaces = None
        self._reports.append(report)
        self.move_stack.append(move)

    def _gain(self, side: int, special: str) -> None:
        gained, held = list(self._gained), list(self._held)
        gained[side] = gained[side] | {special}
        held[side] = held[side] | {special}
        self._gained = (gained[0], gained[1])
        self._held = (held[0], held[1])
        self._spaces = None

    def _settle_choices(self) -> tuple[tuple[str, str], ...]:
        """Choices with one special move left (or none) are no choice: take it now.
        Returns what was taken so, (colour, special move)."""
        granted = []
        while self._choosing:
            side = self._choosing[0]
            left = [s for s in SPECIALS if s not in self._gained[side]]
            if len(left) > 1:
                break
            self._choosing = self._choosing[1:]
            if left:
                self._gain(side, left[0])
                granted.append((COLOURS[side], left[0]))
        return tuple(granted)

    def last_granted(self) -> tuple[tuple[str, str], ...]:
        """The special moves the last move gave without a choice (the last one left of a
        side's three): (colour, special move)."""
        return self._granted[-1] if self._granted else ()

    def choices_pending(self, colour: str) -> int:
        """How many special moves ``colour`` is still to choose (this one included)."""
        return self._choosing.count(COLOURS.index(colour)) if not self.is_over() else 0

    def _reset(self, offence: int) -> None:
        """The formation again, the ball on ``offence``'s Medium (or its first pyramid)."""
        self._pos = [FORMATION[p // 3][p % 3] for p in range(6)]
        self._carrier = offence * 3 + 1
        self._offence = offence
        self._ball = OFF
        self._barred = None

    def pop(self) -> Move:
        if not self._undo:
            raise IndexError("no move to take back")
        record = self._undo.pop()
        self._pos = list(record.pos)
        self._carrier = record.carrier
        self._ball = record.ball
        self._offence = record.offence
        self._barred = record.barred
        self._scores = list(record.scores)
        self._held = record.held
        self._gained = record.gained
        self._choosing = record.choosing
        self._spaces = record.spaces
        self._reports.pop()
        self._granted.pop()
        return self.move_stack.pop()

    # ---- end -----------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        target = self._options.target
        for side in (0, 1):
            if self._scores[side] >= target:
                return self._ending("points", side)
        return None


def report_offence(report: TurnReport) -> int:
    return COLOURS.index(report.offence)
