"""The prover (model.search.prove / Prover): the example endgames and small Partition positions,
wrong claims disproven, repetitions a failure for the prover, stop and progress."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from pyramid_lab.model.files import read
from pyramid_lab.model.search import Prover, knowledge_for, prove, puzzles, solve
from pyramid_lab.model.search.registry import plugin_for

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name):
    return read(EXAMPLES / f"{name}.pyr.json").game


# (example, side, shortest win in plies, its first move or None when the side is not to
# move); each checked against the Solver where it settles the position quickly.
WINS = [
    ("pyraos/endgame-win-in-7", "black", 7, "3,0,0"),
    ("pyraos/endgame-loss-in-8", "white", 8, None),  # black to move loses in 8
    ("pyraos/alternate-pass", "white", 8, None),
    ("pyraos/top-in-one", "black", 1, "0,0,3"),
    ("partition/t4-anchored-sheet", "red", 3, "0,0,0"),
    ("partition/t5-around-a-corner-ball", "red", 3, "2,0,0"),
    ("partition/stacking-support", "blue", 9, "2,0,0"),
    ("partition/unanchored-sheet-apex", "blue", 4, None),  # red to move loses in 4
]


@pytest.mark.parametrize(("name", "side", "plies", "move"), WINS)
def test_example_wins(name, side, plies, move):
    game = example(name)
    before = game.position_key(), len(game.move_stack)
    proof = prove(game, side, plies + 2, knowledge=knowledge_for(game))
    assert (proof.result, proof.plies) == ("proven", plies)
    assert (None if proof.winning_move is None else str(proof.winning_move)) == move
    assert len(proof.line) == plies
    # a claim one win shorter is disproven, and the other side never wins
    assert prove(game, side, plies - 1, knowledge=knowledge_for(game)).result == "disproven"
    assert (
        prove(game, game.other(side), plies + 2, knowledge=knowledge_for(game)).result
        == "disproven"
    )
    assert (game.position_key(), len(game.move_stack)) == before
    # the Solver agrees
    result = solve(game, max_seconds=10, knowledge=knowledge_for(game))
    assert result.value == ("win" if side == game.to_move else "loss")
    assert result.plies == plies


def test_line_replays_to_the_win():
    game = example("pyraos/endgame-loss-in-8").copy()
    proof = prove(game, "white", 8, knowledge=knowledge_for(game))
    for text in proof.line:
        game.push_text(text)
    assert game.outcome() is not None
    assert game.outcome().winner == "white"


def test_lone_apex_is_settled():
    """T3 (base 3, a red ball on the apex, blue to move): red wins, which the Solver does
    not settle in 20 s. The shortest win is 10 plies (see the benchmark)."""
    proof = prove(
        example("partition/t3-lone-apex"),
        "red",
        13,
        shortest=False,
        line=False,
        knowledge=knowledge_for("partition"),
    )
    assert proof.result == "proven"
    assert proof.seconds < 30  # wall-clock: 0.4 s at load 5: only a search gone wrong takes 30


def test_first_moves_lists_every_win():
    game = example("pyraos/endgame-win-in-7")
    assert [
        (str(m), p) for m, p in puzzles.first_moves(game, "black", 7, knowledge=knowledge_for(game))
    ] == [("3,0,0", 7)]
    assert puzzles.first_moves(game, "black", 6, knowledge=knowledge_for(game)) == []
    with pytest.raises(ValueError, match="not to move"):
        puzzles.first_moves(game, "white", 7, knowledge=knowledge_for(game))
    proof = prove(
        game, "black", 7, first_moves=True, knowledge=knowledge_for(game)
    )  # the same, from the proof's table
    assert [(str(m), p) for m, p in proof.first_moves] == [("3,0,0", 7)]
    assert proof.to_json()["first_moves"] == [["3,0,0", 7]]
    assert (
        prove(game, "black", 7, knowledge=knowledge_for(game)).first_moves == ()
    )  # only when asked


def test_best_defence_resists_longest():
    game = example("pyraos/endgame-loss-in-8")
    assert len(prove(game, "white", 10, knowledge=plugin_for(game)).line) == 8
    assert prove(game, "black", 10, knowledge=plugin_for(game)).line == ()


def test_a_rule_draw_by_repetition_fails_the_prover():
    # Black to move; a2-a1 repeats the start a third time: a draw, which refutes any claim
    # that White wins, however long
    game = example("terrace/repetition")
    for within in (1, 2, 4):
        assert prove(game, "white", within, knowledge=knowledge_for(game)).result == "disproven"
    game.push_text("a2-a1")
    assert game.outcome().winner is None
    game.pop()


def test_a_position_repeating_on_the_path_fails_the_prover():
    # the pure-Python search (the compiled one keeps its own line)
    game = example("pyraos/top-in-one")
    prover = Prover(game, "black", compiled=False, knowledge=knowledge_for(game))
    after = game.copy()
    after.push_text("0,0,3")
    prover._path.add(after.position_key())  # as if the search had been there already
    assert not prover.wins_within(1)
    prover._path.clear()
    assert prover.wins_within(1)  # the disproof that the repetition caused was not kept


def test_stop_and_time_limit_give_unknown():
    game = example("partition/t3-lone-apex")
    event = threading.Event()
    event.set()
    proof = prove(game, "red", 13, stop=event, knowledge=knowledge_for(game))
    assert (proof.result, proof.stopped) == ("unknown", "interrupted")
    proof = prove(game, "red", 13, max_seconds=0.05, knowledge=knowledge_for(game))
    assert (proof.result, proof.stopped) == ("unknown", "time limit")


def test_progress_reports_fractions():
    seen = []
    prove(
        example("partition/t3-lone-apex"),
        "blue",
        13,
        max_seconds=0.6,
        progress=lambda fraction, text: seen.append((fraction, text)),
        knowledge=knowledge_for("partition"),
    )
    assert all(0 <= f <= 1 for f, _ in seen)
    assert seen[-1][0] == 1.0
