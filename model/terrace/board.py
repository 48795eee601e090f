"""The board of Pyramid (the terraced game): its fields, levels, steps and ring sides, the
fields' names, the moves and their text, what a move did, and the Osiris scan over a
snapshot of the board; the rules that play on it are :class:`model.terrace.Terrace`."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from pyramid_lab.i18n import M_, Mn_

from ..game import Move, SaidError, quote
from ..words import colour, joined

SIZE = 7
FIELDS = SIZE * SIZE
EMPTY = -1
WHITE, BLACK = 0, 1
COLOURS = ("white", "black")
STONES = 7
MIN_STONES = 4
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # towards row 0, row 6, column a, column g


def fid(r: int, c: int) -> int:
    return r * SIZE + c


def level_of(r: int, c: int) -> int:
    return min(r, c, SIZE - 1 - r, SIZE - 1 - c)


LEVEL = tuple(level_of(f // SIZE, f % SIZE) for f in range(FIELDS))
# STEP[f][d]: the field one step from f in direction d, or -1 off the board.
STEP = tuple(
    tuple(
        fid(f // SIZE + dr, f % SIZE + dc)
        if 0 <= f // SIZE + dr < SIZE and 0 <= f % SIZE + dc < SIZE
        else -1
        for dr, dc in DIRECTIONS
    )
    for f in range(FIELDS)
)
CORNERS_0 = frozenset(fid(r, c) for r in (0, 6) for c in (0, 6))
VICTORY_FIELDS = (fid(2, 2), fid(2, 4), fid(4, 2), fid(4, 4))


def _ring_sides() -> tuple[tuple[int, ...], ...]:
    sides = []
    for lv in range(3):
        lo, hi = lv, SIZE - 1 - lv
        span = range(lo, hi + 1)
        sides += [
            tuple(fid(lo, c) for c in span),
            tuple(fid(hi, c) for c in span),
            tuple(fid(r, lo) for r in span),
            tuple(fid(r, hi) for r in span),
        ]
    return tuple(sides)


OSIRIS_LINES = _ring_sides()  # the 12 sides of the rings of levels 0, 1, 2

_FIELD_RE = re.compile(r"([a-g])([1-7])")


def field_id(r: int, c: int) -> int:
    """The field at [r, c] of a position file (ValueError off the board)."""
    if not (0 <= r < SIZE and 0 <= c < SIZE):
        raise SaidError(
            M_("{field} is not a field: need [r, c] with 0 <= r, c <= 6", field=str([r, c]))
        )
    return fid(r, c)


def field_name(f: int) -> str:
    """Algebraic name: column a..g, row 1..7 (row 1 is r = 0, Black's side)."""
    return "abcdefg"[f % SIZE] + str(f // SIZE + 1)


def parse_field(text: str) -> int:
    match = _FIELD_RE.fullmatch(text.strip().lower())
    if match is None:
        raise SaidError(M_("{text} is not a field; fields are a1 to g7", text=quote(text)))
    return fid(int(match.group(2)) - 1, "abcdefg".index(match.group(1)))


class Kind(enum.Enum):
    RUN = "-"
    SMASH = "x"  # a run that ends by smashing a stone one level lower
    JUMP = "^"
    PUSH = ">"


@dataclass(frozen=True, slots=True, repr=False)
class TerraceMove(Move):
    """Written ``a7-a5`` (run), ``a1xb1`` (run that smashes), ``b7^b6`` (jump) or
    ``b7>a7`` (push: the pusher's field, then the pushed stone's)."""

    kind: Kind
    source: int
    target: int

    def __str__(self) -> str:
        return f"{field_name(self.source)}{self.kind.value}{field_name(self.target)}"

    @property
    def direction(self) -> int:
        (r0, c0), (r1, c1) = divmod(self.source, SIZE), divmod(self.target, SIZE)
        return DIRECTIONS.index(((r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)))


MOVE_RE = re.compile(r"\s*([a-g][1-7])\s*([-x^>])\s*([a-g][1-7])\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class MoveEffect:
    """What a move did besides moving its stone: fields and colours of removed stones."""

    smashed: tuple[tuple[int, str], ...] = ()
    fallen: tuple[tuple[int, str], ...] = ()
    osiris: tuple[tuple[int, str], ...] = ()
    pushed: tuple[int, int] | None = None  # the pushed stone's (from, to); to -1 if it fell

    @property
    def double_osiris(self) -> bool:
        """Osiris took stones of both colours at once."""
        return len({colour for _, colour in self.osiris}) == 2

    def describe(self) -> str:
        """The stones removed, in words (a Message; '' when none)."""
        parts = []
        if self.smashed:
            parts.append(M_("smashed {stones}", stones=stones_text(self.smashed, "on")))
        if self.fallen:
            parts.append(M_("fell off {stones}", stones=stones_text(self.fallen, "from")))
        if self.osiris:
            count, stones = len(self.osiris), stones_text(self.osiris, "on")
            parts.append(
                Mn_(
                    "double Osiris: {count} stone removed ({stones})",
                    "double Osiris: {count} stones removed ({stones})",
                    count,
                    count=count,
                    stones=stones,
                )
                if self.double_osiris
                else Mn_(
                    "Osiris: {count} stone removed ({stones})",
                    "Osiris: {count} stones removed ({stones})",
                    count,
                    count=count,
                    stones=stones,
                )
            )
        return joined(parts)


def stones_text(stones: tuple[tuple[int, str], ...], preposition: str) -> str:
    """Each stone's colour and field ("white on c3, black on d4"; a Message)."""
    said = [
        M_("{colour} on {field}", colour=colour(c), field=field_name(f))
        if preposition == "on"
        else M_("{colour} from {field}", colour=colour(c), field=field_name(f))
        for f, c in stones
    ]
    return joined(said, ", ")


def osiris_marks(cells: list[int]) -> list[int]:
    """Fields of every stone sandwiched X, Y..Y, X along a ring side (both colours),
    found on one snapshot of the board."""
    marked: set[int] = set()
    for line in OSIRIS_LINES:
        n = len(line)
        for i in range(n - 2):
            x = cells[line[i]]
            if x == EMPTY:
                continue
            j = i + 1
            while j < n and cells[line[j]] == 1 - x:
                j += 1
            # line[i] is X, line[i+1 .. j-1] are Y; a sandwich when line[j] is X again.
            if i + 1 < j < n and cells[line[j]] == x:
                marked.update(line[i + 1 : j])
    return sorted(marked)
