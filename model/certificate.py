"""Checking a certificate: a proof that one side wins a Pyramid Partition position, read
with the rules model alone (no search: ``pyramid-lab certificate check``).

The file (``docs/file-formats.md``) is gzip-compressed text. Line 1 is a JSON header, the
position file's keys plus the winner::

    {"format": "pyramid-lab-certificate/1", "game": "partition", "options": {...},
     "to_move": "red", "pieces": [[i, j, k, "red"], ...], "winner": "blue"}

then one line ``KEY MOVE`` for every position of the proof where the winner is to move and
nobody has won yet (so as many more red balls than blue as such a position has: a line
that has not is refused when it is read). ``KEY`` has one character a point, ``.`` empty,
``r`` red, ``b`` blue, the points by level (z), then row (y), then x, each ascending (the
lattice's point ids); ``MOVE`` is the winner's move ``x,y,z``. A position may be listed
as any of its 8 images under the base's rotations and reflections, its move then in that
image.

:func:`check` walks the proof from the header's position with :class:`model.partition.
Partition`'s own legal moves and rules: every position reached with the winner to move and
nobody won must be listed, its move legal, and after it the winner has won or every legal
reply leads to a listed position or to the winner's win. Any gap, illegal move or reply
that wins (or ends the game otherwise) is a :class:`CertificateError`, one line.

The file read within its caps and the lines kept are :mod:`model.certificate_file`'s; here
the lines checked as they come (a batch at a time, with numpy) and the walk of the proof.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter
from typing import Any

import numpy as np

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, Message, Mn_

from .certificate_file import (
    MAX_HEADER_DEPTH,
    MAX_LINE_BYTES,
    MAX_TEXT_BYTES,
    WORD_CELLS,
    Hasher,
    Listed,
    ReadError,
    batch_words,
    declared_text_bytes,
    iter_lines,
    key_words,
    size_words,
)
from .certificate_file import CertificateError as CertificateError  # (check_file's refusal)
from .files import FORMAT as POSITION_FORMAT
from .files import from_json, nested_over
from .game import PositionFormatError, quote
from .lattice import Point, base_symmetries
from .partition import Partition, Place
from .teaching import describe_result
from .words import colour, reason_of

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
        # inverse[s][q]: the point whose image under symmetry s is q
        self.inverse = [sorted(range(len(perm)), key=perm.__getitem__) for perm in self.perms]
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
    head = str(exc.args[0]).partition(":")[0]  # (its English)
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
            raise CertificateError(_repeated(number, said))

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
            raise CertificateError(
                M_(
                    "line {line}: the certificate passes {size}, more than any proof of this "
                    "base-{base} position can take",
                    line=number,
                    size=size_words(self.bound),
                    base=self.base,
                )
            )
        text, move = self._key_and_move(number, line)
        pid = self.ids.get(move)
        if pid is None:
            point = self.game.lattice.point(_point_id(move, number, self.game))
            raise CertificateError(
                M_(
                    "line {line}: the move must be written {point}, not {value}",
                    line=number,
                    point=str(point),
                    value=quote(move),
                )
            )
        key = key_words(text)
        if key in self.single:
            said = self.single[key] & LINE_MASK
            raise CertificateError(_repeated(number, said))
        self.single[key] = pid << LINE_BITS | number

    def _key_and_move(self, number: int, line: str) -> tuple[str, str]:
        """The line's key and move, the key a position with the winner to move reached
        from the header's (:func:`balance`, :meth:`Symmetries.holds_the_header`)."""
        parts = line.split()
        if len(parts) != 2:
            raise CertificateError(
                M_("line {line}: must be 'KEY MOVE', not {value}", line=number, value=quote(line))
            )
        text, move = parts
        if line != f"{text} {move}":  # (a proof's lines are all alike: read at once)
            raise CertificateError(
                M_(
                    "line {line}: must be 'KEY MOVE', one blank between and none around, not "
                    "{value}",
                    line=number,
                    value=quote(line),
                )
            )
        count, least = self.count, self.least
        red, blue = text.count("r"), text.count("b")
        if len(text) != count or text.count(".") + red + blue != count:
            raise CertificateError(
                M_(
                    "line {line}: the key must be {count} characters of '.', 'r' and 'b' (one "
                    "a point of the base-{base} pyramid), not {value}",
                    line=number,
                    count=count,
                    base=self.base,
                    value=quote(text),
                )
            )
        if red - blue != self.difference or red + blue < least:
            raise CertificateError(
                Mn_(
                    "line {line}: {key} is no position with {colour} to move after the "
                    "header's ({red} red and {blue} blue balls; such a position has "
                    "{difference} red against blue and at least {count} ball)",
                    "line {line}: {key} is no position with {colour} to move after the "
                    "header's ({red} red and {blue} blue balls; such a position has "
                    "{difference} red against blue and at least {count} balls)",
                    least,
                    line=number,
                    key=quote(text),
                    colour=colour(self.winner),
                    red=red,
                    blue=blue,
                    difference=f"{self.difference:+}",
                    count=least,
                )
            )
        if not self.symmetries.holds_the_header(text):
            raise CertificateError(
                M_(
                    "line {line}: {key} is no position reached from the header's: no image of "
                    "it holds the header's balls (a ball is never taken off)",
                    line=number,
                    key=quote(text),
                )
            )
        return text, move


def _repeated(number: int, said: int) -> Message:
    """Why line ``number`` is refused: it lists line ``said``'s position again."""
    return M_("line {line}: lists the position of line {said} again", line=number, said=said)


def _point_id(move: str, number: int, game: Partition) -> int:
    """The point id of a move that is not a point's own words (``x,y,z``): refused when
    it is none of the pyramid's points."""
    try:
        point = Point.parse(move)
    except ValueError as exc:
        raise CertificateError(
            M_("line {line}: {reason}", line=number, reason=reason_of(exc))
        ) from None
    if not game.lattice.contains(*point):
        raise CertificateError(
            M_(
                "line {line}: {point} is outside the base-{base} pyramid",
                line=number,
                point=str(point),
                base=game.lattice.n,
            )
        )
    return game.lattice.id_of(*point)


FORMAT = "pyramid-lab-certificate/1"
SUFFIX = ".cert.gz"
HEADER_KEYS = ("format", "game", "options", "to_move", "pieces", "winner")
LETTERS = {"red": "r", "blue": "b"}

#: progress(positions checked, seconds)
CheckProgress = Callable[[int, float], None]


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What a check that passed went through."""

    title: str  # the game and its options, in words
    winner: str
    to_move: str
    positions: int  # positions with the winner to move, each checked once up to symmetry
    replies: int  # replies of the other side followed
    lines: int  # lines below the header
    used: int  # lines whose position the walk reached
    seconds: float

    def summary(self) -> str:
        """The check in one line, a Message (said in the reader's language)."""
        unused = self.lines - self.used
        lines = (
            M_("every line used")
            if unused == 0
            else Mn_(
                "{count} line never reached (allowed)",
                "{count} lines never reached (allowed)",
                unused,
                count=i18n.number(unused),
            )
        )
        return M_(
            "certificate checked: {title}, {to_move} to move, {winner} wins; {positions} "
            "positions with {winner} to move and {replies} replies checked against the rules; "
            "{lines} lines, {used}; {seconds} s",
            title=self.title,
            to_move=colour(self.to_move),
            winner=colour(self.winner),
            positions=i18n.number(self.positions),
            replies=i18n.number(self.replies),
            lines=i18n.number(self.lines),
            used=lines,
            seconds=i18n.number(self.seconds, digits=2),
        )


def key_text(cells: Iterable[int]) -> str:
    """A position's key: per point id, ``.`` empty, ``r`` red, ``b`` blue."""
    return "".join(".rb"[c + 1] for c in cells)


def _game_of(header: Any) -> Partition:
    if not isinstance(header, dict):
        raise CertificateError(M_("line 1: the header must be one JSON object"))
    missing = [k for k in HEADER_KEYS if k not in header]
    extra = sorted(k for k in header if k not in HEADER_KEYS)
    if missing or extra:
        keys = {"keys": ", ".join(missing), "unknown": ", ".join(map(quote, extra))}
        if missing and extra:
            said = M_("line 1: the header's keys: missing {keys}; unknown {unknown}", **keys)
        elif missing:
            said = M_("line 1: the header's keys: missing {keys}", keys=keys["keys"])
        else:
            said = M_("line 1: the header's keys: unknown {unknown}", unknown=keys["unknown"])
        raise CertificateError(said)
    if header["format"] != FORMAT:
        raise CertificateError(
            M_(
                "line 1: format must be {format}, not {value}",
                format=repr(FORMAT),
                value=quote(header["format"]),
            )
        )
    if header["game"] != Partition.name:
        raise CertificateError(
            M_(
                "line 1: game must be {game} (certificates are for Pyramid Partition), not {value}",
                game=repr(Partition.name),
                value=quote(header["game"]),
            )
        )
    if header["winner"] not in Partition.players:
        value = quote(header["winner"])
        raise CertificateError(
            M_("line 1: winner must be 'red' or 'blue', not {value}", value=value)
        )
    position = {k: header[k] for k in HEADER_KEYS if k != "winner"}
    position["format"] = POSITION_FORMAT
    try:
        game = from_json(position).game
    except PositionFormatError as exc:
        raise CertificateError(M_("line 1: the position: {reason}", reason=str(exc))) from None
    assert isinstance(game, Partition)
    return game


#: The largest base a certificate is of: the compiled search that writes them proves bases
#: up to 6 (``model/search/games/partition/kernel.py``), and the check walks the proof in
#: pure Python; a base-50 header (keys of 42,925 characters) is refused before any line.
MAX_BASE = 6


def _read_header(first: str | None) -> tuple[dict[str, Any], Partition]:
    """Line 1 read and checked: the header and its position (CertificateError otherwise,
    a base above :data:`MAX_BASE` included, before any line below it is read)."""
    if first is None:
        raise CertificateError(M_("the certificate is empty"))
    if nested_over(first, MAX_HEADER_DEPTH):
        raise CertificateError(
            M_(
                "line 1: the header nests lists or objects over {depth} deep",
                depth=MAX_HEADER_DEPTH,
            )
        )
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        raise CertificateError(M_("line 1: the header is not JSON")) from None
    options = header.get("options") if isinstance(header, dict) else None
    size = options.get("size") if isinstance(options, dict) else None
    if isinstance(size, int) and not isinstance(size, bool) and size > MAX_BASE:
        # (said before the position is made: a base-50 pyramid's tables take seconds)
        raise CertificateError(
            M_(
                "line 1: a base-{size} pyramid: certificates are of bases 2 to {most} (the "
                "bases a search proves); no line is read",
                size=size,
                most=MAX_BASE,
            )
        )
    return header, _game_of(header)


class _Walk:
    """The proof walked from the header's position with the rules' own legal moves: every
    position reached with the winner to move and nobody won must be listed, its move
    legal, and after it the winner has won or every reply leads to a listed position or to
    the winner's win."""

    def __init__(
        self,
        game: Partition,
        winner: str,
        listed: Listed,
        symmetries: Symmetries,
        progress: tuple[CheckProgress | None, float, float],
    ) -> None:
        self.game, self.winner, self.loser = game, winner, game.other(winner)
        self.listed, self.symmetries = listed, symmetries
        self.progress, self.every, self.began = progress
        self.next_report = self.began + self.every
        self.used: set[str] = set()
        self.replies = 0

    def where(self) -> Message:
        moves = " ".join(str(m) for m in self.game.move_stack)
        return M_("after {moves}", moves=moves) if moves else M_("at the start")

    def winner_to_move(self) -> None:
        game = self.game
        images = self.symmetries.images(key_text(game.cells()))
        key = min(images)  # (the same for every image of the position)
        if key in self.used:
            return
        found = ((s, self.listed.get(key_words(image))) for s, image in enumerate(images))
        sym, said = next(((s, n) for s, n in found if n is not None), (None, 0))
        if sym is None:
            raise CertificateError(
                M_(
                    "gap: the position {where} ({colour} to move) is not listed (key {key})",
                    where=self.where(),
                    colour=colour(self.winner),
                    key=key_text(game.cells()),
                )
            )
        self.used.add(key)
        self._report()
        number = said & LINE_MASK
        move = Place(game.lattice.point(self.symmetries.inverse[sym][said >> LINE_BITS]))
        reason = game.why_illegal(move)
        if reason is not None:
            raise CertificateError(
                M_(
                    "line {line}: the move {move} {where} is illegal: {reason}",
                    line=number,
                    move=str(move),
                    where=self.where(),
                    reason=reason,
                )
            )
        game.push(move)
        try:
            outcome = game.outcome()
            if outcome is not None:
                if outcome.winner != self.winner:
                    raise CertificateError(
                        M_(
                            "line {line}: {result} {where}",
                            line=number,
                            result=describe_result(game),
                            where=self.where(),
                        )
                    )
                return
            self.every_reply(
                M_("line {line}: {colour}'s reply", line=number, colour=colour(self.loser))
            )
        finally:
            game.pop()

    def every_reply(self, said: Message) -> None:
        """Each reply of the loser from here leads to a listed position or to the
        winner's win (``said`` names a reply that does neither)."""
        game = self.game
        for reply in game.legal_moves():
            game.push(reply)
            self.replies += 1
            try:
                outcome = game.outcome()
                if outcome is None:
                    self.winner_to_move()
                elif outcome.winner != self.winner:
                    raise CertificateError(
                        M_(
                            "{reply} wins or ends the game: {result} {where}",
                            reply=said,
                            result=describe_result(game),
                            where=self.where(),
                        )
                    )
            finally:
                game.pop()

    def _report(self) -> None:
        now = time.perf_counter()
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + self.every
            self.progress(len(self.used), now - self.began)


def check(
    lines: Iterable[str],
    *,
    progress: CheckProgress | None = None,
    every: float = 5.0,
    declared: int = 0,
) -> CheckReport:
    """Check the certificate's ``lines`` (see the module): its report, or
    CertificateError naming the first gap. The lines are taken one at a time (a list, or
    :func:`iter_lines` reading the file): a line that is not ``KEY MOVE`` is refused when
    it is read, before any line after it, and a header whose base no proof is of
    (:data:`MAX_BASE`) or lines past its base's bound (:func:`text_bound`) as soon as
    they are seen. ``declared``: the bytes the file says it holds (its gzip trailer,
    :func:`declared_text_bytes`), refused past the header and its bound before a line
    below the header is read."""
    began = time.perf_counter()
    stream = iter(lines)
    first = next(stream, None)
    header, game = _read_header(first)
    winner = header["winner"]
    _refuse_declared(declared, len((first or "").encode()) + 1, game, winner)
    symmetries = Symmetries(game)
    listed, number = read_listed(stream, game, winner, symmetries)
    walk = _Walk(game, winner, listed, symmetries, (progress, every, began))
    start = game.outcome()
    if start is not None:
        raise CertificateError(
            M_("the position is already over: {result}", result=describe_result(game))
        )
    if game.to_move == winner:
        walk.winner_to_move()
    else:
        walk.every_reply(M_("{colour}'s first move", colour=colour(walk.loser)))
    options = header["options"]
    title = M_(
        "Pyramid Partition base {size} {version}",
        size=str(options.get("size", 5)),
        version=Message(str(options.get("version", "floating"))),  # (a word: floating)
    )
    used = len(walk.used)
    seconds = time.perf_counter() - began
    return CheckReport(
        title, winner, header["to_move"], used, walk.replies, number - 1, used, seconds
    )


def _refuse_declared(declared: int, header: int, game: Partition, winner: str) -> None:
    """Refuse a file that says it holds more than its ``header``'s bytes and the most any
    proof of its position takes (:func:`text_bound`), before its lines are read."""
    bound = text_bound(game, winner)
    if declared > header + bound:
        raise CertificateError(
            M_(
                "{size} decompressed (its gzip trailer says), over the {bound} any proof of "
                "this base-{base} position takes; no line below the header is read",
                size=size_words(declared),
                bound=size_words(bound),
                base=game.lattice.n,
            )
        )


def check_file(
    path: str | os.PathLike[str],
    *,
    progress: CheckProgress | None = None,
    max_bytes: int = MAX_TEXT_BYTES,
    max_line: int = MAX_LINE_BYTES,
) -> CheckReport:
    """Read (:func:`iter_lines`, within its limits) and check the certificate at ``path``
    as it is read (CertificateError: one line, naming the file, at the first line that
    fails; a file whose gzip trailer says more than its header's bound, before its lines
    are read)."""
    declared = declared_text_bytes(path)
    lines = iter_lines(path, max_bytes=max_bytes, max_line=max_line)
    try:
        return check(lines, progress=progress, declared=declared)
    except ReadError:
        raise
    except CertificateError as exc:
        said = reason_of(exc)
        raise CertificateError(
            M_("{file}: does not check: {reason}", file=os.fspath(path), reason=said)
        ) from None
    finally:
        lines.close()  # (the file, when a line was refused before its end)
