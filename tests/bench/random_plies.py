"""Full-size run of the push/pop/copy checks: 400,000 random plies across all games.

Run by hand:  .venv/bin/python tests/bench/random_plies.py [PLIES] [SEED]

Plays random games of every registered game (cycling through each game's option sets from
``option_specs``) with the checks of ``tests/model/test_push_pop.py`` at every ply, until
the plies are shared out evenly. Prints, per game, the plies tried, games finished, their
endings, the longest game, failures (the first few with their seed and option set) and the
time. Exits 1 if anything failed.
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pyramid_lab.model.game import game_class, game_names
from tests.model.test_push_pop import new_game, option_sets, playout


def run(name: str, budget: int, seed: int) -> dict:
    cls = game_class(name)
    sets = option_sets(cls)
    rng = random.Random(f"{seed} {name}")
    report = {"plies": 0, "games": 0, "longest": 0, "failures": [], "ends": Counter()}
    start = time.perf_counter()
    while report["plies"] < budget:
        raw = sets[report["games"] % len(sets)]
        game_seed = rng.randrange(2**32)
        game = new_game(cls, raw)
        try:
            plies = playout(game, random.Random(game_seed))
        except Exception as exc:  # a failure is reported, and the run goes on
            plies = len(game.move_stack)
            where = traceback.extract_tb(exc.__traceback__)[-1]
            report["failures"].append(
                f"seed {game_seed} options {raw} ply {plies}: {type(exc).__name__}: {exc} "
                f"({Path(where.filename).name}:{where.lineno})"
            )
        else:
            report["ends"][game.outcome().reason] += 1
        report["plies"] += plies
        report["games"] += 1
        report["longest"] = max(report["longest"], plies)
    report["seconds"] = time.perf_counter() - start
    return report


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 400_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    names = game_names()
    print(f"{total:,} random plies with push/pop/copy checks, seed {seed}")
    print(
        f"{'game':<10} {'sets':>4} {'plies':>9} {'games':>7} {'longest':>7} "
        f"{'failures':>8} {'seconds':>8}  endings"
    )
    failed = 0
    grand = time.perf_counter()
    for name in names:
        r = run(name, total // len(names), seed)
        failed += len(r["failures"])
        ends = ", ".join(f"{k} {v}" for k, v in r["ends"].most_common())
        print(
            f"{name:<10} {len(option_sets(game_class(name))):>4} {r['plies']:>9,} "
            f"{r['games']:>7,} {r['longest']:>7} {len(r['failures']):>8} "
            f"{r['seconds']:>8.1f}  {ends}",
            flush=True,
        )
        for line in r["failures"][:5]:
            print(f"    {line}")
    print(f"total {time.perf_counter() - grand:.1f} s, {failed} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
