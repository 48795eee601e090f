"""The lesson editor speaks the user's words (issue 89, item 10): a refusal names the step
and the field as the editor's form names them, not the file's keys
("steps[0].task.answers: give the author's answer(s)"); and Fill from rules says, while it
tries every move, how many it has tried (it took 28.9 s with nothing said meanwhile)."""

from __future__ import annotations

import pytest

from pyramid_lab import i18n
from pyramid_lab.model import lesson as L
from pyramid_lab.model import lesson_check
from pyramid_lab.model.game import PositionFormatError, game_class
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.lesson import editor_words
from pyramid_lab.viewer.lab.session import Session


@pytest.mark.parametrize(
    ("key", "reason", "said"),
    [
        (
            "steps[0].task.answers",
            "give the author's answer(s)",
            "Step 1, Answers: type the answer (several separated by ';'), or press Fill "
            "from rules, or play it and press Answer from board",
        ),
        ("steps[2].task.answers[1]", "not a move", "Step 3, Answers (item 2): not a move"),
        ("steps[0].task.goal", "unknown goal", "Step 1, Goal: unknown goal"),
        ("steps[1].title", "must be a non-empty text", "Step 2, Step title: must be a"),
        ("steps[0].highlights[0]", "off the board", "Step 1, Highlights (item 1): off the"),
        ("steps[0].position.pieces[3]", "x", "Step 1, the step's position (Take position): x"),
        ("steps[4].view.clips[0].axis", "x", "Step 5, the view (Open the lesson with this"),
        ("title", "must be a non-empty text", "Lesson title: must be a non-empty text"),
        ("", "a lesson file must hold one JSON object", "a lesson file must hold one JSON"),
    ],
)
def test_a_refusal_is_said_in_the_editor_s_words(key, reason, said):
    words = editor_words(PositionFormatError(key, reason))
    assert words.startswith(said)
    assert "steps[" not in words
    assert ".task" not in words


def test_a_refusal_is_said_in_the_editor_s_language():
    """Issue 90: the place and the editor's reason are the catalog's (the file's own
    reason, a rules' Message or plain English, keeps its words where the catalog lacks it)."""
    words = editor_words(PositionFormatError("steps[2].task.answers[1]", "not a move"))
    assert i18n.shown(words, "de").startswith("Schritt 3, Antworten (Eintrag 2): ")
    words = editor_words(
        PositionFormatError("steps[0].task.answers", "give the author's answer(s)")
    )
    german = i18n.shown(words, "de")
    assert german.startswith("Schritt 1, ")
    assert "Aus den Regeln füllen" in german
    pseudo = i18n.shown(words, "en_XA")
    assert pseudo.startswith("⟦")
    assert "Step" not in pseudo
    assert "Fill" not in pseudo


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))


@pytest.fixture
def lab(port, inbox):
    lab = Lab(Session(game_class("partition").new()), port, post=inbox.post, bulletin=port.bulletin)
    yield lab
    lab.shutdown()


def test_an_edit_refused_names_the_step_and_the_field(lab):
    lessons = lab.lessons
    lessons.editor.new_lesson(lab.game.copy())
    refused = lessons.editor.edit_step(
        task={"kind": "place", "goal": {"win": "red"}, "answers": []}
    )
    assert refused is not None
    assert refused.startswith("Step 1, Answers: type the answer")
    assert lessons.step.task is None  # the step stays as it was


def test_fill_from_rules_says_how_many_moves_it_has_tried(lab, inbox, monkeypatch):
    monkeypatch.setattr(lesson_check, "PROGRESS_EVERY_S", 0.0)  # every move said
    lessons = lab.lessons
    lessons.editor.new_lesson(lab.game.copy())
    said = []
    lessons.changed.connect(lambda what, *args: said.append((what, args)))
    task = L.Task("place", (), goal={"win": "red"})
    lessons.checks.fill_answers(task)
    inbox.until(lambda: not lessons.checks.busy)
    inbox.take(0.1)
    working = [args[0] for what, args in said if what == "working"]
    moves = lab.game.legal_move_count()
    assert working[0] == "finding the answers with the rules..."
    assert f"finding the answers with the rules... (1 of {moves} moves tried)" in working
    assert working[-1].endswith(f"({moves} of {moves} moves tried)")
    assert ("report", ("no answers filled: no move meets the goal here", False)) in said


def test_right_answers_tell_the_moves_tried(monkeypatch):
    monkeypatch.setattr(lesson_check, "PROGRESS_EVERY_S", 0.0)
    game = game_class("partition").new()
    told: list[tuple[float, str]] = []
    with pytest.raises(ValueError, match="no move meets the goal here"):
        lesson_check.right_answers(
            L.Task("place", (), goal={"win": "red"}),
            game,
            progress=lambda fraction, text: told.append((fraction, text)),
        )
    count = game.legal_move_count()
    assert [fraction for fraction, _ in told] == [(i + 1) / count for i in range(count)]
