"""Reading a file of the app within limits: a regular file only (a FIFO, a device or a
folder refused before a byte is read), of at most a size, with the fingerprint of what
was read for a save over it to check (:mod:`.saving`); the errors a refused save raises."""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, N_, Message

from ..game import PositionFormatError
from ..words import system_reason
from .strict_json import MAX_FILE_BYTES, loads_json, too_big

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

    check(os.stat(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        check(info)
        data = handle.read(max_bytes + 1)  # the file may have grown since fstat
    if len(data) > max_bytes:
        raise PositionFormatError("", too_big(len(data), max_bytes, what))
    return data, info
