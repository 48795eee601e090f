"""A lesson's own texts in each page's language (issue 90 item 5): the page is made once,
the lesson's texts put in each page's language as it is sent, English where the lesson
lacks one, said once on the lesson's first step; no page is sent the other languages."""

from __future__ import annotations

import json

from classroom_helpers import LESSON, SECOND, TERRACE

from pyramid_lab.model import lesson as L
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.classroom.student import page_of
from pyramid_lab.viewer.classroom.words import translated

CODE = "abcd-efgh"


def _sent(page, language):
    return json.loads(json.dumps(translated({"page": page}, language)))["page"]


def test_a_german_page_shows_the_german_lesson_text_and_an_english_one_the_english(tmp_path):
    room = Classroom.open([LESSON, SECOND], CODE, tmp_path / "results.json", on_board)
    ada = room.join("Ada")
    with ada.lock:
        ada.next()  # step 2: a task with a prompt of the lesson's own
        ada.lab.lessons.hint()
        page = page_of(ada)
    german_lesson, _ = L.in_language(L.read(LESSON), "de")
    english, german, swedish = _sent(page, "en"), _sent(page, "de-AT"), _sent(page, "sv")
    step = german_lesson.steps[1]
    assert german["title"] == step.title == "Fünf Wände"
    assert german["text"] == step.text
    assert step.task is not None
    assert german["task"]["prompt"] == step.task.prompt
    assert german["task"]["hint"] == step.task.hint
    assert german["lesson_title"] == "Ecken und Wände"
    assert [given["title"] for given in german["lessons"]] == [
        "Ecken und Wände",
        "Eine Kugel in der Ecke",
    ]
    assert swedish["title"] == "Fem väggar"
    assert english["title"] == "Five walls"
    assert english["text"] == L.read(LESSON).steps[1].text
    for sent in (english, german, swedish):
        assert "texts" not in sent  # no page is sent the other languages
        assert "Five walls" not in json.dumps(sent) or sent is english
    assert german["said"] == swedish["said"] == english["said"] == ""
    assert "note" not in german
    assert "note" not in swedish


def _german_only(tmp_path):
    """The shipped Pyramid lesson as a teacher's lesson in German only, besides English."""

    def kept(value):
        if isinstance(value, dict):
            if "en" in value and "de" in value:
                return {"en": value["en"], "de": value["de"]}
            return {key: kept(inner) for key, inner in value.items()}
        if isinstance(value, list):
            return [kept(inner) for inner in value]
        return value

    path = tmp_path / "german.lesson.json"
    path.write_text(json.dumps(kept(json.loads(TERRACE.read_text("utf-8")))), "utf-8")
    return path


def test_a_lesson_without_the_pages_language_is_english_and_says_so_once(tmp_path):
    german = _german_only(tmp_path)
    lesson = L.read(german)
    room = Classroom.open([german], CODE, tmp_path / "results.json", on_board)
    ada = room.join("Ada")
    with ada.lock:
        first = page_of(ada)
        ada.next()
        second = page_of(ada)
    french = _sent(first, "fr")
    assert french["title"] == lesson.steps[0].title
    assert french["note"] == (
        "Cette leçon n'a pas encore de texte dans ta langue : elle est affichée en anglais."
    )
    assert "note" not in _sent(second, "fr")  # once: on the lesson's first step
    assert "note" not in _sent(first, "de")
    assert _sent(first, "de")["title"] == "Drei Arten von Zügen"


def test_a_lesson_a_language_lacks_keeps_the_other_lessons_names_in_it(tmp_path):
    """Issue 108: on a lesson without Swedish, a Swedish page listed every lesson in
    English, the Swedish ones too; it lists each in its own Swedish, says the note once."""
    german = _german_only(tmp_path)
    room = Classroom.open([LESSON, german], CODE, tmp_path / "results.json", on_board)
    ada = room.join("Ada")
    with ada.lock:
        for _ in L.read(LESSON).steps:
            ada.next()  # past the last step: the German-only lesson's first step
        page = page_of(ada)
    swedish = _sent(page, "sv")
    corners = L.in_language(L.read(LESSON), "sv")[0].title
    assert [given["title"] for given in swedish["lessons"]] == [corners, "Pushes"]
    assert swedish["lesson_title"] == "Pushes"
    assert swedish["note"] == (
        "Den här lektionen har ännu ingen text på ditt språk: den visas på engelska."
    )
    assert [given["title"] for given in _sent(page, "de")["lessons"]] == [
        "Ecken und Wände",
        "Schieben",
    ]


def test_the_teachers_page_names_lessons_and_steps_in_its_language(tmp_path):
    """Issue 108: the German teacher's page named every lesson and step in English (its
    lesson box, the Lesson and Step cells); each lesson's own text is its language's."""
    german = _german_only(tmp_path)
    room = Classroom.open([LESSON, german], CODE, tmp_path / "results.json", on_board)
    ada = room.join("Ada")
    with ada.lock:
        ada.next()
    lines = room.lines()

    def seen(language):
        return json.loads(json.dumps(translated(lines, language)))

    de, sv, en = seen("de-AT"), seen("sv"), seen("en")
    assert [given["title"] for given in de["lessons"]] == ["Ecken und Wände", "Schieben"]
    (row,) = de["rows"]
    assert (row["lesson_title"], row["step_title"]) == ("Ecken und Wände", "Fünf Wände")
    corners = L.in_language(L.read(LESSON), "sv")[0].title
    assert [given["title"] for given in sv["lessons"]] == [corners, "Pushes"]
    assert sv["rows"][0]["step_title"] == "Fem väggar"
    assert [given["title"] for given in en["lessons"]] == ["Corners and walls", "Pushes"]
    assert en["rows"][0]["step_title"] == "Five walls"
    for sent in (de, sv, en):
        assert "texts" not in sent  # no page is sent the other languages
    # the lessons a language lacks (English names on the page): said, on the page
    assert "note" not in de
    assert sv["note"] == (
        "Vissa lektioner har ännu ingen text på ditt språk: de visas på engelska."
    )
    assert "note" not in en
    from pyramid_lab.viewer.classroom.web import WWW

    assert 'v-if="teacher.note"' in (WWW / "teacher.html").read_text("utf-8")


def test_the_note_is_shown_by_the_page_and_not_lost_to_a_refusal(tmp_path):
    """Issue 108: the note never appeared: it was put in the page's ``said``, which the
    student's page never shows (its refusals are the reply's ``error``), and only where
    no refusal had taken it. It has its own field, which the page shows."""
    from pyramid_lab.viewer.classroom.web import WWW

    assert 'v-if="cr.note"' in (WWW / "student.html").read_text("utf-8")
    german = _german_only(tmp_path)
    room = Classroom.open([german], CODE, tmp_path / "results.json", on_board)
    ada = room.join("Ada")
    with ada.lock:
        page = page_of(ada)
    page = {**page, "said": "that was the last step of the last lesson"}  # a refusal's
    assert _sent(page, "sv")["note"].startswith("Den här lektionen har ännu ingen text")
