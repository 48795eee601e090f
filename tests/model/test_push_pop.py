"""Push, pop and copy for every registered game, by seeded random playouts.

The games come from the registry and their option sets from ``option_specs``, so a game
registered later is covered without a line here. At every ply of a playout:

* a node that is not terminal has moves (at a chance node: outcomes whose probabilities sum
  to 1; at a simultaneous node: moves for every player, joined into one ``JointMove``);
* ``str(move)`` parses back to an equal move, and a legal move has no ``why_illegal``;
* push then pop restores the position exactly: ``position_key()``, ``pieces()``,
  ``to_move``, ``current_player()``, ``outcome()``, the move stack and the legal moves;
* ``copy()`` is independent: push a move, copy, pop both, push another move on the
  original, and the copy is still the position before (and the other way round);
* the playout ends within :data:`PLY_BOUND` plies.

Two toy games written here, one with chance nodes and one with simultaneous moves, keep
those branches honest until such a game is registered. ``tests/bench/random_plies.py``
runs the same checks over 400,000 plies.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from pyramid_lab import model  # noqa: F401  (names every game)
from pyramid_lab.model.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    InvalidMoveError,
    JointMove,
    Move,
    Termination,
    game_class,
    game_names,
)

PLY_BOUND = 2000  # random play ends long before this; a playout past it fails
CI_PLIES = 300  # plies per registered game in CI (each option set is played at least once)


# ---- option sets ------------------------------------------------------------------------


def option_values(spec) -> list[Any]:
    """A few values of one option: every choice, both truth values, or for a number the
    default, the minimum and the one after it (small boards, quick games)."""
    if spec.choices:  # the default first (it need not be the first choice)
        return list(dict.fromkeys([spec.default, *spec.choices]))
    if isinstance(spec.default, bool):
        return [spec.default, not spec.default]
    if isinstance(spec.default, int):
        low = spec.default if spec.minimum is None else spec.minimum
        high = low + 1 if spec.maximum is None else min(low + 1, spec.maximum)
        return list(dict.fromkeys([spec.default, low, high]))
    return [spec.default]


def option_sets(cls: type[Game]) -> list[dict[str, Any]]:
    """Every combination of :func:`option_values`, the defaults first."""
    specs = cls.option_specs
    combos = itertools.product(*(option_values(spec) for spec in specs))
    return [
        {spec.name: value for spec, value in zip(specs, combo, strict=True)} for combo in combos
    ]


def pairwise_option_sets(cls: type[Game]) -> list[dict[str, Any]]:
    """Sets of :func:`option_sets` (the defaults first) in which every value of an option
    meets every value of every other option at least once: a bug of two options together
    is still met, in a fraction of the games (Rolling Pyramids: 48 sets -> about 8)."""
    specs = cls.option_specs
    values = [option_values(spec) for spec in specs]
    combos = list(itertools.product(*(range(len(v)) for v in values)))

    def covers(combo: tuple[int, ...]) -> set[tuple[tuple[int, int], ...]]:
        picked = list(enumerate(combo))
        return {(a,) for a in picked} | set(itertools.combinations(picked, 2))

    left = set().union(*(covers(c) for c in combos)) if combos else set()
    chosen: list[tuple[int, ...]] = []
    for combo in combos[:1]:  # the defaults first
        chosen.append(combo)
        left -= covers(combo)
    while left:
        best = max(combos, key=lambda c: len(covers(c) & left))
        chosen.append(best)
        left -= covers(best)
    return [
        {spec.name: values[i][k] for i, (spec, k) in enumerate(zip(specs, combo, strict=True))}
        for combo in chosen
    ]


def new_game(cls: type[Game], raw: Mapping[str, Any]) -> Game:
    return cls.new(cls.parse_options(raw)) if cls.option_specs else cls.new()


# ---- the checks ---------------------------------------------------------------------------


def legal_set(game: Game) -> Hashable:
    """The moves on offer, in a form that compares whatever the node kind."""
    node = game.current_player()
    if node == CHANCE:
        return frozenset(game.chance_outcomes())
    if node == SIMULTANEOUS:
        return tuple(_as_set(game.legal_moves(p)) for p in range(len(game.players)))
    return frozenset(game.legal_moves())


def _as_set(moves) -> Hashable:
    """A list of moves compares as a set; a lazily indexed space (Pyramid Ball's millions
    of programs a side, model.ball.ProgramSpace) compares by value, unlisted."""
    return frozenset(moves) if isinstance(moves, list) else moves


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything push and pop must restore, and copies must keep apart."""
    return (
        game.position_key(),
        sorted(game.pieces()),
        game.to_move,
        game.current_player(),
        game.outcome(),
        tuple(game.move_stack),
        legal_set(game),
    )


def choose(game: Game, rng: random.Random) -> list[Move]:
    """The moves a playout may push here, the random pick first (empty when terminal);
    checks that a running game offers moves of the node's kind."""
    node = game.current_player()
    if node == TERMINAL:
        assert game.is_over()
        assert game.outcome() is not None
        assert game.legal_moves() == []
        return []
    assert not game.is_over()
    if node == CHANCE:
        outcomes = game.chance_outcomes()
        assert outcomes, "a chance node with no outcome"
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert all(p > 0 for _, p in outcomes)
        moves = [m for m, _ in outcomes]
        pick = rng.choices(moves, weights=[p for _, p in outcomes])[0]
    elif node == SIMULTANEOUS:
        per_player = [game.legal_moves(p) for p in range(len(game.players))]
        assert all(per_player), "a player without a move at a simultaneous node"
        pick = JointMove(tuple(rng.choice(moves) for moves in per_player))
        moves = [JointMove(tuple(ms[0] for ms in per_player))]
    else:
        assert 0 <= node < len(game.players)
        moves = game.legal_moves()
        assert moves, f"{game.title}: no move, yet the game is not over"
        assert len(set(moves)) == len(moves), "a move listed twice"
        assert game.legal_move_count() == len(moves)
        pick = rng.choice(moves)
        assert game.why_illegal(pick) is None
    others = [m for m in moves if m != pick]
    return [pick, *others[:1]]


def check_ply(game: Game, moves: list[Move]) -> None:
    """Push/pop, notation and copy checks for the moves of this ply (the position is left
    as it was)."""
    move, other = moves[0], moves[-1]
    before = snapshot(game)
    assert game.parse_move(str(move)) == move, f"{move} does not parse back"
    game.push(move)
    after = snapshot(game)
    assert game.pop() == move
    assert snapshot(game) == before, f"push/pop of {move} changed the position"
    # The copy idiom (the Terrace fuzzer's find, for every game): push, copy, pop both,
    # push another move on the original; then the same the other way round.
    game.push(move)
    twin = game.copy()
    assert snapshot(twin) == after
    game.pop()
    twin.pop()
    game.push(other)
    assert snapshot(twin) == before, f"the copy changed when {other} was pushed"
    beside = snapshot(game)
    twin.push(move)
    assert snapshot(game) == beside, f"the original changed when the copy pushed {move}"
    assert snapshot(twin) == after
    twin.pop()
    game.pop()
    assert snapshot(game) == before == snapshot(twin)


def playout(game: Game, rng: random.Random, *, check: bool = True) -> int:
    """Random play to the end with the checks at every ply; the number of plies."""
    if not game.move_stack:
        try:
            game.copy().pop()
        except IndexError:
            pass
        else:
            raise AssertionError("pop with no move to take back")
    plies = 0
    while True:
        moves = choose(game, rng)
        if not moves:
            return plies
        assert plies < PLY_BOUND, f"{game.title}: no end after {PLY_BOUND} plies"
        if check:
            check_ply(game, moves)
        game.push(moves[0])
        plies += 1


def registered() -> Iterator[type[Game]]:
    for name in game_names():
        yield game_class(name)


# ---- every registered game ------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_random_playouts_push_pop_and_copy(name):
    cls = game_class(name)
    rng = random.Random(f"push-pop {name}")
    sets = pairwise_option_sets(cls)
    plies = games = 0
    while plies < CI_PLIES or games < len(sets):
        game = new_game(cls, sets[games % len(sets)])
        plies += playout(game, rng)
        games += 1


def test_option_sets_cover_every_option():
    for cls in registered():
        sets = option_sets(cls)
        assert sets[0] == {spec.name: spec.default for spec in cls.option_specs}
        for spec in cls.option_specs:
            assert len({s[spec.name] for s in sets}) == len(option_values(spec))
        for raw in sets:
            cls.parse_options(raw)  # every set is valid
        pairs = pairwise_option_sets(cls)
        assert pairs[0] == sets[0]
        assert len(pairs) <= len(sets)
        for one, two in itertools.combinations([spec.name for spec in cls.option_specs], 2):
            met = {(raw[one], raw[two]) for raw in pairs}
            assert met == {(raw[one], raw[two]) for raw in sets}, (cls.name, one, two)


# ---- toy games with chance and simultaneous nodes ----------------------------------------


@dataclass(frozen=True, slots=True)
class Step(Move):
    """A step of ``size`` (a player's choice or a chance outcome)."""

    size: int

    def __str__(self) -> str:
        return str(self.size)


class Race(Game):
    """Players take turns to step 1 or 2; after each step a coin adds 0 or 1 (a chance
    node). The first to 6 wins."""

    name = "toy-race"
    title = "Race"
    players = ("left", "right")
    coordinate_count = 1
    endings: ClassVar[Mapping[str, Termination]] = {"finish": Termination.GOAL}
    _copied = ("move_stack", "_spots")

    def __init__(self) -> None:
        self._options = None
        self._turn = 0
        self._spots = [0, 0]
        self._coin = False  # a chance node: the coin for the last stepper
        self.move_stack = []

    @classmethod
    def parse_options(cls, raw):
        return None

    @classmethod
    def new(cls, options=None):
        return cls()

    @classmethod
    def from_setup(cls, options, to_move, pieces, *, study=False):  # pragma: no cover
        raise NotImplementedError

    def current_player(self):
        if self.is_over():
            return TERMINAL
        return CHANCE if self._coin else self._turn

    def pieces(self):
        return [((spot,), colour) for spot, colour in zip(self._spots, self.players, strict=True)]

    def position_key(self):
        return tuple(self._spots), self._turn, self._coin

    def legal_moves(self, player=None):
        if self.is_over() or self._coin:
            return []
        return [Step(1), Step(2)]

    def chance_outcomes(self):
        if not self._coin:
            raise ValueError("no chance node here")
        return [(Step(0), 0.5), (Step(1), 0.5)]

    def parse_move(self, text):
        try:
            return Step(int(text))
        except ValueError:
            raise InvalidMoveError(text) from None

    def push(self, move):
        if self._coin:
            self._spots[1 - self._turn] += move.size
        else:
            self._spots[self._turn] += move.size
            self._turn = 1 - self._turn
        self._coin = not self._coin
        self.move_stack.append(move)

    def pop(self):
        move = self.move_stack.pop()
        self._coin = not self._coin
        if self._coin:
            self._spots[1 - self._turn] -= move.size
        else:
            self._turn = 1 - self._turn
            self._spots[self._turn] -= move.size
        return move

    def outcome(self):
        if self._coin:
            return None
        for player, spot in enumerate(self._spots):
            if spot >= 6:
                return self._ending("finish", player)
        return None


class Pennies(Game):
    """Matching pennies over four rounds: both players show a side at once (a
    simultaneous node); ``even`` scores when they match, ``odd`` when not."""

    name = "toy-pennies"
    title = "Pennies"
    players = ("even", "odd")
    coordinate_count = 1
    endings: ClassVar[Mapping[str, Termination]] = {"score": Termination.SCORE}
    _copied = ("move_stack", "_score")
    ROUNDS = 4

    def __init__(self) -> None:
        self._options = None
        self._turn = 0
        self._score = [0, 0]
        self.move_stack = []

    @classmethod
    def parse_options(cls, raw):
        return None

    @classmethod
    def new(cls, options=None):
        return cls()

    @classmethod
    def from_setup(cls, options, to_move, pieces, *, study=False):  # pragma: no cover
        raise NotImplementedError

    def current_player(self):
        return TERMINAL if self.is_over() else SIMULTANEOUS

    def pieces(self):
        return [((n,), colour) for n, colour in zip(self._score, self.players, strict=True)]

    def position_key(self):
        return tuple(self._score), len(self.move_stack)

    def legal_moves(self, player=None):
        if self.is_over():
            return []
        if player is None:
            return [JointMove((Step(a), Step(b))) for a in (0, 1) for b in (0, 1)]
        return [Step(0), Step(1)]

    def parse_move(self, text):
        try:
            return JointMove(tuple(Step(int(part)) for part in text.split("|")))
        except ValueError:
            raise InvalidMoveError(text) from None

    def push(self, move):
        a, b = move.moves
        self._score[0 if a == b else 1] += 1
        self.move_stack.append(move)

    def pop(self):
        move = self.move_stack.pop()
        a, b = move.moves
        self._score[0 if a == b else 1] -= 1
        return move

    def outcome(self):
        if len(self.move_stack) < self.ROUNDS:
            return None
        even, odd = self._score
        return self._ending("score", None if even == odd else 0 if even > odd else 1)


@pytest.mark.parametrize("cls", [Race, Pennies])
def test_chance_and_simultaneous_nodes_are_checked(cls):
    rng = random.Random(7)
    kinds = set()
    for _ in range(20):
        game = cls.new()
        while not game.is_over():
            kinds.add(game.current_player())
            game.push(choose(game, rng)[0])
        assert playout(cls.new(), rng) > 0
    assert kinds == ({0, 1, CHANCE} if cls is Race else {SIMULTANEOUS})


def test_the_checks_catch_a_shared_copy():
    class Leaky(Race):
        _copied = ("move_stack",)  # forgets the spots: the copy shares the list

    with pytest.raises(AssertionError, match="changed"):
        playout(Leaky.new(), random.Random(1))
