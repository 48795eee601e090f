"""Every shipped lesson in every language of the catalogs (issue 108 item 2): each text a
lesson file holds (its title; each step's title and text; each task's prompt and hint) has
a German, French, Spanish and Swedish text, none left English, and keeps the English's
numbers and notation."""

from __future__ import annotations

import pathlib
import re

import pytest

from pyramid_lab.model import lesson as L

LESSONS = pathlib.Path(__file__).resolve().parents[2] / "model" / "data" / "lessons"
FILES = sorted(LESSONS.glob(f"*/*{L.SUFFIX}"))
LANGUAGES = ("de", "fr", "es", "sv")


def _texts(lesson: L.LessonFile) -> list[tuple[str, str, dict[str, str]]]:
    """(where, English, the other languages) for every text of ``lesson``."""
    out = [("title", lesson.title, lesson.words.get("title", {}))]
    for i, step in enumerate(lesson.steps):
        for key in ("title", "text"):
            out.append((f"steps[{i}].{key}", getattr(step, key), step.words.get(key, {})))
        if step.task is not None:
            for key in ("prompt", "hint"):
                english = getattr(step.task, key)
                if english:
                    out.append((f"steps[{i}].{key}", english, step.task.words.get(key, {})))
    return out


def test_every_game_ships_lessons():
    assert {path.parent.name for path in FILES} == {
        "partition",
        "pyraos",
        "terrace",
        "ball",
        "rolling",
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_shipped_lesson_has_every_text_in_every_language(path):
    lesson = L.read(path)
    for language in LANGUAGES:
        shown, complete = L.in_language(lesson, language)
        missing = [where for where, _en, words in _texts(lesson) if language not in words]
        assert not missing, (language, missing)
        assert complete, language
        assert shown.title != lesson.title or (language == "de" and lesson.title == "Tackles")
    for where, english, words in _texts(lesson):
        for language in LANGUAGES:
            text = words[language]
            assert text.strip(), (where, language)
            assert text != english or len(english) < 14, (where, language)
            # the numbers, squares and points of the English are the translation's too
            notation = re.compile(r"\b(?:[a-g][1-8]|\d+(?:,\d+)*)\b")
            assert sorted(notation.findall(text)) == sorted(notation.findall(english)), (
                where,
                language,
                text,
            )


PUZZLES = sorted((LESSONS.parent / "puzzles").glob("*/*.pyr.json"))


@pytest.mark.parametrize("game", sorted({path.parent.name for path in PUZZLES}))
def test_every_shipped_puzzle_has_its_title_and_notes_in_every_language(game):
    """Issue 108: the shipped puzzles' titles and notes were English in every language."""
    from pyramid_lab.model import files
    from pyramid_lab.model.puzzle import puzzle_text

    paths = [path for path in PUZZLES if path.parent.name == game]
    assert paths
    for path in paths:
        puzzle = files.read(path).puzzle
        for key in ("title", "notes"):
            english = puzzle_text(puzzle, key)
            assert english, (path.name, key)
            for language in LANGUAGES:
                said = puzzle_text(puzzle, key, language)
                assert said != english, (path.name, key, language)
                # the moves, points and numbers of the English are the translation's
                notation = re.compile(r"\b(?:[a-g][1-8]|\d+(?:,\d+)*)\b")
                assert sorted(notation.findall(said)) == sorted(notation.findall(english)), (
                    path.name,
                    language,
                    said,
                )


def test_a_puzzles_text_in_several_languages_reads_edits_and_round_trips():
    """A puzzle's title or notes may be an object of languages as a lesson's texts are:
    read, said in each language (English where it lacks one), edited in one language with
    the others kept, and written back as it was read."""
    import json

    from pyramid_lab.model import files
    from pyramid_lab.model.puzzle import puzzle_text, text_edited

    shipped = PUZZLES[0]
    raw = json.loads(shipped.read_text("utf-8"))
    read = files.read(shipped)
    written = json.loads(files.dumps(read.game, read.puzzle))
    assert written["puzzle"] == raw["puzzle"]  # (written as read)
    title = raw["puzzle"]["title"]
    puzzle = files.read(shipped).puzzle
    assert puzzle_text(puzzle, "title", "de_AT") == title["de"]
    assert puzzle_text(puzzle, "title", "pt") == title["en"]
    edited = text_edited(puzzle["title"], "Neu", "de")
    assert edited == {**title, "de": "Neu"}
    assert text_edited(edited, "", "de") == {k: v for k, v in title.items() if k != "de"}
    assert text_edited("Old", "Alt", "de") == {"en": "Old", "de": "Alt"}
    assert text_edited({"en": "Old", "de": "Alt"}, "", "de") == "Old"
