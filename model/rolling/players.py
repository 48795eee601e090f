"""Rolling Pyramids' own computer players, beside the rules (as python-chess keeps its
engines outside ``Board``): :class:`RandomPlayer` and :class:`GreedyPlayer`, each with
``move(game) -> Move`` (rolling the dice at chance nodes), :func:`play` a game to its end
with them (or the search plug-in's planner), :func:`random_game` a seeded one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..game import CHANCE, TERMINAL, Move
from . import RollingPyramids
from .moves import Take
from .state import Sheet


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

    def move(self, game: RollingPyramids) -> Move:
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

    def move(self, game: RollingPyramids) -> Move:
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
    """Play ``game`` to its end: ``players`` is one computer player (``move(game) ->
    Move``: the players here, the search's planner) for every seat or one per seat (dice
    rolled by the first). Returns the game."""
    seats = list(players) if isinstance(players, Sequence) else [players] * len(game.players)
    for _ in range(max_plies):
        node = game.current_player()
        if node == TERMINAL:
            return game
        chooser = seats[0] if node == CHANCE else seats[node]
        game.push_search(chooser.move(game))
    raise RuntimeError(f"no end after {max_plies} plies")


def random_game(players: int = 2, seed: int | None = 0, **options: Any) -> RollingPyramids:
    """A whole random game (seeded, so the same seed plays the same game)."""
    game = RollingPyramids.new(RollingPyramids.parse_options({"players": players, **options}))
    return play(game, RandomPlayer(seed))
