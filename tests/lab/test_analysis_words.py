"""The analysis's row words (``viewer/lab/analysis_words.py``) and the number a Message
writes the language's way, English included (``i18n.number``; issue 90, docs/i18n.md): the
English as it was, German in German, every word marked in the pseudo-locale."""

from __future__ import annotations

import itertools
import pickle
import re

import pytest

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, number
from pyramid_lab.model.lattice import Point
from pyramid_lab.model.partition import Place
from pyramid_lab.model.search import MoveStat
from pyramid_lab.viewer.lab.analysis_words import row_words

MOVE = Place(Point(0, 0, 0))


def unmarked(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's marks."""
    return re.findall(r"[A-Za-z]{2,}", re.sub(r"⟦[^⟦⟧]*⟧", " ", text))


def stats() -> list[MoveStat]:
    """A move's every kind of row: estimated (no playouts, one, many), proven with an exact
    length or a strategy's, of one ply or many, or without a length."""
    rows = [MoveStat(MOVE, visits, 0.5) for visits in (0, 2, 999, 1234, 1_234_567)]
    for proven, plies, exact in itertools.product(
        ("win", "loss", "draw"), (None, 1, 40), (True, False)
    ):
        rows.append(MoveStat(MOVE, 10, 0.5, proven=proven, plies=plies, exact=exact))
    return rows


@pytest.mark.parametrize("stat", stats(), ids=repr)
def test_a_rows_english_is_what_it_was(stat: MoveStat):
    mark, words = row_words(stat)
    assert isinstance(words, i18n.Message)
    assert mark == stat.mark
    if stat.proven is not None:
        assert words == stat.proven_text  # the search's own English, the JSON's too
    else:  # what the row wrote before it was a Message
        assert words == (f"estimate ({stat.visits:,} playouts)" if stat.visits else "estimate")
    pseudo = i18n.shown(words, "en_XA")
    assert pseudo.startswith("⟦"), pseudo
    assert not unmarked(pseudo), pseudo


def test_one_playout_is_singular():
    assert row_words(MoveStat(MOVE, 1, 0.5))[1] == "estimate (1 playout)"


def test_a_rows_words_in_german():
    def german(stat: MoveStat) -> str:
        return i18n.shown(row_words(stat)[1], "de")

    assert german(MoveStat(MOVE, 1234, 0.5)) == "Schätzung (1.234 Playouts)"
    assert german(MoveStat(MOVE, 0, 0.5)) == "Schätzung"
    assert german(MoveStat(MOVE, 9, 1, proven="win", plies=1)) == "Gewinn in 1 Halbzug"
    lost = MoveStat(MOVE, 9, 0, proven="loss", plies=40, exact=False)
    assert german(lost) == "Verlust innerhalb von 40 Halbzügen"
    assert german(MoveStat(MOVE, 9, 0.5, proven="draw", plies=12)) == "Remis"
    assert i18n.shown(row_words(MoveStat(MOVE, 1234, 0.5))[1], "sv") == (
        "uppskattning (1\xa0234 simuleringar)"
    )


def test_a_number_is_written_the_languages_way_english_included():
    said = M_(
        "{count} positions, {seconds} s", count=number(1234567), seconds=number(2.5, digits=1)
    )
    assert said == "1,234,567 positions, 2.5 s"
    assert said.said_in("de") == "1.234.567 positions, 2,5 s"  # (no catalog entry: English words)
    assert said.said_in("fr") == "1\u202f234\u202f567 positions, 2,5 s"
    assert said.said_in("en_XA") == said
    assert pickle.loads(pickle.dumps(said)).said_in("de") == said.said_in("de")


def test_a_plain_number_is_written_in_english_as_it_always_was():
    """A plain ``int``/``float`` value keeps str.format's English (no separators): every
    message made with one says what it said before ``number`` existed."""
    plain = M_("{count} playouts", count=1234)  # (engine_words.py's)
    assert plain == "1234 playouts"
    assert plain.said_in("de") == "1.234 Playouts"
    assert M_("{x}", x=0.125) == "0.125"
