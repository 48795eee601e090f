"""Puzzles: the goal in files, and verification (proof, key move, cooks, defence)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyramid_lab.model.files import dumps, loads, read
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.puzzle import goal_of
from pyramid_lab.model.search import knowledge_for, verify
from tests.patience import WAIT_S

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _with_puzzle(example: str, puzzle) -> str:
    raw = json.loads((EXAMPLES / example).read_text())
    raw["puzzle"] = puzzle
    return json.dumps(raw)


PYRAOS_WIN_IN_7 = "pyraos/endgame-win-in-7.pyr.json"  # black to move wins in 7 plies, only by 3,0,0
PARTITION_T5 = "partition/t5-around-a-corner-ball.pyr.json"  # red wins in 3 by three moves


def test_a_true_puzzle_is_verified_with_its_defence():
    doc = loads(_with_puzzle(PYRAOS_WIN_IN_7, {"goal": "black wins in 4", "solution": ["3,0,0"]}))
    assert doc.puzzle["goal"] == {"side": "black", "result": "win", "within": 7}
    verdict = verify(
        doc.game, doc.puzzle, max_seconds=WAIT_S, knowledge=knowledge_for(doc.game)
    )  # (no load reaches it)
    assert verdict.verified, verdict.reason()
    assert verdict.plies == 7
    assert verdict.cooks == []
    assert verdict.defence[0] == "3,0,0"
    assert len(verdict.defence) == 7
    assert doc.game.move_stack == []  # verification leaves the game as it was


def test_a_goal_one_ply_too_short_is_rejected():
    goal = {"side": "black", "result": "win", "within": 6}
    doc = loads(_with_puzzle(PYRAOS_WIN_IN_7, {"goal": goal}))
    verdict = verify(
        doc.game, doc.puzzle, max_seconds=WAIT_S, knowledge=knowledge_for(doc.game)
    )  # (no load reaches it)
    assert not verdict.verified
    assert verdict.result == "disproven"
    assert "cannot be forced" in verdict.reason()


def test_a_cooked_puzzle_lists_its_cooks():
    goal = {"side": "red", "result": "win", "within": 3}
    doc = loads(_with_puzzle(PARTITION_T5, {"goal": goal, "solution": ["2,0,0"]}))
    verdict = verify(
        doc.game, doc.puzzle, max_seconds=WAIT_S, knowledge=knowledge_for(doc.game)
    )  # (no load reaches it)
    assert verdict.verified
    assert sorted(verdict.cooks) == ["0,0,2", "0,2,0"]


def test_a_wrong_key_move_fails():
    goal = {"side": "red", "result": "win", "within": 3}
    doc = loads(_with_puzzle(PARTITION_T5, {"goal": goal, "solution": ["2,1,0"]}))
    verdict = verify(
        doc.game, doc.puzzle, max_seconds=WAIT_S, knowledge=knowledge_for(doc.game)
    )  # (no load reaches it)
    assert verdict.result == "proven"
    assert verdict.solution_ok is False
    assert not verdict.verified
    assert "2,1,0 does not reach the goal" in verdict.reason()


def test_a_solution_that_does_not_replay_is_said_but_the_file_still_reads():
    goal = {"side": "black", "result": "win", "within": 7}
    doc = loads(_with_puzzle(PYRAOS_WIN_IN_7, {"goal": goal, "solution": ["0,0,0"]}))
    verdict = verify(
        doc.game, doc.puzzle, max_seconds=WAIT_S, knowledge=knowledge_for(doc.game)
    )  # (no load reaches it)
    assert not verdict.verified
    assert "does not replay" in verdict.reason()


@pytest.mark.parametrize(
    ("goal", "key", "reason"),
    [
        ({"side": "green", "within": 3}, "puzzle.goal.side", "must be 'white' or 'black'"),
        ({"side": "black", "within": 0}, "puzzle.goal.within", "from 1 to 200"),
        ({"side": "black", "within": True}, "puzzle.goal.within", "from 1 to 200"),
        ({"side": "black", "result": "draw", "within": 3}, "puzzle.goal.result", "only 'win'"),
        ({"side": "black", "within": 3, "by": 1}, "puzzle.goal.by", "unknown key"),
        (["black", 3], "puzzle.goal", "must be"),
        # the short form: a number of thousands of digits was a ValueError out of int()
        ("black wins in " + "9" * 5000, "puzzle.goal", "not a number of 5000 digits"),
        ("black wins in 0", "puzzle.goal", "N must be 1 to 100 moves, not 0"),
        ("black wins in 101", "puzzle.goal", "N must be 1 to 100 moves, not 101"),
    ],
    ids=lambda value: value[:30] if isinstance(value, str) else None,
)
def test_bad_goals_are_named(goal, key, reason):
    with pytest.raises(PositionFormatError) as info:
        loads(_with_puzzle(PYRAOS_WIN_IN_7, {"goal": goal}))
    assert info.value.key == key
    assert reason in str(info.value)


def test_a_goal_in_words_still_reads_and_is_not_verifiable():
    doc = read(EXAMPLES / "terrace/repetition.pyr.json")
    assert isinstance(doc.puzzle["goal"], str)
    assert goal_of(doc.puzzle) is None
    with pytest.raises(ValueError, match="states no goal"):
        verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))


def test_the_goal_survives_saving():
    puzzle = {"title": "t", "goal": "black wins in 4", "solution": ["3,0,0"]}
    doc = loads(_with_puzzle(PYRAOS_WIN_IN_7, puzzle))
    again = loads(dumps(doc.game, doc.puzzle))
    assert again.puzzle == doc.puzzle


def test_a_game_of_chance_is_refused_before_any_search():
    """Rolling Pyramids has dice: Verify and the prover refuse it, saying why, whether or
    not the file states a goal (the prover would take a roll for a player's move)."""
    from pyramid_lab.model.rolling import RollingPyramids
    from pyramid_lab.model.search import knowledge_for, prove

    game = RollingPyramids.new()
    assert game.has_chance
    goal = {"goal": {"side": "red", "result": "win", "within": 3}}
    for puzzle in (goal, {}):
        with pytest.raises(ValueError, match=r"game of chance \(dice\): forced wins are proven"):
            verify(game, puzzle, knowledge=knowledge_for(game))
    with pytest.raises(ValueError, match="Rolling Pyramids is a game of chance"):
        prove(game, "red", 3, knowledge=knowledge_for(game))


def test_only_games_with_chance_nodes_say_so():
    from pyramid_lab.model.game import CHANCE, game_class, game_names

    for name in game_names():
        cls = game_class(name)
        game = cls.new()
        seen_chance = False
        for _ in range(60):
            if game.is_over():
                break
            if game.current_player() == CHANCE:
                seen_chance = True
                game.push(game.chance_outcomes()[0][0])
            elif game.current_player() < 0:
                break  # a simultaneous node: no chance in it
            else:
                game.push(game.legal_moves()[0])
        assert cls.has_chance == seen_chance, name
