"""Benchmark: a compiled search's ``run`` as it is here against the same module at another
commit (a split into steps, or the whole function), alternated in one process on the same
work, so that a busy machine's load falls on both alike (issue 88: a kernel stays over 80
lines only where splitting it costs speed).

Run by hand:  nice -n 10 .venv/bin/python tests/bench/kernel_split.py dfpn --other REV [--rounds N]

``dfpn``: the prover's questions (random middle games of Partition base 4, Pyraos and the
terraced game, both sides, and four examples); ``bounded``: solves of three Pyraos endgames,
the empty base-3 pyramid in both versions and three Pyraos middle games; ``mcts``: 40,000
playouts from each game's start. Both versions must give the same nodes and answers; printed
are each round's seconds and the speed ratio here / other (above 1: this one is faster).
Both versions are compiled first (numba's cache keeps them), off the clock.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run by hand: tests.*

from pyramid_lab.model.files import read  # noqa: E402
from pyramid_lab.model.partition import Partition, PartitionOptions  # noqa: E402
from pyramid_lab.model.pyraos import Pyraos  # noqa: E402
from pyramid_lab.model.search import Prover, knowledge_for  # noqa: E402
from pyramid_lab.model.search.choice import Limits  # noqa: E402
from pyramid_lab.model.search.compiled import bounded, dfpn, mcts  # noqa: E402
from pyramid_lab.model.search.compiled.agent import CompiledMCTSAgent  # noqa: E402
from pyramid_lab.model.terrace import Terrace  # noqa: E402
from tests.bench.compiled import middle_games  # noqa: E402  (the same positions)
from tests.model.handed import adapter_for, solver_for  # noqa: E402

EXAMPLES = ROOT / "examples"
HERE = {"dfpn": dfpn, "bounded": bounded, "mcts": mcts}


def other_module(kernel: str, rev: str, folder: Path) -> ModuleType:
    """The kernel's module at commit ``rev``, loaded apart (its relative imports made
    absolute; a stack class of that time on this one's base)."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:model/search/compiled/{kernel}.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    package = "pyramid_lab.model.search.compiled"
    text = text.replace("from . import core", f"from {package} import core")
    text = text.replace("from .", f"from {package}.")
    text = text.replace("class Frames(core.Frames):", "class Frames(_stacks.Frames):")
    text = text.replace(
        "from __future__ import annotations\n",
        f"from __future__ import annotations\nfrom {package} import stacks as _stacks\n",
        1,
    )
    path = folder / f"{kernel}_other.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dfpn_work() -> Callable[[], list[Any]]:
    questions = []
    starts = (
        (lambda: Partition.new(PartitionOptions(4)), 12, 9),
        (Pyraos.new, 20, 9),
        (Terrace.new, 30, 5),
    )
    for new, plies, within in starts:
        for game in middle_games(new, plies, 3, 26):
            questions += [(game, side, within) for side in game.players]
    for name, side, within in (
        ("pyraos/endgame-win-in-7", "black", 9),
        ("pyraos/endgame-loss-in-8", "white", 10),
        ("partition/stacking-support", "blue", 13),
        ("partition/t4-anchored-sheet", "red", 13),
    ):
        questions.append((read(EXAMPLES / f"{name}.pyr.json").game, side, within))

    def work() -> list[Any]:
        out = []
        for game, side, within in questions:
            prover = Prover(game, side, compiled=True, knowledge=knowledge_for(game))
            out.append((prover.shortest(within), prover.nodes))
        return out

    return work


def bounded_work() -> Callable[[], list[Any]]:
    names = ("endgame-win-in-7", "endgame-loss-in-8", "alternate-pass")
    games = [read(EXAMPLES / "pyraos" / f"{name}.pyr.json").game for name in names]
    games += [Partition.new(PartitionOptions(3, v)) for v in ("floating", "stacking")]
    games += middle_games(Pyraos.new, 22, 3, 7)

    def work() -> list[Any]:
        out = []
        for game in games:
            result = solver_for(game, table_mb=64, proof="bounded").solve()
            out.append((result.value, result.plies, result.nodes))
        return out

    return work


def mcts_work() -> Callable[[], list[Any]]:
    starts = (
        (lambda: Partition.new(PartitionOptions(5)), True, 200),
        (Pyraos.new, False, 200),
        (Terrace.new, False, 24),
    )

    def work() -> list[Any]:
        out = []
        for new, rave, cap in starts:
            agent = CompiledMCTSAgent(adapter_for, seed=1, rave=rave, max_playout=cap)
            choice = agent.choose(new(), Limits(playouts=40_000))
            out.append((str(choice.move), choice.visits))
        return out

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernel", choices=sorted(HERE))
    parser.add_argument("--other", required=True, help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    here = HERE[args.kernel]
    with tempfile.TemporaryDirectory() as folder:
        other = other_module(args.kernel, args.other, Path(folder))
        runs = {"here": here.run, "other": other.run}
        work = {"dfpn": dfpn_work, "bounded": bounded_work, "mcts": mcts_work}[args.kernel]()

        def timed(which: str) -> tuple[float, list[Any]]:
            here.run = runs[which]  # the drivers look ``run`` up on the module at each call
            began = time.perf_counter()
            answers = work()
            return time.perf_counter() - began, answers

        began = time.perf_counter()
        timed("other"), timed("here")
        print(f"compiled and warmed in {time.perf_counter() - began:.0f} s", flush=True)
        total = {"here": 0.0, "other": 0.0}
        for r in range(args.rounds):
            answers = {}
            for which in ("other", "here") if r % 2 == 0 else ("here", "other"):
                seconds, answers[which] = timed(which)
                total[which] += seconds
                print(f"round {r} {which:5} {seconds:8.2f} s", flush=True)
            assert answers["here"] == answers["other"], "the two versions answer differently"
        here.run = runs["here"]
    ratio = total["other"] / total["here"]
    print(
        f"{args.kernel}.run: here {total['here']:.2f} s, at {args.other} {total['other']:.2f} s;"
        f" speed here / there {ratio:.3f}x ({args.rounds} rounds, the same answers)"
    )


if __name__ == "__main__":
    main()
