"""The words of the classroom's pages themselves, their templates' (``www/student.html``,
``www/teacher.html``) and their JavaScript's (``www/classroom.js``): each a whole sentence
with named placeholders, written there as ``t("...", {name: value})`` (a count's as
``tn("{count} student", "{count} students", n, {...})``; a word declared as data, a
constant or a code the page translates where it shows it, marked ``N_("...")``), and
extracted from there by Babel (issue 108 item 6): ``scripts/catalogs.py`` puts them in the
catalog (``babel.cfg``: Babel's JavaScript extraction for the script, :func:`extract_template`
for the templates' expressions), and the server finds them the same way to send a page its
words, translated (:func:`written`; :func:`.words.page_words`). Nothing lists them by hand.

The teacher's lines carry a code where the page says a word (a student's ``end``: ``lesson
done``, ``all lessons done``): the page translates it; the class keeps it as it is."""

from __future__ import annotations

import functools
import html
import io
import re
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:  # (Babel's own names for an extraction method's types: types only)
    from babel.messages.extract import _ExtractionResult, _FileObj, _Keyword

__all__ = ["KEYWORDS", "WWW", "extract_template", "written"]

#: The pages' files.
WWW = Path(__file__).parent / "www"
#: The pages' keywords, as Babel's extraction takes them: ``t("...")`` a word, ``tn("...",
#: "...", n)`` a count's, ``N_("...")`` a word marked where it is declared.
KEYWORDS: dict[str, _Keyword] = {"t": None, "tn": (1, 2), "N_": None}

#: An expression of a page's template: ``{{ ... }}``, or an attribute's value bound to one
#: (``:placeholder="..."``, ``@click="..."``, ``v-if="..."``).
_EXPRESSION = re.compile(r"\{\{(.*?)\}\}|\s(?::|@|v-)[\w:.\-]*=\"([^\"]*)\"", re.DOTALL)


def extract_template(
    fileobj: _FileObj | IO[bytes],
    keywords: Mapping[str, _Keyword],
    comment_tags: Collection[str],
    options: Mapping[str, Any],  # (Babel's: the section's options; none taken here)
) -> Iterator[_ExtractionResult]:
    """Babel's extraction method for a page's template (``www/*.html``): Babel's own
    JavaScript extraction of each of its expressions (:data:`_EXPRESSION`, its HTML
    entities read), at the template's line."""
    from babel.messages.extract import extract_javascript

    text = fileobj.read().decode("utf-8")
    for found in _EXPRESSION.finditer(text):
        inline, bound = found.groups()
        expression = html.unescape(inline if inline is not None else bound)
        line = text.count("\n", 0, found.start()) + 1
        source = io.BytesIO(expression.encode("utf-8"))
        for lineno, name, messages, comments in extract_javascript(
            source, keywords, comment_tags, {}
        ):
            yield line + lineno - 1, name, messages, comments


@functools.cache
def written() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The words the pages write (``t``, ``N_``) and their counted words (``tn``: singular
    and plural), in the order written, as Babel's extraction finds them (the catalog's
    way: :data:`KEYWORDS`)."""
    from babel.messages.extract import extract

    words: dict[str, None] = {}
    plurals: dict[tuple[str, str], None] = {}
    for path in sorted(WWW.glob("*.html")) + sorted(WWW.glob("*.js")):
        method = extract_template if path.suffix == ".html" else "javascript"
        with path.open("rb") as source:
            for _line, message, _comments, _context in extract(method, source, KEYWORDS):
                if isinstance(message, tuple):
                    plurals[(str(message[0]), str(message[1]))] = None
                else:
                    words[message] = None
    return tuple(words), tuple(plurals)
