"""The analysis asks for the exact value first (issue 45): a position the solver settles
within the analysis's time lists every move's proven value, not an engine estimate; where
the position stays open, every estimate says so (with the playouts behind it)."""

from __future__ import annotations

import pathlib

import pytest

from pyramid_lab.model.files import read
from pyramid_lab.model.game import game_class
from pyramid_lab.model.search import analyse, knowledge_for

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "partition"


@pytest.mark.parametrize(("version", "value"), [("floating", "win"), ("stacking", "loss")])
def test_the_empty_base3_pyramids_are_settled_move_by_move(version, value):
    # five seconds: the margin of a loaded machine; an idle one takes about one (floating)
    game = read(EXAMPLES / f"empty-base3-{version}.pyr.json").game
    analysis = analyse(game, seconds=5.0, seed=1, knowledge=knowledge_for(game))
    assert analysis.agent.startswith("perfect play")
    assert len(analysis.moves) == len(game.legal_moves())
    assert all(s.proven in ("win", "loss") for s in analysis.moves)
    assert analysis.moves[0].proven == value
    assert analysis.win_rate == (1.0 if value == "win" else 0.0)
    data = analysis.to_json()
    assert data["value"] == value
    assert data["value_by"].startswith("perfect play")
    assert data["win_rate"] is None  # no search ran: no estimate to give
    assert data["moves_estimated"] == 0
    assert not any(m["estimate"] for m in data["moves"])
    if value == "win":  # the first player's winning moves, and losing ones (the corners)
        assert {s.proven for s in analysis.moves} == {"win", "loss"}
    else:  # base-3 stacking: every first move of red loses; none is shown as best
        assert all(s.win_rate == 0.0 for s in analysis.moves)


def test_an_open_position_says_its_values_are_estimates():
    cls = game_class("partition")
    game = cls.new(cls.parse_options({"size": 5, "version": "floating"}))
    analysis = analyse(game, seconds=0.6, seed=1, knowledge=knowledge_for(game))
    data = analysis.to_json()
    assert data["value"] is None
    assert data["value_by"] is None
    assert 0 <= data["win_rate"] <= 1  # the search's estimate
    assert data["moves"]
    estimated = [m for m in data["moves"] if m["estimate"]]
    assert estimated
    assert all(m["proven"] is None for m in estimated)
    assert sum(m["visits"] for m in estimated) > 0
