"""``pyramid-lab endgame``: the whole-game table counted, built, probed, verified; refusals
in one line (the retired endgame tables of K pieces among them)."""

from __future__ import annotations

import json
import pathlib
import zlib

import pytest

from pyramid_lab.viewer.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOP_IN_ONE = ROOT / "examples" / "pyraos" / "top-in-one.pyr.json"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_count_gives_the_whole_tables_layers_with_or_without_whole(capsys):
    # The endgame tables of K pieces were retired (issue 88): count reads the whole
    # game's index, --whole or not
    code, out, _ = run(capsys, "endgame", "count", "--base", "2")
    assert code == 0
    assert out == run(capsys, "endgame", "count", "--whole", "--base", "2")[1]
    assert out.startswith("pieces  canonical shapes  positions (a byte each)\n")
    assert out.rstrip().endswith("all: 33 positions, 33 bytes")


def test_the_retired_tables_are_refused_in_one_line_saying_why(capsys, tmp_path):
    # A build of the endgame tables of K pieces (no --whole) and a K asked of a build or a
    # probe: one line that names the whole-game table's commands; nothing written
    missing = tmp_path / "none"
    for argv in (
        ("build",),
        ("build", "--min-pieces", "28", "--table", missing),
        ("build", "--whole", "--min-pieces", "28", "--table", missing),
        ("probe", TOP_IN_ONE, "--min-pieces", "28"),
    ):
        code, out, err = run(capsys, "endgame", *argv)
        assert (code, out, err.count("\n")) == (2, "", 1), argv
        plain = argv[0] == "build" and "--whole" not in argv  # (said first)
        asked = "endgame build" if plain else f"endgame {argv[0]} --min-pieces"
        assert err.startswith(f"pyramid-lab: {asked}: the endgame tables of K pieces or more ")
        assert "were retired; the whole-game table answers every position they answered" in err
        assert "`pyramid-lab endgame build --whole`" in err
    assert not missing.exists()
    with pytest.raises(SystemExit):  # (the option went with them: argparse's refusal)
        main(["endgame", "build", "--whole", "--start", str(missing)])
    capsys.readouterr()


def test_probe_and_build_refuse_in_one_line(capsys, tmp_path):
    missing = tmp_path / "none"
    for whole in ((), ("--whole",)):  # a probe reads the whole-game table either way
        code, _, err = run(capsys, "endgame", "probe", TOP_IN_ONE, *whole, "--table", missing)
        assert (code, err.count("\n")) == (2, 1)
        assert "no whole-game table there; build one with `pyramid-lab endgame build --whole" in err
    code, _, err = run(capsys, "endgame", "probe")
    assert (code, err) == (2, "pyramid-lab: endgame probe: name a position FILE\n")
    argv = ("endgame", "build", "--whole", "--option", "variant=x", "--table", missing)
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "options.variant: must be one of standard, children, alternate" in err
    assert not missing.exists()
    code, _, err = run(capsys, "endgame", "build", "--whole", "--game", "terrace")
    assert (code, err.count("\n")) == (2, 1)
    assert "--game 'terrace': whole-game tables exist for pyraos" in err


@pytest.mark.usefixtures("whole_kernels")  # (compiled once: tests/whole_kernels.py)
def test_the_whole_game_is_built_said_verified_and_a_wrong_value_named(capsys, tmp_path):
    import pyramid_lab.model.search as search

    tables = search.tables_for("pyraos").whole
    folder = tmp_path / "base3"
    argv = ("endgame", "build", "--whole", "--base", "3", "--workers", "0", "--table", folder)
    code, out, _ = run(capsys, *argv)
    assert code == 0
    first, *rest = out.splitlines()
    assert first.startswith(
        "the whole game, standard version (removal 0-2), base 3: 24,635 positions"
    )
    assert "Ctrl+C stops it, the same command resumes it" in first
    # the kernels made ready before the first layer, said (compiled on a first build)
    assert rest[0] in (
        "loading the whole game's compiled kernels",
        "compiling the whole game's kernels for their first use (a minute or so, once)",
    )
    rest = [line for line in rest if not line.startswith(("compiled in ", "loaded in "))]
    assert rest[1].startswith("round 0, 13 spheres: ")
    assert rest[-1] == "the empty pyramid: a win in 15 plies for the first player (white)"
    code, out, _ = run(capsys, *argv)  # finished: nothing more to do
    assert code == 0
    assert not any(line.startswith("round ") for line in out.splitlines())
    code, out, _ = run(capsys, "endgame", "verify", "--table", folder)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{folder}: 24,635 positions to check against their children"
    assert lines[1].startswith("0 spheres checked: 1 positions (0%), 0 that do not hold, ")
    assert lines[-2].startswith("13 spheres checked: 24,635 positions (100%), 0 that do not ")
    assert "(finished): 24,635 positions checked against their children in " in out
    assert out.rstrip().endswith(" s, 0 that do not hold")
    # the book's opening and the forward solver: the game's pyramid only
    code, _, err = run(capsys, "endgame", "book", "--table", folder, "--book", tmp_path / "o.bin")
    assert (code, err.count("\n")) == (2, 1)
    assert "a table of the base-3 pyramid, not the game's" in err
    assert not (tmp_path / "o.bin").exists()
    code, _, err = run(capsys, "endgame", "book", "--spheres", "30", "--table", folder)
    assert (code, err) == (2, "pyramid-lab: --spheres 30: 0 to 29\n")
    code, _, err = run(capsys, "endgame", "verify", "--against-solver", "3", "--table", folder)
    assert (code, err.count("\n")) == (2, 1)
    assert "the compiled solver plays the game's (base 4)" in err
    # a wrong value written with its checksum (as a faulty build would): named
    table = tables.whole_open(folder)
    i = next(i for i in range(100, 4000) if table.values[9][i])  # a position, not a copy
    layer = pathlib.Path(folder) / "layer-09.bin"
    data = bytearray(layer.read_bytes())
    data[i] += 2
    layer.write_bytes(data)
    header = pathlib.Path(folder) / "table.json"
    head = json.loads(header.read_text())
    head["layers"][9]["crc"] = [zlib.crc32(data)]
    header.write_text(json.dumps(head))
    code, out, _ = run(capsys, "endgame", "verify", "--table", folder)
    assert code == 1
    assert f"does not hold: 9 spheres, position {i:,}: " in out
    for probe in (
        ("probe", TOP_IN_ONE, "--whole", "--table", folder),
        ("probe", "--whole", "--table", folder, TOP_IN_ONE),  # the FILE after the options
    ):
        code, _, err = run(capsys, "endgame", *probe)
        assert (code, err.count("\n")) == (2, 1)
        assert "a table of the base-3 pyramid, not the game's" in err
    code, _, err = run(capsys, "endgame", "verify", "--table", tmp_path / "none")
    assert (code, err.count("\n")) == (2, 1)
    code, _, err = run(capsys, "endgame", "probe", TOP_IN_ONE, "--whole", "--table", tmp_path / "x")
    assert (code, err.count("\n")) == (2, 1)
    assert "no whole-game table there; build one with `pyramid-lab endgame build --whole`" in err


def test_a_whole_build_that_memory_cannot_hold_is_refused_in_one_line(
    capsys, monkeypatch, tmp_path
):
    # Push retrograde holds a byte a position in memory, and the largest layer's copy to
    # write it: where the system has less free, the build is refused before it starts
    # (not killed by the system an hour in), and the way by rounds is named.
    from pyramid_lab.viewer.lab import table_build

    monkeypatch.setattr(table_build, "memory_available", lambda: 20_000)
    folder = tmp_path / "base3"
    code, out, err = run(capsys, "endgame", "build", "--whole", "--base", "3", "--table", folder)
    assert (code, out, err.count("\n")) == (2, "", 1)
    assert "needs 29,387 bytes of memory built in this process" in err  # 24,635 + 4,752
    assert "20,000 bytes are free; --workers 1 builds it by rounds in 24,635 bytes" in err
    assert not folder.exists()


@pytest.mark.usefixtures("whole_kernels")  # (compiled once: tests/whole_kernels.py)
def test_the_childrens_version_is_said_without_removals(capsys, tmp_path):
    # The children's version has no removals at all (its removal option does not apply):
    # a build says so, not "removal 0-2"; and a table of it refuses another version's
    # position in the same words.
    folder = tmp_path / "children2"
    argv = ("endgame", "build", "--whole", "--base", "2", "--option", "variant=children")
    code, out, _ = run(capsys, *argv, "--workers", "0", "--table", folder)
    assert code == 0
    assert out.startswith("the whole game, children's version (no removals), base 2: ")
    empty = out.splitlines()[-1]
    assert empty.startswith("the empty pyramid: ")
    # the same command again: the table is finished, nothing is built or estimated
    code, again, _ = run(capsys, *argv, "--workers", "0", "--table", folder)
    assert code == 0
    assert again.splitlines() == [f"{folder}: built already (8 rounds): nothing to do", empty]
    code, _, err = run(capsys, "endgame", "build", "--whole", "--base", "2", "--table", folder)
    assert (code, err.count("\n")) == (2, 1)
    assert "the children's version (no removals); not of base 2, the standard version" in err


def test_a_bad_table_folder_is_refused_in_one_line(capsys, tmp_path):
    # Issue 76 item 5: a table folder handed over by someone else: a header that is a
    # FIFO, a malformed one, a second build while one runs: exit 2 and one line each (no
    # hang, no traceback, no "internal error").
    import fcntl
    import json
    import os

    folder = tmp_path / "base2"
    argv = ("endgame", "build", "--whole", "--base", "2", "--table", folder)
    assert run(capsys, *argv)[0] == 0
    header = folder / "table.json"
    good = header.read_text()
    with open(folder / "build.lock", "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        code, _, err = run(capsys, *argv)
    assert (code, err.count("\n")) == (2, 1)
    assert "another build is running on it" in err
    for bad in (
        {"base": "3"},
        {"base": 3.0},
        {"layers": 5},
        {"layers": [1] * 5},
        {"decided": [[[]]]},
    ):
        header.write_text(json.dumps({**json.loads(good), **bad}))
        for action in (("verify",), ("build", "--whole", "--base", "2")):
            code, _, err = run(capsys, "endgame", *action, "--table", folder)
            assert (code, err.count("\n")) == (2, 1), (bad, action, err)
            assert err.startswith(f"pyramid-lab: {folder}: a damaged table.json (")
    header.write_text("[" * 100_000 + "]" * 100_000)
    code, _, err = run(capsys, "endgame", "verify", "--table", folder)
    assert (code, err.count("\n")) == (2, 1)
    assert "table.json is not JSON (lists or objects nested too deeply)" in err
    header.unlink()
    os.mkfifo(header)
    code, _, err = run(capsys, "endgame", "probe", TOP_IN_ONE, "--whole", "--table", folder)
    assert (code, err) == (2, f"pyramid-lab: {header}: a named pipe (FIFO), not a table's file\n")


@pytest.mark.usefixtures("whole_kernels")  # (compiled once: tests/whole_kernels.py)
def test_a_stopped_whole_build_says_it_resumes_and_what_is_kept(capsys, tmp_path):
    # Issue 76 item 3: stopped in its counting pass (Ctrl+C after 3 layers), the same
    # command resumes it, says so and counts only the layers left.
    import pyramid_lab.model.search as search
    from pyramid_lab.model.pyraos import PyraosOptions

    tables = search.tables_for("pyraos").whole
    folder = tmp_path / "base3"
    seen: list[dict] = []

    def progress(entry: dict) -> None:
        seen.append(entry)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tables.whole_build(folder, PyraosOptions("standard", "0-2"), 3, None, progress)
    code, out, _ = run(
        capsys, "endgame", "build", "--whole", "--base", "3", "--workers", "0", "--table", folder
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("resuming the counting pass: 3 of 14 layers counted, kept (")
    assert lines[1].endswith("; 11 to count")
    assert not any(line.startswith("round 0, 13 spheres") for line in lines)
    assert any(line.startswith("round 0, 10 spheres") for line in lines)
    assert lines[-1] == "the empty pyramid: a win in 15 plies for the first player (white)"


def test_the_whole_game_tables_are_found_typed_without_the_plug_in(capsys):
    # Issue 74: the command line finds a game's whole-game tables through the door (a typed
    # protocol, tables.WholeGameTables), not by asking its endgame tables for a function by
    # name; issue 88: without the game's plug-in (its book, its solver); a game without
    # them is told which games have them.
    import pyramid_lab.model.search as search

    whole = search.tables_for("pyraos").whole
    assert whole is not None
    assert whole.__name__.endswith(".pyraos.endgame")  # (its module)
    assert search.tables_for("partition").whole is None
    assert search.tables_for("pyraos")._fields == ("whole",)  # (the K tables retired)
    code, _, err = run(capsys, "endgame", "count", "--whole", "--game", "partition")
    assert code != 0
    assert "--game 'partition': whole-game tables exist for pyraos" in err
    code, out, _ = run(capsys, "endgame", "count", "--whole", "--base", "2")
    assert code == 0
    assert out
    source = (pathlib.Path(__file__).parents[2] / "viewer" / "cli" / "endgame.py").read_text()
    assert "hasattr(" not in source


def test_ctrl_c_before_the_first_layer_says_nothing_is_kept(capsys, tmp_path, monkeypatch):
    # Issue 89 item 5: stopped while the kernels compile, the build had kept nothing, yet
    # it said "keeps every layer and step done"
    import pyramid_lab.model.search as search

    tables = search.tables_for("pyraos").whole

    def compiling(folder, options, base, client, progress, say=print):
        say("compiling the whole game's kernels for their first use (a minute or so, once)")
        raise KeyboardInterrupt

    monkeypatch.setattr(tables, "whole_build", compiling)
    argv = ("endgame", "build", "--whole", "--base", "3", "--workers", "0")
    code, out, _ = run(capsys, *argv, "--table", tmp_path / "base3")
    assert code == 130
    last = out.splitlines()[-1]
    assert last.startswith("stopped before the first layer was built: nothing of the table")
    assert "keeps every layer" not in out

    def one_layer(folder, options, base, client, progress, say=print):
        entry = {"round": 0, "layer": 13, "evaluated": 1, "decided": 0, "seconds": 1.0}
        progress({**entry, "wall": 1.0, "step": "count"})
        raise KeyboardInterrupt

    monkeypatch.setattr(tables, "whole_build", one_layer)
    code, out, _ = run(capsys, *argv, "--table", tmp_path / "other")
    assert code == 130
    assert "keeps every layer and step done: run the same command to resume" in out


def test_the_builds_time_is_a_quiet_machines_and_a_busy_one_is_said(monkeypatch):
    from pyramid_lab.viewer.cli import endgame

    monkeypatch.setattr(endgame.os, "getloadavg", lambda: (10.2, 9.0, 8.0))
    assert endgame.busy_words(2) == (
        "; longer while the machine is busy (its load is 10.2 now on 2 cores)"
    )
    monkeypatch.setattr(endgame.os, "getloadavg", lambda: (0.4, 0.3, 0.2))
    assert endgame.busy_words(2) == ""
