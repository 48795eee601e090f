"""Benchmark: is a time limit kept? Every time-limited search entry, on every board size
each game allows, asked for S seconds: the wall seconds it took.

Run by hand (from a checkout's root, the main venv):

    python tests/bench/deadlines.py                      # this checkout
    python tests/bench/deadlines.py --before ../main      # that checkout beside this one
    python tests/bench/deadlines.py --quick --seconds 0.5
    python tests/bench/deadlines.py --save after.jsonl --compare before.jsonl  # an earlier
                                                          # run's --save as the before column

Each case runs in a fresh process (``PYTHONPATH`` the checkout), so each is a first call:
the compiled core is loaded from numba's cache first (``warm_up``, as ``scripts/setup.sh``
leaves it; the seconds that took are printed, not counted), then the entry is timed.
A case that runs past ``--cap`` seconds is killed and shows as ``>CAP`` (numba's cache is
filled by one uncapped process first, so a compile never counts).

The entries: ``analyse`` (``pyramid-lab analyze --engine --seconds S``, the window's
Analysis dock), ``hint`` (the window's Hint and the strong computer player: the level
"strong" of ``agent_for``, or a game's own best player), ``medium`` and ``easy`` (the other
computer players: a game with players of its own, its middle and first), ``choose`` (the
hint's agent given ``Limits(seconds=S)``), ``solve`` (``max_seconds=S``), ``prove`` (the
side to move wins within 7 plies, ``max_seconds=S``) and ``verify`` (a puzzle's goal,
``max_seconds=S``). A level whose limit is playouts, not seconds, shows them as what was
asked (a compiled level is playouts by design: as strong on a loaded machine, only
slower). ``cut`` says whether the answer said it left something out (analyse: fewer moves
ranked, or a pass after the search unfinished; an agent: root moves it never judged).
The last line is the worst time past the asked seconds, over the entries asked seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
PARTITION_SIZES = (2, 4, 6, 7, 10, 15, 20, 30, 40, 50)
QUICK_SIZES = (2, 6, 7, 15, 30, 50)


def games(quick: bool) -> list[tuple[str, dict[str, object]]]:
    """(game name, options) for every board each game allows (Partition: its bases)."""
    out: list[tuple[str, dict[str, object]]] = []
    for version in ("floating", "stacking"):
        for size in QUICK_SIZES if quick else PARTITION_SIZES:
            out.append(("partition", {"size": size, "version": version}))
    for variant in ("standard", "children", "alternate"):
        out.append(("pyraos", {"variant": variant}))
    out.append(("terrace", {}))
    for mode in ("basic", "advanced"):
        out.append(("ball", {"mode": mode}))
    for players in (1, 2, 4):
        out.append(("rolling", {"players": players}))
    return out


ENTRIES = ("analyse", "hint", "medium", "easy", "choose", "solve", "prove", "verify")


def run_case(name: str, options: dict[str, object], entry: str, seconds: float) -> dict:
    """One entry on one new game, in this process (the child's side)."""
    from pyramid_lab.model.game import game_class
    from pyramid_lab.model.search import (
        Limits,
        agent_for,
        analyse,
        knowledge_for,
        levels_for,
        prove,
        solve,
        verify,
        warm_up,
    )

    cls = game_class(name)
    game = cls.new(cls.parse_options(options))
    warm = warm_up(knowledge=None)
    if entry == "warm":  # every compiled entry point loaded (compiled) once, uncapped
        warm += solve(game, max_seconds=0.2, book=False, knowledge=knowledge_for(game)).seconds
        return {"asked": "-", "wall": warm, "warm": warm, "cut": None, "note": "warm"}
    asked: str = f"{seconds:g} s"
    cut: bool | None = None
    note = ""
    start = time.perf_counter()
    try:
        if entry == "analyse":
            result = analyse(game, seconds=seconds, seed=1, knowledge=knowledge_for(game))
            cut = bool(getattr(result, "cut_short", "")) or result.prover.startswith("unknown")
            note = f"{len(result.moves)} moves, {result.visits} visits; {result.prover}"
            if getattr(result, "cut_short", ""):
                note += f"; cut short: {result.cut_short}"
        elif entry in ("hint", "medium", "easy", "choose"):
            levels = levels_for(game)  # a game's own players (Rolling): its best hints
            level = {"easy": levels[0], "medium": levels[len(levels) // 2]}.get(entry, levels[-1])
            agent, limits = agent_for(game, level, seed=1, knowledge=knowledge_for(game))
            if entry == "choose":
                limits = Limits(seconds=seconds)
            parts = []
            if limits.seconds is not None:
                parts.append(f"{limits.seconds:g} s")
            if limits.playouts is not None:
                parts.append(f"{limits.playouts} playouts")
            asked = " or ".join(parts) or "?"
            choice = agent.choose(game, limits)
            unjudged = getattr(choice, "unjudged", 0)
            note = (
                f"{choice.agent}, {choice.visits} visits, {len(choice.stats) - unjudged} of "
                f"{len(choice.stats)} moves judged, move {choice.move}"
            )
            cut = unjudged > 0
        elif entry == "solve":
            result = solve(game, max_seconds=seconds, knowledge=knowledge_for(game))
            note = f"{result.value} ({result.path})"
        elif entry == "prove":
            proof = prove(game, game.to_move, 7, max_seconds=seconds, knowledge=knowledge_for(game))
            note = proof.result
        elif entry == "verify":
            puzzle = {"goal": {"side": game.to_move, "result": "win", "within": 5}}
            verdict = verify(game, puzzle, max_seconds=seconds, knowledge=knowledge_for(game))
            note = str(verdict.result)
    except ValueError as exc:  # refused (a chance game, simultaneous turns): at once
        note = f"refused: {str(exc)[:60]}"
    wall = time.perf_counter() - start
    return {"asked": asked, "wall": wall, "warm": warm, "cut": cut, "note": note}


def measure(root: Path, name: str, options: dict, entry: str, seconds: float, cap: float) -> dict:
    """One case in a fresh process with ``root`` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(root))
    args = [sys.executable, str(HERE), "--case", json.dumps([name, options, entry, seconds])]
    try:
        done = subprocess.run(
            args, env=env, cwd=root, capture_output=True, text=True, timeout=cap, check=False
        )
    except subprocess.TimeoutExpired:
        return {"asked": f"{seconds:g} s", "wall": None, "cut": None, "note": f">{cap:g} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"asked": "?", "wall": None, "cut": None, "note": f"error: {tail[:70]}"}
    return json.loads(lines[-1])


def label(name: str, options: dict) -> str:
    if name == "partition":
        return f"partition {options['version']} base {options['size']}"
    return " ".join([name, *(f"{k}={v}" for k, v in options.items())])


def wall_text(result: dict, cap: float) -> str:
    if result["wall"] is not None:
        return f"{result['wall']:.2f}"
    return f">{cap:g}" if result["note"].startswith(">") else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="the limit asked (1)")
    parser.add_argument("--before", type=Path, help="a checkout to compare (main)")
    parser.add_argument("--quick", action="store_true", help="fewer Partition bases")
    parser.add_argument("--entries", default=",".join(ENTRIES), help="comma-separated")
    parser.add_argument("--games", default="", help="only these games (comma-separated)")
    parser.add_argument("--only", default="", help="only the boards whose label has this")
    parser.add_argument("--cap", type=float, default=90.0, help="kill a case after (90 s)")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--save", type=Path, help="write the results here (JSON lines)")
    parser.add_argument(
        "--compare", type=Path, help="a --save file of an earlier run: its walls as 'before'"
    )
    args = parser.parse_args()
    if args.case:
        name, options, entry, seconds = json.loads(args.case)
        print(json.dumps(run_case(name, options, entry, seconds)), flush=True)
        return
    after = HERE.parents[2]
    entries = [e for e in args.entries.split(",") if e]
    wanted = {g for g in args.games.split(",") if g}
    cases = [(n, o) for n, o in games(args.quick) if not wanted or n in wanted]
    cases = [(n, o) for n, o in cases if args.only in label(n, o)]
    earlier: dict[str, dict] = {}
    if args.compare:
        for row in map(json.loads, args.compare.read_text().splitlines()):
            earlier[row["key"]] = row
    roots = [("before", args.before.resolve())] if args.before else []
    roots.append(("after", after))
    for _, root in roots:  # numba's cache filled first: a compile is not a case's time
        measure(root, "partition", {"size": 4, "version": "floating"}, "warm", 0.2, 1800)
    tags = ["before"] if args.compare else []
    tags += [tag for tag, _ in roots]
    print(f"{'game and board':34} {'entry':8} {'asked':22}", end="")
    print("".join(f" {tag + ' s':>9}" for tag in tags) + "  cut  what it said (after)")
    worst = 0.0
    saved = []
    for name, options in cases:
        for entry in entries:
            key = json.dumps([name, options, entry, args.seconds])
            results = [
                measure(root, name, options, entry, args.seconds, args.cap) for _, root in roots
            ]
            if args.compare:
                results.insert(0, earlier.get(key, {"wall": None, "note": "not measured"}))
            last = results[-1]
            saved.append({"key": key, **last})
            line = f"{label(name, options):34} {entry:8} {last['asked']:22}"
            for result in results:
                line += f" {wall_text(result, args.cap):>9}"
            cut = {True: "yes", False: "no", None: "-"}[last["cut"]]
            print(f"{line}  {cut:4} {last['note'][:90]}", flush=True)
            asked = last["asked"]
            if last["wall"] is not None and asked.endswith(" s") and " or " not in asked:
                worst = max(worst, last["wall"] - float(asked[:-2]))
    print(f"worst time past the asked seconds (after): {worst:.2f} s")
    if args.save:
        args.save.write_text("".join(json.dumps(row) + "\n" for row in saved))


if __name__ == "__main__":
    main()
