"""Pyramid Ball agents, head to head: the sampling agent (playouts per turn as given)
against random play and against itself with a smaller budget, in basic games (each side
half the games). Run: ``.venv/bin/python tests/bench/ball_agents.py [GAMES] [PLAYOUTS]``."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pyramid_lab.model.ball import COLOURS, PyramidBall
from pyramid_lab.model.game import JointMove
from pyramid_lab.model.search.agents import Limits, RandomAgent
from pyramid_lab.model.search.games.ball import SamplingAgent


def match(games: int, make_a, make_b, mode: str = "basic", cap: int = 60) -> tuple[int, int, int]:
    """(wins of a, wins of b, unfinished) over ``games`` games, a red in the even ones."""
    a_wins = b_wins = unfinished = 0
    options = PyramidBall.parse_options({"mode": mode})
    for seed in range(games):
        a_side = seed % 2
        game = PyramidBall.new(options)
        agents = {a_side: make_a(seed, a_side), 1 - a_side: make_b(seed, 1 - a_side)}
        for _ in range(cap):
            if game.is_over():
                break
            if game.choosing is not None:  # the scored-on side takes a special move
                side = ("red", "blue").index(game.choosing)
                agent, limits = agents[side]
                game.push(agent.choose(game, limits).move)
                continue
            programs = []
            for side in (0, 1):
                agent, limits = agents[side]
                move = agent.choose(game, limits).move
                programs.append(move.moves[side] if isinstance(move, JointMove) else move)
            game.push(JointMove(tuple(programs)))
        outcome = game.outcome()
        if outcome is None:
            unfinished += 1
        elif outcome.winner == COLOURS[a_side]:
            a_wins += 1
        else:
            b_wins += 1
    return a_wins, b_wins, unfinished


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    playouts = int(sys.argv[2]) if len(sys.argv) > 2 else 100

    def sampling(budget):
        return lambda seed, side: (SamplingAgent(seed, side), Limits(playouts=budget))

    def rand(seed, side):
        return RandomAgent(seed), Limits()

    for name, a, b, mode in (
        (f"sampling {playouts} vs random, basic", sampling(playouts), rand, "basic"),
        (f"sampling {playouts} vs random, advanced", sampling(playouts), rand, "advanced"),
        (f"sampling {playouts} vs sampling 20, basic", sampling(playouts), sampling(20), "basic"),
    ):
        start = time.perf_counter()
        won, lost, open_ = match(games, a, b, mode)
        print(
            f"{name}: {won} won, {lost} lost, {open_} unfinished of {games} "
            f"({time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
