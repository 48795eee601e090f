"""Three games the computer plays against itself (easy, medium and strong on both sides;
Pyramid Partition, base 4, floating), each saved and then reviewed as ``pyramid-lab review``
does: the verdicts per side, the missed wins and mistakes, and the seconds it took.

    PYTHONPATH=. .venv/bin/python tests/bench/review_games.py [--seconds S] [--out FOLDER]

The games and their reviews are written into FOLDER (default out/review-games/) with the
review saved into each file, so ``pyramid-lab open FOLDER/strong.pyr.json`` shows the graph.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from pyramid_lab.model.files import write
from pyramid_lab.model.game import game_class
from pyramid_lab.model.search import agent_for, knowledge_for, review, warm_up

LEVELS = ("easy", "medium", "strong")


def play(level: str, seed: int) -> object:
    cls = game_class("partition")
    game = cls.new(cls.parse_options({"size": 4, "version": "floating"}))
    players = {
        side: agent_for(game, level, seed=seed + i, knowledge=knowledge_for(game))
        for i, side in enumerate(cls.players)
    }
    while not game.is_over():
        agent, limits = players[game.to_move]
        move = agent.choose(game.copy(), limits).move
        assert move is not None
        game.push(move)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--out", default="out/review-games")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    warm_up(knowledge=None)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for number, level in enumerate(LEVELS):
        game = play(level, 10 * number + 1)
        outcome = game.outcome()
        assert outcome is not None
        began = time.perf_counter()
        result = review(game, seconds=args.seconds, seed=1, knowledge=knowledge_for(game))
        seconds = time.perf_counter() - began
        path = out / f"{level}.pyr.json"
        write(path, game, review=result)
        print(
            f"{level} against {level}: {len(game.move_stack)} moves, {outcome.result} won; "
            f"reviewed in {seconds:.0f} s ({args.seconds:g} s a position) -> {path}"
        )
        print(f"  {result.summary()}")
        for move in result.moves:
            if move.verdict in ("missed win", "mistake", "inaccuracy"):
                print(f"  {move.text}")
        for spot in result.puzzles:
            print(f"  puzzle after move {spot.ply}: {spot.side} wins within {spot.within} plies")


if __name__ == "__main__":
    main()
