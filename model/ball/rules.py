"""Pyramid Ball's board, program notation and the row-by-row resolution of one turn.

Pure functions and frozen values, no game state: :mod:`model.ball` keeps the position, the
scores and the special moves and calls :func:`resolve_turn`. The rules followed are
``spec/ball.md`` (summarised in :mod:`model.ball`'s docstring, with every choice made
where the spec is silent).

Squares are ids ``row * 7 + col`` (a1 = 0, g8 = 55). Pyramids are ids ``side * 3 + k``
with ``k`` 0 Large, 1 Medium, 2 Small (the program's column order).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..game import InvalidMoveError, Move, quote
from .report import PassLine, PyramidRow, RowReport, TurnReport

COLS, ROWS = 7, 8
SQUARES = COLS * ROWS
OFF = -1
SIZE_LETTERS = "LMS"  # k -> letter, the program's column order
SIZE_NAMES = ("Large", "Medium", "Small")
FILE_SIZE = (3, 2, 1)  # k -> the size number in position files (bigger is bigger)
# Absolute directions: N towards row 8, S, E towards column g, W.
DIRS = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
#: Program letters as each side means them: side 0 sits at row 1, side 1 at row 8.
RELATIVE = (
    {"F": "N", "B": "S", "L": "W", "R": "E"},
    {"F": "S", "B": "N", "L": "E", "R": "W"},
)
GOAL_ROW = (ROWS - 1, 0)  # the row a side scores on (the opponent's edge)
STAND = "S"
MOVES = ("F", "B", "L", "R")
PASSES = (">L", ">M", ">S")
ENTRIES = (*MOVES, STAND, *PASSES)
DIAGONALS = {"FL", "LF", "FR", "RF", "BL", "LB", "BR", "RB"}
#: The formation after a score and at the start: per side, k -> square (the sheet's
#: offence b3 L, d4 M, f3 S and defence b6 L, d5 M, f6 S; it is mirror-symmetric in the
#: rows, so it is the same whichever side holds the ball).
FORMATION = ((1 + 2 * COLS, 3 + 3 * COLS, 5 + 2 * COLS), (1 + 5 * COLS, 3 + 4 * COLS, 5 + 5 * COLS))


def square(col: int, row: int) -> int:
    """The square id of column ``col`` (0 = a) and row ``row`` (0 = row 1); OFF outside."""
    return row * COLS + col if 0 <= col < COLS and 0 <= row < ROWS else OFF


NAMES = tuple(f"{'abcdefg'[sq % COLS]}{sq // COLS + 1}" for sq in range(SQUARES))


def square_name(sq: int) -> str:
    return "off the board" if sq == OFF else NAMES[sq]


def parse_square(text: str) -> int:
    match = re.fullmatch(r"([a-g])([1-8])", text.strip().lower())
    if match is None:
        raise ValueError(f"{quote(text)} is not a square a1..g8")
    return square("abcdefg".index(match.group(1)), int(match.group(2)) - 1)


#: STEP[direction][square]: the square one step on, or OFF.
STEP = {
    d: tuple(square(sq % COLS + dx, sq // COLS + dy) for sq in range(SQUARES))
    for d, (dx, dy) in DIRS.items()
}


def step(sq: int, direction: str) -> int:
    return STEP[direction][sq]


def pyramid_label(pid: int, offence: int) -> str:
    """'OM', 'DL': the role letter (offence or defence this turn) and the size letter."""
    return ("O" if pid // 3 == offence else "D") + SIZE_LETTERS[pid % 3]


# ---- line of sight ------------------------------------------------------------------------


def crossed_squares(a: int, b: int) -> tuple[int, ...]:
    """The squares a pass from ``a`` to ``b`` crosses, nearest ``a`` first (spec: C inside
    the bounding box, not A or B, with 2|dx(Cy-Ay) - dy(Cx-Ax)| < |dx| + |dy|; a corner
    touch is not a crossing)."""
    ax, ay, bx, by = a % COLS, a // COLS, b % COLS, b // COLS
    dx, dy = bx - ax, by - ay
    limit = abs(dx) + abs(dy)
    found = []
    for cx in range(min(ax, bx), max(ax, bx) + 1):
        for cy in range(min(ay, by), max(ay, by) + 1):
            if (cx, cy) in ((ax, ay), (bx, by)):
                continue
            if 2 * abs(dx * (cy - ay) - dy * (cx - ax)) < limit:
                found.append(((cx - ax) * dx + (cy - ay) * dy, cy * COLS + cx))
    return tuple(sq for _, sq in sorted(found))


# ---- programs -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Program(Move):
    """One side's program for a turn: 3 rows (4 with Dash) of entries for the Large, the
    Medium and the Small: ``F B L R`` (relative to the player), ``S`` (stand) or ``>L``,
    ``>M``, ``>S`` (stand and pass to that pyramid). ``blitz``: the Large takes its three
    steps in row 1. ``str()`` is the notation (``F,R,R/S,>L,F/B,F,F``; ``!`` before the
    Large's row-1 entry for Blitz; a fourth row is the Dash, only its Small entry counts)."""

    rows: tuple[tuple[str, str, str], ...]
    blitz: bool = False

    def __str__(self) -> str:
        text = "/".join(",".join(row) for row in self.rows)
        return "!" + text if self.blitz else text

    @property
    def dash(self) -> str | None:
        """The Small's Dash entry, or None without a Dash row."""
        return self.rows[3][2] if len(self.rows) > 3 else None

    def passes(self) -> list[tuple[int, int, int]]:
        """(row, passer k, receiver k) of every pass entry."""
        return [
            (r, k, SIZE_LETTERS.index(entry[1]))
            for r, row in enumerate(self.rows)
            for k, entry in enumerate(row)
            if entry in PASSES
        ]


ALL_STAND = Program(((STAND,) * 3,) * 3)


def parse_program(text: str) -> Program:
    """A program from its notation (InvalidMoveError naming the entry). Diagonal (``FL``,
    ``RB``...) and missing entries (an empty entry, a short row, a missing row) are Stand,
    as the sheet says; anything else unknown is an error."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a program is text, not {quote(text)}")
    body = text.strip()
    blitz = body.startswith("!")
    if blitz:
        body = body[1:].lstrip()
    parts = body.split("/") if body else []
    if len(parts) > 4:
        raise InvalidMoveError(
            f"{quote(text)}: {len(parts)} rows; a program has 3 rows (4 with the Dash)"
        )
    rows: list[tuple[str, str, str]] = []
    for r in range(max(3, len(parts))):
        cells = parts[r].split(",") if r < len(parts) and parts[r].strip() else []
        if len(cells) > 3:
            raise InvalidMoveError(
                f"{quote(text)}: row {r + 1} has {len(cells)} entries; write Large,Medium,Small"
            )
        row = []
        for k in range(3):
            raw = cells[k].strip().upper() if k < len(cells) else ""
            if raw.startswith("!"):
                raise InvalidMoveError(
                    f"{quote(text)}: row {r + 1}, {SIZE_NAMES[k]}: '!' (Blitz) goes only before "
                    "the Large's row-1 entry, at the start of the program"
                )
            if raw in ("", *DIAGONALS):
                row.append(STAND)
            elif raw in ENTRIES:
                row.append(raw)
            else:
                raise InvalidMoveError(
                    f"{quote(text)}: row {r + 1}, {SIZE_NAMES[k]}: {quote(cells[k].strip())} is "
                    "not an entry; write F, B, L, R, S or >L, >M, >S (a pass)"
                )
        rows.append((row[0], row[1], row[2]))
    return Program(tuple(rows), blitz)


def program_problem(
    program: Program,
    side: int,
    offence: int,
    carrier_k: int | None,
    held: frozenset[str],
    present: Callable[[int], bool],
    must_leave: tuple[int, ...] = (),
    goal_row: int | None = None,
) -> str | None:
    """Why ``program`` is not a legal program for ``side`` (None when it is): the checks
    made on entry (spec: at most one pass, only by the carrier, only in rows 2-3 or row 1
    with Quick Pass, to a pyramid of one's own on the board; Dash and Blitz only when held,
    Blitz only for the defence). ``present(k)``: whether the side's pyramid k is on the
    board. ``carrier_k`` None: the ball lies loose (nobody may pass). ``must_leave``: the
    side's pyramids (k) standing on the goal row ``goal_row`` it is barred from (the
    advanced game's goal-row rule): each must step B in row 1."""
    for k in must_leave:
        if program.rows[0][k] != "B":
            assert goal_row is not None  # must_leave comes with its row
            return (
                f"the goal-row rule: the {SIZE_NAMES[k]} stands on row {goal_row + 1} and must "
                f"leave it: its row-1 entry must be B, not {program.rows[0][k]}"
            )
    passes = program.passes()
    if passes and side != offence:
        return "only the side with the ball (the offence) may pass"
    if passes and carrier_k is None:
        return "the ball lies loose: nobody carries it, so nobody may pass"
    if len(passes) > 1:
        return "at most one pass a turn"
    for r, k, receiver in passes:
        if r == 3:
            return "no pass in the Dash row"
        if k != carrier_k:
            assert carrier_k is not None  # returned above: nobody passes a loose ball
            return (
                f"only the carrier ({SIZE_NAMES[carrier_k]}) may pass; row {r + 1} gives the "
                f"{SIZE_NAMES[k]} a pass"
            )
        if receiver == k:
            return f"row {r + 1}: the {SIZE_NAMES[k]} cannot pass to itself"
        if not present(receiver):
            return f"row {r + 1}: there is no {SIZE_NAMES[receiver]} to pass to"
        if r == 0 and not (k == 1 and "quick_pass" in held):
            if k == 1:
                return "no pass in row 1 without the Quick Pass special move"
            return "no pass in row 1 (only a Medium carrier holding Quick Pass may)"
    if program.dash is not None and "dash" not in held:
        return "the Dash (a fourth row) needs the Dash special move"
    if program.blitz:
        if side == offence:
            return "Blitz is for the defence only"
        if "blitz" not in held:
            return "Blitz needs the Blitz special move"
    return None


# ---- tracks: one pyramid's part of a program, and its Stand normal form ----------------------
#
# A program is a product of three independent tracks (Large, Medium, Small), so the set of
# programs a side may enter is a product of three small lists (see ProgramSpace).
# Track = (row-1, row-2, row-3 entries, extra): extra is the Blitz flag for the Large, the
# Dash entry (or None) for the Small, None for the Medium.
#: (the entries are a program's letters, built from and into :class:`Program`'s rows)
Track = tuple[Any, ...]


def normal_track(
    track: Track, k: int, start: int, defender: bool, walls: frozenset[int] = frozenset()
) -> Track:
    """The Stand normal form of one pyramid's track, from its square ``start``.

    * A step off the board fails and blocks the pyramid, which then stands for the rest of
      the turn: so the step and every later one become Stand (a blocked carrier still
      makes its programmed pass, so pass entries stay). A defender is never pushed, so
      its square before each step is known (if an earlier step failed it is blocked
      anyway): every step is checked. An offensive pyramid may be pushed: only row 1.
    * ``walls``: squares a checked step fails on just as off the board, for the whole
      turn (the advanced restart: the goal row the pyramid's side is barred from, which
      is lifted only at the end of a turn; for an offensive pyramid, the loose ball's
      square, which only a defender may enter, in row 1).
    * A Dash whose Small entry is Stand, and a Blitz whose steps all stand, are not used
      (the special move is kept).
    """
    e1, e2, e3, extra = track
    side = k // 3
    blitz = k % 3 == 0 and extra is True
    steps = [e1, e2, e3] + ([extra] if k % 3 == 2 and extra is not None else [])
    out = list(steps)
    sq = start
    checked = len(steps) if defender else 1
    for i in range(len(steps)):
        entry = steps[i]
        if entry not in MOVES:
            continue
        nxt = step(sq, RELATIVE[side][entry])
        if i >= checked:
            break
        if nxt == OFF or nxt in walls:
            out[i:] = [e if e in PASSES else STAND for e in out[i:]]
            break
        sq = nxt
    if k % 3 == 2:
        dash = out[3] if len(out) > 3 else None
        return (out[0], out[1], out[2], None if dash in (None, STAND) else dash)
    if k % 3 == 0:
        return (out[0], out[1], out[2], blitz and any(e != STAND for e in out[:3]))
    return (out[0], out[1], out[2], None)


def program_tracks(program: Program) -> tuple[Track, Track, Track]:
    rows = program.rows
    col = [tuple(rows[r][k] for r in range(3)) for k in range(3)]
    return (
        (*col[0], program.blitz),
        (*col[1], None),
        (*col[2], program.dash),
    )


def program_of(tracks: tuple[Track, Track, Track]) -> Program:
    large, medium, small = tracks
    rows = [(large[r], medium[r], small[r]) for r in range(3)]
    if small[3] is not None:
        rows.append((STAND, STAND, small[3]))
    return Program(tuple(rows), bool(large[3]))


# ---- one turn ----------------------------------------------------------------------------


class TurnOptions(Protocol):
    """The rule options a turn's resolution reads (``BallOptions`` has them; the options
    live with the position, which imports this module)."""

    @property
    def defensive_score_ends_turn(self) -> bool: ...
    @property
    def offence_may_follow_defender(self) -> bool: ...
    @property
    def tackle_on_contact(self) -> bool: ...


class _Turn:
    """The resolution of one turn on a copy of the board (see resolve_turn)."""

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
        return (
            f"the goal-row rule: {self.label(pid)} may not enter {square_name(sq)} (row "
            f"{GOAL_ROW[barred] + 1}) until the ball is recovered and carried out or passed"
        )

    def label(self, pid: int) -> str:
        return pyramid_label(pid, self.offence)

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
            colour = self.colours[self.barred]
            self.barred = None
            last = self.rows[-1]
            self.rows[-1] = replace(
                last, events=(*last.events, f"the goal-row rule ends: {colour} may enter it again")
            )

    def pass_in(self, r: int) -> tuple[int, int] | None:
        for row, k, receiver in self.programs[self.offence].passes():
            if row == r and self.carrier != OFF and self.offence * 3 + k == self.carrier:
                return self.carrier, self.offence * 3 + receiver
        return None

    # -- one row --

    def row(self, name: str, entries: dict[int, str], pas: tuple[int, int] | None) -> None:
        pos = self.pos
        at = {sq: pid for pid, sq in enumerate(pos) if sq != OFF}
        self.row_offence = self.offence  # the roles the row's lines are labelled by
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
                    lines[pid]["reason"] = "it no longer carries the ball: no pass"
                continue
            if pid in self.blocked:
                lines[pid]["reason"] = "blocked earlier this turn: stands"
                continue
            direction[pid] = d
            target[pid] = step(pos[pid], d)
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
        pushes: dict[int, tuple[list[int], list[int]]] = {}
        while True:
            live = {pid for pid in target if pid not in failed}
            pushes = {}
            new: dict[int, str] = {}
            moved_into: dict[int, list[int]] = {}
            for pid in sorted(live):
                if pid // 3 == offence:
                    continue
                t = target[pid]
                holder = at.get(t)
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
                            pid, f"its push and {other}'s push meet on {square_name(sq)}"
                        )
                        push_failed.add(pid)
            pushed_sq = {d: pid for pid, (_, dests) in pushes.items() for d in dests}
            pushed_set = {c for chain, _ in pushes.values() for c in chain}
            for pid in sorted(live):
                if pid in new:
                    continue
                t = target[pid]
                if pid // 3 == offence and t in pushed_sq:
                    pusher = pushed_sq[t]
                    who = self.label(
                        next(c for c, d in zip(*pushes[pusher], strict=True) if d == t)
                    )
                    new[pid] = f"{who} is pushed into {square_name(t)}"
                    continue
                holder = at.get(t)
                if holder is None or holder in live or holder in pushed_set:
                    continue
                if pid // 3 != offence and holder // 3 == offence:
                    continue  # a push, judged above
                new[pid] = f"{square_name(t)} is held by {self.label(holder)}, which does not move"
            if not new:
                break
            failed.update(new)
        # apply
        live = {pid for pid in target if pid not in failed}
        start = list(pos)
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
            lines[pid]["reason"] = f"pushed {direction[pusher]} by {self.label(pusher)}"
        self.tackle(start, target, live, failed, push_failed, events)
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
                f"goal: {self.label(carrier)} carries the ball onto {square_name(pos[carrier])}"
            )
            self.score("goal", offence, carrier, events)
        if self.ball != OFF:
            holder = next((p for p, sq in enumerate(pos) if sq == self.ball), None)
            if holder is not None and holder // 3 != offence:
                self.recovered = f"{self.label(holder)} on {square_name(self.ball)}"
                events.append(f"{self.label(holder)} recovers the ball on {square_name(self.ball)}")
                self.carrier, self.ball, self.over = holder, OFF, True
        carrier = self.carrier
        if (
            self.barred is not None
            and carrier != OFF
            and carrier // 3 != self.barred
            and pos[carrier] // COLS != GOAL_ROW[self.barred]
        ):
            self.lift = True  # carried out of the goal row
        self.report(name, lines, dict(zip(range(6), start, strict=True)), pass_line, events, target)

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
                failed[pid] = f"{square_name(self.pos[pid])} {direction[pid]} leaves the board"
            elif self.barred_from(pid, t):
                failed[pid] = self.barred_reason(pid, t)
            elif t == self.ball and pid // 3 == offence:
                failed[pid] = (
                    f"the loose ball lies on {square_name(t)}: only a defender may move onto it"
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
                failed[pid] = f"{self.label(by_target[t][0])} targeted {square_name(t)}"
            elif holder is not None and holder // 3 != offence:
                if not self.follow or holder not in target or holder in failed:
                    failed[pid] = f"{self.label(holder)} stands on {square_name(t)}"
                elif target.get(holder) == self.pos[pid]:
                    failed[pid] = f"a swap with {self.label(holder)}: the defender wins"
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
                    why = "{} also targeted " + square_name(target[a])
                elif target[a] == pos[b] and target[b] == pos[a]:
                    why = "a swap with {}"
                else:
                    continue
                failed.setdefault(a, why.format(self.label(b)))
                failed.setdefault(b, why.format(self.label(a)))

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
        who = self.label(head)
        push = f"its push of {who} {d}"
        if dests[-1] == OFF:
            return f"{push}: the chain would leave the board", chain, dests
        if self.ball in dests:
            return f"{push}: {square_name(self.ball)} holds the loose ball", chain, dests
        for c, t in zip(chain, dests, strict=True):
            if self.barred_from(c, t):
                return f"{push}: {self.barred_reason(c, t)}", chain, dests
        # "targeted by another defender", live or failed: a defender keeps its priority for
        # a square even when its own move is blocked (the sheet's conflicts section)
        for other, t in target.items():
            if other != pusher and other // 3 != offence and t in dests:
                return f"{push}: {square_name(t)} is targeted by {self.label(other)}", chain, dests
        beyond = at.get(dests[-1])
        if beyond is not None and beyond // 3 != offence:
            return f"{push}: {square_name(dests[-1])} holds {self.label(beyond)}", chain, dests
        return "", chain, dests

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
            events.insert(told, f"interception: {self.label(interceptor)} on {where}")
        else:
            self.carrier = receiver
            if b // COLS == GOAL_ROW[self.offence]:
                events.append(f"goal: pass received on {square_name(b)}")
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
                how = "" if pid in live else " (on contact: its push is impossible)"
                events.append(f"tackle: {self.label(pid)} on {square_name(sq)}{how}")
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
            events.append(f"ball placed loose on {square_name(self.ball)}")
            return
        if side != self.offence:
            self.barred = None  # a defensive score: play goes on as normal
            if self.play_on:
                self.offence = side
                events.append(
                    f"{self.colours[side]} is on offence at once: the rest of the turn is "
                    "played with the roles swapped"
                )
                return
        self.over = True

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
