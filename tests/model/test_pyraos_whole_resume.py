"""A stopped whole-game build resumes where it stopped (issue 76 item 3): the counting pass
keeps each layer it counted, a push step keeps its counters and the layers (and part of a
layer) it pushed, so that nothing but the layer under way is done again; each resumed
build says "resuming" and what is kept, and the bytes are the uninterrupted build's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pyramid_lab import i18n
from pyramid_lab.model.search.games.pyraos import builder
from pyramid_lab.model.search.games.pyraos.builder import (
    pushing,
)
from pyramid_lab.model.search.games.pyraos.builder import (
    steps as whole_steps,
)

ROOT = Path(__file__).resolve().parents[2]
LAYERS = 14  # the base-3 pyramid's: 0 to 13 spheres
# the build's kernels compiled once for the suite (tests/whole_kernels.py)
pytestmark = pytest.mark.usefixtures("whole_kernels")


@pytest.fixture(scope="module")
def done(tmp_path_factory: pytest.TempPathFactory) -> builder.WholeTable:
    folder = tmp_path_factory.mktemp("whole") / "t"
    return builder.build(builder.create(folder, 3, "standard", "0-2"))


def same(table: builder.WholeTable, done: builder.WholeTable) -> bool:
    return all(np.array_equal(a, b) for a, b in zip(table.values, done.values, strict=True))


def resume(folder: Path) -> tuple[builder.WholeTable, list[dict[str, Any]], list[str]]:
    seen: list[dict[str, Any]] = []
    said: list[str] = []
    table = builder.build_folder(
        folder, 3, "standard", "0-2", progress=seen.append, say=said.append
    )
    return table, seen, said


def test_the_counting_pass_stopped_resumes_at_the_layer_it_was_in(done, tmp_path):
    folder = tmp_path / "t"
    seen: list[dict[str, Any]] = []

    def progress(entry: dict[str, Any]) -> None:
        seen.append(entry)
        if len(seen) == 5:
            raise KeyboardInterrupt  # Ctrl+C after the fifth layer counted

    with pytest.raises(KeyboardInterrupt):
        builder.build(builder.create(folder, 3, "standard", "0-2"), progress=progress)
    assert [e["step"] for e in seen] == ["count"] * 5
    table, again, said = resume(folder)
    counted = [e["layer"] for e in again if e["step"] == "count"]
    assert counted == list(range(LAYERS - 6, -1, -1))  # the layers left, none again
    assert said[0].startswith("resuming the counting pass: 5 of 14 layers counted, kept (")
    assert same(table, done)
    assert table.finished
    assert not list(folder.glob("count*-*"))  # a finished table keeps no counters
    assert "counters" not in builder.WholeTable.open(folder).head


def test_a_push_step_stopped_resumes_without_a_counting_pass(done, tmp_path):
    folder = tmp_path / "t"
    pushed_before: list[int] = []

    def progress(entry: dict[str, Any]) -> None:
        if entry["step"] == "push" and entry["round"] == 5:
            pushed_before.append(entry["layer"])
            if len(pushed_before) == 2:
                raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        builder.build(builder.create(folder, 3, "standard", "0-2"), progress=progress)
    table, again, said = resume(folder)
    assert not [e for e in again if e["step"] == "count"]
    step5 = [e["layer"] for e in again if e["step"] == "push" and e["round"] == 5]
    assert not set(step5) & set(pushed_before)
    assert said[0].startswith("resuming at step 5, 2 of its layers pushed: every position")
    assert said[0].endswith("the counters kept: no counting pass")
    assert same(table, done)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_inside_a_layer_keeps_its_units_pushed(done, tmp_path, monkeypatch, signum):
    # Ctrl+C (a real SIGINT), or SIGTERM (the command line's Ctrl+C), while a layer is
    # pushed: held until its unit ends, then the units pushed are kept with the counters;
    # the resumed step pushes the rest of the layer once (a unit pushed twice would take
    # its wins from the counters twice).
    def as_ctrl_c(*args: Any) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, as_ctrl_c)  # as the command line has it
    try:
        _interrupted_inside_a_layer(done, tmp_path, monkeypatch, signum)
    finally:
        signal.signal(signal.SIGTERM, before)


def _interrupted_inside_a_layer(done, tmp_path, monkeypatch, signum):
    monkeypatch.setattr(whole_steps, "UNIT_POSITIONS", 64)
    folder = tmp_path / "t"
    real = pushing.push_range
    calls = [0]

    def push_then_interrupt(*args: Any) -> None:
        real(*args)
        if args[3] == 5:  # step 5's units
            calls[0] += 1
            if calls[0] == 3:
                os.kill(os.getpid(), signum)

    monkeypatch.setattr(pushing, "push_range", push_then_interrupt)
    with pytest.raises(builder.Interrupted) as caught:
        builder.build(builder.create(folder, 3, "standard", "0-2"))
    assert caught.value.at > 0
    record = builder.WholeTable.open(folder).head["counters"]
    assert record["round"] == 5
    assert record["partial"] == [caught.value.n, caught.value.at]
    monkeypatch.setattr(pushing, "push_range", real)
    table, again, said = resume(folder)
    assert not [e for e in again if e["step"] == "count"]
    assert f"({caught.value.n} spheres' in part)" in said[0]
    assert same(table, done)


@pytest.mark.parametrize("where", ["count", "push"])
def test_stop_inside_a_layer_ends_the_build_within_a_unit(done, tmp_path, monkeypatch, where):
    # Stop (the window's) is asked between two units of a layer, not only between layers:
    # a push step keeps the units it pushed (the resumed step pushes the rest once), the
    # counting pass counts the layer under way again; either way the bytes are the same
    monkeypatch.setattr(whole_steps, "UNIT_POSITIONS", 64)
    folder = tmp_path / "t"
    kernel = "seed_range" if where == "count" else "push_range"
    real = pushing.seed_range if where == "count" else pushing.push_range
    units: list[tuple[int, int]] = []

    def counted(*args: Any) -> None:
        real(*args)
        if where == "count" or args[3] == 5:  # the counting pass's units, or step 5's
            units.append((args[0], args[1]))

    monkeypatch.setattr(pushing, kernel, counted)
    with pytest.raises(whole_steps.StoppedInLayer) as caught:
        builder.build(builder.create(folder, 3, "standard", "0-2"), stop=lambda: len(units) >= 3)
    n, at = caught.value.n, caught.value.at
    assert at > 0
    assert [u for u in units if u[0] == n][-1][1] == at - 64  # the unit before
    assert len(units) == 3  # no unit ran once Stop was asked
    head = builder.WholeTable.open(folder).head
    monkeypatch.setattr(pushing, kernel, real)
    table, again, said = resume(folder)
    if where == "push":
        assert head["counters"]["partial"] == [n, at]
        assert f"({n} spheres' in part)" in said[0]
        assert not [e for e in again if e["step"] == "count"]
    else:
        record = head.get("counters")  # (none yet: stopped in the first layer counted)
        assert record is None or record["crc"][n] is None  # the layer half counted: not kept
        assert next(e["layer"] for e in again if e["step"] == "count") == n
    assert same(table, done)


KILLER = """
import os, signal, sys
from pathlib import Path
from pyramid_lab.model.search.games.pyraos import builder
seen = []
def progress(entry):
    seen.append(entry)
    if len(seen) == int(sys.argv[2]):
        os.kill(os.getpid(), signal.SIGKILL)
builder.build_folder(Path(sys.argv[1]), 3, "standard", "0-2", progress=progress)
"""


def test_a_counting_pass_killed_loses_at_most_the_layer_under_way(done, tmp_path):
    folder = tmp_path / "killed"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", KILLER, str(folder), "7"], env=env)
    assert run.returncode == -signal.SIGKILL
    table, again, said = resume(folder)
    counted = [e["layer"] for e in again if e["step"] == "count"]
    assert len(counted) <= LAYERS - 6  # 7 counted before the kill, the 7th's header at most lost
    assert said[0].startswith("resuming the counting pass: ")
    assert same(table, done)


def test_counters_that_do_not_match_are_counted_again(done, tmp_path):
    folder = tmp_path / "t"

    def progress(entry: dict[str, Any]) -> None:
        if entry["step"] == "push" and entry["round"] == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        builder.build(builder.create(folder, 3, "standard", "0-2"), progress=progress)
    counters = folder / "counts-09.bin"
    data = bytearray(counters.read_bytes())
    data[0] ^= 1
    counters.write_bytes(bytes(data))
    table, again, said = resume(folder)
    assert said[0].endswith("the counters counted again first, a pass over every position")
    assert len([e for e in again if e["step"] == "count"]) == LAYERS
    assert same(table, done)


def test_a_checkpoints_counters_are_kept_but_the_one_that_does_not_match(done, tmp_path):
    # Stopped between two steps (a checkpoint's state: no step's part kept), a counters
    # file that does not match its checksum (a kill while they were written) is counted
    # again alone; the others are kept.
    folder = tmp_path / "t"
    seen: list[dict[str, Any]] = []

    def stop() -> bool:  # after the counting pass, at step 1's first layer
        return len(seen) >= LAYERS

    with pytest.raises(builder.Stopped):
        builder.build(builder.create(folder, 3, "standard", "0-2"), progress=seen.append, stop=stop)
    record = builder.WholeTable.open(folder).head["counters"]
    assert (record["round"], record["pushed"], record["partial"]) == (1, [], None)
    counters = folder / "counts-09.bin"
    data = bytearray(counters.read_bytes())
    data[0] ^= 1
    counters.write_bytes(bytes(data))
    table, again, said = resume(folder)
    assert [e["layer"] for e in again if e["step"] == "count"] == [9]
    assert "the counters of 13 layers kept, the other 1 counted again first" in said[0]
    assert same(table, done)


def test_a_write_that_fails_beside_the_counting_ends_the_build_and_keeps_the_layers_before(
    done, tmp_path, monkeypatch
):
    # the counting pass writes each layer's files on another thread while it counts the
    # next: a write that fails there (a full disk) ends the build with its error, every
    # layer written before it is kept, and the build resumes after them
    folder = tmp_path / "t"
    real = whole_steps.save_counters
    calls = []

    def third_fails(*args: Any, **kwargs: Any) -> None:
        calls.append(1)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        real(*args, **kwargs)

    monkeypatch.setattr(whole_steps, "save_counters", third_fails)
    with pytest.raises(OSError, match="No space left"):
        builder.build(builder.create(folder, 3, "standard", "0-2"))
    assert len(calls) == 3  # the build stopped at the failed write: no layer after it written
    monkeypatch.setattr(whole_steps, "save_counters", real)
    table, again, said = resume(folder)
    assert said[0].startswith("resuming the counting pass: 2 of 14 layers counted, kept (")
    assert [e["layer"] for e in again if e["step"] == "count"] == list(range(LAYERS - 3, -1, -1))
    assert same(table, done)


def test_the_whole_builds_step_lines_are_said_in_the_readers_language():
    """The step lines are Messages (issue 90): English as before, German and Swedish said,
    each marked in the pseudo-locale."""
    counting = whole_steps.resumed_counting(5, 14, 123456)
    assert counting == (
        "resuming the counting pass: 5 of 14 layers counted, kept (123,456 positions); 9 to count"
    )
    assert i18n.shown(counting, "de") == (
        "Fortsetzung des Zähldurchgangs: 5 von 14 Schichten gezählt, behalten (123.456 "
        "Stellungen); 9 noch zu zählen"
    )
    counters = whole_steps.counters_said(3, 14)
    step = whole_steps.resumed_at_step(5, 2, None, 1000, counters)
    assert step == (
        "resuming at step 5, 2 of its layers pushed: every position decided in fewer than 5 "
        "plies kept (1,000 positions decided); the counters of 3 layers kept, the other 11 "
        "counted again first"
    )
    assert i18n.shown(step, "sv").startswith("återupptar vid steg 5, 2 av dess lager skjutna")
    assert i18n.shown(whole_steps.LOADING, i18n.PSEUDO).startswith("⟦")
