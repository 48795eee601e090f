"""Rolling Pyramids: a roll-and-write area-control game for 1 to 4 players, on the protocol
of :mod:`model.game` (chance nodes for the dice, any number of players).

The rules as implemented, phase by phase, and every choice made where the rule sheet is
silent or its pictures are lost, are in ``docs/rolling-pyramids.md``; the rule sheet's
numbers and formulas are in :mod:`model.rolling.rules`, the maps and faction boards in
``model/data/rolling/``. A round is: chance nodes rolling each die, the snake draft (each
pick is a :class:`Take` that writes the die on the player's sheet), develop (upgrades),
deploy (one :class:`Deploy` per unit, then the fights are resolved), conquest (footman
triangles), points (solo: the Pharaoh's walk and the soldiers' choices) and cleanup
(devices placed). Every decision is one player's move; ``done`` ends a player's optional
decisions.

Registered as ``rolling``; build games from the registry or the class,
``RollingPyramids.new(RollingPyramids.parse_options({"players": 3}))``. The computer
players are the game's own (:mod:`model.rolling.players`: random and greedy; and the
search plug-in's planner), not the shared tree searches, which know no chance node.

Positions are immutable values: ``push`` builds a new :class:`State` from a copy and keeps
the old one for ``pop``, so a copy of the game shares its states safely.

The rules are one object, :class:`RollingPyramids` (its docstring says why it is kept
whole); beside it, each in the module of its concern, are the options and the position's
values (:mod:`model.rolling.state`), the moves and their text (:mod:`model.rolling.moves`),
the fights' formulas (:mod:`model.rolling.fights`), the file ``state``
(:mod:`model.rolling.files`), its words and notation (:mod:`model.rolling.teaching`,
:mod:`model.rolling.text`) and the computer players (:mod:`model.rolling.players`, which
import the rules object); here is the rules object, and every name the other modules define
for callers can be imported from here. The module is long because the class is: one
concept, its sections in the order a reader needs them (the position, its units, the legal
moves and why a move is not one, playing a move, the phases, the fights, the end).
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Self

from pyramid_lab.i18n import M_, N_, Message

from ..game import (
    CHANCE,
    TERMINAL,
    IllegalMoveError,
    Move,
    Outcome,
    Piece,
    Termination,
    quote,
    read_options,
    register_game,
)
from ..setup import StatefulGame, record_setup
from ..speed import SearchHooks
from ..teaching import describe_result
from ..words import colour, joined
from .fights import EMPTY, PHARAOH, Troops, bombard, fight, reinforcement_walk, walk_size
from .files import read_state, write_state
from .maps import load_faction, load_map
from .moves import (
    ALL,
    DONE,
    Cross,
    Deploy,
    Develop,
    Done,
    Place,
    Roll,
    Soldiers,
    StartArea,
    Take,
    footman_slot,
    parse_move,
)
from .rules import (
    DEVICES,
    DICE_PER_PLAYER,
    PICKS,
    SOLO_DICE,
    WRITTEN,
    Faction,
    RollingDataError,
    footmen,
    line_problem,
    line_value,
    shape_takes,
    snake_order,
    space_points,
    written_choices,
)
from .state import (
    COLOURS,
    CONQUEST,
    FILE_OPTIONS,
    GREY,
    LAST_ROUND,
    NEUTRAL,
    OPTION_SPECS,
    PHARAOH_COLOUR,
    PHARAOH_LEVELS,
    PHASES,
    SEQUENTIAL,
    Device,
    Die,
    FightsEffect,
    Order,
    RollingOptions,
    Sheet,
    State,
    Unit,
)

# ---- the helpers of the rules ------------------------------------------------------------

#: What a number must be to go in a slot that a die's shape may take (the draft's moves
#: ask it of every slot and number): (kind, a, b), the kind one of these.
_Fit = tuple[int, int | None, int]
_ANY = (0, None, 0)  # any number (a hero slot; a develop pair's first, as (_BELOW, None, 0))
_BELOW, _ABOVE, _LINE, _EQUAL = 1, 2, 3, 4  # below a, above a, line a's place b, a itself


def _fits(fit: _Fit, number: int, sheet: Sheet, rules: list[str]) -> bool:
    """Whether ``number`` may be written in a slot that :meth:`RollingPyramids._slots` listed
    with ``fit``: :meth:`RollingPyramids._slot_check` finds nothing against it (its other
    tests hold for every slot listed), without reading the slot's name again."""
    kind, a, b = fit
    if kind == _EQUAL:
        return number == a
    if kind == _LINE:
        assert a is not None
        return line_problem(rules[a], sheet.lines[a], b, number) is None
    if kind == _BELOW:
        return a is None or number < a
    if kind == _ABOVE:
        return a is None or number > a
    return True


def _strength(
    number: object, whole: object, *, halved_by_spikes: bool = False, halved_by_ram: bool = False
) -> str:
    """A side's strength in a fight, and what it was before spikes or a ram halved it."""
    if halved_by_spikes:
        return M_("{number} ({whole} halved by spikes)", number=str(number), whole=str(whole))
    if halved_by_ram:
        return M_("{number} ({whole} halved by a ram)", number=str(number), whole=str(whole))
    return str(number)


# ---- the game ------------------------------------------------------------------------------


@register_game
class RollingPyramids(StatefulGame, SearchHooks):
    """Rolling Pyramids' rules: one object, as python-chess's ``Board`` is (74 methods, kept
    whole on purpose, issue 110; it was a chain of five classes, one module each, split
    only to keep each under a count). A move copies the one :class:`State` and changes the
    copy (``_apply``), and the phases' automatic work runs inside it: who decides next is
    asked of the lists the legal moves are made of (``_has_decision`` reads ``_upgrades``,
    ``_targets``, ``_triangles``, ``_placements``), the deploy phase's end resolves the
    fights on that copy (``_resolve``), and the greedy player's ``round_points`` resolves
    them on a copy of its own. Every part reads the same map, factions and options; as
    layers or collaborators each would call the others back and share the undo. What is
    not its method lives beside it (see this module's docstring)."""

    name = "rolling"
    title = "Rolling Pyramids"
    players = COLOURS  # each game has its first options.players colours
    coordinate_count = 3  # cell (number, or -k for starting area Sk), troops, heroes
    endings: ClassVar[Mapping[str, Termination]] = {
        "score": Termination.SCORE,
        "revolution": Termination.GOAL,
        "pharaoh": Termination.MOVE_LIMIT,
    }
    option_specs = OPTION_SPECS
    _copied = ("move_stack", "_undo")
    has_chance = True

    @classmethod
    def players_for(cls, options: RollingOptions) -> tuple[str, ...]:
        return COLOURS[: options.players]

    def __init__(self, options: RollingOptions | None = None) -> None:
        self._options = options or RollingOptions()
        opts = self._options
        self.players = COLOURS[: opts.players]  # type: ignore[misc, assignment]  # seats by the options: Game.players is a class variable
        self.map = load_map(opts.map)
        self.factions = tuple(load_faction(name) for name in opts.factions())
        self._s = State(self.map, self.factions)  # never changed once a move is applied to it
        self._undo: list[State] = []  # the positions before each move of the move stack
        self.move_stack = []
        self._setup_state: dict[str, Any] | None = None
        # the cells a player can hold (solo: the starting areas too)
        self._holdable = tuple(c.index for c in self.map.cells if c.number is not None or opts.solo)

    # ---- construction ---------------------------------------------------------------------

    @classmethod
    def parse_options(cls, raw: Mapping[str, Any]) -> RollingOptions:
        return read_options(cls, raw, RollingOptions, FILE_OPTIONS)

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
        record_setup(game, from_setup=False)
        return game

    def _fill_pharaoh(self, s: State) -> None:
        for i in self.map.spaces:
            units = int(self.map.solo_pharaoh[i] * PHARAOH_LEVELS[self._options.pharaoh])
            s.owner[i] = PHARAOH if units else EMPTY
            s.troops[i] = Troops(units)

    def _set_up(
        self, to_move: str, pieces: Sequence[Piece], state: Mapping[str, Any] | None, study: bool
    ) -> None:
        """Without a ``state``: the game's start with ``pieces`` as the garrisons (the solo
        variant's Pharaoh fill replaced by them); any other position needs a ``state``."""
        if state is None:
            state = self._setup_state_for(to_move, pieces)
        self._s = read_state(self, to_move, pieces, state, study)

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

    # ---- reading the position ----------------------------------------------------------

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
        """The position beyond its garrisons, for position files (see
        :func:`model.rolling.files.read_state`)."""
        return write_state(self)

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
            record_setup(view, from_setup=True)  # a set-up this phase may hold the targets
        return view

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

    def colour_of(self, owner: int) -> str | None:
        if owner == PHARAOH:
            return PHARAOH_COLOUR
        if owner == EMPTY:
            return None
        return self.players[owner]

    def cell_name(self, cell: int) -> str:
        return self.map.cells[cell].name

    def _die_colour(self, owner: int) -> str:
        return GREY if owner == NEUTRAL else self.players[owner]

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
        mine = {c for c, owner in enumerate(s.owner) if owner == p}
        return [c for c in cells if c in mine or not mine.isdisjoint(adjacent[c].adjacent)]

    def _controls_factory(self, s: State, p: int, section: str) -> bool:
        return any(cell.factory == section and s.owner[cell.index] == p for cell in self.map.cells)

    def hero_weight(self, owner: int, *, attacking: bool) -> int:
        """What a hero of ``owner`` counts in a fight (1 for the Pharaoh, who has none)."""
        return self._weight(owner, attacking)

    def _weight(self, owner: int, attacking: bool) -> int:
        if owner < 0:
            return 1
        faction = self.factions[owner]
        return faction.hero_attacking if attacking else faction.hero_defending

    # ---- the moves ---------------------------------------------------------------------

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
        if phase == "deploy":  # (the cells a unit may go to, named once for all its units)
            units = self._units(s, p)
            targets = {
                bomb: [self.cell_name(c) for c in self._targets(s, p, bomb)]
                for bomb in {unit.bomb for unit in units}
            }
            return [Deploy(unit.name, cell) for unit in units for cell in targets[unit.bomb]]
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

    def _slots(self, s: State, p: int, sides: int) -> list[tuple[str, str, _Fit]]:
        """Slots (name, section, what a number must be there) that may take a die of
        ``sides``, one per class of equal empty slots (the first free hero slot, the first
        empty develop pair). What a number must be is :meth:`_slot_check`'s last test for
        that slot (its others hold for every slot listed here), read by :func:`_fits`."""
        sheet = s.sheets[p]
        faction = self.factions[p]
        out: list[tuple[str, str, _Fit]] = []
        if None in sheet.heroes:
            out.append(("hero", "heroes", _ANY))
        empty_pair = False
        for i, (a, b) in enumerate(zip(sheet.dev4, sheet.dev8, strict=True)):
            if a is None and b is None:
                if empty_pair:
                    continue
                empty_pair = True
            if sides == 4 and a is None:
                out.append((f"dev{i + 1}.d4", "develop", (_BELOW, b, 0)))
            if sides == 8 and b is None:
                out.append((f"dev{i + 1}.d8", "develop", (_ABOVE, a, 0)))
        for i, line in enumerate(faction.lines):
            for k in range(3):
                if sheet.lines[i][k] is None and shape_takes(line.shapes[k], sides):
                    out.append((f"{line.id}{k + 1}", "armies", (_LINE, i, k)))
        for g, group in enumerate(faction.groups):
            for k, space in enumerate(group):
                if space.shape == f"d{sides}" and not space.is_circle and not sheet.crossed[g][k]:
                    out.append((f"f{g + 1}.{k + 1}", "footmen", (_EQUAL, space.number, 0)))
        return out

    def _slot_problem(self, s: State, p: int, slot: str, sides: int, number: int) -> str | None:
        """Why ``number`` from a d``sides`` may not be written in ``slot`` (a Message); None
        if it may."""
        found = self._slot_check(s, p, slot, sides, number)
        if found is None:
            return None
        message, values = found
        return message if isinstance(message, Message) else Message(message, values=values)

    def _slot_check(
        self, s: State, p: int, slot: str, sides: int, number: int
    ) -> tuple[str, dict[str, str]] | None:
        """What :meth:`_slot_problem` says, as its message (marked N_) and its values: the
        moves' generator asks this, and makes no sentence for each slot it leaves out."""
        sheet = s.sheets[p]
        faction = self.factions[p]
        if slot == "hero":
            return None if None in sheet.heroes else (N_("every hero slot is written"), {})
        if slot.startswith("dev") and "." in slot:
            pair, shape = slot[3:].split(".", 1)
            if not pair.isdigit() or not 1 <= int(pair) <= faction.develop_pairs:
                return N_("there is no develop pair {pair}"), {"pair": pair}
            i = int(pair) - 1
            if shape not in ("d4", "d8"):
                return N_("a develop pair has a d4 and a d8 slot, not {shape}"), {
                    "shape": quote(shape)
                }
            if shape != f"d{sides}":
                return N_("the {shape} slot takes only a number from a {shape}"), {"shape": shape}
            mine, theirs = (
                (sheet.dev4[i], sheet.dev8[i]) if sides == 4 else (sheet.dev8[i], sheet.dev4[i])
            )
            if mine is not None:
                return N_("{slot} is already written"), {"slot": slot}
            if theirs is not None and (number >= theirs if sides == 4 else number <= theirs):
                return N_("the d8 number of a develop pair must be larger than the d4 number"), {}
            return None
        if len(slot) == 2 and slot[1] in "123":
            for i, line in enumerate(faction.lines):
                if line.id == slot[0]:
                    k = int(slot[1]) - 1
                    if not shape_takes(line.shapes[k], sides):
                        return N_("{slot} takes only a number from a {shape}"), {
                            "slot": slot,
                            "shape": line.shapes[k],
                        }
                    problem = line_problem(line.rule, sheet.lines[i], k, number)
                    return None if problem is None else (problem, {})
            return N_("there is no line {line}"), {"line": quote(slot[0])}
        if slot.startswith("f"):
            return self._footman_check(faction, sheet, slot, sides, number)
        return N_("there is no slot {slot} (hero, devN.d4, devN.d8, a1..c3, fG.K)"), {
            "slot": quote(slot)
        }

    @staticmethod
    def _footman_check(
        faction: Faction, sheet: Sheet, slot: str, sides: int, number: int
    ) -> tuple[str, dict[str, str]] | None:
        """:meth:`_slot_check` of a footman space ``fG.K``."""
        try:
            g, k = footman_slot(slot)
            space = faction.groups[g - 1][k - 1]
            if g < 1 or k < 1:
                raise IndexError
        except (ValueError, IndexError):
            return N_("there is no footman space {slot}"), {"slot": slot}
        if space.is_circle:
            return N_("{slot} is a circle: it unlocks by itself"), {"slot": slot}
        if sheet.crossed[g - 1][k - 1]:
            return N_("{slot} is already crossed off"), {"slot": slot}
        if space.shape != f"d{sides}":
            return N_("{slot} needs a {shape}"), {"slot": slot, "shape": str(space.shape)}
        if number != space.number:
            return N_("{slot} needs a {number}"), {"slot": slot, "number": str(space.number)}
        return None

    def _takes(self, s: State, p: int) -> list[Move]:
        moves: list[Move] = []
        seen: set[tuple[int, int, int]] = set()
        stack = self._options.stack_modifiers
        sheet, rules = s.sheets[p], [line.rule for line in self.factions[p].lines]
        # (asked once per call, not per die and slot: a section's factory and the slots of
        # a die's shape, which dice often share)
        factories: dict[str, bool] = {}
        slots: dict[int, list[tuple[str, str, _Fit]]] = {}
        for die in s.dice:
            value = die.value
            assert value is not None  # the draft begins once every die is rolled
            key = (die.owner, die.sides, value)
            if die.taker is not None or key in seen:
                continue
            seen.add(key)
            colour = self._die_colour(die.owner)
            before = len(moves)
            if die.sides not in slots:
                slots[die.sides] = self._slots(s, p, die.sides)
            for slot, section, fit in slots[die.sides]:
                factory = factories.get(section)
                if factory is None:
                    factory = factories[section] = self._controls_factory(s, p, section)
                for number in written_choices(value, die.owner == p, factory, stack):
                    if _fits(fit, number, sheet, rules):
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
            return M_("the game is over: {result}", result=describe_result(self))
        if s._moves is not None and move in s._moves:
            return None
        phase = s.phase
        phases: dict[str, type[Move] | tuple[type[Move], ...]] = {
            "start": StartArea,
            "solo_start": Roll,
            "roll": Roll,
            "draft": Take,
            "develop": (Develop, Done),
            "deploy": Deploy,
            "conquest": (Cross, Done),
            "soldiers": Soldiers,
            "cleanup": (Place, Done),
        }
        expected = phases[phase]
        if not isinstance(move, expected):
            return M_(
                "{move} is not a move of the {phase} phase",
                move=str(move),
                phase=phase.replace("_", " "),
            )
        if isinstance(move, Take):
            return self._take_problem(s, s.turn, move)
        if move in self.legal_moves():
            return None
        return self._explain_refusal(s, move)

    def _take_problem(self, s: State, p: int, move: Take) -> str | None:
        if move.sides not in (4, 8) or not 1 <= move.value <= move.sides:
            die = f"d{move.sides} {move.value}"
            return M_("there is no such die: {die}", die=die)
        owner = (
            NEUTRAL
            if move.colour == GREY
            else (self.players.index(move.colour) if move.colour in self.players else None)
        )
        if owner is None or not any(
            d.taker is None and (d.owner, d.sides, d.value) == (owner, move.sides, move.value)
            for d in s.dice
        ):
            return M_(
                "no {colour} d{sides} showing {value} is left to take",
                colour=colour(move.colour),
                sides=str(move.sides),
                value=str(move.value),
            )
        if move.slot == "none":
            if move.written is not None:
                return M_("a die written nowhere has no number")
            if any(
                isinstance(m, Take)
                and (m.colour, m.sides, m.value) == (move.colour, move.sides, move.value)
                and m.slot != "none"
                for m in self.legal_moves()
            ):
                return M_("a die is written nowhere only when no slot can take its number")
            return None
        if move.written is None or not WRITTEN[0] <= move.written <= WRITTEN[1]:
            return M_(
                "a written number is {low} to {high}", low=str(WRITTEN[0]), high=str(WRITTEN[1])
            )
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
            return M_(
                "a {colour} d{sides} showing {value} may be written as {allowed} here (own "
                "colour ±1, a {section} factory ±2)",
                colour=colour(move.colour),
                sides=str(move.sides),
                value=str(move.value),
                allowed=", ".join(map(str, allowed)),
                section=section,
            )
        return self._slot_problem(s, p, move.slot, move.sides, move.written)

    def _explain_refusal(self, s: State, move: Move) -> str:
        p = s.turn
        if isinstance(move, Roll):
            outcomes = [str(m) for m, _ in self.chance_outcomes()]
            return M_(
                "the die to roll now gives {first} .. {last}", first=outcomes[0], last=outcomes[-1]
            )
        if isinstance(move, StartArea):
            return M_("{cell} is not a free starting area", cell=move.cell)
        if isinstance(move, Develop):
            if not s.sheets[p].usable_pairs():
                return M_("no completed develop pair is left to spend")
            return M_("{upgrade} is not an upgrade left to take", upgrade=move.upgrade)
        if isinstance(move, Deploy):
            units = {u.name: u for u in self._units(s, p)}
            if move.unit not in units:
                return M_(
                    "{colour} has no unit {unit} left to deploy",
                    colour=colour(self.players[p]),
                    unit=quote(move.unit),
                )
            return (
                M_(
                    "{unit} may go only to a space {colour} controls or one adjacent to a space "
                    "or starting area they control",
                    unit=move.unit,
                    colour=colour(self.players[p]),
                )
                if not units[move.unit].bomb
                else M_("{cell} is not a space a bomb can hit", cell=move.cell)
            )
        if isinstance(move, Cross):
            space = f"f{move.group}.{move.space}"
            return M_("{space} is not a triangle left to cross off", space=space)
        if isinstance(move, Soldiers):
            name = self.cell_name(s.soldiers[0])
            if move.cell == ALL:
                waiting = ("stay " if move.stay else "reserve ") + name
                return M_("the soldiers of one space wait: {move}", move=waiting)
            return M_("the soldiers to place now are those of space {space}", space=name)
        if isinstance(move, Place):
            return M_(
                "{move} is not a place for one more {device}", move=str(move), device=move.device
            )
        return M_("{move} is not a legal move here", move=str(move))

    # ---- playing a move ------------------------------------------------------------------

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
            raise IllegalMoveError(M_("{move} is not a Rolling Pyramids move", move=quote(move)))
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
        free = [
            i
            for i, d in enumerate(s.dice)
            if d.taker is None and (d.owner, d.sides, d.value) == (owner, move.sides, move.value)
        ]
        i = move.die if move.die in free else free[0]  # the one chosen of equal dice
        s.dice[i] = Die(owner, move.sides, move.value, p)
        sheet = s.sheets[p]
        number = move.written
        slot = move.slot
        if slot == "hero":
            assert number is not None  # a hero slot is written with a number
            sheet.heroes[sheet.heroes.index(None)] = number
            sheet.hero_unit += number
        elif slot.startswith("dev"):
            pair, shape = slot[3:].split(".", 1)
            (sheet.dev4 if shape == "d4" else sheet.dev8)[int(pair) - 1] = number
        elif slot.startswith("f"):
            g, k = footman_slot(slot)
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
            M_(
                "the Pharaoh's {count} reinforcements: {walk}",
                count=str(walk_size(taken)),
                walk=joined(log),
            ),
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
        sent, bombs = self._sent(s)
        report: list[str] = []
        for cell in sorted(set(sent) | set(bombs)):
            name = self.cell_name(cell)
            holder, garrison = s.owner[cell], s.troops[cell]
            troops = sent.get(cell, {})
            if holder >= 0 and holder in troops:
                # they join the garrison and share its fate: they never attack later
                garrison = garrison + troops.pop(holder)
                report.append(
                    M_(
                        "{space}: {colour} reinforces to {troops}",
                        space=name,
                        colour=colour(self.players[holder]),
                        troops=str(garrison),
                    )
                )
            for p in seats:
                for bomber, amount in bombs.get(cell, []):
                    if bomber != p or holder in (EMPTY, p):
                        continue
                    garrison = self._bomb(s, cell, p, amount, holder, garrison, report)
                    if not garrison:
                        holder = EMPTY
            for p in seats:
                if p == holder or p not in troops:
                    continue
                if holder == EMPTY:
                    holder, garrison = p, troops[p]
                    report.append(
                        M_(
                            "{space}: {colour} takes it with {troops}",
                            space=name,
                            colour=colour(self.players[p]),
                            troops=str(troops[p]),
                        )
                    )
                    continue
                holder, garrison = self._attack(
                    s, cell, p, troops[p], holder, garrison, before, report
                )
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

    def _sent(
        self, s: State
    ) -> tuple[dict[int, dict[int, Troops]], dict[int, list[tuple[int, int]]]]:
        """The orders by space: each seat's troops sent there, and the bombs (seat, plain
        units) thrown at it; another seat's secret order (an information state) is left out."""
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
        return sent, bombs

    def _bomb(
        self,
        s: State,
        cell: int,
        p: int,
        amount: int,
        holder: int,
        garrison: Troops,
        report: list[str],
    ) -> Troops:
        """Seat ``p``'s bomb of ``amount`` on ``holder``'s ``garrison`` at ``cell``: what is
        left of the garrison (said in ``report``)."""
        umbrella = holder >= 0 and any(
            d.kind == "umbrella" and d.player == holder and d.cell == cell for d in s.devices
        )
        left = bombard(
            amount,
            garrison,
            defence_weight=self._weight(holder, False),
            umbrella=umbrella,
            rounding=self._options.halving,
        )
        values = {
            "space": self.cell_name(cell),
            "colour": colour(self.players[p]),
            "amount": str(amount),
            "holder": colour(str(self.colour_of(holder))),
            "troops": str(garrison),
        }
        if left and umbrella:
            said = M_(
                "{space}: {colour}'s bomb of {amount} hits {holder}'s {troops} (umbrella): "
                "{left} left",
                left=str(left),
                **values,
            )
        elif left:
            said = M_(
                "{space}: {colour}'s bomb of {amount} hits {holder}'s {troops}: {left} left",
                left=str(left),
                **values,
            )
        elif umbrella:
            said = M_(
                "{space}: {colour}'s bomb of {amount} hits {holder}'s {troops} (umbrella): "
                "nothing left",
                **values,
            )
        else:
            said = M_(
                "{space}: {colour}'s bomb of {amount} hits {holder}'s {troops}: nothing left",
                **values,
            )
        report.append(said)
        return left

    def _attack(
        self,
        s: State,
        cell: int,
        p: int,
        attack: Troops,
        holder: int,
        garrison: Troops,
        before: list[int],
        report: list[str],
    ) -> tuple[int, Troops]:
        """Seat ``p``'s ``attack`` on ``holder``'s ``garrison`` at ``cell`` (a ram and spikes
        count against the space's holder when the phase began): who holds it after, with
        what (said in ``report``)."""
        original = holder == before[cell]
        ram = original and self._device_across(s, "ram", p, cell, p, before)
        spikes = (
            original and holder >= 0 and self._device_across(s, "spikes", holder, cell, p, before)
        )
        result = fight(
            attack,
            garrison,
            attack_weight=self._weight(p, True),
            defence_weight=self._weight(holder, False),
            ram=ram,
            spikes=spikes,
            rounding=self._options.halving,
        )
        whole_attack = attack.strength(self._weight(p, True))
        whole_defence = garrison.strength(self._weight(holder, False))
        attacker, defender = colour(self.players[p]), colour(str(self.colour_of(holder)))
        if result.winner == "attacker":
            holder, garrison = p, result.survivors
            then = M_("{colour} takes it with {troops}", colour=attacker, troops=str(garrison))
        elif result.winner == "defender":
            garrison = result.survivors
            then = M_("{colour} holds with {troops}", colour=defender, troops=str(garrison))
        else:
            holder, garrison = EMPTY, Troops()
            then = M_("they kill each other out: the space is empty")
        report.append(
            M_(
                "{space}: {colour} {attack} attacks {holder} {defence}: {then}",
                space=self.cell_name(cell),
                colour=attacker,
                attack=_strength(result.attack_number, whole_attack, halved_by_spikes=spikes),
                holder=defender,
                defence=_strength(result.defence_number, whole_defence, halved_by_ram=ram),
                then=then,
            )
        )
        return holder, garrison

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

    # ---- for computer players ---------------------------------------------------------

    def round_points(self, player: int) -> int:
        """The points ``player`` would score at this round's end if the fights were
        resolved now, seeing only their own deployments (the others' are secret)."""
        s = self._s
        if s.phase == "deploy":
            s = s.copy()
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

    def last_effect(self) -> FightsEffect | None:
        if not self._undo:
            return None
        before = self._undo[-1]
        if before.phase == "deploy" and self._s.phase != "deploy":
            return FightsEffect(self._s.fights)
        if before.phase == "conquest" and len(self._s.fights) > len(before.fights):
            # solo: the last conquest crossed off, the Pharaoh walks (its line, the new one)
            return FightsEffect(self._s.fights[len(before.fights) :])
        return None


__all__ = [
    "ALL",
    "COLOURS",
    "CONQUEST",
    "DONE",
    "GREY",
    "LAST_ROUND",
    "NEUTRAL",
    "PHARAOH_COLOUR",
    "PHASES",
    "SEQUENTIAL",
    "Cross",
    "Deploy",
    "Develop",
    "Device",
    "Die",
    "Done",
    "FightsEffect",
    "Order",
    "Place",
    "Roll",
    "RollingDataError",
    "RollingOptions",
    "RollingPyramids",
    "Sheet",
    "Soldiers",
    "StartArea",
    "State",
    "Take",
    "Unit",
    "parse_move",
]
