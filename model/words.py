"""The rules' words put together language-free (issue 90, ``docs/i18n.md``): a player's
colour as a word of a sentence, and sentences or words joined as English joins them, each
piece said in the reader's language where it is shown (:class:`pyramid_lab.i18n.Message`).
The games' refusals, endings and reports build their sentences with these."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from pyramid_lab.i18n import M_, Message

__all__ = ["colour", "joined", "reason_of"]


@functools.cache
def colour(name: str) -> Message:
    """A player's colour (``red``) as a word put in a sentence: translated with it (the
    colours are words of the catalog: ``viewer.lab.outcome_words.COLOUR_WORDS``). Made once
    a colour (a Message does not change)."""
    return Message(name)


def joined(items: Iterable[str], by: str = "; ") -> str:
    """``items`` joined ``by`` (``"; "``, ``", "``, ``" and "``) as ``by.join`` joins them
    in English ('' for none), each a Message kept (another text is notation, kept as it
    is), the whole a Message said piece by piece in the reader's language."""
    said = list(items)
    if not said:
        return ""
    out: str = said[0]
    for item in said[1:]:
        if by == "; ":
            out = M_("{first}; {second}", first=out, second=item)
        elif by == ", ":
            out = M_("{first}, {second}", first=out, second=item)
        elif by == " and ":
            out = M_("{first} and {second}", first=out, second=item)
        else:
            raise ValueError(f"no words join by {by!r}")
    return out


def reason_of(error: BaseException) -> str:
    """An error's words as a value for another sentence: its Message where it holds one (said
    in the reader's language with the sentence), else its text as it is."""
    if len(error.args) == 1 and isinstance(error.args[0], Message):
        return error.args[0]
    return str(error)
