"""Benchmark: a click on the board to the redraw it causes, in the main window.

Run by hand under a display (Xvfb), e.g.:
    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python tests/bench/click.py [-n 40]

A window on a Pyramid Partition of base 5 (``--size``); each round clicks a legal site
through the path a mouse click takes from the board's pick on (the scene's ``_on_click``
at the display pixel where the board draws the site: pick, the window's routing, the game
UI's click, the move played, the session's change followed, the redraw and its render),
timed until that call returns (the render is synchronous); then Undo, untimed. A second
figure times a click in set-up mode (paint a site, redraw). Prints mean and median in ms,
and the files of the model and the viewer whose code one move-playing click runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=40, help="clicks timed (default 40)")
    parser.add_argument("--size", type=int, default=5, help="the pyramid's base (default 5)")
    args = parser.parse_args(argv)
    if args.n < 1 or args.size < 2:
        parser.error("-n must be at least 1 and --size at least 2")
    if not os.environ.get("DISPLAY"):
        parser.error("no X display: run under Xvfb (xvfb-run -a ...)")
    from bench_window import bench_window

    from pyramid_lab.model.partition import Partition, PartitionOptions

    app, window = bench_window(Partition(PartitionOptions(args.size)), (900, 700), "click-bench-")
    # the board on show: the window's stage (before it, the window itself), so that two
    # trees compare side by side
    stage = getattr(window, "stage", window)
    board = getattr(window, "board", stage)  # the lab's board on show (before it, the stage)

    def at(site: int) -> tuple[float, float]:
        return stage.board.display_position(site)

    def timed_click(site: int) -> float:
        x, y = at(site)
        assert stage.board.pick(x, y) == site, f"site {site} is not under its own pixel"
        start = time.perf_counter()
        window.scene._on_click(x, y)  # what the mouse filter calls on a left click
        return time.perf_counter() - start

    def settle() -> None:
        window.scene.stop_effect()
        app.processEvents()

    plays: list[float] = []
    for _ in range(args.n):
        game = window.session.game
        move = game.legal_moves()[len(plays) % 7]
        site = board.ui.move_sites(game, move)[0]
        ply = window.session.ply
        plays.append(timed_click(site))
        assert window.session.ply == ply + 1, "the click played no move"
        settle()
        window.board.undo()
        settle()

    def files_crossed(site: int) -> list[str]:
        """The files of the model and the viewer whose code runs for one click on
        ``site`` (Python calls seen by a profile hook), in the order first entered."""
        root = os.path.dirname(
            os.path.dirname(os.path.abspath(sys.modules["pyramid_lab.viewer"].__file__))
        )
        seen: dict[str, None] = {}

        def hook(frame, event, _arg):
            if event == "call":
                name = frame.f_code.co_filename
                if name.startswith(root) and ("/viewer/" in name or "/model/" in name):
                    seen.setdefault(os.path.relpath(name, root), None)

        x, y = at(site)
        sys.setprofile(hook)
        try:
            window.scene._on_click(x, y)
        finally:
            sys.setprofile(None)
        return list(seen)

    game = window.session.game
    crossed = files_crossed(board.ui.move_sites(game, game.legal_moves()[0])[0])
    settle()
    window.board.undo()
    settle()

    window.parts.setup_mode.enter()
    paints: list[float] = []
    for index in range(args.n):
        paints.append(timed_click(index % 4))
        settle()
    window.parts.setup_mode.leave()

    def row(name: str, times: list[float]) -> str:
        ms = [t * 1000 for t in times]
        return (
            f"{name:<22} n={len(ms):<4} mean {statistics.mean(ms):7.2f} ms   "
            f"median {statistics.median(ms):7.2f} ms   min {min(ms):7.2f} ms"
        )

    print(f"Partition base {args.size}, window 900x700")
    print(row("click: move played", plays))
    print(row("click: set-up paint", paints))
    print(f"files a click that plays a move crosses (model and viewer): {len(crossed)}")
    for name in crossed:
        print(f"  {name}")
    window.shutdown()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
