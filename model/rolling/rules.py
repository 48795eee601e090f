"""Rolling Pyramids: the data files (maps, faction boards) and the rule sheet's formulas.

Everything here is a pure function or a frozen value, read by :mod:`model.rolling` (the
game on the protocol) and tested sentence by sentence in ``tests/model/test_rolling_rules.py``.
``docs/rolling-pyramids.md`` explains each rule and each choice made where the text is
silent; the numbers quoted in docstrings are the sheet's.

Data files live in ``model/data/rolling/`` (package data): ``map-<id>.json`` and
``faction-<id>.json``, described by ``schema.json`` beside them. Loading checks every key
and raises :class:`RollingDataError` naming it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


class RollingDataError(ValueError):
    """A map or faction file that does not follow ``schema.json``; says which key and why."""


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
            raise ValueError(
                f"{quote(name)} is no space of the map {self.id} (spaces 1-{self.space_count}, "
                f"starting areas {', '.join(self.cells[i].name for i in self.starts)})"
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


# ---- loading -----------------------------------------------------------------------------


def _names(prefix: str) -> tuple[str, ...]:
    return tuple(sorted(p.name[len(prefix) + 1 : -5] for p in DATA.glob(f"{prefix}-*.json")))


def map_names() -> tuple[str, ...]:
    """The maps shipped in ``model/data/rolling`` (``map-<id>.json``)."""
    return _names("map")


def faction_names() -> tuple[str, ...]:
    """The faction boards shipped (``faction-<id>.json``)."""
    return _names("faction")


@functools.cache
def load_map(name: str) -> RollingMap:
    """The map ``name`` from its data file (cached: maps are immutable)."""
    return parse_map(_read(f"map-{name}.json", name, map_names()))


@functools.cache
def load_faction(name: str) -> Faction:
    """The faction board ``name`` from its data file."""
    return parse_faction(_read(f"faction-{name}.json", name, faction_names()))


def _read(filename: str, name: str, known: tuple[str, ...]) -> Any:
    if name not in known:
        kind = filename.split("-")[0]
        raise RollingDataError(f"no {kind} {quote(name)}; known: {', '.join(known)}")
    with open(DATA / filename, encoding="utf-8") as handle:
        return json.load(handle)


def _need(raw: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in raw:
        raise RollingDataError(f"{where}.{key}: required key is missing")
    value = raw[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RollingDataError(f"{where}.{key}: {quote(value)} has the wrong type")
    return value


def _only(raw: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise RollingDataError(f"{where}.{unknown[0]}: unknown key; known: {', '.join(known)}")


def _header(raw: Any, kind: str, keys: Sequence[str]) -> tuple[str, str, str, bool]:
    """A ``kind`` data file's object checked: its keys (the header's and ``keys``) and its
    format (``rolling-pyramids/KIND``); its id, name, provenance and
    made_for_this_project."""
    if not isinstance(raw, dict):
        raise RollingDataError(f"{kind}: a {kind} file holds one JSON object")
    _only(raw, ("format", "id", "name", "made_for_this_project", "provenance", *keys), kind)
    if raw.get("format") != f"rolling-pyramids/{kind}":
        raise RollingDataError(f"{kind}.format: must be 'rolling-pyramids/{kind}'")
    return (
        _need(raw, "id", str, kind),
        _need(raw, "name", str, kind),
        _need(raw, "provenance", str, kind),
        _need(raw, "made_for_this_project", bool, kind),
    )


def _count(raw: Mapping[str, Any], key: str, where: str, low: int = 0) -> int:
    value: int = _need(raw, key, int, where)
    if value < low:
        raise RollingDataError(f"{where}.{key}: must be {low} or more, not {value}")
    return value


def _hex(raw: Any, where: str) -> tuple[int, int]:
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
    ):
        raise RollingDataError(f"{where}: must be [q, r], two whole numbers")
    return raw[0], raw[1]


def parse_map(raw: Any) -> RollingMap:
    """A :class:`RollingMap` from a map file's JSON (RollingDataError naming the key)."""
    where = "map"
    map_id, name, provenance, made = _header(raw, where, ("hex_layout", "spaces", "starts", "solo"))
    spaces = _need(raw, "spaces", list, where)
    starts = _need(raw, "starts", list, where)
    if not spaces or not starts:
        raise RollingDataError("map: needs at least one space and one starting area")
    numbers = []
    for i, space in enumerate(spaces):
        if not isinstance(space, dict):
            raise RollingDataError(f"map.spaces[{i}]: must be an object")
        numbers.append(_count(space, "number", f"map.spaces[{i}]", 1))
    if sorted(numbers) != list(range(1, len(spaces) + 1)):
        raise RollingDataError(f"map.spaces: the numbers must be 1..{len(spaces)}, each once")
    spaces = sorted(spaces, key=lambda s: s["number"])
    start_names = [f"S{k}" for k in range(1, len(starts) + 1)]
    index: dict[Any, int] = {s["number"]: i for i, s in enumerate(spaces)}
    for k, start in enumerate(starts):
        if not isinstance(start, dict) or start.get("name") != start_names[k]:
            raise RollingDataError(f"map.starts[{k}].name: must be {start_names[k]!r}")
        index[start_names[k]] = len(spaces) + k
    cells = [_space_cell(i, space, index) for i, space in enumerate(spaces)]
    sacred = sum(cell.sacred for cell in cells)
    if sacred != 1:
        raise RollingDataError("map.spaces: space 1 must be marked sacred")
    for k, start in enumerate(starts):
        at = f"map.starts[{k}]"
        _only(start, ("name", "hex", "adjacent"), at)
        h = _hex(start.get("hex"), f"{at}.hex")
        cells.append(Cell(len(spaces) + k, None, start_names[k], h, _adjacent(start, index, at)))
    if len({c.hex for c in cells}) != len(cells):
        raise RollingDataError("map: two cells share a hex")
    for cell in cells:
        for other in cell.adjacent:
            if cell.index not in cells[other].adjacent:
                raise RollingDataError(
                    f"map: {cell.name} lists {cells[other].name} as adjacent but not the "
                    "other way round"
                )
    units, zone = _solo(_need(raw, "solo", dict, where), len(spaces))
    return RollingMap(map_id, name, provenance, made, tuple(cells), len(spaces), units, zone)


def _space_cell(i: int, space: dict[str, Any], index: Mapping[Any, int]) -> Cell:
    """The cell of the map's numbered space ``space`` (the ``i``-th by number)."""
    at = f"map.spaces[{space['number']}]"
    _only(space, ("number", "hex", "pyramid", "sacred", "adjacent"), at)
    h = _hex(space.get("hex"), f"{at}.hex")
    pyramid = _need(space, "pyramid", dict, at)
    colour = pyramid.get("colour")
    top = bottom = 0
    factory = None
    if colour == "white":
        _only(pyramid, ("colour", "top", "bottom"), f"{at}.pyramid")
        top = _count(pyramid, "top", f"{at}.pyramid")
        bottom = _count(pyramid, "bottom", f"{at}.pyramid")
    elif colour == "black":
        _only(pyramid, ("colour", "factory"), f"{at}.pyramid")
        factory = pyramid.get("factory")
        if factory not in SECTIONS:
            raise RollingDataError(
                f"{at}.pyramid.factory: must be one of {', '.join(SECTIONS)}, not {quote(factory)}"
            )
    else:
        raise RollingDataError(f"{at}.pyramid.colour: must be white or black")
    is_sacred = space.get("sacred", False)
    if not isinstance(is_sacred, bool):
        raise RollingDataError(f"{at}.sacred: must be true or false")
    if is_sacred != (space["number"] == 1):
        raise RollingDataError(f"{at}.sacred: space 1 and only space 1 is the Sacred pyramid")
    adjacent = _adjacent(space, index, at)
    return Cell(
        i, space["number"], None, h, adjacent, top, bottom, colour == "white", factory, is_sacred
    )


def _solo(solo: Mapping[str, Any], count: int) -> tuple[tuple[int, ...], int]:
    """The solo game's Pharaoh units of each of the ``count`` numbered spaces, and its
    start zone's units (the map's ``solo``)."""
    _only(solo, ("pharaoh", "start_zone_units", "note"), "map.solo")
    pharaoh = _need(solo, "pharaoh", dict, "map.solo")
    if sorted(pharaoh) != sorted(str(n) for n in range(1, count + 1)):
        raise RollingDataError("map.solo.pharaoh: must give the units of every numbered space")
    units = tuple(_count(pharaoh, str(n), "map.solo.pharaoh") for n in range(1, count + 1))
    return units, _count(solo, "start_zone_units", "map.solo")


def _adjacent(raw: Mapping[str, Any], index: Mapping[Any, int], where: str) -> tuple[int, ...]:
    names = _need(raw, "adjacent", list, where)
    out = []
    for name in names:
        if isinstance(name, bool) or name not in index:
            raise RollingDataError(f"{where}.adjacent: {quote(name)} is no cell of the map")
        out.append(index[name])
    if len(set(out)) != len(out):
        raise RollingDataError(f"{where}.adjacent: a neighbour is listed twice")
    return tuple(sorted(out))


def parse_faction(raw: Any) -> Faction:
    """A :class:`Faction` from a faction file's JSON (RollingDataError naming the key)."""
    where = "faction"
    keys = ("hero", "hero_slots", "develop_pairs", "devices", "footmen", "army_lines")
    faction_id, name, provenance, made = _header(raw, where, keys)
    hero = _need(raw, "hero", dict, where)
    _only(hero, ("text", "attacking", "defending"), "faction.hero")
    devices = _need(raw, "devices", dict, where)
    _only(devices, DEVICES, "faction.devices")
    footmen = _need(raw, "footmen", dict, where)
    _only(footmen, ("base", "full_bonus", "groups"), "faction.footmen")
    groups = [
        _foot_group(f"faction.footmen.groups[{g}]", group)
        for g, group in enumerate(_need(footmen, "groups", list, "faction.footmen"))
    ]
    if not 1 <= len(groups) <= 9:
        raise RollingDataError("faction.footmen.groups: 1 to 9 groups")
    lines = [
        _army_line(f"faction.army_lines[{k}]", line)
        for k, line in enumerate(_need(raw, "army_lines", list, where))
    ]
    if len({line.id for line in lines}) != len(lines):
        raise RollingDataError("faction.army_lines: two lines share an id")
    first, second, third = (_count(devices, d, "faction.devices") for d in DEVICES)
    return Faction(
        faction_id,
        name,
        provenance,
        made,
        _need(hero, "text", str, "faction.hero"),
        _count(hero, "attacking", "faction.hero", 1),
        _count(hero, "defending", "faction.hero", 1),
        _count(raw, "hero_slots", where),
        _count(raw, "develop_pairs", where),
        (first, second, third),
        tuple(lines),
        _count(footmen, "base", "faction.footmen"),
        _count(footmen, "full_bonus", "faction.footmen"),
        tuple(groups),
    )


def _foot_group(at: str, group: Any) -> tuple[FootSpace, ...]:
    """One group of the footmen's track (its spaces: a circle or a die's shape and
    number)."""
    if not isinstance(group, list) or not group:
        raise RollingDataError(f"{at}: must be a non-empty list of spaces")
    track = []
    for k, space in enumerate(group):
        here = f"{at}[{k}]"
        if not isinstance(space, dict):
            raise RollingDataError(f"{here}: must be an object")
        if "circle" in space:
            _only(space, ("circle",), here)
            track.append(FootSpace(circle=_count(space, "circle", here)))
        else:
            _only(space, ("shape", "number"), here)
            shape = space.get("shape")
            if shape not in ("d4", "d8"):
                raise RollingDataError(f"{here}.shape: must be d4 or d8")
            number = _count(space, "number", here, 1)
            if number > WRITTEN[1]:
                raise RollingDataError(f"{here}.number: at most {WRITTEN[1]}")
            track.append(FootSpace(shape=shape, number=number))
    return tuple(track)


def _army_line(at: str, line: Any) -> ArmyLine:
    """One army line of the faction board."""
    if not isinstance(line, dict):
        raise RollingDataError(f"{at}: must be an object")
    _only(line, ("id", "name", "rule", "shapes", "bonus", "line_upgrade", "unit", "text"), at)
    line_id = _need(line, "id", str, at)
    if len(line_id) != 1 or line_id not in "abcde":
        raise RollingDataError(f"{at}.id: one letter a-e")
    rule = line.get("rule")
    if rule not in RULES:
        raise RollingDataError(f"{at}.rule: must be one of {', '.join(RULES)}")
    shapes = _need(line, "shapes", list, at)
    if len(shapes) != 3 or any(s not in SHAPES for s in shapes):
        raise RollingDataError(f"{at}.shapes: three of {', '.join(SHAPES)}")
    bonus = _need(line, "bonus", list, at)
    if not bonus or not all(isinstance(b, int) and not isinstance(b, bool) for b in bonus):
        raise RollingDataError(f"{at}.bonus: a non-empty list of whole numbers")
    unit = line.get("unit")
    if unit not in UNITS:
        raise RollingDataError(f"{at}.unit: must be troops or bomb")
    return ArmyLine(
        line_id,
        _need(line, "name", str, at),
        rule,
        tuple(shapes),
        tuple(bonus),
        _need(line, "line_upgrade", bool, at),
        unit,
    )


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


def line_problem(rule: str, values: Sequence[int | None], position: int, number: int) -> str | None:
    """Why ``number`` may not be written in circle ``position`` (0-2) of a line with this
    rule, given the numbers already there; None when it may."""
    if values[position] is not None:
        return "that circle is already filled"
    for other, there in enumerate(values):
        if there is None or other == position:
            continue
        left, right = (there, number) if other < position else (number, there)
        if rule == "ascending" and not left < right:
            return "each number must be smaller than the number in the next circle"
        if rule == "descending" and not left > right:
            return "each number must be bigger than the number in the next circle"
        if rule == "matching" and {position, other} == {0, 2} and there != number:
            return "the triangle (left) and the rhombus (right) must hold the same number"
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


def unlocked_circles(group: Sequence[FootSpace], crossed: Sequence[bool]) -> tuple[bool, ...]:
    """Per circle of the group, in order: unlocked when every die space before it is
    crossed off ("Footman are automatically upgraded when all of the Numbers before a
    circle are crossed off")."""
    out = []
    clear = True
    for space, done in zip(group, crossed, strict=True):
        if space.is_circle:
            out.append(clear)
        elif not done:
            clear = False
    return tuple(out)


def footmen(faction: Faction, crossed: Sequence[Sequence[bool]]) -> tuple[int, ...]:
    """Footmen per group: 1 ("base") + the numbers of its unlocked circles; when every
    circle of every group is unlocked, each group gets 5 ("full_bonus") more."""
    counts = []
    everything = True
    for group, marks in zip(faction.groups, crossed, strict=True):
        unlocked = unlocked_circles(group, marks)
        circles = [s.circle or 0 for s in group if s.is_circle]  # a circle has its number
        gained = sum(c for c, u in zip(circles, unlocked, strict=True) if u)
        counts.append(faction.footmen_base + gained)
        everything = everything and all(unlocked)
    if everything:
        counts = [c + faction.footmen_full_bonus for c in counts]
    return tuple(counts)


# ---- fights ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Troops:
    """Units on a space or sent to one: plain troops and heroes (shown with a star)."""

    plain: int = 0
    heroes: int = 0

    def __add__(self, other: Troops) -> Troops:
        return Troops(self.plain + other.plain, self.heroes + other.heroes)

    def __sub__(self, other: Troops) -> Troops:
        return Troops(self.plain - other.plain, self.heroes - other.heroes)

    def __bool__(self) -> bool:
        return self.plain > 0 or self.heroes > 0

    def strength(self, hero_weight: int = 1) -> int:
        """The side's number in a fight: each plain unit 1, each hero ``hero_weight``."""
        return self.plain + self.heroes * hero_weight

    def __str__(self) -> str:
        parts = []
        if self.plain or not self.heroes:
            parts.append(str(self.plain))
        if self.heroes:
            parts.append(f"{self.heroes}*")
        return "+".join(parts)


NOBODY_TROOPS = Troops()


def half(count: int, rounding: str = "up") -> int:
    """Half of ``count`` ("break down number ... in half"), rounded up or down."""
    return (count + 1) // 2 if rounding == "up" else count // 2


def halved(troops: Troops, rounding: str = "up", *, apart: bool = True) -> Troops:
    """The half of ``troops`` kept: with ``apart`` plain troops and heroes each halved;
    else the number of units halved once, the plain troops going first (as losses do)."""
    if apart:
        return Troops(half(troops.plain, rounding), half(troops.heroes, rounding))
    kept = half(troops.plain + troops.heroes, rounding)
    heroes = min(troops.heroes, kept)
    return Troops(kept - heroes, heroes)


def device_half(troops: Troops, halving: str, *, owner_keeps: bool) -> Troops:
    """The half a device makes of ``troops`` under the option ``halving``: ``device``
    halves the number of units, rounded for the device's owner (a ram or spikes leave
    the enemy the smaller half; an umbrella, ``owner_keeps``, protects the bigger), so
    a device always does something; ``up`` / ``down`` halve plain troops and heroes
    apart, each rounded so."""
    if halving == "device":
        return halved(troops, "up" if owner_keeps else "down", apart=False)
    return halved(troops, halving)


def take_losses(troops: Troops, points: int, hero_weight: int = 1) -> Troops:
    """What is left after losing ``points``: plain troops fall first, one point each; a
    hero falls only when its whole count (``hero_weight``) is taken."""
    plain_lost = min(troops.plain, points)
    rest = points - plain_lost
    heroes_lost = min(troops.heroes, rest // hero_weight)
    return Troops(troops.plain - plain_lost, troops.heroes - heroes_lost)


@dataclass(frozen=True, slots=True)
class FightResult:
    """One fight: who won (``"attacker"``, ``"defender"`` or None when they killed each
    other out), what is left of the winner, and the numbers compared."""

    winner: str | None
    survivors: Troops
    attacker: Troops  # after spikes
    defender: Troops  # after the ram
    attack_number: int
    defence_number: int
    ram: bool = False
    spikes: bool = False


def fight(
    attacker: Troops,
    defender: Troops,
    *,
    attack_weight: int = 1,
    defence_weight: int = 1,
    ram: bool = False,
    spikes: bool = False,
    rounding: str = "device",
) -> FightResult:
    """ "The smaller number is subtracted from the bigger, and what is left is written on the
    space. ... If numbers are equal they kill each other out." Before subtracting, a ram
    (of the attacker, on the border attacked across) halves the defenders and spikes (of
    the defender) halve the attackers (:func:`device_half`, ``rounding`` the option
    ``halving``). Heroes count ``attack_weight`` / ``defence_weight`` in their side's
    number (the factions' hero abilities)."""
    if ram:
        defender = device_half(defender, rounding, owner_keeps=False)
    if spikes:
        attacker = device_half(attacker, rounding, owner_keeps=False)
    a = attacker.strength(attack_weight)
    d = defender.strength(defence_weight)
    if a > d:
        winner, left = "attacker", take_losses(attacker, d, attack_weight)
    elif d > a:
        winner, left = "defender", take_losses(defender, a, defence_weight)
    else:
        winner, left = None, NOBODY_TROOPS
    return FightResult(winner, left, attacker, defender, a, d, ram, spikes)


def bombard(
    bomb: int,
    defender: Troops,
    *,
    defence_weight: int = 1,
    umbrella: bool = False,
    rounding: str = "device",
) -> Troops:
    """What is left of ``defender`` after a bomb of ``bomb`` units (which never stays): it
    fights like an attack; an umbrella on the space protects half of the defenders (the
    heroes first), so only the other half fights the bomb."""
    protected = device_half(defender, rounding, owner_keeps=True) if umbrella else NOBODY_TROOPS
    exposed = defender - protected
    result = fight(Troops(bomb), exposed, defence_weight=defence_weight)
    left = result.survivors if result.winner == "defender" else NOBODY_TROOPS
    return protected + left


# ---- the solo variant's reinforcement walk --------------------------------------------------

PHARAOH = -2  # the Pharaoh's units in the walk (a player is 0..3, an empty space -1)
EMPTY = -1


def reinforcement_walk(
    spaces: Sequence[tuple[int, Troops]], walkers: int, defence_weight: int = 1
) -> tuple[list[tuple[int, Troops]], list[str]]:
    """The Pharaoh's reinforcements: ``walkers`` appear on space 1 and go around the board
    (spaces 1, 2, 3, ... and round again) "leaving one soldier, increasing the number on
    that space by 1"; on the player's space they first destroy the player's units one for
    one (heroes by their count), then leave one if any remain.

    ``spaces`` are (holder, troops) in number order, the holder :data:`PHARAOH`,
    :data:`EMPTY` or the player (0). Returns the spaces after the walk and one line per
    space reached."""
    board = list(spaces)
    log: list[str] = []
    k = 0
    while walkers > 0:
        holder, troops = board[k]
        if holder in (PHARAOH, EMPTY):
            board[k] = (PHARAOH, troops + Troops(1))
            walkers -= 1
            log.append(f"space {k + 1}: +1 ({board[k][1]})")
        else:
            strength = troops.strength(defence_weight)
            if walkers > strength:
                walkers -= strength + 1
                board[k] = (PHARAOH, Troops(1))
                log.append(f"space {k + 1}: the player's {troops} destroyed, 1 stays")
            elif walkers == strength:
                walkers = 0
                board[k] = (EMPTY, NOBODY_TROOPS)
                log.append(f"space {k + 1}: the player's {troops} and the walkers kill each other")
            else:
                left = take_losses(troops, walkers, defence_weight)
                walkers = 0
                board[k] = (holder, left)
                log.append(f"space {k + 1}: the player's {troops} hold with {left}")
        k = (k + 1) % len(board)
    return board, log


def walk_size(dice: Sequence[int]) -> int:
    """The Pharaoh's reinforcements: "Add the numbers on the dice chosen, and divide by
    2" (rounded down)."""
    return sum(dice) // 2


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
