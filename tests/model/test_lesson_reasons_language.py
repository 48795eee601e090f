"""A wrong answer's explanation (``Teaching.explain_move`` through ``judge_move``) is a
Message: the English as before, and said whole in another language where a student meets
it (the classroom's page, ``viewer.classroom.words.said``; the window's Lesson dock,
``i18n.shown``). Issue 90."""

from __future__ import annotations

import json
import pathlib
import random
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
        ["er schreibt 2 (der W4", "Armeelinie a", "wählt als Nächstes"],
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


# ---- Pyramid Ball: its rows' role labels named as words ------------------------------------

#: Pyramid Ball's explanations of seeded random games' moves, captured before they were
#: Messages (``explain_move`` rewrote the rows' role labels in the English text).
BALL_ENGLISH = pathlib.Path(__file__).parent / "data" / "ball_explanations_en.json"


def _ball_explanations() -> list[tuple[str, str]]:
    """(move, explanation) of four seeded random games, each move as it was played."""
    from pyramid_lab.model.ball import PyramidBall
    from pyramid_lab.model.teaching import teaching_for

    rng = random.Random(90)
    said = []
    for _game in range(4):
        game = PyramidBall.new()
        teach = teaching_for(game)
        for _ply in range(40):
            moves = game.legal_moves()
            if game.is_over() or not moves:
                break
            move = rng.choice(moves)
            said.append((str(move), teach.explain_move(game, move)))
            game.push(move)
    return said


def test_pyramid_balls_explanations_keep_their_english_and_mark_every_word():
    before = [tuple(line) for line in json.loads(BALL_ENGLISH.read_text(encoding="utf-8"))]
    now = _ball_explanations()
    assert [(move, str(text)) for move, text in now] == before
    for _move, text in now:
        assert isinstance(text, i18n.Message)
        said = i18n.shown(text, i18n.PSEUDO)
        outside = re.sub(r"⟦[^⟦⟧]*⟧", " ", said)
        while outside != (outside := re.sub(r"⟦[^⟦⟧]*⟧", " ", outside)):
            pass
        assert re.findall(r"[A-Za-z]{3,}", outside) == [], said


def test_a_wrong_move_in_a_pyramid_ball_lesson_is_said_in_german():
    step = L.read(LESSONS / "ball" / "01-programming.lesson.json").steps[1]
    assert step.task is not None
    move = "S,S,S/S,F,S/S,S,S | S,S,S/S,S,S/S,S,S"
    verdict = L.judge_move(step.task, step.position(), move)
    assert not verdict.correct
    assert verdict.reason == (
        f"after {move}, red has not won yet; row 2: red's Medium d6->d7; no score; "
        "red's Medium on d7 has the ball; 1 row short of red's goal row, row 8"
    )
    for said in (words.said(verdict.reason, "de"), i18n.shown(verdict.reason, "de")):
        assert said == (
            f"nach {move}: Rot hat noch nicht gewonnen; Reihe 2: Mittlere von Rot d6->d7; "
            "kein Punkt; Mittlere von Rot auf d7 hat den Ball; 1 Reihe vor der Torreihe von "
            "Rot, Reihe 8"
        )


def test_a_click_points_verdict_is_said_in_the_readers_language():
    """Issue 108: the points clicked were judged in English words ("is not one of them",
    "is right; 1 more to find") that the window showed as they were; they are Messages,
    the English as before."""
    step = L.read(LESSONS / "pyraos" / "01-squares-and-removals.lesson.json").steps[2]
    assert step.task is not None
    position = step.position()
    partial = L.judge_points(step.task, position, [(0, 1, 0)])
    wrong = L.judge_points(step.task, position, [(0, 1, 0), (3, 3, 0)])
    none = L.judge_points(step.task, position, [])
    assert (partial.reason, wrong.reason, none.reason) == (
        "0,1,0 is right; 1 more to find",
        "3,3,0 is not one of them",
        "2 to find",
    )
    assert i18n.shown(partial.reason, "de") == "0,1,0 ist richtig; noch 1 zu finden"
    assert i18n.shown(wrong.reason, "fr") == "3,3,0 n'en fait pas partie"
    assert i18n.shown(none.reason, "es") != "2 to find"
