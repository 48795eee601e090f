"""Rolling Pyramids in position files: the file's ``state`` (everything a position holds
beyond its garrisons and starting areas, which are the file's ``pieces``), written by
:func:`write_state` and read back, every value checked, by :func:`read_state`. One format,
written and read, in one module (about 630 lines).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from pyramid_lab.i18n import M_

from ..game import Piece, PositionFormatError, quote
from ..words import colour as colour_word
from .fights import PHARAOH, Troops
from .rules import DEVICES, PICKS, WRITTEN, Faction, RollingMap, line_problem
from .state import (
    PHARAOH_COLOUR,
    PHASES,
    SEQUENTIAL,
    Device,
    Die,
    Order,
    RollingOptions,
    Sheet,
    State,
)


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


def write_state(game: FiledGame) -> dict[str, Any]:
    """The file's ``state``: round, phase, first player, draft pick, scores, dice
    ``[colour, sides, value, taker]``, every player's sheet, the devices on the map
    ``[kind, colour, cell, other]``, the round's deployments ``[colour, unit, cell, troops,
    heroes, bomb]`` and, in the solo game, the spaces whose soldiers wait for a choice and
    whether the revolution is won. Cells by name (``"12"``, ``"S2"``); the garrisons and
    the starting areas chosen are the file's ``pieces``."""
    s = game.state
    players = game.players
    name = game.cell_name
    opts = game.options
    state: dict[str, Any] = {
        "round": s.round,
        "phase": s.phase,
        "first": players[s.first],
        "pick": s.pick,
    }
    if opts.solo:
        state["soldiers"] = [name(c) for c in s.soldiers]
        state["won"] = s.won
    else:
        state["scores"] = dict(zip(players, s.scores, strict=True))
    state["dice"] = [
        [game._die_colour(d.owner), d.sides, d.value, None if d.taker is None else players[d.taker]]
        for d in s.dice
    ]
    state["sheets"] = {
        players[p]: _sheet_json(sheet, game.factions[p]) for p, sheet in enumerate(s.sheets)
    }
    state["devices"] = [
        [d.kind, players[d.player], name(d.cell)] + ([name(d.other)] if d.other >= 0 else [])
        for d in s.devices
    ]
    state["orders"] = [
        [
            players[o.player],
            o.unit,
            None if o.cell is None else name(o.cell),
            o.troops.plain,
            o.troops.heroes,
            o.bomb,
        ]
        for o in s.orders
    ]
    return state


def _sheet_json(sheet: Sheet, faction: Faction) -> dict[str, Any]:
    """A sheet in files: hero slots, develop pairs ``[d4, d8, spent]``, lines by id, the
    bonus upgrades taken per line, the line upgrades, device levels, the crossed footman
    spaces per group (1-based), and this round's heroes, deployed units, conquests still
    to cross and the solo reserve."""
    return {
        "heroes": list(sheet.heroes),
        "develop": [
            [a, b, used] for a, b, used in zip(sheet.dev4, sheet.dev8, sheet.dev_used, strict=True)
        ],
        "lines": {line.id: list(sheet.lines[i]) for i, line in enumerate(faction.lines)},
        "bonus": {line.id: sheet.bonus[i] for i, line in enumerate(faction.lines)},
        "line_upgrades": [line.id for i, line in enumerate(faction.lines) if sheet.line_up[i]],
        "devices": {kind: sheet.devices[k] for k, kind in enumerate(DEVICES)},
        "footmen": [[k + 1 for k, done in enumerate(group) if done] for group in sheet.crossed],
        "hero_unit": sheet.hero_unit,
        "deployed": list(sheet.deployed),
        "conquests": sheet.conquests,
        "reserve": sheet.reserve,
    }


def read_state(
    game: FiledGame, to_move: str, pieces: Sequence[Piece], raw: Any, study: bool
) -> State:
    """The position a file's ``to_move``, ``pieces`` and ``state`` give (``study``: the
    dice taken need not follow the snake draft); PositionFormatError naming the key."""
    return _StateReader(game, study).read(to_move, pieces, raw)


class _StateReader:
    """Reads a file's ``state`` into a :class:`State`, part by part in the order the checks
    run, every problem a PositionFormatError naming the key: the values (a seat, a count, a
    written number, a cell, an object, a list), each checked against the game it is read
    for, a player's sheet on top of them, and the rest of the state."""

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

    def read(self, to_move: str, pieces: Sequence[Piece], raw: Any) -> State:
        game = self.game
        raw = self._keys(raw)
        s = State(game.map, game.factions)
        self._phase(s, raw)
        turn = self.seat(to_move, "to_move")
        given, homes = self._pieces(s, pieces)
        self._starting_areas(s, given, homes, turn)
        if not self.solo:
            self._scores(s, raw["scores"])
        order = self._dice(s, raw["dice"])
        sheets = self.obj(raw["sheets"], "state.sheets", self.players)
        for p, colour in enumerate(self.players):
            if colour not in sheets:
                raise self.fail(f"state.sheets.{colour}", M_("required key is missing"))
            s.sheets[p] = self._sheet(sheets[colour], game.factions[p], f"state.sheets.{colour}")
        self._devices(s, raw["devices"])
        self._orders(s, raw["orders"])
        if self.solo:
            self._soldiers(s, raw["soldiers"], raw["won"])
        self._who_decides(s, to_move, turn, order)
        return s

    # ---- the parts of the state, in order ---------------------------------------------

    def _keys(self, raw: Any) -> Mapping[str, Any]:
        known = ["round", "phase", "first", "pick", "dice", "sheets", "devices", "orders"]
        known += ["soldiers", "won"] if self.solo else ["scores"]
        state: Mapping[str, Any] = self.obj(raw, "state", known)
        for key in known:
            if key not in state:
                raise self.fail(f"state.{key}", M_("required key is missing"))
        return state

    def _phase(self, s: State, raw: Mapping[str, Any]) -> None:
        """The phase, the round, the first player and the draft pick."""
        phase = raw["phase"]
        allowed = [p for p in PHASES if p != ("start" if self.solo else "solo_start")]
        if not self.solo:
            allowed.remove("soldiers")
        if phase not in allowed:
            raise self.fail(
                "state.phase",
                M_(
                    "must be one of {choices}, not {value}",
                    choices=", ".join(allowed),
                    value=quote(phase),
                ),
            )
        s.phase = phase
        opening = phase in ("start", "solo_start")
        rounds = self.game.options.rounds
        s.round = self.count(
            raw["round"], "state.round", 0 if opening else 1, 0 if opening else rounds
        )
        s.first = self.seat(raw["first"], "state.first")  # seat 0, or any seat in a set-up
        s.pick = self.count(raw["pick"], "state.pick", 0, PICKS * len(self.players))

    def _pieces(self, s: State, pieces: Sequence[Piece]) -> tuple[set[int], list[int]]:
        """The garrisons and the starting areas chosen; returns the cells given and the
        solo player's own starting areas (one once the set-up's d4 is rolled)."""
        game, solo = self.game, self.solo
        seen: dict[int, int] = {}
        homes = []
        for index, (coords, colour) in enumerate(pieces):
            key = f"pieces[{index}]"
            if len(coords) != 3:
                raise self.fail(key, M_("a piece is [cell, troops, heroes, colour]"))
            code, plain, heroes = coords
            cell = game.map.by_code.get(code, -1)
            if cell < 0:
                raise self.fail(
                    key,
                    M_(
                        "{code} is no cell of the map (a space number, or -k for Sk)",
                        code=str(code),
                    ),
                )
            if cell in seen:
                raise self.fail(
                    key,
                    M_(
                        "{cell} is also given as pieces[{index}]",
                        cell=game.cell_name(cell),
                        index=str(seen[cell]),
                    ),
                )
            seen[cell] = index
            self.count(plain, key + "[1]")
            self.count(heroes, key + "[2]")
            start = cell in game.map.starts
            if colour == PHARAOH_COLOUR and solo:
                s.owner[cell] = PHARAOH
                if heroes:
                    raise self.fail(key, M_("the Pharaoh has no heroes"))
            else:
                s.owner[cell] = self.seat(colour, key)
            s.troops[cell] = Troops(plain, heroes)
            if start and not solo and plain + heroes:
                raise self.fail(
                    key, M_("a starting area holds no troops: [-k, 0, 0, colour] says whose it is")
                )
            if start and s.owner[cell] == 0 and plain + heroes == 0 and solo:
                homes.append(cell)
            elif plain + heroes == 0 and not start:
                raise self.fail(key, M_("a garrison has at least one unit"))
            elif plain + heroes == 0 and solo:
                raise self.fail(key, M_("an empty starting area is nobody's"))
        return set(seen), homes

    def _starting_areas(self, s: State, given: set[int], homes: list[int], turn: int) -> None:
        """Who holds which starting area: solo, the player's own after the set-up's d4;
        otherwise one each, chosen from the last player towards the first."""
        game, phase = self.game, s.phase
        if self.solo:
            if len(homes) != (0 if phase == "solo_start" else 1):
                raise self.fail(
                    "pieces",
                    M_(
                        'the player\'s own starting area ([-k, 0, 0, "red"]) is set by the '
                        "set-up's d4: none before it"
                    )
                    if phase == "solo_start"
                    else M_(
                        'the player\'s own starting area ([-k, 0, 0, "red"]) is set by the '
                        "set-up's d4: exactly one after it"
                    ),
                )
            if phase == "solo_start" and any(c in given for c in game.map.starts):
                raise self.fail("pieces", M_("the starting zones are filled after the set-up's d4"))
            s.home = homes[0] if homes else -1
            return
        n = len(self.players)
        holders = [s.owner[c] for c in game.map.starts if s.owner[c] >= 0]
        want = list(range(turn + 1, n)) if phase == "start" else list(range(n))
        if sorted(holders) != want:
            names = ", ".join(self.players[p] for p in want)
            raise self.fail(
                "pieces",
                M_(
                    "the starting areas are chosen by the last player first, then towards the "
                    "first: here {names} must hold one each",
                    names=names or M_("nobody"),
                ),
            )

    def _scores(self, s: State, raw: Any) -> None:
        scores = self.obj(raw, "state.scores", self.players)
        for p, colour in enumerate(self.players):
            s.scores[p] = self.count(scores.get(colour), f"state.scores.{colour}")

    def _dice(self, s: State, raw: Any) -> tuple[int, ...]:
        """The round's dice ``[colour, sides, value, taker]``, rolled in order and taken in
        the snake draft's order (a study: by anyone); returns the draft's order."""
        game, phase = self.game, s.phase
        opening = phase in ("start", "solo_start")
        dice = self.array(raw, "state.dice")
        probe = State(game.map, game.factions)
        if not opening:
            game._begin_round(probe, s.round)
        if len(dice) != len(probe.dice):
            raise self.fail(
                "state.dice",
                M_("round {round} has {count} dice", round=s.round, count=len(probe.dice)),
            )
        for i, (entry, fresh) in enumerate(zip(dice, probe.dice, strict=True)):
            key = f"state.dice[{i}]"
            colour, sides, value, taker = self.array(entry, key, 4)
            if colour != game._die_colour(fresh.owner) or sides != fresh.sides:
                raise self.fail(
                    key,
                    M_(
                        "must be a {colour} d{sides}",
                        colour=colour_word(game._die_colour(fresh.owner)),
                        sides=str(fresh.sides),
                    ),
                )
            if value is not None:
                self.count(value, key + "[2]", 1, sides)
            who = None if taker is None else self.seat(taker, key + "[3]")
            if who is not None and value is None:
                raise self.fail(key, M_("an unrolled die cannot be taken"))
            s.dice.append(Die(fresh.owner, sides, value, who))
        rolled = [d.value is not None for d in s.dice]
        if rolled != sorted(rolled, reverse=True):
            raise self.fail(
                "state.dice", M_("the dice are rolled in order: no result after an unrolled die")
            )
        if phase == "roll" and all(rolled):
            raise self.fail("state.dice", M_("every die is rolled: the draft has begun"))
        if phase not in ("roll", *(("start", "solo_start") if opening else ())) and not all(rolled):
            raise self.fail(
                "state.dice", M_("in the {phase} phase every die is rolled", phase=phase)
            )
        takers = [d.taker for d in s.dice if d.taker is not None]
        order = game._draft_order(s) if not opening else ()
        done = s.pick if phase == "draft" else (len(order) if phase not in ("roll",) else 0)
        if not self.study and sorted(takers) != sorted(order[:done]):
            raise self.fail(
                "state.dice",
                M_("after {count} picks the dice taken must match the snake draft", count=done),
            )
        return order

    def _devices(self, s: State, raw: Any) -> None:
        """The devices on the map ``[kind, colour, cell]`` (an umbrella) or ``[kind,
        colour, cell, other]`` (a ram or spikes on a border); none in the solo game."""
        for i, entry in enumerate(self.array(raw, "state.devices")):
            key = f"state.devices[{i}]"
            entry = self.array(entry, key)
            if len(entry) not in (3, 4) or entry[0] not in DEVICES or self.solo:
                raise self.fail(
                    key, M_("must be [kind, colour, cell] or [kind, colour, cell, other]")
                )
            other = self.cell(entry[3], key + "[3]") if len(entry) == 4 else -1
            if (entry[0] == "umbrella") != (other < 0):
                raise self.fail(
                    key, M_("an umbrella stands on a space, a ram or spikes on a border")
                )
            s.devices.append(
                Device(
                    entry[0],
                    self.seat(entry[1], key + "[1]"),
                    self.cell(entry[2], key + "[2]"),
                    other,
                )
            )

    def _orders(self, s: State, raw: Any) -> None:
        """The round's deployments ``[colour, unit, cell, troops, heroes, bomb]``, the units
        each sheet lists as deployed."""
        game = self.game
        for i, entry in enumerate(self.array(raw, "state.orders")):
            key = f"state.orders[{i}]"
            colour, unit, cell, plain, heroes, bomb = self.array(entry, key, 6)
            if not isinstance(unit, str) or not isinstance(bomb, bool):
                raise self.fail(key, M_("must be [colour, unit, cell, troops, heroes, bomb]"))
            player, where = self.seat(colour, key), self.cell(cell, key + "[2]")
            troops = Troops(self.count(plain, key + "[3]"), self.count(heroes, key + "[4]"))
            s.orders.append(Order(player, unit, where, troops, bomb))
        if s.orders and s.phase not in ("deploy", "conquest", "soldiers", "over"):
            raise self.fail(
                "state.orders",
                M_("deployments are written in the deploy phase and erased in cleanup"),
            )
        for i, order in enumerate(s.orders):
            if order.cell not in game._holdable or order.cell == s.home or not order.troops:
                raise self.fail(f"state.orders[{i}]", M_("units go to a cell that holds troops"))
        for p, colour in enumerate(self.players):
            sent = sorted(o.unit for o in s.orders if o.player == p)
            if sent != sorted(s.sheets[p].deployed):
                raise self.fail(
                    f"state.sheets.{colour}.deployed", M_("must name the units in state.orders")
                )

    def _soldiers(self, s: State, raw: Any, won: Any) -> None:
        """Solo: the spaces whose new soldiers wait for a choice, and whether the
        revolution is won."""
        game = self.game
        s.soldiers = [
            self.cell(c, f"state.soldiers[{i}]")
            for i, c in enumerate(self.array(raw, "state.soldiers"))
        ]
        if bool(s.soldiers) != (s.phase == "soldiers"):
            raise self.fail(
                "state.soldiers", M_("soldiers wait for a choice in the soldiers phase only")
            )
        held = [c for c in game.map.spaces if s.owner[c] == 0 and game.map.cells[c].top > 0]
        if s.soldiers != [c for c in held if c in s.soldiers]:
            raise self.fail(
                "state.soldiers",
                M_("the spaces the player holds with a top number, in number order, each once"),
            )
        if not isinstance(won, bool) or (won and s.phase != "over"):
            raise self.fail("state.won", M_("true only once the game is over"))
        s.won = won

    def _who_decides(self, s: State, to_move: str, turn: int, order: Sequence[int]) -> None:
        """``to_move``: the first player at a chance node and once over, the draft's
        picker, or a player with a decision to make in a sequential phase (none before it
        still to decide in deploy and conquest, which ``done`` cannot end early)."""
        game, phase, players = self.game, s.phase, self.players
        n = len(players)
        if phase in ("roll", "solo_start", "over"):
            if turn != s.first:
                raise self.fail(
                    "to_move",
                    M_(
                        "at this node to_move is the first player, {player}",
                        player=players[s.first],
                    ),
                )
        elif phase == "draft" and (s.pick >= len(order) or order[s.pick] != turn):
            raise self.fail(
                "to_move",
                M_("pick {pick} of the draft is not {player}'s", pick=s.pick + 1, player=to_move),
            )
        s.turn = turn
        if phase not in SEQUENTIAL:
            return
        s.step = (turn - s.first) % n
        if not game._has_decision(s, turn):
            raise self.fail(
                "to_move",
                M_(
                    "{player} has nothing to decide in the {phase} phase",
                    player=to_move,
                    phase=phase,
                ),
            )
        if phase in ("deploy", "conquest"):  # ``done`` may end the other phases early
            for step in range(s.step):
                earlier = (s.first + step) % n
                if game._has_decision(s, earlier):
                    raise self.fail(
                        "to_move",
                        M_(
                            "{earlier} comes before {player} in this round and still has to "
                            "decide in the {phase} phase",
                            earlier=players[earlier],
                            player=to_move,
                            phase=phase,
                        ),
                    )
