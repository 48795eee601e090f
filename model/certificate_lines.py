"""The lines of a certificate below its header (:mod:`model.certificate`): each read and
checked as it comes (``KEY MOVE``, a position with the winner to move reached from the
header's, within the most bytes any proof of that position takes: :func:`text_bound`) and
kept by its key as written; the base's 8 symmetries the walk looks a position up by.

Lines are read a batch at a time: a batch whose every line is good is checked with numpy
in a few operations over the batch and kept in one dict update; a batch with any fault is
read again line by line, which says the first fault and its line."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from itertools import islice
from operator import itemgetter

import numpy as np

from .certificate_file import MAX_TEXT_BYTES, CertificateError, refusal, size_words
from .certificate_keys import WORD_CELLS, Hasher, Listed, batch_words, key_words
from .game import quote
from .lattice import Point, base_symmetries
from .partition import Partition

#: A listed line's move and number in one int (``point id << LINE_BITS | line``): a
#: flood of lines is kept in a third less memory than as pairs.
LINE_BITS = 40
LINE_MASK = (1 << LINE_BITS) - 1
#: Lines read and checked together.
BATCH = 4096
#: The most lines a certificate is read to, whatever its base: the largest proof made, the
#: empty base-4 stacking pyramid's, has 911,293 (32 MiB; its check walks for minutes at
#: 2,100 positions a second), and a flood of 2^20 lines that are all positions of the
#: winner's is read in about 3 s of processor time and 150 MB before the walk refuses it.
#: From an empty pyramid, bases 4 to 6 have more keys than that (3^30 and up).
MAX_PROOF_LINES = 2**20
#: A key's letters as digits (0 empty, 1 red, 2 blue; 3 for any other byte).
_CELL_DIGITS = np.full(256, 3, dtype=np.uint64)
_CELL_DIGITS[[ord("."), ord("r"), ord("b")]] = [0, 1, 2]


def text_bound(game: Partition, winner: str) -> int:
    """The most bytes a real proof of ``game`` (``winner`` to win) can take below its
    header: one line (``KEY MOVE``) a position with the winner to move, each listed once.
    Balls are only ever added, one of the mover's a move, so such a position holds the
    header's balls and more on its empty points, as many more red balls than blue as the
    header's (one more or less where the loser moves first): there are no more of them
    than such keys, nor more lines than :data:`MAX_PROOF_LINES` (bases 4 to 6 have more
    keys than that from an empty pyramid); within :data:`MAX_TEXT_BYTES`."""
    count = game.lattice.count
    empty = count - sum(1 for _ in game.pieces())
    difference, least = balance(game, winner)
    reds, blues = balls(game)
    keys = 0
    for red in range(empty + 1):  # the red balls added, and the blue
        blue = reds + red - blues - difference
        if 0 <= blue <= empty - red and reds + blues + red + blue >= least:
            keys += math.comb(empty, red) * math.comb(empty - red, blue)
    widest_move = max(len(str(p)) for p in game.lattice.points)
    return min(MAX_TEXT_BYTES, min(keys, MAX_PROOF_LINES) * (count + 1 + widest_move + 1))


def balls(game: Partition) -> tuple[int, int]:
    """The position's red balls and blue."""
    reds = sum(1 for _p, c in game.pieces() if c == "red")
    return reds, sum(1 for _ in game.pieces()) - reds


def balance(game: Partition, winner: str) -> tuple[int, int]:
    """Every move places one ball of the mover's: a position with the winner to move has as
    many more red balls than blue as the header's, one more or less where the loser moves
    first, and at least as many balls (the difference and that least)."""
    reds, blues = balls(game)
    loser = game.other(winner)
    ahead = 0 if game.to_move == winner else (1 if loser == "red" else -1)
    return reds - blues + ahead, reds + blues + abs(ahead)


class Symmetries:
    """The base's 8 rotations and reflections, on keys; and whether a key holds the
    header's balls in one of its images (balls are never taken off)."""

    def __init__(self, game: Partition) -> None:
        self.perms = base_symmetries(game.lattice.n)
        count = game.lattice.count
        # inverse[s][q]: the point whose image under symmetry s is q
        self.inverse = []
        for perm in self.perms:
            inv = [0] * count
            for p, q in enumerate(perm):
                inv[q] = p
            self.inverse.append(inv)
        self._images = [itemgetter(*inv) for inv in self.inverse]
        held = [(p, ".rb"[c + 1]) for p, c in enumerate(game.cells()) if c >= 0]
        self._held = "".join(letter for _p, letter in held)
        self._holds = [
            itemgetter(*[inv[p] for p, _letter in held], 0) for inv in self.inverse
        ]  # (one point more: a tuple however few balls)
        self._held_columns = [np.array([inv[p] for p, _letter in held]) for inv in self.inverse]
        self._held_bytes = np.frombuffer(self._held.encode("ascii"), dtype=np.uint8)

    def images(self, text: str) -> list[str]:
        """The position's 8 images (``images[s][perms[s][p]] == text[p]``)."""
        return ["".join(image(text)) for image in self._images]

    def holds_the_header(self, text: str) -> bool:
        """Whether one of the key's images holds every ball of the header's position."""
        held = self._held
        if not held:
            return True
        return any("".join(holds(text)[:-1]) == held for holds in self._holds)

    def hold_the_header(self, cells: np.ndarray) -> np.ndarray:
        """:meth:`holds_the_header` of each row of ``cells`` (a key's bytes a row)."""
        holds = np.zeros(len(cells), dtype=bool) | (not self._held)
        for columns in self._held_columns if self._held else ():
            holds |= np.all(cells[:, columns] == self._held_bytes, axis=1)
        return holds


def read_listed(
    stream: Iterable[str], game: Partition, winner: str, symmetries: Symmetries
) -> tuple[Listed, int]:
    """The lines below the header, kept by their key as written (:class:`Listed`: its
    move's point id and line, one int of :data:`LINE_BITS`), and the last line's number.
    The walk looks a position up by its 8 images (no image is made of a line before the
    walk needs it: a flood costs its reading alone). A line that is not a ``KEY MOVE`` of
    a position with the winner to move reached from the header's (a flood of well-formed
    lines drawn at random), or that passes the base's bound (:func:`text_bound`), is
    refused when it is read, before it is kept; a line that lists a key again, once the
    lines are read (or at a refusal after it: the file's first fault is said)."""
    listing = _Listing(game, winner, symmetries)
    last = 1
    try:
        for batch in _batches(iter(stream)):
            if not listing.keep_batch(last + 1, batch):
                for number, line in enumerate(batch, start=last + 1):
                    listing.keep_line(number, line)
            last += len(batch)
    except CertificateError as exc:
        listing.refuse_a_repeat(before=_line_of(exc))
        raise
    return listing.finish(), last


def _line_of(exc: CertificateError) -> int | None:
    """The line a refusal names (``line N: ...``), or None (the reader's: after the lines
    kept)."""
    head = str(exc).partition(":")[0]
    number = head.removeprefix("line ")
    return int(number) if number != head and number.isdigit() else None


def _batches(lines: Iterator[str]) -> Iterator[list[str]]:
    """The lines, :data:`BATCH` at a time; where reading them fails (the reader's own
    refusal of a line), the lines before it first, so that a fault of theirs is said first
    (the file's order)."""
    while True:
        batch: list[str] = []
        try:
            batch.extend(islice(lines, BATCH))
        except CertificateError:
            if batch:
                yield batch
            raise
        if not batch:
            return
        yield batch


class _Listing:
    """The lines kept so far, and what a line must be to be kept."""

    def __init__(self, game: Partition, winner: str, symmetries: Symmetries) -> None:
        self.game, self.winner, self.symmetries = game, winner, symmetries
        self.count, self.base = game.lattice.count, game.lattice.n
        self.bound = text_bound(game, winner)
        self.difference, self.least = balance(game, winner)
        self.ids = {str(point): pid for pid, point in enumerate(game.lattice.points)}
        self.size = 0  # bytes read below the header, line ends counted
        self.words = -(-self.count // WORD_CELLS)  # a key's 64-bit words
        self.hasher = Hasher(self.words)
        self.kept: list[tuple[np.ndarray, np.ndarray]] = []  # batches: (words, said)
        self.single: dict[tuple[int, ...], int] = {}  # lines kept one at a time
        # a batch's lines as a proof writes them: KEY, a blank, x,y,z and the line's end
        self.width = self.count + len(" 0,0,0\n")
        self._tail = np.frombuffer(b" 0,0,0\n", dtype=np.uint8)
        self._digit_columns = self._tail == ord("0")
        self._point_ids = np.full((10, 10, 10), -1, dtype=np.intp)  # x, y, z -> point id
        for pid, point in enumerate(game.lattice.points):
            if max(point) < 10:
                self._point_ids[tuple(point)] = pid

    def keep_batch(self, first: int, batch: list[str]) -> bool:
        """Keep ``batch`` (lines ``first`` on) where every line of it is good, checked over
        the batch at once as one block of bytes, a line a row (``KEY x,y,z``: as wide as
        any a proof is written in); False (nothing kept) where any is not, or is written
        otherwise (blanks around it, say: read line by line)."""
        text = "\n".join(batch) + "\n"
        size = self.size + len(text)
        if size > self.bound or len(text) != len(batch) * self.width:
            return False
        try:
            raw = text.encode("ascii")
        except UnicodeEncodeError:
            return False
        if raw.count(b"\n") != len(batch):
            return False
        rows = np.frombuffer(raw, dtype=np.uint8).reshape(len(batch), self.width)
        count = self.count
        tail = rows[:, count:]  # " x,y,z\n": the digits are checked below
        if not np.all((tail == self._tail) | self._digit_columns):
            return False
        digits = rows[:, count + 1 :: 2][:, :3].astype(np.intp) - ord("0")
        if digits.min() < 0 or digits.max() > 9:
            return False
        pids = self._point_ids[digits[:, 0], digits[:, 1], digits[:, 2]]
        cells = _CELL_DIGITS[rows[:, :count]]
        if pids.min() < 0 or cells.max() > 2 or not self._positions(rows[:, :count], cells):
            return False
        words = batch_words(cells)
        mixed = np.sort(self.hasher.rows(words))
        if np.any(mixed[1:] == mixed[:-1]):
            return False  # (a key twice in the batch, or a hash twice: read line by line)
        self.size = size
        lines = np.arange(first, first + len(batch), dtype=np.int64)
        self.kept.append((words, pids.astype(np.int64) << LINE_BITS | lines))
        return True

    def finish(self) -> Listed:
        """The lines kept, once read: refused where a key is listed twice."""
        listed = self._listed()
        self.refuse_a_repeat(listed=listed)
        return listed

    def _listed(self) -> Listed:
        single = [
            (np.array([key], dtype=np.uint64), np.array([said], dtype=np.int64))
            for key, said in self.single.items()
        ]
        kept, self.kept = self.kept, []  # (copied into the listing, batch by batch)
        return Listed.of(kept + single, self.words, self.hasher)

    def refuse_a_repeat(self, before: int | None = None, listed: Listed | None = None) -> None:
        """Refuse the first line that lists a key an earlier line lists, where there is
        one (before line ``before``, where given: a later fault is said after it)."""
        repeat = (listed or self._listed()).first_repeat(LINE_MASK)
        if repeat is not None and (before is None or repeat[0] < before):
            number, said = repeat
            raise refusal(f"line {number}: lists the position of line {said} again")

    def _positions(self, letters: np.ndarray, cells: np.ndarray) -> bool:
        """Whether every row of ``letters`` (a key's bytes a row; ``cells``: its digits,
        0 empty, 1 red, 2 blue) is a position with the winner to move reached from the
        header's (as :meth:`keep_line` asks)."""
        red = np.count_nonzero(cells == 1, axis=1)
        blue = np.count_nonzero(cells == 2, axis=1)
        if not (np.all(red - blue == self.difference) and np.all(red + blue >= self.least)):
            return False
        return bool(np.all(self.symmetries.hold_the_header(letters)))

    def keep_line(self, number: int, line: str) -> None:
        """Keep line ``number``, or refuse it (CertificateError saying why)."""
        self.size += len(line) + 1
        if self.size > self.bound:
            raise refusal(
                f"line {number}: the certificate passes {size_words(self.bound)}, more than "
                f"any proof of this base-{self.base} position can take"
            )
        text, move = self._key_and_move(number, line)
        pid = self.ids.get(move)
        if pid is None:
            point = self.game.lattice.point(_point_id(move, number, self.game))
            raise refusal(f"line {number}: the move must be written {point}, not {quote(move)}")
        key = key_words(text)
        if key in self.single:
            said = self.single[key] & LINE_MASK
            raise refusal(f"line {number}: lists the position of line {said} again")
        self.single[key] = pid << LINE_BITS | number

    def _key_and_move(self, number: int, line: str) -> tuple[str, str]:
        """The line's key and move, the key a position with the winner to move reached
        from the header's (:func:`balance`, :meth:`Symmetries.holds_the_header`)."""
        parts = line.split()
        if len(parts) != 2:
            raise refusal(f"line {number}: must be 'KEY MOVE', not {quote(line)}")
        text, move = parts
        if line != f"{text} {move}":  # (a proof's lines are all alike: read at once)
            raise refusal(
                f"line {number}: must be 'KEY MOVE', one blank between and none around, "
                f"not {quote(line)}"
            )
        count, least = self.count, self.least
        red, blue = text.count("r"), text.count("b")
        if len(text) != count or text.count(".") + red + blue != count:
            raise refusal(
                f"line {number}: the key must be {count} characters of '.', 'r' and 'b' "
                f"(one a point of the base-{self.base} pyramid), not {quote(text)}"
            )
        if red - blue != self.difference or red + blue < least:
            raise refusal(
                f"line {number}: {quote(text)} is no position with {self.winner} to move "
                f"after the header's ({red} red and {blue} blue balls; such a position has "
                f"{self.difference:+} red against blue and at least {least} "
                f"ball{'s' * (least != 1)})"
            )
        if not self.symmetries.holds_the_header(text):
            raise refusal(
                f"line {number}: {quote(text)} is no position reached from the header's: no "
                "image of it holds the header's balls (a ball is never taken off)"
            )
        return text, move


def _point_id(move: str, number: int, game: Partition) -> int:
    """The point id of a move that is not a point's own words (``x,y,z``): refused when
    it is none of the pyramid's points."""
    try:
        point = Point.parse(move)
    except ValueError as exc:
        raise refusal(f"line {number}: {exc}") from None
    if not game.lattice.contains(*point):
        raise refusal(f"line {number}: {point} is outside the base-{game.lattice.n} pyramid")
    return game.lattice.id_of(*point)
