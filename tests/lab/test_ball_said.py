"""Pyramid Ball's status line in each reader's language (issue 90): the score, the ball, the
goal-row rule, the specials held, a special being chosen (``BallUI.status``: Messages).
English byte for byte as captured before the change (``data/ball_status_en.json``, by
``ball_english.py``); German said; the pseudo-locale marks every part."""

from __future__ import annotations

import json

import ball_english
import pytest

from pyramid_lab import i18n
from pyramid_lab.viewer.games.ball import BallUI

BEFORE = json.loads(ball_english.DATA_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def statuses() -> list[str]:
    ui = BallUI()
    return list(dict.fromkeys(ui.status(game) for game in ball_english.games()))


def test_the_english_is_what_it_was(statuses):
    assert [str(text) for text in statuses] == BEFORE["statuses"]


def test_every_status_is_a_message(statuses):
    assert all(isinstance(text, i18n.Message) for text in statuses)


def test_the_status_is_said_in_german(statuses):
    """A German window reads the trial's line in German: no English word left."""
    german = [i18n.shown(text, "de") for text in statuses]
    assert "Rot 0 - Blau 0 (Ziel: 6); Kugel: Mittlere von Rot auf e1" in german, german[:5]
    joined = "\n".join(german)
    for said in ("hält Dash", "Quick Pass", "Blitz", "frei auf", "Torreihen-Regel", "gewinnt"):
        assert said in joined, said
    for english in (
        "red",
        "blue",
        "first to",
        "ball",
        "holds",
        "loose",
        "offence",
        "kept out",
        "chooses",
        "Medium",
        "Large",
        "Small",
        "dash",
        "quick pass",
        "wins",
    ):
        assert english not in joined, english


def test_the_pseudo_locale_marks_every_part(statuses):
    """Each part of the line is a message of the catalog: every part marked, no English left
    but the squares and the numbers."""
    for text in statuses:
        marked = i18n.shown(text, i18n.PSEUDO)
        for part in marked.split("; "):
            assert part.startswith("⟦") or "⟦" in part.split(" ")[0], marked
