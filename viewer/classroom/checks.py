"""The checks every value from a browser (or a results file) goes through: a bad one raises
:class:`Refused` with a sentence, and the server answers it and goes on. No Qt, no VTK, no
web."""

from __future__ import annotations

import hashlib
import math
import re
import secrets
import unicodedata
from typing import Any

from pyramid_lab.i18n import M_, N_

# the one refusal, the lab's: what the board answers, and what the class raises here
from ..lab.outcome import Refused as Refused
from ..lab.outcome_words import word

MAX_NAME = 40
TOKEN_BYTES = 18  # secrets.token_urlsafe: 24 characters
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_CODE = re.compile(r"[A-Za-z0-9-]{4,60}")
#: The letters of a class code made up: no 0/o, 1/l/i to misread (31 of them).
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
#: A code made up: four groups of four letters and digits, 31**16 codes (79 random bits).
CODE_WORDS = 4
#: The shortest class code a class may have (``--code``, or kept beside its results): 16
#: letters and digits of :data:`CODE_ALPHABET` drawn at random hold 79 bits; a shorter
#: word is guessed.
MIN_CHOSEN_CODE = 16
#: The fewest different letters and digits in a class code (``aaaaaaaaaaaaaaaa`` is one
#: guess; 16 drawn at random from 31 hold 12 or 13 different ones).
MIN_CODE_LETTERS = 8
#: Joins waiting for the teacher's yes at most (the class closed to new students); the
#: teacher answers as many at once (Let in, Refuse the ticked).
MAX_WAITING = 60
#: Students in a class at most.
MAX_STUDENTS = 200
#: Students removed and kept (to be brought back) at most; past it the oldest go for good.
MAX_REMOVED = 1000


def bounded_text(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str):
        raise Refused(M_("{what} must be text", what=word(what)))
    if len(value) > limit:
        raise Refused(
            M_("{what} is too long (at most {limit} characters)", what=word(what), limit=limit)
        )
    return value


def name_of(value: Any) -> str:
    """A student's name: 1 to 40 printable characters, spaces squeezed."""
    text = unicodedata.normalize("NFC", bounded_text(value, N_("the name"), 4 * MAX_NAME))
    text = " ".join(text.split())
    if not text:
        raise Refused(N_("type your name first"))
    if len(text) > MAX_NAME:
        raise Refused(M_("the name is too long (at most {most} characters)", most=MAX_NAME))
    if any(unicodedata.category(c)[0] == "C" for c in text):
        raise Refused(N_("the name has a character that cannot be shown"))
    return text


def token_of(value: Any) -> str:
    text = bounded_text(value, N_("the student's key"), 64)
    if not _TOKEN.fullmatch(text):
        raise Refused(N_("the student's key is not one this class gives"))
    return text


def code_of(value: Any) -> str:
    text = bounded_text(value, N_("the class code"), 60)
    if not _CODE.fullmatch(text):
        raise Refused(N_("a class code is 4 to 60 letters, digits and dashes"))
    return text


def chosen_code(value: str) -> str:
    """A class code a class may have, the one rule for all (``--code``, the code kept
    beside the results, one made up): long and varied enough that guessing it is
    hopeless (:data:`MIN_CHOSEN_CODE` letters and digits, dashes not counted, at least
    :data:`MIN_CODE_LETTERS` of them different). Refused saying why."""
    text = code_of(value)
    letters = text.replace("-", "")
    if len(letters) < MIN_CHOSEN_CODE:
        raise Refused(
            M_(
                "a class code is at least {least} letters and digits (dashes not counted), "
                "or a page could guess it: leave --code out and the class makes one",
                least=MIN_CHOSEN_CODE,
            )
        )
    if len(set(letters.lower())) < MIN_CODE_LETTERS:
        raise Refused(
            M_(
                "a class code has at least {least} different letters and digits (not one "
                "letter repeated), or a page could guess it: leave --code out and the "
                "class makes one",
                least=MIN_CODE_LETTERS,
            )
        )
    return text


#: A door number (:meth:`.room.Admission.door`): this many digits, read out by the
#: teacher and typed by a late student; 10**9 of them, each good once, for
#: :data:`DOOR_SECONDS`: a script guessing one is hopeless.
DOOR_DIGITS = 9
DOOR_SECONDS = 15 * 60


def door_of(value: Any) -> str:
    """A door number typed: its digits (spaces and dashes between them left out)."""
    text = re.sub(r"[\s-]", "", bounded_text(value, N_("the number"), 40))
    if not re.fullmatch(rf"[0-9]{{{DOOR_DIGITS}}}", text):
        raise Refused(M_("the number the teacher gives is {digits} digits", digits=DOOR_DIGITS))
    return text


def whole_number(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Refused(M_("{what} must be a whole number", what=word(what)))
    if isinstance(value, float):
        if not value.is_integer():
            raise Refused(M_("{what} must be a whole number", what=word(what)))
        value = int(value)
    if not low <= value <= high:
        raise Refused(
            M_("{what} must be from {low} to {high}", what=word(what), low=low, high=high)
        )
    return int(value)  # (an int already: the same)


def seconds_of(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Refused(N_("seconds must be a number"))
    if not (math.isfinite(value) and 0 <= value <= 10**9):
        raise Refused(N_("seconds must be from 0 to 1000000000"))
    return float(value)


def key_of(token: str) -> str:
    """What the class keeps of a student's key: its SHA-256 digest (hex). The key itself
    lives in the student's browser only."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def make_code() -> str:
    """A class code: :data:`CODE_WORDS` groups of four of :data:`CODE_ALPHABET`, drawn
    again in the rare case it breaks the rule (:func:`chosen_code`)."""
    while True:
        code = "-".join(
            "".join(secrets.choice(CODE_ALPHABET) for _ in range(4)) for _ in range(CODE_WORDS)
        )
        try:
            return chosen_code(code)
        except Refused:
            continue


def make_token() -> str:
    """A student's key (144 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)
