"""A wrong answer's explanation (``Teaching.explain_move`` through ``judge_move``) is a
Message: the English as before, and said whole in another language where a student meets
it (the classroom's page, ``viewer.classroom.words.said``; the window's Lesson dock,
``i18n.shown``). Issue 90."""

from __future__ import annotations

import pathlib
import re

import pytest

from pyramid_lab import i18n
from pyramid_lab.model import lesson as L
from pyramid_lab.viewer.classroom import words

LESSONS = pathlib.Path(__file__).resolve().parents[2] / "model" / "data" / "lessons"

#: (lesson, step, wrong move, the English said before, German pieces said now)
CASES = [
    (
        "partition/02-touching-and-groups",
        2,
        "3,0,0",
        "it touches no red ball, so it makes a third red group",
        ["ist nicht der Zug", "bildet sie eine dritte Gruppe von Rot", "keine Ecke nehmen"],
    ),
    (
        "pyraos/01-squares-and-removals",
        1,
        "2,0,0",
        "black has 11 spheres in reserve, white 13",
        ["er setzt eine Kugel von", "er vollendet kein Quadrat", "11 Kugeln im Vorrat"],
    ),
    (
        "terrace/01-pushes",
        1,
        "b1^b2",
        "white can then take a black stone with d6xg6",
        ["er springt mit dem Stein von", "er entfernt keinen Stein", "mit d6xg6"],
    ),
    (
        "rolling/01-the-draft",
        1,
        "take red d4 2 > a2",
        "it writes 2 (the red d4) in green's army line a, box 2",
        ["er schreibt 2 (der W4", "Armeezeile a", "wählt als Nächstes"],
    ),
]


def _reason(name: str, index: int, move: str) -> str:
    step = L.read(LESSONS / f"{name}.lesson.json").steps[index]
    assert step.task is not None
    verdict = L.judge_move(step.task, step.position(), move)
    assert not verdict.correct
    return verdict.reason


@pytest.mark.parametrize(("name", "index", "move", "english", "german"), CASES)
def test_a_wrong_moves_explanation_is_said_in_german_and_the_english_kept(
    name: str, index: int, move: str, english: str, german: list[str]
) -> None:
    reason = _reason(name, index, move)
    assert isinstance(reason, i18n.Message)
    assert english in reason  # the English, as the results file and logs read it
    for said in (words.said(reason, "de"), i18n.shown(reason, "de")):
        assert said.startswith(f"{move} ist nicht der Zug"), said
        for piece in german:
            assert piece in said, said
        assert english not in said


@pytest.mark.parametrize(("name", "index", "move"), [case[:3] for case in CASES])
def test_every_word_of_the_explanation_comes_from_the_catalog(
    name: str, index: int, move: str
) -> None:
    """In the pseudo-locale every piece is marked: no English word is left outside ⟦…⟧
    but the moves, points and numbers (notation)."""
    said = i18n.shown(_reason(name, index, move), i18n.PSEUDO)
    outside = re.sub(r"⟦[^⟦⟧]*⟧", " ", said)
    while outside != (outside := re.sub(r"⟦[^⟦⟧]*⟧", " ", outside)):
        pass
    words_left = re.findall(r"[A-Za-z]{3,}", outside)
    assert words_left == [], said
