"""Benchmark of a refactor of the board views: the pictures they draw, compared pixel for
pixel between two checkouts ("nothing a user sees changes").

Run by hand under a display (the same Xvfb settings for both trees):
    git archive main | tar -x -C /tmp/before
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/board_pictures.py \
        --before /tmp/before

Each tree (PYTHONPATH first, in a process of its own) draws every game's board view in an
offscreen plotter (no multisampling, as ``pyramid-lab render``): its opening position,
then a frame with every kind of mark (pieces, markers, each rim's highlight, pointers,
paths, regions, labels, ghosts, heat, decorations) and the hover, under the level range,
peel, ghosts of the peeled, clip planes and cut-open balls, from each camera preset, then
the opening again (the layers refilled); and a board switched from another kind, as the
window's Scene does. Prints how many pictures are equal array for array, and exits 1 on
any difference (saving both pictures of each under ``--keep``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

GAMES = ("partition", "pyraos", "terrace", "ball", "rolling")
SIZE = (800, 600)


def rich_frame(opening: Any, count: int) -> Any:
    """``opening`` with every kind of mark on the board's sites (spread over them)."""
    from dataclasses import replace

    from pyramid_lab.viewer.lab import palette
    from pyramid_lab.viewer.lab.frame import Label, Marker, Path, Pointer, Region

    step = max(1, count // 23)
    sites = list(range(0, count, step))

    def some(k: int, n: int) -> tuple[int, ...]:
        return tuple(sites[(k + i) % len(sites)] for i in range(n))

    pieces = dict(opening.pieces)
    for i, site in enumerate(some(0, 6)):
        pieces[site] = ("red", "blue", "green", "yellow")[i % 4]
    empty = [s for s in sites if s not in pieces]
    return replace(
        opening,
        pieces=pieces,
        markers=tuple(
            Marker(s, style) for s, style in zip(empty, palette.MARKER_RGB, strict=False)
        ),
        highlights={style: some(3 * i, 2) for i, style in enumerate([*palette.RIM_RGB, "blocked"])},
        pointers=(Pointer(sites[1], "red"), Pointer(sites[-2], "fall", (1.0, 0.0))),
        paths=(Path(some(2, 3), "move"), Path(some(7, 2), "hint")),
        regions=(Region(some(4, 3), "crossed"), Region(some(9, 2), "blue")),
        labels=(Label(sites[2], "a label"), Label(sites[5], "another")),
        ghosts={empty[-1]: "red", empty[-2]: "blue"},
        heat={empty[-3]: 0.2, empty[-4]: 0.9},
        decorations=frozenset({"walls", "inlays-won"}),
    )


def views(count: int) -> Iterator[tuple[str, Any]]:
    """The view states a picture is drawn under, by name."""
    from pyramid_lab.viewer.lab.view_state import ViewState

    yield "plain", ViewState()
    hovered = ViewState()
    hovered.set_hover(count // 2)
    yield "hover", hovered
    peeled = ViewState()
    peeled.set_peel(1)
    peeled.set_ghost_peeled(True)
    yield "peeled", peeled
    clipped = ViewState()
    clipped.set_cut_open(True)
    clipped.set_clip(0, enabled=True, value=1.3, keep_below=True)
    clipped.set_clip(2, enabled=True, value=0.6, keep_below=True)
    yield "clipped", clipped
    levels = ViewState()
    levels.set_levels(1, 2)
    yield "levels", levels


def pictures(out: Path) -> None:
    """Every picture of this tree's board views as ``out/<name>.npy``."""
    import pyvista as pv

    from pyramid_lab.viewer.boards import make_board_view
    from pyramid_lab.viewer.games import ui_class
    from pyramid_lab.viewer.lab import palette

    sys.path.insert(0, str(Path(__file__).parent))
    from board_build import _games

    made = _games()
    plotter = pv.Plotter(off_screen=True, window_size=list(SIZE))
    assert plotter.ren_win is not None
    plotter.ren_win.SetMultiSamples(0)
    plotter.set_background(palette.BACKGROUND)

    def snap(name: str) -> None:
        plotter.render()
        np.save(out / f"{name}.npy", plotter.screenshot(return_img=True))

    last = None
    for game_name in GAMES:
        game = made[game_name]()
        ui = ui_class(game)()
        geometry = ui.geometry(game)
        opening = ui.frame(game, ui.turn(game))
        if last is not None:
            last.close()  # a board of another kind before it, as switch_board does
        board = make_board_view(ui.board_kind, plotter, geometry)
        last = board
        count = int(geometry.count)
        rich = rich_frame(opening, count)
        for view_name, view in views(count):
            board.show(opening, view)
            snap(f"{game_name}-opening-{view_name}")
            board.show(rich, view)
            snap(f"{game_name}-rich-{view_name}")
        for preset in palette.VIEWS:
            board.set_view(preset)
            snap(f"{game_name}-rich-view-{preset}")
        board.set_view("iso")
        board.show(opening, next(views(count))[1])
        snap(f"{game_name}-opening-again")
    plotter.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="the other checkout")
    parser.add_argument("--keep", help="a folder for the pictures that differ")
    parser.add_argument("--child", metavar="OUT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        pictures(Path(args.child))
        return
    here = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as scratch:
        folders = {}
        for label, tree in (("before", Path(args.before).resolve()), ("after", here)):
            folder = Path(scratch) / label
            folder.mkdir()
            env = {**os.environ, "PYTHONPATH": str(tree)}
            subprocess.run([sys.executable, __file__, "--child", str(folder)], env=env, check=True)
            folders[label] = folder
        names = sorted(p.name for p in folders["before"].iterdir())
        differ = []
        for name in names:
            a, b = (np.load(folders[k] / name) for k in ("before", "after"))
            if a.shape != b.shape or not np.array_equal(a, b):
                differ.append(name)
                if args.keep:
                    for k, image in (("before", a), ("after", b)):
                        np.save(Path(args.keep) / f"{k}-{name}", image)
        print(f"{len(names) - len(differ)} of {len(names)} pictures equal")
        for name in differ:
            print("differs:", name)
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
