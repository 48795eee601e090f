"""``pyramid-lab lesson answers`` on a task the rules cannot answer says what the command
needs in the file's terms, not the lesson editor's (issue 77 item 4: "pick a question
first" on Lesson 1, worded for the author's window)."""

from __future__ import annotations

from pyramid_lab import i18n
from pyramid_lab.model import content
from pyramid_lab.viewer.cli import main, speak

LESSON = content.lessons() / "partition" / "01-corners-and-walls.lesson.json"


def test_a_task_without_a_question_says_what_the_file_needs(capsys):
    assert main(["lesson", "answers", str(LESSON), "--step", "2"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "pick a question" not in out
    assert out.startswith("step 2 (Five walls): click-points: none from the rules:")
    assert 'the task has no "question"' in out
    assert "add one to the step's task in the file: docs/file-formats.md" in out
    assert out.rstrip().endswith("the file's own answers: AP")


def test_the_steps_are_named_in_the_command_lines_language(capsys, monkeypatch):
    """Issue 108: a German command line named the lesson's steps in English."""
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["lesson", "answers", str(LESSON), "--step", "2"]) == 0
    out, _err = capsys.readouterr()
    try:
        assert out.startswith("Schritt 2 (Fünf Wände): click-points: "), out
    finally:
        speak(i18n.ENGLISH)
