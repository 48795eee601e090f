"""The compiled searches against the pure-Python ones: the df-pn prover's answers and
shortest wins on random positions of the three games, and the solver's values of the empty
base-3 Partition pyramid (checked once by a plain memoised negamax over the model: floating,
the first player wins in 11 plies; stacking, the second player wins in 14)."""

from __future__ import annotations

import random

import pytest

from pyramid_lab.model.game import game_class
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.model.search import Prover, knowledge_for, solve
from pyramid_lab.model.terrace import Terrace
from tests.model.handed import solver_for


def random_positions(new, count: int, plies: range, seed: str) -> list:
    """Positions after random play, without their history (as the searches take them)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = new()
        for _ in range(rng.choice(plies)):
            if game.is_over():
                break
            game.push(rng.choice(game.legal_moves()))
        if not game.is_over():
            found.append(type(game).from_setup(game.options, game.to_move, game.pieces()))
    return found


CASES = [  # (name, new game, random plies before, within)
    ("partition-3", lambda: Partition.new(PartitionOptions(3)), range(3, 9), 6),
    (
        "partition-3-stacking",
        lambda: Partition.new(PartitionOptions(3, "stacking")),
        range(4, 10),
        6,
    ),
    ("partition-4", lambda: Partition.new(PartitionOptions(4)), range(14, 20), 5),
    ("pyraos-children", lambda: Pyraos.new(PyraosOptions("children")), range(26, 29), 7),
    ("pyraos", lambda: Pyraos.new(), range(24, 60), 5),
    ("terrace", lambda: Terrace.new(), range(40, 90), 3),
]


@pytest.mark.parametrize(("name", "new", "plies", "within"), CASES, ids=[c[0] for c in CASES])
def test_the_compiled_prover_answers_as_the_reference(name, new, plies, within):
    proven = 0
    for game in random_positions(new, 8, plies, name):
        for side in game.players:
            reference = Prover(
                game, side, compiled=False, max_seconds=20, knowledge=knowledge_for(game)
            )
            compiled = Prover(game, side, knowledge=knowledge_for(game))
            assert compiled._compiled is not None
            expected = reference.shortest(within)
            assert compiled.shortest(within) == expected, (game.pieces(), side)
            proven += expected is not None
    assert proven > 0  # the sample has wins to find


def test_the_compiled_prover_refuses_where_history_counts():
    game = game_class("terrace").new()
    for text in ("a7-a6", "a1-a2", "a6-a7", "a2-a1") * 2:
        game.push_text(text)
    assert game.repeats_in_history()
    assert (
        Prover(game, "white", knowledge=knowledge_for(game))._compiled is None
    )  # the reference searches it


@pytest.mark.parametrize(
    ("version", "value", "plies", "best"),
    [("floating", "win", 11, "0,0,2"), ("stacking", "loss", 14, None)],
)
def test_the_solver_settles_the_empty_base_3_pyramid(version, value, plies, best):
    game = Partition.new(PartitionOptions(3, version))
    result = solve(
        game, table_mb=64, max_seconds=60, book=False, knowledge=knowledge_for(game)
    )  # the book has them
    assert result.path == "compiled"  # the door takes the compiled solver
    assert (result.value, result.plies, result.plies_exact) == (value, plies, True)
    assert result.stopped is None
    if best is not None:
        assert result.best_move == best
    assert result.first_moves[0][1] == value if value == "win" else True


@pytest.mark.parametrize(("version", "value"), [("floating", "win"), ("stacking", "loss")])
def test_the_open_question_over_every_empty_point_is_asked_once(version, value):
    # "does the other side win?" is the dual of "does the mover?" where the game ends with a
    # winner within the empty points: the solver asks only the mover's (half the work)
    game = Partition.new(PartitionOptions(3, version))
    solver = solver_for(game, table_mb=64, max_seconds=60)
    solver.QUICK_DEPTH = 1  # straight to the open questions
    asked = []
    ask = solver._ask

    def spy(mover_wins, depth):
        asked.append((mover_wins, depth))
        return ask(mover_wins, depth)

    solver._ask = spy
    result = solver.solve()
    assert (result.value, result.stopped) == (value, None)
    assert [q for q in asked if q[1] >= 13] == [(True, 13)]  # 14 empty points
    if value == "win":
        assert (result.plies, result.plies_exact) == (11, True)  # tightened as before
    else:  # every first move is known to lose, by the disproof, with no length
        assert {(v, plies) for _, v, plies in result.first_moves} == {("loss", None)}


def test_the_solver_answers_at_once_for_a_finished_game():
    game = Partition.new(PartitionOptions(2))
    for text in ("0,0,0", "1,1,0", "1,0,0", "0,0,1", "0,1,0"):
        game.push_text(text)
    assert game.is_over()
    result = solve(game, table_mb=1, knowledge=knowledge_for(game))
    assert (result.value, result.plies) == ("loss", 0)


def test_compiled_mcts_sees_a_win_by_leaving_no_move():
    """Allmer's Pyramid where the last stones stay: c6xg6 leaves black no move, which the
    kernel's end test does not carry. The root's moves are checked for it, as the
    reference MCTS does; before, 4,000 playouts never visited the move."""
    from pathlib import Path

    from pyramid_lab.model.files import read
    from pyramid_lab.model.search.choice import Limits
    from pyramid_lab.model.search.compiled.agent import CompiledMCTSAgent
    from tests.model.handed import adapter_for

    root = Path(__file__).resolve().parents[2]
    game = read(root / "model/data/puzzles/terrace/stones-stay-win-in-1-a.pyr.json").game
    assert not game.options.last_stones_lose
    choice = CompiledMCTSAgent(adapter_for, seed=1).choose(game, Limits(playouts=200))
    assert str(choice.move) == "c6xg6"
    assert choice.proven == "win"
