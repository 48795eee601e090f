"""The engine's analysis of a position (model.search.analyse): every legal move ranked once,
the prover's shortest win in the side's own moves, stop and progress, the game untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyramid_lab.model.files import read
from pyramid_lab.model.game import game_class, game_names
from pyramid_lab.model.search import Analysis, Limits, analyse, computer, knowledge_for
from pyramid_lab.model.search.alphabeta_agent import AlphaBetaAgent
from pyramid_lab.model.search.mcts_agent import MCTSAgent
from tests.conftest import make_partition
from tests.patience import StopAfterPlayouts, analyse_every_move

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Base 3: red's only win in one is 1,1,1 (tests/model/test_agents.py).
WIN_IN_ONE = dict(
    red=[(0, 2, 0), (2, 2, 0), (0, 1, 1), (0, 0, 2)],
    blue=[(0, 1, 0), (2, 1, 0), (1, 2, 0), (1, 0, 1)],
)


def snapshot(game):
    return game.position_key(), [str(m) for m in game.move_stack]


def test_a_win_in_one_is_proven_and_ranked_first():
    game = make_partition(3, **WIN_IN_ONE, study=False)
    before = snapshot(game)
    analysis = analyse(game, seconds=1.0, seed=1, knowledge=knowledge_for(game))
    assert snapshot(game) == before
    assert str(analysis.moves[0].move) == "1,1,1"
    assert analysis.moves[0].proven == "win"
    assert analysis.win is not None
    assert (analysis.win.side, analysis.win.moves, analysis.win.plies) == ("red", 1, 1)
    assert str(analysis.win.first_move) == "1,1,1"
    assert analysis.proven_text == "proven: red wins in 1 move (1,1,1)"
    assert analysis.win_rate == 1.0
    assert analysis.prover == "proven"
    assert sorted(str(s.move) for s in analysis.moves) == sorted(str(m) for m in game.legal_moves())


def test_every_move_is_searched_after_a_win_in_one():
    # Without every_move the search ends at once with the other moves unvisited.
    game = make_partition(3, **WIN_IN_ONE, study=False)
    analysis = analyse(game, seconds=1.0, seed=1, knowledge=knowledge_for(game))
    assert all(s.visits > 0 or s.proven for s in analysis.moves)


def test_a_win_for_the_other_side_marks_every_move_lost():
    # Red wins this puzzle in 2 with 0,1,0: after it, blue is lost whatever it plays.
    game = read(
        EXAMPLES.parent / "model/data/puzzles/partition/floating-4-win-in-2-c.pyr.json"
    ).game
    winner = game.to_move
    game.push(game.parse_move("0,1,0"))
    analysis = analyse(game, seconds=1.0, seed=2, knowledge=knowledge_for(game))
    assert analysis.win is not None
    assert (analysis.win.side, analysis.win.moves, analysis.win.plies) == (winner, 1, 2)
    assert analysis.win.first_move is None  # the winner is not to move
    assert analysis.win_rate == 0.0
    assert {s.proven for s in analysis.moves} == {"loss"}
    assert {s.win_rate for s in analysis.moves} == {0.0}
    assert analysis.proven_text == f"proven: {winner} wins in 1 move"


def test_pyraos_win_in_four_moves_counts_the_winners_moves():
    game = read(EXAMPLES / "pyraos/endgame-win-in-7.pyr.json").game
    analysis = analyse(game, seconds=2.0, knowledge=knowledge_for(game))
    assert analysis.win is not None
    assert (analysis.win.plies, analysis.win.moves) == (7, 4)
    assert str(analysis.moves[0].move) == "3,0,0"
    assert analysis.win.text == f"proven: {game.to_move} wins in 4 moves (3,0,0)"
    assert len(analysis.win.line) == 7


@pytest.mark.parametrize("name", game_names())
def test_every_legal_move_is_listed_once(name):
    game = game_class(name).new()
    if game.current_player() < 0:  # simultaneous turns: no side to move, no ranking
        with pytest.raises(ValueError, match="one player to move"):
            analyse(game, seconds=0.6, knowledge=knowledge_for(game))
        return
    game.push(game.legal_moves()[0])
    if computer.own_levels(game):  # chance nodes, scores: the game's own players, no analysis
        with pytest.raises(ValueError, match="no engine analysis"):
            analyse(game, seconds=0.6, knowledge=knowledge_for(game))
        return
    analysis = analyse_every_move(game, seed=3)  # (in 0.6 s, at load 10: some moves)
    listed = [str(s.move) for s in analysis.moves]
    assert sorted(listed) == sorted(str(m) for m in game.legal_moves())
    assert len(set(listed)) == len(listed)
    assert 0 <= analysis.win_rate <= 1
    assert all(0 <= s.win_rate <= 1 for s in analysis.moves)


def test_terrace_ranked_list_is_best_first_by_visits():
    game = read(EXAMPLES / "terrace/opening.pyr.json").game
    analysis = analyse_every_move(game)  # 340 playouts, whatever the machine's load
    # Allmer's Pyramid has a compiled kernel: the strong level is its compiled MCTS
    assert analysis.agent in ("mcts", "mcts-rave")
    # an MCTS ranks by visits (the robust child), as the pure-Python one does
    visits = [s.visits for s in analysis.moves if s.proven is None]
    assert len(visits) > 1
    assert visits == sorted(visits, reverse=True)
    assert sum(visits) > 100  # more than the pure-Python agent would order by score


def test_alphabeta_every_move_scores_exactly():
    # The plain search only bounds the moves after the best; every_move scores each exactly,
    # so a move's score does not depend on where it came in the order.
    game = read(EXAMPLES / "terrace/opening.pyr.json").game
    plain = AlphaBetaAgent().choose(game, Limits(depth=2))
    exact = AlphaBetaAgent(every_move=True).choose(game, Limits(depth=2))
    assert exact.move is not None
    assert len(exact.stats) == len(plain.stats) == len(game.legal_moves())
    best = exact.stats[0].score
    assert best == plain.stats[0].score
    by_move = {s.move: s.score for s in exact.stats}
    for stat in plain.stats[1:]:
        assert by_move[stat.move] <= stat.score  # the plain score was an upper bound


def test_mcts_every_move_goes_on_after_the_root_is_proven():
    game = make_partition(3, **WIN_IN_ONE, study=False)
    plain = MCTSAgent(seed=5).choose(game, Limits(playouts=300))
    every = MCTSAgent(seed=5, every_move=True).choose(game, Limits(playouts=300))
    assert plain.visits == 0
    assert every.visits > 0
    assert str(every.move) == str(plain.move) == "1,1,1"
    assert every.proven == "win"


def test_progress_and_stop():
    game = game_class("partition").new()
    seen = []
    analyse(
        game,
        seconds=0.8,
        progress=lambda f, t: seen.append((f, t)),
        seed=6,
        knowledge=knowledge_for(game),
    )
    assert len(seen) >= 3
    fractions = [f for f, _ in seen]
    assert all(0 <= f <= 1 for f in fractions)
    assert fractions[-1] == 1.0
    assert any(t.startswith("prover") for _, t in seen)
    # stopped once the search has run playouts enough to reach every move (after a time
    # instead, 0.2 s, a machine at load 10 had reached 6 of the 55): the long analysis ends
    # then, with every move ranked and the prover not started
    legal = len(game.legal_moves())
    stop = StopAfterPlayouts(20 * legal)
    analysis = analyse(
        game, seconds=120, progress=stop.progress, stop=stop, seed=6, knowledge=knowledge_for(game)
    )
    assert stop.seen >= 20 * legal
    # wall-clock: a stop checked against the 120 s asked, with half of them as slack
    assert analysis.seconds < 60  # long before the 120 s asked, however busy the machine
    assert analysis.stopped
    assert len(analysis.moves) == legal
    assert analysis.prover.startswith("unknown")


def test_a_finished_game_and_json():
    game = read(EXAMPLES / "partition/t1-red-wins-small.pyr.json").game
    analysis = analyse(game, seconds=0.5, knowledge=knowledge_for(game))
    assert analysis.moves == ()
    assert analysis.win_rate is None
    assert analysis.result == "red"
    assert analysis.evaluation_text == "the game is over: red won"
    running = analyse(
        make_partition(3, **WIN_IN_ONE, study=False),
        seconds=0.5,
        seed=1,
        knowledge=knowledge_for("partition"),
    )
    for item in (analysis, running):
        assert isinstance(item, Analysis)
        line = json.loads(json.dumps(item.to_json()))
        assert line["game"] == "partition"
        assert len(line["moves"]) == len(item.moves)
    assert json.loads(json.dumps(running.to_json()))["win"]["first_move"] == "1,1,1"


def test_bad_seconds():
    with pytest.raises(ValueError, match="seconds"):
        analyse(game_class("partition").new(), seconds=0, knowledge=knowledge_for("partition"))
