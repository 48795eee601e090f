"""Reading a file of the app within limits: a regular file only (a FIFO, a device or a
folder refused before a byte is read), of at most a size, with the fingerprint of what
was read for a save over it to check (:mod:`.saving`); the errors a refused save raises;
and its JSON read strictly, for every document of the app: a size limit, no duplicate
keys, no NaN or Infinity, integers of at most 100 digits, nesting checked before it is
parsed (no recursion, however deep)."""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, N_, Message, _, format_number, shown

from ..game import PositionFormatError, quote
from ..words import system_reason

#: Largest position file read: a full base-50 Partition pyramid with its whole game in the
#: history is about 1.6 MB, so 4 MiB leaves room for texts and is read in a blink.
MAX_FILE_BYTES = 4 * 1024 * 1024


def too_big(size: int, limit: int = MAX_FILE_BYTES, what: str = "position file") -> str:
    """The words of a file ``size`` bytes long refused as too big (over ``limit``)."""
    # (said in the process's language as it is made: its sizes are written with the
    # language's separators, which a Message's English text would lack)
    return _("too big: {size} bytes (a {what} is at most {limit} bytes, {mib})").format(
        size=format_number(size), what=shown(what), limit=format_number(limit), mib=mib(limit)
    )


def not_finite(path: str) -> Message:
    """A document not saved to ``path``: it holds inf or nan, which no reader takes back."""
    return M_(
        "{path}: not saved: the document holds a number that is not finite (inf or nan), "
        "which no position file can hold",
        path=path,
    )


def not_read_back(size: int) -> Message:
    """A document not saved: its ``size`` bytes are more than a position file's read."""
    return M_("not saved, it could not be read back: {reason}", reason=too_big(size))


#: What a file read with the limits is called in its refusals (``what``): words of the catalog.
FILE_WORDS = (
    N_("position file"),
    N_("lesson file"),
    N_("file"),
    N_("checkpoint file"),
    N_("certificate or key file"),
)


def mib(size: int) -> str:
    """``size`` bytes in MiB, in words."""
    return f"{size / 2**20:g} MiB"


def loads_json(
    text: str | bytes, max_bytes: int = MAX_FILE_BYTES, what: str = "position file"
) -> Any:
    """The JSON value of ``text`` read with the limits of position files: at most
    ``max_bytes``, UTF-8, integers of at most a hundred digits, no NaN or Infinity, no key
    twice in an object, no nesting beyond the decoder's stack. PositionFormatError (naming
    no key) on anything else."""
    if len(text) > max_bytes:
        raise PositionFormatError("", too_big(len(text), max_bytes, what))
    if not text.strip():
        raise PositionFormatError(
            "", M_("the file is empty") if not text else M_("the file is empty (only white space)")
        )
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_reject_constant,
            object_pairs_hook=_unique_keys,
        )
    except UnicodeDecodeError as exc:
        raise PositionFormatError("", M_("not UTF-8 text ({reason})", reason=exc.reason)) from None
    except json.JSONDecodeError as exc:
        raise PositionFormatError(
            "",
            M_(
                "not valid JSON: {problem} at line {line}, column {column}",
                problem=exc.msg.removesuffix(" at"),
                line=exc.lineno,
                column=exc.colno,
            ),
        ) from None
    except RecursionError:
        # Only nesting far beyond the format's (a position file is at most four levels
        # deep) gets here: the decoder ran out of stack.
        raise PositionFormatError("", M_("lists or objects nested too deeply")) from None


def nested_over(text: str, limit: int) -> bool:
    """Whether ``text`` (JSON) nests lists and objects more than ``limit`` deep, found by
    one scan of its brackets outside strings: no recursion, whatever the depth, and linear
    in the text (a string left open runs to the end)."""
    depth = 0
    for token in _BRACKET_OR_STRING.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        elif bracket in "]}":
            depth -= 1
    return False


_BRACKET_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


#: Longest integer literal read; the format's numbers are small coordinates and sizes.
_MAX_INT_DIGITS = 100


def _parse_int(literal: str) -> int:
    digits = len(literal.lstrip("-"))
    if digits > _MAX_INT_DIGITS:
        raise PositionFormatError(
            "",
            M_(
                "a number of {digits} digits (at most {most} are read)",
                digits=digits,
                most=_MAX_INT_DIGITS,
            ),
        )
    return int(literal)


def _parse_float(literal: str) -> float:
    """A number with a fraction or an exponent; one beyond any float (``1e400``, which
    Python would read as infinity, and no save could write back) is refused."""
    value = float(literal)
    if not math.isfinite(value):
        shown = literal if len(literal) <= 20 else f"{literal[:20]}..."
        raise PositionFormatError(
            "", M_("the number {number} is too big to read (beyond any float)", number=shown)
        )
    return value


def _reject_constant(name: str) -> Any:
    raise PositionFormatError("", M_("not valid JSON: {name} is not a JSON number", name=name))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object, refusing a key given twice (JSON would silently keep only the last)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise PositionFormatError(
                    "", M_("the key {key} is given twice in one object", key=quote(key))
                )
            seen.add(key)
    return obj


#: A position file's name ends so.
SUFFIX = ".pyr.json"
#: A lesson file's name ends so (:mod:`model.lesson`'s ``SUFFIX``): known here, so that a
#: reader tells a lesson from a position without loading the lessons' modules.
LESSON_SUFFIX = ".lesson.json"


def is_lesson_path(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a lesson file (by its name)."""
    return os.fspath(path).endswith(LESSON_SUFFIX)


@dataclass(frozen=True)
class Fingerprint:
    """A file as it was read: its size, modification time and a digest of its bytes. A
    save given it (:func:`write_bytes`) replaces the file only if it still is so."""

    size: int
    mtime_ns: int
    digest: str  # SHA-256 of the bytes, in hex

    @classmethod
    def of(cls, data: bytes, info: os.stat_result) -> Fingerprint:
        return cls(len(data), info.st_mtime_ns, hashlib.sha256(data).hexdigest())

    def matches(self, path: str | os.PathLike[str]) -> bool:
        """Whether the file at ``path`` still holds what was read (a file touched but not
        changed does; one that is gone does not)."""
        try:
            info = os.stat(path)
            if not stat.S_ISREG(info.st_mode) or info.st_size != self.size:
                return False
            if info.st_mtime_ns == self.mtime_ns:
                return True
            data = read_regular_file(os.fspath(path), max(self.size, 1), "file")
        except (OSError, ValueError, PositionFormatError):
            return False
        return hashlib.sha256(data).hexdigest() == self.digest


def fingerprint(path: str | os.PathLike[str]) -> Fingerprint | None:
    """The :class:`Fingerprint` of the regular file at ``path`` now (None when there is
    none, or it cannot be read or is bigger than a position file)."""
    try:
        data, info = _read_regular(os.fspath(path), MAX_FILE_BYTES, "file")
    except (OSError, ValueError, PositionFormatError):
        return None
    return Fingerprint.of(data, info)


class FileChangedError(OSError):
    """A save refused: the file changed on disk since it was read (another program, or
    another window, saved it meanwhile); it is left as it is."""


class ReadOnlyError(OSError):
    """A save refused: the file is read-only (its owner made it so); it is left as it is."""


def read_limited(
    path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES, what: str = "position file"
) -> bytes:
    """The bytes of the regular file at ``path``, of at most ``max_bytes``; anything else (a
    missing file, a directory, a FIFO, a device such as /dev/zero, a bigger file) raises
    PositionFormatError naming the file, before a byte is read where it can be told."""
    return _read_limited(os.fspath(path), max_bytes, what)[0]


def read_fingerprinted(
    path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES, what: str = "position file"
) -> tuple[bytes, Fingerprint]:
    """:func:`read_limited`, with the file's :class:`Fingerprint` as it was read (for a
    save over it to check)."""
    data, info = _read_limited(os.fspath(path), max_bytes, what)
    return data, Fingerprint.of(data, info)


def _read_limited(source: str, max_bytes: int, what: str) -> tuple[bytes, os.stat_result]:
    try:
        return _read_regular(source, max_bytes, what)
    except PositionFormatError as exc:
        raise exc.with_source(source) from None
    except OSError as exc:
        raise PositionFormatError("", system_reason(exc), source=source) from None
    except ValueError as exc:  # e.g. a NUL character in the name
        raise PositionFormatError(
            "", M_("cannot open: {reason}", reason=str(exc)), source=source
        ) from None


def read_json(
    path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES, what: str = "position file"
) -> Any:
    """The JSON value of the file at ``path``, read with the limits of position files
    (:func:`read_limited`, :func:`loads_json`); PositionFormatError names the file."""
    source = os.fspath(path)
    data = read_limited(source, max_bytes, what)
    try:
        return loads_json(data, max_bytes, what)
    except PositionFormatError as exc:
        raise exc.with_source(source) from None


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words (``a directory``, ``a named pipe
    (FIFO)``, ...), from its ``stat`` mode."""
    kinds = (
        (stat.S_ISDIR, N_("a directory")),
        (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
        (stat.S_ISCHR, N_("a character device")),
        (stat.S_ISBLK, N_("a block device")),
        (stat.S_ISSOCK, N_("a socket")),
    )
    return Message(next((kind for test, kind in kinds if test(mode)), N_("not a regular file")))


def read_regular_file(path: str, max_bytes: int, what: str) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (:func:`_read_regular`)."""
    return _read_regular(path, max_bytes, what)[0]


def _read_regular(path: str, max_bytes: int, what: str) -> tuple[bytes, os.stat_result]:
    """The bytes, and the file's status as they were read, of a regular file of at most
    ``max_bytes``. Anything else (a directory, a FIFO, a device such as /dev/zero) is
    refused before a byte is read; the file is opened non-blocking, so a FIFO swapped in
    after the first look cannot hang the read either."""

    def check(info: os.stat_result) -> None:
        if not stat.S_ISREG(info.st_mode):
            raise PositionFormatError(
                "", M_("{kind}, not a {what}", kind=file_kind(info.st_mode), what=Message(what))
            )
        if info.st_size > max_bytes:
            raise PositionFormatError("", too_big(info.st_size, max_bytes, what))

    with open_regular(path, check) as handle:
        info = os.fstat(handle.fileno())
        data = handle.read(max_bytes + 1)  # the file may have grown since fstat
    if len(data) > max_bytes:
        raise PositionFormatError("", too_big(len(data), max_bytes, what))
    return data, info


def open_regular(path: str, check: Callable[[os.stat_result], None]) -> io.BufferedReader:
    """``path`` opened to read in binary, its status passed to ``check`` (which raises to
    refuse it) before it is opened and again once open; opened non-blocking, so a FIFO
    swapped in after the first look cannot hang the read either (a certificate's read too)."""
    check(os.stat(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    handle = os.fdopen(os.open(path, flags | getattr(os, "O_BINARY", 0)), "rb")
    try:
        check(os.fstat(handle.fileno()))
    except BaseException:
        handle.close()
        raise
    return handle
