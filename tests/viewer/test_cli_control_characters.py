"""No terminal escapes from a file's texts (issue 109 item 15, S-22): ``pyramid-lab
puzzles FOLDER`` printed a title's ESC sequences raw (a window's title set, the screen
cleared, the clipboard filled by OSC 52). Every command writes stdout and stderr through
one filter (``viewer.cli.common.Visible``); each command that prints a file's texts, or
its name, is run here on a file full of them."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from pyramid_lab.viewer.cli import main
from pyramid_lab.viewer.cli.common import visible

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = ROOT / "model" / "data" / "puzzles" / "terrace" / "no-push-back-win-in-1-a.pyr.json"
LESSON = ROOT / "model" / "data" / "lessons" / "partition" / "01-corners-and-walls.lesson.json"

#: A window's title, a cleared screen, the clipboard (OSC 52), a C1 CSI, a line overwritten,
#: a bidirectional override.
HOSTILE = "\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;ZXZpbA==\x07\x9b31m\rX\u202e"
#: What a terminal acts on: every control character but line break and tab, and the
#: bidirectional overrides.
ACTED_ON = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))
    folder = tmp_path / "set"
    folder.mkdir()
    puzzle = json.loads(PUZZLE.read_text())
    puzzle["puzzle"]["title"] = HOSTILE + " title"
    puzzle["puzzle"]["notes"] = HOSTILE + " notes"
    puzzle["puzzle"]["difficulty"] = HOSTILE
    named = folder / f"{HOSTILE[:9]}name.pyr.json"
    named.write_text(json.dumps(puzzle))
    lesson = json.loads(LESSON.read_text())
    lesson["title"] = HOSTILE + " lesson"
    for step in lesson["steps"]:
        step["title"] = HOSTILE + " step"
    (tmp_path / "l.lesson.json").write_text(json.dumps(lesson))
    shutil.copy(named, tmp_path / "p.pyr.json")
    return tmp_path, named


#: Each command that reads a file, and whether it prints the file's texts or its name
#: (each one prints something).
COMMANDS = [
    (["puzzles", "{set}"], True),
    (["puzzles", "--json", "{set}"], True),
    (["lesson", "check", "{lesson}"], False),
    (["lesson", "answers", "{lesson}"], True),
    (["analyze", "{named}"], True),
    (["analyze", "{position}", "--text"], False),
    (["solve", "{named}", "--max-seconds", "1"], True),
    (["verify", "{named}"], True),
    (["open", "{tmp}/no such {hostile}.pyr.json"], True),
]


@pytest.mark.parametrize(("argv", "shows"), COMMANDS, ids=[" ".join(c[:2]) for c, _ in COMMANDS])
def test_no_command_prints_a_file_s_control_characters(files, capsys, argv, shows):
    tmp, named = files
    given = {
        "set": tmp / "set",
        "lesson": tmp / "l.lesson.json",
        "named": named,
        "position": tmp / "p.pyr.json",
        "tmp": tmp,
        "hostile": HOSTILE,
    }
    main([word.format(**given) for word in argv])
    out, err = capsys.readouterr()
    assert out or err
    for said in (out, err):
        assert not ACTED_ON.search(said), repr(said[:400])
    assert ("\\u001b]0;PWNED" in out + err) is shows  # shown, not obeyed


def test_visible_writes_each_control_character_as_its_escape():
    assert visible("a\x1b[2Jb\tc\nd\x9b\u202e") == "a\\u001b[2Jb\tc\nd\\u009b\\u202e"
    assert visible("Größe ● ○ · ² 名") == "Größe ● ○ · ² 名"
