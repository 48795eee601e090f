"""The row-by-row resolution of one turn of Pyramid Ball (``spec/ball.md``): each row's
steps, pushes and blocks judged together, the pass, tackles, goals and recoveries, on a copy
of the board; :func:`resolve_turn` answers a :class:`TurnResult` with the turn's report.
The board, the notation and the programs are :mod:`model.ball.rules`'. One turn is one
object, :class:`_Turn` (about 650 lines, one concept): the turn's board, the judgements of
single moves on it and the resolution that asks them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from pyramid_lab.i18n import M_

from ..words import colour
from .report import PassLine, PyramidRow, RowReport, TurnReport
from .rules import (
    COLS,
    GOAL_ROW,
    OFF,
    PASSES,
    RELATIVE,
    SIZE_LETTERS,
    STAND,
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


#: A row's pushes: the pusher -> the pieces it pushes (a chain) and the squares they go to.
Pushes = dict[int, tuple[list[int], list[int]]]


class _Turn:
    """One turn resolved on a copy of the board (see resolve_turn): the board of the turn,
    the judgements of single moves on it (the goal-row rule, conflicts, chains, a pass, a
    tackle, a point) and the row-by-row resolution that asks them."""

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

    def run(self) -> None:
        programs = self.programs
        blitzer = next((s * 3 for s in (0, 1) if programs[s].blitz), None)
        dashing = any(p.dash is not None for p in programs)
        plan: list[tuple[str, dict[int, str], Any]] = []
        for r in range(3):
            entries = {}
            for side in (0, 1):
                for k in range(3):
                    pid = side * 3 + k
                    # a Blitz moved the Large's row-2 and row-3 steps into row 1
                    consumed = r > 0 and pid == blitzer
                    entries[pid] = STAND if consumed else programs[side].rows[r][k]
            pas = r  # the pass of that program row, looked up when the row is played
            if r == 0 and blitzer is not None:
                plan.append(("1a", entries, pas))
                for sub, name in ((1, "1b"), (2, "1c")):
                    lone = {pid: STAND for pid in entries}
                    lone[blitzer] = programs[blitzer // 3].rows[sub][0]
                    plan.append((name, lone, None))
            else:
                plan.append((str(r + 1), entries, pas))
        if dashing:
            entries = {pid: STAND for pid in range(6)}
            for side in (0, 1):
                dash = programs[side].dash
                if dash is not None:
                    entries[side * 3 + 2] = dash
            plan.append(("4", entries, None))
        for name, entries, pas_row in plan:
            # the carrier now (a goal under the advanced restart may have loosed the ball)
            self.row(name, entries, None if pas_row is None else self.pass_in(pas_row))
            if self.over:
                break
        if self.lift and self.barred is not None:
            barred = colour(self.colours[self.barred])
            self.barred = None
            last = self.rows[-1]
            self.rows[-1] = replace(
                last,
                events=(
                    *last.events,
                    M_("the goal-row rule ends: {colour} may enter it again", colour=barred),
                ),
            )

    def pass_in(self, r: int) -> tuple[int, int] | None:
        for row, k, receiver in self.programs[self.offence].passes():
            if row == r and self.carrier != OFF and self.offence * 3 + k == self.carrier:
                return self.carrier, self.offence * 3 + receiver
        return None

    # -- one row --

    def row(self, name: str, entries: dict[int, str], pas: tuple[int, int] | None) -> None:
        """Play one row of the turn: each piece's entry, the pass, the steps, pushes and
        blocks judged together, then tackles, goals and recoveries; its report appended."""
        pos = self.pos
        at = {sq: pid for pid, sq in enumerate(pos) if sq != OFF}
        self.row_offence = self.offence  # the roles the row's lines are labelled by
        lines, direction, target = self._row_lines(entries, pas)
        events: list[str] = []
        pass_line = None
        if pas is not None:
            pass_line = self.throw(pas, at, events)
            if self.over:
                self.report(name, lines, {}, pass_line, events)
                return
        offence = self.offence  # after an interception that plays on: the interceptor's side
        self.row_offence = offence  # its steps are judged with these roles
        failed: dict[int, str] = {}
        push_failed: set[int] = set()
        self.fixed_failures(direction, target, at, failed)
        pushes = self._judge_steps(offence, direction, target, at, failed, push_failed)
        start = list(pos)
        live = self._apply_row(lines, direction, target, failed, pushes)
        self.tackle(start, target, live, failed, push_failed, events)
        self._after_row(events)
        self.report(name, lines, dict(zip(range(6), start, strict=True)), pass_line, events, target)

    def _row_lines(
        self, entries: dict[int, str], pas: tuple[int, int] | None
    ) -> tuple[dict[int, dict[str, Any]], dict[int, str], dict[int, int]]:
        """Each piece's report line as entered, and the direction and square of those that
        step (a pass, a stand and a piece blocked earlier this turn do not)."""
        pos = self.pos
        lines: dict[int, dict[str, Any]] = {}
        direction: dict[int, str] = {}
        target: dict[int, int] = {}
        for pid, entry in entries.items():
            if pos[pid] == OFF:
                continue
            d = RELATIVE[pid // 3].get(entry)
            lines[pid] = {"entry": entry, "direction": d, "outcome": "stood", "reason": ""}
            if d is None:
                if entry in PASSES and pas is not None and pas[0] == pid:
                    lines[pid]["outcome"] = "passed"
                elif entry in PASSES:
                    lines[pid]["reason"] = M_("it no longer carries the ball: no pass")
                continue
            if pid in self.blocked:
                lines[pid]["reason"] = M_("blocked earlier this turn: stands")
                continue
            direction[pid] = d
            target[pid] = step(pos[pid], d)
        return lines, direction, target

    def _judge_steps(
        self,
        offence: int,
        direction: dict[int, str],
        target: dict[int, int],
        at: dict[int, int],
        failed: dict[int, str],
        push_failed: set[int],
    ) -> Pushes:
        """The steps that fail (into ``failed``, with their reasons) and the pushes that
        stand, judged again until no new step fails: a failed step can fail another."""
        while True:
            live = {pid for pid in target if pid not in failed}
            pushes, new = self._pushes(offence, direction, target, at, live, push_failed)
            self._held_steps(offence, target, at, live, pushes, new)
            if not new:
                return pushes
            failed.update(new)

    def _pushes(
        self,
        offence: int,
        direction: dict[int, str],
        target: dict[int, int],
        at: dict[int, int],
        live: set[int],
        push_failed: set[int],
    ) -> tuple[Pushes, dict[int, str]]:
        """The defence's steps into an attacker that does not move: each one's chain and
        squares, or its reason to fail (a chain that cannot move, two pushes that meet)."""
        pushes: Pushes = {}
        new: dict[int, str] = {}
        moved_into: dict[int, list[int]] = {}
        for pid in sorted(live):
            if pid // 3 == offence:
                continue
            holder = at.get(target[pid])
            if holder is None or holder // 3 != offence or holder in live:
                continue
            problem, chain, dests = self.chain(pid, holder, direction[pid], at, live, target)
            if problem:
                new[pid] = problem
                push_failed.add(pid)
            else:
                pushes[pid] = (chain, dests)
                for dest in dests:
                    moved_into.setdefault(dest, []).append(pid)
        for sq, pushers in moved_into.items():
            if len(pushers) > 1:
                for pid in pushers:
                    other = self.label(next(p for p in pushers if p != pid))
                    new.setdefault(
                        pid,
                        M_(
                            "its push and {other}'s push meet on {square}",
                            other=other,
                            square=square_name(sq),
                        ),
                    )
                    push_failed.add(pid)
        return pushes, new

    def _held_steps(
        self,
        offence: int,
        target: dict[int, int],
        at: dict[int, int],
        live: set[int],
        pushes: Pushes,
        new: dict[int, str],
    ) -> None:
        """Into ``new``: each step into a square that stays held (by a piece that does not
        move) or into which an attacker is pushed."""
        pushed_sq = {d: pid for pid, (_, dests) in pushes.items() for d in dests}
        pushed_set = {c for chain, _ in pushes.values() for c in chain}
        for pid in sorted(live):
            if pid in new:
                continue
            t = target[pid]
            if pid // 3 == offence and t in pushed_sq:
                pusher = pushed_sq[t]
                who = self.label(next(c for c, d in zip(*pushes[pusher], strict=True) if d == t))
                new[pid] = M_(
                    "{pyramid} is pushed into {square}", pyramid=who, square=square_name(t)
                )
                continue
            holder = at.get(t)
            if holder is None or holder in live or holder in pushed_set:
                continue
            if pid // 3 != offence and holder // 3 == offence:
                continue  # a push, judged above
            new[pid] = M_(
                "{square} is held by {pyramid}, which does not move",
                square=square_name(t),
                pyramid=self.label(holder),
            )

    def _apply_row(
        self,
        lines: dict[int, dict[str, Any]],
        direction: dict[int, str],
        target: dict[int, int],
        failed: dict[int, str],
        pushes: Pushes,
    ) -> set[int]:
        """Move the pieces whose steps stand and those pushed, mark the blocked ones, and
        write each outcome on its line; the pieces that stepped."""
        pos = self.pos
        live = {pid for pid in target if pid not in failed}
        pushed_by: dict[int, int] = {}
        for pusher, (chain, dests) in pushes.items():
            for c, dest in zip(chain, dests, strict=True):
                pos[c] = dest
                pushed_by[c] = pusher
        for pid in live:
            pos[pid] = target[pid]
        for pid, reason in failed.items():
            self.blocked.add(pid)
            lines[pid]["outcome"] = "blocked"
            lines[pid]["reason"] = reason
        for pid in live:
            lines[pid]["outcome"] = "moved"
        for pid, pusher in pushed_by.items():
            lines[pid]["outcome"] = "pushed"
            lines[pid]["pushed_by"] = self.label(pusher)
            lines[pid]["reason"] = M_(
                "pushed {direction} by {pyramid}",
                direction=direction[pusher],
                pyramid=self.label(pusher),
            )
        return live

    def _after_row(self, events: list[str]) -> None:
        """The row's end: a goal, the ball recovered by the defence, the goal-row rule's
        lift (the carrier out of the barred side's goal row)."""
        pos = self.pos
        offence = self.offence  # a tackle that plays on: the tackler's side
        carrier = self.carrier
        # a carrier that took the ball this row where it stands has not entered the goal
        # row with it: the goal test holds from the next row's end
        fresh = self.took == (carrier, pos[carrier]) if carrier != OFF else False
        self.took = None
        if (
            not self.over
            and carrier != OFF
            and not fresh
            and pos[carrier] // COLS == GOAL_ROW[offence]
        ):
            events.append(
                M_(
                    "goal: {pyramid} carries the ball onto {square}",
                    pyramid=self.label(carrier),
                    square=square_name(pos[carrier]),
                )
            )
            self.score("goal", offence, carrier, events)
        if self.ball != OFF:
            holder = next((p for p, sq in enumerate(pos) if sq == self.ball), None)
            if holder is not None and holder // 3 != offence:
                self.recovered = f"{self.label(holder)} on {square_name(self.ball)}"
                events.append(
                    M_(
                        "{pyramid} recovers the ball on {square}",
                        pyramid=self.label(holder),
                        square=square_name(self.ball),
                    )
                )
                self.carrier, self.ball, self.over = holder, OFF, True
        carrier = self.carrier
        if (
            self.barred is not None
            and carrier != OFF
            and carrier // 3 != self.barred
            and pos[carrier] // COLS != GOAL_ROW[self.barred]
        ):
            self.lift = True  # carried out of the goal row

    def report(
        self,
        name: str,
        lines: dict[int, dict[str, Any]],
        start: dict[int, int],
        pass_line: PassLine | None,
        events: list[str],
        target: dict[int, int] | None = None,
    ) -> None:
        rows = []
        for pid in sorted(lines):
            info = lines[pid]
            src = start.get(pid, self.pos[pid])
            t = target.get(pid) if target else None
            rows.append(
                PyramidRow(
                    pyramid_label(pid, self.row_offence),
                    self.colours[pid // 3],
                    SIZE_LETTERS[pid % 3],
                    info["entry"],
                    info["direction"],
                    info["outcome"],
                    info["reason"],
                    square_name(src),
                    square_name(t) if t is not None else None,
                    square_name(self.pos[pid]),
                    info.get("pushed_by"),
                )
            )
        after = tuple(
            (square_name(sq), self.colours[pid // 3], SIZE_LETTERS[pid % 3], pid == self.carrier)
            for pid, sq in enumerate(self.pos)
            if sq != OFF
        )
        ball = square_name(self.ball) if self.ball != OFF else None
        offence = self.colours[self.row_offence]
        self.rows.append(
            RowReport(name, tuple(rows), pass_line, tuple(events), after, ball, offence)
        )


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What :func:`resolve_turn` leaves: the squares, the carrier (OFF: the ball lies loose
    on ``ball``), the offence for the next turn, the goal-row rule's barred side, the
    point (event, scoring side) and the report."""

    pos: list[int]
    carrier: int
    ball: int
    offence: int
    barred: int | None
    event: str | None
    scorer: int | None
    report: TurnReport
    points: tuple[tuple[str, int], ...] = ()  # every point of the turn: (event, side)


def resolve_turn(
    pos: Sequence[int],
    carrier: int,
    programs: tuple[Program, Program],
    colours: Sequence[str],
    options: TurnOptions,
    *,
    offence: int | None = None,
    ball: int = OFF,
    barred: int | None = None,
    scores: tuple[int, int] = (0, 0),
    target: int = 1,
    sheet: bool = False,
) -> TurnResult:
    """Resolve one turn: ``pos`` pid -> square (OFF: absent), ``carrier`` the pid with the
    ball or OFF with the ball loose on ``ball`` (then ``offence`` says who is offence),
    ``programs`` per side (already checked by :func:`program_problem`), ``barred`` the side
    under the goal-row rule, ``scores`` before the turn and the ``target`` that wins;
    ``sheet``: the advanced restart (the turn goes on after a point that does not win:
    see ``_Turn.score``)."""
    turn = _Turn(
        pos, carrier, programs, colours, options, offence, ball, barred, scores, target, sheet
    )
    turn.run()
    report = TurnReport(
        colours[turn.start_offence],
        tuple(turn.rows),
        turn.event,
        colours[turn.scorer] if turn.scorer is not None else None,
        tuple(pyramid_label(p, turn.start_offence) for p in sorted(turn.blocked)),
        square_name(turn.ball) if turn.ball != OFF else None,
        turn.recovered,
        tuple((event, colours[side]) for event, side in turn.points),
    )
    after = turn.carrier // 3 if turn.carrier != OFF else turn.offence
    return TurnResult(
        turn.pos,
        turn.carrier,
        turn.ball,
        after,
        turn.barred,
        turn.event,
        turn.scorer,
        report,
        tuple(turn.points),
    )
