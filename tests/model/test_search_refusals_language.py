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


def _said_apart(refusals: list[tuple[Callable[[], object], str]]) -> None:
    """Each refusal said (in the process's language, not English), a Message inside."""
    for refuse, english in refusals:
        with pytest.raises(SaidError) as refused:
            refuse()
        said = str(refused.value)
        assert said
        assert said != english
        assert isinstance(reason_of(refused.value), i18n.Message)


def test_the_searchs_refusals_are_said_in_german(tmp_path, german):
    _said_apart(_refusals(str(tmp_path / "c.gz")))


def _argument_checks() -> list[tuple[Callable[[], object], str]]:
    """The scripting API's argument checks made in the search (``model.search``'s door)."""
    from pyramid_lab.model import search

    game = Partition(PartitionOptions(3))
    known = knowledge_for(game)
    played = Partition(PartitionOptions(3))
    played.push(played.parse_move("0,0,0"))
    return [
        (
            lambda: search.analyse(game, seconds=0, knowledge=known),
            "seconds must be more than 0, not 0",
        ),
        (
            lambda: search.analyse(game, seconds=1, threads=0, knowledge=known),
            "threads must be 1 to 256, not 0",
        ),
        (
            lambda: search.analyse(game, seconds=1, threads="x", knowledge=known),  # type: ignore[arg-type]
            "threads must be a whole number, not 'x'",
        ),
        (
            lambda: search.agent_for(game, "wild", knowledge=known),
            "level must be one of easy, medium, strong, not 'wild'",
        ),
        (
            lambda: search.prove(game, "red", -1, knowledge=known),
            "within must be 0 or more, not -1",
        ),
        (
            lambda: search.prove(game, "green", 3, knowledge=known),
            f"'green' is not a player of {game.title}",
        ),
        (
            lambda: search.review(played, seconds=-1.5, knowledge=known),
            "seconds must be more than 0, not -1.5",
        ),
    ]


def test_the_searchs_argument_checks_are_english_as_before():
    for refuse, english in _argument_checks():
        with pytest.raises(SaidError) as refused:
            refuse()
        assert str(refused.value) == english


def test_the_searchs_argument_checks_are_said_in_german(german):
    _said_apart(_argument_checks())
