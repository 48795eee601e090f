"""Rolling Pyramids: a roll-and-write area-control game for 1 to 4 players, on the protocol
of :mod:`model.game` (chance nodes for the dice, any number of players).

The rules as implemented, phase by phase, and every choice made where the rule sheet is
silent or its pictures are lost, are in ``docs/rolling-pyramids.md``; the formulas and
fights are in :mod:`model.rolling_rules`, the maps and faction boards in
``model/data/rolling/``. A round is: chance nodes rolling each die, the snake draft (each
pick is a :class:`Take` that writes the die on the player's sheet), develop (upgrades),
deploy (one :class:`Deploy` per unit, then the fights are resolved), conquest (footman
triangles), points (solo: the Pharaoh's walk and the soldiers' choices) and cleanup
(devices placed). Every decision is one player's move; ``done`` ends a player's optional
decisions.

Registered as ``rolling``; build games from the registry or the class,
``RollingPyramids.new(RollingPyramids.parse_options({"players": 3}))``. The computer
players are the game's own (:class:`RandomPlayer`, :class:`GreedyPlayer`:
``computer_levels``), not the shared tree searches, which know no chance node.

Positions are immutable values: ``push`` builds a new :class:`State` from a copy and keeps
the old one for ``pop``, so a copy of the game shares its states safely.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from importlib import import_module
from typing import Any, ClassVar, Self

from .game import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    OptionSpec,
    Outcome,
    Piece,
    PositionFormatError,
    Termination,
    check_option_names,
    register_game,
)
from .rolling_rules import (
    DEVICES,
    DICE_PER_PLAYER,
    EMPTY,
    HALVING,
    PHARAOH,
    PICKS,
    ROUNDS,
    SOLO_DICE,
    SOLO_ROUNDS,
    WRITTEN,
    Faction,
    RollingDataError,
    RollingMap,
    Troops,
    bombard,
    faction_names,
    fight,
    footmen,
    line_problem,
    line_value,
    load_faction,
    load_map,
    map_names,
    reinforcement_walk,
    shape_takes,
    snake_order,
    space_points,
    walk_size,
    written_choices,
)

COLOURS = ("red", "blue", "green", "yellow")
GREY = "grey"  # the solo variant's fifth and sixth dice
PHARAOH_COLOUR = "pharaoh"
NEUTRAL = -1  # the owner of a grey die
PHASES = (
    "start",
    "solo_start",
    "roll",
    "draft",
    "develop",
    "deploy",
    "conquest",
    "soldiers",
    "cleanup",
    "over",
)
SEQUENTIAL = ("develop", "deploy", "conquest", "cleanup")
LAST_ROUND = ("both", "bottom")
CONQUEST = ("new", "taken")


@dataclass(frozen=True, slots=True)
class RollingOptions:
    """The game's options; ``docs/rolling-pyramids.md`` says why each default."""

    players: int = 2  # 1 is the solo variant, Hyskosian revolution
    map: str = "inner-factories"
    first_faction: str = "anubian"  # seat 0's board; the seats alternate between the two
    last_round: str = "both"  # round 10 scores top and bottom ("bottom": the bottom only)
    rotate_first_player: bool = False
    stack_modifiers: bool = False  # own colour ±1 and factory ±2 on one die
    halving: str = "device"  # "break down in half": see rolling_rules.HALVING
    conquest: str = "new"  # a conquest: any newly held space, or only one taken from someone

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def rounds(self) -> int:
        return SOLO_ROUNDS if self.solo else ROUNDS

    def factions(self) -> tuple[str, ...]:
        names = faction_names()
        start = names.index(self.first_faction)
        return tuple(names[(start + k) % len(names)] for k in range(self.players))

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# ---- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartArea(Move):
    """Set-up: a player chooses a starting area (``start S2``)."""

    cell: str

    def __str__(self) -> str:
        return f"start {self.cell}"


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """Chance: a die's result (``roll red d4 3``; ``roll grey d8 5`` in the solo game)."""

    colour: str
    sides: int
    value: int

    def __str__(self) -> str:
        return f"roll {self.colour} d{self.sides} {self.value}"


@dataclass(frozen=True, slots=True)
class Take(Move):
    """A draft pick: the die (its colour, kind and face) and where its number is written,
    ``written`` (None with the slot ``none``: no slot can take it)."""

    colour: str
    sides: int
    value: int
    slot: str
    written: int | None

    def __str__(self) -> str:
        text = f"take {self.colour} d{self.sides} {self.value} > {self.slot}"
        if self.written is not None and self.written != self.value:
            text += f" = {self.written}"
        return text


@dataclass(frozen=True, slots=True)
class Develop(Move):
    """Spend a completed develop pair on an upgrade (``develop ram``, ``develop a+``,
    ``develop c-line``)."""

    upgrade: str

    def __str__(self) -> str:
        return f"develop {self.upgrade}"


@dataclass(frozen=True, slots=True)
class Deploy(Move):
    """Send a unit to a space (``deploy f1 12``, ``deploy heroes S3``)."""

    unit: str
    cell: str

    def __str__(self) -> str:
        return f"deploy {self.unit} {self.cell}"


@dataclass(frozen=True, slots=True)
class Cross(Move):
    """A conquest crosses off a triangle of a footman group (``cross f1.5``, 1-based)."""

    group: int
    space: int

    def __str__(self) -> str:
        return f"cross f{self.group}.{self.space}"


@dataclass(frozen=True, slots=True)
class Soldiers(Move):
    """Solo: the new soldiers of a space stay there or join the reserve (``stay 9``); those
    of every space still waiting at once, ``stay all`` / ``reserve all``."""

    cell: str
    stay: bool

    def __str__(self) -> str:
        return f"{'stay' if self.stay else 'reserve'} {self.cell}"


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Cleanup: a device on a border (``ram 9-15``, ``spikes 15-9``: the player's own cell
    first) or a space (``umbrella 15``)."""

    device: str
    cell: str
    other: str | None = None

    def __str__(self) -> str:
        where = self.cell if self.other is None else f"{self.cell}-{self.other}"
        return f"{self.device} {where}"


@dataclass(frozen=True, slots=True)
class Done(Move):
    """Ends a player's develop, conquest or cleanup decisions."""

    def __str__(self) -> str:
        return "done"


DONE = Done()
ALL = "all"  # Soldiers: every space whose soldiers wait


def parse_move(text: str) -> Move:
    """The move written as ``text`` (InvalidMoveError naming what is wrong)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"{text!r} is not a move")
    words = text.split()
    if not words:
        raise InvalidMoveError("an empty move")
    head, rest = words[0], words[1:]
    try:
        if head == "done" and not rest:
            return DONE
        if head == "start" and len(rest) == 1:
            return StartArea(rest[0])
        if head == "roll" and len(rest) == 3:
            return Roll(rest[0], _sides(rest[1]), int(rest[2]))
        if head == "take" and len(rest) >= 5 and rest[3] == ">":
            colour, sides, value = rest[0], _sides(rest[1]), int(rest[2])
            slot = rest[4]
            if slot == "none" and len(rest) == 5:
                return Take(colour, sides, value, "none", None)
            if len(rest) == 5:
                return Take(colour, sides, value, slot, value)
            if len(rest) == 7 and rest[5] == "=":
                return Take(colour, sides, value, slot, int(rest[6]))
        if head == "develop" and len(rest) == 1:
            return Develop(rest[0])
        if head == "deploy" and len(rest) == 2:
            return Deploy(rest[0], rest[1])
        if head == "cross" and len(rest) == 1:
            group, space = _footman_slot(rest[0])
            return Cross(group, space)
        if head in ("stay", "reserve") and len(rest) == 1:
            return Soldiers(rest[0], head == "stay")
        if head in ("ram", "spikes") and len(rest) == 1 and "-" in rest[0][1:]:
            cut = rest[0].index("-", 1)
            return Place(head, rest[0][:cut], rest[0][cut + 1 :])
        if head == "umbrella" and len(rest) == 1:
            return Place(head, rest[0])
    except ValueError:
        pass
    raise InvalidMoveError(
        f"{text!r} is not a Rolling Pyramids move (start S2, roll red d4 3, "
        "take red d4 3 > a1 = 4, develop ram, deploy f1 12, cross f1.5, stay 9, "
        "ram 9-15, umbrella 15, done)"
    )


def _sides(word: str) -> int:
    if word not in ("d4", "d8"):
        raise ValueError(word)
    return int(word[1:])


def _footman_slot(word: str) -> tuple[int, int]:
    if not word.startswith("f") or "." not in word:
        raise ValueError(word)
    group, space = word[1:].split(".", 1)
    return int(group), int(space)


# ---- the position --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Die:
    owner: int  # a seat, or NEUTRAL (grey)
    sides: int
    value: int | None = None  # None until rolled
    taker: int | None = None


@dataclass(frozen=True, slots=True)
class Order:
    """A unit sent in the deploy phase (kept secret on the sheet until the phase ends).
    ``cell`` is None in another seat's information state: the unit is known, its target
    is not (it fights nowhere there)."""

    player: int
    unit: str
    cell: int | None
    troops: Troops
    bomb: bool


@dataclass(frozen=True, slots=True)
class Device:
    """A ram, spikes or umbrella on the map until the next cleanup. ``cell`` is the
    owner's side of the border (or the umbrella's space), ``other`` the far side."""

    kind: str
    player: int
    cell: int
    other: int = -1


class Sheet:
    """One player's board: what is written on it."""

    __slots__ = (
        "bonus",
        "conquests",
        "crossed",
        "deployed",
        "dev4",
        "dev8",
        "dev_used",
        "devices",
        "hero_unit",
        "heroes",
        "line_up",
        "lines",
        "reserve",
    )

    def __init__(self, faction: Faction) -> None:
        self.heroes: list[int | None] = [None] * faction.hero_slots
        self.dev4: list[int | None] = [None] * faction.develop_pairs
        self.dev8: list[int | None] = [None] * faction.develop_pairs
        self.dev_used = [False] * faction.develop_pairs
        self.lines: list[list[int | None]] = [[None, None, None] for _ in faction.lines]
        self.bonus = [0] * len(faction.lines)  # index into each line's bonus circles
        self.line_up = [False] * len(faction.lines)
        self.devices = [0] * len(DEVICES)  # levels
        self.crossed = [[False] * len(group) for group in faction.groups]
        self.hero_unit = 0  # heroes written this round, to deploy
        self.deployed: list[str] = []  # units deployed this round
        self.conquests = 0  # triangles still to cross this round
        self.reserve = 0  # solo: soldiers kept back for the next round

    def copy(self) -> Sheet:
        other = Sheet.__new__(Sheet)
        other.heroes = self.heroes.copy()
        other.dev4 = self.dev4.copy()
        other.dev8 = self.dev8.copy()
        other.dev_used = self.dev_used.copy()
        other.lines = [line.copy() for line in self.lines]
        other.bonus = self.bonus.copy()
        other.line_up = self.line_up.copy()
        other.devices = self.devices.copy()
        other.crossed = [group.copy() for group in self.crossed]
        other.hero_unit = self.hero_unit
        other.deployed = self.deployed.copy()
        other.conquests = self.conquests
        other.reserve = self.reserve
        return other

    def usable_pairs(self) -> list[int]:
        """Completed develop pairs not yet spent."""
        return [
            i
            for i, (a, b, used) in enumerate(zip(self.dev4, self.dev8, self.dev_used, strict=True))
            if a is not None and b is not None and not used
        ]


class State:
    """Everything a position holds. Never changed once a move has been applied to it."""

    __slots__ = (
        "_key",
        "_moves",
        "devices",
        "dice",
        "fights",
        "first",
        "home",
        "orders",
        "owner",
        "phase",
        "pick",
        "round",
        "scores",
        "sheets",
        "soldiers",
        "step",
        "troops",
        "turn",
        "won",
    )

    def __init__(self, board: RollingMap, factions: Sequence[Faction]) -> None:
        self.round = 0
        self.phase = "start"
        self.first = 0
        self.turn = 0
        self.step = 0
        self.pick = 0
        self.dice: list[Die] = []
        self.owner = [EMPTY] * len(board.cells)
        self.troops = [Troops()] * len(board.cells)
        self.devices: list[Device] = []
        self.orders: list[Order] = []
        self.scores = [0] * len(factions)
        self.sheets = [Sheet(f) for f in factions]
        self.soldiers: list[int] = []  # solo: spaces whose new soldiers wait for a choice
        self.home = -1  # solo: the player's starting area
        self.won = False
        self.fights: tuple[str, ...] = ()  # what the last resolution did, in words
        self._key: Hashable | None = None
        self._moves: list[Move] | None = None

    def copy(self) -> State:
        other = State.__new__(State)
        for name in ("round", "phase", "first", "turn", "step", "pick", "home", "won", "fights"):
            setattr(other, name, getattr(self, name))
        other.dice = self.dice.copy()
        other.owner = self.owner.copy()
        other.troops = self.troops.copy()
        other.devices = self.devices.copy()
        other.orders = self.orders.copy()
        other.scores = self.scores.copy()
        other.sheets = [sheet.copy() for sheet in self.sheets]
        other.soldiers = self.soldiers.copy()
        other._key = None
        other._moves = None
        return other


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit ready to deploy this round."""

    name: str  # heroes, a line's id, f1, f2, reserve
    troops: Troops
    bomb: bool = False


@dataclass(frozen=True, slots=True)
class FightsEffect:
    """What the deploy phase's resolution did (for the status bar and ``last_effect``)."""

    lines: tuple[str, ...]

    def describe(self) -> str:
        return "; ".join(self.lines) if self.lines else "no fight"


# ---- the game ------------------------------------------------------------------------------


@register_game
class RollingPyramids(Game):
    name = "rolling"
    title = "Rolling Pyramids"
    players = COLOURS  # each game has its first options.players colours
    coordinate_count = 3  # cell (number, or -k for starting area Sk), troops, heroes
    endings: ClassVar[Mapping[str, Termination]] = {
        "score": Termination.SCORE,
        "revolution": Termination.GOAL,
        "pharaoh": Termination.MOVE_LIMIT,
    }
    option_specs = (
        OptionSpec(
            "players",
            "Players",
            2,
            minimum=1,
            maximum=4,
            help="1 is the solo variant, Hyskosian revolution (15 rounds)",
        ),
        OptionSpec(
            "map",
            "Map",
            "inner-factories",
            choices=map_names(),
            help="made for this project: the published maps are lost",
        ),
        OptionSpec(
            "first_faction",
            "First player's faction",
            "anubian",
            choices=faction_names(),
            help="the seats alternate between the factions",
        ),
        OptionSpec(
            "last_round",
            "Round 10 scores",
            "both",
            choices=LAST_ROUND,
            help="each pyramid's top and bottom numbers (as every round, and the last "
            "round's bottom), or its bottom number instead of the top",
            only_when=("players", ("2", "3", "4")),  # the solo game scores no points
        ),
    )
    _copied = ("move_stack", "_undo")
    computer_levels = ("random", "greedy", "planner")
    has_chance = True

    @classmethod
    def players_for(cls, options: RollingOptions) -> tuple[str, ...]:
        return COLOURS[: options.players]

    def computer_player(self, level: str, seed: int | None = None) -> Any:
        """:class:`RandomPlayer`, :class:`GreedyPlayer` or the solo game's planner
        (:class:`model.rolling_planner.PlannerPlayer`), by ``level``."""
        if level == "random":
            return RandomPlayer(seed)
        if level == "greedy":
            return GreedyPlayer(seed)
        if level == "planner":  # named, not imported: it builds on this module
            return import_module("model.rolling_planner").PlannerPlayer(seed)
        raise ValueError(f"level must be one of {', '.join(self.computer_levels)}, not {level!r}")

    def __init__(self, options: RollingOptions | None = None) -> None:
        self._options = options or RollingOptions()
        opts = self._options
        self.players = COLOURS[: opts.players]  # type: ignore[misc, assignment]  # seats by the options: Game.players is a class variable
        self.map = load_map(opts.map)
        self.factions = tuple(load_faction(name) for name in opts.factions())
        self._s = State(self.map, self.factions)
        self._undo: list[State] = []
        self.move_stack = []
        self._setup_state: dict[str, Any] | None = None
        self._holdable = tuple(c.index for c in self.map.cells if c.number is not None or opts.solo)

    # ---- construction ---------------------------------------------------------------------

    @classmethod
    def parse_options(cls, raw: Mapping[str, Any]) -> RollingOptions:
        known = tuple(f.name for f in fields(RollingOptions))
        check_option_names(cls.name, raw, known)
        defaults = RollingOptions()
        values: dict[str, Any] = {}
        for name in known:
            value = raw.get(name, getattr(defaults, name))
            values[name] = value
            where = f"options.{name}"
            if name == "players":
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 4:
                    raise PositionFormatError(where, f"must be 1 to 4, not {value!r}")
                continue
            if isinstance(getattr(defaults, name), bool):
                if not isinstance(value, bool):
                    raise PositionFormatError(where, f"must be true or false, not {value!r}")
                continue
            choices = {
                "map": map_names(),
                "first_faction": faction_names(),
                "last_round": LAST_ROUND,
                "halving": HALVING,
                "conquest": CONQUEST,
            }[name]
            if value not in choices:
                raise PositionFormatError(
                    where, f"must be one of {', '.join(choices)}, not {value!r}"
                )
        return RollingOptions(**values)

    @classmethod
    def new(cls, options: RollingOptions | None = None) -> Self:
        game = cls(options)
        s = game._s
        if game._options.solo:
            game._fill_pharaoh(s)
            s.phase = "solo_start"
        else:
            s.phase = "start"
            s.turn = len(game.players) - 1  # "The last player chooses one starting area"
        game._record_setup(from_setup=False)
        return game

    def _fill_pharaoh(self, s: State) -> None:
        for i in self.map.spaces:
            units = self.map.solo_pharaoh[i]
            s.owner[i] = PHARAOH if units else EMPTY
            s.troops[i] = Troops(units)

    @classmethod
    def from_setup(
        cls,
        options: RollingOptions | None,
        to_move: str,
        pieces: Sequence[Piece],
        *,
        study: bool = False,
    ) -> Self:
        """The game's start with ``pieces`` as the garrisons (the solo variant's Pharaoh
        fill replaced by them); any other position needs a ``state``."""
        return cls.from_setup_state(options, to_move, pieces, None, study=study)

    @classmethod
    def from_setup_state(
        cls,
        options: RollingOptions | None,
        to_move: str,
        pieces: Sequence[Piece],
        state: Mapping[str, Any] | None,
        *,
        study: bool = False,
    ) -> Self:
        game = cls(options)
        if state is None:
            state = game._setup_state_for(to_move, pieces)
        game._s = _read_state(game, to_move, pieces, state, study)
        game._record_setup(from_setup=True, study=study)
        return game

    def _setup_state_for(self, to_move: str, pieces: Sequence[Piece]) -> dict[str, Any]:
        """The state of a set-up given by its pieces alone: while starting areas are
        still to be chosen, the set-up's choice (``to_move`` chooses next); once every
        player has one (solo: once the player's is known), round 1 with its dice not yet
        rolled and ``to_move`` as the first player."""
        start = type(self).new(self._options)
        chosen = {colour for (code, *_), colour in pieces if isinstance(code, int) and code < 0}
        everyone = {"red"} if self._options.solo else set(self.players)
        if not everyone <= chosen or to_move not in self.players:
            return start.file_state()
        start._s.first = self.players.index(to_move)
        start._begin_round(start._s, 1)
        return start.file_state()

    def _record_setup(self, *, from_setup: bool, study: bool = False) -> None:
        super()._record_setup(from_setup=from_setup, study=study)
        self._setup_state = self.file_state()

    def setup_state(self) -> dict[str, Any] | None:
        return self._setup_state

    # ---- reading the position ----------------------------------------------------------

    @property
    def state(self) -> State:
        """The position (read only)."""
        return self._s

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def phase(self) -> str:
        return self._s.phase

    def current_player(self) -> int:
        s = self._s
        if s.phase == "over":
            return TERMINAL
        if s.phase in ("roll", "solo_start"):
            return CHANCE
        return s.turn

    @property
    def to_move(self) -> str:
        """The player deciding; at a chance node and once over, the round's first player."""
        s = self._s
        if s.phase in ("roll", "solo_start", "over"):
            return self.players[s.first]
        return self.players[s.turn]

    def colour_of(self, owner: int) -> str | None:
        if owner == PHARAOH:
            return PHARAOH_COLOUR
        if owner == EMPTY:
            return None
        return self.players[owner]

    def cell_name(self, cell: int) -> str:
        return self.map.cells[cell].name

    def holder(self, name: str) -> str | None:
        """Who controls the cell called ``name`` (a colour, ``"pharaoh"`` or None)."""
        return self.colour_of(self._s.owner[self.map.cell(name)])

    def garrison(self, name: str) -> Troops:
        return self._s.troops[self.map.cell(name)]

    def pieces(self) -> list[Piece]:
        """The garrisons ``((cell, troops, heroes), colour)`` and the starting areas chosen
        (``((-k, 0, 0), colour)`` for area Sk; solo: the player's own)."""
        s = self._s
        out: list[Piece] = []
        for cell in self.map.cells:
            troops = s.troops[cell.index]
            if troops or (cell.start is not None and s.owner[cell.index] != EMPTY):
                colour = self.colour_of(s.owner[cell.index])
                out.append(((cell.code, troops.plain, troops.heroes), colour))  # type: ignore[arg-type]  # a held cell's owner has a colour
        return out

    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self._s.scores, strict=True))

    def sheet(self, colour: str) -> Sheet:
        return self._s.sheets[self.players.index(colour)]

    def position_key(self) -> Hashable:
        s = self._s
        if s._key is None:
            s._key = json.dumps(
                [self.to_move, sorted(self.pieces()), self.file_state()], sort_keys=True
            )
        return s._key

    def file_state(self) -> dict[str, Any]:
        """The position beyond its garrisons, for position files (see :func:`_read_state`)."""
        return _write_state(self)

    # ---- the units ----------------------------------------------------------------------

    def units(self, player: int, *, all_of_round: bool = False) -> list[Unit]:
        """The units ``player`` has to deploy this round (with ``all_of_round`` also those
        already deployed), as calculated after the develop phase."""
        s = self._s
        return self._units(s, player, all_of_round)

    def _units(self, s: State, p: int, all_of_round: bool = False) -> list[Unit]:
        sheet = s.sheets[p]
        faction = self.factions[p]
        units: list[Unit] = []
        if sheet.hero_unit:
            units.append(Unit("heroes", Troops(0, sheet.hero_unit)))
        for i, line in enumerate(faction.lines):
            values = sheet.lines[i]
            if all(v is not None for v in values):
                value = line_value(
                    line.rule,
                    [v for v in values if v is not None],  # all are
                    line.bonus[sheet.bonus[i]],
                    sheet.line_up[i],
                )
                if value > 0:
                    units.append(Unit(line.id, Troops(value), line.unit == "bomb"))
        for g, count in enumerate(footmen(faction, sheet.crossed)):
            if count > 0:
                units.append(Unit(f"f{g + 1}", Troops(count)))
        if sheet.reserve:
            units.append(Unit("reserve", Troops(sheet.reserve)))
        if all_of_round:
            sent = [Unit(o.unit, o.troops, o.bomb) for o in s.orders if o.player == p]
            return sent + [u for u in units if u.name not in sheet.deployed]
        return [u for u in units if u.name not in sheet.deployed]

    def _targets(self, s: State, p: int, bomb: bool) -> list[int]:
        cells = [c for c in self._holdable if c != s.home]
        if bomb:
            return cells
        adjacent = self.map.cells
        return [
            c
            for c in cells
            if s.owner[c] == p or any(s.owner[x] == p for x in adjacent[c].adjacent)
        ]

    def controls_factory(self, player: int, section: str) -> bool:
        return self._controls_factory(self._s, player, section)

    def _controls_factory(self, s: State, p: int, section: str) -> bool:
        return any(cell.factory == section and s.owner[cell.index] == p for cell in self.map.cells)

    def information_state(self, player: int) -> Self:
        """The position as seat ``player`` sees it: during the secret deployment the other
        seats' orders keep their units (the sheets show them) but lose their targets
        (``Order.cell`` None, in a canonical order), and the history that would name the
        targets is left out (the view starts from itself). Everything else is open on the
        table: the dice, the sheets, the garrisons, and the scores (hidden on the sheet,
        but every seat can count them from the spaces held at each round's end)."""
        view = self.copy()
        view.move_stack = []
        view._undo = []
        s = self._s
        if s.phase == "deploy" and any(o.player != player for o in s.orders):
            s = s.copy()
            mine = [o for o in s.orders if o.player == player]
            hidden = sorted(
                (replace(o, cell=None) for o in s.orders if o.player != player),
                key=lambda o: (o.player, o.unit),
            )
            s.orders = mine + hidden
            for p, sheet in enumerate(s.sheets):
                if p != player:
                    sheet.deployed.sort()
            view._s = s
            view._record_setup(from_setup=True)  # a set-up this phase may hold the targets
        return view

    def hero_weight(self, owner: int, *, attacking: bool) -> int:
        """What a hero of ``owner`` counts in a fight (1 for the Pharaoh, who has none)."""
        return self._weight(owner, attacking)

    def _weight(self, owner: int, attacking: bool) -> int:
        if owner < 0:
            return 1
        faction = self.factions[owner]
        return faction.hero_attacking if attacking else faction.hero_defending

    # ---- moves ------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        s = self._s
        if s.phase == "solo_start":
            return [(Roll(self.players[0], 4, v), 1 / 4) for v in range(1, 5)]
        if s.phase != "roll":
            raise ValueError(f"{self.title}: no die is rolled in the {s.phase} phase")
        die = next(d for d in s.dice if d.value is None)
        colour = self._die_colour(die.owner)
        return [(Roll(colour, die.sides, v), 1 / die.sides) for v in range(1, die.sides + 1)]

    def _die_colour(self, owner: int) -> str:
        return GREY if owner == NEUTRAL else self.players[owner]

    def legal_moves(self, player: int | None = None) -> list[Move]:
        s = self._s
        if s._moves is None:
            s._moves = self._legal(s)
        return list(s._moves)

    def legal_move_count(self) -> int:
        s = self._s
        if s._moves is None:
            s._moves = self._legal(s)
        return len(s._moves)

    def _legal(self, s: State) -> list[Move]:
        phase = s.phase
        if phase == "over":
            return []
        if phase in ("roll", "solo_start"):
            return [m for m, _ in self.chance_outcomes()]
        p = s.turn
        if phase == "start":
            return [StartArea(self.cell_name(c)) for c in self.map.starts if s.owner[c] == EMPTY]
        if phase == "draft":
            return self._takes(s, p)
        if phase == "develop":
            return [Develop(u) for u in self._upgrades(s, p)] + [DONE]
        if phase == "deploy":
            return [
                Deploy(unit.name, self.cell_name(c))
                for unit in self._units(s, p)
                for c in self._targets(s, p, unit.bomb)
            ]
        if phase == "conquest":
            return [Cross(g + 1, k + 1) for g, k in self._triangles(s, p)] + [DONE]
        if phase == "soldiers":
            name = self.cell_name(s.soldiers[0])
            one: list[Move] = [Soldiers(name, True), Soldiers(name, False)]
            if len(s.soldiers) == 1:
                return one
            return [Soldiers(ALL, True), *one, Soldiers(ALL, False)]
        if phase == "cleanup":
            return [*self._placements(s, p), DONE]
        raise AssertionError(phase)

    # -- draft --

    def _slots(self, s: State, p: int, sides: int) -> list[tuple[str, str]]:
        """Slots (name, section) that may take a die of ``sides``, one per class of equal
        empty slots (the first free hero slot, the first empty develop pair)."""
        sheet = s.sheets[p]
        faction = self.factions[p]
        out: list[tuple[str, str]] = []
        if None in sheet.heroes:
            out.append(("hero", "heroes"))
        empty_pair = False
        for i, (a, b) in enumerate(zip(sheet.dev4, sheet.dev8, strict=True)):
            if a is None and b is None:
                if empty_pair:
                    continue
                empty_pair = True
            if sides == 4 and a is None:
                out.append((f"dev{i + 1}.d4", "develop"))
            if sides == 8 and b is None:
                out.append((f"dev{i + 1}.d8", "develop"))
        for i, line in enumerate(faction.lines):
            for k in range(3):
                if sheet.lines[i][k] is None and shape_takes(line.shapes[k], sides):
                    out.append((f"{line.id}{k + 1}", "armies"))
        for g, group in enumerate(faction.groups):
            for k, space in enumerate(group):
                if space.shape == f"d{sides}" and not sheet.crossed[g][k]:
                    out.append((f"f{g + 1}.{k + 1}", "footmen"))
        return out

    def _slot_problem(self, s: State, p: int, slot: str, sides: int, number: int) -> str | None:
        """Why ``number`` from a d``sides`` may not be written in ``slot``; None if it may."""
        sheet = s.sheets[p]
        faction = self.factions[p]
        if slot == "hero":
            return None if None in sheet.heroes else "every hero slot is written"
        if slot.startswith("dev") and "." in slot:
            pair, shape = slot[3:].split(".", 1)
            if not pair.isdigit() or not 1 <= int(pair) <= faction.develop_pairs:
                return f"there is no develop pair {pair}"
            i = int(pair) - 1
            if shape not in ("d4", "d8"):
                return f"a develop pair has a d4 and a d8 slot, not {shape!r}"
            if shape != f"d{sides}":
                return f"the {shape} slot takes only a number from a {shape}"
            mine, theirs = (
                (sheet.dev4[i], sheet.dev8[i]) if sides == 4 else (sheet.dev8[i], sheet.dev4[i])
            )
            if mine is not None:
                return f"{slot} is already written"
            if theirs is not None and (number >= theirs if sides == 4 else number <= theirs):
                return "the d8 number of a develop pair must be larger than the d4 number"
            return None
        if len(slot) == 2 and slot[1] in "123":
            for i, line in enumerate(faction.lines):
                if line.id == slot[0]:
                    k = int(slot[1]) - 1
                    if not shape_takes(line.shapes[k], sides):
                        return f"{slot} takes only a number from a {line.shapes[k]}"
                    return line_problem(line.rule, sheet.lines[i], k, number)
            return f"there is no line {slot[0]!r}"
        if slot.startswith("f"):
            try:
                g, k = _footman_slot(slot)
                space = faction.groups[g - 1][k - 1]
                if g < 1 or k < 1:
                    raise IndexError
            except (ValueError, IndexError):
                return f"there is no footman space {slot}"
            if space.is_circle:
                return f"{slot} is a circle: it unlocks by itself"
            if sheet.crossed[g - 1][k - 1]:
                return f"{slot} is already crossed off"
            if space.shape != f"d{sides}":
                return f"{slot} needs a {space.shape}"
            if number != space.number:
                return f"{slot} needs a {space.number}"
            return None
        return f"there is no slot {slot!r} (hero, devN.d4, devN.d8, a1..c3, fG.K)"

    def _takes(self, s: State, p: int) -> list[Move]:
        moves: list[Move] = []
        seen: set[tuple[int, int, int]] = set()
        stack = self._options.stack_modifiers
        for die in s.dice:
            key = (die.owner, die.sides, die.value)
            if die.taker is not None or key in seen:
                continue
            seen.add(key)  # type: ignore[arg-type]  # a die to take is rolled: it has a value
            colour = self._die_colour(die.owner)
            value: int = die.value  # type: ignore[assignment]  # rolled, as above
            before = len(moves)
            for slot, section in self._slots(s, p, die.sides):
                factory = self._controls_factory(s, p, section)
                for number in written_choices(value, die.owner == p, factory, stack):
                    if self._slot_problem(s, p, slot, die.sides, number) is None:
                        moves.append(Take(colour, die.sides, value, slot, number))
            if len(moves) == before:
                moves.append(Take(colour, die.sides, value, "none", None))
        return moves

    # -- develop --

    def _upgrades(self, s: State, p: int) -> list[str]:
        sheet = s.sheets[p]
        if not sheet.usable_pairs():
            return []
        faction = self.factions[p]
        out = []
        if not self._options.solo:  # "Special developments ... are not used in solo variant."
            out += [d for k, d in enumerate(DEVICES) if sheet.devices[k] < faction.devices[k]]
        for i, line in enumerate(faction.lines):
            if sheet.bonus[i] + 1 < len(line.bonus):
                out.append(f"{line.id}+")
            if line.line_upgrade and not sheet.line_up[i]:
                out.append(f"{line.id}-line")
        return out

    # -- conquest --

    def _triangles(self, s: State, p: int) -> list[tuple[int, int]]:
        sheet = s.sheets[p]
        if sheet.conquests <= 0:
            return []
        return [
            (g, k)
            for g, group in enumerate(self.factions[p].groups)
            for k, space in enumerate(group)
            if space.is_triangle and not sheet.crossed[g][k]
        ]

    # -- cleanup --

    def _placements(self, s: State, p: int) -> list[Move]:
        if self._options.solo:
            return []
        sheet = s.sheets[p]
        placed = [d for d in s.devices if d.player == p]
        cells = self.map.cells
        out: list[Move] = []
        for k, kind in enumerate(DEVICES):
            if sheet.devices[k] <= sum(1 for d in placed if d.kind == kind):
                continue
            taken = {(d.cell, d.other) for d in placed if d.kind == kind}
            if kind == "ram":
                spots = [
                    (x, c)
                    for x in range(len(cells))
                    if s.owner[x] == p
                    for c in cells[x].adjacent
                    if c in self._holdable and s.owner[c] != p
                ]
            elif kind == "spikes":
                spots = [
                    (c, x)
                    for c in self._holdable
                    if s.owner[c] == p
                    for x in cells[c].adjacent
                    if s.owner[x] != p
                ]
            else:
                spots = [(c, -1) for c in self._holdable if s.owner[c] == p]
            for a, b in spots:
                if (a, b) not in taken:
                    other = None if b < 0 else self.cell_name(b)
                    out.append(Place(kind, self.cell_name(a), other))
        return out

    # ---- legality -------------------------------------------------------------------------

    def why_illegal(self, move: Move) -> str | None:
        s = self._s
        if s.phase == "over":
            return f"the game is over: {self.describe_result()}"
        if s._moves is not None and move in s._moves:
            return None
        phase = s.phase
        expected = {
            "start": StartArea,
            "solo_start": Roll,
            "roll": Roll,
            "draft": Take,
            "develop": (Develop, Done),
            "deploy": Deploy,
            "conquest": (Cross, Done),
            "soldiers": Soldiers,
            "cleanup": (Place, Done),
        }[phase]
        if not isinstance(move, expected):  # type: ignore[arg-type]  # the table holds classes
            return f"{move} is not a move of the {phase.replace('_', ' ')} phase"
        if isinstance(move, Take):
            return self._take_problem(s, s.turn, move)
        if move in self.legal_moves():
            return None
        return self._explain_refusal(s, move)

    def _take_problem(self, s: State, p: int, move: Take) -> str | None:
        if move.sides not in (4, 8) or not 1 <= move.value <= move.sides:
            return f"there is no such die: d{move.sides} {move.value}"
        owner = (
            NEUTRAL
            if move.colour == GREY
            else (self.players.index(move.colour) if move.colour in self.players else None)
        )
        if owner is None or not any(
            d.taker is None and (d.owner, d.sides, d.value) == (owner, move.sides, move.value)
            for d in s.dice
        ):
            return f"no {move.colour} d{move.sides} showing {move.value} is left to take"
        if move.slot == "none":
            if move.written is not None:
                return "a die written nowhere has no number"
            if any(
                isinstance(m, Take)
                and (m.colour, m.sides, m.value) == (move.colour, move.sides, move.value)
                and m.slot != "none"
                for m in self.legal_moves()
            ):
                return "a die is written nowhere only when no slot can take its number"
            return None
        if move.written is None or not WRITTEN[0] <= move.written <= WRITTEN[1]:
            return f"a written number is {WRITTEN[0]} to {WRITTEN[1]}"
        section = (
            "heroes"
            if move.slot == "hero"
            else "develop"
            if move.slot.startswith("dev")
            else "footmen"
            if move.slot.startswith("f")
            else "armies"
        )
        allowed = written_choices(
            move.value,
            owner == p,
            self._controls_factory(s, p, section),
            self._options.stack_modifiers,
        )
        if move.written not in allowed:
            return (
                f"a {move.colour} d{move.sides} showing {move.value} may be written as "
                f"{', '.join(map(str, allowed))} here (own colour ±1, a {section} factory ±2)"
            )
        return self._slot_problem(s, p, move.slot, move.sides, move.written)

    def _explain_refusal(self, s: State, move: Move) -> str:
        p = s.turn
        if isinstance(move, Roll):
            outcomes = [str(m) for m, _ in self.chance_outcomes()]
            return f"the die to roll now gives {outcomes[0]} .. {outcomes[-1]}"
        if isinstance(move, StartArea):
            return f"{move.cell} is not a free starting area"
        if isinstance(move, Develop):
            if not s.sheets[p].usable_pairs():
                return "no completed develop pair is left to spend"
            return f"{move.upgrade} is not an upgrade left to take"
        if isinstance(move, Deploy):
            units = {u.name: u for u in self._units(s, p)}
            if move.unit not in units:
                return f"{self.players[p]} has no unit {move.unit!r} left to deploy"
            return (
                f"{move.unit} may go only to a space {self.players[p]} controls or one "
                "adjacent to a space or starting area they control"
                if not units[move.unit].bomb
                else f"{move.cell} is not a space a bomb can hit"
            )
        if isinstance(move, Cross):
            return f"f{move.group}.{move.space} is not a triangle left to cross off"
        if isinstance(move, Soldiers):
            name = self.cell_name(s.soldiers[0])
            if move.cell == ALL:
                word = "stay" if move.stay else "reserve"
                return f"the soldiers of one space wait: {word} {name}"
            return f"the soldiers to place now are those of space {name}"
        if isinstance(move, Place):
            return f"{move} is not a place for one more {move.device}"
        return f"{move} is not a legal move here"

    # ---- playing ----------------------------------------------------------------------------

    def push(self, move: Move) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self._apply(move)

    def push_search(self, move: Move) -> None:
        self._apply(move)

    def pop(self) -> Move:
        if not self._undo:
            raise IndexError("no move to take back")
        self._s = self._undo.pop()
        return self.move_stack.pop()

    def _apply(self, move: Move) -> None:
        s = self._s.copy()
        phase = s.phase
        if isinstance(move, Roll):
            self._apply_roll(s, move)
        elif isinstance(move, StartArea):
            s.owner[self.map.cell(move.cell)] = s.turn
            if s.turn > 0:
                s.turn -= 1  # "then this continues to the right, to first player"
            else:
                self._begin_round(s, 1)
        elif isinstance(move, Take):
            self._apply_take(s, move)
        elif isinstance(move, Develop):
            self._apply_develop(s, move)
        elif isinstance(move, Deploy):
            self._apply_deploy(s, move)
        elif isinstance(move, Cross):
            sheet = s.sheets[s.turn]
            sheet.crossed[move.group - 1][move.space - 1] = True
            sheet.conquests -= 1
            self._after_decision(s, finished=False)
        elif isinstance(move, Soldiers):
            self._apply_soldiers(s, move)
        elif isinstance(move, Place):
            other = -1 if move.other is None else self.map.cell(move.other)
            s.devices.append(Device(move.device, s.turn, self.map.cell(move.cell), other))
            self._after_decision(s, finished=False)
        elif isinstance(move, Done):
            if phase == "conquest":
                s.sheets[s.turn].conquests = 0
            self._after_decision(s, finished=True)
        else:
            raise IllegalMoveError(f"{move!r} is not a Rolling Pyramids move")
        self._undo.append(self._s)
        self._s = s
        self.move_stack.append(move)

    def _apply_roll(self, s: State, move: Roll) -> None:
        if s.phase == "solo_start":
            # "Throw 1 d4, and mark your starting position on a number you get. And 10 to
            # each other starting zone."
            for k, cell in enumerate(self.map.starts):
                if k + 1 == move.value:
                    s.home = cell
                    s.owner[cell] = 0
                else:
                    s.owner[cell] = PHARAOH
                    s.troops[cell] = Troops(self.map.start_zone_units)
            self._begin_round(s, 1)
            return
        i = next(i for i, d in enumerate(s.dice) if d.value is None)
        die = s.dice[i]
        s.dice[i] = Die(die.owner, die.sides, move.value)
        if all(d.value is not None for d in s.dice):
            s.phase = "draft"
            s.pick = 0
            s.turn = self._draft_order(s)[0]

    def _draft_order(self, s: State) -> tuple[int, ...]:
        if self._options.solo:
            return (0,) * PICKS
        return snake_order(len(self.players), s.first)

    def _begin_round(self, s: State, number: int) -> None:
        s.round = number
        n = len(self.players)
        if number > 1 and self._options.rotate_first_player:
            s.first = (s.first + 1) % n  # round 1's first player is seat 0 or the set-up's
        dice: list[Die] = []
        if self._options.solo:
            for sides, count in SOLO_DICE:
                dice += [Die(0, sides)] * (count - 1) + [Die(NEUTRAL, sides)]
        else:
            for p in range(n):
                for sides, count in DICE_PER_PLAYER:
                    dice += [Die(p, sides)] * count
        s.dice = dice
        s.pick = 0
        s.phase = "roll"

    def _apply_take(self, s: State, move: Take) -> None:
        p = s.turn
        owner = NEUTRAL if move.colour == GREY else self.players.index(move.colour)
        i = next(
            i
            for i, d in enumerate(s.dice)
            if d.taker is None and (d.owner, d.sides, d.value) == (owner, move.sides, move.value)
        )
        s.dice[i] = Die(owner, move.sides, move.value, p)
        sheet = s.sheets[p]
        number = move.written
        slot = move.slot
        if slot == "hero":
            sheet.heroes[sheet.heroes.index(None)] = number
            sheet.hero_unit += number  # type: ignore[operator]  # a hero slot is written with a number
        elif slot.startswith("dev"):
            pair, shape = slot[3:].split(".", 1)
            (sheet.dev4 if shape == "d4" else sheet.dev8)[int(pair) - 1] = number
        elif slot.startswith("f"):
            g, k = _footman_slot(slot)
            sheet.crossed[g - 1][k - 1] = True
        elif slot != "none":
            line = self.factions[p].line(slot[0])
            sheet.lines[line][int(slot[1]) - 1] = number
        s.pick += 1
        order = self._draft_order(s)
        if s.pick < len(order):
            s.turn = order[s.pick]
        else:
            s.phase = "develop"
            self._continue_phase(s, 0)

    def _apply_develop(self, s: State, move: Develop) -> None:
        sheet = s.sheets[s.turn]
        faction = self.factions[s.turn]
        sheet.dev_used[sheet.usable_pairs()[0]] = True
        upgrade = move.upgrade
        if upgrade in DEVICES:
            sheet.devices[DEVICES.index(upgrade)] += 1
        elif upgrade.endswith("-line"):
            sheet.line_up[faction.line(upgrade[0])] = True
        else:
            sheet.bonus[faction.line(upgrade[0])] += 1
        self._after_decision(s, finished=False)

    def _apply_deploy(self, s: State, move: Deploy) -> None:
        p = s.turn
        unit = next(u for u in self._units(s, p) if u.name == move.unit)
        s.orders.append(Order(p, unit.name, self.map.cell(move.cell), unit.troops, unit.bomb))
        sheet = s.sheets[p]
        sheet.deployed.append(unit.name)
        if unit.name == "reserve":
            sheet.reserve = 0
        self._after_decision(s, finished=False)

    def _apply_soldiers(self, s: State, move: Soldiers) -> None:
        for _ in range(len(s.soldiers) if move.cell == ALL else 1):
            cell = s.soldiers.pop(0)
            top = self.map.cells[cell].top
            if move.stay:
                s.troops[cell] = s.troops[cell] + Troops(top)
            else:
                s.sheets[0].reserve += top
        if not s.soldiers:
            self._end_round(s)

    # ---- the phases ---------------------------------------------------------------------

    def _has_decision(self, s: State, p: int) -> bool:
        phase = s.phase
        if phase == "develop":
            return bool(self._upgrades(s, p))
        if phase == "deploy":
            return any(self._targets(s, p, u.bomb) for u in self._units(s, p))
        if phase == "conquest":
            return bool(self._triangles(s, p))
        if phase == "cleanup":
            return bool(self._placements(s, p))
        return False

    def _after_decision(self, s: State, *, finished: bool) -> None:
        if not finished and self._has_decision(s, s.turn):
            return
        self._continue_phase(s, s.step + 1)

    def _continue_phase(self, s: State, k: int) -> None:
        """Hand the phase to the next player (from order position ``k``) with a decision
        to make, ending phases (and doing their automatic work) while nobody has one."""
        n = len(self.players)
        while s.phase in SEQUENTIAL:
            for step in range(k, n):
                p = (s.first + step) % n
                if self._has_decision(s, p):
                    s.step, s.turn = step, p
                    return
            self._end_phase(s)
            k = 0

    def _end_phase(self, s: State) -> None:
        phase = s.phase
        if phase == "develop":
            s.phase = "deploy"
        elif phase == "deploy":
            self._resolve(s)
            if self._options.solo and self._revolution_won(s):
                s.won = True
                s.phase = "over"
            else:
                s.phase = "conquest"
        elif phase == "conquest":
            for sheet in s.sheets:
                sheet.conquests = 0
            self._points(s)
        elif phase == "cleanup":
            self._begin_round(s, s.round + 1)

    def _points(self, s: State) -> None:
        if not self._options.solo:
            last = s.round == self._options.rounds
            for cell in self.map.spaces:
                owner = s.owner[cell]
                if owner >= 0:
                    s.scores[owner] += space_points(
                        self.map.cells[cell], last, self._options.last_round
                    )
            self._end_round(s)
            return
        # Solo: "During Point phase, instead of taking points": the Pharaoh's walk.
        taken = [d.value for d in s.dice if d.taker == 0 and d.value is not None]
        spaces = [(s.owner[c], s.troops[c]) for c in self.map.spaces]
        after, log = reinforcement_walk(spaces, walk_size(taken), self._weight(0, False))
        for c, (owner, troops) in zip(self.map.spaces, after, strict=True):
            s.owner[c], s.troops[c] = owner, troops
        s.fights = (
            *s.fights,
            f"the Pharaoh's {walk_size(taken)} reinforcements: " + "; ".join(log),
        )
        # "After reinforcements, player gets new soldiers equal to number in the top of the
        # triangle on each space he controls."
        s.soldiers = [c for c in self.map.spaces if s.owner[c] == 0 and self.map.cells[c].top > 0]
        if s.soldiers:
            s.phase = "soldiers"
            s.turn = 0
        else:
            self._end_round(s)

    def _end_round(self, s: State) -> None:
        if s.round >= self._options.rounds:
            s.phase = "over"
            return
        # "each player cleans up the bottom part of the Player board - Finished armies, and
        # footmen. Player does not clean up unfinished armies".
        for sheet in s.sheets:
            for line in sheet.lines:
                if all(v is not None for v in line):
                    line[:] = [None, None, None]
            sheet.hero_unit = 0
            sheet.deployed = []
            sheet.conquests = 0
        s.orders = []
        s.devices = []
        s.phase = "cleanup"
        self._continue_phase(s, 0)

    def _revolution_won(self, s: State) -> bool:
        """Solo: the player controls the pyramid (space 1) and all four starting zones."""
        cells = [self.map.sacred, *self.map.starts]
        return all(s.owner[c] == 0 for c in cells)

    # ---- the fights -------------------------------------------------------------------------

    def _resolve(self, s: State) -> None:
        """Every space with units sent to it, in number order (docs: deploy phase)."""
        before = s.owner.copy()
        n = len(self.players)
        seats = [(s.first + k) % n for k in range(n)]
        sent: dict[int, dict[int, Troops]] = {}
        bombs: dict[int, list[tuple[int, int]]] = {}
        for order in s.orders:
            if order.cell is None:  # another seat's secret, in an information state
                continue
            if order.bomb:
                bombs.setdefault(order.cell, []).append((order.player, order.troops.plain))
            else:
                here = sent.setdefault(order.cell, {})
                here[order.player] = here.get(order.player, Troops()) + order.troops
        report: list[str] = []
        rounding = self._options.halving
        for cell in sorted(set(sent) | set(bombs)):
            name = self.cell_name(cell)
            holder, garrison = s.owner[cell], s.troops[cell]
            troops = sent.get(cell, {})
            if holder >= 0 and holder in troops:
                # they join the garrison and share its fate: they never attack later
                garrison = garrison + troops.pop(holder)
                report.append(f"{name}: {self.players[holder]} reinforces to {garrison}")
            for p in seats:
                for bomber, amount in bombs.get(cell, []):
                    if bomber != p or holder in (EMPTY, p):
                        continue
                    umbrella = holder >= 0 and any(
                        d.kind == "umbrella" and d.player == holder and d.cell == cell
                        for d in s.devices
                    )
                    left = bombard(
                        amount,
                        garrison,
                        defence_weight=self._weight(holder, False),
                        umbrella=umbrella,
                        rounding=rounding,
                    )
                    report.append(
                        f"{name}: {self.players[p]}'s bomb of {amount} hits "
                        f"{self.colour_of(holder)}'s {garrison}"
                        + (" (umbrella)" if umbrella else "")
                        + f": {left or 'nothing'} left"
                    )
                    garrison = left
                    if not garrison:
                        holder = EMPTY
            for p in seats:
                if p == holder or p not in troops:
                    continue
                attack = troops[p]
                if holder == EMPTY:
                    holder, garrison = p, attack
                    report.append(f"{name}: {self.players[p]} takes it with {attack}")
                    continue
                original = holder == before[cell]
                ram = original and self._device_across(s, "ram", p, cell, p, before)
                spikes = (
                    original
                    and holder >= 0
                    and self._device_across(s, "spikes", holder, cell, p, before)
                )
                result = fight(
                    attack,
                    garrison,
                    attack_weight=self._weight(p, True),
                    defence_weight=self._weight(holder, False),
                    ram=ram,
                    spikes=spikes,
                    rounding=rounding,
                )
                whole_attack = attack.strength(self._weight(p, True))
                whole_defence = garrison.strength(self._weight(holder, False))
                attack_words = f"{result.attack_number}" + (
                    f" ({whole_attack} halved by spikes)" if spikes else ""
                )
                defence_words = f"{result.defence_number}" + (
                    f" ({whole_defence} halved by a ram)" if ram else ""
                )
                text = (
                    f"{name}: {self.players[p]} {attack_words} attacks "
                    f"{self.colour_of(holder)} {defence_words}: "
                )
                if result.winner == "attacker":
                    holder, garrison = p, result.survivors
                    text += f"{self.players[p]} takes it with {garrison}"
                elif result.winner == "defender":
                    garrison = result.survivors
                    text += f"{self.colour_of(holder)} holds with {garrison}"
                else:
                    holder, garrison = EMPTY, Troops()
                    text += "they kill each other out: the space is empty"
                report.append(text)
            s.owner[cell], s.troops[cell] = holder, garrison
        for p in range(n):
            gained = [
                c
                for c in self._holdable
                if s.owner[c] == p
                and before[c] != p
                and (self._options.conquest == "new" or before[c] != EMPTY)
            ]
            s.sheets[p].conquests = len(gained)
        s.fights = tuple(report)

    def _device_across(
        self, s: State, kind: str, owner: int, cell: int, attacker: int, before: list[int]
    ) -> bool:
        """Whether ``owner`` has a ``kind`` on a border between ``cell`` and a cell the
        attacker controlled when the phase began."""
        for d in s.devices:
            if d.kind != kind or d.player != owner:
                continue
            if d.cell == cell and d.other >= 0 and before[d.other] == attacker:
                return True
            if d.other == cell and before[d.cell] == attacker:
                return True
        return False

    # ---- the end ----------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        s = self._s
        if s.phase != "over":
            return None
        if self._options.solo:
            if s.won:
                return Outcome(self.players, (1.0,), Termination.GOAL, "revolution")
            return Outcome(self.players, (-1.0,), Termination.MOVE_LIMIT, "pharaoh")
        return Outcome.scored(self.players, s.scores, "score")

    def is_over(self) -> bool:
        return self._s.phase == "over"

    def describe_result(self) -> str:
        s = self._s
        if s.phase != "over":
            return ""
        if self._options.solo:
            if s.won:
                return f"{self.players[0]} wins the revolution in round {s.round}"
            return f"the Pharaoh holds Hyskos after {s.round} rounds: {self.players[0]} loses"
        best = max(s.scores)
        top = [c for c, v in zip(self.players, s.scores, strict=True) if v == best]
        table = "-".join(str(v) for v in sorted(s.scores, reverse=True))
        if len(top) == 1:
            return f"{top[0]} wins {table}"
        return f"{' and '.join(top)} share the win ({table})"

    def last_effect(self) -> FightsEffect | None:
        if not self._undo:
            return None
        if self._undo[-1].phase == "deploy" and self._s.phase != "deploy":
            return FightsEffect(self._s.fights)
        return None

    def explain(self) -> list[str]:
        s = self._s
        lines = []
        if s.phase not in ("start", "solo_start"):
            lines.append(f"round {s.round} of {self._options.rounds}, {s.phase} phase")
        if not self._options.solo:
            lines.append("points: " + ", ".join(f"{c} {v}" for c, v in self.scores().items()))
        for p, colour in enumerate(self.players):
            spaces = [self.cell_name(c) for c in self._holdable if s.owner[c] == p]
            units = ", ".join(f"{u.name} {u.troops}" for u in self._units(s, p)) or "none"
            lines.append(
                f"{colour} ({self.factions[p].name}): {len(spaces)} spaces "
                f"({', '.join(spaces) or '-'}); units to deploy: {units}"
            )
        if s.fights:
            after = s.phase in ("conquest", "soldiers", "cleanup", "over")
            lines.append(f"round {s.round if after else s.round - 1}'s fights:")
            lines += [f"  {line}" for line in s.fights]
        return lines

    def summary(self) -> dict[str, Any]:
        """``analyze``'s object; a lost solo game names the Pharaoh as the winner (the
        protocol's result for one player who lost would read "draw")."""
        report = super().summary()
        outcome = self.outcome()
        if outcome is not None and self._options.solo and not self._s.won:
            report["winner"] = PHARAOH_COLOUR
        return report

    def summary_extras(self) -> dict[str, Any]:
        s = self._s
        extras: dict[str, Any] = {
            "round": s.round,
            "phase": s.phase,
            "spaces": {
                c: sum(1 for x in self._holdable if s.owner[x] == p)
                for p, c in enumerate(self.players)
            },
        }
        if self._options.solo:
            cells = [self.map.sacred, *self.map.starts]
            extras["objectives_held"] = sum(1 for c in cells if s.owner[c] == 0)
        else:
            extras["scores"] = self.scores()
        return extras

    # ---- for computer players ---------------------------------------------------------

    def round_points(self, player: int, *, own_orders_only: bool = True) -> int:
        """The points ``player`` would score at this round's end if the fights were
        resolved now, seeing only their own deployments (the others' are secret)."""
        s = self._s
        if s.phase == "deploy":
            s = s.copy()
            if own_orders_only:
                s.orders = [o for o in s.orders if o.player == player]
            self._resolve(s)
        last = s.round == self._options.rounds
        return sum(
            space_points(self.map.cells[c], last, self._options.last_round)
            for c in self.map.spaces
            if s.owner[c] == player
        )

    def strength_this_round(self, player: int) -> int:
        """The strength of every unit of ``player`` this round, deployed or not."""
        return sum(
            u.troops.strength(self._weight(player, True))
            for u in self._units(self._s, player, all_of_round=True)
        )


# ---- position files: the "state" ---------------------------------------------------------------


def _write_state(game: RollingPyramids) -> dict[str, Any]:
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


class _Reader:
    """Reads a file's ``state`` into a :class:`State`, every problem a PositionFormatError
    naming the key."""

    def __init__(self, game: RollingPyramids) -> None:
        self.game = game
        self.players = game.players

    def fail(self, key: str, reason: str) -> PositionFormatError:
        return PositionFormatError(key, reason)

    def seat(self, value: Any, key: str) -> int:
        if value not in self.players:
            raise self.fail(key, f"must be one of {', '.join(self.players)}, not {value!r}")
        return self.players.index(value)

    def count(self, value: Any, key: str, low: int = 0, high: int | None = None) -> int:
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or value < low
            or (high is not None and value > high)
        ):
            span = f"{low} to {high}" if high is not None else f"{low} or more"
            raise self.fail(key, f"must be a whole number {span}, not {value!r}")
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
            raise self.fail(key, f"{value!r} is no cell of the map (write '12' or 'S2')") from None

    def obj(self, raw: Any, key: str, known: Sequence[str]) -> Mapping[str, Any]:
        if not isinstance(raw, Mapping):
            raise self.fail(key, "must be an object")
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise self.fail(f"{key}.{unknown[0]}", f"unknown key; known: {', '.join(known)}")
        return raw

    def array(self, raw: Any, key: str, length: int | None = None) -> list[Any]:
        if not isinstance(raw, list) or (length is not None and len(raw) != length):
            size = f" of {length}" if length is not None else ""
            raise self.fail(key, f"must be a list{size}")
        return raw


def _read_state(
    game: RollingPyramids, to_move: str, pieces: Sequence[Piece], raw: Any, study: bool
) -> State:
    r = _Reader(game)
    opts = game.options
    solo = opts.solo
    players = game.players
    n = len(players)
    known = ["round", "phase", "first", "pick", "dice", "sheets", "devices", "orders"]
    known += ["soldiers", "won"] if solo else ["scores"]
    raw = r.obj(raw, "state", known)
    for key in known:
        if key not in raw:
            raise r.fail(f"state.{key}", "required key is missing")
    s = State(game.map, game.factions)
    phase = raw["phase"]
    allowed = [p for p in PHASES if p != ("start" if solo else "solo_start")]
    if not solo:
        allowed.remove("soldiers")
    if phase not in allowed:
        raise r.fail("state.phase", f"must be one of {', '.join(allowed)}, not {phase!r}")
    s.phase = phase
    opening = phase in ("start", "solo_start")
    s.round = r.count(
        raw["round"], "state.round", 0 if opening else 1, 0 if opening else opts.rounds
    )
    s.first = r.seat(raw["first"], "state.first")  # seat 0, or any seat in a set-up
    s.pick = r.count(raw["pick"], "state.pick", 0, PICKS * n)
    turn = r.seat(to_move, "to_move")

    # garrisons and starting areas
    seen: dict[int, int] = {}
    homes = []
    for index, (coords, colour) in enumerate(pieces):
        key = f"pieces[{index}]"
        if len(coords) != 3:
            raise r.fail(key, "a piece is [cell, troops, heroes, colour]")
        code, plain, heroes = coords
        cell = game.map.by_code.get(code, -1)
        if cell < 0:
            raise r.fail(key, f"{code} is no cell of the map (a space number, or -k for Sk)")
        if cell in seen:
            raise r.fail(key, f"{game.cell_name(cell)} is also given as pieces[{seen[cell]}]")
        seen[cell] = index
        r.count(plain, key + "[1]")
        r.count(heroes, key + "[2]")
        start = cell in game.map.starts
        if colour == PHARAOH_COLOUR and solo:
            s.owner[cell] = PHARAOH
            if heroes:
                raise r.fail(key, "the Pharaoh has no heroes")
        else:
            s.owner[cell] = r.seat(colour, key)
        s.troops[cell] = Troops(plain, heroes)
        if start and not solo and plain + heroes:
            raise r.fail(
                key, "a starting area holds no troops: [-k, 0, 0, colour] says whose it is"
            )
        if start and s.owner[cell] == 0 and plain + heroes == 0 and solo:
            homes.append(cell)
        elif plain + heroes == 0 and not start:
            raise r.fail(key, "a garrison has at least one unit")
        elif plain + heroes == 0 and solo:
            raise r.fail(key, "an empty starting area is nobody's")
    if solo:
        if len(homes) != (0 if phase == "solo_start" else 1):
            raise r.fail(
                "pieces",
                "the player's own starting area ([-k, 0, 0, \"red\"]) is set by the set-up's d4: "
                + ("none before it" if phase == "solo_start" else "exactly one after it"),
            )
        if phase == "solo_start" and any(c in seen for c in game.map.starts):
            raise r.fail("pieces", "the starting zones are filled after the set-up's d4")
        s.home = homes[0] if homes else -1
    else:
        holders = [s.owner[c] for c in game.map.starts if s.owner[c] >= 0]
        want = list(range(turn + 1, n)) if phase == "start" else list(range(n))
        if sorted(holders) != want:
            raise r.fail(
                "pieces",
                "the starting areas are chosen by the last player first, then towards the "
                f"first: here {', '.join(players[p] for p in want) or 'nobody'} must hold one each",
            )

    if not solo:
        scores = r.obj(raw["scores"], "state.scores", players)
        for p, colour in enumerate(players):
            s.scores[p] = r.count(scores.get(colour), f"state.scores.{colour}")

    # dice
    dice = r.array(raw["dice"], "state.dice")
    probe = State(game.map, game.factions)
    if not opening:
        game._begin_round(probe, s.round)
    if len(dice) != len(probe.dice):
        raise r.fail("state.dice", f"round {s.round} has {len(probe.dice)} dice")
    for i, (entry, fresh) in enumerate(zip(dice, probe.dice, strict=True)):
        key = f"state.dice[{i}]"
        entry = r.array(entry, key, 4)
        colour, sides, value, taker = entry
        if colour != game._die_colour(fresh.owner) or sides != fresh.sides:
            raise r.fail(key, f"must be a {game._die_colour(fresh.owner)} d{fresh.sides}")
        if value is not None:
            r.count(value, key + "[2]", 1, sides)
        who = None if taker is None else r.seat(taker, key + "[3]")
        if who is not None and value is None:
            raise r.fail(key, "an unrolled die cannot be taken")
        s.dice.append(Die(fresh.owner, sides, value, who))
    rolled = [d.value is not None for d in s.dice]
    if rolled != sorted(rolled, reverse=True):
        raise r.fail("state.dice", "the dice are rolled in order: no result after an unrolled die")
    if phase == "roll" and all(rolled):
        raise r.fail("state.dice", "every die is rolled: the draft has begun")
    if phase not in ("roll", *(("start", "solo_start") if opening else ())) and not all(rolled):
        raise r.fail("state.dice", f"in the {phase} phase every die is rolled")
    takers = [d.taker for d in s.dice if d.taker is not None]
    order = game._draft_order(s) if not opening else ()
    done = s.pick if phase == "draft" else (len(order) if phase not in ("roll",) else 0)
    if not study and sorted(takers) != sorted(order[:done]):
        raise r.fail("state.dice", f"after {done} picks the dice taken must match the snake draft")

    # sheets
    sheets = r.obj(raw["sheets"], "state.sheets", players)
    for p, colour in enumerate(players):
        if colour not in sheets:
            raise r.fail(f"state.sheets.{colour}", "required key is missing")
        s.sheets[p] = _read_sheet(
            r, sheets[colour], game.factions[p], f"state.sheets.{colour}", solo
        )

    # devices and orders
    for i, entry in enumerate(r.array(raw["devices"], "state.devices")):
        key = f"state.devices[{i}]"
        entry = r.array(entry, key)
        if len(entry) not in (3, 4) or entry[0] not in DEVICES or solo:
            raise r.fail(key, "must be [kind, colour, cell] or [kind, colour, cell, other]")
        other = r.cell(entry[3], key + "[3]") if len(entry) == 4 else -1
        if (entry[0] == "umbrella") != (other < 0):
            raise r.fail(key, "an umbrella stands on a space, a ram or spikes on a border")
        s.devices.append(
            Device(entry[0], r.seat(entry[1], key + "[1]"), r.cell(entry[2], key + "[2]"), other)
        )
    for i, entry in enumerate(r.array(raw["orders"], "state.orders")):
        key = f"state.orders[{i}]"
        entry = r.array(entry, key, 6)
        colour, unit, cell, plain, heroes, bomb = entry
        if not isinstance(unit, str) or not isinstance(bomb, bool):
            raise r.fail(key, "must be [colour, unit, cell, troops, heroes, bomb]")
        s.orders.append(
            Order(
                r.seat(colour, key),
                unit,
                r.cell(cell, key + "[2]"),
                Troops(r.count(plain, key + "[3]"), r.count(heroes, key + "[4]")),
                bomb,
            )
        )
    if s.orders and phase not in ("deploy", "conquest", "soldiers", "over"):
        raise r.fail(
            "state.orders", "deployments are written in the deploy phase and erased in cleanup"
        )
    for i, sent_to in enumerate(s.orders):
        if sent_to.cell not in game._holdable or sent_to.cell == s.home or not sent_to.troops:
            raise r.fail(f"state.orders[{i}]", "units go to a cell that holds troops")
    for p, colour in enumerate(players):
        sent = sorted(o.unit for o in s.orders if o.player == p)
        if sent != sorted(s.sheets[p].deployed):
            raise r.fail(f"state.sheets.{colour}.deployed", "must name the units in state.orders")

    if solo:
        s.soldiers = [
            r.cell(c, f"state.soldiers[{i}]")
            for i, c in enumerate(r.array(raw["soldiers"], "state.soldiers"))
        ]
        if bool(s.soldiers) != (phase == "soldiers"):
            raise r.fail("state.soldiers", "soldiers wait for a choice in the soldiers phase only")
        held = [c for c in game.map.spaces if s.owner[c] == 0 and game.map.cells[c].top > 0]
        if s.soldiers != [c for c in held if c in s.soldiers]:
            raise r.fail(
                "state.soldiers",
                "the spaces the player holds with a top number, in number order, each once",
            )
        if not isinstance(raw["won"], bool) or (raw["won"] and phase != "over"):
            raise r.fail("state.won", "true only once the game is over")
        s.won = raw["won"]

    # who decides
    if phase in ("roll", "solo_start", "over"):
        if turn != s.first:
            raise r.fail("to_move", f"at this node to_move is the first player, {players[s.first]}")
    elif phase == "draft":
        if s.pick >= len(order) or order[s.pick] != turn:
            raise r.fail("to_move", f"pick {s.pick + 1} of the draft is not {to_move}'s")
    elif phase == "soldiers":
        s.turn = 0
    s.turn = turn
    if phase in SEQUENTIAL:
        s.step = (turn - s.first) % n
        if not game._has_decision(s, turn):
            raise r.fail("to_move", f"{to_move} has nothing to decide in the {phase} phase")
        if phase in ("deploy", "conquest"):  # ``done`` may end the other phases early
            for step in range(s.step):
                earlier = (s.first + step) % n
                if game._has_decision(s, earlier):
                    raise r.fail(
                        "to_move",
                        f"{players[earlier]} comes before {to_move} in this round and still "
                        f"has to decide in the {phase} phase",
                    )
    return s


def _read_sheet(r: _Reader, raw: Any, faction: Faction, key: str, solo: bool) -> Sheet:
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
    raw = r.obj(raw, key, known)
    for name in known:
        if name not in raw:
            raise r.fail(f"{key}.{name}", "required key is missing")
    sheet = Sheet(faction)
    heroes = r.array(raw["heroes"], f"{key}.heroes", faction.hero_slots)
    sheet.heroes = [r.number(v, f"{key}.heroes[{i}]") for i, v in enumerate(heroes)]
    for i, pair in enumerate(r.array(raw["develop"], f"{key}.develop", faction.develop_pairs)):
        where = f"{key}.develop[{i}]"
        a, b, used = r.array(pair, where, 3)
        sheet.dev4[i], sheet.dev8[i] = r.number(a, where), r.number(b, where)
        if not isinstance(used, bool):
            raise r.fail(where, "[d4, d8, spent]: spent is true or false")
        if a is not None and b is not None and not a < b:
            raise r.fail(where, "the d8 number must be larger than the d4 number")
        if used and (a is None or b is None):
            raise r.fail(where, "only a completed pair can be spent")
        sheet.dev_used[i] = used
    lines = r.obj(raw["lines"], f"{key}.lines", [line.id for line in faction.lines])
    bonus = r.obj(raw["bonus"], f"{key}.bonus", [line.id for line in faction.lines])
    for i, line in enumerate(faction.lines):
        where = f"{key}.lines.{line.id}"
        values = [r.number(v, where) for v in r.array(lines.get(line.id), where, 3)]
        for k, v in enumerate(values):
            if v is not None:
                others = [None if j == k else x for j, x in enumerate(values)]
                problem = line_problem(line.rule, others, k, v)
                if problem:
                    raise r.fail(where, problem)
        sheet.lines[i] = values
        sheet.bonus[i] = r.count(
            bonus.get(line.id), f"{key}.bonus.{line.id}", 0, len(line.bonus) - 1
        )
    for name in r.array(raw["line_upgrades"], f"{key}.line_upgrades"):
        ids = [line.id for line in faction.lines if line.line_upgrade]
        if name not in ids:
            raise r.fail(f"{key}.line_upgrades", f"{name!r} is not a line with a line upgrade")
        sheet.line_up[faction.line(name)] = True
    devices = r.obj(raw["devices"], f"{key}.devices", DEVICES)
    for k, kind in enumerate(DEVICES):
        sheet.devices[k] = r.count(
            devices.get(kind), f"{key}.devices.{kind}", 0, 0 if solo else faction.devices[k]
        )
    groups = r.array(raw["footmen"], f"{key}.footmen", len(faction.groups))
    for g, marks in enumerate(groups):
        where = f"{key}.footmen[{g}]"
        for k in r.array(marks, where):
            r.count(k, where, 1, len(faction.groups[g]))
            if faction.groups[g][k - 1].is_circle or sheet.crossed[g][k - 1]:
                raise r.fail(where, f"space {k} is a circle or listed twice")
            sheet.crossed[g][k - 1] = True
    sheet.hero_unit = r.count(raw["hero_unit"], f"{key}.hero_unit")
    deployed = r.array(raw["deployed"], f"{key}.deployed")
    if not all(isinstance(u, str) for u in deployed):
        raise r.fail(f"{key}.deployed", "a list of unit names")
    sheet.deployed = list(deployed)
    sheet.conquests = r.count(raw["conquests"], f"{key}.conquests")
    sheet.reserve = r.count(raw["reserve"], f"{key}.reserve", 0, None if solo else 0)
    return sheet


# ---- computer players ------------------------------------------------------------------------


def roll(game: RollingPyramids, rng: random.Random) -> Move:
    """A chance node's outcome drawn with its probability."""
    outcomes = game.chance_outcomes()
    return rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]


class RandomPlayer:
    """Uniform over the legal moves (of its seat's information state); rolls the dice at
    chance nodes. Seeded."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: RollingPyramids) -> Move:
        player = game.current_player()
        if player == CHANCE:
            return roll(game, self.rng)
        return self.rng.choice(game.information_state(player).legal_moves())


class GreedyPlayer:
    """Plays the move that maximises the points it would score this round (judging
    deployments against the board and its own deployments only: it decides from its
    seat's information state, where the others' targets are unknown), then the strength
    of its units this round, then the numbers written; ties broken at random (seeded).
    Rolls the dice at chance nodes."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def value(self, game: RollingPyramids, move: Move, player: int) -> tuple[int, int, int]:
        after = game.copy()
        after.push_search(move)
        written = _written(after.state.sheets[player]) if isinstance(move, Take) else 0
        if after.is_over():
            return (after.state.scores[player] * 1000, 0, written)
        return (
            after.round_points(player),
            after.strength_this_round(player),
            written,
        )

    def choose(self, game: RollingPyramids) -> Move:
        player = game.current_player()
        if player == CHANCE:
            return roll(game, self.rng)
        view = game.information_state(player)
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        best: list[Move] = []
        best_value: tuple[int, int, int] | None = None
        for move in moves:
            value = self.value(view, move, player)
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)


def _written(sheet: Sheet) -> int:
    return (
        sum(v is not None for v in sheet.heroes)
        + sum(v is not None for v in sheet.dev4 + sheet.dev8)
        + sum(v is not None for line in sheet.lines for v in line)
        + sum(sum(group) for group in sheet.crossed)
    )


def play(
    game: RollingPyramids, players: Sequence[Any] | Any, *, max_plies: int = 100_000
) -> RollingPyramids:
    """Play ``game`` to its end: ``players`` is one computer player for every seat or one
    per seat (dice rolled by the first). Returns the game."""
    seats = list(players) if isinstance(players, Sequence) else [players] * len(game.players)
    for _ in range(max_plies):
        node = game.current_player()
        if node == TERMINAL:
            return game
        chooser = seats[0] if node == CHANCE else seats[node]
        game.push_search(chooser.choose(game))
    raise RuntimeError(f"no end after {max_plies} plies")


def random_game(players: int = 2, seed: int | None = 0, **options: Any) -> RollingPyramids:
    """A whole random game (seeded, so the same seed plays the same game)."""
    game = RollingPyramids.new(RollingPyramids.parse_options({"players": players, **options}))
    return play(game, RandomPlayer(seed))


__all__ = [
    "ALL",
    "COLOURS",
    "Cross",
    "Deploy",
    "Develop",
    "Done",
    "GreedyPlayer",
    "Place",
    "RandomPlayer",
    "Roll",
    "RollingDataError",
    "RollingOptions",
    "RollingPyramids",
    "Soldiers",
    "StartArea",
    "Take",
    "play",
    "random_game",
]
