"""Rolling Pyramids' data files: maps and faction boards, read and checked.

Data files live in ``model/data/rolling/`` (package data): ``map-<id>.json`` and
``faction-<id>.json``, described by ``schema.json`` beside them. Loading checks every key
and raises :class:`~model.rolling.rules.RollingDataError` naming it (its words a
:class:`~pyramid_lab.i18n.Message`: the key, notation, and what is wrong, said in the
reader's language); the values it makes
(:class:`~model.rolling.rules.RollingMap`, :class:`~model.rolling.rules.Faction`) are
defined with the rule sheet in :mod:`model.rolling.rules`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from pyramid_lab.i18n import M_, N_, Message

from ..game import quote
from .rules import (
    DATA,
    DEVICES,
    RULES,
    SECTIONS,
    SHAPES,
    UNITS,
    WRITTEN,
    ArmyLine,
    Cell,
    Faction,
    FootSpace,
    RollingDataError,
    RollingMap,
)


def _names(prefix: str) -> tuple[str, ...]:
    return tuple(sorted(p.name[len(prefix) + 1 : -5] for p in DATA.glob(f"{prefix}-*.json")))


def map_names() -> tuple[str, ...]:
    """The maps shipped in ``model/data/rolling`` (``map-<id>.json``)."""
    return _names("map")


def faction_names() -> tuple[str, ...]:
    """The faction boards shipped (``faction-<id>.json``)."""
    return _names("faction")


#: The words a person reads for the shipped maps and faction boards, by their ids (what a
#: file and the command line's ``--option`` keep): the New game dialog, the classroom, the
#: faction boards and the command line's words say these, never the file's name ("inner-
#: factories", "anubian": issue 109 item 6); one added later shows its own name.
WORDS = {
    # TRANSLATORS: a Rolling Pyramids map's name (its factories in the middle of the map)
    "inner-factories": N_("inner factories"),
    # TRANSLATORS: a Rolling Pyramids map's name (its factories at the edge of the map)
    "outer-factories": N_("outer factories"),
    # TRANSLATORS: a Rolling Pyramids faction (the Anubians, after the god Anubis)
    "anubian": N_("Anubians"),
    # TRANSLATORS: a Rolling Pyramids faction (the goddess Bastet's)
    "bastet": N_("Bastet"),
}


def map_words() -> tuple[str, ...]:
    """The words for :func:`map_names`, one each (a map added later: its id)."""
    return tuple(WORDS.get(name, name) for name in map_names())


def faction_words() -> tuple[str, ...]:
    """The words for :func:`faction_names`, one each (a faction added later: its id)."""
    return tuple(WORDS.get(name, name) for name in faction_names())


def faction_word(faction: Faction) -> Message:
    """``faction``'s name as a person reads it, in the reader's language (a faction board
    added later: the name its file gives)."""
    return M_(WORDS.get(faction.id, faction.name))


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
        listed = ", ".join(known)
        if filename.startswith("map-"):
            raise RollingDataError(
                M_("no map {name}; known: {known}", name=quote(name), known=listed)
            )
        raise RollingDataError(
            M_("no faction {name}; known: {known}", name=quote(name), known=listed)
        )
    with open(DATA / filename, encoding="utf-8") as handle:
        return json.load(handle)


#: A file that is no JSON object, by its kind (the file's key: "map", "faction").
ONE_OBJECT = {
    "map": N_("{key}: a map file holds one JSON object"),
    "faction": N_("{key}: a faction file holds one JSON object"),
}


def _must(key: str, value: str) -> Message:
    """``key`` must hold ``value`` (notation: a format's name, a start's)."""
    return M_("{key}: must be {value}", key=key, value=value)


def _object(key: str) -> Message:
    return M_("{key}: must be an object", key=key)


def _need(raw: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in raw:
        raise RollingDataError(M_("{key}: required key is missing", key=where + "." + key))
    value = raw[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RollingDataError(
            M_("{key}: {value} has the wrong type", key=where + "." + key, value=quote(value))
        )
    return value


def _only(raw: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    unknown = sorted(set(raw) - set(known))
    if unknown:
        key, listed = f"{where}.{unknown[0]}", ", ".join(known)
        raise RollingDataError(M_("{key}: unknown key; known: {known}", key=key, known=listed))


def _header(raw: Any, kind: str, keys: Sequence[str]) -> tuple[str, str, str, bool]:
    """A ``kind`` data file's object checked: its keys (the header's and ``keys``) and its
    format (``rolling-pyramids/KIND``); its id, name, provenance and
    made_for_this_project."""
    if not isinstance(raw, dict):
        raise RollingDataError(M_(ONE_OBJECT[kind], key=kind))
    _only(raw, ("format", "id", "name", "made_for_this_project", "provenance", *keys), kind)
    if raw.get("format") != f"rolling-pyramids/{kind}":
        raise RollingDataError(_must(f"{kind}.format", f"'rolling-pyramids/{kind}'"))
    return (
        _need(raw, "id", str, kind),
        _need(raw, "name", str, kind),
        _need(raw, "provenance", str, kind),
        _need(raw, "made_for_this_project", bool, kind),
    )


def _count(raw: Mapping[str, Any], key: str, where: str, low: int = 0) -> int:
    value: int = _need(raw, key, int, where)
    if value < low:
        raise RollingDataError(
            M_(
                "{key}: must be {low} or more, not {value}",
                key=where + "." + key,
                low=str(low),
                value=str(value),
            )
        )
    return value


def _hex(raw: Any, where: str) -> tuple[int, int]:
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
    ):
        raise RollingDataError(M_("{key}: must be [q, r], two whole numbers", key=where))
    return raw[0], raw[1]


def parse_map(raw: Any) -> RollingMap:
    """A :class:`RollingMap` from a map file's JSON (RollingDataError naming the key)."""
    where = "map"
    map_id, name, provenance, made = _header(raw, where, ("hex_layout", "spaces", "starts", "solo"))
    spaces = _need(raw, "spaces", list, where)
    starts = _need(raw, "starts", list, where)
    if not spaces or not starts:
        raise RollingDataError(
            M_("{key}: needs at least one space and one starting area", key="map")
        )
    numbers = []
    for i, space in enumerate(spaces):
        if not isinstance(space, dict):
            raise RollingDataError(_object(f"map.spaces[{i}]"))
        numbers.append(_count(space, "number", f"map.spaces[{i}]", 1))
    if sorted(numbers) != list(range(1, len(spaces) + 1)):
        raise RollingDataError(
            M_(
                "{key}: the numbers must be 1..{count}, each once",
                key="map.spaces",
                count=str(len(spaces)),
            )
        )
    spaces = sorted(spaces, key=lambda s: s["number"])
    start_names = [f"S{k}" for k in range(1, len(starts) + 1)]
    index: dict[Any, int] = {s["number"]: i for i, s in enumerate(spaces)}
    for k, start in enumerate(starts):
        if not isinstance(start, dict) or start.get("name") != start_names[k]:
            raise RollingDataError(_must(f"map.starts[{k}].name", repr(start_names[k])))
        index[start_names[k]] = len(spaces) + k
    cells = [_space_cell(i, space, index) for i, space in enumerate(spaces)]
    sacred = sum(cell.sacred for cell in cells)
    if sacred != 1:
        raise RollingDataError(M_("{key}: space 1 must be marked sacred", key="map.spaces"))
    for k, start in enumerate(starts):
        at = f"map.starts[{k}]"
        _only(start, ("name", "hex", "adjacent"), at)
        h = _hex(start.get("hex"), f"{at}.hex")
        cells.append(Cell(len(spaces) + k, None, start_names[k], h, _adjacent(start, index, at)))
    if len({c.hex for c in cells}) != len(cells):
        raise RollingDataError(M_("{key}: two cells share a hex", key="map"))
    for cell in cells:
        for other in cell.adjacent:
            if cell.index not in cells[other].adjacent:
                raise RollingDataError(
                    M_(
                        "{key}: {cell} lists {other} as adjacent but not the other way round",
                        key="map",
                        cell=cell.name,
                        other=cells[other].name,
                    )
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
                M_(
                    "{key}: must be one of {choices}, not {value}",
                    key=at + ".pyramid.factory",
                    choices=", ".join(SECTIONS),
                    value=quote(factory),
                )
            )
    else:
        raise RollingDataError(M_("{key}: must be white or black", key=at + ".pyramid.colour"))
    is_sacred = space.get("sacred", False)
    if not isinstance(is_sacred, bool):
        raise RollingDataError(M_("{key}: must be true or false", key=at + ".sacred"))
    if is_sacred != (space["number"] == 1):
        raise RollingDataError(
            M_("{key}: space 1 and only space 1 is the Sacred pyramid", key=at + ".sacred")
        )
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
        raise RollingDataError(
            M_("{key}: must give the units of every numbered space", key="map.solo.pharaoh")
        )
    units = tuple(_count(pharaoh, str(n), "map.solo.pharaoh") for n in range(1, count + 1))
    return units, _count(solo, "start_zone_units", "map.solo")


def _adjacent(raw: Mapping[str, Any], index: Mapping[Any, int], where: str) -> tuple[int, ...]:
    names = _need(raw, "adjacent", list, where)
    out = []
    for name in names:
        if not isinstance(name, (int, str)) or isinstance(name, bool) or name not in index:
            raise RollingDataError(
                M_(
                    "{key}: {value} is no cell of the map",
                    key=where + ".adjacent",
                    value=quote(name),
                )
            )
        out.append(index[name])
    if len(set(out)) != len(out):
        raise RollingDataError(M_("{key}: a neighbour is listed twice", key=where + ".adjacent"))
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
        raise RollingDataError(M_("{key}: 1 to 9 groups", key="faction.footmen.groups"))
    lines = [
        _army_line(f"faction.army_lines[{k}]", line)
        for k, line in enumerate(_need(raw, "army_lines", list, where))
    ]
    if len({line.id for line in lines}) != len(lines):
        raise RollingDataError(M_("{key}: two lines share an id", key="faction.army_lines"))
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
        raise RollingDataError(M_("{key}: must be a non-empty list of spaces", key=at))
    track = []
    for k, space in enumerate(group):
        here = f"{at}[{k}]"
        if not isinstance(space, dict):
            raise RollingDataError(_object(here))
        if "circle" in space:
            _only(space, ("circle",), here)
            track.append(FootSpace(circle=_count(space, "circle", here)))
        else:
            _only(space, ("shape", "number"), here)
            shape = space.get("shape")
            if shape not in ("d4", "d8"):
                raise RollingDataError(M_("{key}: must be d4 or d8", key=here + ".shape"))
            number = _count(space, "number", here, 1)
            if number > WRITTEN[1]:
                most = str(WRITTEN[1])
                raise RollingDataError(M_("{key}: at most {most}", key=here + ".number", most=most))
            track.append(FootSpace(shape=shape, number=number))
    return tuple(track)


def _army_line(at: str, line: Any) -> ArmyLine:
    """One army line of the faction board."""
    if not isinstance(line, dict):
        raise RollingDataError(_object(at))
    _only(line, ("id", "name", "rule", "shapes", "bonus", "line_upgrade", "unit", "text"), at)
    line_id = _need(line, "id", str, at)
    if len(line_id) != 1 or line_id not in "abcde":
        raise RollingDataError(M_("{key}: one letter a-e", key=at + ".id"))
    rule = line.get("rule")
    if rule not in RULES:
        raise RollingDataError(
            M_("{key}: must be one of {choices}", key=at + ".rule", choices=", ".join(RULES))
        )
    shapes = _need(line, "shapes", list, at)
    if len(shapes) != 3 or any(s not in SHAPES for s in shapes):
        raise RollingDataError(
            M_("{key}: three of {choices}", key=at + ".shapes", choices=", ".join(SHAPES))
        )
    bonus = _need(line, "bonus", list, at)
    if not bonus or not all(isinstance(b, int) and not isinstance(b, bool) for b in bonus):
        raise RollingDataError(M_("{key}: a non-empty list of whole numbers", key=at + ".bonus"))
    unit = line.get("unit")
    if unit not in UNITS:
        raise RollingDataError(M_("{key}: must be troops or bomb", key=at + ".unit"))
    return ArmyLine(
        line_id,
        _need(line, "name", str, at),
        rule,
        tuple(shapes),
        tuple(bonus),
        _need(line, "line_upgrade", bool, at),
        unit,
    )
