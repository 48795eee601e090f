"""The model's errors and how an error line quotes a value: a move the rules do not
allow, text that is no move, a position (file, set-up or options) that is malformed or
cannot arise, and the checks of a document's keys and a game's option names. Every name
here is also :mod:`model.game`'s, where the games import them from."""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Mapping
from typing import Any

from pyramid_lab.i18n import M_, Message, _, shown

#: The longest value an error line repeats whole; a longer one is cut with "…".
MAX_QUOTED = 200


def quote(value: object, limit: int = MAX_QUOTED) -> str:
    """``value`` as an error line quotes it: its ``repr``, cut as :func:`shorten` cuts a
    text (a text cut before it is quoted, so the quote closes), nested lists and objects
    cut a few levels down, and an integer too long to write named by its size. Never
    raises, so the line that quotes it is always written."""
    if isinstance(value, str):  # (repr writes a lone surrogate as an escape)
        return repr(value if len(value) <= limit else value[: max(limit - 1, 0)] + "…")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = _QUOTING.repr(value)
    except (ValueError, RecursionError):  # an int past the interpreter's digit limit inside
        text = f"a {type(value).__name__}"
    return shorten(text, limit)


def not_replayed(text: str, exc: Exception) -> str:
    """Why the move written ``text`` does not replay, quoting it once: the error's own
    words when they start with the move quoted (a long move quoted twice left no room
    for the reason), else "'TEXT' does not replay: REASON"."""
    said, quoted = exc.args[0] if len(exc.args) == 1 else "", quote(text)
    if not isinstance(said, Message):
        said = str(exc)
    if str.__str__(said).startswith(quoted):
        return said
    return M_("{move} does not replay: {reason}", move=quoted, reason=said)


def shorten(text: str, limit: int = MAX_QUOTED) -> str:
    """``text`` cut to ``limit`` characters (the last one "…") so that an error line that
    quotes a value stays a line, and with any lone surrogate written as an escape so that
    it can be printed on every terminal."""
    if len(text) > limit:
        text = text[: max(limit - 1, 0)] + "…"
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


_QUOTING = reprlib.Repr()
_QUOTING.maxlevel = 3
_QUOTING.maxstring = _QUOTING.maxlong = _QUOTING.maxother = MAX_QUOTED


class SaidError(ValueError):
    """An error whose words may be a :class:`~pyramid_lab.i18n.Message` (the rules' words,
    made language-free): ``str()`` says it in the language spoken where it is read (the
    command line's, a script's, the window's; English as it always was), and ``args[0]``
    keeps the Message for a front end that speaks another (a student's page)."""

    def __str__(self) -> str:
        if len(self.args) == 1 and isinstance(self.args[0], Message):
            return shown(self.args[0])
        return super().__str__()


class IllegalMoveError(SaidError):
    """A move that the rules do not allow in the current position."""


class InvalidMoveError(SaidError):
    """Text that is not a move in the game's notation."""


#: How a refusal of a position that play cannot reach names the way round it, in a file's
#: words; the window's Set-up dock says it in its own (its Study box).
STUDY_HINT = 'mark the file "study": true'


def study_hint_as(reason: str, instead: Message) -> str:
    """``reason`` with its way round a position play cannot reach (:data:`STUDY_HINT`, a
    file's words) named as ``instead`` (a text's field, the Set-up dock's box); a Message
    stays one, said where it is read."""
    if not isinstance(reason, Message):
        return reason.replace(STUDY_HINT, str(instead))  # (a Message's text: its English)
    values = {name: instead if value == STUDY_HINT else value for name, value in reason.values}
    return Message(reason.msgid, reason.plural, reason.n, values)


class PositionFormatError(ValueError):
    """A position (file, set-up or options) that is malformed or cannot arise by the rules.

    ``key`` names where the problem is (``"pieces[3]"``, ``"options.size"``), ``reason``
    says what is wrong; ``str()`` gives both, ready for a status bar or a dialog.
    """

    def __init__(self, key: str, reason: str, *, source: str | None = None) -> None:
        self.key = shorten(key)
        self.reason = shorten(reason, 2 * MAX_QUOTED)
        self.source = None if source is None else shorten(source)
        super().__init__(self._text())

    def _text(self, reason: str | None = None, key: str | None = None) -> str:
        said = self.reason if reason is None else reason
        key = self.key if key is None else key
        where = f"{self.source}: " if self.source else ""
        return f"{where}{key}: {said}" if key else f"{where}{said}"

    def __str__(self) -> str:
        """The error in the language spoken where it is read (its reason a Message of the
        rules' words said in it, and its key where that is one, a position text's
        "character 12"; English as it always was)."""
        key = shown(self.key) if isinstance(self.key, Message) else self.key
        source = shown(self.source) if isinstance(self.source, Message) else self.source
        where = f"{source}: " if source else ""
        said = shown(self.reason)
        return f"{where}{key}: {said}" if key else f"{where}{said}"

    def with_source(self, source: str) -> PositionFormatError:
        return PositionFormatError(self.key, self.reason, source=source)


def not_a_player(players: Iterable[str], value: object) -> Message:
    """Why ``value`` is no player's colour of ``players`` (a file's ``to_move``, a goal's
    side)."""
    return M_("must be {colours}, not {value}", colours=either(players), value=quote(value))


def either(players: Iterable[str]) -> str:
    """``players`` quoted and joined by "or" ("'red' or 'blue'"), the "or" a word said in
    the reader's language."""
    from .words import joined

    return joined([repr(p) for p in players], " or ")


def not_a_bool(value: object) -> Message:
    """Why ``value`` is not true or false (a file's flag)."""
    return M_("must be true or false, not {value}", value=quote(value))


def check_option_names(game: str, raw: Mapping[str, Any], known: tuple[str, ...]) -> None:
    """PositionFormatError for option names that ``game`` does not take."""
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise PositionFormatError(
            "options",
            _("unknown option(s) {unknown}; {game} takes {known}").format(
                unknown=unknown, game=game, known=", ".join(known)
            ),
        )


def check_keys(
    raw: Mapping[str, Any], known: Iterable[str], *, required: Iterable[str] = (), where: str = ""
) -> None:
    """PositionFormatError for the first ``required`` key missing from a document's object
    ``raw`` (found at ``where``), or its first key not one of ``known``."""
    prefix = f"{where}." if where else ""
    for key in required:
        if key not in raw:
            raise PositionFormatError(prefix + key, _("required key is missing"))
    names = sorted(known)
    unknown = sorted(set(raw) - set(names))
    if unknown:
        raise PositionFormatError(
            prefix + unknown[0], _("unknown key; known: {known}").format(known=", ".join(names))
        )


# The errors are named where scripts and tracebacks have always found them (the protocol's
# module, which re-exports them); they live here so that the protocol's module stays small.
for _error in (IllegalMoveError, InvalidMoveError, PositionFormatError):
    _error.__module__ = "pyramid_lab.model.game"
del _error
