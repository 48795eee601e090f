"""Rolling Pyramids' resolution: the layer of :class:`model.rolling.RollingPyramids` that
applies a move, hands each phase to the next player with a decision to make, does the
phases' automatic work (the round's dice, the points, the solo Pharaoh's walk, the
cleanup) and resolves the deploy phase's fights (``docs/rolling-pyramids.md``).
"""

from __future__ import annotations

from pyramid_lab.i18n import M_

from ..game import IllegalMoveError, Move, quote
from ..words import joined
from . import moves
from .battles import RollingBattles
from .fights import PHARAOH, Troops, reinforcement_walk, walk_size
from .rules import DEVICES, DICE_PER_PLAYER, PICKS, SOLO_DICE, snake_order, space_points
from .state import GREY, NEUTRAL, SEQUENTIAL, Device, Die, Order, State


class RollingResolution(RollingBattles):
    """Playing moves: each changes a copy of the position, the old one kept for ``pop``."""

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
        if isinstance(move, moves.Roll):
            self._apply_roll(s, move)
        elif isinstance(move, moves.StartArea):
            s.owner[self.map.cell(move.cell)] = s.turn
            if s.turn > 0:
                s.turn -= 1  # "then this continues to the right, to first player"
            else:
                self._begin_round(s, 1)
        elif isinstance(move, moves.Take):
            self._apply_take(s, move)
        elif isinstance(move, moves.Develop):
            self._apply_develop(s, move)
        elif isinstance(move, moves.Deploy):
            self._apply_deploy(s, move)
        elif isinstance(move, moves.Cross):
            sheet = s.sheets[s.turn]
            sheet.crossed[move.group - 1][move.space - 1] = True
            sheet.conquests -= 1
            self._after_decision(s, finished=False)
        elif isinstance(move, moves.Soldiers):
            self._apply_soldiers(s, move)
        elif isinstance(move, moves.Place):
            other = -1 if move.other is None else self.map.cell(move.other)
            s.devices.append(Device(move.device, s.turn, self.map.cell(move.cell), other))
            self._after_decision(s, finished=False)
        elif isinstance(move, moves.Done):
            if phase == "conquest":
                s.sheets[s.turn].conquests = 0
            self._after_decision(s, finished=True)
        else:
            raise IllegalMoveError(M_("{move} is not a Rolling Pyramids move", move=quote(move)))
        self._undo.append(self._s)
        self._s = s
        self.move_stack.append(move)

    def _apply_roll(self, s: State, move: moves.Roll) -> None:
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

    def _apply_take(self, s: State, move: moves.Take) -> None:
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
            g, k = moves.footman_slot(slot)
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

    def _apply_develop(self, s: State, move: moves.Develop) -> None:
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

    def _apply_deploy(self, s: State, move: moves.Deploy) -> None:
        p = s.turn
        unit = next(u for u in self._units(s, p) if u.name == move.unit)
        s.orders.append(Order(p, unit.name, self.map.cell(move.cell), unit.troops, unit.bomb))
        sheet = s.sheets[p]
        sheet.deployed.append(unit.name)
        if unit.name == "reserve":
            sheet.reserve = 0
        self._after_decision(s, finished=False)

    def _apply_soldiers(self, s: State, move: moves.Soldiers) -> None:
        for _ in range(len(s.soldiers) if move.cell == moves.ALL else 1):
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
