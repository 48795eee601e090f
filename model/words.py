"""The rules' words put together language-free (issue 90, ``docs/i18n.md``): a player's
colour as a word of a sentence, and sentences or words joined as English joins them, each
piece said in the reader's language where it is shown (:class:`pyramid_lab.i18n.Message`).
The games' refusals, endings and reports build their sentences with these."""

from __future__ import annotations

import errno
import functools
import os
from collections.abc import Iterable

from pyramid_lab.i18n import M_, N_, Message

__all__ = ["colour", "joined", "reason_of", "system_reason"]


@functools.cache
def colour(name: str) -> Message:
    """A player's colour (``red``) as a word put in a sentence: translated with it (the
    colours are words of the catalog: ``viewer.lab.outcome_words.COLOUR_WORDS``). Made once
    a colour (a Message does not change)."""
    return Message(name)


def joined(items: Iterable[str], by: str = "; ") -> str:
    """``items`` joined ``by`` (``"; "``, ``", "``, ``" and "``, ``" or "``) as ``by.join``
    joins them in English ('' for none), each a Message kept (another text is notation,
    kept as it is), the whole a Message said piece by piece in the reader's language."""
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
        elif by == " or ":
            out = M_("{first} or {second}", first=out, second=item)
        else:
            raise ValueError(f"no words join by {by!r}")
    return out


def reason_of(error: BaseException) -> str:
    """An error's words as a value for another sentence: its Message where it holds one (said
    in the reader's language with the sentence), else its text as it is."""
    if len(error.args) == 1 and isinstance(error.args[0], Message):
        return error.args[0]
    return str(error)


#: The system's failures a person meets most, in the catalog's words: the English is the
#: C library's own text (what the program always showed), each language the catalog's.
SYSTEM_WORDS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EROFS: N_("Read-only file system"),
    errno.EEXIST: N_("File exists"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENOTEMPTY: N_("Directory not empty"),
    errno.EIO: N_("Input/output error"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.EFBIG: N_("File too large"),
    errno.EMFILE: N_("Too many open files"),
    errno.ENOMEM: N_("Cannot allocate memory"),
    errno.EADDRINUSE: N_("Address already in use"),
    errno.EADDRNOTAVAIL: N_("Cannot assign requested address"),
    errno.ECONNREFUSED: N_("Connection refused"),
}


def system_reason(error: BaseException) -> str:
    """Why the system refused (an ``OSError``), as a value for another sentence: a failure
    of :data:`SYSTEM_WORDS` said in the reader's language (a Message whose English is the
    system's), else the system's own text (its ``strerror``, or the error's text)."""
    if isinstance(error, OSError) and error.errno is not None and error.strerror:
        known = SYSTEM_WORDS.get(error.errno)
        if known is not None and error.strerror == os.strerror(error.errno):
            return M_(known)
        return error.strerror
    return str(error)
