"""A text in several languages: a lesson's (:mod:`model.lesson`), a puzzle's.

Every text of a lesson file (its title; each step's title and text; each task's prompt and
hint) is either a string, English, as lesson files always were, or an object of languages,
``{"en": "Holding", "de": "Halten", "sv": "Att hålla"}``, English required. A lesson read
keeps the English in its plain fields (what the editor and the checks use) and the other
languages beside it (``words``: the text's key -> language -> text); :func:`in_language`
gives the lesson as a reader in one language sees it, each missing text in English.
Written back, a text with English alone is a string again, so an old file round-trips."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pyramid_lab.i18n import M_

from .game import PositionFormatError

ENGLISH = "en"

#: A language's code: ``de``, ``sv``, ``pt_BR`` (``pt-BR`` is read as ``pt_BR``).
_CODE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")

MAX_LANGUAGES = 40

#: Translations of one object's texts: the text's key ("title", "text", "prompt", "hint")
#: -> the language's code -> the text (English is never here: it is the plain field).
Words = dict[str, dict[str, str]]


def language_code(text: str) -> str:
    """``de-AT`` -> ``de_AT``, ``DE`` -> ``de``: the form a lesson file's keys take."""
    base, _, region = text.replace("-", "_").partition("_")
    return f"{base.lower()}_{region.upper()}" if region else base.lower()


def read_text(raw: Any, key: str, limit: int, *, empty: bool = False) -> tuple[str, dict[str, str]]:
    """A text as a file holds it: a string (English) or ``{"en": ..., "de": ...}``; the
    English and the other languages, each checked (PositionFormatError naming ``key``)."""
    if isinstance(raw, dict):
        if ENGLISH not in raw:
            raise PositionFormatError(key, M_('a text in several languages needs "en" (English)'))
        if len(raw) > MAX_LANGUAGES:
            raise PositionFormatError(
                key,
                M_("{count} languages (at most {most})", count=len(raw), most=MAX_LANGUAGES),
            )
        others: dict[str, str] = {}
        for code, value in raw.items():
            if not isinstance(code, str) or not _CODE.match(code):
                raise PositionFormatError(
                    key,
                    M_("{code} is not a language's code (like en, de, sv, pt_BR)", code=repr(code)),
                )
            text = _one(value, f"{key}.{code}", limit, empty)
            if code != ENGLISH:
                others[code] = text
        return _one(raw[ENGLISH], f"{key}.{ENGLISH}", limit, empty), others
    return _one(raw, key, limit, empty), {}


def _one(raw: Any, key: str, limit: int, empty: bool) -> str:
    if not isinstance(raw, str) or (not empty and not raw.strip()):
        raise PositionFormatError(
            key,
            M_("must be a non-empty text or an object of languages")
            if not empty
            else M_("must be a text or an object of languages"),
        )
    if len(raw) > limit:
        raise PositionFormatError(
            key,
            M_("too long: {count} characters (at most {most})", count=len(raw), most=limit),
        )
    return raw


def text_json(english: str, others: Mapping[str, str] | None) -> str | dict[str, str]:
    """A text as it is written: the string where only English exists."""
    if not others:
        return english
    return {ENGLISH: english, **{code: others[code] for code in sorted(others)}}


def pick(english: str, others: Mapping[str, str] | None, language: str) -> tuple[str, bool]:
    """The text in ``language`` (``de_AT`` falls back to ``de``), else English; and
    whether it was there (English always is; an empty English text needs none)."""
    code = language_code(language)
    if code == ENGLISH or code.startswith(ENGLISH + "_") or not english:
        return english, True
    for tried in (code, code.partition("_")[0]):
        if others and tried in others:
            return others[tried], True
    return english, False
