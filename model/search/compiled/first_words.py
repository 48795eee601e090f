"""The compiled core's first use in words (:mod:`.first_use`, :mod:`.warm`): what a process
says while it waits for the core (compiling it, loading it, waiting for another process's
compile) and each step, Messages said in each reader's language (the command line's, a
script's, the window's). Loaded with :mod:`.first_use`, by a process that runs a compiled
search only: a probe and the book's look-up load neither (``tests/model/test_pyraos_prober.py``)."""

from __future__ import annotations

import re

from pyramid_lab.i18n import M_, Message

#: What a first use says while the core compiles (no set-up's warm-up, or new sources).
COMPILING = M_(
    "compiling the search for its first use (a minute or two on an idle machine, longer on a "
    "busy one; once)"
)
#: What it says while the core loads from numba's cache (about a second).
LOADING = M_("loading the compiled search")
#: What it says while another process compiles the parts it needs (a window's warm-up, a
#: command started beside it, the test suite's warm-up): it waits, then loads them.
WAITING = M_("another process is compiling it, waiting for it")
#: What a first use says first where it will compile, before the search imports numba.
STARTING = M_("starting")
#: What each part of the core is called while it is made ready (:data:`.warm.STEPS`).
PART_WORDS = {
    "tree": M_("the tree search"),
    "proof": M_("the proof searches"),
    "kernels": M_("the games' kernels"),
    "endgame": M_("the endgame tables"),
}
#: The last step's words, for a search about to run.
LAST_STEP = M_("ready, the search starts")
#: A part's step while numba compiles it, with how far the compile is (``.warm``'s count
#: of the functions numba has compiled, against how many a whole compile makes).
COUNTED = "{part} ({done} of about {total} functions compiled)"
_COUNTED = re.compile(
    r"^(?P<part>.+) \((?P<done>\d+) of about (?P<total>\d+) functions compiled\)$"
)


#: A reader of lines (scripts/setup.sh, a command's stderr, a script's log) is told a
#: compile's count at most this often (seconds); the window's status, each.
LINE_EVERY = 10.0


def counted(part: str, done: int, total: int) -> Message:
    """``part``'s step with how far its compile is: 'the tree search (12 of about 76
    functions compiled)'."""
    # TRANSLATORS: a step of the search's first compile, and how far it is: "the tree
    # search (12 of about 76 functions compiled)"
    return M_(
        "{part} ({done} of about {total} functions compiled)",
        part=part,
        done=done,
        total=max(done, total),
    )


def is_counted(text: str) -> bool:
    """Whether ``text`` is a step of :func:`counted` (one of many a compile says: a reader
    of lines may show fewer)."""
    return str(text).endswith(" functions compiled)")


def step(waiting: str, doing: str) -> Message:
    """What a wait is for and its step under way: ``compiling the search ... (...): the
    tree search``."""
    return M_("{waiting}: {step}", waiting=waiting, step=doing)


def heard(line: str) -> str:
    """A step of the window's child process as it printed it (English: the child speaks no
    language of its own) as the words it was made of, said in the window's language; a
    line that is no step of these words (the child's own warning) as it is."""
    known = {str(words): words for words in (COMPILING, LOADING, WAITING, STARTING, LAST_STEP)}
    known |= {str(words): words for words in PART_WORDS.values()}
    head, colon, doing = line.partition(": ")
    if colon and head in known and doing in known:
        return step(known[head], known[doing])
    count = _COUNTED.match(doing) if colon and head in known else None
    if count is not None and count["part"] in known:
        words = counted(known[count["part"]], int(count["done"]), int(count["total"]))
        return step(known[head], words)
    return line
