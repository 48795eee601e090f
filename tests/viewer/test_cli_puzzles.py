"""pyramid-lab puzzles: a collection listed in order with its difficulty and the ticks
of the puzzles solved; practice refuses a bad folder without opening a window."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from model.collection import INDEX, INDEX_FORMAT, Progress, load
from viewer.cli import main

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "examples" / "puzzles"
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
    assert lines[0].startswith("[ ]   1.      9  ")
    assert lines[0].endswith(f"({HARD})")
    assert lines[1].endswith(f"({EASY})")
    assert lines[-1].startswith("0 of 2 solved")
    Progress().mark(load(folder).entries[1])  # EASY solved
    code, out, _ = run(capsys, "puzzles", "--json", folder)
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["index"], Path(r["file"]).name, r["solved"]) for r in rows] == [
        (1, HARD, False),
        (2, EASY, True),
    ]
    assert rows[0]["difficulty"] == 9
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
