"""Benchmark: what the teaching overlays and the terrace board cost per move and per frame.

Run by hand (no display needed):  .venv/bin/python tests/bench/overlays.py [--sizes 10 20 30]

Pyramid Partition, a full random pyramid per base N (1024x768, no MSAA, offscreen), all in
one run:
- 'view': building the overlays' view of a position (groups, corner rows; what the window
  does after every move while the Corners dock is shown), and the region of one held
  corner, computed when the user picks it;
- 'draw': the game UI's frame of the position and the board view drawing it, with the
  overlays on (walls, corners, group colours, one corner's region and outlines), against
  the plain frame in the same run;
- 'frame': a render with the overlays on against the plain scene.
Terrace: a redraw with a stone selected (its frame; columns, stones, markers rebuilt) and
a frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")

import pyvista as pv
from render import plotter  # the render benchmark's offscreen plotter (tests/bench/render.py)

from pyramid_lab.model.lattice import Corner
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.terrace import Terrace, fid
from pyramid_lab.viewer.boards.ball_pyramid import BallPyramidView
from pyramid_lab.viewer.boards.stepped import SteppedView
from pyramid_lab.viewer.games.partition import PartitionUI
from pyramid_lab.viewer.games.partition.teaching import TeachingView
from pyramid_lab.viewer.games.terrace import BOARD, TerraceTurn, TerraceUI
from pyramid_lab.viewer.lab.view_state import ViewState


def median_time(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def frame(p: pv.Plotter) -> None:
    p.camera.azimuth += 1.0
    p.ren_win.Render()
    p.ren_win.WaitForCompletion()


def partition_row(n: int, repeat: int) -> str:
    game = Partition.new(PartitionOptions(n)).filled_at_random(1)
    corner = next(c for c in Corner if game.holder(c) is not None)
    view_time = median_time(lambda: TeachingView(game).rows(), repeat)
    region_time = median_time(lambda: TeachingView(game).region(corner), repeat)
    p = plotter()
    try:
        scene = BallPyramidView(p, game.lattice)
        state = ViewState()
        plain = PartitionUI()
        on = PartitionUI()
        on.set_overlays({"walls": True, "corners": True, "groups": True, "region": corner.value})
        plain_turn, on_turn = plain.turn(game), on.turn(game)
        on.teaching(game)  # the position's teaching view: computed once, as in the window
        scene.show(plain.frame(game, plain_turn), state)
        frame(p)
        draw_plain = median_time(lambda: scene.show(plain.frame(game, plain_turn), state), repeat)
        frame_plain = median_time(lambda: frame(p), repeat)
        scene.show(on.frame(game, on_turn), state)
        draw_on = median_time(lambda: scene.show(on.frame(game, on_turn), state), repeat)
        frame_on = median_time(lambda: frame(p), repeat)
    finally:
        p.close()
    return (
        f"{n:>3} {game.lattice.count:>6} {view_time * 1e3:>8.1f} ms {region_time * 1e3:>8.1f} ms "
        f"{draw_plain * 1e3:>8.1f} ms {draw_on * 1e3:>8.1f} ms "
        f"{frame_plain * 1e3:>8.1f} ms {frame_on * 1e3:>8.1f} ms"
    )


def terrace_row(repeat: int) -> str:
    game = Terrace.new()
    ui = TerraceUI()
    turn = TerraceTurn(game)
    turn.click(fid(6, 3))  # d7 selected: its destinations are drawn
    p = plotter()
    try:
        scene = SteppedView(p, BOARD)
        state = ViewState()
        scene.show(ui.frame(game, turn), state)
        frame(p)
        draw = median_time(lambda: scene.show(ui.frame(game, turn), state), repeat)
        frame_time = median_time(lambda: frame(p), repeat)
    finally:
        p.close()
    return (
        f"terrace: redraw with a stone selected {draw * 1e3:.1f} ms, "
        f"frame {frame_time * 1e3:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 20, 30])
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    print(
        f"{'N':>3} {'points':>6} {'view':>11} {'region':>11} {'draw plain':>11} "
        f"{'draw + ovl':>11} {'frame plain':>11} {'frame + ovl':>11}"
    )
    for n in args.sizes:
        print(partition_row(n, args.repeat), flush=True)
    print(terrace_row(args.repeat))


if __name__ == "__main__":
    main()
