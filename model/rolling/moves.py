"""Rolling Pyramids' moves: each kind of move as a value with its text (``take red d4 3 >
a1 = 4``), :func:`parse_move`, and the layer of :class:`model.rolling.RollingPyramids`
that lists the legal moves of a position and says why a move is not one of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..game import InvalidMoveError, Move, quote
from ..teaching import describe_result
from .rules import (
    DEVICES,
    EMPTY,
    WRITTEN,
    line_problem,
    shape_takes,
    written_choices,
)
from .state import GREY, NEUTRAL, RollingPosition, State


class Written(Move):
    """A move whose text is its :attr:`form` filled in with its fields (``{m.cell}``)."""

    __slots__ = ()
    form: ClassVar[str]

    def __str__(self) -> str:
        return self.form.format(m=self)


@dataclass(frozen=True, slots=True, repr=False)
class StartArea(Written):
    """Set-up: a player chooses a starting area (``start S2``)."""

    form = "start {m.cell}"
    cell: str


@dataclass(frozen=True, slots=True, repr=False)
class Roll(Written):
    """Chance: a die's result (``roll red d4 3``; ``roll grey d8 5`` in the solo game)."""

    form = "roll {m.colour} d{m.sides} {m.value}"
    colour: str
    sides: int
    value: int


@dataclass(frozen=True, slots=True, repr=False)
class Take(Move):
    """A draft pick: the die (its colour, kind and face) and where its number is written,
    ``written`` (None with the slot ``none``: no slot can take it).

    ``die``: which die of the pool, where the player chose one of several equal ones (the
    Turn dock's); the rules do not tell equal dice apart, so it is no part of the move's
    value or text, and without it the first free one is taken."""

    colour: str
    sides: int
    value: int
    slot: str
    written: int | None
    die: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        text = f"take {self.colour} d{self.sides} {self.value} > {self.slot}"
        if self.written is not None and self.written != self.value:
            text += f" = {self.written}"
        return text


@dataclass(frozen=True, slots=True, repr=False)
class Develop(Written):
    """Spend a completed develop pair on an upgrade (``develop ram``, ``develop a+``,
    ``develop c-line``)."""

    form = "develop {m.upgrade}"
    upgrade: str


@dataclass(frozen=True, slots=True, repr=False)
class Deploy(Written):
    """Send a unit to a space (``deploy f1 12``, ``deploy heroes S3``)."""

    form = "deploy {m.unit} {m.cell}"
    unit: str
    cell: str


@dataclass(frozen=True, slots=True, repr=False)
class Cross(Written):
    """A conquest crosses off a triangle of a footman group (``cross f1.5``, 1-based)."""

    form = "cross f{m.group}.{m.space}"
    group: int
    space: int


@dataclass(frozen=True, slots=True, repr=False)
class Soldiers(Move):
    """Solo: the new soldiers of a space stay there or join the reserve (``stay 9``); those
    of every space still waiting at once, ``stay all`` / ``reserve all``."""

    cell: str
    stay: bool

    def __str__(self) -> str:
        return f"{'stay' if self.stay else 'reserve'} {self.cell}"


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Cleanup: a device on a border (``ram 9-15``, ``spikes 15-9``: the player's own cell
    first) or a space (``umbrella 15``)."""

    device: str
    cell: str
    other: str | None = None

    def __str__(self) -> str:
        where = self.cell if self.other is None else f"{self.cell}-{self.other}"
        return f"{self.device} {where}"


@dataclass(frozen=True, slots=True, repr=False)
class Done(Move):
    """Ends a player's develop, conquest or cleanup decisions."""

    def __str__(self) -> str:
        return "done"


DONE = Done()
ALL = "all"  # Soldiers: every space whose soldiers wait


def parse_move(text: str) -> Move:
    """The move written as ``text`` (InvalidMoveError naming what is wrong)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"{quote(text)} is not a move")
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
            group, space = footman_slot(rest[0])
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
        f"{quote(text)} is not a Rolling Pyramids move (start S2, roll red d4 3, "
        "take red d4 3 > a1 = 4, develop ram, deploy f1 12, cross f1.5, stay 9, "
        "ram 9-15, umbrella 15, done)"
    )


def _sides(word: str) -> int:
    if word not in ("d4", "d8"):
        raise ValueError(word)
    return int(word[1:])


def footman_slot(word: str) -> tuple[int, int]:
    """A footman space ``fG.K`` as (group, space), both 1-based (ValueError otherwise)."""
    if not word.startswith("f") or "." not in word:
        raise ValueError(word)
    group, space = word[1:].split(".", 1)
    return int(group), int(space)


# ---- the moves of a position ---------------------------------------------------------------


class RollingMoves(RollingPosition):
    """The legal moves of a position, and why a move is not one of them."""

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
                return f"a develop pair has a d4 and a d8 slot, not {quote(shape)}"
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
            return f"there is no line {quote(slot[0])}"
        if slot.startswith("f"):
            try:
                g, k = footman_slot(slot)
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
        return f"there is no slot {quote(slot)} (hero, devN.d4, devN.d8, a1..c3, fG.K)"

    def _takes(self, s: State, p: int) -> list[Move]:
        moves: list[Move] = []
        seen: set[tuple[int, int, int]] = set()
        stack = self._options.stack_modifiers
        for die in s.dice:
            value = die.value
            assert value is not None  # the draft begins once every die is rolled
            key = (die.owner, die.sides, value)
            if die.taker is not None or key in seen:
                continue
            seen.add(key)
            colour = self._die_colour(die.owner)
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
            return f"the game is over: {describe_result(self)}"
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
                return f"{self.players[p]} has no unit {quote(move.unit)} left to deploy"
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
