"""Rolling Pyramids' search plug-in: the game's own computer players (dice: the shared tree
searches know no chance node), ``random`` and ``greedy`` (the rules' own,
:class:`~model.rolling.players.RandomPlayer` and :class:`~model.rolling.players.GreedyPlayer`) and
``planner``, the solo revolution planned round by round.

:class:`PlannerPlayer` (level ``planner``) decides from its seat's information state, as
every computer player does. In the solo game (*Hyskosian revolution*) it plays for the
goal, space 1 and the three other starting zones held after one round's fights:

- **deploy**: the round's deployment is planned whole. Candidate plans send just enough
  units to take one target, then the next (the targets ranked by the garrison to beat
  against what they are worth, in a few orders, with and without room for the walkers
  that will reach them, the bomb on none or one of them); the units left over strengthen
  a capture or a space the Pharaoh's walk reaches. Each plan is played out on a copy to
  the end of the walk and the position judged (:func:`judge`): the goal won, the
  starting zones held, the spaces held and the soldiers they yield, the garrisons on the
  cheapest roads still to the goal. The first order of the best plan is sent; the next
  deployment plans again for the units left.
- **draft**: the die and slot that make the round's units strongest, together with the
  footman spaces crossed off (each brings a circle, more footmen every round, nearer);
  a hero slot is kept for a number of 6 or more until the last rounds; smaller dice
  (fewer reinforcements for the Pharaoh) break ties.
- **soldiers**: all join the reserve.
- develop, conquests: the greedy player's choice.

With 2 to 4 players it plays as :class:`~model.rolling.players.GreedyPlayer` (planning against
the others' secret deployments is another game; see ``docs/rolling-pyramids.md``).
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ...game import Game, Move
from ...rolling import DONE, Deploy, RollingPyramids, Soldiers, Take
from ...rolling.fights import walk_size
from ...rolling.players import GreedyPlayer, RandomPlayer
from ..agents import OwnPlayerAgent
from ..choice import Agent, Choice, Clock, Limits, SearchAgent
from ..registry import Plugin

#: What the judgement of a position weighs (see :func:`judge`).
WIN = 1_000_000.0
ZONE = 60.0  # a starting zone held (besides the player's own)
SPACE = 6.0  # a numbered space held
SOLDIER = 4.0  # a soldier a round it yields (its top number)
ROAD = 1.0  # per unit of garrison on the cheapest road still to take
TRIANGLE = 2.0  # a footman triangle the round's conquests may cross


@dataclass(frozen=True, slots=True)
class Plan:
    """A round's deployment: the cell (by name) each unit goes to."""

    orders: tuple[tuple[str, str], ...]


def judge(game: RollingPyramids, conquests: int = 0) -> float:
    """How good a solo position is for the player, after a round's fights and walk."""
    if game.is_over():
        return WIN if game.returns()[0] > 0 else -WIN
    s = game.state
    board = game.map
    value = ZONE * sum(s.owner[c] == 0 for c in board.starts if c != s.home)
    for c in board.spaces:
        if s.owner[c] == 0:
            value += SPACE + SOLDIER * board.cells[c].top
    value -= ROAD * road_price(game)
    return value + TRIANGLE * conquests


def road_price(game: RollingPyramids) -> float:
    """The units the cheapest roads to the goal still cost: for each goal cell not held,
    the least total garrison (plus one) of the cells to take on a road from the player's
    cells to it; space 1 counts once the zones are on their way (half)."""
    s = game.state
    board = game.map
    cells = board.cells
    price = [float("inf")] * len(cells)
    queue: list[tuple[float, int]] = []
    for c in range(len(cells)):
        if s.owner[c] == 0:
            price[c] = 0.0
            queue.append((0.0, c))
    heapq.heapify(queue)
    while queue:
        cost, c = heapq.heappop(queue)
        if cost > price[c]:
            continue
        for n in cells[c].adjacent:
            if n == s.home:
                continue
            step = cost + (s.troops[n].strength() + 1 if s.owner[n] != 0 else 0)
            if step < price[n]:
                price[n] = step
                heapq.heappush(queue, (step, n))
    zones = [c for c in board.starts if c != s.home and s.owner[c] != 0]
    total = sum(price[c] for c in zones)
    if s.owner[board.sacred] != 0:
        total += price[board.sacred] * 0.5
    return total


class PlannerPlayer(SearchAgent):
    """The ``planner`` level (see the module's docstring), an agent of the shared template
    (:class:`~model.search.choice.SearchAgent`): it rolls the dice at chance nodes (seeded),
    plays a lone legal move at once and decides from its seat's information state; its
    choice is unjudged. :meth:`move` gives the bare move (:func:`model.rolling.players.play`)."""

    name = "planner"
    rolls_dice = True
    forced_at_once = True

    def __init__(self, seed: int | None = None, *, beam: int = 4) -> None:
        self.rng = random.Random(seed)
        self.greedy = GreedyPlayer(seed)
        self.beam = beam

    def _search(self, view: Game, limits: Limits, clock: Clock) -> Choice:
        assert isinstance(view, RollingPyramids), f"{self.name} plays Rolling Pyramids only"
        return self._answer(self._decide(view), clock)

    def _decide(self, view: RollingPyramids) -> Move:
        if not view.options.solo:
            return self.greedy.move(view)
        phase = view.phase
        if phase == "deploy":
            return self._deploy(view)
        if phase == "draft":
            return self._draft(view, view.legal_moves())
        if phase == "soldiers":
            return self._soldiers(view.legal_moves())
        return self.greedy.move(view)  # develop, conquests

    # ---- deploy -------------------------------------------------------------------------

    def _deploy(self, view: RollingPyramids) -> Move:
        best = max(self.plans(view), key=lambda item: item[0])
        plan = best[1]
        unit, cell = plan.orders[0]
        return Deploy(unit, cell)

    def plans(self, view: RollingPyramids) -> list[tuple[float, Plan]]:
        """Every candidate plan for the units left to deploy, with its judgement."""
        seen: set[Plan] = set()
        judged = []
        for plan in self._candidates(view):
            if plan in seen or not plan.orders:
                continue
            seen.add(plan)
            judged.append((self._play_out(view, plan), plan))
        return judged

    def _play_out(self, view: RollingPyramids, plan: Plan) -> float:
        game = view.copy()
        for unit, cell in plan.orders:
            game.push_search(Deploy(unit, cell))
        conquests = game.state.sheets[0].conquests if game.phase == "conquest" else 0
        while game.phase == "conquest":
            game.push_search(DONE)
        return judge(game, conquests)

    def _candidates(self, view: RollingPyramids) -> Iterator[Plan]:
        """Plans taking targets one after the other in a few orders (the cheapest for
        their worth first), with and without room for the walk's arrivals, the bombs on
        none or one of the cheapest targets."""
        deploy = _Round(view)
        cheapest = deploy.open_cells
        for bomb_target in [None, *cheapest[:3], *deploy.goals] if deploy.bombs else [None]:
            for order in self._orderings(cheapest, deploy.goals):
                for margin in (False, True):
                    yield from deploy.allocate(order, bomb_target, margin=margin)

    def _orderings(self, cells: Sequence[str], goals: Sequence[str]) -> Iterator[tuple[str, ...]]:
        """The cells in their order, each of the first few (and each goal) first, and
        each pair of the first three first."""
        yield tuple(cells)
        head = list(dict.fromkeys([*cells[: self.beam], *goals]))
        for first in head:
            yield (first, *(c for c in cells if c != first))
        for pair in itertools.permutations(head[:3], 2):
            yield (*pair, *(c for c in cells if c not in pair))

    # ---- draft --------------------------------------------------------------------------

    def _draft(self, view: RollingPyramids, moves: list[Move]) -> Move:
        best: list[Move] = []
        best_value: tuple[float, ...] | None = None
        for move in moves:
            value = self._take_value(view, move)
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        chosen: Move = self.rng.choice(best)
        return chosen

    def _take_value(self, view: RollingPyramids, move: Move) -> tuple[float, ...]:
        assert isinstance(move, Take)
        after = view.copy()
        after.push_search(move)
        rounds_left = view.options.rounds - view.round
        strength = after.strength_this_round(0)
        if move.slot == "hero" and (move.written or 0) < 6 and rounds_left > 2:
            strength -= 100  # a hero slot is kept for a strong number
        circles = _footman_progress(after) - _footman_progress(view)
        return (strength + circles * min(rounds_left, 6), -move.value)

    # ---- soldiers ------------------------------------------------------------------------

    @staticmethod
    def _soldiers(moves: list[Move]) -> Move:
        """Every space's soldiers join the reserve: next round's strongest single unit
        (kept at home against the walk, they never attack; measured no better)."""
        return next(m for m in reversed(moves) if isinstance(m, Soldiers) and not m.stay)


class _Round:
    """What a round's deployment is planned from: the units left, where each may go,
    their strength, what was sent already, the cells open to attack (cheapest for their
    worth first), the player's cells the walk reaches and the walk's size (the dice are
    drafted)."""

    def __init__(self, view: RollingPyramids) -> None:
        self.view = view
        units = view.units(0)
        moves = [m for m in view.legal_moves() if isinstance(m, Deploy)]
        self.targets = {u.name: [m.cell for m in moves if m.unit == u.name] for u in units}
        weight = view.hero_weight(0, attacking=True)
        self.power = {u.name: u.troops.strength(weight) for u in units}
        self.sent: dict[str, int] = {}  # what the orders given already take off a garrison
        for order in view.state.orders:
            if order.player == 0 and order.cell is not None:
                name = view.cell_name(order.cell)
                self.sent[name] = self.sent.get(name, 0) + order.troops.strength(weight)
        self.bombs = [u.name for u in units if u.bomb]
        self.troops = [u.name for u in units if not u.bomb]
        s = view.state
        reach = self.targets[self.troops[0]] if self.troops else []
        mine = [c for c in reach if s.owner[view.map.cell(c)] == 0]
        # in the order the legal moves name them (not a set's: its order changes with the
        # hash seed, and the seeded planner would play another game in another process)
        self.open_cells = sorted(
            dict.fromkeys(c for name in self.troops for c in self.targets[name] if c not in mine),
            key=self.price,
        )
        board = view.map
        goal = {board.cells[c].name for c in (board.sacred, *board.starts)}
        self.goals = [c for c in self.open_cells if c in goal]
        self.walk = walk_size([d.value for d in s.dice if d.taker == 0 and d.value is not None])
        threatened = [c for c in mine if arrivals(view, c, self.walk) > 0]
        self.shelters = threatened[:2] or mine[:1]

    def defence(self, name: str) -> int:
        view = self.view
        c = view.map.cell(name)
        owner = view.state.owner[c]
        if owner == 0:
            return 0
        return view.state.troops[c].strength(view.hero_weight(owner, attacking=False))

    def price(self, name: str) -> float:
        """Lower first: the garrison still to beat, against what the cell is worth."""
        cell = self.view.map.cells[self.view.map.cell(name)]
        worth = 1.0 + cell.top + (6.0 if cell.start is not None else 0.0)
        return (self.defence(name) + 1 - self.sent.get(name, 0)) / worth

    def allocate(
        self, order: Sequence[str], bomb_target: str | None, *, margin: bool
    ) -> Iterator[Plan]:
        """Just enough units for each target of ``order`` in turn (with ``margin`` also
        for the walkers that will reach it), the bombs on ``bomb_target``; the plans
        differ in where the units left over go."""
        targets = self.targets
        bomb = sum(self.power[b] for b in self.bombs) if bomb_target is not None else 0
        left = list(self.troops)
        orders: list[tuple[str, str]] = []
        taken: list[str] = []
        for cell in order:
            if not left:
                break
            need = max(0, self.defence(cell) - (bomb if cell == bomb_target else 0)) + 1
            if margin:
                need += arrivals(self.view, cell, self.walk)
            need -= self.sent.get(cell, 0)
            if need <= 0:  # the orders given take it already
                taken.append(cell)
                continue
            group = _cover([u for u in left if cell in targets[u]], self.power, need)
            if group is None:
                continue
            for u in group:
                left.remove(u)
                orders.append((u, cell))
            taken.append(cell)
        for b in self.bombs:
            orders.append((b, bomb_target or (taken[0] if taken else targets[b][0])))
        # the leftovers: on the first capture, or on a space the walk reaches
        for home in dict.fromkeys([*taken[:1], *self.shelters, *order[:1], None]):
            rest = [(u, home if home in targets[u] else targets[u][0]) for u in left]
            yield Plan(tuple(orders + rest))


def arrivals(view: RollingPyramids, name: str, walk: int) -> int:
    """The Pharaoh's walkers that may reach space ``name`` (none reach a starting zone):
    one stays on each space before it (the player's garrisons on the way are not
    counted, so this is the most that can come)."""
    cell = view.map.cells[view.map.cell(name)]
    if cell.number is None:
        return 0
    return max(0, walk - (cell.number - 1))


def _cover(units: list[str], power: dict[str, int], need: int) -> list[str] | None:
    """The fewest units whose strength reaches ``need``, the least surplus first."""
    best: tuple[int, int] | None = None
    chosen: list[str] | None = None
    for size in range(1, len(units) + 1):
        for group in itertools.combinations(units, size):
            total = sum(power[u] for u in group)
            if total >= need and (best is None or (total, size) < best):
                best, chosen = (total, size), list(group)
        if chosen is not None:
            return chosen
    return None


def _footman_progress(game: RollingPyramids) -> int:
    """Footman spaces crossed off (each brings a circle nearer)."""
    return sum(sum(group) for group in game.state.sheets[0].crossed)


__all__ = ["PlannerPlayer", "judge", "road_price"]


# ---- the plug-in ----------------------------------------------------------------------------

#: The rules' own players (``move(game) -> Move``), wrapped as agents.
RULES_PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}
LEVELS = (*RULES_PLAYERS, "planner")


def agent(game: Any, level: str, seed: int | None, player: int | None) -> tuple[Agent, Limits]:
    """The game's own player of ``level`` (one of :data:`LEVELS`) as an agent: the planner
    is one; the rules' random and greedy players are wrapped."""
    if level == "planner":
        return PlannerPlayer(seed), Limits(playouts=1)
    return OwnPlayerAgent(RULES_PLAYERS[level](seed), level), Limits(playouts=1)


PLUGIN = Plugin("rolling", own_levels=LEVELS, agent=agent)
