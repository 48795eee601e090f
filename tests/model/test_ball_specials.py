"""Pyramid Ball's special moves chosen by the scored-on player (the sheet: "When the
opposing team scores a point, you may select one of the special move pyramids to keep
behind your player screen ... you will have gained all of the special move pyramids by
your opponents 3rd score"): a turn node of the chooser's, its moves in files, older files
without choices, and the computer's choice."""

from __future__ import annotations

import json

import pytest

from pyramid_lab.model.ball import PyramidBall, SpecialChoice
from pyramid_lab.model.ball.rules import parse_square
from pyramid_lab.model.files import dumps, loads
from pyramid_lab.model.game import SIMULTANEOUS, IllegalMoveError, PositionFormatError
from pyramid_lab.model.teaching import teaching_for

pytestmark = pytest.mark.usefixtures("ball_registered")

SIZE = {"L": 3, "M": 2, "S": 1}
ADVANCED = {"mode": "advanced"}


def setup(to_move="red", state=None, options=None, **squares) -> PyramidBall:
    pieces = []
    for name, text in squares.items():
        sq = parse_square(text)
        pieces.append(((sq % 7, sq // 7, SIZE[name[1]]), "red" if name[0] == "r" else "blue"))
    raw = options or ADVANCED
    return PyramidBall.from_setup_state(
        PyramidBall.parse_options(raw), to_move, pieces, state or {"ball": "M"}
    )


TACKLE = "S,F,S | S,F,S"  # the spec's S1 from the formation: blue tackles on d4


def test_the_scored_on_player_chooses_and_one_left_is_no_choice():
    game = PyramidBall.new(PyramidBall.parse_options(ADVANCED))
    game.push(game.parse_move(TACKLE))
    assert game.current_player() == 0
    assert game.choosing == "red"
    assert game.legal_move_count() == 3
    assert game.perft(1) == 3
    assert game.search_moves() == game.legal_moves()
    game.push(game.parse_move("red takes quick pass"))  # a space is accepted in the text
    assert game.specials("red") == ["quick_pass"]
    assert game.last_effect() is None
    assert game.last_turn().points == (("tackle", "blue"),)
    # blue's second and third points against red: a choice of two, then none (the last
    # special move is taken at once)
    for blue, left in ((1, ["dash", "blitz"]), (2, [])):
        game = PyramidBall.from_setup_state(
            game.options,
            "red",
            PyramidBall.new().pieces(),
            {"scores": {"blue": blue}, "specials": {"red": game.specials("red")}},
        )
        game.push(game.parse_move(TACKLE))
        assert [c.special for c in game.choices()] == left
        if left:
            game.push(game.parse_move("red takes blitz"))
    assert game.choosing is None
    assert game.current_player() == SIMULTANEOUS
    assert game.specials("red") == ["dash", "quick_pass", "blitz"]


def test_the_choice_node_refuses_turns_and_wrong_choices():
    game = PyramidBall.new(PyramidBall.parse_options(ADVANCED))
    game.push(game.parse_move(TACKLE))
    with pytest.raises(IllegalMoveError, match="red chooses a special move first"):
        game.push(game.parse_move("S,S,S | S,S,S"))
    with pytest.raises(IllegalMoveError, match="not blue"):
        game.push(SpecialChoice("blue", "dash"))
    game.push(game.parse_move("red takes dash"))
    with pytest.raises(IllegalMoveError, match="no special move to choose now"):
        game.push(game.parse_move("red takes blitz"))


def test_a_game_with_choices_round_trips_in_a_file():
    game = PyramidBall.new(PyramidBall.parse_options(ADVANCED))
    game.push(game.parse_move(TACKLE))
    game.push(game.parse_move("red takes blitz"))
    game.push(game.parse_move("!F,S,S | S,S,S"))  # red (its program first), on defence: Blitz
    doc = json.loads(dumps(game))
    assert doc["history"][1] == "takes blitz"
    assert doc["state"]["specials"]["red"] == []
    # gained Blitz, used it: not what an older file's fixed order would say (Dash)
    assert doc["state"]["specials_gained"] == {"red": ["blitz"], "blue": []}
    again = loads(dumps(game)).game
    assert again.position_key() == game.position_key()
    # the position alone, as a set-up with its state (no history)
    fresh = PyramidBall.from_setup_state(game.options, "blue", game.pieces(), doc["state"])
    assert fresh.position_key() == game.position_key()


def test_a_pending_choice_round_trips_and_to_move_is_the_chooser():
    game = PyramidBall.new(PyramidBall.parse_options(ADVANCED))
    game.push(game.parse_move(TACKLE))
    state = game.file_state()
    assert state["choosing"] == ["red"]
    assert state["offence"] == "blue"
    doc = json.loads(dumps(game))
    assert doc["to_move"] == "red"
    fresh = PyramidBall.from_setup_state(game.options, "red", game.pieces(), state)
    assert fresh.position_key() == game.position_key()
    assert fresh.choosing == "red"
    assert fresh.offence == 1
    words = teaching_for(fresh)
    assert "red chooses a special move: dash, quick_pass, blitz" in words.explain(fresh)
    assert teaching_for(fresh).summary(fresh)["choices"] == ["dash", "quick_pass", "blitz"]


@pytest.mark.parametrize(
    ("to_move", "state", "says"),
    [
        ("red", {"choosing": ["red"]}, "offence"),
        ("blue", {"choosing": ["red"], "offence": "blue"}, "red is still to choose a special move"),
        ("red", {"choosing": ["green"], "offence": "blue"}, "red and blue"),
        ("red", {"offence": "blue"}, "only with 'choosing'"),
        ("red", {"scores": {"blue": 1}, "specials_gained": {"red": []}}, "not 1"),
        (
            "red",
            {
                "scores": {"blue": 1},
                "specials": {"red": ["blitz"]},
                "specials_gained": {"red": ["dash"]},
            },
            "has not gained",
        ),
        (
            "red",
            {
                "scores": {"blue": 3},
                "specials_gained": {"red": ["dash", "blitz"]},
                "choosing": ["red"],
                "offence": "red",
            },
            "fewer than two",
        ),
    ],
)
def test_bad_choice_states_name_the_key(to_move, state, says):
    with pytest.raises(PositionFormatError, match=says):
        PyramidBall.from_setup_state(
            PyramidBall.parse_options(ADVANCED), to_move, PyramidBall.new().pieces(), state
        )


def test_an_older_history_without_choices_replays_in_the_fixed_order():
    """Files written before the choice: a turn that comes while a choice is pending takes
    the first special move left (Dash, Quick Pass, Blitz), as they were played."""
    game = PyramidBall.new(PyramidBall.parse_options(ADVANCED))
    doc = json.loads(dumps(game))
    doc["history"] = [TACKLE, "S,S,S | S,S,S"]
    doc["start"] = "pieces"  # replayed onto the formation
    again = loads(json.dumps(doc)).game
    full = [str(game.parse_move(t)) for t in (TACKLE, "S,S,S | S,S,S")]
    full.insert(1, "takes dash")
    assert [str(m) for m in again.move_stack] == full
    assert again.specials("red") == ["dash"]


def test_the_computer_chooses_a_special_move_at_every_level():
    from pyramid_lab.model.search import Limits, agent_for, knowledge_for

    game = PyramidBall.new(PyramidBall.parse_options(ADVANCED))
    game.push(game.parse_move(TACKLE))
    for level in ("easy", "medium", "strong"):
        agent, _limits = agent_for(game, level, seed=1, player=0, knowledge=knowledge_for(game))
        choice = agent.choose(game, Limits(playouts=60))
        assert isinstance(choice.move, SpecialChoice)
        assert game.why_illegal(choice.move) is None
    # red is on defence next turn: with nothing else between them, Blitz (defence only)
    # is the one it can use at once
    agent, _ = agent_for(game, "medium", seed=2, player=0, knowledge=knowledge_for(game))
    stats = agent.choose(game, Limits(playouts=90)).stats
    assert {s.move.special for s in stats} == {"dash", "quick_pass", "blitz"}


def test_resolve_takes_the_pending_choice_first_and_reports_every_point():
    game = setup(rL="b3", rM="d4", rS="e4", bL="b6", bM="d5", bS="f6")
    result = game.resolve_text("S,S,S/S,S,L", "S,F,S")
    assert result["points"] == [
        {"event": "tackle", "scorer": "blue"},
        {"event": "tackle", "scorer": "red"},
    ]
    assert result["choosing"] == "red"
    assert result["choices"] == ["dash", "quick_pass", "blitz"]
    with pytest.raises(IllegalMoveError, match="give it with --choose"):
        game.resolve_text("S", "S")
    with pytest.raises(IllegalMoveError, match="red may take"):
        game.resolve_text("S", "S", ["warp"])
    assert game.choosing == "red"  # untouched
    result = game.resolve_text("S", "S", ["blitz", "dash"])
    assert result["specials"] == {"red": ["blitz"], "blue": ["dash"]}
    assert [str(m) for m in game.move_stack[-3:]] == [
        "takes blitz",
        "takes dash",
        "S,S,S/S,S,S/S,S,S | S,S,S/S,S,S/S,S,S",
    ]
