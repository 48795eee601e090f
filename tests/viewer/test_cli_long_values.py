"""Error lines cut the long values they quote (issue 34): a lesson's 100,000-character
move, move list, goal or title, and a command line's 100,000-character word, each gives
one short line that still says what is wrong (model.game.quote/shorten: 200 characters of
a value, then "…"), never the value whole and never a traceback."""

from __future__ import annotations

import io
import json
import pathlib

import pytest

from pyramid_lab.model.game import MAX_QUOTED, not_replayed, quote
from pyramid_lab.viewer.cli import main
from pyramid_lab.viewer.cli.common import MAX_ERROR_LINE, ShortLines

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSONS = ROOT / "model" / "data" / "lessons"
LONG = 100_000
#: The longest line an error may take: the place, a value cut to MAX_QUOTED, the reason.
LINE = 3 * MAX_QUOTED


def _lesson(tmp_path, name, change):
    raw = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    change(raw)
    path = tmp_path / "long.lesson.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def _set(keys, value):
    def change(raw):
        target = raw
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return change


CASES = {
    "a move answer": (
        "terrace/01-pushes.lesson.json",
        _set(["steps", 1, "task", "answers"], ["a1" * (LONG // 2)]),
        "steps[1].task.answers[0]: 'a1a1",
        "…' is not a move; write from and to fields",
    ),
    "a legal move padded": (
        "terrace/01-pushes.lesson.json",
        _set(["steps", 1, "task", "answers"], ["a7-a6" + " " * LONG]),
        "step 2 ('Push to capture'): the answer a7-a6",
        "is not legal",
    ),
    "a move to replay": (
        "partition/03-a-corner-ball.lesson.json",
        _set(["steps", 1, "moves"], ["3,0,0" + "0" * LONG]),
        "steps[1].moves[0]: '3,0,000",
        "…' is not a point; write it as i,j,k",
    ),
    "a goal's corner": (
        "partition/03-a-corner-ball.lesson.json",
        _set(["steps", 0, "task", "goal", "holds"], "S" * LONG),
        "steps[0].task.goal: holds must be a corner",
        "not 'SSS",
    ),
    "a step's title": (
        "partition/03-a-corner-ball.lesson.json",
        _set(["steps", 0, "title"], "T" * LONG),
        "steps[0].title: too long: 100000 characters (at most 200)",
        "(at most 200)",
    ),
    "an unknown key": (
        "partition/03-a-corner-ball.lesson.json",
        _set(["steps", 0, "task", "k" * LONG], 1),
        "steps[0].task",
        "",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_lesson_check_cuts_a_long_value(capsys, tmp_path, case):
    name, change, start, says = CASES[case]
    path = _lesson(tmp_path, name, change)
    code = main(["lesson", "check", str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert "Traceback" not in err
    lines = [line for line in (out + err).splitlines() if line]
    assert lines, case
    assert max(len(line) for line in lines) <= LINE, [line[:300] for line in lines]
    assert start in err, err[:600]
    assert says in err, err[:600]
    if case not in ("a legal move padded", "a step's title"):
        assert "…" in err  # the value was cut, and said so


def test_a_long_word_on_the_command_line_is_cut(capsys):
    """argparse's own lines (an unknown command, a value that is not a number) too."""
    for argv in (
        ["x" * LONG],
        ["analyze", "--seconds", "9" * 5000, "f.pyr.json"],
        ["render", "--size", "y" * LONG, "f.pyr.json"],
        ["lesson", "check", "--" + "z" * LONG],
    ):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
        _, err = capsys.readouterr()
        assert "Traceback" not in err
        assert max(len(line) for line in err.splitlines()) <= LINE, argv[0][:20]
        assert "pyramid-lab: error:" in err


def test_quote_cuts_and_never_raises():
    assert quote("a1") == "'a1'"
    assert quote("x" * LONG) == "'" + "x" * (MAX_QUOTED - 1) + "…'"
    assert quote("\ud800") == "'\\ud800'"  # printable anywhere
    assert quote(10**5000) == "an integer of about 5000 digits"  # repr would raise
    nested: list = []
    for _ in range(LONG):
        nested = [nested]
    assert len(quote(nested)) <= MAX_QUOTED  # repr would recurse too deep
    assert len(quote({"k": "v" * LONG})) <= MAX_QUOTED


def test_a_move_that_does_not_replay_is_quoted_once():
    from pyramid_lab.model.game import InvalidMoveError

    text = "1" * LONG
    said = not_replayed(text, InvalidMoveError(f"{quote(text)} is not a point"))
    assert said.count("111") < MAX_QUOTED
    assert said.endswith("is not a point")
    assert not_replayed("a1", ValueError("occupied")) == "'a1' does not replay: occupied"


def _lines_within(text: str, limit: int = MAX_ERROR_LINE) -> bool:
    return all(len(line) <= limit for line in text.splitlines())


@pytest.mark.parametrize("digits", [4_000, 5_000])
def test_a_step_of_thousands_of_digits_is_one_short_line(capsys, digits):
    lesson = sorted((LESSONS / "partition").glob("*.lesson.json"))[0]
    try:
        code = main(["lesson", "answers", str(lesson), "--step", "9" * digits])
    except SystemExit as exc:  # argparse's way: an int beyond Python's 4,300 digits
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("pyramid-lab:")
    assert _lines_within(err)
    assert "…" in err  # the value cut


@pytest.mark.parametrize(
    "out", ["d" * 300 + "/x", "a\0b", "f" * 5_000], ids=["300 characters", "NUL", "5,000"]
)
def test_compose_with_a_folder_name_it_cannot_use_is_one_line_exit_2(capsys, tmp_path, out):
    code = main(
        ["puzzles", "compose", "--game", "partition", "--count", "1", "--within", "3",
         "-o", str(tmp_path / out)]
    )  # fmt: skip
    stdout, err = capsys.readouterr()
    assert code == 2
    assert stdout == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("pyramid-lab: error: -o ")
    assert _lines_within(err, LINE)


def test_compose_option_of_thousands_of_digits_is_one_line(capsys, tmp_path):
    code = main(
        ["puzzles", "compose", "--game", "partition", "--count", "1", "--within", "3",
         "--option", "base=" + "9" * 5_000, "-o", str(tmp_path)]
    )  # fmt: skip
    _, err = capsys.readouterr()
    assert code == 2
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err


def test_short_lines_cuts_each_line_and_passes_the_rest_as_it_comes():
    into = io.StringIO()
    stream = ShortLines(into, limit=10)
    stream.write("short\n")
    stream.write("x" * 6)
    stream.write("y" * 6)  # the same line, written in two pieces
    stream.write("z\nnext\r12345678901234\n")
    assert into.getvalue() == "short\n" + "x" * 6 + "yyy…" + "\nnext\r123456789…\n"
    assert _lines_within(into.getvalue().replace("\r", "\n"), 10)
