"""The split solve (``model.search.split_solve``): the frontier merged under the
symmetries, the AND/OR combination, the checkpoint (trusted, foreign, damaged), the solve on
a local Dask cluster of 2 workers against the single search, and a solve killed with
SIGKILL and started again (the command line, as a user runs it)."""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time

import pytest

from pyramid_lab.model.files import read
from pyramid_lab.model.search import cluster, knowledge_for, solve
from pyramid_lab.model.search.split import (
    INF,
    Node,
    combine,
    expand,
    pick_unit,
    settle,
    tree_numbers,
)
from pyramid_lab.model.search.split_checkpoint import FORMAT, HEADER, VERSION, Checkpoint, solve_key
from pyramid_lab.model.search.split_worker import memory_mb, shared_folder, workers_memory_mb
from pyramid_lab.viewer.cli import main
from tests.model.handed import search_key
from tests.patience import WAIT_S

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "partition"


pytestmark = pytest.mark.usefixtures("split_solve_dirs")


def game_of(name: str):
    return read(EXAMPLES / f"{name}.pyr.json").game


def test_the_frontier_is_merged_under_the_symmetries():
    game = game_of("empty-base3-floating")
    one = expand(game, 1, key=search_key)
    # 14 first moves; under the 8 symmetries of the square base: a corner, an edge's middle
    # and the centre of the base, the second layer's 4 points as one, the apex
    assert len(one.root_moves) == 14
    assert len(one.units) == 5
    assert {child.id for _, child in one.root_moves} == {u.id for u in one.units}
    again = expand(game, 2, key=search_key)
    assert again.plies == 2
    assert 5 < len(again.units) < 14 * 13
    assert [u.id for u in again.units] == [
        u.id for u in expand(game.copy(), 2, key=search_key).units
    ]
    auto = expand(game, key=search_key)  # the fewest plies giving 4 units
    assert auto.plies == 1
    assert len(auto.units) == 5
    assert game.move_stack == []  # left unchanged


def _tree(values):
    root = Node("root", 0, game_of("empty-base3-floating"))
    for i, value in enumerate(values):
        child = Node(f"c{i}", 1, root.game, value=value, plies=None if value is None else 4)
        child.parents.append(root)
        root.children.append(child)
    return root


@pytest.mark.parametrize(
    ("children", "value", "plies"),
    [
        (["win", "loss", None], "win", 5),  # one refuted reply decides at once
        (["win", "win"], "loss", 5),
        (["win", "draw"], "draw", None),
        (["win", "unknown"], "unknown", None),
        (["win", None], None, None),  # still open
    ],
)
def test_units_combine_by_and_or(children, value, plies):
    root = _tree(children)
    combine(root)
    assert (root.value, root.plies) == (value, plies)


def test_a_unit_settles_its_ancestors():
    root = _tree([None, None])
    settle(root.children[1], "loss", 2)
    assert (root.value, root.plies) == ("win", 3)


def _checkpoint(tmp_path, game, plies=2):
    return Checkpoint(tmp_path / "ck", solve_key(game, plies, 200, 64, key=search_key))


def test_the_next_unit_is_the_most_proving_one():
    # the empty base-3 floating pyramid one ply deep: red's first moves up to symmetry,
    # each a unit with blue to move; red wins when one of them is a loss for blue
    tree = expand(game_of("empty-base3-floating"), 1, key=search_key)
    ids = [u.id for u in tree.units]
    assert len(ids) >= 4
    # before any slice every unit has its first, in the tree's order
    assert pick_unit(tree, {}, set()) == ids[0]
    assert pick_unit(tree, {}, {ids[0]}) == ids[1]
    # then where a proof stands nearest: the least disproof (blue's loss) first
    known = {uid: (10, 500 + i) for i, uid in enumerate(ids)}
    known[ids[2]] = (900, 40)
    assert pick_unit(tree, known, set()) == ids[2]
    assert pick_unit(tree, known, {ids[2]}) == ids[0]
    numbers = tree_numbers(tree, known)
    assert numbers[tree.root.id] == (40, sum(p for p, _ in known.values()))
    # a settled unit is passed over; once one is a loss for blue, red's root is won
    settle(tree.units[2], "win", 9)
    assert pick_unit(tree, known, set()) == ids[0]
    settle(tree.units[0], "loss", 8)
    assert tree.root.value == "win"
    assert pick_unit(tree, known, set()) is None


def test_a_stopped_slice_says_how_far_its_proof_got():
    # what a worker reads after a unit's slice: the root's numbers as the search left them
    # (the root itself is stored in the table only once answered)
    from pyramid_lab.model.search.stop import SearchStopped
    from tests.model.handed import solver_for

    game = game_of("empty-base4-floating")
    game.push_text("0,0,3")
    solver = solver_for(game, table_mb=16)
    solver.QUICK_DEPTH, solver.tighten = 0, False

    def tick(depth, nodes, seconds, entries):
        if nodes >= 20_000:
            raise SearchStopped("slice")

    solver.progress, solver.progress_every = tick, 0.0
    assert solver.solve().stopped == "slice"
    pn, dn = solver.numbers()
    assert 0 < pn < INF
    assert 0 < dn < INF
    # a proven question: its root's numbers say so
    small = solver_for(game_of("empty-base3-floating"), table_mb=16)
    small.QUICK_DEPTH, small.tighten = 0, False
    assert small.solve().value == "win"
    assert small.numbers() == (0, INF)


def test_the_checkpoint_keeps_settled_units(tmp_path):
    game = game_of("empty-base3-floating")
    store = _checkpoint(tmp_path, game)
    assert store.open() == ({}, "")
    header = json.loads((tmp_path / "ck" / HEADER).read_text())
    assert (header["format"], header["version"]) == (FORMAT, VERSION)
    store.write("d2-abc", "win", 9, 100, 0.5)
    (tmp_path / "ck" / ".tmp-left-by-a-kill").write_text("{")  # never renamed: not read
    assert _checkpoint(tmp_path, game).open() == ({"d2-abc": ("win", 9)}, "")


def test_a_foreign_checkpoint_is_named_and_not_trusted(tmp_path):
    store = _checkpoint(tmp_path, game_of("empty-base3-floating"))
    store.open()
    store.write("d2-abc", "win", 9, 100, 0.5)
    settled, note = _checkpoint(tmp_path, game_of("empty-base3-stacking")).open()
    assert settled == {}
    assert "made for another position or other options" in note
    assert "not trusted" in note
    assert str(tmp_path / "ck") in note
    assert "\n" not in note
    assert (tmp_path / "ck" / "d2-abc.json").exists()  # ignored, not deleted


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ({"format": "something else"}, "not a split solve's"),
        ({"format": FORMAT, "version": 99}, "version 99"),
        ({"format": FORMAT, "version": 1}, "version 1"),  # units without digests
        ("{not json", "checkpoint.json: not valid JSON"),
    ],
)
def test_a_damaged_header_is_named_and_the_folder_not_trusted(tmp_path, damage, said):
    game = game_of("empty-base3-floating")
    store = _checkpoint(tmp_path, game)
    store.open()
    store.write("d2-abc", "win", 9, 100, 0.5)
    text = damage if isinstance(damage, str) else json.dumps(damage)
    (tmp_path / "ck" / HEADER).write_text(text)
    settled, note = _checkpoint(tmp_path, game).open()
    assert settled == {}
    assert said in note
    assert "not trusted" in note


@pytest.mark.parametrize(
    "damage",
    [
        '{"unit": "d2-abc", "value": "maybe", "plies": 1}',
        "{",
        "[" * 100_000,  # nested past any decoder: refused, no traceback
        # the value flipped by hand, the digest kept: it no longer matches
        "FLIP",
        # a unit of another solve (another key) copied in under this name
        "OTHER",
    ],
)
def test_a_damaged_or_changed_unit_is_not_trusted_and_the_others_are(tmp_path, damage):
    game = game_of("empty-base3-floating")
    store = _checkpoint(tmp_path, game)
    store.open()
    store.write("d2-abc", "win", 9, 100, 0.5)
    store.write("d2-def", "loss", 4, 100, 0.5)
    unit = tmp_path / "ck" / "d2-abc.json"
    if damage == "FLIP":
        raw = json.loads(unit.read_text())
        raw["value"] = "loss"
        unit.write_text(json.dumps(raw))
    elif damage == "OTHER":
        other = Checkpoint(tmp_path / "other", solve_key(game, 3, 200, 64, key=search_key))
        other.open()
        other.write("d2-abc", "win", 9, 100, 0.5)
        unit.write_text((tmp_path / "other" / "d2-abc.json").read_text())
    else:
        unit.write_text(damage)
    again = _checkpoint(tmp_path, game)
    settled, note = again.open()
    assert (settled, note) == ({"d2-def": ("loss", 4)}, "")
    assert again.rejected == ["d2-abc.json"]
    said = again.rejected_note()
    assert said.endswith(
        "1 unit file damaged or changed (d2-abc.json); not trusted, proven again where needed"
    )
    assert "\n" not in said


def test_a_folder_of_other_files_is_not_taken_for_a_checkpoint(tmp_path):
    (tmp_path / "ck").mkdir()
    (tmp_path / "ck" / "notes.txt").write_text("mine")
    game = game_of("empty-base3-floating")
    assert "not a checkpoint" in _checkpoint(tmp_path, game).open()[1]
    assert sorted(p.name for p in (tmp_path / "ck").iterdir()) == ["notes.txt"]


def _semaphores() -> set[str]:
    """Python's named semaphores in /dev/shm (multiprocessing's, as the cluster makes)."""
    return {p.name for p in pathlib.Path("/dev/shm").glob("sem.mp-*")}


def _shared_files() -> set[pathlib.Path]:
    return set(shared_folder().glob("pyramid-lab-split-*"))


def test_the_split_solve_on_2_workers_agrees_with_the_single_search(tmp_path):
    game = game_of("empty-base3-stacking")
    single = solve(game, book=False, table_mb=64, knowledge=knowledge_for(game))
    files = _shared_files()
    split = cluster.split_solve(
        game,
        workers=2,
        book=False,
        table_mb=64,
        checkpoint=tmp_path / "ck",
        max_seconds=240,
        knowledge_of=knowledge_for,
    )
    assert split.result.path == "split"
    # the two workers searched one table, whose file went as soon as both had it
    assert split.shared_table
    assert split.to_json()["shared_table"] is True
    assert _shared_files() <= files
    assert (split.result.value, single.value) == ("loss", "loss")  # blue wins
    assert split.workers == 2
    units = split.units
    assert units.total >= 4
    assert units.from_checkpoint == 0
    assert 0 < units.proven <= units.total
    assert len(list((tmp_path / "ck").glob("d*.json"))) == units.proven
    assert split.to_json()["units"] == {
        "total": units.total,
        "from_checkpoint": 0,
        "proven": units.proven,
        "trusted": 0,
        "rejected": 0,
        "reproved": 0,
    }
    # every first move of the loser is refuted, as the single search says
    assert {m[1] for m in split.result.first_moves} == {"loss"}
    # started again: everything from the checkpoint, no cluster, the same answer
    again = cluster.split_solve(
        game,
        workers=2,
        book=False,
        table_mb=64,
        checkpoint=tmp_path / "ck",
        knowledge_of=knowledge_for,
    )
    assert again.result.value == "loss"
    assert (again.units.from_checkpoint, again.units.proven, again.workers) == (
        units.proven,
        0,
        0,
    )


def test_a_stopped_split_solve_counts_the_positions_its_stopped_units_searched(
    tmp_path, thread_scheduler
):
    # a solve stopped by its time limit said 753,576,411 positions in its JSON after its
    # last progress line had said 758,574,975: the running units' work was dropped
    # Stopped once a progress line has counted the running units' positions (after a time
    # instead, at load 10 the cluster's two worker processes took 6 s to start, and a run
    # said 0 positions): the time limit is only a backstop, so that a stop not heeded fails.
    said: list[int] = []
    stop = threading.Event()

    def progress(status) -> None:
        said.append(status.positions)
        if status.positions > 0:
            stop.set()

    split = cluster.split_solve(
        game_of("empty-base4-stacking"),
        scheduler=thread_scheduler,
        book=False,
        table_mb=64,
        checkpoint=False,
        max_seconds=WAIT_S,
        progress=progress,
        stop=stop,
        knowledge_of=knowledge_for,
    )
    assert split.result.value == "unknown"
    assert split.result.stopped == "interrupted"  # by the stop, not the backstop
    assert max(said) > 0
    assert split.result.nodes >= max(said)


def test_the_workers_shared_table_is_counted_once_in_their_memory(tmp_path):
    from pyramid_lab.model.search.compiled.memory import shared_array

    own, shared = memory_mb()
    table = shared_array(shared_folder() / f"pyramid-lab-test-{os.getpid()}", 2**20, 8)
    try:
        table[:] = 1  # 64 MiB touched, as a worker's searches touch the shared table
        own_after, shared_after = memory_mb()
    finally:
        os.unlink(shared_folder() / f"pyramid-lab-test-{os.getpid()}")
    assert shared_after - shared >= 60
    assert own_after - own < 16
    # two workers that touched the same 64 MiB and have 100 and 120 MiB of their own: the
    # table once, not twice (the progress line said 16,864 MB for 2 workers of a table
    # of 8 GiB, on a machine that had 8.8 GB in use)
    assert workers_memory_mb({1: (100.0, 64.0), 2: (120.0, 64.0)}) == 284.0
    assert workers_memory_mb({}) == 0.0


def test_a_scheduler_that_cannot_be_reached_is_one_line(capsys):
    path = EXAMPLES / "empty-base3-stacking.pyr.json"
    with pytest.raises(cluster.SchedulerError, match="cannot reach the Dask scheduler"):
        cluster.split_solve(
            game_of("empty-base3-stacking"),
            scheduler="nowhere://here",
            book=False,
            knowledge_of=knowledge_for,
        )
    argv = ["solve", str(path), "--scheduler", "nowhere://here", "--no-book"]
    code = main([*argv, "--insecure-scheduler"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 2  # the warning that it is plain, then why it failed
    assert "cannot reach the Dask scheduler" in err.splitlines()[-1]
    assert "Traceback" not in err


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_a_split_solve_killed_and_started_again_gives_the_same_answer(
    tmp_path, capsys, thread_scheduler
):
    folder = tmp_path / "ck"
    command = [
        sys.executable,
        "-m",
        "pyramid_lab.viewer.cli",
        "solve",
        str(EXAMPLES / "empty-base3-floating.pyr.json"),
        "--workers",
        "2",
        "--table-mb",
        "64",
        "--checkpoint",
        str(folder),
        "--split-plies",
        "2",  # many small units: the kill comes while most are open
        "--no-book",  # the book has the empty base-3 pyramids (issue 58)
        "--quiet",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.time()
    semaphores = _semaphores()
    first = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,  # its group: whatever it leaves is ended below
    )
    try:
        deadline = time.monotonic() + WAIT_S
        while not list(folder.glob("d*.json")) and time.monotonic() < deadline:
            assert first.poll() is None, "the first solve ended before any unit"
            time.sleep(0.02)
        assert list(folder.glob("d*.json")), "no unit settled in time"
        os.kill(first.pid, signal.SIGKILL)  # at once: no clean-up runs in it
        first.wait(timeout=30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(first.pid, signal.SIGKILL)
    # the workers' shared table leaves nothing behind a kill: its file went at the start
    assert not [p for p in _shared_files() if p.stat().st_mtime >= started]
    # nor do the cluster's semaphores: the resource tracker, in a session of its own, was
    # spared by the group's kill and removed them (it had left 12 in /dev/shm)
    deadline = time.monotonic() + WAIT_S
    while _semaphores() - semaphores and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _semaphores() - semaphores
    kept = len(list(folder.glob("d*.json")))
    # started again as the same command, in this process and on a cluster already up (the
    # start of a local one is checked above and by the other tests)
    capsys.readouterr()
    again = [*command[3:], "--scheduler", thread_scheduler, "--insecure-scheduler"]
    code = main(again)
    out, err = capsys.readouterr()
    assert code == 0, err
    report = json.loads(out)
    assert (report["value"], report["complete"]) == ("win", True)  # as the single search
    units = report["units"]
    assert units["from_checkpoint"] == kept > 0
    assert units["proven"] < units["total"]
    assert report["checkpoint"] == str(folder)


def test_bad_split_arguments_and_an_unusable_checkpoint_are_one_line(capsys, tmp_path):
    finished = EXAMPLES / "t6-full-red-wins.pyr.json"  # settled by the rules: no cluster
    for argv in (
        ["--workers", "0"],
        ["--split-plies", "0"],
        ["--workers", "many"],
        ["--own-tables", "yes"],
    ):
        with pytest.raises(SystemExit) as exited:
            main(["solve", str(finished), *argv])
        assert exited.value.code == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err.splitlines()[-1].startswith("pyramid-lab: error: ")
    blocker = tmp_path / "a-file"
    blocker.write_text("mine")
    argv = ["solve", str(finished), "--workers", "2", "--checkpoint", str(blocker / "ck")]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1
    assert err.startswith(f"pyramid-lab: warning: checkpoint {blocker / 'ck'}: ")
    assert "not trusted" in err
    report = json.loads(out)
    assert (report["value"], report["units"]["total"], report["checkpoint"]) == ("win", 0, None)
    assert blocker.read_text() == "mine"


@pytest.mark.usefixtures("whole_kernels")  # (its workers load them: tests/whole_kernels.py)
def test_pyraos_whole_game_split_over_a_dask_cluster_gives_the_same_table(tmp_path, dask_scheduler):
    # The whole-game retrograde analysis (model/search/games/pyraos/builder/) with its
    # layers' position ranges as units on 2 workers, by rounds: the same bytes as push
    # retrograde in this process.
    import numpy as np

    from pyramid_lab.model.search.games.pyraos import builder
    from pyramid_lab.model.search.split_cluster import dask_client

    alone = builder.build(builder.create(tmp_path / "alone", 3, "children", "0-2"))
    table = builder.create(tmp_path / "dask", 3, "children", "0-2")
    with dask_client(2, dask_scheduler) as client:
        builder.build(table, client=client)
    assert all(np.array_equal(a, b) for a, b in zip(table.values, alone.values, strict=True))
    assert builder.describe(table.probe(0, 0)) == "a loss in 16 plies"


# Dask's close at the exit: the solve's own cluster left to end with the process (a Quit
# that cut its solve short would wait up to 10 s more for it), a script's own closed by it.
# The solve's cluster has no worker here: which cluster Dask's close skips is the cluster's
# class's (its shutdown_on_close), and a worker spawned was a process more to start (1 s of
# processor time of the script's 2)
EXIT_CLOSE = """
from distributed import LocalCluster, Security
from distributed.deploy.spec import close_clusters
from pyramid_lab.model.search import split_cluster

if __name__ == "__main__":
    ours = split_cluster._local_cluster(0, Security.temporary())
    theirs = LocalCluster(n_workers=0, processes=False, dashboard_address="127.0.0.1:0")
    close_clusters()  # what Dask runs at the exit
    print(ours.status.name, theirs.status.name)
    ours.close()
"""


def test_dasks_close_at_the_exit_leaves_the_solves_cluster_alone_and_no_other(tmp_path):
    script = tmp_path / "exit_close.py"  # (a file: the workers are spawned from it)
    script.write_text(EXIT_CLOSE)
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["running", "closed"], done.stderr[-3000:]
