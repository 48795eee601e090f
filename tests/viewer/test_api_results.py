"""A script's answers show themselves (issue 87 item 5): an analysis, a solve and an outcome
made through the API print as one short line and show in a notebook as a small table of
the moves ranked (model/showing.py); a game the engine does not analyse is told which games
it does, by the API and the command line alike."""

from __future__ import annotations

import json

import pytest

import pyramid_lab as pl
from pyramid_lab.model import showing
from pyramid_lab.viewer.cli import main
from tests.patience import WAIT_S


def test_an_analysis_and_a_solve_show_themselves():
    pos = pl.load("puzzle:partition/floating-3-win-in-1-a")
    analysis = pos.analyse(seconds=0.5)
    assert repr(analysis).startswith(
        "<Analysis partition ply 10, red to move: proven: red wins in 1 move (0,0,0)"
    )
    assert "\n" not in repr(analysis)
    page = analysis._repr_html_()
    assert len(page) <= showing.MAX_HTML
    assert "<td>1</td><td>0,0,0</td><td>win</td><td>exact</td><td>1</td>" in page
    result = pos.solve(max_seconds=WAIT_S, book=False)
    assert repr(result).startswith("<SolveResult win in 1 ply, best 0,0,0 (search")
    assert "<td>0,0,0</td><td>win</td><td>1</td>" in result._repr_html_()
    outcome = pos.play("0,0,0").outcome()
    assert repr(outcome) == "<Outcome red wins (corners)>"
    assert "<td>red</td><td>win</td>" in outcome._repr_html_()


@pytest.mark.parametrize("game", ["ball", "rolling"])
def test_a_game_the_engine_does_not_analyse_names_those_it_does(game, tmp_path, capsys):
    with pytest.raises(ValueError, match=r"; the games it analyses: partition, pyraos, terrace$"):
        pl.new(game).analyse(seconds=1)
    path = pl.new(game).save(tmp_path / f"{game}.pyr.json")
    assert main(["analyze", "--engine", "--seconds", "1", str(path)]) == 2
    said = json.loads(capsys.readouterr().out)["engine"]["error"]
    assert said.endswith("; the games it analyses: partition, pyraos, terrace")


def test_review_is_the_command_s_review(monkeypatch, tmp_path, capsys):
    """Position.review and ``pyramid-lab review`` ask the search the same question (the one
    function, viewer.script.engine.review_game), with the same default seconds."""
    import pyramid_lab.model.search as search
    from pyramid_lab.viewer.cli import review as review_command
    from pyramid_lab.viewer.script import engine

    asked = []
    real = search.review

    def spy(game, **kwargs):
        asked.append((tuple(map(str, game.move_stack)), kwargs))
        return real(game, **kwargs)

    monkeypatch.setattr(search, "review", spy)
    pos = pl.new("partition", size=3).play("0,0,0").play("1,1,0").play("2,0,0")
    mine = pos.review(seconds=0.2, seed=1)
    assert [m.move for m in mine.moves] == ["0,0,0", "1,1,0", "2,0,0"]
    path = pos.save(tmp_path / "line.pyr.json")
    assert main(["review", str(path), "--seconds", "0.2", "--seed", "1"]) == 0
    capsys.readouterr()
    assert len(asked) == 2
    assert asked[0] == asked[1]
    assert asked[0][1]["seconds"] == 0.2
    assert engine.REVIEW_SECONDS == review_command.REVIEW_SECONDS
    with pytest.raises(ValueError, match="no moves to review"):
        pl.new("partition").review()
    with pytest.raises(ValueError, match="simultaneous turns"):
        pl.new("ball").review()
    with pytest.raises(ValueError, match="seconds must be more than 0"):
        pos.review(seconds=0)


def test_export_is_the_command_s_export(tmp_path):
    pos = pl.load("example:partition/t4-anchored-sheet")
    page = pos.export(tmp_path / "sheet.html", size=(320, 240)).read_text(encoding="utf-8")
    assert page.lower().startswith("<!doctype html>")
    assert f"<title>{pos.puzzle['title']} - Pyramid Lab</title>" in page  # as web_page's
    replay = pos.play("0,0,0").export(tmp_path / "line.gif", motion="replay", size=(64, 48))
    assert replay.read_bytes()[:6] == b"GIF89a"
    with pytest.raises(ValueError, match=r"a replay needs \.gif or \.mp4"):
        pos.export(tmp_path / "x.png", motion="replay")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["line.gif", "sheet.html"]
