"""The lab's own refusals (issue 90): a line that cannot be gone to or deleted, a snapshot
that cannot be restored, a save with no file name. English as it always was; said in the
language spoken where they are read (German here), each keeping its Message."""

from __future__ import annotations

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.game import SaidError
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.words import reason_of
from pyramid_lab.viewer.lab.session import Session


def _session(moves: list[str]) -> Session:
    session = Session(Partition(PartitionOptions(3)))
    for text in moves:
        session.play(session.game.parse_move(text))
    return session


def _refusals() -> list[tuple[SaidError, str]]:
    """Each refusal of the lab's, raised, and its English."""
    session = _session(["0,0,0", "1,0,0"])
    other = _session(["0,0,0"])
    snapshot = session.snapshot()
    session.play(session.game.parse_move("2,0,0"))
    raised: list[tuple[SaidError, str]] = []

    def refused(act, english: str) -> None:
        with pytest.raises(SaidError) as error:
            act()
        raised.append((error.value, english))

    refused(lambda: session.lines.goto_node(other.node), "that move belongs to another game")
    refused(
        lambda: session.lines.delete_line(session.node),
        "the position shown is on this line: go to another line first",
    )
    refused(lambda: session.restore(other.snapshot()), "the game was replaced since")
    refused(
        lambda: session.restore(snapshot, session.node),
        "that position was not in the game then",
    )
    refused(
        lambda: session.restore(snapshot, move=False),
        "the position shown was added since: restore with move",
    )
    refused(lambda: session.save(), "no file name to save to")
    return raised


def test_the_labs_refusals_are_english_as_before():
    for error, english in _refusals():
        assert str(error) == english
        assert isinstance(error, ValueError)  # (callers that catch a ValueError still do)


def test_the_labs_refusals_are_said_in_german_and_keep_their_message(german):
    for error, english in _refusals():
        said = str(error)
        assert said
        assert said != english
        assert said == i18n.translations("de").gettext(english)
        assert reason_of(error) == english  # (the Message: English as a str)
        assert isinstance(reason_of(error), i18n.Message)
