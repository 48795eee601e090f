"""Benchmark: the engines of model/search — speed, proofs and a match table.

Run by hand:  nice -n 10 .venv/bin/python tests/bench/engines.py [--quick] [--games N]
                                                                [--scale F] [--only GAME]

1. MCTS playouts per second from each game's start (random playouts over the protocol).
2. The prover on the example positions: result, shortest win, nodes, nodes/s, seconds.
3. Matches per game: strong vs medium, medium vs easy, easy vs random, N games a pairing
   with colours alternating; the levels' think times and playout counts are multiplied by
   --scale (default 0.2: strong 0.5 s a move, medium 0.1 s, easy 20 playouts) so that a
   table fits in minutes on a shared machine. A game running past 300 plies is a draw.
   --quick: 8 games a pairing at scale 0.1, and the prover's slow example skipped.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from pyramid_lab.model.files import read
from pyramid_lab.model.game import game_class, game_names
from pyramid_lab.model.search import Limits, agent_for, knowledge_for, prove
from pyramid_lab.model.search.agents import RandomAgent
from pyramid_lab.model.search.mcts_agent import MCTSAgent
from pyramid_lab.model.search.registry import plugin_for

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MAX_PLIES = 300

PROOFS = [  # (example, side, within)
    ("pyraos/endgame-win-in-7", "black", 9),
    ("pyraos/endgame-loss-in-8", "white", 10),
    ("pyraos/alternate-pass", "white", 10),
    ("partition/stacking-support", "blue", 13),
    ("partition/unanchored-sheet-apex", "blue", 13),
    ("partition/t4-anchored-sheet", "red", 13),
    ("partition/t5-around-a-corner-ball", "red", 13),
    ("partition/t3-lone-apex", "blue", 13),
    ("partition/t3-lone-apex", "red", 13),
]


def playout_speed(seconds: float) -> None:
    print("MCTS from the start (UCT + RAVE, random playouts)")
    for name in game_names():
        game = game_class(name).new()
        cap = 24 if name == "terrace" else 200
        for rave in (True, False):
            evaluation = plugin_for(game).evaluation
            agent = MCTSAgent(seed=1, rave=rave, max_playout=cap, evaluation=evaluation)
            choice = agent.choose(game, Limits(seconds=seconds))
            print(
                f"  {name:10} rave={rave!s:5}  {choice.visits / choice.seconds:7.0f} playouts/s"
                f"  (tree depth {choice.depth}, best {choice.move} {choice.win_rate:.0%})"
            )


def prover_speed(quick: bool) -> None:
    print("Prover (df-pn), shortest win and its line")
    for name, side, within in PROOFS:
        if quick and name.endswith("t3-lone-apex") and side == "red":
            continue
        game = read(EXAMPLES / f"{name}.pyr.json").game
        proof = prove(game, side, within, max_seconds=120, knowledge=knowledge_for(game))
        rate = proof.nodes / max(proof.seconds, 1e-9)
        print(
            f"  {name:34} {game.to_move:>5} to move: {side} wins within {within}: "
            f"{proof.result:9} plies={proof.plies!s:4} move={proof.winning_move!s:12} "
            f"{proof.nodes:8} nodes {rate:7.0f}/s {proof.seconds:6.2f} s"
        )
        if side == "red" and name.endswith("t3-lone-apex"):
            quick_proof = prove(
                game, side, within, shortest=False, line=False, knowledge=knowledge_for(game)
            )
            print(f"  {'':34} (the value alone, no shortest win: {quick_proof.seconds:.2f} s)")


def player(game, level: str, seed: int, scale: float):
    if level == "random":
        return RandomAgent(seed), Limits()
    agent, limits = agent_for(game, level, seed=seed, knowledge=knowledge_for(game))
    return agent, limits.scaled(scale)


def play(name: str, first: str, second: str, seed: int, scale: float) -> str | None:
    """The level that won, or None for a draw (``first`` moves first)."""
    game = game_class(name).new()
    rng = random.Random(seed)
    sides = {0: player(game, first, rng.randrange(1 << 30), scale)}
    sides[1] = player(game, second, rng.randrange(1 << 30), scale)
    levels = {0: first, 1: second}
    while not game.is_over() and len(game.move_stack) < MAX_PLIES:
        agent, limits = sides[game.current_player()]
        game.push(agent.choose(game, limits).move)
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return None
    return levels[game.players.index(outcome.winner)]


def matches(names: list[str], games: int, scale: float) -> None:
    pairings = [("strong", "medium"), ("medium", "easy"), ("easy", "random")]
    print(f"Matches: {games} games a pairing, colours alternating, think times x{scale}")
    print("  (wins-losses-draws of the first level; 'moving first' / 'moving second': its")
    print("  wins-losses-draws in the games where it had the first move / the second)")
    print(
        f"  {'game':10} {'pairing':18} {'wins':>5} {'losses':>6} {'draws':>5}"
        f"   {'moving first':>12} {'moving second':>13}   time"
    )
    for name in names:
        for upper, lower in pairings:
            start = time.perf_counter()
            tally = {True: [0, 0, 0], False: [0, 0, 0]}  # upper first? -> W L D
            for index in range(games):
                upper_first = index % 2 == 0
                order = (upper, lower) if upper_first else (lower, upper)
                winner = play(name, *order, seed=1000 * index + 7, scale=scale)
                column = 2 if winner is None else 0 if winner == upper else 1
                tally[upper_first][column] += 1
            wins, losses, draws = (tally[True][i] + tally[False][i] for i in range(3))
            first, second = ("-".join(map(str, tally[f])) for f in (True, False))
            print(
                f"  {name:10} {upper + ' v ' + lower:18} {wins:5} {losses:6} {draws:5}"
                f"   {first:>12} {second:>13}   {time.perf_counter() - start:5.0f} s",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--scale", type=float, default=None)
    parser.add_argument("--only", choices=game_names(), default=None)
    parser.add_argument("--no-matches", action="store_true")
    args = parser.parse_args()
    games = args.games or (8 if args.quick else 20)
    scale = args.scale or (0.1 if args.quick else 0.2)
    playout_speed(1.0 if args.quick else 2.0)
    prover_speed(args.quick)
    if not args.no_matches:
        matches([args.only] if args.only else game_names(), games, scale)


if __name__ == "__main__":
    main()
