"""Every word a person reads, through one catalog (issue 90, STYLE lesson 38; ``docs/i18n.md``).

The catalogs are gettext's: ``pyramid_lab/locale/<language>/LC_MESSAGES/pyramid_lab.po``,
one a language, extracted and updated by ``scripts/catalogs.py``. A message is a whole
sentence whose values are named placeholders, filled after translation, so a translator
may reorder them::

    from pyramid_lab.i18n import _, ngettext

    print(_("pyramid-lab: error: {message}").format(message=message))
    print(ngettext("{count} ball", "{count} balls", n).format(count=n))

Data declared before a language is chosen (a command's arguments, the window's menus) marks
its words with :func:`N_` (for extraction) and translates them where it uses them.

A sentence made once and shown to several people, each in their own language (the lab's
words: a student's page in German, the teacher's window in English), is made language-free
with :func:`M_` / :func:`Mn_`: a :class:`Message`, whose text is the English (the class's
results file, the logs, the tests read it) and which keeps its message and its named
values, so each edge says it in its own language (:func:`shown`, :meth:`Message.said_in`).

The command line speaks the language of ``LANGUAGE`` / ``LC_ALL`` / ``LC_MESSAGES`` /
``LANG`` (:func:`language_from_env`, then :func:`use`: the process's language); a piece
of work speaks another inside :func:`override` (a context variable: a classroom page's
handling speaks the page's); a page or a window asks for its own (:func:`translations`).
``en_XA`` is the pseudo-locale: every translated message marked ``⟦…⟧``, its letters
accented and lengthened by 40 %, its placeholders intact, so a test finds the words that
bypass the catalog.

A catalog is compiled from its ``.po`` when first used, into the user's cache
(``XDG_CACHE_HOME``, else ``~/.cache``: ``pyramid-lab/locale/<language>-<digest>.mo``;
in memory where the cache cannot be written), so the source tree, an editable install and
a wheel read the same file and a changed ``.po`` is never shadowed by a stale ``.mo``.
English reads no catalog, and nothing here imports Babel until a catalog is compiled or a
number or list is formatted: the command line's start-up pays only for :mod:`gettext`.
This module imports the standard library only (Babel lazily); no Qt, no game.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import io
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "M_",
    "N_",
    "PSEUDO",
    "Message",
    "Mn_",
    "Number",
    "_",
    "catalog_messages",
    "current",
    "format_list",
    "format_number",
    "format_percent",
    "language_from_env",
    "languages",
    "listed",
    "ngettext",
    "number",
    "override",
    "pgettext",
    "pseudo",
    "shown",
    "translations",
    "use",
]

#: The language the messages are written in (the catalogs' msgids).
ENGLISH = "en"
#: The pseudo-locale: no catalog of its own, made from the English (:func:`pseudo`).
PSEUDO = "en_XA"
#: The shipped languages, each by its own name (a name a person finds in any language): View >
#: Language lists them, the lesson editor edits a text in them, the classroom's picker names them.
LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
    ("sv", "Svenska"),
)
#: gettext's domain: the catalogs' file name.
DOMAIN = "pyramid_lab"
#: The catalogs' folder (package data).
LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """``message`` unchanged: marks a word declared as data for extraction (translated
    where it is used, with :func:`_`)."""
    return message


@functools.cache  # (the shipped catalogs: every word shown asked, 100 times a window)
def languages() -> tuple[str, ...]:
    """The languages with a catalog, sorted (English, the messages' own, has none)."""
    if not LOCALE_DIR.is_dir():
        return ()
    found = (p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return tuple(sorted(found))


def _catalog_for(language: str) -> str | None:
    """The catalog that speaks ``language`` (``de_AT.UTF-8``: ``de_AT``, else ``de``)."""
    code = language.split(".")[0].split("@")[0].replace("-", "_")
    shipped = languages()
    lowered = {name.lower(): name for name in shipped}
    for candidate in (code, code.split("_")[0]):
        if candidate.lower() in lowered:
            return lowered[candidate.lower()]
    return None


def resolve(language: str | None) -> str:
    """The language a request for ``language`` gets: a shipped catalog's name,
    :data:`PSEUDO`, or :data:`ENGLISH` (None, ``C``, ``POSIX``, or no catalog for it)."""
    if language is None:
        return ENGLISH
    if language.split(".")[0].replace("-", "_").lower() == PSEUDO.lower():
        return PSEUDO
    return _catalog_for(language) or ENGLISH


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as GNU gettext reads it: ``LANGUAGE`` (a
    list, ``sv:de``: its first language with a catalog) unless the locale is ``C`` itself,
    then the locale: ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first set (``C`` where none
    is); English where none names a shipped one. As glibc's ``guess_category_value``:
    ``LANGUAGE`` is ignored for the locale ``C`` (and ``POSIX``, its other name; no locale
    set is ``C`` too), whose output POSIX fixes, and honoured under any other, ``C.UTF-8``
    (a container's and many CI machines' default) included."""
    env = os.environ if environ is None else environ
    locale = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "C")
    if locale in ("C", "POSIX"):
        return ENGLISH
    for wanted in [*env.get("LANGUAGE", "").split(":"), locale]:
        chosen = resolve(wanted) if wanted else ENGLISH
        if chosen != ENGLISH or wanted.lower().startswith("en"):
            return chosen
    return ENGLISH


#: a message's placeholders: ``{name}``, ``{name:g}``, ``%(name)s``, ``%s``, ``%%``
_PLACEHOLDER = (
    r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}"
    r"|%\([A-Za-z_][A-Za-z0-9_]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]"
    r"|%[-#0 +]*\d*(?:\.\d+)?[sdrifgx%]"
)
#: each letter a look-alike in the pseudo-locale: still readable, plainly not English
_PLAIN, _ACCENTED = "AaCcEeIiNnOoSsUuYyZz", "ÅåÇçÉéÎîÑñØøŠšÛûÝýŽž"


def placeholders(message: str) -> list[str]:
    """The placeholders of ``message`` (``{count}``, ``%(prog)s``, ``%s``), sorted: what a
    translation must keep."""
    return sorted(re.findall(_PLACEHOLDER, message))


def pseudo(message: str) -> str:
    """``message`` in the pseudo-locale: marked ``⟦…⟧``, its letters accented, lengthened
    by 40 % of its letters (``~``), its placeholders and its outer spaces kept."""
    body = message.strip()
    if not body:
        return message
    lead = message[: len(message) - len(message.lstrip())]
    trail = message[len(message.rstrip()) :]
    pieces = re.split(_PLACEHOLDER, body)
    kept = re.findall(_PLACEHOLDER, body)
    out = [_accented(pieces[0])]
    for placeholder, piece in zip(kept, pieces[1:], strict=True):
        out += [placeholder, _accented(piece)]
    letters = sum(ch.isalpha() for ch in "".join(pieces))
    return f"{lead}⟦{''.join(out)}{'~' * round(0.4 * letters)}⟧{trail}"


#: a word of notation the pseudo-locale leaves as it is: a flag, a file or its pattern, a
#: variable, an address, NAME=VALUE, a metavar (FILE, OUT.png)
_NOTATION = r"[(\[]?(?:[-$*./~]\S*|\S*(?:://|/|=)\S*|[A-Z][A-Z0-9_.:]*(?:\.\w+)?[)\],;:]*)"


def _accented(text: str) -> str:
    """``text``'s letters accented, its notation (:data:`_NOTATION`) left as it is."""
    accent = str.maketrans(_PLAIN, _ACCENTED)
    return re.sub(
        r"\S+",
        lambda word: word[0] if re.fullmatch(_NOTATION, word[0]) else word[0].translate(accent),
        text,
    )


class _Pseudo(gettext.NullTranslations):
    """The pseudo-locale's translations: each message made by :func:`pseudo`."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


@functools.cache
def translations(language: str | None) -> gettext.NullTranslations:
    """The translations of ``language`` (as :func:`resolve` takes it): its catalog's,
    the pseudo-locale's, or English's (each message itself)."""
    chosen = resolve(language)
    if chosen == PSEUDO:
        return _Pseudo()
    if chosen == ENGLISH:
        return gettext.NullTranslations()
    po = LOCALE_DIR / chosen / "LC_MESSAGES" / f"{DOMAIN}.po"
    return gettext.GNUTranslations(io.BytesIO(_compiled(chosen, po)))


def _compiled(language: str, po: Path) -> bytes:
    """The ``.mo`` of ``po``: from the user's cache, else compiled (by Babel; a fuzzy
    entry is left out, so English stands for it) and kept there if it can be. A cached
    file that gettext cannot read (damaged, cut short, not a catalog) is compiled again
    and replaced, never fatal; a relative ``XDG_CACHE_HOME`` is ignored (the XDG
    specification's rule)."""
    import hashlib

    from pyramid_lab.xdg import xdg_home

    source = po.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:16]
    mo = xdg_home("XDG_CACHE_HOME", ".cache") / "pyramid-lab" / "locale"
    mo = mo / f"{language}-{digest}.mo"
    try:
        cached = mo.read_bytes() if mo.is_file() else None
    except OSError:
        cached = None
    if cached is not None and _readable(cached):
        return cached
    data = compile_catalog(source)
    _keep(mo, data)
    return data


def _readable(mo: bytes) -> bool:
    """Whether gettext reads ``mo`` as a catalog."""
    try:
        gettext.GNUTranslations(io.BytesIO(mo))
    except Exception:  # (a damaged cache may fail in any of gettext's ways)
        return False
    return True


def _keep(mo: Path, data: bytes) -> None:
    """Keep ``data`` at ``mo`` (a new file renamed over it); where the cache cannot be
    written (a read-only home, a file in the way) it is compiled again next time, said
    nowhere."""
    partial = mo.with_name(f".{mo.name}.{os.getpid()}.part")
    try:
        mo.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(partial, mo)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(partial)


def compile_catalog(po_source: bytes) -> bytes:
    """The ``.mo`` of a ``.po`` file's bytes (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(po_source), abort_invalid=True)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


#: The process's language (:func:`use`: the command line's, the window's).
_process: list[str] = [ENGLISH]
#: The language of the piece of work at hand, where one is set (:func:`override`: a page's
#: handling in the classroom); a thread or task started inside it inherits it (contextvars).
_active: ContextVar[str | None] = ContextVar("pyramid_lab_language", default=None)


def use(language: str | None) -> str:
    """Speak ``language`` from now on in this process (the command line's, the window's),
    as :func:`resolve` takes it, wherever no :func:`override` is in force; the language
    chosen."""
    _process[0] = resolve(language)
    return _process[0]


def current() -> str:
    """The language spoken here: the piece of work's (:func:`override`), else the
    process's (:func:`use`; English until it is called)."""
    return _active.get() or _process[0]


@contextlib.contextmanager
def override(language: str | None) -> Iterator[str]:
    """Speak ``language`` (as :func:`resolve` takes it) inside the ``with`` block, in this
    thread or task only, as Django's ``translation.override``: ``_()``, ``str()`` of a
    reason (``model.errors.SaidError``) and :func:`shown` speak it there (a classroom
    page's handling speaks that page's language; the process keeps its own elsewhere)."""
    token = _active.set(resolve(language))
    try:
        yield current()
    finally:
        _active.reset(token)


def _(message: str) -> str:
    """``message`` in the current language (:func:`use`)."""
    return translations(current()).gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language as it is meant in ``context`` (the catalog's
    ``msgctxt``): one English word with two meanings, each translated its own way (a
    player's "win" under a game, a move's "win" in an analysis). English: ``message``."""
    return translations(current()).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (its own
    plural rule: Swedish and German have two forms, French counts 0 and 1 as one)."""
    return translations(current()).ngettext(singular, plural, n)


def _babel_locale(language: str | None) -> str:
    chosen = resolve(language if language is not None else current())
    return ENGLISH if chosen == PSEUDO else chosen


def format_number(number: float, language: str | None = None, *, digits: int | None = None) -> str:
    """``number`` written the language's way (``1,234.5``; German ``1.234,5``; Swedish
    ``1 234,5``); ``language`` the current one where None. ``digits``: that many decimals,
    always (``2.0``). English (and the pseudo-locale) writes an integer or fixed decimals
    as Python's ``{:,}`` does, without importing Babel."""
    chosen = _babel_locale(language)
    if chosen == ENGLISH and digits is not None:
        return f"{number:,.{digits}f}"
    if chosen == ENGLISH and isinstance(number, int):
        return f"{number:,}"
    from babel.numbers import format_decimal

    if digits is None:
        return format_decimal(number, locale=chosen)
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(number, format=pattern, locale=chosen)


def format_percent(ratio: float, language: str | None = None, *, digits: int = 0) -> str:
    """``ratio`` as a percentage with ``digits`` decimals the language's way (``12.5%``;
    French ``12,5 %``); English as Python's ``{:.1%}`` writes it."""
    chosen = _babel_locale(language)
    if chosen == ENGLISH:
        return f"{ratio:.{digits}%}"
    from babel.numbers import format_percent as babel_percent

    pattern = "#,##0" + ("." + "0" * digits if digits else "") + "%"
    return babel_percent(ratio, format=pattern, locale=chosen)


def format_list(items: Iterable[str], language: str | None = None) -> str:
    """``items`` joined the language's way (``a, b and c``; ``a, b und c``)."""
    from babel.lists import format_list as babel_list

    return babel_list(list(items), locale=_babel_locale(language))


# ---- a sentence made once, said in each person's language ------------------------------------


@dataclass(frozen=True, slots=True)
class Number:
    """A number a :class:`Message` writes the language's way, English included: ``1,234``
    (German ``1.234``, Swedish ``1 234``), with ``digits`` decimals where given (as
    :func:`format_number` writes it). A plain ``int`` or ``float`` value is written as
    ``str.format`` writes it in English (``1234``: what those messages always wrote) and
    the language's way in another; a number English writes with separators is a Number
    (:func:`number`; ``docs/i18n.md``)."""

    value: int | float
    digits: int | None = None

    def __repr__(self) -> str:
        return f"number({self.value!r}, digits={self.digits!r})"

    def __str__(self) -> str:  # (a Message's English: str.format writes this)
        return format_number(self.value, ENGLISH, digits=self.digits)

    def said_in(self, language: str) -> str:
        """This number as ``language`` writes it (:func:`format_number`)."""
        return format_number(self.value, language, digits=self.digits)


@dataclass(frozen=True, slots=True)
class Listed:
    """Words a :class:`Message` lists the language's way (``SW, NE, and AP``; German ``SW,
    NE und AP``: :func:`format_list`), each item a Message said in it or notation kept."""

    items: tuple[str, ...]

    def __str__(self) -> str:  # (a Message's English: str.format writes this)
        return self.said_in(ENGLISH)

    def said_in(self, language: str) -> str:
        """These items listed as ``language`` lists them."""
        return format_list([_value_in(item, language) for item in self.items], language)


def listed(items: Iterable[str]) -> Listed:
    """``items`` as a :class:`Message`'s value listed the reader's way (:class:`Listed`)."""
    return Listed(tuple(items))


def number(value: int | float, *, digits: int | None = None) -> Number:
    """``value`` as a :class:`Message`'s value that every language writes its own way,
    English included (``M_("estimate ({count} playouts)", count=number(1234))``: English
    ``estimate (1,234 playouts)``, German ``Schätzung (1.234 Playouts)``)."""
    return Number(value, digits)


#: What a :class:`Message` puts in its placeholders: a word (a Message, translated too), a
#: number (an ``int``/``float``, or a :class:`Number` that English writes with separators
#: too), or notation (any other ``str``, kept).
Value: TypeAlias = "Message | str | int | float | Number | Listed"


class Message(str):
    """A sentence of the catalog, made language-free: the ``str`` it is is its English (what
    it always was: logs, results files and tests read that), and it keeps its message
    (``msgid``; a count's ``plural`` and ``n``) and its named ``values``, so each edge
    says it in its own language (:meth:`said_in`). A value that is a word is a Message
    itself (translated too); a number is written the language's way; any other ``str``
    (a move, a point, a name) is notation, kept. Its placeholders carry no format spec
    (``{count}``, not ``{count:,}``): a number English writes with separators is a
    :class:`Number` (:func:`number`), a figure written otherwise (``f"{rate:.0f}"``) is
    passed as a ``str``. Made by :func:`M_` and
    :func:`Mn_`.

    A ``str`` made from it (``+``, an f-string, ``str()``) is English and no Message: it
    is said in English everywhere (nothing matches a text back to the catalog), so a
    sentence stays a Message up to where it is shown (``model.words.reason_of`` for an
    error's)."""

    __slots__ = ("msgid", "n", "plural", "values")
    msgid: str
    plural: str | None
    n: int  # (a count's: str has a count of its own)
    values: tuple[tuple[str, Value], ...]

    def __new__(
        cls,
        msgid: str,
        plural: str | None = None,
        count: int = 1,
        values: Mapping[str, Value] | None = None,
    ) -> Message:
        given = dict(values or {})
        english = msgid if plural is None or count == 1 else plural
        made = super().__new__(cls, english.format(**given) if given else english)
        made.msgid, made.plural, made.n = msgid, plural, count
        made.values = tuple(given.items())
        return made

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Message, (self.msgid, self.plural, self.n, dict(self.values)))

    def said_in(self, language: str | None) -> str:
        """This sentence in ``language`` (as :func:`resolve` takes it; the current one where
        None): its message translated, its values put in (each word translated too, each
        number the language's way; English: exactly :class:`str` of it)."""
        chosen = resolve(language if language is not None else current())
        if chosen == ENGLISH or (chosen == PSEUDO and self.msgid not in catalog_messages()):
            return str.__str__(self)  # (the pseudo-locale marks what the catalog holds)
        words = translations(chosen)
        if self.plural is None:
            text = words.gettext(self.msgid)
        else:
            text = words.ngettext(self.msgid, self.plural, self.n)
        if not self.values:
            return text
        return text.format(**{name: _value_in(v, chosen) for name, v in self.values})


@functools.cache
def catalog_messages() -> frozenset[str]:
    """Every message of the catalog (a plural's by its singular), read from a shipped
    catalog (each holds every message; the template is not shipped): what the pseudo-locale
    marks of a :class:`Message`, so a sentence the catalog lacks shows up unmarked."""
    from babel.messages.pofile import read_po

    shipped = languages()
    if not shipped:
        return frozenset()
    with (LOCALE_DIR / shipped[0] / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        ids = [m.id for m in read_po(source) if m.id]
    return frozenset(m if isinstance(m, str) else str(m[0]) for m in ids)


def _value_in(value: Value, language: str) -> str:
    if isinstance(value, (Message, Number, Listed)):
        return value.said_in(language)
    if isinstance(value, (bool, str)):
        return str(value)
    return format_number(value, language)


def M_(message: str, /, **values: Value) -> Message:
    """``message`` with its named ``values``, language-free (:class:`Message`): its text
    English, said in each person's language where it is shown (:func:`shown`)."""
    return Message(message, values=values)


def Mn_(singular: str, plural: str, count: int, /, **values: Value) -> Message:
    """:func:`M_` of a count: ``singular`` or ``plural`` by ``count`` (in each language by
    its own plural rule), with ``values`` (``count`` among them, usually)."""
    return Message(singular, plural, count, values)


def shown(text: str, language: str | None = None) -> str:
    """``text`` as a person reading ``language`` (the current one where None) is shown it:
    a :class:`Message` said in it; any other ``str`` looked up whole in the catalog (a word
    marked :func:`N_`; English, and anything the catalog lacks, as it is)."""
    if isinstance(text, Message):
        return text.said_in(language)
    chosen = resolve(language if language is not None else current())
    if chosen == ENGLISH or not text:  # (gettext's "" is the catalog's header: nothing here)
        return text
    return translations(chosen).gettext(text)
