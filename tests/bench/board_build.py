"""Benchmark: the processor time of building each game's board view (``make_board_view``,
what the window's Scene pays at each window and each game opened) and of its first frame
(``show`` of the game's opening position), warm, in a plotter of the window's kind that
stays open (the view closed after each build, as ``switch_board`` closes it).

Run by hand under a display:
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/board_build.py \
        [-n 20] [--other /path/to/other/checkout] [--rounds 4] [--profile FILE]

Alone it prints, for each game, the median of ``-n`` warm builds (three before them are
not counted), of their first frames and of the render that draws each (pyvista ran some
of a view's pipelines at the build, plain VTK at the render: count both), in milliseconds
of processor time. With
``--other`` (a checkout of another commit, e.g. ``git archive main | tar -x -C DIR``) it
runs ``--rounds`` child processes on each tree, alternated (other, this, other, this...),
and prints each tree's median of the rounds' medians. ``--profile FILE`` writes cProfile's
figures of the warm builds (processor time) to FILE.<game>.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from window_build import _games  # (each game's opening, as the window bench makes it)

GAMES = ("partition", "pyraos", "terrace", "ball", "rolling")


def measure(games: list[str], n: int, profile: str | None) -> dict[str, list[float]]:
    """game -> the medians over ``n`` warm builds of the build, its first frame and the
    render that draws it, in milliseconds of processor time."""
    import pyvista as pv

    from pyramid_lab.viewer.boards import make_board_view
    from pyramid_lab.viewer.games import ui_class
    from pyramid_lab.viewer.lab.view_state import ViewState

    plotter = pv.Plotter(off_screen=True, window_size=[1024, 768])
    plotter.ren_win.Render()
    made = _games()
    found = {}
    for name in games:
        game = made[name]()
        ui = ui_class(game)()
        geometry = ui.geometry(game)
        frame = ui.frame(game, ui.turn(game))
        builds, shows, renders = [], [], []
        prof = cProfile.Profile(time.process_time) if profile else None
        for i in range(n + 3):
            warm = i >= 3
            if prof is not None and warm:
                prof.enable()
            start = time.process_time()
            view = make_board_view(ui.board_kind, plotter, geometry)
            built = time.process_time()
            view.show(frame, ViewState())
            shown = time.process_time()
            if prof is not None and warm:
                prof.disable()
            plotter.ren_win.Render()  # (what the window does next: each build drawn once)
            drawn = time.process_time()
            view.close()
            if warm:
                builds.append(built - start)
                shows.append(shown - built)
                renders.append(drawn - shown)
        if prof is not None:
            prof.dump_stats(f"{profile}.{name}")
        found[name] = [statistics.median(part) * 1000 for part in (builds, shows, renders)]
    plotter.close()
    return found


def alternate(args: argparse.Namespace) -> None:
    here = Path(__file__).resolve().parents[2]
    other = Path(args.other).resolve()
    trees = {"other": other, "this": here}
    rounds: dict[str, list[dict[str, list[float]]]] = {"other": [], "this": []}
    for r in range(args.rounds):
        for label, tree in trees.items():
            env = {**os.environ, "PYTHONPATH": str(tree)}
            command = [sys.executable, __file__, "--child", "-n", str(args.n)]
            command += ["--games", args.games]
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
            rounds[label].append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(f"round {r} {label}: {rounds[label][-1]}", flush=True)
    print(f"{'ms (other / this)':18} {'build':>13} {'first frame':>13} {'its render':>13}")
    for name in args.games.split(","):
        cells = []
        for part in (0, 1, 2):
            other, this = (
                statistics.median(found[name][part] for found in rounds[label]) for label in trees
            )
            cells.append(f"{other:6.1f} {this:6.1f}")
        print(f"{name:18} " + " ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=20, help="warm builds a game")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--other", help="another checkout, measured alternated with this")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.other:
        alternate(args)
        return
    found = measure(args.games.split(","), args.n, args.profile)
    if args.child:
        print(json.dumps(found))
        return
    for name, (build, frame, render) in found.items():
        print(
            f"{name:10} build {build:6.1f} ms, first frame {frame:6.1f} ms, render {render:6.1f} ms"
        )


if __name__ == "__main__":
    main()
