"""Words fit the host: a lesson names no control that the window or the classroom's page
lacks, and ``pyramid-lab lesson check`` says so of one that does."""

from __future__ import annotations

import json
from pathlib import Path

from pyramid_lab.model import lesson as lessons
from pyramid_lab.viewer.cli.lesson import host_problems

LESSONS = Path(__file__).resolve().parents[2] / "model" / "data" / "lessons"


def test_no_shipped_lesson_names_a_control_one_front_end_lacks():
    paths = sorted(LESSONS.rglob("*.lesson.json"))
    assert len(paths) >= 10
    found = {str(p.relative_to(LESSONS)): host_problems(lessons.read(p)) for p in paths}
    assert {name: said for name, said in found.items() if said} == {}


def test_a_lesson_naming_the_window_s_controls_is_flagged(tmp_path):
    from pyramid_lab.viewer.cli import main

    source = LESSONS / "partition" / "10-a-full-pyramid.lesson.json"
    doc = json.loads(source.read_text(encoding="utf-8"))
    text = doc["steps"][0]["text"]  # (the shipped lesson's text in several languages)
    english = " Fill at random in the Corners dock; Undo takes it back."
    if isinstance(text, dict):
        text["en"] += english
    else:
        doc["steps"][0]["text"] += english
    path = tmp_path / "window-words.lesson.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    said = host_problems(lessons.read(path))
    assert len(said) == 3  # the dock, Fill at random, Undo
    assert all(line.startswith("step 1 (A full pyramid): ") for line in said)
    assert any("'Undo' names the window's Undo (the classroom's page has Retry)" in s for s in said)
    assert main(["lesson", "check", str(path)]) == 2
