"""The compiled searches before and after a change, alternated in one run: each task's
processor time in child processes that take turns, A B A B ..., each on its own tree's code
(``--before REV`` from ``git archive``, and this tree), and the median of the pairs' ratios
(as ``pyraos_whole_alternate.py`` does for the whole-game tables).

    PYTHONPATH=. python tests/bench/compiled_alternate.py --before main --pairs 3

A child compiles the core (``warm.warm_up``: its own numba cache a tree, empty for the
tree's first child, whose compile is printed apart) and then runs fixed work, one thread,
each task timed in processor seconds:

- mcts: the compiled MCTS of the levels (RAVE and the playout caps of ``compiled.py``)
  from each game's start, ``--playouts`` playouts, seed 1;
- dfpn: the prover (compiled df-pn) on ``compiled.py``'s example questions and on random
  middle games of each game, both sides;
- bounded, solver-dfpn: the one compiled solver with each of its engines on
  ``pyraos_solver.py``'s positions of 12 spheres, deepened to a fixed depth (bounded: 21
  plies on each version's, 25 on the children's, which it solves; df-pn: 17 plies on the
  children's; its time slices follow the wall clock, so a loaded machine may change its
  nodes: its answers are compared with the rest);
- solve: the empty base-3 Partition pyramid, both versions, by the compiled solver (4
  times each).

Each task's answers and node counts are printed for both trees: the same search must give
the same answers and visit the same nodes (a ratio is before / after: above 1, after is
faster; the item asks each task's median at least 0.97).

``--installed PYTHON`` (issue 111 item 4): "before" is a regular install's machine code
(``pip install`` made it: PYTHON is the install's, run with no ``NUMBA_CACHE_DIR``, so its
children load the code from the install's ``__pycache__``; this tree's ``tests`` beside
it), "after" this tree compiled in the child itself (a new, empty cache each pair): the
same sources, numba and processor, so the ratios are expected at 1 (a ratio under 1: the
install's code took less time; the install's speed against the compiled is 1 / ratio).

    PYTHONPATH=. python tests/bench/compiled_alternate.py --installed /tmp/venv/bin/python
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from alternating import child, tree

TASKS = ("mcts", "dfpn", "bounded", "solver-dfpn", "solve")


def _child(playouts: int) -> dict[str, object]:
    """One child's measures (this process imports its tree's code: PYTHONPATH)."""
    import pyramid_lab
    from pyramid_lab.model.files import read
    from pyramid_lab.model.partition import Partition, PartitionOptions
    from pyramid_lab.model.search import Prover, knowledge_for, solve
    from pyramid_lab.model.search.choice import Limits
    from pyramid_lab.model.search.compiled import warm
    from pyramid_lab.model.search.compiled.agent import CompiledMCTSAgent
    from tests.bench.compiled import PROOFS, SPEED, STARTS, middle_games
    from tests.bench.pyraos_solver import middle_games as pyraos_middle_games
    from tests.model.handed import adapter_for, solver_for

    examples = Path(__file__).resolve().parents[2] / "examples"  # (an install has none)
    first = time.process_time()
    warm.warm_up()
    compile_s = time.process_time() - first
    seconds: dict[str, float] = {}
    answers: dict[str, list[str]] = {task: [] for task in TASKS}

    def timed(task: str, work, times: int = 1) -> None:  # type: ignore[no-untyped-def]
        began = time.process_time()
        for _ in range(times):  # (the same answer each time: the last kept)
            answer = str(work())
        answers[task].append(answer)
        seconds[task] = seconds.get(task, 0.0) + time.process_time() - began

    for name, new, rave, cap in STARTS:
        agent = CompiledMCTSAgent(adapter_for, seed=1, rave=rave, max_playout=cap)

        def think(agent=agent, new=new, name=name):  # type: ignore[no-untyped-def]
            choice = agent.choose(new(), Limits(playouts=playouts))
            return f"{name}: {choice.move} {choice.visits}"

        timed("mcts", think)
    questions = [
        (read(examples / f"{name}.pyr.json").game, side, within) for name, side, within in PROOFS
    ]
    for _name, new, plies, within in SPEED:
        for game in middle_games(new, plies, 2, 26):
            questions += [(game, side, within) for side in game.players]
    for game, side, within in questions:

        def ask(game=game, side=side, within=within):  # type: ignore[no-untyped-def]
            search = Prover(game, side, compiled=True, knowledge=knowledge_for(game))
            return f"{search.shortest(within)} {search.nodes}"

        timed("dfpn", ask)
    positions = [game for _name, game in pyraos_middle_games()][1:]  # 12 spheres, each version
    runs = [("bounded", game, 21) for game in positions] + [("bounded", positions[1], 25)]
    runs.append(("dfpn", positions[1], 17))  # (fixed work: no time limit, a depth's)
    for proof, game, depth in runs:
        task = "bounded" if proof == "bounded" else "solver-dfpn"

        def deepen(game=game, proof=proof, depth=depth):  # type: ignore[no-untyped-def]
            result = solver_for(game, max_depth=depth, table_mb=64, proof=proof).solve()
            return f"{result.value} {result.plies} {result.nodes}"

        timed(task, deepen)
    for version in ("floating", "stacking"):
        game = Partition.new(PartitionOptions(3, version))

        def whole(game=game):  # type: ignore[no-untyped-def]
            result = solve(game, table_mb=256, book=False, knowledge=knowledge_for(game))
            return f"{result.value} {result.plies} {result.nodes}"

        timed("solve", whole, 4)
    return {
        "code": str(Path(pyramid_lab.__file__).resolve().parent),
        "compile": compile_s,
        "seconds": seconds,
        "answers": answers,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the commit to compare with (git archive)")
    parser.add_argument("--installed", metavar="PYTHON", help="an install's code as before")
    parser.add_argument("--pairs", type=int, default=3, help="before/after pairs")
    parser.add_argument("--playouts", type=int, default=100_000, help="MCTS playouts a game")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(args.playouts)))
        return 0
    if not args.before and not args.installed:
        parser.error("--before REV or --installed PYTHON is needed")
    root = Path(__file__).resolve().parents[2]
    before = args.before or f"the install of {args.installed}"
    print(f"{os.cpu_count()} cores; before {before}, after this tree ({root})")
    with tempfile.TemporaryDirectory(prefix="alternate-") as tmp:
        if args.installed:  # (its children import this tree's tests, not its pyramid_lab)
            (Path(tmp) / "before").mkdir()
            (Path(tmp) / "before" / "tests").symlink_to(root / "tests")
        else:
            tree(root, args.before, Path(tmp) / "before")
        trees = {"before": Path(tmp) / "before", "after": root}
        runs: dict[str, list[dict]] = {"before": [], "after": []}
        for pair in range(args.pairs):
            for label, code in trees.items():
                load = os.getloadavg()
                cache = Path(tmp) / f"cache-{label}"
                if args.installed and label == "after":  # compiled in the child, each pair
                    cache = Path(tmp) / f"cache-after-{pair}"
                found = child(
                    __file__,
                    ["--playouts", str(args.playouts)],
                    code,
                    cache,
                    args.installed if label == "before" else None,
                )
                runs[label].append(found)
                print(
                    f"pair {pair + 1} {label:6}: load {load[0]:.2f}; tasks "
                    f"{sum(found['seconds'].values()):.2f} s processor; warm-up "
                    f"{found['compile']:.1f} s" + (" (the compile)" if pair == 0 else ""),
                    flush=True,
                )
    print(f"\n{'task':12} {'before s':>9} {'after s':>8} {'ratio':>6} (min-max)  answers")
    for task in TASKS:
        per = {label: [r["seconds"][task] for r in found] for label, found in runs.items()}
        ratios = [b / a for b, a in zip(per["before"], per["after"], strict=True)]
        seen = {json.dumps(r["answers"][task]) for found in runs.values() for r in found}
        print(
            f"{task:12} {statistics.median(per['before']):9.3f} "
            f"{statistics.median(per['after']):8.3f} {statistics.median(ratios):6.3f} "
            f"({min(ratios):.3f}-{max(ratios):.3f})  "
            + ("the same on both trees" if len(seen) == 1 else f"{len(seen)} DIFFERENT")
        )
    if len({json.dumps(r["answers"]["mcts"]) for f in runs.values() for r in f}) > 1:
        for label, found in runs.items():
            print(label, found[0]["answers"]["mcts"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
