"""A game review's words in the reader's language (issue 90): each move's line and the
summary (``review``'s output, the Review dock's). English byte for byte as captured before
(``data/review_words_en.json``, by ``review_english.py``); German said; every word
marked in the pseudo-locale (a move, a rate and a count are notation)."""

from __future__ import annotations

import json
import re

import review_english

from pyramid_lab import i18n
from pyramid_lab.i18n import Message
from pyramid_lab.model.review import GameReview, MoveReview

BEFORE = json.loads(review_english.DATA_FILE.read_text(encoding="utf-8"))


def test_the_english_is_what_it_was():
    now = review_english.captured()
    assert [str(text) for text in now["moves"]] == BEFORE["moves"]
    assert [str(text) for text in now["summaries"]] == BEFORE["summaries"]


def unmarked(text: str) -> list[str]:
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


def test_every_word_is_marked_in_the_pseudo_locale():
    moves = [m.text for m in review_english.moves()]
    summaries = [r.summary() for r in review_english.reviews()[::2]]  # (no book's words)
    for text in moves + summaries:
        assert isinstance(text, Message), text
        pseudo = i18n.shown(text, i18n.PSEUDO)
        assert pseudo.startswith("⟦"), pseudo
        assert not set(unmarked(pseudo)) - {"a7", "a6", "f7", "f6"}, pseudo


def test_a_review_in_german():
    move = MoveReview(3, "white", "a6-a7", "mistake", "f7^f6", 0.62, 0.35, estimate=True)
    assert (
        i18n.shown(move.text, "de") == "3. Weiß a6-a7: Fehler (62% -> 35%, geschätzt), besser f7^f6"
    )
    review = GameReview(
        (
            MoveReview(1, "white", "a7-a6", "good", None, None, None),
            MoveReview(2, "black", "a1-a2", "mistake", None, None, None),
            MoveReview(3, "white", "a6-a7", "mistake", None, None, None),
        ),
        (),
        0.0,
    )
    assert str(review.summary()) == "white: 1 good, 1 mistake; black: 1 mistake"
    assert i18n.shown(review.summary(), "de") == "Weiß: gut: 1, Fehler: 1; Schwarz: Fehler: 1"
    assert i18n.shown(GameReview((), (), 0.0).summary(), "sv") == "inget drag att bedöma"
