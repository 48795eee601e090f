"""Benchmark: frame time of the viewer's scene vs. one actor per ball, and placing a ball.

Run by hand (no display needed):  .venv/bin/python tests/bench/render.py [--sizes 10 20 30]

For each base N a full random pyramid is drawn offscreen at 1024x768 without MSAA. The
scene (one sphere-impostor actor, per-point colours and radii) and a baseline with one
sphere actor per ball are timed in the same run: median wall time of a render that is
waited for (the camera turns a little between frames), and the median processor time
of one (the process's, Mesa's threads included: steadier than wall time on a busy
machine). 'place' is the cost of a move: updating the scene's arrays after one ball is
added, plus the next frame, in frames. ``--no-ssao`` skips the SSAO column; ``--empty``
times only the scene on an empty board.
Goals: scene >= 10x faster than the baseline at N = 20 and 30; placing at N = 30 <= 1.5
frames; a frame at N = 30 <= 150 ms. 'SSAO' is the same scene with VTK's screen-space
ambient occlusion pass on (contact shading): its cost in per cent of the plain frame, measured
in the same run (the window uses it only if that stays within 25 % at N = 20).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time

os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")

import pyvista as pv

from pyramid_lab.model.lattice import lattice
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.boards.ball_pyramid import BALL_RADIUS, BallPyramidView
from pyramid_lab.viewer.games.partition import PartitionUI
from pyramid_lab.viewer.lab.palette import PIECE_RGB
from pyramid_lab.viewer.lab.view_state import ViewState

SIZE = (1024, 768)
CPU: list[float] = []  # each frame_times call's median processor seconds (all Mesa's threads)


def plotter() -> pv.Plotter:
    p = pv.Plotter(off_screen=True, window_size=SIZE)
    p.ren_win.SetMultiSamples(0)
    p.set_background("white")
    return p


def frame_times(p: pv.Plotter, frames: int) -> list[float]:
    win = p.ren_win
    win.Render()
    win.WaitForCompletion()
    times = []
    cpu = []
    for _ in range(frames):
        p.camera.azimuth += 1.0
        start, used = time.perf_counter(), time.process_time()
        win.Render()
        win.WaitForCompletion()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
    CPU.append(statistics.median(cpu))
    return times


def full_game(n: int, rng: random.Random) -> tuple[Partition, int]:
    """A study board with every point but one filled at random, and that point."""
    lat = lattice(n)
    order = list(range(lat.count))
    rng.shuffle(order)
    hole = order.pop()
    pieces = [(tuple(lat.point(p)), "red" if i % 2 == 0 else "blue") for i, p in enumerate(order)]
    return Partition.from_setup(PartitionOptions(n), "blue", pieces, study=True), hole


def ssao_frame(game: Partition, frames: int) -> float:
    """The median frame of the scene with SSAO on (as the window would switch it on)."""
    p = plotter()
    try:
        ui = PartitionUI()
        scene = BallPyramidView(p, game.lattice)
        scene.show(ui.frame(game, ui.turn(game)), ViewState())
        p.enable_ssao(radius=BALL_RADIUS, bias=0.02, kernel_size=32, blur=True)
        return statistics.median(frame_times(p, frames))
    finally:
        p.close()


def scene_run(game: Partition, hole: int, frames: int) -> tuple[float, float, float]:
    p = plotter()
    try:
        ui = PartitionUI()
        scene = BallPyramidView(p, game.lattice)
        view = ViewState()
        scene.show(ui.frame(game, ui.turn(game)), view)
        frame = statistics.median(frame_times(p, frames))
        places = []
        for _ in range(3):
            start = time.perf_counter()
            game._place(hole)  # the engine's move; the board is a study, already decided
            scene.show(ui.frame(game, ui.turn(game)), view)
            p.ren_win.Render()
            p.ren_win.WaitForCompletion()
            places.append(time.perf_counter() - start)
            game._unplace()
        update = statistics.median(places) - frame
        return frame, update, statistics.median(places)
    finally:
        p.close()


def baseline_run(game: Partition, frames: int) -> float:
    p = plotter()
    try:
        sphere = pv.Sphere(radius=BALL_RADIUS, theta_resolution=16, phi_resolution=16)
        for pid, colour in PartitionUI().sites(game).items():
            p.add_mesh(
                sphere.translate(game.lattice.centres[pid], inplace=False),
                color=PIECE_RGB[colour],
                render=False,
                reset_camera=False,
            )
        p.reset_camera()
        return statistics.median(frame_times(p, frames))
    finally:
        p.close()


def empty_frame(n: int, frames: int) -> tuple[float, float]:
    """The scene's median frame on an empty board of base ``n``: wall and processor time."""
    p = plotter()
    try:
        game = Partition(PartitionOptions(n))
        ui = PartitionUI()
        BallPyramidView(p, game.lattice).show(ui.frame(game, ui.turn(game)), ViewState())
        return statistics.median(frame_times(p, frames)), CPU[-1]
    finally:
        p.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 20, 30])
    parser.add_argument("--frames", type=int, default=15)
    parser.add_argument("--no-ssao", action="store_true", help="skip the SSAO column")
    parser.add_argument("--empty", action="store_true", help="only the empty board's frame")
    args = parser.parse_args()
    if args.empty:
        for n in args.sizes:
            wall, cpu = empty_frame(n, args.frames)
            print(f"N={n} empty board: frame {wall * 1e3:.1f} ms, {cpu * 1e3:.1f} ms of CPU")
        return
    rng = random.Random(3)
    print(
        f"{'N':>3} {'balls':>6} {'scene frame':>12} {'baseline frame':>15} {'speed-up':>9} "
        f"{'place (update + frame)':>24} {'place in frames':>16} {'SSAO frame':>11} {'cost':>6}"
    )
    for n in args.sizes:
        game, hole = full_game(n, rng)
        frame, update, place = scene_run(game, hole, args.frames)
        frame_cpu = CPU[-1]
        base = baseline_run(game, max(3, args.frames // 5 if n >= 30 else args.frames))
        base_cpu = CPU[-1]
        ssao = math.nan if args.no_ssao else ssao_frame(game, args.frames)
        print(
            f"{n:>3} {lattice(n).count - 1:>6} {frame * 1e3:>9.1f} ms {base * 1e3:>12.1f} ms "
            f"{base / frame:>8.1f}x {update * 1e3:>9.1f} ms + {frame * 1e3:>6.1f} ms "
            f"{place / frame:>16.2f} {ssao * 1e3:>8.1f} ms {100 * (ssao / frame - 1):>5.0f}%",
            flush=True,
        )
        print(
            f"    processor time a frame: scene {frame_cpu * 1e3:.1f} ms, one actor per ball "
            f"{base_cpu * 1e3:.1f} ms, ratio {base_cpu / frame_cpu:.1f}x",
            flush=True,
        )


if __name__ == "__main__":
    main()
