"""pyramid-lab puzzles: a collection listed in order with its difficulty and the ticks
of the puzzles solved; practice refuses a bad folder without opening a window."""

from __future__ import annotations

import functools
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyramid_lab.model.collection import INDEX, INDEX_FORMAT, Progress, load
from pyramid_lab.viewer.cli import main


def memory_cap() -> None:
    """In the child: at most 3 GiB of address space (a regression that reads /dev/zero
    ends in MemoryError, not in the machine's memory filled)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))


ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "model" / "data" / "puzzles"
EASY, HARD = "floating-3-win-in-1-a.pyr.json", "floating-3-win-in-2-a.pyr.json"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_puzzles_lists_a_folder_in_order_with_the_ticks(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))
    folder = tmp_path / "set"
    folder.mkdir()
    for name in (EASY, HARD):
        shutil.copy(PUZZLES / "partition" / name, folder / name)
    index = {"format": INDEX_FORMAT, "puzzles": [{"file": HARD, "difficulty": 9}]}
    (folder / INDEX).write_text(json.dumps(index))  # EASY is not listed: it comes after
    code, out, _ = run(capsys, "puzzles", folder)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("[ ]   1. easy    ")  # a level a person reads, not "9"
    assert lines[0].endswith(f"({HARD})")
    assert lines[1].startswith("[ ]   2. medium  ")  # thirds of the measured ones
    assert lines[1].endswith(f"({EASY})")
    assert lines[-1].startswith("0 of 2 solved; easy, medium, hard: thirds")
    Progress().mark(load(folder).entries[1])  # EASY solved
    code, out, _ = run(capsys, "puzzles", "--json", folder)
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["index"], Path(r["file"]).name, r["solved"]) for r in rows] == [
        (1, HARD, False),
        (2, EASY, True),
    ]
    assert rows[0]["difficulty"] == 9  # the raw measure stays in --json
    assert (rows[0]["level"], rows[0]["plies"], rows[0]["proof_nodes"]) == ("easy", 3, None)
    assert rows[0]["saturated"] is False
    assert rows[1]["goal"] == "red wins within 1 ply"


def test_puzzles_names_the_shipped_collections(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))
    code, out, _ = run(capsys, "puzzles")
    assert code == 0
    names = sorted(p.name for p in PUZZLES.iterdir() if p.is_dir())
    assert [line.split(":")[0] for line in out.splitlines()] == names
    code, out, _ = run(capsys, "puzzles", names[0])  # by its name
    assert code == 0
    assert out.splitlines()[-1].startswith("0 of ")


def test_a_bad_folder_is_one_line_and_exit_2(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))
    code, out, err = run(capsys, "puzzles", tmp_path / "missing")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "not a folder" in err
    (tmp_path / "empty").mkdir()
    code, _, err = run(capsys, "puzzles", tmp_path / "empty")
    assert code == 2
    assert "no puzzle with a goal" in err
    (tmp_path / "empty" / INDEX).write_text("{")
    code, _, err = run(capsys, "puzzles", tmp_path / "empty")
    assert code == 2
    assert "collection.json" in err
    monkeypatch.setenv("DISPLAY", ":99")  # practice checks the folder before any window
    code, _, err = run(capsys, "practice", tmp_path / "missing")
    assert code == 2
    assert "not a folder" in err


# ---- hostile per-user files and collections (issue 34, items 1-3, 5-9) ------------------

DEEP = "[" * 100_000 + "]" * 100_000


def cli(tmp_path, *argv, timeout=30, **extra):
    """``pyramid-lab ARGV`` in a process of its own, HOME and its config under ``tmp_path``,
    with a time limit (a read that blocked would hang the suite: here the test fails)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYRAMID_LAB_")} | {
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / ".config"),
        "PYTHONPATH": str(ROOT),
        **extra,
    }
    result = subprocess.run(
        [sys.executable, "-m", "pyramid_lab.viewer.cli", *map(str, argv)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=memory_cap,  # reading /dev/zero would fill the machine's memory
    )
    return result.returncode, result.stdout, result.stderr


@pytest.fixture
def said(capsys, caplog, monkeypatch, tmp_path):
    """``said(*argv)``: :func:`cli`'s answer from the command's main in this process, with
    the same HOME and config under ``tmp_path``, for the files that read at once (a
    process of its own proved nothing more there and cost 0.07 s of processor time to
    start; a FIFO or /dev/zero, which would hang or fill this process, keep :func:`cli`).
    A warning logged counts as a line on stderr, as logging's last resort prints it in a
    process."""
    for name in [name for name in os.environ if name.startswith("PYRAMID_LAB_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    monkeypatch.chdir(ROOT)

    def said_by_main(*argv):
        capsys.readouterr()
        caplog.clear()
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        return code, out, err + "".join(f"{line}\n" for line in logged)

    return said_by_main


HOSTILE_TICKS = {
    "fifo": os.mkfifo,
    "link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "nested 100,000 deep": lambda p: p.write_text(DEEP),
    "truncated": lambda p: p.write_text('{"format": "pyramid-lab-puzzles-solved/1", "sol'),
}


#: The ticks files that would hang or fill a process that read them: read in a process.
BLOCKING_TICKS = ("fifo", "link to /dev/zero")


@pytest.mark.parametrize("kind", sorted(HOSTILE_TICKS))
def test_puzzles_sets_a_hostile_ticks_file_aside_in_one_line(tmp_path, kind, said):
    config = tmp_path / ".config" / "pyramid-lab"
    config.mkdir(parents=True)
    HOSTILE_TICKS[kind](config / "puzzles-solved.json")
    if kind in BLOCKING_TICKS:
        said = functools.partial(cli, tmp_path)
    code, out, err = said("puzzles", "partition")
    assert code == 0, err
    assert out.splitlines()[-1].startswith("0 of ")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    assert "Your puzzle ticks" in err
    assert "kept as puzzles-solved.damaged.json beside it, and a fresh one starts" in err
    assert os.path.lexists(config / "puzzles-solved.damaged.json")
    code, _, err = said("puzzles", "partition")  # told once: now a fresh start
    assert (code, err) == (0, "")


def test_puzzles_leaves_a_newer_ticks_file_alone_and_says_so(tmp_path, said):
    config = tmp_path / ".config" / "pyramid-lab"
    config.mkdir(parents=True)
    text = '{"format": "pyramid-lab-puzzles-solved/2", "ticks": []}'
    (config / "puzzles-solved.json").write_text(text)
    code, _, err = said("puzzles", "partition")
    assert code == 0
    assert err.count("\n") == 1
    assert "written by a newer Pyramid Lab" in err
    assert "left as it is" in err
    assert (config / "puzzles-solved.json").read_text() == text
    assert sorted(p.name for p in config.iterdir()) == ["puzzles-solved.json"]


def puzzle_folder(tmp_path, **puzzle):
    """A folder with one shipped puzzle, its puzzle texts changed by ``puzzle``."""
    folder = tmp_path / "set"
    folder.mkdir()
    doc = json.loads((PUZZLES / "partition" / EASY).read_text())
    doc["puzzle"].update(puzzle)
    (folder / EASY).write_text(json.dumps(doc))
    return folder


def test_a_collection_index_nested_deep_is_one_line_and_exit_2(tmp_path, said):
    folder = puzzle_folder(tmp_path)
    (folder / INDEX).write_text(DEEP)
    code, out, err = said("puzzles", folder)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert f"{folder / INDEX}: lists or objects nested too deeply" in err
    (folder / INDEX).unlink()
    os.mkfifo(folder / INDEX)  # and a FIFO in its place does not hang
    code, _, err = cli(tmp_path, "puzzles", folder)
    assert code == 2
    assert "a named pipe (FIFO), not a collection index" in err


def test_a_title_with_a_lone_surrogate_is_printed_as_an_escape(tmp_path, said):
    folder = puzzle_folder(tmp_path, title="\ud800 lone")
    code, out, err = said("puzzles", folder)
    assert (code, err) == (0, "")
    assert "\\ud800 lone" in out.splitlines()[0]
    code, out, _ = said("puzzles", "--json", folder)
    assert code == 0
    assert json.loads(out)["title"] == "\ud800 lone"


def test_a_long_title_is_cut_in_the_listing(tmp_path, said):
    folder = puzzle_folder(tmp_path, title="t" * 100_000)
    code, out, _ = said("puzzles", folder)
    assert code == 0
    assert max(len(line) for line in out.splitlines()) < 300
    assert "t…" in out


def test_a_difficulty_of_5000_digits_is_unknown_not_a_crash(tmp_path, said):
    folder = puzzle_folder(tmp_path, difficulty="9" * 5000 + " playouts")
    code, out, err = said("puzzles", folder)
    assert (code, err) == (0, "")
    assert out.startswith("[ ]   1. ?       ")
    assert load(folder).entries[0].difficulty is None


def test_a_folder_name_too_long_is_one_line_and_exit_2(tmp_path, said):
    name = tmp_path / ("x" * 5000)
    code, out, err = said("puzzles", name)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert "cannot be opened as a folder (File name too long)" in err
    assert len(err) < 600
    assert "x…" in err
    code, _, err = cli(tmp_path, "practice", name, DISPLAY=":99")  # refused before a window
    assert code == 2
    assert err.count("\n") == 1
    assert "cannot be opened as a folder" in err


def test_the_collections_listed_say_what_to_type_next_and_json_is_json(capsys):
    """A newcomer's ``pyramid-lab puzzles`` ends with the next commands (a collection
    listed, a collection practised); ``--json`` gives an object a line, nothing else."""
    code, out, err = run(capsys, "puzzles")
    assert code == 0
    assert out.splitlines()[0].startswith("partition: ")
    assert "pyramid-lab puzzles partition" in err  # (stderr: the list stays a list)
    assert "pyramid-lab practice partition" in err
    code, out, err = run(capsys, "puzzles", "--json")
    assert code == 0
    assert err == ""
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["collection"] for r in rows] == ["partition", "pyraos", "terrace"]
    assert all(r["puzzles"] > 0 and Path(r["folder"]).is_dir() for r in rows)
    code, out, _ = run(capsys, "puzzles", "partition")  # the command it names works
    assert code == 0
    assert out.splitlines()[0].startswith("[")


def test_puzzles_lists_the_titles_in_the_command_lines_language(capsys, tmp_path, monkeypatch):
    """Issue 108: the shipped puzzles were listed by their English titles in any language."""
    from pyramid_lab import i18n
    from pyramid_lab.viewer.cli import speak

    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    try:
        code, out, _ = run(capsys, "puzzles", "partition")
    finally:
        speak(i18n.ENGLISH)
    assert code == 0
    line = next(line for line in out.splitlines() if f"({EASY})" in line)
    assert "Rot hält NE und AP: Rot am Zug gewinnt in 1 Zug" in line, line
