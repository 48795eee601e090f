"""The judging features against the theory (issue 45): base-3 Pyramid Partition games whose
every move's value is known (the exact solver made them), each with one missed win and every
other move optimal (the fastest win or the longest resistance), reviewed as ``pyramid-lab
review`` does; then ``analyze --engine`` of the empty base-3 pyramids, and the timings of
a review and of analyses on open base-4 and base-5 positions. It prints the verdicts
that disagree with the theory (an optimal move called a flaw, a missed win not called
one), the proven moves of the analyses, and the seconds each took.

    PYTHONPATH=. .venv/bin/python tests/bench/judging.py [--seconds S] [--games N]
    PYTHONPATH=. .venv/bin/python tests/bench/judging.py --make   # the games again

The games are in ``tests/model/data/missed_wins.json`` (``--make`` writes them with the
exact solver of this checkout); the rest uses only ``review`` and ``analyse`` of the door,
so the bench runs on an older checkout too (PYTHONPATH=that checkout) for a before/after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path
from typing import Any

from pyramid_lab.model.files import read
from pyramid_lab.model.game import game_class
from pyramid_lab.model.search import analyse, knowledge_for, review, warm_up

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "model" / "data" / "missed_wins.json"
FLAWS = ("inaccuracy", "mistake", "missed win")


def new_game(version: str) -> Any:
    cls = game_class("partition")
    return cls.new(cls.parse_options({"size": 3, "version": version}))


def optimal(moves: Any, rng: random.Random) -> str:
    """A move of the best value: the fastest win, else the longest resistance."""
    best = moves[0]
    ties = [m.move for m in moves if m.value == best.value and m.plies == best.plies]
    return rng.choice(ties)


def make_game(seed: int) -> dict[str, Any] | None:
    """A game with one missed win, every other move optimal (see the module); None where
    the winner's optimal line gave no chance to throw the win."""
    from pyramid_lab.model.search import exact_moves

    def exact(game: Any) -> Any:
        return exact_moves(game, knowledge=knowledge_for(game), max_seconds=60.0)

    rng = random.Random(seed)
    version = ("floating", "stacking")[seed % 2]
    game = new_game(version)
    played: list[str] = []
    chances: list[int] = []  # plies where the mover wins and could throw it
    while not game.is_over():
        moves = exact(game)
        assert moves is not None, "base 3 is settled within a minute"
        if moves[0].value == "win" and any(m.value == "loss" for m in moves):
            chances.append(len(played))
        text = optimal(moves, rng)
        played.append(text)
        game.push(game.parse_move(text))
    if not chances:
        return None
    miss = rng.choice(chances)
    game = new_game(version)
    for text in played[:miss]:
        game.push(game.parse_move(text))
    line = list(played[:miss])
    moves = exact(game)
    thrown = rng.choice([m.move for m in moves if m.value == "loss"])
    line.append(thrown)
    game.push(game.parse_move(thrown))
    while not game.is_over():
        text = optimal(exact(game), rng)
        line.append(text)
        game.push(game.parse_move(text))
    return {"seed": seed, "version": version, "moves": line, "missed": miss + 1}


def make(count: int) -> None:
    games: list[dict[str, Any]] = []
    seed = 0
    while len(games) < count:
        made = make_game(seed)
        if made is not None:
            games.append(made)
        seed += 1
    GAMES.parent.mkdir(parents=True, exist_ok=True)
    rows = ",\n".join(json.dumps(game) for game in games)
    GAMES.write_text('{"games": [\n' + rows + "\n]}\n")
    print(f"{count} games -> {GAMES}")


def judge(games: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """Review each game: the optimal moves called flaws, the missed wins found, seconds."""
    wrong: list[str] = []
    found = 0
    moves = 0
    began = time.perf_counter()
    for entry in games:
        game = new_game(entry["version"])
        for text in entry["moves"]:
            game.push(game.parse_move(text))
        result = review(game, seconds=seconds, seed=1, knowledge=knowledge_for(game))
        for move in result.moves:
            moves += 1
            if move.ply == entry["missed"]:
                found += move.verdict == "missed win"
                if move.verdict != "missed win":
                    wrong.append(f"game {entry['seed']}: {move.text} (a missed win)")
            elif move.verdict in FLAWS:
                wrong.append(f"game {entry['seed']} ({entry['version']}): {move.text}")
    return {
        "games": len(games),
        "moves": moves,
        "missed_wins_found": found,
        "optimal_called_flaws": len(wrong) - (len(games) - found),
        "wrong": wrong,
        "seconds": time.perf_counter() - began,
    }


def analyses(seconds: float) -> list[str]:
    out = []
    for version in ("floating", "stacking"):
        path = ROOT / "examples" / "partition" / f"empty-base3-{version}.pyr.json"
        game = read(path).game
        began = time.perf_counter()
        analysis = analyse(game, seconds=seconds, seed=1, knowledge=knowledge_for(game))
        spent = time.perf_counter() - began
        proven = sum(1 for s in analysis.moves if s.proven in ("win", "loss"))
        out.append(
            f"analyse empty base-3 {version} ({seconds:g} s): {proven} of "
            f"{len(analysis.moves)} moves proven, {analysis.agent}, {spent:.2f} s"
        )
    return out


def timings() -> list[str]:
    """What a user waits for, on positions the solver does not settle at once: the review
    of a seeded random base-4 floating game (1 s a position) and the analysis of three
    open positions (2 s each)."""
    out = []
    cls = game_class("partition")
    game = cls.new(cls.parse_options({"size": 4, "version": "floating"}))
    rng = random.Random(7)
    while not game.is_over():
        game.push(rng.choice(game.legal_moves()))
    began = time.perf_counter()
    result = review(game, seconds=1.0, seed=1, knowledge=knowledge_for(game))
    spent = time.perf_counter() - began
    flaws = sum(1 for m in result.moves if m.verdict in FLAWS)
    out.append(
        f"review of a random base-4 floating game ({len(result.moves)} moves, 1 s a "
        f"position): {spent:.1f} s, {flaws} flaws called"
    )
    for size, version, plies in ((4, "floating", 0), (4, "stacking", 4), (5, "floating", 0)):
        position = cls.new(cls.parse_options({"size": size, "version": version}))
        rng = random.Random(3)
        for _ in range(plies):
            position.push(rng.choice(position.legal_moves()))
        began = time.perf_counter()
        analysis = analyse(position, seconds=2.0, seed=1, knowledge=knowledge_for(position))
        spent = time.perf_counter() - began
        proven = sum(1 for s in analysis.moves if s.proven in ("win", "loss"))
        out.append(
            f"analyse base-{size} {version} after {plies} plies (2 s): {spent:.2f} s, "
            f"{proven} of {len(analysis.moves)} moves proven, {analysis.agent}"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="a position (review's default)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--make", action="store_true", help="make the games again")
    args = parser.parse_args()
    warm_up(knowledge=None)
    if args.make:
        make(args.games)
        return
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    games = json.loads(GAMES.read_text())["games"][: args.games]
    found = judge(games, args.seconds)
    print(
        f"review ({args.seconds:g} s a position): {found['games']} games, {found['moves']} "
        f"moves, missed wins found {found['missed_wins_found']}/{found['games']}, optimal "
        f"moves called flaws {found['optimal_called_flaws']}, {found['seconds']:.1f} s"
    )
    for line in found["wrong"]:
        print(f"  {line}")
    for line in analyses(2.0):
        print(line)
    for line in timings():
        print(line)


if __name__ == "__main__":
    main()
