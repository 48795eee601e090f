"""Pyramid Ball's board, colours and options (:class:`BallOptions`), program notation and
the row-by-row resolution of one turn.

Pure functions and frozen values, no game state: :mod:`model.ball` keeps the position, the
scores and the special moves and calls :func:`model.ball.turn.resolve_turn`, the resolution
of a turn. The rules followed are
``spec/ball.md`` (summarised in :mod:`model.ball`'s docstring, with every choice made
where the spec is silent).

Squares are ids ``row * 7 + col`` (a1 = 0, g8 = 55). Pyramids are ids ``side * 3 + k``
with ``k`` 0 Large, 1 Medium, 2 Small (the program's column order).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, Message

from ..game import InvalidMoveError, Move, SaidError, quote
from ..words import colour as colour_word

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

COLOURS = ("red", "blue")
SPECIALS = ("dash", "quick_pass", "blitz")  # the order they are gained in
TARGETS = {"basic": 1, "advanced": 6}
RESTARTS = ("sheet", "formation")


@dataclass(frozen=True, slots=True)
class BallOptions:
    mode: str = "basic"
    offence_may_follow_defender: bool = False
    tackle_on_contact: bool = True
    restart: str = "sheet"
    defensive_score_ends_turn: bool = False

    @property
    def target(self) -> int:
        return TARGETS[self.mode]

    @property
    def plays_on(self) -> bool:
        """The sheet's restart in the advanced game: after a point that does not win, the
        turn goes on (a tackle or interception with the roles swapped at once, unless
        ``defensive_score_ends_turn``)."""
        return self.mode == "advanced" and self.restart == "sheet"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "mode": self.mode,
            "offence_may_follow_defender": self.offence_may_follow_defender,
            "tackle_on_contact": self.tackle_on_contact,
            "restart": self.restart,
        }
        if self.defensive_score_ends_turn:  # written only when set: older files stay equal
            data["defensive_score_ends_turn"] = True
        return data


def square(col: int, row: int) -> int:
    """The square id of column ``col`` (0 = a) and row ``row`` (0 = row 1); OFF outside."""
    return row * COLS + col if 0 <= col < COLS and 0 <= row < ROWS else OFF


NAMES = tuple(f"{'abcdefg'[sq % COLS]}{sq // COLS + 1}" for sq in range(SQUARES))


def square_name(sq: int) -> str:
    return "off the board" if sq == OFF else NAMES[sq]


def parse_square(text: str) -> int:
    match = re.fullmatch(r"([a-g])([1-8])", text.strip().lower())
    if match is None:
        raise SaidError(M_("{text} is not a square a1..g8", text=quote(text)))
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


def pyramid_word(side: str, size: str) -> Message:
    """A pyramid named by its colour and size (a letter) as a word: ``red's Medium``."""
    if size == "L":
        return M_("{colour}'s Large", colour=colour_word(side))
    if size == "M":
        return M_("{colour}'s Medium", colour=colour_word(side))
    return M_("{colour}'s Small", colour=colour_word(side))


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
        raise InvalidMoveError(M_("a program is text, not {text}", text=quote(text)))
    body = text.strip()
    blitz = body.startswith("!")
    if blitz:
        body = body[1:].lstrip()
    parts = body.split("/") if body else []
    if len(parts) > 4:
        raise InvalidMoveError(
            M_(
                "{text}: {count} rows; a program has 3 rows (4 with the Dash)",
                text=quote(text),
                count=len(parts),
            )
        )
    rows: list[tuple[str, str, str]] = []
    for r in range(max(3, len(parts))):
        cells = parts[r].split(",") if r < len(parts) and parts[r].strip() else []
        if len(cells) > 3:
            raise InvalidMoveError(
                M_(
                    "{text}: row {row} has {count} entries; write Large,Medium,Small",
                    text=quote(text),
                    row=r + 1,
                    count=len(cells),
                )
            )
        row = []
        for k in range(3):
            raw = cells[k].strip().upper() if k < len(cells) else ""
            if raw.startswith("!"):
                raise InvalidMoveError(
                    M_(
                        "{text}: row {row}, {size}: '!' (Blitz) goes only before the Large's "
                        "row-1 entry, at the start of the program",
                        text=quote(text),
                        row=r + 1,
                        size=Message(SIZE_NAMES[k]),
                    )
                )
            if raw in ("", *DIAGONALS):
                row.append(STAND)
            elif raw in ENTRIES:
                row.append(raw)
            else:
                raise InvalidMoveError(
                    M_(
                        "{text}: row {row}, {size}: {entry} is not an entry; write F, B, L, R, S "
                        "or >L, >M, >S (a pass)",
                        text=quote(text),
                        row=r + 1,
                        size=Message(SIZE_NAMES[k]),
                        entry=quote(cells[k].strip()),
                    )
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
            return M_(
                "the goal-row rule: the {size} stands on row {row} and must leave it: its row-1 "
                "entry must be B, not {entry}",
                size=Message(SIZE_NAMES[k]),
                row=goal_row + 1,
                entry=program.rows[0][k],
            )
    passes = program.passes()
    if passes and side != offence:
        return M_("only the side with the ball (the offence) may pass")
    if passes and carrier_k is None:
        return M_("the ball lies loose: nobody carries it, so nobody may pass")
    if len(passes) > 1:
        return M_("at most one pass a turn")
    for r, k, receiver in passes:
        problem = _pass_problem(r, k, receiver, carrier_k, held, present)
        if problem:
            return problem
    if program.dash is not None and "dash" not in held:
        return M_("the Dash (a fourth row) needs the Dash special move")
    if program.blitz:
        if side == offence:
            return M_("Blitz is for the defence only")
        if "blitz" not in held:
            return M_("Blitz needs the Blitz special move")
    return None


def _pass_problem(
    r: int,
    k: int,
    receiver: int,
    carrier_k: int | None,
    held: frozenset[str],
    present: Callable[[int], bool],
) -> str:
    """Why pyramid ``k``'s pass to ``receiver`` in row ``r`` (0-based) may not be entered
    ('' when it may): see :func:`program_problem`."""
    if r == 3:
        return M_("no pass in the Dash row")
    if k != carrier_k:
        assert carrier_k is not None  # program_problem returned: nobody passes a loose ball
        return M_(
            "only the carrier ({carrier}) may pass; row {row} gives the {size} a pass",
            carrier=Message(SIZE_NAMES[carrier_k]),
            row=r + 1,
            size=Message(SIZE_NAMES[k]),
        )
    if receiver == k:
        return M_(
            "row {row}: the {size} cannot pass to itself", row=r + 1, size=Message(SIZE_NAMES[k])
        )
    if not present(receiver):
        return M_(
            "row {row}: there is no {size} to pass to",
            row=r + 1,
            size=Message(SIZE_NAMES[receiver]),
        )
    if r == 0 and not (k == 1 and "quick_pass" in held):
        if k == 1:
            return M_("no pass in row 1 without the Quick Pass special move")
        return M_("no pass in row 1 (only a Medium carrier holding Quick Pass may)")
    return ""


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
