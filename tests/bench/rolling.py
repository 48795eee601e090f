"""Rolling Pyramids figures: random whole games per second by player count (1 is the solo
variant), plies per game, push + pop per second, the greedy player's and the planner's
time per decision, greedy against random, and the solo game won by each computer player
over the same seeded games, then the planner at each of the Pharaoh's strengths (option
``pharaoh``), side by side. Run: ``.venv/bin/python tests/bench/rolling.py [SECONDS]
[SOLO_GAMES]`` (seconds per measurement, default 3; solo games per player, default 40);
``tests/bench/rolling.py levels [SOLO_GAMES]`` prints the levels only."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pyramid_lab.model.game import CHANCE
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.rolling.players import GreedyPlayer, RandomPlayer, play
from pyramid_lab.model.rolling.state import PHARAOH_LEVELS
from pyramid_lab.model.search.games.rolling import PlannerPlayer


def new(players: int, **options: object) -> RollingPyramids:
    return RollingPyramids.new(RollingPyramids.parse_options({"players": players, **options}))


def random_games(players: int, seconds: float) -> tuple[int, int, float]:
    """Whole games with push (checked moves) and the random player."""
    count = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or count == 0:
        game = new(players)
        player = RandomPlayer(count)
        while not game.is_over():
            game.push(player.move(game))
            plies += 1
        count += 1
    return count, plies, time.perf_counter() - start


def push_pop(players: int, seconds: float) -> tuple[int, float]:
    """Push + pop of a legal move on positions met in random play."""
    rng = random.Random(players)
    game = new(players)
    count = 0
    spent = 0.0
    while spent < seconds:
        if game.is_over():
            game = new(players)
        player = RandomPlayer(rng.random())
        move = player.move(game)
        t = time.perf_counter()
        for _ in range(20):
            game.push_search(move)
            game.pop()
        spent += time.perf_counter() - t
        count += 20
        game.push(move)
    return count, spent


def decisions(players: int, seconds: float, make=GreedyPlayer) -> dict[str, list[float]]:
    """Seconds per decision of a computer player, by phase."""
    times: dict[str, list[float]] = {}
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        game = new(players)
        greedy = make(seed)
        seed += 1
        while not game.is_over() and time.perf_counter() - start < seconds:
            if game.current_player() == CHANCE:
                game.push(greedy.move(game))
                continue
            phase = game.phase
            t = time.perf_counter()
            move = greedy.move(game)
            times.setdefault(phase, []).append(time.perf_counter() - t)
            game.push(move)
    return times


def greedy_against_random(players: int, games: int) -> tuple[int, int]:
    """Greedy in seat 0, random elsewhere: games won by greedy (solo: revolutions won)."""
    wins = 0
    for k in range(games):
        game = new(players)
        seats = [GreedyPlayer(k)] + [RandomPlayer(k * 10 + i) for i in range(1, players)]
        play(game, seats)
        outcome = game.outcome()
        wins += outcome.winner == game.players[0]
    return wins, games


def solo_wins(make, games: int, pharaoh: str = "gentle") -> tuple[int, list[int]]:
    """Solo games won over seeds 0..games-1 (the seed rolls the dice too), and the round
    of each win."""
    rounds = []
    for seed in range(games):
        game = play(new(1, pharaoh=pharaoh), make(seed))
        if game.outcome().returns() == (1.0,):
            rounds.append(game.round)
    return len(rounds), rounds


def solo_line(make, games: int, pharaoh: str = "gentle") -> str:
    start = time.perf_counter()
    wins, rounds = solo_wins(make, games, pharaoh)
    spent = time.perf_counter() - start
    when = ""
    if rounds:
        median = statistics.median(rounds)
        when = f", in round {min(rounds)}-{max(rounds)} (median {median:g})"
    return f"{wins:3d} of {games}{when} ({spent / games:.2f} s a game)"


def levels(games: int) -> None:
    """The planner against each strength of the Pharaoh, the same seeds side by side."""
    print(f"the planner's revolutions by the Pharaoh's strength, seeds 0-{games - 1}")
    for pharaoh in PHARAOH_LEVELS:
        line = solo_line(PlannerPlayer, games, pharaoh)
        print(f"  {pharaoh:7s} (fill x{PHARAOH_LEVELS[pharaoh]:g}) {line}", flush=True)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "levels":
        levels(int(sys.argv[2]) if len(sys.argv) > 2 else 40)
        return
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    solo_games = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    print("random whole games (push with checks, random player)")
    for players in (1, 2, 3, 4):
        count, plies, spent = random_games(players, seconds)
        print(
            f"  {players} player{'s' if players > 1 else ' '}: {count / spent:6.1f} games/s, "
            f"{plies / count:5.0f} plies a game, {plies / spent:7.0f} plies/s"
        )
    print("push + pop of one move")
    for players in (2, 4):
        count, spent = push_pop(players, seconds / 2)
        print(f"  {players} players: {spent / count * 1e6:6.1f} us")
    print("time per decision (median / max)")
    for make, players in ((GreedyPlayer, 2), (GreedyPlayer, 4), (PlannerPlayer, 1)):
        times = decisions(players, seconds, make)
        parts = [
            f"{phase} {statistics.median(t) * 1e3:.1f}/{max(t) * 1e3:.0f} ms"
            for phase, t in sorted(times.items())
        ]
        print(f"  {make.name}, {players} player{'s' if players > 1 else ''}: " + ", ".join(parts))
    print("greedy in seat 0 against random players")
    for players in (1, 2, 4):
        wins, games = greedy_against_random(players, 6)
        print(f"  {players} player{'s' if players > 1 else ' '}: greedy won {wins} of {games}")
    print(f"the solo game (Hyskosian revolution), seeds 0-{solo_games - 1}: revolutions won")
    for make in (RandomPlayer, GreedyPlayer, PlannerPlayer):
        print(f"  {make.name:8s} {solo_line(make, solo_games)}")
    levels(solo_games)


if __name__ == "__main__":
    main()
