"""A lesson's own texts in each page's language (issue 90): the student's page is made once,
in English (:func:`.student.page_of`), with the lesson's texts in its other languages
beside it (``texts``); as the page leaves for a browser (:func:`.words.translated`) its
texts are put in that page's language, English where the lesson lacks it, and the page
says so on the lesson's first step. No page receives the other languages. The lessons'
and steps' names the pages list (a student's lessons, the teacher's lesson box and lines)
are put in each page's language the same way, each lesson's in its own (issue 108)."""

from __future__ import annotations

from collections.abc import Sequence

from pyramid_lab import i18n
from pyramid_lab.i18n import N_
from pyramid_lab.model import lesson as lessons

from .replies import LessonWords, StudentPage, TeacherLines, TeacherWords

#: A lesson's names in each language it has, English ("en") included: the lesson's title
#: and its steps' titles (:func:`titles_of`).
Titles = dict[str, tuple[str, list[str]]]

#: Said on a page whose language a lesson lacks, on its first step ("once").
FALLBACK = N_("This lesson has no text in your language yet: it is shown in English.")

#: Said on the teacher's page whose language some of the class's lessons lack.
SOME_ENGLISH = N_("Some lessons have no text in your language yet: they are shown in English.")

#: What a page says for a task without a hint (:func:`.student.page_of`).
NO_HINT = N_("no hint for this task")


def titles_of(lesson: lessons.LessonFile) -> Titles:
    """``lesson``'s title and its steps' titles in each language it has (English first)."""
    out: Titles = {}
    for language in lessons.languages(lesson):
        shown = lessons.in_language(lesson, language)[0]
        out[language] = (shown.title, [step.title for step in shown.steps])
    return out


def _named(titles: Titles, language: str) -> tuple[str, list[str]]:
    """A lesson's names in ``language``, English where it has none."""
    return titles.get(language) or titles[lessons.ENGLISH]


def _languages(class_titles: Sequence[Titles]) -> list[str]:
    """Every language but English that one of the class's lessons has."""
    return sorted({code for titles in class_titles for code in titles} - {lessons.ENGLISH})


def page_texts(
    lesson: lessons.LessonFile, index: int, class_titles: Sequence[Titles]
) -> dict[str, LessonWords]:
    """Step ``index`` of ``lesson`` and the class's lessons' titles (``class_titles``, each
    lesson's :func:`titles_of`), in each language the lesson or another of the class has
    besides English (a language the lesson lacks: its English, said so)."""
    out: dict[str, LessonWords] = {}
    for language in sorted({*lessons.languages(lesson)[1:], *_languages(class_titles)}):
        shown, complete = lessons.in_language(lesson, language)
        step = shown.steps[index]
        task = step.task
        out[language] = {
            "lesson_title": shown.title,
            "lessons": [_named(titles, language)[0] for titles in class_titles],
            "title": step.title,
            "text": step.text,
            "prompt": task.prompt if task is not None else "",
            "hint": task.hint if task is not None else "",
            "complete": complete,
        }
    return out


def in_page_language(page: StudentPage, language: str) -> StudentPage:
    """``page`` (its server's words still English: they are translated after) with the
    lesson's texts in ``language``, and without the other languages'."""
    texts = page.get("texts", {})
    shown: StudentPage = {**page}
    shown.pop("texts", None)
    if i18n.resolve(language) == i18n.ENGLISH:
        return shown
    code = lessons.language_code(language)
    words = texts.get(code) or texts.get(code.split("_")[0])
    if words is None:
        if page["step"] == 0:
            shown["note"] = _fallback(language)
        return shown
    shown["lesson_title"], shown["title"], shown["text"] = (
        words["lesson_title"],
        words["title"],
        words["text"],
    )
    shown["lessons"] = [
        {**given, "title": title}
        for given, title in zip(page["lessons"], words["lessons"], strict=False)
    ]
    task = page["task"]
    if task is not None:
        own_hint = bool(task["hint"]) and task["hint"] != NO_HINT and bool(words["hint"])
        shown["task"] = {
            **task,
            "prompt": words["prompt"] or task["prompt"],
            "hint": words["hint"] if own_hint else task["hint"],
        }
    if not words["complete"] and page["step"] == 0:
        shown["note"] = _fallback(language)
    return shown


def _fallback(language: str) -> str:
    """The note that the lesson lacks ``language``, in it. Its own field (``note``), shown
    above the lesson's texts: put in ``said`` (a refusal's place, which the page never
    shows, and which a refusal took first) it never reached a student (issue 108)."""
    return i18n.translations(language).gettext(FALLBACK)


def lines_texts(class_titles: Sequence[Titles]) -> dict[str, TeacherWords]:
    """The class's lessons' and steps' names in each language one of them has besides
    English, for the teacher's page (:func:`lines_in_language`)."""
    out: dict[str, TeacherWords] = {}
    for language in _languages(class_titles):
        named = [_named(titles, language) for titles in class_titles]
        out[language] = {
            "lessons": [title for title, _steps in named],
            "steps": [steps for _title, steps in named],
            "complete": all(language in titles for titles in class_titles),
        }
    return out


def lines_in_language(lines: TeacherLines, language: str) -> TeacherLines:
    """The teacher's ``lines`` with the lessons' and steps' names in ``language`` (English
    where a lesson lacks it), and without the other languages'."""
    texts = lines.get("texts", {})
    shown: TeacherLines = {**lines}
    shown.pop("texts", None)
    if i18n.resolve(language) == i18n.ENGLISH:
        return shown
    code = lessons.language_code(language)
    words = texts.get(code) or texts.get(code.split("_")[0])
    if words is None or not words["complete"]:  # (some lessons' names English: said)
        shown["note"] = i18n.translations(language).gettext(SOME_ENGLISH)
    if words is None:
        return shown
    names, steps = words["lessons"], words["steps"]
    shown["lessons"] = [
        {**given, "title": title} for given, title in zip(lines["lessons"], names, strict=False)
    ]
    rows = []
    for row in lines["rows"]:
        at, step = row["lesson"], row["step"]
        if 0 <= at < len(names) and 0 <= step < len(steps[at]):
            row = {**row, "lesson_title": names[at], "step_title": steps[at][step]}
        rows.append(row)
    shown["rows"] = rows
    return shown
