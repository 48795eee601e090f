"""The classroom's pages in the language each person reads (issue 90): every page speaks its
browser's language (``Accept-Language``, :func:`spoken`) unless the person picked another
on the page (its language picker, kept in that browser), so one class mixes languages.

Two kinds of words, one catalog (:mod:`pyramid_lab.i18n`):

- **the page's own** (its template's and its JavaScript's, extracted by Babel:
  :mod:`.page_words`):
  the page fetches them once, translated (:func:`page_words`, ``/words/LANG.json``), and
  fills their named placeholders itself (``t("Step {step} of {steps}", {...})``, plurals
  by the catalog's own rule);
- **the server's, the lab's and the games'** (refusals, prompts, hints, verdicts' words,
  the teacher's orders said, a page closed): Messages (:class:`~pyramid_lab.i18n.Message`) from
  where they are made (``M_``, ``Mn_``; the class's log, its results file and the
  teacher's lines keep their English, the one language-free form), said in the page's
  language as they leave for it (:func:`translated`, in :func:`.pushes.send`); a word
  marked ``N_`` is looked up whole. A page's handling runs in its language
  (``i18n.override``), so ``str()`` of a reason there speaks it too.

English is every message itself: an English page is sent what it always was.

A lesson's own texts go in each page's language too (issue 90): the student's page is made
once, in English (:func:`.student.page_of`), with the lesson's texts in its other languages
beside it (``texts``); as the page leaves for a browser (:func:`translated`) its texts are
put in that page's language, English where the lesson lacks it, and the page says so on
the lesson's first step. No page receives the other languages. The lessons' and steps'
names the pages list (a student's lessons, the teacher's lesson box and lines) are put in
each page's language the same way, each lesson's in its own (issue 108)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TypedDict, cast

from pyramid_lab import i18n
from pyramid_lab.i18n import N_
from pyramid_lab.model import lesson as lessons

from ..lab.said_html import html_said
from .page_words import written
from .replies import (
    LessonWords,
    Moves,
    MoveShown,
    Reply,
    StudentPage,
    TeacherLines,
    TeacherWords,
)

#: The words before a verdict's reason (``model.lesson.verdict_word``'s, the window's too):
#: the page is sent them in its language.
VERDICT_WORDS = (N_("Right!"), N_("Right so far:"), N_("Not yet:"))

#: Each language's own name (as the picker lists it: a language is found by its own name).
NAMES = {**dict(i18n.LANGUAGES), i18n.PSEUDO: "Pseudo (en_XA)"}


class LanguageShown(TypedDict):
    code: str
    name: str


class PageWords(TypedDict):
    """What a page fetches: its language, the catalog's plural rule (gettext's C
    expression of ``n``), the page's words translated (a list of forms for a plural, by
    its singular), and the languages it may pick."""

    language: str
    plural: str
    words: dict[str, str | list[str]]
    languages: list[LanguageShown]


def offered() -> list[LanguageShown]:
    """The languages a page may pick: English and every shipped catalog's."""
    return [
        {"code": code, "name": NAMES.get(code, code)} for code in (i18n.ENGLISH, *i18n.languages())
    ]


def chosen(value: object) -> str | None:
    """The language a page asked for (a locale's name: ``de``, ``sv_SE``, ``en_XA``),
    resolved (:func:`pyramid_lab.i18n.resolve`); None when it is no such name."""
    if not isinstance(value, str) or not re.fullmatch(
        r"[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?", value
    ):
        return None
    return i18n.resolve(value)


def spoken(accept: str | None) -> str:
    """The language of a browser's ``Accept-Language`` (``de-AT,de;q=0.9,en;q=0.8``): its
    most wanted one with a catalog (or English, or the pseudo-locale); English when none."""
    wanted: list[tuple[float, int, str]] = []
    for n, item in enumerate((accept or "")[:400].split(",")):
        tag, *rest = item.strip().split(";", 1)
        weight = rest[0] if rest else ""
        found = re.fullmatch(r"\s*q=([01](?:\.\d{1,3})?)\s*", weight)
        quality = float(found.group(1)) if found else (1.0 if not weight else 0.0)
        if tag and quality > 0:
            wanted.append((-quality, n, tag))
    for _q, _n, tag in sorted(wanted):
        language = chosen(tag)
        if language is not None and (language != i18n.ENGLISH or tag.lower().startswith("en")):
            return language
    return i18n.ENGLISH


@functools.cache
def page_words(language: str) -> PageWords:
    """The page's own words (:mod:`.page_words`) in ``language``, as the page fetches
    them."""
    words = i18n.translations(language)
    page_words, page_plurals = written()
    found: dict[str, str | list[str]] = {m: words.gettext(m) for m in page_words}
    for singular, plural in page_plurals:
        forms = _plural_count(language)
        found[singular] = [
            words.ngettext(singular, plural, _example(language, k)) for k in range(forms)
        ]
    return {
        "language": language,
        "plural": _plural_rule(language),
        "words": found,
        "languages": offered()
        + ([{"code": language, "name": NAMES[language]}] if language == i18n.PSEUDO else []),
    }


def _plural_rule(language: str) -> str:
    """The catalog's plural rule (gettext's expression of ``n``): English's where none."""
    info = i18n.translations(language).info() if language not in (i18n.ENGLISH, i18n.PSEUDO) else {}
    rule = info.get("plural-forms", "")
    found = re.search(r"plural\s*=\s*([^;]+)", rule)
    expression = found.group(1).strip() if found else "(n != 1)"
    if not re.fullmatch(r"[n0-9\s()!=<>&|?:%+-]+", expression):
        return "(n != 1)"  # (a catalog's header is ours; anything else is not evaluated)
    return expression


def _plural_count(language: str) -> int:
    info = i18n.translations(language).info() if language not in (i18n.ENGLISH, i18n.PSEUDO) else {}
    found = re.search(r"nplurals\s*=\s*(\d+)", info.get("plural-forms", ""))
    return int(found.group(1)) if found else 2


def _example(language: str, form: int) -> int:
    """A count whose plural form is ``form`` in ``language`` (the first below 1000)."""
    import gettext

    rule = gettext.c2py(_plural_rule(language))
    return next((n for n in range(1000) if rule(n) == form), 1 if form == 0 else 2)


# ---- the server's words, in the page's language ---------------------------------------------


def warm() -> None:
    """Read the catalog's messages and compile each language's now (a second or so the
    first time, on a thread), not on the server's loop when a page first asks."""
    i18n.catalog_messages()
    written()
    for language in i18n.languages():
        i18n.translations(language)


def said(text: str, language: str) -> str:
    """``text``, a sentence of the server's, the lab's or the games', in ``language``: a
    :class:`~pyramid_lab.i18n.Message` said in it from its message and values (a value
    that is a person's own text, a name, a move typed, is put in as it is: never read as
    a template); a word of the catalog marked ``N_`` looked up whole; anything else (a
    lesson's own words) as it is."""
    if isinstance(text, i18n.Message):
        return text.said_in(language)
    if not text or i18n.resolve(language) == i18n.ENGLISH or text not in i18n.catalog_messages():
        return text
    return i18n.shown(text, language)


def translated(reply: Reply, language: str) -> Reply:
    """``reply`` with the server's words in ``language`` (a copy where any changed), and a
    student's page with its lesson's texts in that language (:func:`in_page_language`)."""
    page = cast(StudentPage | None, reply.get("page"))  # (only a student's reply has one)
    if language == i18n.ENGLISH and (page is None or "texts" not in page) and "texts" not in reply:
        return reply
    out = cast(dict[str, object], dict(reply))  # (the same reply, some words changed)
    if page is not None:
        page = in_page_language(page, language)
        out["page"] = page
    if "rows" in reply:  # the teacher's: the lessons' and steps' names in its language
        out = cast(dict[str, object], lines_in_language(cast(TeacherLines, out), language))
    if language == i18n.ENGLISH:
        return cast(Reply, out)
    for key in ("error", "said", "alarm"):
        value = out.get(key)
        if isinstance(value, str):
            out[key] = said(value, language)
    if page is not None:
        out["page"] = _page_translated(page, language)
    if "board" in reply:
        board = reply["board"]
        legend = [{**line, "words": said(line["words"], language)} for line in board["legend"]]
        labels = [
            {**label, "text": _label_said(label["text"], language)} for label in board["labels"]
        ]
        shown: dict[str, object] = {**board, "legend": legend, "labels": labels}
        if "spots" in board:
            shown["spots"] = [{**s, "words": said(s["words"], language)} for s in board["spots"]]
        out["board"] = shown
    if "rows" in reply:
        rows = cast(TeacherLines, out)["rows"]
        out["rows"] = [{**row, "reason": said(row["reason"], language)} for row in rows]
    return cast(Reply, out)


def _label_said(text: str, language: str) -> str:
    """A label on the board in ``language``: the lab's (a key move's, a cook's, a hint's
    mark: a Message) said in it; a name of the board's (a space's number, a wall's letter)
    is notation, kept."""
    return text.said_in(language) if isinstance(text, i18n.Message) else text


def _page_translated(page: StudentPage, language: str) -> StudentPage:
    shown: StudentPage = {**page}
    shown["said"] = said(page["said"], language)
    shown["played"] = said(page["played"], language)
    shown["end"] = said(page["end"], language)
    task = page["task"]
    if task is not None:
        shown["task"] = {
            **task,
            "prompt": said(task["prompt"], language),
            "hint": said(task["hint"], language),
        }
    verdict = page["verdict"]
    if verdict is not None:
        shown["verdict"] = {
            **verdict,
            "word": said(verdict["word"], language),
            "reason": said(verdict["reason"], language),
        }
    if "play" in page:
        shown["play"] = _moves_translated(page["play"], language)
    if "panels" in page:
        shown["panels"] = [
            {**p, "title": said(p["title"], language), "html": html_said(p["html"], language)}
            for p in page["panels"]
        ]
    return shown


def _moves_translated(play: Moves, language: str) -> Moves:
    """The moves a page offers with the game's words for them in ``language`` (each move's
    text is notation: kept)."""

    def listed(moves: list[MoveShown]) -> list[MoveShown]:
        return [{**m, "words": said(m["words"], language)} for m in moves]

    form = play["form"]
    return {
        **play,
        "moves": listed(play["moves"]),
        "groups": [
            {"title": said(g["title"], language), "moves": listed(g["moves"])}
            for g in play["groups"]
        ],
        "about": said(play["about"], language),
        "form": None
        if form is None
        else {
            **form,
            "key": said(form["key"], language),
            "groups": [
                {
                    "title": said(group["title"], language),
                    "rows": [
                        {
                            "title": said(row["title"], language),
                            "parts": [
                                {**part, "label": said(part["label"], language)}
                                for part in row["parts"]
                            ],
                        }
                        for row in group["rows"]
                    ],
                }
                for group in form["groups"]
            ],
        },
    }


# ---- a lesson's own texts --------------------------------------------------------------

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
