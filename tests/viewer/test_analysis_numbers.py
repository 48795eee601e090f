"""The Analysis table's numbers in the window's language (issue 108 item 3): visits, a
score and a win rate written the language's way, where they were English's beside the
German lines ("12,345" under "12.345 Playouts"); English as before."""

from __future__ import annotations

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.search.choice import MoveStat
from pyramid_lab.viewer.widgets.analysis_dock import _work


@pytest.fixture
def speaking():
    yield i18n.use
    i18n.use(i18n.ENGLISH)


def test_visits_and_scores_are_written_the_languages_way(speaking):
    visits, score, low = (
        MoveStat("1,1,0", 12345, 0.63),
        MoveStat("1,1,0", 0, 0.5, score=1234.5 / 10),
        MoveStat("1,1,0", 0, 0.5, score=-0.0),
    )
    assert [_work(s) for s in (visits, score, low)] == ["12,345", "+123.45", "-0.00"]
    speaking("de")
    assert [_work(s) for s in (visits, score, low)] == ["12.345", "+123,45", "-0,00"]
    speaking("sv")
    assert _work(visits) == "12\u00a0345"


def test_the_score_column_is_a_moves_value_not_a_players_points(speaking, qtbot):
    """The alpha-beta search's column head is a move's value (German "Wertung"), not the
    word a notebook's table of a game's end uses for a player's points ("Punkte"): one
    English word, two meanings, told apart by the catalog's context."""
    from pyramid_lab.viewer.widgets.analysis_dock import AnalysisDock

    speaking("de")
    dock = AnalysisDock()
    qtbot.addWidget(dock)
    dock.body()
    scored = [MoveStat("1,1,0", 0, 0.5, score=12.5), MoveStat("0,0,0", 0, 0.5, score=-3.0)]
    dock.show_results("", "", scored, heat_map=False)
    assert dock.table.horizontalHeaderItem(2).text() == "Wertung"
    assert i18n.shown("score") == "Punkte"
