"""A certificate's listed lines kept in numpy arrays, not a dict (:mod:`model.certificate_
lines`): each key as its base-3 words (:data:`WORD_CELLS` digits a 64-bit word), with its
line's move and number; looked up by a salted hash of the words, sorted once, and each
find checked on the words themselves (so no two keys are taken for one). A flood of a
million lines is kept in tens of MB where a dict of them took 150, and none of its lines
becomes a Python object."""

from __future__ import annotations

import secrets

import numpy as np

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
    :data:`model.certificate_lines.LINE_BITS`), sorted by the keys' hash."""

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
