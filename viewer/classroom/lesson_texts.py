"""A lesson's own texts in each page's language (issue 90): the student's page is made once,
in English (:func:`.student.page_of`), with the lesson's texts in its other languages
beside it (``texts``); as the page leaves for a browser (:func:`.words.translated`) its
texts are put in that page's language, English where the lesson lacks it, and the page
says so on the lesson's first step. No page receives the other languages."""

from __future__ import annotations

from pyramid_lab import i18n
from pyramid_lab.i18n import N_
from pyramid_lab.model import lesson as lessons

from .replies import LessonWords, StudentPage

#: Said on a page whose language a lesson lacks, on its first step ("once").
FALLBACK = N_("This lesson has no text in your language yet: it is shown in English.")

#: What a page says for a task without a hint (:func:`.student.page_of`).
NO_HINT = N_("no hint for this task")


def page_texts(
    lesson: lessons.LessonFile, index: int, titles: list[lessons.LessonFile]
) -> dict[str, LessonWords]:
    """Step ``index`` of ``lesson`` and the class's lessons' ``titles``, in each language
    the lesson has besides English."""
    out: dict[str, LessonWords] = {}
    for language in lessons.languages(lesson)[1:]:
        shown, complete = lessons.in_language(lesson, language)
        step = shown.steps[index]
        task = step.task
        out[language] = {
            "lesson_title": shown.title,
            "lessons": [lessons.in_language(given, language)[0].title for given in titles],
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
        if page["step"] == 0 and not page["said"]:
            shown["said"] = FALLBACK
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
    if not words["complete"] and page["step"] == 0 and not page["said"]:
        shown["said"] = FALLBACK
    return shown
