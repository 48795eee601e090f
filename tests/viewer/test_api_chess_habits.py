"""python-chess's last habits in the scripting API (issue 109 item 11, docs/api.md
"python-chess's habits"): ``push`` on the position itself, ``turn``, ``is_game_over``,
``result``, ``fen`` and ``peek``; ``is_legal`` of text that is no move is False; ``svg``
takes what ``chess.svg.board`` takes where it fits (orientation, flipped, a last move,
arrows, marked points, a size)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import pyramid_lab as pl

SVG = "{http://www.w3.org/2000/svg}"


def test_push_plays_on_the_position_itself() -> None:
    pos = pl.new("partition", size=3, version="stacking")
    assert pos.push("1,1,0") is None  # type: ignore[func-returns-value]
    assert pos.ply == 1
    assert pos.turn == "blue"
    pos.push(pos.legal_moves()[0])
    assert [str(m) for m in pos.history] == ["1,1,0", "0,0,0"]
    assert str(pos.peek()) == "0,0,0"
    with pytest.raises(pl.IllegalMoveError):
        pos.push("1,1,0")
    with pytest.raises(pl.InvalidMoveError):
        pos.push("x")
    assert pos.ply == 2  # an error leaves it as it was
    with pytest.raises(IndexError, match="start of its history"):
        pl.new("pyraos").peek()


def test_a_pushed_file_position_is_the_game_alone() -> None:
    pos = pl.load("puzzle:partition/floating-3-win-in-1-a")
    assert pos.puzzle
    pos.push("0,0,0")
    assert pos.puzzle == {}
    assert pos.is_game_over()


@pytest.mark.parametrize("name", sorted(pl.games()))
def test_turn_game_over_and_result_follow_a_game(name: str) -> None:
    pos = pl.new(name)
    rng = random.Random(3)
    assert pos.result() == "*"
    assert not pos.is_game_over()
    while not pos.is_game_over():
        assert pos.turn == pos.to_move
        assert pos.result() == "*"
        pos.push(pos.random_move(rng))
        assert pos.ply < 3000
    outcome = pos.outcome()
    assert outcome is not None
    if len(pos.players) == 2:
        expected = {pos.players[0]: "1-0", pos.players[1]: "0-1", None: "1/2-1/2"}
        assert pos.result() == expected[outcome.winner]
    else:
        assert pos.result() == outcome.result


def test_a_draw_and_a_second_player_s_win_are_written_as_python_chess_writes_them() -> None:
    full = pl.load("example:partition/t6-full-red-wins")
    assert full.result() == "1-0"
    blue = pl.load("example:partition/full-base4-blue-wins")
    assert blue.result() == "0-1"


def test_fen_is_the_position_text() -> None:
    pos = pl.new("pyraos").play("1,1,0")
    assert pos.fen() == pos.to_text()
    assert pl.from_text(pos.fen()) == pos


def test_is_legal_of_text_that_is_no_move_is_false() -> None:
    for name in sorted(pl.games()):
        pos = pl.new(name)
        assert pos.is_legal("x") is False
        assert pos.is_legal("") is False
        assert pos.is_legal("1,1") is False or name != "partition"
    with pytest.raises(TypeError, match="a move or its text"):
        pl.new("pyraos").is_legal(3)  # type: ignore[arg-type]


# ---- svg, as chess.svg.board takes it --------------------------------------------------------


def shapes(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter())


def strokes(svg: str) -> set[str]:
    """The stroke colours of the picture's style sheet's rules."""
    sheet = ET.fromstring(svg).find(f"{SVG}style")
    assert sheet is not None
    assert sheet.text
    return {
        rule.split("stroke:")[1].split(";")[0]
        for rule in sheet.text.split("}")
        if "stroke:" in rule
    }


def test_svg_marks_a_last_move() -> None:
    pos = pl.new("partition", size=3).play("1,1,0")
    plain, marked = pos.svg(), pos.svg(lastmove=pos.peek())
    assert marked != plain
    assert marked == pos.svg(lastmove="1,1,0")
    assert "#ff7300" in strokes(marked)  # the "selected" rim (a hint's source)
    assert pos.svg(lastmove="0,0,0") != plain  # a legal move here
    with pytest.raises(ValueError, match="neither the last move nor a legal move"):
        pos.play("0,0,0").svg(lastmove="1,1,0")  # played, but not last


def test_svg_draws_arrows_and_marked_points() -> None:
    pos = pl.new("terrace")
    plain = pos.svg()
    arrowed = pos.svg(arrows=[((0, 0), (0, 2)), ("3,3", "4,4", "red")])
    assert arrowed != plain
    assert len([e for e in shapes(arrowed) if e.tag == f"{SVG}polyline"]) == 2
    marked = pos.svg(squares=["3,3", (0, 0)])
    assert marked != plain
    with pytest.raises(ValueError, match="not a point of this board"):
        pos.svg(squares=[(40, 40)])
    with pytest.raises(ValueError, match="is not a point"):
        pos.svg(arrows=[("a1", "a2")])
    with pytest.raises(ValueError, match="not an arrow's colour"):
        pos.svg(arrows=[((0, 0), (0, 1), "purple")])
    with pytest.raises(TypeError, match="arrows must be a list"):
        pos.svg(arrows="0,0")  # type: ignore[arg-type]


def test_svg_turns_the_board_for_the_second_player_and_keeps_words_upright() -> None:
    pos = pl.new("terrace")
    first, second = pos.players
    assert pos.svg(orientation=first) == pos.svg()
    turned = pos.svg(orientation=second)
    assert turned == pos.svg(flipped=True) != pos.svg()
    assert pos.svg(orientation=second, flipped=True) == pos.svg()
    root = ET.fromstring(turned)
    group = root.find(f"{SVG}g")
    assert group is not None
    assert group.get("transform", "").startswith("rotate(180 ")
    texts = list(root.iter(f"{SVG}text"))
    assert texts
    assert all(t.get("transform", "").startswith("rotate(180 ") for t in texts)
    with pytest.raises(ValueError, match="orientation must be a player"):
        pos.svg(orientation="green")


def test_svg_s_size_is_its_longer_side() -> None:
    root = ET.fromstring(pl.new("ball").svg(size=300, orientation="blue"))
    assert max(int(root.get("width", "0")), int(root.get("height", "0"))) == 300
