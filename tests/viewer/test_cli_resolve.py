"""``pyramid-lab resolve FILE OFFENCEPROG DEFENCEPROG`` (Pyramid Ball): the position after
the turn as JSON with the row-by-row explanation; a bad program or file exits 2 with one
line naming the entry. Also perft and analyze on Pyramid Ball files."""

from __future__ import annotations

import json
import pathlib

import pytest

from pyramid_lab import i18n
from pyramid_lab.viewer.cli import main, speak

ROOT = pathlib.Path(__file__).resolve().parents[2]
BALL = ROOT / "examples" / "ball"
SETUP = BALL / "setup.pyr.json"
S12 = BALL / "s12-pass-to-the-goal-row.pyr.json"


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_resolve_prints_the_position_and_the_explanation(capsys):
    code, out, err = run(capsys, "resolve", S12, "S,S,S/S,>S,F/S,S,S", "S,S,S")
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["event"] == "goal"
    assert result["scores"] == {"red": 1, "blue": 0}
    assert result["winner"] == "red"
    assert result["ball"] == {"colour": "red", "size": "S", "square": "f8", "loose": False}
    assert result["goal_row_barred"] is None
    assert result["explanation"][1].startswith("row 2: pass d6->f7 complete")
    assert result["rows"][1]["pass"]["crossed"] == ["e6", "e7"]
    assert [5, 7, 1, "red"] in result["pieces"]


def test_resolve_tackle_from_the_setup(capsys):
    # S1: OM N, DM S (blue's F is south): the defender wins the swap and tackles.
    code, out, _ = run(capsys, "resolve", SETUP, "S,F,S", "S,F,S")
    result = json.loads(out)
    assert code == 0
    assert result["event"] == "tackle"
    assert result["blocked"] == ["OM"]
    assert "tackle: DM on d4" in result["explanation"][0]


@pytest.mark.parametrize(
    ("offence", "defence", "words"),
    [
        ("F,X,R", "S", "offence program: 'F,X,R': row 1, Medium: 'X' is not an entry"),
        ("S", "S/S,S,Q", "defence program: 'S/S,S,Q': row 2, Small: 'Q'"),
        ("S/S/S/S/S", "S", "5 rows"),
        (">M,S,S", "S", "only the carrier (Medium) may pass"),
        ("S,>L,S", "S", "no pass in row 1"),
        ("S", "S,S,S/S,>M,S", "only the side with the ball"),
        ("S/S/S/S,S,F", "S", "the Dash (a fourth row) needs the Dash special move"),
        ("S", "!F", "Blitz needs the Blitz special move"),
    ],
)
def test_bad_programs_exit_2_with_one_line(capsys, offence, defence, words):
    code, out, err = run(capsys, "resolve", SETUP, offence, defence)
    assert code == 2
    assert out == ""
    assert words in err
    assert err.count("\n") == 1


def test_resolve_on_a_finished_game(capsys, tmp_path):
    code, out, _ = run(capsys, "resolve", S12, "S,S,S/S,>S,F", "S")
    done = tmp_path / "done.pyr.json"
    from pyramid_lab.model.files import read, write

    game = read(S12).game
    game.push(game.parse_move(json.loads(out)["turn"]))
    write(done, game)
    code, _, err = run(capsys, "resolve", done, "S", "S")
    assert code == 2
    assert "the game is over: red wins 1-0" in err


def test_perft_and_analyze_on_pyramid_ball(capsys):
    assert run(capsys, "perft", SETUP, 1)[:2] == (0, f"{3515625 * 1596125}\n")
    code, out, err = run(capsys, "perft", SETUP, 2)
    assert code == 2
    assert "only depth 0 and 1" in err
    assert "joint moves a turn" in err  # (issue 108 item 3: said in the command's language)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LANGUAGE", "de")
        patch.setenv("LANG", "de_DE.UTF-8")
        try:
            code, out, err = run(capsys, "perft", SETUP, 2)
        finally:
            speak(i18n.ENGLISH)
    assert code == 2
    assert "5.611." in err  # (its number written the German way)
    assert "nur Tiefe 0 und 1 lassen sich zählen" in err
    code, out, _ = run(capsys, "analyze", *sorted(BALL.glob("*.pyr.json")))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert {line["game"] for line in lines} == {"ball"}
    advanced = next(line for line in lines if "advanced" in line["file"])
    assert advanced["specials"]["blue"] == ["dash", "quick_pass", "blitz"]
    assert advanced["scores"] == {"red": 3, "blue": 2}


def test_resolve_a_pending_special_move_choice(capsys, tmp_path):
    """Advanced game: after blue's tackle red chooses a special move; resolve refuses the
    next turn until --choose gives it, and then plays both."""
    from pyramid_lab.model.ball import PyramidBall
    from pyramid_lab.model.files import dumps

    game = PyramidBall.new(PyramidBall.parse_options({"mode": "advanced"}))
    game.push(game.parse_move("S,F,S | S,F,S"))
    path = tmp_path / "choice.pyr.json"
    path.write_text(dumps(game), encoding="utf-8")
    code, _, err = run(capsys, "resolve", path, "S", "S")
    assert code == 2
    assert "red chooses a special move before the turn (dash, quick_pass, blitz)" in err
    assert "--choose" in err
    code, out, err = run(capsys, "resolve", path, "--choose", "blitz", "S", "!F,S,S")
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["specials"]["red"] == []  # taken, then used at once: red is on defence
    assert result["rows"][0]["row"] == "1a"
    code, _, err = run(capsys, "resolve", path, "--choose", "warp", "S", "S")
    assert code == 2
    assert "red may take dash, quick_pass, blitz, not warp" in err
