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
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .certificate_file import (
    CHUNK_BYTES,
    LIMITS,
    MAX_HEADER_DEPTH,
    MAX_LINE_BYTES,
    MAX_TEXT_BYTES,
    SHORTEST_LINE,
    CertificateError,
    _fail,
    _ReadError,
    _size,
    iter_lines,
    read_lines,
)
from .files import nested_over
from .game import PositionFormatError, quote
from .lattice import Point, base_symmetries
from .partition import Partition, Place
from .teaching import describe_result

__all__ = [
    "CHUNK_BYTES",
    "FORMAT",
    "LIMITS",
    "MAX_BASE",
    "MAX_HEADER_DEPTH",
    "MAX_LINE_BYTES",
    "MAX_TEXT_BYTES",
    "SHORTEST_LINE",
    "SUFFIX",
    "CertificateError",
    "CheckReport",
    "check",
    "check_file",
    "iter_lines",
    "key_text",
    "read_lines",
    "text_bound",
]

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
        unused = self.lines - self.used
        lines = (
            "every line used"
            if unused == 0
            else f"{unused:,} line{'s' * (unused != 1)} never reached (allowed)"
        )
        return (
            f"certificate checked: {self.title}, {self.to_move} to move, {self.winner} wins; "
            f"{self.positions:,} positions with {self.winner} to move and {self.replies:,} "
            f"replies checked against the rules; {self.lines:,} lines, {lines}; "
            f"{self.seconds:.2f} s"
        )


def key_text(cells: Iterable[int]) -> str:
    """A position's key: per point id, ``.`` empty, ``r`` red, ``b`` blue."""
    return "".join(".rb"[c + 1] for c in cells)


def _game_of(header: Any) -> Partition:
    if not isinstance(header, dict):
        raise _fail("line 1: the header must be one JSON object")
    missing = [k for k in HEADER_KEYS if k not in header]
    extra = sorted(k for k in header if k not in HEADER_KEYS)
    if missing or extra:
        what = [f"missing {', '.join(missing)}"] * bool(missing)
        what += [f"unknown {', '.join(map(quote, extra))}"] * bool(extra)
        raise _fail(f"line 1: the header's keys: {'; '.join(what)}")
    if header["format"] != FORMAT:
        raise _fail(f"line 1: format must be {FORMAT!r}, not {quote(header['format'])}")
    if header["game"] != Partition.name:
        raise _fail(
            f"line 1: game must be {Partition.name!r} (certificates are for Pyramid "
            f"Partition), not {quote(header['game'])}"
        )
    if header["winner"] not in Partition.players:
        raise _fail(f"line 1: winner must be 'red' or 'blue', not {quote(header['winner'])}")
    from .files import FORMAT as POSITION_FORMAT
    from .files import from_json

    position = {k: header[k] for k in HEADER_KEYS if k != "winner"}
    position["format"] = POSITION_FORMAT
    try:
        game = from_json(position).game
    except PositionFormatError as exc:
        raise _fail(f"line 1: the position: {exc}") from None
    assert isinstance(game, Partition)
    return game


#: The largest base a certificate is of: the compiled search that writes them proves bases
#: up to 6 (``model/search/games/partition/kernel.py``), and the check walks the proof in
#: pure Python; a base-50 header (keys of 42,925 characters) is refused before any line.
MAX_BASE = 6


def text_bound(game: Partition, winner: str) -> int:
    """The most bytes a real proof of ``game`` (``winner`` to win) can take below its
    header: one line (``KEY MOVE``) a position with the winner to move, each listed once,
    and there are no more such positions than keys of the base with the header's difference
    of red and blue balls and at least its balls. Within :data:`MAX_TEXT_BYTES`."""
    count = game.lattice.count
    difference, least = _balance(game, winner)
    keys = 0
    for red in range(count + 1):
        blue = red - difference
        if 0 <= blue <= count - red and red + blue >= least:
            keys += math.comb(count, red) * math.comb(count - red, blue)
    widest_move = max(len(str(p)) for p in game.lattice.points)
    return min(MAX_TEXT_BYTES, keys * (count + 1 + widest_move + 1))


def _balance(game: Partition, winner: str) -> tuple[int, int]:
    """Every move places one ball of the mover's: a position with the winner to move has as
    many more red balls than blue as the header's, one more or less where the loser moves
    first, and at least as many balls (the difference and that least)."""
    reds, blues = (sum(1 for _p, c in game.pieces() if c == colour) for colour in ("red", "blue"))
    loser = game.other(winner)
    ahead = 0 if game.to_move == winner else (1 if loser == "red" else -1)
    return reds - blues + ahead, reds + blues + abs(ahead)


def _read_header(first: str | None) -> tuple[dict[str, Any], Partition]:
    """Line 1 read and checked: the header and its position (CertificateError otherwise,
    a base above :data:`MAX_BASE` included, before any line below it is read)."""
    if first is None:
        raise _fail("the certificate is empty")
    if nested_over(first, MAX_HEADER_DEPTH):
        raise _fail(f"line 1: the header nests lists or objects over {MAX_HEADER_DEPTH} deep")
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        raise _fail("line 1: the header is not JSON") from None
    options = header.get("options") if isinstance(header, dict) else None
    size = options.get("size") if isinstance(options, dict) else None
    if isinstance(size, int) and not isinstance(size, bool) and size > MAX_BASE:
        # (said before the position is made: a base-50 pyramid's tables take seconds)
        raise _fail(
            f"line 1: a base-{size} pyramid: certificates are of bases 2 to {MAX_BASE} "
            "(the bases a search proves); no line is read"
        )
    return header, _game_of(header)


class _Symmetries:
    """The base's 8 rotations and reflections, on keys."""

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

    def canonical(self, text: str) -> tuple[str, int]:
        """The least of the position's 8 images, and the symmetry that gives it."""
        images = ["".join([text[p] for p in inv]) for inv in self.inverse]
        best = min(images)
        return best, images.index(best)


def _read_listed(
    stream: Iterable[str], game: Partition, winner: str, symmetries: _Symmetries
) -> tuple[dict[str, tuple[int, int]], int]:
    """The lines below the header: canonical key -> (its move's point id, line), and the
    last line's number. A line that is not a ``KEY MOVE`` of a position with the winner to
    move (a flood of well-formed lines drawn at random), or that passes the base's bound
    (:func:`text_bound`), is refused when it is read, before it is kept."""
    lat = game.lattice
    count = lat.count
    difference, least = _balance(game, winner)
    bound = text_bound(game, winner)
    size = 0
    listed: dict[str, tuple[int, int]] = {}
    number = 1
    for number, line in enumerate(stream, start=2):
        size += len(line) + 1
        if size > bound:
            raise _fail(
                f"line {number}: the certificate passes {_size(bound)}, more than any proof "
                f"of this base-{lat.n} position can take"
            )
        parts = line.split()
        if len(parts) != 2:
            raise _fail(f"line {number}: must be 'KEY MOVE', not {quote(line)}")
        text, move = parts
        if len(text) != count or text.count(".") + text.count("r") + text.count("b") != count:
            raise _fail(
                f"line {number}: the key must be {count} characters of '.', 'r' and 'b' "
                f"(one a point of the base-{lat.n} pyramid), not {quote(text)}"
            )
        red, blue = text.count("r"), text.count("b")
        if red - blue != difference or red + blue < least:
            raise _fail(
                f"line {number}: {quote(text)} is no position with {winner} to move after "
                f"the header's ({red} red and {blue} blue balls; such a position has "
                f"{difference:+} red against blue and at least {least} ball{'s' * (least != 1)})"
            )
        try:
            point = Point.parse(move)
        except ValueError as exc:
            raise _fail(f"line {number}: {exc}") from None
        if not lat.contains(*point):
            raise _fail(f"line {number}: {point} is outside the base-{lat.n} pyramid")
        key, sym = symmetries.canonical(text)
        if key in listed:
            raise _fail(f"line {number}: lists the position of line {listed[key][1]} again")
        listed[key] = (symmetries.perms[sym][lat.id_of(*point)], number)
    return listed, number


class _Walk:
    """The proof walked from the header's position with the rules' own legal moves: every
    position reached with the winner to move and nobody won must be listed, its move
    legal, and after it the winner has won or every reply leads to a listed position or to
    the winner's win."""

    def __init__(
        self,
        game: Partition,
        winner: str,
        listed: dict[str, tuple[int, int]],
        symmetries: _Symmetries,
        progress: tuple[CheckProgress | None, float, float],
    ) -> None:
        self.game, self.winner, self.loser = game, winner, game.other(winner)
        self.listed, self.symmetries = listed, symmetries
        self.progress, self.every, self.began = progress
        self.next_report = self.began + self.every
        self.used: set[str] = set()
        self.replies = 0

    def where(self) -> str:
        moves = " ".join(str(m) for m in self.game.move_stack)
        return f"after {moves}" if moves else "at the start"

    def winner_to_move(self) -> None:
        game = self.game
        key, sym = self.symmetries.canonical(key_text(game.cells()))
        if key in self.used:
            return
        if key not in self.listed:
            raise _fail(
                f"gap: the position {self.where()} ({self.winner} to move) is not listed "
                f"(key {key_text(game.cells())})"
            )
        self.used.add(key)
        self._report()
        image, number = self.listed[key]
        move = Place(game.lattice.point(self.symmetries.inverse[sym][image]))
        reason = game.why_illegal(move)
        if reason is not None:
            raise _fail(f"line {number}: the move {move} {self.where()} is illegal: {reason}")
        game.push(move)
        try:
            outcome = game.outcome()
            if outcome is not None:
                if outcome.winner != self.winner:
                    raise _fail(f"line {number}: {describe_result(game)} {self.where()}")
                return
            self.every_reply(f"line {number}: {self.loser}'s reply")
        finally:
            game.pop()

    def every_reply(self, said: str) -> None:
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
                    raise _fail(
                        f"{said} wins or ends the game: {describe_result(game)} {self.where()}"
                    )
            finally:
                game.pop()

    def _report(self) -> None:
        now = time.perf_counter()
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + self.every
            self.progress(len(self.used), now - self.began)


def check(
    lines: Iterable[str], *, progress: CheckProgress | None = None, every: float = 5.0
) -> CheckReport:
    """Check the certificate's ``lines`` (see the module): its report, or
    CertificateError naming the first gap. The lines are taken one at a time (a list, or
    :func:`iter_lines` reading the file): a line that is not ``KEY MOVE`` is refused when
    it is read, before any line after it, and a header whose base no proof is of
    (:data:`MAX_BASE`) or lines past its base's bound (:func:`text_bound`) as soon as
    they are seen."""
    began = time.perf_counter()
    stream = iter(lines)
    header, game = _read_header(next(stream, None))
    winner = header["winner"]
    symmetries = _Symmetries(game)
    listed, number = _read_listed(stream, game, winner, symmetries)
    walk = _Walk(game, winner, listed, symmetries, (progress, every, began))
    start = game.outcome()
    if start is not None:
        raise _fail(f"the position is already over: {describe_result(game)}")
    if game.to_move == winner:
        walk.winner_to_move()
    else:
        walk.every_reply(f"{walk.loser}'s first move")
    options = header["options"]
    title = f"Pyramid Partition base {options.get('size', 5)} {options.get('version', 'floating')}"
    used = len(walk.used)
    seconds = time.perf_counter() - began
    return CheckReport(
        title, winner, header["to_move"], used, walk.replies, number - 1, used, seconds
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
    fails)."""
    lines = iter_lines(path, max_bytes=max_bytes, max_line=max_line)
    try:
        return check(lines, progress=progress)
    except _ReadError:
        raise
    except CertificateError as exc:
        raise _fail(f"{os.fspath(path)}: does not check: {exc}") from None
    finally:
        lines.close()  # (the file, when a line was refused before its end)
