"""Benchmark of a wave (issue 110 item 6: "nothing a user sees changes but speed"): the
users' paths timed on two checkouts in one sitting, alternated, before against after.

Run by hand (one command; with the defaults 4.5 minutes at load 5 on 2 cores, 10 at load
9, the first warm-up's compiles included; 4 rounds: 8 runs a figure, each bench's own
sizes cut so that a round of all of them takes about a minute on both trees):
    git worktree add --detach /tmp/wave-before 5defc3e4
    nice -n 10 .venv/bin/python tests/bench/wave_compare.py /tmp/wave-before [AFTER]
        [--rounds 4] [--only NAME ...] [--numba-cache DIR]
    git worktree remove /tmp/wave-before

AFTER defaults to this checkout. Every figure comes from a process of its own on one tree
(its folder the working directory and first on PYTHONPATH; a child checks where it
imported pyramid_lab from), the benches' code this checkout's (tests/bench/), under one
Xvfb this script starts. Each tree has a numba cache of its own (``--numba-cache``: a
folder per tree under it, kept between runs) and its own user's cache, config and
autosave (scratch folders); one untimed run of every bench on each tree first compiles
or loads its searches and writes its bytecode. Then ``--rounds`` rounds (default 4): each
runs every bench on both trees, the order swapped each round (before then after, after
then before, ...), so that a machine busy with other work stretches both alike. The
figures, processor time where the bench gives it (steadier than wall time on a shared
machine):

- frame: render.py's scene (the window's ball pyramid view, offscreen, no MSAA) on a
  full random pyramid of base 20, median processor ms of a frame over 15 (camera turning);
- window frame: bench_window.py's window (Partition base 5 at 900x700, on Xvfb), median
  processor ms of 20 renders of its board;
- window click: click.py's click (the scene's ``_on_click`` at a legal site's pixel: the
  pick, the window's routing, the move played, the redraw), median processor ms of 30,
  each undone untimed;
- first frame: first_frame.py's fresh ``open`` of a Pyraos example, processor s to the 3D
  scene's first paint (its wall time too);
- classroom click: ``pyramid-lab classroom`` on the tree with Partition's first lesson and
  one scripted page (classroom.py's): 20 times a point clicked, Check and Retry (each
  click 0.2 s after the last Retry: a page's budget is 15 messages a second); the server's
  processor ms a click (its threads' run time read from /proc around each click, the
  median) and the median click to its answer (wall, ms);
- playouts GAME: engines.py part 1, MCTS (UCT + RAVE, random playouts, seeded) from each
  game's start, a fixed count of playouts (:data:`PLAYOUTS`, about 0.7 s each: the same
  tree on both trees where the rules agree, where a count in a fixed time grows another
  tree each run): processor µs a playout;
- book answer: book_answer.py's ``solve`` of the empty Pyraos pyramid (the shipped book's
  answer: the user's cache holds no table), a fresh process's processor s;
- table probe: ``endgame probe --whole`` of top-in-one on a finished base-4 table of
  sparse zero layers (test_pyraos_prober.py's, one folder per tree, outside the user's
  cache), a fresh process's processor s.

Prints each run as it comes, then a line a figure: the median before and after with their
spread (half the runs' range, in per cent of the median), the ratio of the medians (after
over before: above 1 is slower), the range of the rounds' own ratios (each round's after
over its before) and the ratio of the best runs (a busy machine only adds time: the least
each tree took is what it stretched least); '!' marks a ratio whose range stays above 1
(slower in every round), '?' one that is off 1 by more than the two spreads (rerun it:
``--only NAME``). The load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

#: The benches: the processes each round runs on a tree, and the figures each gives.
BENCHES = {
    "frame": ("frame",),
    "window": ("window frame", "window click"),
    "first frame": ("first frame",),
    "classroom": ("classroom click",),
    "playouts": ("playouts",),  # one figure a game: "playouts GAME"
    "book answer": ("book answer",),
    "table probe": ("table probe",),
}
EMPTY = "examples/pyraos/empty.pyr.json"
TOP_IN_ONE = "examples/pyraos/top-in-one.pyr.json"
OPENED = "examples/pyraos/square-removals.pyr.json"
#: Playouts a game's search runs (about 0.7 s of processor time each on this machine).
PLAYOUTS = {"ball": 80, "partition": 500, "pyraos": 600, "rolling": 40, "terrace": 500}
LESSON = "model/data/lessons/partition/01-corners-and-walls.lesson.json"


# --- the children: each runs on one tree and answers in JSON (its last line) ---


def _code() -> str:
    import pyramid_lab

    return str(Path(pyramid_lab.__file__).resolve().parent)


def child_frame() -> dict[str, Any]:
    import render

    game, hole = render.full_game(20, random.Random(3))
    render.scene_run(game, hole, 15)
    return {"frame": render.CPU[-1] * 1e3}


def child_window() -> dict[str, Any]:
    from bench_window import bench_window

    from pyramid_lab.model.partition import Partition, PartitionOptions

    app, window = bench_window(Partition(PartitionOptions(5)), (900, 700), "wave-bench-")
    stage = getattr(window, "stage", None)  # (before the lab, the window itself drew)
    draw = stage.render_now if stage is not None else window.render_scene
    frames = []
    for _ in range(20):
        used = time.process_time()
        draw()
        frames.append(time.process_time() - used)
    stage = stage or window
    board = getattr(window, "board", stage)
    clicks = []
    walls = []
    for n in range(30):
        game = window.session.game
        site = board.ui.move_sites(game, game.legal_moves()[n % 7])[0]
        x, y = stage.board.display_position(site)
        ply = window.session.ply
        began, used = time.perf_counter(), time.process_time()
        window.scene._on_click(x, y)  # what the mouse filter calls on a left click
        clicks.append(time.process_time() - used)
        walls.append(time.perf_counter() - began)
        if window.session.ply != ply + 1:
            raise SystemExit("the click played no move")
        window.scene.stop_effect()
        app.processEvents()
        window.board.undo()
        app.processEvents()
    window.shutdown()
    window.close()
    return {
        "window frame": statistics.median(frames) * 1e3,
        "window click": statistics.median(clicks) * 1e3,
        "window click wall": statistics.median(walls) * 1e3,
    }


def _cpu_ms(pid: int) -> float:
    """The process's processor time so far, in ms: its threads' run time (schedstat, ns)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):  # (a thread gone meanwhile)
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e6


def child_classroom(clicks: int = 20) -> dict[str, Any]:
    import aiohttp
    import numpy as np

    from pyramid_lab.model import lesson as lessons

    # (after this tree's pyramid_lab: classroom.py puts this checkout first on the path)
    classroom = importlib.import_module("classroom")
    BENCH_CODE, POINTS, Page, ray_to = (
        classroom.BENCH_CODE,
        classroom.POINTS,
        classroom.Page,
        classroom.ray_to,
    )

    lattice = lessons.read(Path(LESSON)).steps[1].game.lattice
    centres = {p: lattice.centres[lattice.id_of(*p)] for p in POINTS}
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "pyramid_lab.viewer.cli", "classroom", LESSON]
        command += ["--port", "0", "--host", "127.0.0.1", "--code", BENCH_CODE]
        command += ["--results", os.path.join(folder, "results.json")]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        server = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            port = line.split("http://127.0.0.1:")[1].split("/")[0] if "http://" in line else ""
            if not port:
                raise SystemExit(f"the server did not start: {line}{server.stdout.read()}")
            server.stdout.readline()
            url = f"ws://127.0.0.1:{port}/ws"
            used: list[float] = []
            walls: list[float] = []

            async def run() -> None:
                async with aiohttp.ClientSession() as session:
                    page = Page(session, url)
                    await page.open()
                    answer = await page.ask("join", name="Student 01")
                    camera = answer["board"]["camera"]
                    keys = answer["board"]["keys"]

                    async def act(action: str, *args: Any) -> dict[str, Any]:
                        nonlocal keys
                        reply: dict[str, Any] = await page.ask(
                            "act", action=action, args=list(args), known=keys
                        )
                        if reply.get("error"):
                            raise SystemExit(f"{action}: {reply['error']}")
                        if "page" in reply:
                            keys = reply["board"]["keys"]
                        return reply

                    await act("next")
                    for n in range(clicks):
                        point = np.asarray(centres[POINTS[n % len(POINTS)]])
                        await asyncio.sleep(0.2)  # within a page's budget (15 a second)
                        cpu, began = _cpu_ms(server.pid), time.perf_counter()
                        await act("click", *ray_to(camera, point))
                        walls.append(time.perf_counter() - began)
                        used.append(_cpu_ms(server.pid) - cpu)
                        await act("check")
                        await act("retry")
                    await page.close()

            asyncio.run(run())
        finally:
            server.terminate()
            server.wait(30)
    return {
        "classroom click": statistics.median(used),
        "classroom click wall": statistics.median(walls) * 1e3,
    }


def child_playouts() -> dict[str, Any]:
    from pyramid_lab.model.game import game_class, game_names
    from pyramid_lab.model.search import Limits
    from pyramid_lab.model.search.mcts_agent import MCTSAgent
    from pyramid_lab.model.search.registry import plugin_for

    found = {}
    for name in game_names():
        game = game_class(name).new()
        cap = 24 if name == "terrace" else 200  # as engines.py
        evaluation = plugin_for(game).evaluation
        agent = MCTSAgent(seed=1, rave=True, max_playout=cap, evaluation=evaluation)
        used = time.process_time()
        choice = agent.choose(game, Limits(playouts=PLAYOUTS.get(name, 300)))
        found[f"playouts {name}"] = (time.process_time() - used) / choice.visits * 1e6
    return found


def child_table(folder: str) -> dict[str, Any]:
    """A finished base-4 table of zeros (tests/zero_table.py, as the prober's test has
    it), the checksums of the two layers a probe of top-in-one reads."""
    from pyramid_lab.model.files import read

    sys.path.insert(0, str(HERE.parent))  # (this checkout's tests/, the prober the tree's)
    from zero_table import write_zero_table

    write_zero_table(Path(folder), {0, len(read(ROOT / TOP_IN_ONE).game.pieces())})
    return {}


CHILDREN = {
    "frame": child_frame,
    "window": child_window,
    "classroom": child_classroom,
    "playouts": child_playouts,
    "table": child_table,
}


# --- the parent: both trees, alternated ---


class Tree:
    """A checkout measured: its folder, label and environment (its numba cache, its user's
    cache, config and autosave)."""

    def __init__(self, label: str, folder: Path, numba: Path, scratch: Path) -> None:
        self.label, self.folder = label, folder
        mine = scratch / label
        mine.mkdir()
        numba.mkdir(parents=True, exist_ok=True)
        # (not in the user's cache: there the book's answer would be looked up in it)
        self.table = mine / "tables" / "pyraos-standard-0-2-whole"
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env |= {"PYTHONPATH": str(folder), "NUMBA_CACHE_DIR": str(numba), "QT_API": "pyside6"}
        env |= {"NUMBA_NUM_THREADS": "1", "XDG_CACHE_HOME": str(mine / "cache")}
        env |= {"XDG_CONFIG_HOME": str(mine / "config")}
        env |= {"PYRAMID_LAB_CONFIG": str(mine / "config" / "pyramid-lab")}
        env |= {"PYRAMID_LAB_AUTOSAVE": str(mine / "autosave")}
        self.env = env

    def child(self, kind: str, *arguments: str) -> dict[str, Any]:
        """``--child KIND`` on this tree: its JSON (the tree's own code checked)."""
        command = [sys.executable, str(Path(__file__).resolve()), "--child", kind, *arguments]
        done = subprocess.run(
            command, env=self.env, cwd=self.folder, capture_output=True, text=True, timeout=300
        )
        if done.returncode:
            raise SystemExit(f"{kind} on {self.folder} failed:\n{done.stderr[-3000:]}")
        found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        if not Path(found.pop("code")).is_relative_to(self.folder.resolve()):
            raise SystemExit(f"{kind} on {self.folder} imported another tree's code")
        return found

    def fresh(self, arguments: list[str]) -> float:
        """A fresh ``python -m pyramid_lab ARGUMENTS`` on this tree: its processor seconds."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [sys.executable, "-m", "pyramid_lab", *arguments],
            env=self.env,
            cwd=self.folder,
            capture_output=True,
            check=True,
            timeout=300,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime

    def bench(self, name: str) -> dict[str, Any]:
        """One run of bench ``name`` on this tree: its figures."""
        if name == "first frame":
            from first_frame import run_once

            frames = run_once(str(self.folder.resolve()), OPENED, self.env)
            if not frames:
                raise SystemExit(f"first frame on {self.folder} failed")
            return {"first frame": frames["scene"][1], "first frame wall": frames["scene"][0]}
        if name == "book answer":
            return {"book answer": self.fresh(["solve", EMPTY])}
        if name == "table probe":
            probe = ["endgame", "probe", "--whole", "--table", str(self.table), TOP_IN_ONE]
            return {"table probe": self.fresh(probe)}
        return self.child(name)


def xvfb() -> subprocess.Popen[bytes]:
    """An Xvfb of its own (DISPLAY set to it for every child)."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as said:
        number = said.readline().strip()
    if not number:
        raise SystemExit("Xvfb did not start")
    os.environ["DISPLAY"] = f":{number}"
    return server


UNITS = {"frame": "ms", "window": "ms", "classroom": "ms", "playouts": "µs"}


def unit(figure: str) -> str:
    return "s" if figure.startswith(("first", "book", "table")) else UNITS[figure.split()[0]]


def spread(values: list[float]) -> float:
    """The runs' range around their median, in per cent of it (half the range)."""
    return 50 * (max(values) - min(values)) / statistics.median(values)


def report(seen: dict[str, dict[str, list[float]]]) -> None:
    width = max(map(len, seen["before"]))
    head = f"{'before':>17}  {'after':>17}  ratio  (rounds' ratios)  best's"
    print(f"\n{'':{width}}  {head}")
    for figure, before in seen["before"].items():
        after = seen["after"][figure]
        b, a = statistics.median(before), statistics.median(after)
        rounds = [y / x for x, y in zip(before, after, strict=True)]
        ratio = a / b
        mark = ""
        if min(rounds) > 1:
            mark = "!"
        elif abs(ratio - 1) * 100 > spread(before) + spread(after):
            mark = "?"
        u = unit(figure)
        print(
            f"{figure:{width}}  {b:8.3f} {u:2} ±{spread(before):3.0f}%  {a:8.3f} {u:2} "
            f"±{spread(after):3.0f}%  {ratio:5.2f}  ({min(rounds):.2f}-{max(rounds):.2f})"
            f"{min(after) / min(before):12.2f} {mark}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the checkout before (e.g. /tmp/wave-before)")
    parser.add_argument("after", type=Path, nargs="?", default=ROOT, help="default: this one")
    parser.add_argument("--rounds", type=int, default=4, help="rounds timed (default 4)")
    parser.add_argument("--only", nargs="+", choices=list(BENCHES), help="these benches only")
    parser.add_argument(
        "--numba-cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "wave-compare-numba",
        help="a folder for the trees' numba caches, one under it per tree (kept)",
    )
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:  # one bench on this tree (Tree.child)
        found = CHILDREN[argv[1]](*argv[2:])
        print(json.dumps({"code": _code(), **found}))
        return 0
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds: at least 1")
    for folder in (args.before, args.after):
        if not (folder / "pyramid_lab" / "__init__.py").is_file():
            parser.error(f"{folder}: not a checkout of pyramid-lab")
    names = args.only or list(BENCHES)
    began = time.perf_counter()
    print(f"load {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores; benches: {', '.join(names)}")
    display = xvfb()
    try:
        with tempfile.TemporaryDirectory(prefix="wave-compare-") as scratch:
            trees = []
            for label, folder in (("before", args.before), ("after", args.after)):
                folder = folder.resolve()
                numba = args.numba_cache / str(folder).strip("/").replace("/", "+")
                trees.append(Tree(label, folder, numba, Path(scratch)))
                head = subprocess.run(
                    ["git", "-C", str(folder), "log", "--oneline", "-1"],
                    capture_output=True,
                    text=True,
                ).stdout.strip()
                print(f"{label}: {folder} at {head[:70]}")
            for tree in trees:  # the table a probe reads, made by the after tree's code
                if "table probe" in names:
                    trees[1].child("table", str(tree.table))
            for tree in trees:  # untimed: searches compiled or loaded, bytecode written
                for name in names:
                    tree.bench(name)
            print(f"warmed in {time.perf_counter() - began:.0f} s")
            seen: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
            for n in range(args.rounds):
                for name in names:
                    for tree in trees if n % 2 == 0 else trees[::-1]:
                        found = tree.bench(name)
                        for figure, value in found.items():
                            seen[tree.label].setdefault(figure, []).append(value)
                        said = ", ".join(f"{k} {v:.3f}" for k, v in found.items())
                        print(f"round {n + 1} {tree.label:6} {said}", flush=True)
    finally:
        display.terminate()
        display.wait(10)
    report(seen)
    took = time.perf_counter() - began
    print(f"load {os.getloadavg()[0]:.1f} at the end; {took:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
