"""Issue 109 item 20: where the book does not know a position's own value but proves some
of its moves lost, every front end says how many (``analyze --engine --text`` said "win
rate 69% ... best 0,3,0" with 21 of 48 moves proven lost): the evaluation (the command's
text, the Analysis dock, the API), the proven line (the window's status line), the JSON
and a notebook's repr."""

from __future__ import annotations

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.search import Analysis, MoveStat


def unknown_with_lost_moves() -> Analysis:
    moves = Partition.new(PartitionOptions(3)).legal_moves()
    stats = [
        *(MoveStat(move, 100 - i, 0.69 - i / 100) for i, move in enumerate(moves[:5])),
        *(MoveStat(move, 0, 0.0, proven="loss", plies=12) for move in moves[5:8]),
    ]
    return Analysis(
        "partition", "red", 9, "mcts-rave", 0.69, tuple(stats), None, "unknown", 500, 0, 1.0,
        legal=len(stats),
    )  # fmt: skip


def test_an_unknown_position_says_how_many_of_its_moves_are_proven_lost():
    analysis = unknown_with_lost_moves()
    assert analysis.value is None
    assert analysis.proven_lost == 3
    text = str(analysis.evaluation_text)
    assert text.startswith("red to move: win rate 69% (")
    assert text.endswith("; 5 moves not proven; 3 proven lost")
    assert str(analysis.proven_text) == "not proven: unknown; 5 moves not proven; 3 proven lost"
    assert analysis.to_json()["moves_lost"] == 3
    assert repr(analysis).endswith("best 0,0,0; 3 proven lost; 8 moves ranked>")


def test_no_count_where_none_is_proven():
    analysis = unknown_with_lost_moves()
    plain = Analysis(
        analysis.game, analysis.to_move, analysis.ply, analysis.agent, analysis.win_rate,
        analysis.moves[:5], None, "unknown", 500, 0, 1.0, legal=8,
    )  # fmt: skip
    assert "proven" not in str(plain.evaluation_text)
    assert str(plain.proven_text) == "not proven: unknown"
    assert plain.to_json()["moves_lost"] == 0
