"""Rolling Pyramids: the rule sheet's numbers and formulas, and the data files' values.

Everything here is a pure function or a frozen value, read by :mod:`model.rolling` (the
game on the protocol) and tested sentence by sentence in ``tests/model/test_rolling_rules.py``.
``docs/rolling-pyramids.md`` explains each rule and each choice made where the text is
silent; the numbers quoted in docstrings are the sheet's.

The data files (maps, faction boards) are read by :mod:`model.rolling.maps` into the values
defined here; the fights and the solo walk are in :mod:`model.rolling.fights`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pyramid_lab.i18n import M_

from ..errors import SaidError
from ..game import quote

DATA = Path(__file__).resolve().parent.parent / "data" / "rolling"

# ---- the sheet's numbers ------------------------------------------------------------------

ROUNDS = 10  # "The game ends after 10 rounds."
SOLO_ROUNDS = 15  # solo: "or at the end of turn 15"
DICE_PER_PLAYER = ((4, 2), (8, 2))  # "2 d4 and 2 d8 per player"
SOLO_DICE = ((4, 3), (8, 3))  # solo: "a player rolls 6 dice (3 d4 and 3 d8)"
PICKS = 4  # "Each player ends up with 4 dice"; solo: "chooses 4 of them"
OWN_COLOUR = 1  # "his own color of dice he can add or subtract 1"
FACTORY = 2  # "If player controls a factory ... add or subtract 2"
EIGHT = 8  # the "8-" line: "Subtracted from 8"
WRITTEN = (1, 8)  # our choice: a written number is between 1 and 8 (the dice's faces)

SHAPES = ("any", "d4", "d8")
SECTIONS = ("heroes", "develop", "armies", "footmen")
DEVICES = ("ram", "spikes", "umbrella")
RULES = ("ascending", "matching", "descending")
UNITS = ("troops", "bomb")
#: "break down number ... in half": ``device`` (the number of units, rounded in favour of
#: the device's owner), or plain troops and heroes halved apart, rounded ``up`` / ``down``.
HALVING = ("device", "up", "down")


class RollingDataError(SaidError):
    """A map or faction file that does not follow ``schema.json``; says which key and why
    (a Message: ``str()`` in the reader's language, :class:`~model.errors.SaidError`)."""


# ---- values --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """A hex of the map: a numbered space or a starting area (``start``: ``"S1"``...)."""

    index: int
    number: int | None
    start: str | None
    hex: tuple[int, int]
    adjacent: tuple[int, ...]  # cell indices
    top: int = 0  # white pyramid points (0 on factories and starting areas)
    bottom: int = 0
    white: bool = False
    factory: str | None = None
    sacred: bool = False

    @property
    def name(self) -> str:
        """``"12"`` for space 12, ``"S2"`` for a starting area."""
        return self.start if self.start is not None else str(self.number)

    @property
    def code(self) -> int:
        """The cell in position files: the number, or ``-k`` for starting area ``Sk``."""
        if self.start is not None:
            return -int(self.start[1:])
        assert self.number is not None  # a space has a number
        return self.number


@dataclass(frozen=True)
class RollingMap:
    id: str
    name: str
    provenance: str
    made_for_this_project: bool
    cells: tuple[Cell, ...]  # the numbered spaces in number order, then the starting areas
    space_count: int
    solo_pharaoh: tuple[int, ...]  # units per numbered space (cell index order)
    start_zone_units: int

    @functools.cached_property
    def by_name(self) -> dict[str, int]:
        return {cell.name: cell.index for cell in self.cells}

    @functools.cached_property
    def by_code(self) -> dict[int, int]:
        return {cell.code: cell.index for cell in self.cells}

    @property
    def starts(self) -> tuple[int, ...]:
        return tuple(range(self.space_count, len(self.cells)))

    @property
    def spaces(self) -> tuple[int, ...]:
        return tuple(range(self.space_count))

    def cell(self, name: str) -> int:
        """The index of the cell called ``name`` (``"12"``, ``"S2"``); ValueError otherwise."""
        try:
            return self.by_name[name]
        except KeyError:
            raise SaidError(
                M_(
                    "{name} is no space of the map {map} (spaces 1-{count}, starting areas "
                    "{starts})",
                    name=quote(name),
                    map=self.id,
                    count=self.space_count,
                    starts=", ".join(self.cells[i].name for i in self.starts),
                )
            ) from None

    @functools.cached_property
    def sacred(self) -> int:
        return next(c.index for c in self.cells if c.sacred)

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.cells[a].adjacent


@dataclass(frozen=True, slots=True)
class ArmyLine:
    id: str
    name: str
    rule: str  # ascending, matching, descending
    shapes: tuple[str, str, str]
    bonus: tuple[int, ...]
    line_upgrade: bool
    unit: str  # troops or bomb


@dataclass(frozen=True, slots=True)
class FootSpace:
    """A space of a footman track: a die space (``shape``, ``number``) or a circle."""

    shape: str | None = None
    number: int | None = None
    circle: int | None = None

    @property
    def is_circle(self) -> bool:
        return self.circle is not None

    @property
    def is_triangle(self) -> bool:
        """A d4 space: the ones a conquest may cross off."""
        return self.shape == "d4"


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    provenance: str
    made_for_this_project: bool
    hero_text: str
    hero_attacking: int
    hero_defending: int
    hero_slots: int
    develop_pairs: int
    devices: tuple[int, int, int]  # highest level of ram, spikes, umbrella
    lines: tuple[ArmyLine, ...]
    footmen_base: int
    footmen_full_bonus: int
    groups: tuple[tuple[FootSpace, ...], ...]

    def line(self, line_id: str) -> int:
        for index, line in enumerate(self.lines):
            if line.id == line_id:
                return index
        raise ValueError(f"{self.name} have no army line {quote(line_id)}")


# ---- drafting ------------------------------------------------------------------------------


def snake_order(players: int, first: int = 0, rounds: int = PICKS) -> tuple[int, ...]:
    """The draft's seats, pick by pick: first to last, then last to first, ``rounds``
    times in all ("A B C, C B A, A B C, C B A")."""
    seats = [(first + k) % players for k in range(players)]
    order: list[int] = []
    for r in range(rounds):
        order += seats if r % 2 == 0 else seats[::-1]
    return tuple(order)


def shape_takes(shape: str, sides: int) -> bool:
    """Whether a slot of ``shape`` takes a die with ``sides`` ("to [any] any number, to
    [triangle] only a number from a d4, to [rhombus] only a number from a d8")."""
    return shape == "any" or shape == f"d{sides}"


@functools.cache  # (a few hundred arguments in all: the moves' generator asks per slot)
def written_choices(
    value: int, own_colour: bool, factory: bool, stack: bool = False
) -> tuple[int, ...]:
    """The numbers a player may write for a die showing ``value``: as rolled; ±1 for a die
    of their own colour; ±2 when they control the factory of the section written to;
    both at once only with ``stack``. Only numbers 1..8 are written."""
    shifts = {0}
    if own_colour:
        shifts |= {-OWN_COLOUR, OWN_COLOUR}
    if factory:
        shifts |= {-FACTORY, FACTORY}
    if own_colour and factory and stack:
        shifts |= {d + e for d in (-OWN_COLOUR, OWN_COLOUR) for e in (-FACTORY, FACTORY)}
    low, high = WRITTEN
    return tuple(sorted(value + s for s in shifts if low <= value + s <= high))


# ---- the army lines -------------------------------------------------------------------------


#: Why a number may not be written in a line's circle (made once: the moves' generator asks
#: for each circle it tries).
_FILLED = M_("that circle is already filled")
_NOT_SMALLER = M_("each number must be smaller than the number in the next circle")
_NOT_BIGGER = M_("each number must be bigger than the number in the next circle")
_NOT_MATCHING = M_("the triangle (left) and the rhombus (right) must hold the same number")


def line_problem(rule: str, values: Sequence[int | None], position: int, number: int) -> str | None:
    """Why ``number`` may not be written in circle ``position`` (0-2) of a line with this
    rule, given the numbers already there; None when it may."""
    if values[position] is not None:
        return _FILLED
    for other, there in enumerate(values):
        if there is None or other == position:
            continue
        left, right = (there, number) if other < position else (number, there)
        if rule == "ascending" and not left < right:
            return _NOT_SMALLER
        if rule == "descending" and not left > right:
            return _NOT_BIGGER
        if rule == "matching" and {position, other} == {0, 2} and there != number:
            return _NOT_MATCHING
    return None


def line_value(rule: str, values: Sequence[int], bonus: int, line_upgraded: bool = False) -> int:
    """The unit a full line gives. Ascending: the leftmost number plus the bonus (+2, +4
    upgraded); matching: the triangle times the bonus (x1, x2); descending ("8-"): 8 minus
    the leftmost, times the bonus (x2, x3). After the line upgrade the middle number is
    taken instead of the leftmost (ascending and descending lines)."""
    taken = values[1] if line_upgraded else values[0]
    if rule == "ascending":
        return taken + bonus
    if rule == "matching":
        return values[0] * bonus
    if rule == "descending":
        return max(0, EIGHT - taken) * bonus
    raise ValueError(f"unknown line rule {quote(rule)}")


def line_ready(rule: str, values: Sequence[int | None]) -> bool:
    """A line's unit is deployed when all three circles are filled (the conditions are
    checked as numbers are written)."""
    return all(v is not None for v in values)


# ---- footmen ----------------------------------------------------------------------------


#: Each faction's footman tracks as :func:`footmen` reads them (the engine weighs every
#: position by its units): per group, its length, its die spaces and its circles
#: (place, number), by the tracks' identity, each kept with its tracks (so that no other
#: tracks are ever found under a kept one's id: a faction's tracks are tuples, never
#: changed).
_Tracks = tuple[tuple[FootSpace, ...], ...]
_Plan = tuple[tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]], ...]
_PLANS: dict[int, tuple[_Tracks, _Plan]] = {}


def _plan(groups: _Tracks) -> _Plan:
    found = _PLANS.get(id(groups))
    if found is not None and found[0] is groups:
        return found[1]
    plan = tuple(
        (
            len(group),
            tuple(k for k, space in enumerate(group) if not space.is_circle),
            tuple((k, space.circle or 0) for k, space in enumerate(group) if space.is_circle),
        )
        for group in groups
    )
    if len(_PLANS) >= 64:  # (factions are data: a long session may read many)
        _PLANS.clear()
    _PLANS[id(groups)] = (groups, plan)
    return plan


def footmen(faction: Faction, crossed: Sequence[Sequence[bool]]) -> tuple[int, ...]:
    """Footmen per group: 1 ("base") + the numbers of its unlocked circles, those before
    the group's first die space not crossed off ("Footman are automatically upgraded when
    all of the Numbers before a circle are crossed off"); when every circle of every group
    is unlocked, each group gets 5 ("full_bonus") more."""
    counts = []
    everything = True
    for (size, dies, circles), marks in zip(_plan(faction.groups), crossed, strict=True):
        if len(marks) != size:
            raise ValueError(f"{size} footman spaces in a group, {len(marks)} marks")
        first_open = next((k for k in dies if not marks[k]), size)
        gained = 0
        for k, number in circles:
            if k < first_open:
                gained += number
            else:
                everything = False
        counts.append(faction.footmen_base + gained)
    if everything:
        counts = [c + faction.footmen_full_bonus for c in counts]
    return tuple(counts)


# ---- points -----------------------------------------------------------------------------


def space_points(cell: Cell, last_round: bool, rule: str = "both") -> int:
    """Points for controlling ``cell`` at a round's end: the white pyramid's top number
    ("top number at the end of every turn"); in the last round its bottom number as well
    ("bottom number at the end of last turn"), or, ``rule`` ``bottom``, instead."""
    if not cell.white:
        return 0
    if not last_round:
        return cell.top
    return cell.bottom + (cell.top if rule == "both" else 0)
