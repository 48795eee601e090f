"""python-chess's habits in the scripting API (docs/api.md "python-chess's habits"): the
position before the last move, text boards, the one-line position text from a script and
the command line, whether a move is legal, short move reprs and random moves, in every
game."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

import pyramid_lab as pl
from pyramid_lab.model import textcodec
from pyramid_lab.model.game import CHANCE, InvalidMoveError, Move
from pyramid_lab.viewer.cli import main

ROOT = Path(__file__).resolve().parents[2]
#: the shipped positions, puzzles and examples (model/data/examples: the same files as
#: examples/, tests/viewer/test_api_shipped.py keeps the two alike), each once
SHIPPED = sorted((ROOT / "model" / "data").rglob("*.pyr.json"))
VARIANTS = {
    "ball": [{"mode": "advanced"}],
    "rolling": [{"players": 1}, {"players": 4}],
    "terrace": [{"no_push_back": True}],
    "pyraos": [{"variant": "alternate"}],
}


def played(name: str, seed: int, plies: int, **options: object) -> list[pl.Position]:
    """The positions of a random game of ``name``, its start first."""
    rng = random.Random(seed)
    line = [pl.new(name, **options)]
    for _ in range(plies):
        if line[-1].is_over():
            break
        line.append(line[-1].play(line[-1].random_move(rng)))
    return line


@pytest.mark.parametrize("name", sorted(pl.games()))
def test_parent_and_pop_walk_a_game_back(name: str) -> None:
    for options in [{}, *VARIANTS.get(name, [])]:
        line = played(name, 1, 40, **options)
        assert line[0].parent is None
        with pytest.raises(IndexError, match="start of its history"):
            line[0].pop()
        for before, after in itertools.pairwise(line):
            assert after.parent == before
            assert after.pop() == before
            assert after.pop().history == before.history
            assert after.ply == before.ply + 1  # after is left as it was


@pytest.mark.parametrize("name", sorted(pl.games()))
def test_every_game_draws_a_text_board_a_terminal_shows_whole(name: str) -> None:
    for options in [{}, *VARIANTS.get(name, [])]:
        for pos in played(name, 2, 30, **options)[::5]:
            for board in (str(pos), pos.unicode()):
                lines = board.splitlines()
                assert max(map(len, lines)) <= textcodec.WIDTH
                assert len(lines) <= 40
                assert lines[-1] in (
                    f"{pos.to_move} to move",
                    pos.outcome() and pos.outcome().describe(),
                )
            if name in ("partition", "pyraos"):  # each piece a letter between the levels
                cells = " ".join(str(pos).splitlines()[1:-1]).split()
                assert len(pos.pieces()) == sum(cell in "rbw" for cell in cells)


def test_the_pyramid_board_shows_each_piece_where_it_stands() -> None:
    pos = pl.new("partition", size=4).play("3,0,0").play("0,2,0").play("1,1,0").play("0,0,1")
    rows = str(pos).splitlines()
    assert rows[0].split() == ["level", "0", "level", "1", "level", "2", "level", "3"]
    level0 = [row[:7].split() for row in rows[1:5]]
    assert level0[0] == [".", ".", ".", "r"]
    assert level0[2] == ["b", ".", ".", "."]
    assert level0[1] == [".", "r", ".", "."]
    assert rows[1][10:15].split() == ["b", ".", "."]  # level 1, row 0: 0,0,1
    wide = pl.new("partition", size=30)  # too wide side by side: one level under another
    assert max(map(len, str(wide).splitlines())) <= textcodec.WIDTH
    assert str(wide).count("level ") == 30


def test_pieces_the_boards_show_match_the_position() -> None:
    ball = pl.new("ball")
    field = str(ball).splitlines()[1:9]  # rows 8 to 1
    cells = " ".join(row[3:] for row in field).split()
    assert sorted(cells) == sorted(["."] * 50 + ["L", "M*", "S", "l", "m", "s"])
    assert field[4].split()[4] == "M*"  # row 4, column d
    terrace = pl.new("terrace")
    rows = str(terrace).splitlines()[1:8]
    assert rows[0].split() == ["1", *"bbbbbbb"]
    assert rows[6].split() == ["7", *"wwwwwww"]
    assert rows[3].split() == ["4", "0", "1", "2", "3", "2", "1", "0"]  # the levels


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_positions_round_trip_through_the_api(path: Path) -> None:
    pos = pl.load(path)
    again = pl.from_text(pos.to_text())
    assert again == pos
    assert again.to_text() == pos.to_text()
    assert again.history == ()
    assert max(map(len, str(pos).splitlines())) <= textcodec.WIDTH


def test_from_text_is_the_package_s() -> None:
    assert "from_text" in pl.__all__
    assert pl.from_text("pyraos - 4/4/4/4|3/3/3|2/2|1 white") == pl.new("pyraos")
    with pytest.raises(pl.PositionFormatError, match="character 1: 'chess' is no game") as caught:
        pl.from_text("chess rnbqkbnr/pppppppp w")
    assert isinstance(caught.value, ValueError)
    with pytest.raises(TypeError, match="a position text is a str"):
        pl.from_text(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(pl.games()))
def test_is_legal_agrees_with_the_legal_moves(name: str) -> None:
    for pos in played(name, 3, 25)[::3]:
        if pos.is_over():
            assert not pos.is_legal(pos.parent.random_move(random.Random(0)))  # type: ignore[union-attr]
            continue
        move = pos.random_move(random.Random(1))
        assert pos.is_legal(move)
        assert pos.is_legal(str(move))
        if name != "ball":
            assert move in pos.legal_moves()
    with pytest.raises(TypeError, match="a move or its text"):
        pl.new(name).is_legal(3)  # type: ignore[arg-type]


def test_is_legal_of_text() -> None:
    pos = pl.new("partition", size=3, version="stacking")
    assert pos.is_legal("1,1,0")
    assert not pos.is_legal("0,0,1")  # not supported
    assert not pos.play("1,1,0").is_legal("1,1,0")  # taken
    assert pos.is_legal("1,1") is False  # no move (issue 109 item 11: python-chess answers False)
    with pytest.raises(InvalidMoveError, match="not a point"):
        pos.parse_move("1,1")  # which says why


@pytest.mark.parametrize("name", sorted(pl.games()))
def test_moves_show_themselves_short(name: str) -> None:
    for pos in played(name, 4, 12):
        if pos.is_over():
            continue
        move = pos.random_move(random.Random(2))
        assert repr(move) == f"<Move {move}>"
        assert pos.parse_move(str(move)) == move


@pytest.mark.parametrize("name", sorted(pl.games()))
def test_random_moves_play_games_to_their_end(name: str) -> None:
    for options in [{}, *VARIANTS.get(name, [])]:
        line = played(name, 5, 2000, **options)
        assert line[-1].is_over(), (name, options, line[-1].ply)
        with pytest.raises(IndexError, match="the game is over"):
            line[-1].random_move(random.Random(0))
    first = [played(name, 6, 10)[-1].to_text() for _ in range(2)]
    assert first[0] == first[1]  # the same rng, the same game


def test_random_rolls_follow_their_probabilities() -> None:
    pos = pl.new("rolling", players=1)
    assert pos.to_game().current_player() == CHANCE
    rng = random.Random(9)
    counts: dict[str, int] = {}
    for _ in range(400):
        key = str(pos.random_move(rng))
        counts[key] = counts.get(key, 0) + 1
    outcomes = {str(m): p for m, p in pos.chance_outcomes()}
    assert set(counts) <= set(outcomes)
    assert len(counts) > 1
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        pos.random_move(7)  # type: ignore[arg-type]


def test_a_random_ball_turn_is_drawn_without_listing_the_programs() -> None:
    ball = pl.new("ball")
    programs = ball.legal_moves("red")
    assert len(programs) == 3_515_625
    assert isinstance(programs[len(programs) - 1], Move)
    turns = {str(ball.random_move(random.Random(seed))) for seed in range(20)}
    assert len(turns) == 20
    assert all(ball.is_legal(turn) for turn in turns)


# ---- the command line takes a text where it takes a file -------------------------------------

TEXT = "partition size=3,version=stacking b2/1r1/3|2/2|1 red"


def test_analyze_takes_a_position_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", TEXT]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["file"] == TEXT
    assert out["game"] == "partition"
    assert out["to_move"] == "red"


def test_perft_takes_a_position_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", TEXT, "1"]) == 0
    assert capsys.readouterr().out.split()[-1] == str(len(pl.from_text(TEXT).legal_moves()))


def test_a_bad_text_or_a_missing_file_is_said(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["analyze", "partition size=3 r2/3/3|2/2|1 green"]) == 2
    err = capsys.readouterr().err
    assert "the position text: character 31: 'green' is not a player" in err
    assert main(["analyze", "partiton size=3 r2/3/3|2/2|1 blue"]) == 2  # a misspelt game
    assert "character 1: 'partiton' is no game; the games: ball, " in capsys.readouterr().err
    assert main(["analyze", str(tmp_path / "gone")]) == 2
    err = capsys.readouterr().err
    assert "gone: No such file or directory; nor is it a position text" in err
    assert main(["analyze", str(tmp_path / "gone.pyr.json")]) == 2
    assert capsys.readouterr().err.endswith("gone.pyr.json: No such file or directory\n")


def test_a_file_named_as_a_text_is_read_as_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    pos = pl.new("pyraos").play("1,1,0")
    name = "pyraos at the start white.pyr.json"  # (a game's name, a space)
    pos.save(name)
    assert pl.load(name) == pos  # the file, not the text its name spells
    assert pl.load(TEXT) == pl.from_text(TEXT)


def test_a_text_board_speaks_the_scripts_language(german) -> None:
    """``print(pos)`` in a script that speaks German (``i18n.use``): who is to move and
    Pyramid Ball's key under its board were English in every language (issue 108 item 3);
    the board's letters stay notation."""
    pos = pl.new("partition", size=3)
    assert str(pos).splitlines()[-1] == "Rot ist am Zug"
    ball = str(pl.new("ball")).splitlines()
    assert ball[-2].startswith("Rot L M S, Blau l m s, * der Träger des Balls; ")
    assert ball[-2].endswith("; Rot 0, Blau 0")
    assert ball[-1] == "Rot ist am Zug"


def test_a_text_board_is_english_as_it_was() -> None:
    ball = str(pl.new("ball")).splitlines()
    assert ball[-2].startswith("red L M S, blue l m s, * the ball's carrier; ")
    assert ball[-2].endswith("; red 0, blue 0")
