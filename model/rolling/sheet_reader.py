"""Reading a Rolling Pyramids file's ``state``: the values (a seat, a count, a written
number, a cell, an object, a list) and a player's sheet, every problem a
PositionFormatError naming the key. :mod:`model.rolling.files` reads the rest of the state
on top of these."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from pyramid_lab.i18n import M_

from ..game import PositionFormatError, quote
from .rules import DEVICES, WRITTEN, Faction, RollingMap, line_problem
from .state import RollingOptions, Sheet, State


class FiledGame(Protocol):
    """What reading and writing a file's ``state`` asks of :class:`model.rolling.RollingPyramids`
    (a protocol: the game imports its files, so they cannot import it)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> RollingOptions: ...
    @property
    def map(self) -> RollingMap: ...
    @property
    def factions(self) -> tuple[Faction, ...]: ...
    @property
    def state(self) -> State: ...
    @property
    def _holdable(self) -> tuple[int, ...]: ...
    def cell_name(self, cell: int) -> str: ...
    def _die_colour(self, owner: int) -> str: ...
    def _begin_round(self, s: State, number: int) -> None: ...
    def _draft_order(self, s: State) -> tuple[int, ...]: ...
    def _has_decision(self, s: State, p: int) -> bool: ...


class FieldReader:
    """The values of a file's ``state``, each checked against the game it is read for."""

    def __init__(self, game: FiledGame, study: bool) -> None:
        self.game = game
        self.players = game.players
        self.solo = game.options.solo
        self.study = study

    # ---- the values -------------------------------------------------------------------

    def fail(self, key: str, reason: str) -> PositionFormatError:
        """The file's error at ``key``: ``reason`` a Message (said in the reader's language)."""
        return PositionFormatError(key, reason)

    def seat(self, value: Any, key: str) -> int:
        if value not in self.players:
            raise self.fail(
                key,
                M_(
                    "must be one of {choices}, not {value}",
                    choices=", ".join(self.players),
                    value=quote(value),
                ),
            )
        return self.players.index(value)

    def count(self, value: Any, key: str, low: int = 0, high: int | None = None) -> int:
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or value < low
            or (high is not None and value > high)
        ):
            if high is not None:
                raise self.fail(
                    key,
                    M_(
                        "must be a whole number {low} to {high}, not {value}",
                        low=low,
                        high=high,
                        value=quote(value),
                    ),
                )
            raise self.fail(
                key,
                M_(
                    "must be a whole number {low} or more, not {value}", low=low, value=quote(value)
                ),
            )
        return value

    def number(self, value: Any, key: str) -> int | None:
        """A written number (1 to 8) or null."""
        if value is None:
            return None
        return self.count(value, key, *WRITTEN)

    def cell(self, value: Any, key: str) -> int:
        try:
            return self.game.map.cell(value) if isinstance(value, str) else -1 // 0
        except (ValueError, ZeroDivisionError):
            raise self.fail(
                key, M_("{value} is no cell of the map (write '12' or 'S2')", value=quote(value))
            ) from None

    def obj(self, raw: Any, key: str, known: Sequence[str]) -> Mapping[str, Any]:
        if not isinstance(raw, Mapping):
            raise self.fail(key, M_("must be an object"))
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise self.fail(
                f"{key}.{unknown[0]}", M_("unknown key; known: {known}", known=", ".join(known))
            )
        return raw

    def array(self, raw: Any, key: str, length: int | None = None) -> list[Any]:
        if not isinstance(raw, list) or (length is not None and len(raw) != length):
            if length is not None:
                raise self.fail(key, M_("must be a list of {count}", count=length))
            raise self.fail(key, M_("must be a list"))
        return raw


class SheetReader(FieldReader):
    """A player's sheet, read on top of the values."""

    # ---- a player's sheet -------------------------------------------------------------

    def _sheet(self, raw: Any, faction: Faction, key: str) -> Sheet:
        """A sheet as :func:`model.rolling.files.write_state` writes it."""
        known = (
            "heroes",
            "develop",
            "lines",
            "bonus",
            "line_upgrades",
            "devices",
            "footmen",
            "hero_unit",
            "deployed",
            "conquests",
            "reserve",
        )
        raw = self.obj(raw, key, known)
        for name in known:
            if name not in raw:
                raise self.fail(f"{key}.{name}", M_("required key is missing"))
        sheet = Sheet(faction)
        heroes = self.array(raw["heroes"], f"{key}.heroes", faction.hero_slots)
        sheet.heroes = [self.number(v, f"{key}.heroes[{i}]") for i, v in enumerate(heroes)]
        self._develop(sheet, raw["develop"], faction, key)
        self._lines(sheet, raw, faction, key)
        devices = self.obj(raw["devices"], f"{key}.devices", DEVICES)
        for k, kind in enumerate(DEVICES):
            most = 0 if self.solo else faction.devices[k]
            sheet.devices[k] = self.count(devices.get(kind), f"{key}.devices.{kind}", 0, most)
        groups = self.array(raw["footmen"], f"{key}.footmen", len(faction.groups))
        for g, marks in enumerate(groups):
            where = f"{key}.footmen[{g}]"
            for k in self.array(marks, where):
                self.count(k, where, 1, len(faction.groups[g]))
                if faction.groups[g][k - 1].is_circle or sheet.crossed[g][k - 1]:
                    raise self.fail(where, M_("space {space} is a circle or listed twice", space=k))
                sheet.crossed[g][k - 1] = True
        sheet.hero_unit = self.count(raw["hero_unit"], f"{key}.hero_unit")
        deployed = self.array(raw["deployed"], f"{key}.deployed")
        if not all(isinstance(u, str) for u in deployed):
            raise self.fail(f"{key}.deployed", M_("a list of unit names"))
        sheet.deployed = list(deployed)
        sheet.conquests = self.count(raw["conquests"], f"{key}.conquests")
        sheet.reserve = self.count(raw["reserve"], f"{key}.reserve", 0, None if self.solo else 0)
        return sheet

    def _develop(self, sheet: Sheet, raw: Any, faction: Faction, key: str) -> None:
        """The develop pairs ``[d4, d8, spent]``: the d8 number the larger, only a
        completed pair spent."""
        for i, pair in enumerate(self.array(raw, f"{key}.develop", faction.develop_pairs)):
            where = f"{key}.develop[{i}]"
            a, b, used = self.array(pair, where, 3)
            sheet.dev4[i], sheet.dev8[i] = self.number(a, where), self.number(b, where)
            if not isinstance(used, bool):
                raise self.fail(where, M_("[d4, d8, spent]: spent is true or false"))
            if a is not None and b is not None and not a < b:
                raise self.fail(where, M_("the d8 number must be larger than the d4 number"))
            if used and (a is None or b is None):
                raise self.fail(where, M_("only a completed pair can be spent"))
            sheet.dev_used[i] = used

    def _lines(self, sheet: Sheet, raw: Mapping[str, Any], faction: Faction, key: str) -> None:
        """The army lines by id (each number as its line's rule allows), their bonus
        upgrades and the line upgrades taken."""
        ids = [line.id for line in faction.lines]
        lines = self.obj(raw["lines"], f"{key}.lines", ids)
        bonus = self.obj(raw["bonus"], f"{key}.bonus", ids)
        for i, line in enumerate(faction.lines):
            where = f"{key}.lines.{line.id}"
            values = [self.number(v, where) for v in self.array(lines.get(line.id), where, 3)]
            for k, v in enumerate(values):
                if v is not None:
                    others = [None if j == k else x for j, x in enumerate(values)]
                    problem = line_problem(line.rule, others, k, v)
                    if problem:
                        raise self.fail(where, problem)
            sheet.lines[i] = values
            sheet.bonus[i] = self.count(
                bonus.get(line.id), f"{key}.bonus.{line.id}", 0, len(line.bonus) - 1
            )
        for name in self.array(raw["line_upgrades"], f"{key}.line_upgrades"):
            upgradable = [line.id for line in faction.lines if line.line_upgrade]
            if name not in upgradable:
                raise self.fail(
                    f"{key}.line_upgrades",
                    M_("{name} is not a line with a line upgrade", name=quote(name)),
                )
            sheet.line_up[faction.line(name)] = True
