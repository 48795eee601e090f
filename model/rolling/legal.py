"""Rolling Pyramids' legal moves: the layer of :class:`model.rolling.RollingPyramids` that
lists the legal moves of a position and says why a move is not one of them (the moves
themselves and their text are in :mod:`model.rolling.moves`)."""

from __future__ import annotations

from pyramid_lab.i18n import M_, N_, Message

from ..game import Move, quote
from ..teaching import describe_result
from ..words import colour
from .fights import EMPTY
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
from .rules import DEVICES, WRITTEN, Faction, line_problem, shape_takes, written_choices
from .state import GREY, NEUTRAL, RollingPosition, Sheet, State

#: What a number must be to go in a slot that a die's shape may take (the draft's moves
#: ask it of every slot and number): (kind, a, b), the kind one of these.
_Fit = tuple[int, int | None, int]
_ANY = (0, None, 0)  # any number (a hero slot; a develop pair's first, as (_BELOW, None, 0))
_BELOW, _ABOVE, _LINE, _EQUAL = 1, 2, 3, 4  # below a, above a, line a's place b, a itself


def _fits(fit: _Fit, number: int, sheet: Sheet, rules: list[str]) -> bool:
    """Whether ``number`` may be written in a slot that :meth:`RollingMoves._slots` listed
    with ``fit``: :meth:`RollingMoves._slot_check` finds nothing against it (its other
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
