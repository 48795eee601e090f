"""A certificate file (:mod:`model.certificate`) read and its lines kept: the one-line
errors the check raises; the file read one line at a time, from a regular file only, within
caps that stop a gzip bomb, a line without end or a flood of short lines before they fill
memory; and the lines kept in numpy arrays, not a dict: each key as its base-3 words
(:data:`WORD_CELLS` digits a 64-bit word) with its line's move and number, looked up by a
salted hash of the words and each find checked on the words themselves (so no two keys are
taken for one): a flood of a million lines is kept in tens of MB where a dict took 150, and
none of its lines becomes a Python object."""

from __future__ import annotations

import codecs
import gzip
import os
import secrets
import stat
import zlib
from collections.abc import Generator
from typing import BinaryIO

import numpy as np

from pyramid_lab.i18n import M_, Message, number

from .errors import SaidError
from .files import file_kind
from .files.reading import open_regular
from .game import MAX_QUOTED, shorten
from .words import system_reason

#: The longest line a refusal is said in.
LINE_CHARACTERS = 2 * MAX_QUOTED - 20


class CertificateError(SaidError):
    """The certificate does not prove what it claims, or cannot be read: one line, a
    Message said in the language of whoever reads ``str()`` of it (``args[0]``: the
    Message, its English the line as it always was, before it is shortened)."""

    def __str__(self) -> str:
        return shorten(super().__str__(), LINE_CHARACTERS)


class ReadError(CertificateError):
    """The file cannot be read as a certificate (the message names the file itself)."""


#: The most a certificate is read to, decompressed (the base-4 stacking proof, 911,293
#: lines, is about 32 MiB): a gzip bomb stops here instead of filling memory.
MAX_TEXT_BYTES = 256 * 1024 * 1024
#: The longest line read (the header of a full base-7 pyramid is under 8 KiB).
MAX_LINE_BYTES = 64 * 1024
#: The shortest line of a certificate's body ("KEY MOVE": a base-3 key is 14 characters):
#: a certificate has at most its size over this many lines, and a bomb of short lines (a
#: gzip of 1 GiB of newlines took 464 s and 2 GB before the size cap) stops at that count.
SHORTEST_LINE = 16
#: Decompressed a MiB at a time: the budget never holds more than one chunk beyond the lines.
CHUNK_BYTES = 2**20
#: The header's deepest nesting of lists and objects (the format's is 3), checked before
#: it is parsed: a header nested 100,000 deep is refused without recursing.
MAX_HEADER_DEPTH = 16
LIMITS = (
    f"at most {MAX_TEXT_BYTES // 2**20} MiB decompressed, lines of at most "
    f"{MAX_LINE_BYTES // 1024} KiB, a header nested at most {MAX_HEADER_DEPTH} deep"
)


def read_lines(
    path: str | os.PathLike[str],
    *,
    max_bytes: int = MAX_TEXT_BYTES,
    max_line: int = MAX_LINE_BYTES,
) -> list[str]:
    """The certificate's lines, all of them (:func:`iter_lines`, within its limits)."""
    return list(iter_lines(path, max_bytes=max_bytes, max_line=max_line))


def iter_lines(
    path: str | os.PathLike[str],
    *,
    max_bytes: int = MAX_TEXT_BYTES,
    max_line: int = MAX_LINE_BYTES,
) -> Generator[str, None, None]:
    """The certificate's lines (gzip-compressed UTF-8 text), one at a time as they are
    read, from a regular file only (a FIFO or a device is refused before a byte is read),
    decompressed a chunk at a time to at most ``max_bytes`` (every byte counted, line ends
    too) in lines of at most ``max_line`` characters, at most ``max_bytes // SHORTEST_LINE``
    lines, none blank (a certificate has none); CertificateError otherwise, raised after
    the good lines before the first bad one, as soon as the chunk read shows it. The
    caller sees a bad line of its own (``KEY MOVE``, say) when it reads it: the rest of
    the file is never read."""
    name = os.fspath(path)
    most_lines = max(1, max_bytes // SHORTEST_LINE)
    try:
        with _open_regular(name) as raw, gzip.GzipFile(fileobj=raw, mode="rb") as stream:
            decoder = codecs.getincrementaldecoder("utf-8")()
            total = 0
            count = 0  # lines yielded
            tail = ""  # the line not ended yet
            while True:
                chunk = stream.read(CHUNK_BYTES)
                total += len(chunk)
                if total > max_bytes:
                    raise ReadError(
                        M_(
                            "{file}: more than {size} decompressed (a certificate is read "
                            "to {size}; a gzip bomb?)",
                            file=name,
                            size=size_words(max_bytes),
                        )
                    )
                text = tail + decoder.decode(chunk, final=not chunk)
                parts = text.replace("\r\n", "\n").split("\n")
                tail = parts.pop() if chunk else ""
                if not chunk and parts[-1] == "":
                    parts.pop()  # (the text's last line end)
                if len(tail) > max_line:  # a line not ended yet, already too long
                    parts.append(tail)
                good, error = _bounded_lines(name, count, parts, max_line, most_lines)
                yield from parts if error is None else parts[:good]
                count += good
                if error is not None:
                    raise error
                if not chunk:
                    return
    except CertificateError:
        raise
    except (OSError, EOFError, zlib.error, ValueError) as exc:
        raise ReadError(_why_unreadable(name, exc)) from None


def _why_unreadable(name: str, exc: Exception) -> Message:
    """Why the file ``name`` cannot be read as a certificate, from the error reading it."""
    if isinstance(exc, FileNotFoundError):
        return M_("{file}: no such file", file=name)
    if isinstance(exc, IsADirectoryError):
        return M_("{file}: a folder, not a certificate file", file=name)
    if isinstance(exc, (gzip.BadGzipFile, EOFError, zlib.error)):
        return M_("{file}: not a gzip-compressed certificate (damaged or cut short)", file=name)
    if isinstance(exc, UnicodeDecodeError):
        return M_("{file}: not UTF-8 text inside the gzip", file=name)
    if isinstance(exc, OSError):
        reason = system_reason(exc)  # (the system's failure)
        return M_("{file}: cannot be read: {reason}", file=name, reason=reason)
    return M_("{file}: cannot be opened: {reason}", file=name, reason=str(exc))  # a NUL in it


def _bounded_lines(
    name: str, before: int, parts: list[str], max_line: int, most_lines: int
) -> tuple[int, CertificateError | None]:
    """How many of ``parts`` (the lines after the first ``before``) are good, and the
    error for the first that is not (blank, too long, or one line too many): checked on
    the whole chunk at once, the first bad line in the file's order reported."""
    if not parts:
        return 0, None
    bad: list[tuple[int, Message]] = []
    if before + len(parts) > most_lines:
        index = most_lines - before
        bad.append(
            (
                index,
                M_(
                    "{file}: more than {count} lines (a certificate of {size} has no more; "
                    "a gzip bomb?)",
                    file=name,
                    count=number(most_lines),
                    size=size_words(most_lines * SHORTEST_LINE),
                ),
            )
        )
    if "" in parts:
        index = parts.index("")
        blank = M_(
            "{file}: line {line} is blank (a certificate has no blank line)",
            file=name,
            line=before + index + 1,
        )
        bad.append((index, blank))
    if max(map(len, parts)) > max_line:
        index = next(i for i, p in enumerate(parts) if len(p) > max_line)
        bad.append(
            (
                index,
                M_(
                    "{file}: line {line} is longer than {size} (lines are read to {size})",
                    file=name,
                    line=before + index + 1,
                    size=size_words(max_line),
                ),
            )
        )
    if not bad:
        return len(parts), None
    index, text = min(bad)
    return index, ReadError(text)


def size_words(count: int) -> Message:
    """A count of bytes in words: ``612 bytes``, ``1.5 KiB``, ``256 MiB`` (a Message: the
    figure written as English writes it, its decimal point the language's)."""
    if count >= 2**20:
        return M_("{size} MiB", size=_figure(count / 2**20))
    if count >= 1024:
        return M_("{size} KiB", size=_figure(count / 1024))
    return M_("{count} bytes", count=count)


def _figure(value: float) -> int | float | str:
    """``value`` to 4 significant digits, as ``{value:.4g}`` writes it in English (an int
    where it is whole, as ``.4g`` writes 256.0 as ``256``; its exponent form kept as it is
    written, for 10,000 and more)."""
    written = f"{value:.4g}"
    if "e" in written:
        return written
    rounded = float(written)
    return int(rounded) if rounded.is_integer() else rounded


def declared_text_bytes(path: str | os.PathLike[str]) -> int:
    """The bytes the gzip file at ``path`` says it decompresses to, seen before any of it
    is: its trailer's size, its last member's modulo 4 GiB, so never more than the whole
    text (a trailer that says more is a damaged file). 0 where it cannot be seen (the read
    itself then says why)."""
    try:
        with _open_regular(os.fspath(path)) as raw:
            if raw.seek(0, os.SEEK_END) < 18:  # shorter than any gzip member
                return 0
            raw.seek(-4, os.SEEK_END)
            return int.from_bytes(raw.read(4), "little")
    except (OSError, ValueError):
        return 0


def _open_regular(name: str) -> BinaryIO:
    """The file opened for reading when it is a regular file (a folder, FIFO, device or
    socket: CertificateError before it is opened, :func:`model.files.reading.open_regular`)."""

    def check(info: os.stat_result) -> None:
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(name)
        if not stat.S_ISREG(info.st_mode):
            kind = file_kind(info.st_mode)
            raise CertificateError(
                M_("{file}: {kind}, not a certificate file", file=name, kind=kind)
            )

    return open_regular(name, check)


#: Base-3 digits of a key in one 64-bit word (3**40 < 2**64).
WORD_CELLS = 40
KEY_DIGITS = str.maketrans(".rb", "012")
MASK64 = (1 << 64) - 1


def key_words(text: str) -> tuple[int, ...]:
    """A key (``.``, ``r`` and ``b`` a point) as base-3 words, :data:`WORD_CELLS` letters a
    word, the first letter the most significant digit."""
    digits = text.translate(KEY_DIGITS)
    return tuple(int(digits[i : i + WORD_CELLS], 3) for i in range(0, len(digits), WORD_CELLS))


def batch_words(cells: np.ndarray) -> np.ndarray:
    """:func:`key_words` of each row of ``cells`` (a key's digits a row: 0, 1 or 2)."""
    count = cells.shape[1]
    words = np.empty((len(cells), -(-count // WORD_CELLS)), dtype=np.uint64)
    for column, begin in enumerate(range(0, count, WORD_CELLS)):
        part = cells[:, begin : begin + WORD_CELLS].astype(np.uint64, copy=False)
        powers = 3 ** np.arange(part.shape[1], dtype=np.uint64)[::-1]
        words[:, column] = part @ powers
    return words


class Hasher:
    """A hash of a key's words, salted afresh for each check (odd multipliers drawn at
    random): a file cannot be made of keys that all hash alike."""

    def __init__(self, width: int) -> None:
        self.salt = [secrets.randbits(64) | 1 for _ in range(width)]
        self._salt = np.array(self.salt, dtype=np.uint64)

    def one(self, words: tuple[int, ...]) -> int:
        mixed = 0
        for word, salt in zip(words, self.salt, strict=True):
            mixed = (mixed * 0x100000001B3 ^ (word * salt & MASK64)) & MASK64
        return mixed

    def rows(self, words: np.ndarray) -> np.ndarray:
        mixed = np.zeros(len(words), dtype=np.uint64)
        for column, salt in enumerate(self._salt):
            mixed = mixed * np.uint64(0x100000001B3) ^ words[:, column] * salt
        return mixed


class Listed:
    """The lines kept: key words -> the line's said number (its move's point id and line,
    :data:`model.certificate.LINE_BITS`), sorted by the keys' hash."""

    def __init__(self, words: np.ndarray, said: np.ndarray, hasher: Hasher) -> None:
        mixed = hasher.rows(words)
        # the rows stay as read; their order by hash (equal hashes: in the file's order)
        self.order = np.argsort(mixed, kind="stable")
        self.hashes = mixed[self.order]
        self.words, self.said, self.hasher = words, said, hasher

    @classmethod
    def of(cls, parts: list[tuple[np.ndarray, np.ndarray]], width: int, hasher: Hasher) -> Listed:
        """The kept batches (words, said) as one listing, ``parts`` emptied as they are
        copied (a flood's batches are not held twice)."""
        total = sum(len(said) for _words, said in parts)
        words = np.empty((total, width), dtype=np.uint64)
        said = np.empty(total, dtype=np.int64)
        at = 0
        parts.reverse()
        while parts:
            part_words, part_said = parts.pop()
            words[at : at + len(part_said)] = part_words
            said[at : at + len(part_said)] = part_said
            at += len(part_said)
        return cls(words, said, hasher)

    def __len__(self) -> int:
        return len(self.said)

    def entries(self) -> list[tuple[tuple[int, ...], int]]:
        """Every line kept, as (its key's words, its said number), in the file's order."""
        rows = zip(map(tuple, self.words.tolist()), self.said.tolist(), strict=True)
        return sorted(rows, key=lambda row: row[1] & ((1 << 40) - 1))

    def get(self, words: tuple[int, ...]) -> int | None:
        """The said number of the line listing the key of ``words``, or None."""
        mixed = np.uint64(self.hasher.one(words))
        index = int(self.hashes.searchsorted(mixed))
        while index < len(self.hashes) and self.hashes[index] == mixed:
            row = self.order[index]
            if tuple(self.words[row].tolist()) == words:
                return int(self.said[row])
            index += 1
        return None

    def first_repeat(self, mask: int) -> tuple[int, int] | None:
        """The first line (by number: ``said & mask``) that lists a key an earlier line
        lists, and that earlier line's number; None where every key is listed once."""
        hashes = self.hashes
        if len(hashes) < 2:
            return None
        same = hashes[1:] == hashes[:-1]
        starts = np.flatnonzero(same & np.concatenate(([True], ~same[:-1])))
        if not len(starts):
            return None
        order = self.order
        words = self.words[order]
        lines = self.said[order] & mask
        # a run of one hash holds its lines in the file's order: where its first two rows
        # are one key, the second is the run's first repeat (no line of it between them)
        twin = np.all(words[starts] == words[starts + 1], axis=1)
        found: list[tuple[int, int]] = []
        if twin.any():
            at = int(starts[twin][np.argmin(lines[starts[twin] + 1])])
            found.append((int(lines[at + 1]), int(lines[at])))
        ends = np.flatnonzero(np.concatenate((hashes[1:] != hashes[:-1], [True])))
        for start in starts[~twin]:  # (two keys of one hash: rare, the salt being random)
            stop = int(ends[np.searchsorted(ends, start)]) + 1
            seen: dict[tuple[int, ...], int] = {}
            for index in range(int(start), stop):
                key = tuple(words[index].tolist())
                if key in seen:
                    found.append((int(lines[index]), int(lines[seen[key]])))
                    break
                seen[key] = index
        return min(found) if found else None
