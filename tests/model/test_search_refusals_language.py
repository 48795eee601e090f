"""The search's refusals that a script or the command line meets (issue 90): ``puzzles
compose``'s and a certificate's, said through the door (``model.search``). English as it
always was; said in the reader's language (German here), each keeping its Message."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.ball import PyramidBall
from pyramid_lab.model.game import SaidError
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.search import knowledge_for, puzzles, write_certificate
from pyramid_lab.model.words import reason_of


def _compose(game, **asked) -> Callable[[], object]:
    given = {"count": 1, "within": 3} | asked
    return lambda: puzzles.compose(game, knowledge=knowledge_for(game), **given)


def _refusals(tmp: str) -> list[tuple[Callable[[], object], str]]:
    partition, ball, rolling = Partition(PartitionOptions(3)), PyramidBall(), RollingPyramids()
    return [
        (_compose(partition, count=0), "count and within must be 1 or more"),
        (
            _compose(rolling),
            f"{rolling.title}: puzzles are composed for two-player games without chance",
        ),
        (
            _compose(partition, difficulty_band="weird"),
            f"difficulty must be one of {', '.join(puzzles.BANDS)}, not 'weird'",
        ),
        (
            lambda: write_certificate(ball, tmp, knowledge=knowledge_for(ball)),
            f"{ball.title} has no certificates",
        ),
    ]


def test_the_searchs_refusals_are_english_as_before(tmp_path):
    for refuse, english in _refusals(str(tmp_path / "c.gz")):
        with pytest.raises(SaidError) as refused:
            refuse()
        assert str(refused.value) == english
        assert isinstance(refused.value, ValueError)  # (callers that catch it still do)


def test_the_searchs_refusals_are_said_in_german(tmp_path):
    i18n.use("de")
    try:
        for refuse, english in _refusals(str(tmp_path / "c.gz")):
            with pytest.raises(SaidError) as refused:
                refuse()
            german = str(refused.value)
            assert german
            assert german != english
            assert isinstance(reason_of(refused.value), i18n.Message)
    finally:
        i18n.use("en")
