"""Benchmark: a long game played into the main window, move by move; does a move get
slower as the game grows?

Run by hand under a display (Xvfb), e.g.:
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/long_game.py

A window (1200x800, the Moves dock shown) on a game that lasts 300 moves (``-n``) and more:
by default Rolling Pyramids for four players at one board (hot seat: the deployments are
secret in the Moves dock), each decision a seeded random one and the dice the session's
(seeded), about 330 decisions to its end; the solo game (``--players 1``) lasts about 140.
Or a Pyramid Partition of base 10 (``--game partition``, ``--base``): the first seed whose
random game in the model lasts that long. A Partition's picture fills with balls as it goes,
and drawing 300 balls takes VTK longer than drawing an empty pyramid (the same in a window
opened on that position): hence the render's share, first and last, printed apart.

Each move goes through the window as Finish turn or the Analysis dock hands one in
(``turns.play``: the session, the window's follow-up, the game's docks, the Moves
dock, the redraw) and then the events it posted are processed (the paint that renders the
scene), all timed; the fade of what a move removed is stopped after, untimed. Prints the
mean time a move takes over the first 20 moves and the last 20, the part of it in VTK's
render and outside it, their ratio in a line ``ratio R``, the VTK renders per move, the
props in the scene and the time the Moves dock's refresh took in all. ``--repeat K`` plays
it K times, each in a fresh process, and prints the median ratio.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

EDGE = 20  # moves averaged at each end


def partition_line(base: int, moves: int) -> tuple[int, list[object]]:
    """The first seed whose random game on ``base`` lasts ``moves`` moves, and its moves."""
    from pyramid_lab.model.partition import Partition, PartitionOptions

    for seed in range(1000):
        game = Partition(PartitionOptions(base))
        rng = random.Random(seed)
        line = []
        while not game.is_over() and len(line) < moves:
            move = rng.choice(game.legal_moves())
            game.push(move)
            line.append(move)
        if len(line) >= moves:
            return seed, line
    raise SystemExit(f"no random game of base {base} lasts {moves} moves: try a larger base")


def repeated(argv: list[str], times: int) -> int:
    """Run this bench ``times`` times without --repeat, each in its own process; print each
    run's lines and the median of their ratios."""
    import subprocess

    once = []
    skip = False
    for word in argv:  # the arguments without --repeat and its value
        if skip:
            skip = False
        elif word == "--repeat":
            skip = True
        elif not word.startswith("--repeat="):
            once.append(word)
    ratios: dict[str, list[float]] = {"ratio": [], "outside": []}
    for run in range(times):
        done = subprocess.run(
            [sys.executable, __file__, *once], capture_output=True, text=True, check=False
        )
        print(f"-- run {run + 1} of {times}")
        print(done.stdout, end="")
        if done.returncode:
            print(done.stderr[-2000:])
            return done.returncode
        for line in done.stdout.splitlines():
            if line.startswith("ratio "):
                ratios["ratio"].append(float(line.split()[1]))
            elif line.startswith("outside VTK's render:"):
                ratios["outside"].append(float(line.split()[-1]))
    print(
        f"median of {times} runs: ratio {statistics.median(ratios['ratio']):.2f} "
        f"(runs {', '.join(f'{r:.2f}' for r in ratios['ratio'])}); outside VTK's render "
        f"{statistics.median(ratios['outside']):.2f}"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("rolling", "partition"), default="rolling")
    parser.add_argument("--players", type=int, default=4, help="Rolling's (default 4)")
    parser.add_argument("-n", type=int, default=300, help="moves played (default 300)")
    parser.add_argument("--base", type=int, default=10, help="Partition's base (default 10)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="play the game this many times, each in a fresh process, and print the median "
        "ratio (one game's ends are a few seconds apart: a passing load moves one ratio)",
    )
    args = parser.parse_args(argv)
    if args.repeat > 1:
        return repeated(argv if argv is not None else sys.argv[1:], args.repeat)
    if args.n < 2 * EDGE:
        parser.error(f"-n must be at least {2 * EDGE}")
    if not os.environ.get("DISPLAY"):
        parser.error("no X display: run under Xvfb (xvfb-run -a ...)")
    scratch = tempfile.mkdtemp(prefix="long-game-bench-")
    os.environ["PYRAMID_LAB_AUTOSAVE"] = os.path.join(scratch, "autosave")
    os.environ["PYRAMID_LAB_CONFIG"] = os.path.join(scratch, "config")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from pyramid_lab.model.game import Game
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, scratch)
    app = QApplication.instance() or QApplication(sys.argv)

    game: Game
    if args.game == "partition":
        from pyramid_lab.model.partition import Partition, PartitionOptions

        seed, line = partition_line(args.base, args.n)
        game = Partition(PartitionOptions(args.base))
        title = f"Partition base {args.base}, random game of seed {seed}"
    else:
        from pyramid_lab.model.rolling import RollingPyramids

        players = {"players": args.players}
        game = RollingPyramids.new(RollingPyramids.parse_options(players))
        line = []
        title = f"Rolling Pyramids, {args.players} players, random decisions of seed 7"
    rng = random.Random(7)
    session = Session(game)
    session.lines.dice.seed(11)
    window = MainWindow(session)
    window.resize(1200, 800)
    window.show()
    for _ in range(20):
        app.processEvents()
    window.stage.render_now()
    window.parts.moves_dock.show()

    renders = [0]
    rendering = [0.0, 0.0]  # the last render's start, the time in renders

    def render_started(*_: object) -> None:
        rendering[0] = time.perf_counter()

    def render_ended(*_: object) -> None:
        renders[0] += 1
        rendering[1] += time.perf_counter() - rendering[0]

    window.plotter.ren_win.AddObserver("StartEvent", render_started)
    window.plotter.ren_win.AddObserver("EndEvent", render_ended)
    refresh = window.parts.moves_dock.refresh
    in_refresh = [0.0]

    def timed_refresh() -> None:
        start = time.perf_counter()
        refresh()
        in_refresh[0] += time.perf_counter() - start

    window.parts.moves_dock.refresh = timed_refresh  # type: ignore[method-assign]  # a timer around it

    def props() -> int:
        return sum(r.GetViewProps().GetNumberOfItems() for r in window.plotter.renderers)

    props_before = props()
    times: list[float] = []
    counted: list[int] = []
    in_render: list[float] = []
    for index in range(args.n):
        game = window.session.game
        if game.is_over():
            break
        move = line[index] if line else rng.choice(sorted(game.legal_moves(), key=repr))
        before, rendered = renders[0], rendering[1]
        start = time.perf_counter()
        window.board.play(move)
        app.processEvents()  # the paint that draws the move
        times.append(time.perf_counter() - start)
        counted.append(renders[0] - before)
        in_render.append(rendering[1] - rendered)
        window.scene.stop_effect()
        app.processEvents()
    played = len(times)
    if played < 2 * EDGE:
        raise SystemExit(f"the game ended after {played} moves")
    first = statistics.mean(times[:EDGE]) * 1000
    last = statistics.mean(times[-EDGE:]) * 1000
    print(f"{title}: {played} moves played into the window (1200x800)")
    medians = [statistics.median(times[:EDGE]) * 1000, statistics.median(times[-EDGE:]) * 1000]
    print(f"first {EDGE} moves: {first:7.2f} ms a move (median {medians[0]:.2f})")
    print(f"last {EDGE} moves:  {last:7.2f} ms a move (median {medians[1]:.2f})")
    drawn = [statistics.mean(in_render[:EDGE]) * 1000, statistics.mean(in_render[-EDGE:]) * 1000]
    print(f"of which VTK's render: {drawn[0]:7.2f} ms first, {drawn[1]:7.2f} ms last")
    print(f"all moves: {statistics.mean(times) * 1000:7.2f} ms a move, {sum(times):.2f} s in all")
    print(f"VTK renders: {renders[0]} in all, {sum(counted) / played:.2f} a move while timed")
    print(f"props in the scene: {props_before} after the first move, {props()} at the end")
    print(f"Moves dock refresh: {in_refresh[0]:.2f} s in all")
    outside = [first - drawn[0], last - drawn[1]]
    print(
        f"outside VTK's render: {outside[0]:7.2f} ms first, {outside[1]:7.2f} ms last, "
        f"ratio {outside[1] / outside[0]:.2f}"
    )
    print(f"ratio {last / first:.2f}")
    window.shutdown()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
