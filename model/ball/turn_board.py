"""A turn of Pyramid Ball on a copy of the board: its state, and the judgements the row
by row resolution of :mod:`model.ball.turn` asks of it: the goal-row rule, the conflicts
of a row's targets, a push's chain, a pass thrown, a tackle and a point scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pyramid_lab.i18n import M_

from ..words import colour
from .report import PassLine, RowReport
from .rules import (
    COLS,
    GOAL_ROW,
    OFF,
    RELATIVE,
    Program,
    crossed_squares,
    pyramid_label,
    square_name,
    step,
)


class TurnOptions(Protocol):
    """The rule options a turn's resolution reads (``BallOptions`` has them; the options
    live with the position, which imports this module)."""

    @property
    def defensive_score_ends_turn(self) -> bool: ...
    @property
    def offence_may_follow_defender(self) -> bool: ...
    @property
    def tackle_on_contact(self) -> bool: ...


def loose_square(pos: Sequence[int], scorer: int) -> int:
    """Where the ball is placed after ``scorer``'s offensive goal: the first empty square
    of its row beside it, the scorer's left first (as its side faces), then its right,
    then two squares out and so on (a row of 7 always has one: there are 6 pyramids)."""
    sq = pos[scorer]
    col, row = sq % COLS, sq // COLS
    left = -1 if RELATIVE[scorer // 3]["L"] == "W" else 1
    taken = set(pos)
    for distance in range(1, COLS):
        for sign in (left, -left):
            c = col + sign * distance
            if 0 <= c < COLS and row * COLS + c not in taken:
                return row * COLS + c
    raise AssertionError("a full row")  # pragma: no cover


class TurnBoard:
    """The board of one turn being resolved, and the judgements of single moves on it
    (the resolution itself is :class:`model.ball.turn._Turn`, built on this)."""

    def __init__(
        self,
        pos: Sequence[int],
        carrier: int,
        programs: tuple[Program, Program],
        colours: Sequence[str],
        options: TurnOptions,
        offence: int | None,
        ball: int,
        barred: int | None,
        scores: Sequence[int],
        target: int,
        sheet: bool,
    ) -> None:
        self.pos = list(pos)  # pid -> square or OFF (absent)
        self.carrier = carrier  # OFF: the ball lies loose on self.ball
        self.offence = carrier // 3 if offence is None else offence
        self.start_offence = self.offence  # a tackle or interception may swap the roles
        self.ball = ball if carrier == OFF else OFF
        self.barred = barred  # the side barred from its goal row, or None
        # the sheet's restart: an offensive goal places the ball loose and the turn goes on
        self.sheet = sheet
        # ... and after a tackle or interception the scorer is on offence at once
        self.play_on = sheet and not options.defensive_score_ends_turn
        self.scores = list(scores)  # the points so far, this turn's included
        self.target = target  # the points that win the game (its last point ends the turn)
        self.points: list[tuple[str, int]] = []
        self.programs = programs
        self.colours = colours
        self.follow = options.offence_may_follow_defender
        self.contact = options.tackle_on_contact
        self.blocked: set[int] = set()
        self.row_offence = self.offence  # the O of the row being resolved (see row())
        self.took: tuple[int, int] | None = None  # (pid, square): took the ball this row
        self.rows: list[RowReport] = []
        self.event: str | None = None
        self.scorer: int | None = None
        self.over = False  # a point that ends the turn, or a recovery
        self.recovered: str | None = None
        self.lift = False  # the goal-row rule ends with this turn

    def barred_from(self, pid: int, sq: int) -> bool:
        """Whether the goal-row rule keeps ``pid`` off ``sq``."""
        return (
            self.barred is not None
            and pid // 3 == self.barred
            and sq != OFF
            and sq // COLS == GOAL_ROW[self.barred]
        )

    def barred_reason(self, pid: int, sq: int) -> str:
        """Why :meth:`barred_from` keeps ``pid`` off ``sq`` (asked only when it does)."""
        barred = self.barred
        assert barred is not None, "barred_reason asked with no side barred"
        return M_(
            "the goal-row rule: {pyramid} may not enter {square} (row {row}) until the ball is "
            "recovered and carried out or passed",
            pyramid=self.label(pid),
            square=square_name(sq),
            row=GOAL_ROW[barred] + 1,
        )

    def label(self, pid: int) -> str:
        return pyramid_label(pid, self.offence)

    def fixed_failures(
        self,
        direction: dict[int, str],
        target: dict[int, int],
        at: dict[int, int],
        failed: dict[int, str],
    ) -> None:
        offence = self.offence
        for pid, t in target.items():
            if t == OFF:
                failed[pid] = M_(
                    "{square} {direction} leaves the board",
                    square=square_name(self.pos[pid]),
                    direction=direction[pid],
                )
            elif self.barred_from(pid, t):
                failed[pid] = self.barred_reason(pid, t)
            elif t == self.ball and pid // 3 == offence:
                failed[pid] = M_(
                    "the loose ball lies on {square}: only a defender may move onto it",
                    square=square_name(t),
                )
        defenders = [p for p in target if p // 3 != offence and p not in failed]
        attackers = [p for p in target if p // 3 == offence and p not in failed]
        self.clashes(defenders, target, failed)
        by_target: dict[int, list[int]] = {}
        for p in target:
            if p // 3 != offence and target[p] != OFF:
                by_target.setdefault(target[p], []).append(p)
        for pid in attackers:
            t = target[pid]
            holder = at.get(t)
            if t in by_target:
                failed[pid] = M_(
                    "{pyramid} targeted {square}",
                    pyramid=self.label(by_target[t][0]),
                    square=square_name(t),
                )
            elif holder is not None and holder // 3 != offence:
                if not self.follow or holder not in target or holder in failed:
                    failed[pid] = M_(
                        "{pyramid} stands on {square}",
                        pyramid=self.label(holder),
                        square=square_name(t),
                    )
                elif target.get(holder) == self.pos[pid]:
                    failed[pid] = M_(
                        "a swap with {pyramid}: the defender wins", pyramid=self.label(holder)
                    )
        attackers = [p for p in attackers if p not in failed]
        self.clashes(attackers, target, failed)

    def clashes(
        self, movers: Sequence[int], target: dict[int, int], failed: dict[int, str]
    ) -> None:
        """Two of one side targeting one square, or swapping: both fail."""
        pos = self.pos
        for a in movers:
            for b in movers:
                if a >= b:
                    continue
                if target[a] == target[b]:
                    square = square_name(target[a])
                    for one, two in ((a, b), (b, a)):
                        said = M_(
                            "{pyramid} also targeted {square}",
                            pyramid=self.label(two),
                            square=square,
                        )
                        failed.setdefault(one, said)
                elif target[a] == pos[b] and target[b] == pos[a]:
                    failed.setdefault(a, M_("a swap with {pyramid}", pyramid=self.label(b)))
                    failed.setdefault(b, M_("a swap with {pyramid}", pyramid=self.label(a)))

    def chain(
        self,
        pusher: int,
        head: int,
        d: str,
        at: dict[int, int],
        live: set[int],
        target: dict[int, int],
    ) -> tuple[str, list[int], list[int]]:
        """(problem or '', the pushed pyramids, their new squares) for ``pusher``'s push."""
        offence = self.offence
        chain = [head]
        sq = self.pos[head]
        while True:
            nxt = step(sq, d)
            holder = at.get(nxt) if nxt != OFF else None
            if holder is not None and holder // 3 == offence and holder not in live:
                chain.append(holder)
                sq = nxt
                continue
            break
        dests = [step(self.pos[c], d) for c in chain]
        return self._push_problem(pusher, chain, dests, d, at, target), chain, dests

    def _push_problem(
        self,
        pusher: int,
        chain: list[int],
        dests: list[int],
        d: str,
        at: dict[int, int],
        target: dict[int, int],
    ) -> str:
        """Why ``pusher``'s push of ``chain`` (the first pushed first) to ``dests`` fails,
        in words ('' when it stands)."""
        who, offence = self.label(chain[0]), self.offence
        if dests[-1] == OFF:
            return M_(
                "its push of {pyramid} {direction}: the chain would leave the board",
                pyramid=who,
                direction=d,
            )
        if self.ball in dests:
            return M_(
                "its push of {pyramid} {direction}: {square} holds the loose ball",
                pyramid=who,
                direction=d,
                square=square_name(self.ball),
            )
        for c, t in zip(chain, dests, strict=True):
            if self.barred_from(c, t):
                return M_(
                    "its push of {pyramid} {direction}: {reason}",
                    pyramid=who,
                    direction=d,
                    reason=self.barred_reason(c, t),
                )
        # "targeted by another defender", live or failed: a defender keeps its priority for
        # a square even when its own move is blocked (the sheet's conflicts section)
        for other, t in target.items():
            if other != pusher and other // 3 != offence and t in dests:
                return M_(
                    "its push of {pyramid} {direction}: {square} is targeted by {other}",
                    pyramid=who,
                    direction=d,
                    square=square_name(t),
                    other=self.label(other),
                )
        beyond = at.get(dests[-1])
        if beyond is not None and beyond // 3 != offence:
            return M_(
                "its push of {pyramid} {direction}: {square} holds {other}",
                pyramid=who,
                direction=d,
                square=square_name(dests[-1]),
                other=self.label(beyond),
            )
        return ""

    def throw(self, pas: tuple[int, int], at: dict[int, int], events: list[str]) -> PassLine:
        passer, receiver = pas
        a, b = self.pos[passer], self.pos[receiver]
        crossed = crossed_squares(a, b)
        interceptor = next(
            (at[sq] for sq in crossed if sq in at and at[sq] // 3 != self.offence), None
        )
        if self.barred is not None and self.barred != self.offence:
            self.lift = True  # the recovering side attempts a pass
        if interceptor is not None:
            self.carrier = interceptor
            self.took = (interceptor, self.pos[interceptor])
            told = len(events)
            self.score("interception", 1 - self.offence, interceptor, events)
            # labelled as the row's steps are, after a swap of the roles too
            where = square_name(self.pos[interceptor])
            events.insert(
                told,
                M_(
                    "interception: {pyramid} on {square}",
                    pyramid=self.label(interceptor),
                    square=where,
                ),
            )
        else:
            self.carrier = receiver
            if b // COLS == GOAL_ROW[self.offence]:
                events.append(M_("goal: pass received on {square}", square=square_name(b)))
                self.score("goal", self.offence, receiver, events)
        return PassLine(
            self.label(passer),
            self.label(receiver),
            square_name(a),
            square_name(b),
            tuple(square_name(sq) for sq in crossed),
            self.label(interceptor) if interceptor is not None else None,
            interceptor is None,
        )

    def tackle(
        self,
        start: Sequence[int],
        target: dict[int, int],
        live: set[int],
        failed: dict[int, str],
        push_failed: set[int],
        events: list[str],
    ) -> None:
        carrier = self.carrier
        if carrier == OFF or self.over:
            return  # the ball lies loose
        sq = start[carrier]
        if carrier in live:
            return  # it left its square by its own move
        for pid, t in target.items():
            if pid // 3 == self.offence or t != sq:
                continue
            if pid in live or (self.contact and pid in push_failed and failed.get(pid)):
                self.carrier = pid
                self.took = (pid, self.pos[pid])
                pyramid, square = self.label(pid), square_name(sq)
                events.append(
                    M_("tackle: {pyramid} on {square}", pyramid=pyramid, square=square)
                    if pid in live
                    else M_(
                        "tackle: {pyramid} on {square} (on contact: its push is impossible)",
                        pyramid=pyramid,
                        square=square,
                    )
                )
                self.score("tackle", 1 - self.offence, pid, events)
                return

    def score(self, event: str, side: int, scorer: int, events: list[str]) -> None:
        """A point for ``side``, made by its pyramid ``scorer``. The game's last point ends
        the turn. Under the sheet's restart (``sheet``) the turn goes on after any other:
        an offensive goal places the ball loose beside ``scorer`` and bars the scoring side
        from its goal row; after a tackle or interception (``play_on``) the scorer's side is
        on offence at once ("immediately considered to be on offense"). Otherwise a point
        ends the turn."""
        if self.event is None:
            self.event, self.scorer = event, side
        self.points.append((event, side))
        self.scores[side] += 1
        if self.scores[side] >= self.target:
            self.over = True  # the winning point: the pieces stay where they are
            return
        if event == "goal" and self.sheet:
            self.ball = loose_square(self.pos, scorer)
            self.carrier = OFF
            self.barred = side
            self.lift = False
            events.append(M_("ball placed loose on {square}", square=square_name(self.ball)))
            return
        if side != self.offence:
            self.barred = None  # a defensive score: play goes on as normal
            if self.play_on:
                self.offence = side
                events.append(
                    M_(
                        "{colour} is on offence at once: the rest of the turn is played with "
                        "the roles swapped",
                        colour=colour(self.colours[side]),
                    )
                )
                return
        self.over = True
