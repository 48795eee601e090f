"""A typed square and a move of no kind refused by the rules (issue 90): Pyramid Ball's "is
not a square" and Rolling Pyramids' "is not a Rolling Pyramids move", English as before and
said in the reader's language (German here), each keeping its Message."""

from __future__ import annotations

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.ball.rules import parse_square
from pyramid_lab.model.game import IllegalMoveError, Move, SaidError, quote
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.words import reason_of


class _Foreign(Move):
    """A move of no game's: what Rolling Pyramids cannot apply."""

    def __str__(self) -> str:
        return "x"


def _refusals() -> list[tuple[SaidError, str]]:
    raised: list[tuple[SaidError, str]] = []
    with pytest.raises(SaidError) as square:
        parse_square("h9")
    raised.append((square.value, "'h9' is not a square a1..g8"))
    rolling = RollingPyramids()
    foreign = _Foreign()
    with pytest.raises(IllegalMoveError) as move:
        rolling.push_search(foreign)
    raised.append((move.value, f"{quote(foreign)} is not a Rolling Pyramids move"))
    return raised


def test_the_rules_refusals_are_english_as_before():
    for error, english in _refusals():
        assert str(error) == english
        assert isinstance(error, ValueError)


def test_the_rules_refusals_are_said_in_german(german):
    for error, english in _refusals():
        said = str(error)
        assert said
        assert said != english
        assert english.split(" is not")[0] in said  # (the square or move quoted, kept)
        assert isinstance(reason_of(error), i18n.Message)
