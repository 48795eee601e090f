"""Rolling Pyramids' position: the options (the New game dialog's, :data:`OPTION_SPECS`, and
every option a file may give, :data:`FILE_OPTIONS`), and what a position holds (the dice, the
map's owners and troops, the devices, the secret deployments, every player's sheet) as
values; :class:`model.rolling.RollingPyramids` reads and plays them. The formulas, maps
and faction boards are in :mod:`model.rolling.rules`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from pyramid_lab.i18n import M_, N_

from ..game import Move, OptionSpec
from ..words import joined
from .fights import EMPTY, Troops
from .maps import faction_names, faction_words, map_names, map_words
from .rules import DEVICES, HALVING, ROUNDS, SOLO_ROUNDS, Faction, RollingMap

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
#: The solo Pharaoh's strength: its fill of the numbered spaces (ours: the sheet's picture
#: is lost) times this; the starting zones keep the rules' 10. ``tests/bench/rolling.py
#: levels``: the planner won 39, 26 and 11 of 40 games (gentle was the only fill before
#: issue 35: a planned revolution nearly always won).
PHARAOH_LEVELS = {"gentle": 1.0, "strong": 2.0, "mighty": 2.5}


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
    # solo: the Pharaoh's fill of the spaces (PHARAOH_LEVELS); "gentle" for files (all files
    # before the option had the maps' own fill), the New game dialog's default is "strong"
    pharaoh: str = "gentle"

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
        """Every option, but ``pharaoh`` only where it means something (solo) and differs
        from the maps' fill (so the files written before it are written as they were)."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if not self.solo or self.pharaoh == "gentle":
            del out["pharaoh"]
        return out


#: The New game dialog's options (:attr:`RollingPyramids.option_specs`).
OPTION_SPECS = (
    OptionSpec(
        "players",
        N_("Players"),
        2,
        minimum=1,
        maximum=4,
        help=N_("1 is the solo variant, Hyskosian revolution (15 rounds)"),
    ),
    OptionSpec(
        "map",
        N_("Map"),
        "inner-factories",
        choices=map_names(),
        help=N_("made for this project: the published maps are lost"),
        choice_words=map_words(),
    ),
    OptionSpec(
        "first_faction",
        N_("First player's faction"),
        "anubian",
        choices=faction_names(),
        help=N_("the seats alternate between the factions"),
        choice_words=faction_words(),
    ),
    OptionSpec(
        "last_round",
        N_("Round 10 scores"),
        "both",
        choices=LAST_ROUND,
        help=N_(
            "each pyramid's top and bottom numbers (as every round, and the last "
            "round's bottom), or its bottom number instead of the top"
        ),
        # TRANSLATORS: round 10 scores both numbers of each pyramid, or the bottom one
        choice_words=(N_("both"), N_("bottom")),
        only_when=("players", ("2", "3", "4")),  # the solo game scores no points
    ),
    OptionSpec(
        "pharaoh",
        N_("Pharaoh's strength"),
        "strong",
        choices=tuple(PHARAOH_LEVELS),
        help=N_("solo: the Pharaoh's troops on the spaces at the start"),
        choice_help=(
            N_("the map's own numbers: a planned revolution nearly always wins"),
            N_("twice the map's numbers: a challenge (our planner wins about 2 in 3)"),
            N_("2.5 times the map's numbers: our planner wins about 1 in 4"),
        ),
        choice_words=(N_("gentle"), N_("strong"), N_("mighty")),
        only_when=("players", ("1",)),
    ),
)
_DIALOG = {spec.name: spec for spec in OPTION_SPECS}
#: Every option a file may give, in :class:`RollingOptions`' order (read by
#: :meth:`RollingPyramids.parse_options`): the New game dialog's, but for the solo Pharaoh's
#: default, "gentle" in files (every file before the option had the maps' own fill), and
#: the variants of the rules that the dialog does not offer.
FILE_OPTIONS = (
    _DIALOG["players"],
    _DIALOG["map"],
    _DIALOG["first_faction"],
    _DIALOG["last_round"],
    OptionSpec("rotate_first_player", "Rotate the first player", False),
    OptionSpec(
        "stack_modifiers", "Stack modifiers", False, help="own colour ±1 and factory ±2 on one die"
    ),
    OptionSpec("halving", "Halving", "device", choices=HALVING),
    OptionSpec("conquest", "Conquest", "new", choices=CONQUEST),
    replace(_DIALOG["pharaoh"], default="gentle"),
)


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
        return joined(self.lines) if self.lines else M_("no fight")
