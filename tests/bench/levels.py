"""Benchmark: the levels of play (model.search.agent_for) in 20-game matches, for the
games with a compiled kernel: each level must beat the one below in each game.

Run by hand:  nice -n 10 .venv/bin/python tests/bench/levels.py [--games N] [--only GAME]
                                                                [--pairing strong-medium ...]

The levels are numbers of playouts (not seconds), so the matches play the real levels on
any machine: only their time depends on it. Colours alternate; a game running past 300
plies is a draw. Printed per game and pairing: the upper level's wins, losses and draws,
split by the colour it had (moving first / second), and the seconds the match took; the
table is docs/engines.md's.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run by hand: tests.*

from pyramid_lab.model.game import Game, game_class
from pyramid_lab.model.search import Limits, agent_for, knowledge_for
from pyramid_lab.model.search.agents import RandomAgent

MAX_PLIES = 300
GAMES = ("partition", "pyraos", "terrace")
PAIRINGS = (("strong", "medium"), ("medium", "easy"), ("easy", "random"))


def player(game: Game, level: str, seed: int):
    if level == "random":
        return RandomAgent(seed), Limits()
    return agent_for(game, level, seed=seed, knowledge=knowledge_for(game))


def play(name: str, first: str, second: str, seed: int) -> str | None:
    """The level that won, or None for a draw (``first`` moves first)."""
    game = game_class(name).new()
    rng = random.Random(seed)
    sides = {0: player(game, first, rng.randrange(1 << 30))}
    sides[1] = player(game, second, rng.randrange(1 << 30))
    levels = {0: first, 1: second}
    while not game.is_over() and len(game.move_stack) < MAX_PLIES:
        agent, limits = sides[game.current_player()]
        game.push(agent.choose(game, limits).move)
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return None
    return levels[game.players.index(outcome.winner)]


def match(name: str, upper: str, lower: str, games: int, first: int = 0) -> str:
    start = time.perf_counter()
    tally = {True: [0, 0, 0], False: [0, 0, 0]}  # upper first? -> W L D
    for index in range(first, games):
        upper_first = index % 2 == 0
        order = (upper, lower) if upper_first else (lower, upper)
        winner = play(name, *order, seed=1000 * index + 7)
        column = 2 if winner is None else 0 if winner == upper else 1
        tally[upper_first][column] += 1
        print(  # each game as it ends: a match cut short still says what it played
            f"  {name} {upper} v {lower}, game {index + 1}: "
            f"{'upper first' if upper_first else 'upper second'}, "
            f"{'draw' if winner is None else winner + ' won'}, "
            f"{time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    wins, losses, draws = (tally[True][i] + tally[False][i] for i in range(3))
    first, second = ("-".join(map(str, tally[f])) for f in (True, False))
    seconds = time.perf_counter() - start
    return (
        f"| {name} | {upper} v {lower} | {wins} | {losses} | {draws} | {first} | {second} "
        f"| {seconds:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", choices=GAMES, default=None)
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="start at this game of each match (a match split over processes: the games "
        "are the same, each seeded by its number)",
    )
    parser.add_argument(
        "--pairing", action="append", default=None, help="e.g. strong-medium (repeatable)"
    )
    args = parser.parse_args()
    names = [args.only] if args.only else list(GAMES)
    pairings = [tuple(p.split("-")) for p in args.pairing] if args.pairing else list(PAIRINGS)
    for name in names:
        for level in ("easy", "medium", "strong"):
            agent, limits = agent_for(game_class(name).new(), level, knowledge=knowledge_for(name))
            print(f"{name} {level}: {type(agent).__name__} {limits}", flush=True)
    print(f"Matches: {args.games} games a pairing, colours alternating")
    print("| game | pairing | wins | losses | draws | moving first | moving second | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        for upper, lower in pairings:
            print(match(name, upper, lower, args.games, args.first), flush=True)


if __name__ == "__main__":
    main()
