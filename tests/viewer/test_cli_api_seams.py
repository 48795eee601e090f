"""The command line does for a position what the scripting API does, through the same
functions (issue 87 item 8): it reads a position as ``pl.load`` reads it (a file, a
position text, a shipped name), and its analysis, solve and review are the API's."""

from __future__ import annotations

import json

import pytest

import pyramid_lab as pl
from pyramid_lab.viewer.cli import main
from pyramid_lab.viewer.cli.review import NOT_A_FILE
from pyramid_lab.viewer.script import engine

PUZZLE = "puzzle:partition/floating-3-win-in-1-a"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_reads_a_shipped_name_and_a_text_as_load_does(capsys):
    pos = pl.load(PUZZLE)
    code, out, _ = run(capsys, "analyze", PUZZLE, pos.to_text())
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line.pop("file") for line in lines] == [PUZZLE, pos.to_text()]
    assert lines == [pos.summary(), pos.summary()]


def test_a_name_not_shipped_is_said_with_its_near_names(capsys):
    code, out, err = run(capsys, "analyze", "puzzle:partition/floatng-3-win-in-1-a")
    assert code == 2
    assert "no shipped puzzle 'partition/floatng-3-win-in-1-a'" in err
    assert "puzzle:partition/floating-3-win-in-1-a" in err
    assert "no shipped puzzle" in json.loads(out)["error"]


def test_solve_is_the_apis_solve(capsys, monkeypatch):
    asked = []
    real = engine.solve_position

    def spy(game, **options):  # the real solve, its arguments kept
        asked.append(options)
        return real(game, **options)

    monkeypatch.setattr(engine, "solve_position", spy)
    code, out, _ = run(capsys, "solve", "--workers", "1", "--quiet", PUZZLE)
    assert code == 0
    report = json.loads(out)
    assert len(asked) == 1
    assert asked[0]["book"] is True
    answer = pl.load(PUZZLE).solve()
    assert (report["value"], report["plies"]) == (answer.value, answer.plies) == ("win", 1)
    assert report["best_move"] == str(answer.best_move)


def test_review_refuses_to_save_what_is_no_file_before_it_reviews(capsys):
    code, _, err = run(capsys, "review", "--save", PUZZLE)
    assert code == 2
    assert f"{PUZZLE}: cannot be saved: {NOT_A_FILE}" in err
    assert "reviewing" not in err


@pytest.mark.parametrize("command", ["solve", "review"])
def test_solve_and_review_refuse_as_the_api_does(capsys, command):
    pos = pl.new("rolling")
    code, _, err = run(capsys, command, pos.to_text())
    assert code == 2
    with pytest.raises(ValueError, match="game of chance") as refused:
        pos.solve() if command == "solve" else pos.review()
    assert str(refused.value).removeprefix("cannot be solved: ") in err
