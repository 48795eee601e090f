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

import codecs
import gzip
import json
import math
import os
import stat
import time
import zlib
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any, BinaryIO

from .files import nested_over
from .game import MAX_QUOTED, PositionFormatError, quote, shorten
from .lattice import Point, base_symmetries
from .partition import Partition, Place
from .teaching import describe_result

FORMAT = "pyramid-lab-certificate/1"
SUFFIX = ".cert.gz"
HEADER_KEYS = ("format", "game", "options", "to_move", "pieces", "winner")
LETTERS = {"red": "r", "blue": "b"}

#: progress(positions checked, seconds)
CheckProgress = Callable[[int, float], None]


class CertificateError(ValueError):
    """The certificate does not prove what it claims, or cannot be read: one line."""


class _ReadError(CertificateError):
    """The file cannot be read as a certificate (the message names the file itself)."""


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


def _fail(text: str) -> CertificateError:
    return CertificateError(shorten(text, 2 * MAX_QUOTED - 20))


def _unreadable(text: str) -> CertificateError:
    return _ReadError(shorten(text, 2 * MAX_QUOTED - 20))


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
                    raise _unreadable(
                        f"{name}: more than {_size(max_bytes)} decompressed (a "
                        f"certificate is read to {_size(max_bytes)}; a gzip bomb?)"
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
    except FileNotFoundError:
        raise _unreadable(f"{name}: no such file") from None
    except IsADirectoryError:
        raise _unreadable(f"{name}: a folder, not a certificate file") from None
    except (gzip.BadGzipFile, EOFError, zlib.error):
        raise _unreadable(
            f"{name}: not a gzip-compressed certificate (damaged or cut short)"
        ) from None
    except UnicodeDecodeError:
        raise _unreadable(f"{name}: not UTF-8 text inside the gzip") from None
    except OSError as exc:
        raise _unreadable(f"{name}: cannot be read: {exc.strerror or exc}") from None
    except ValueError as exc:  # e.g. a NUL character in the name
        raise _unreadable(f"{name}: cannot be opened: {exc}") from None


def _bounded_lines(
    name: str, before: int, parts: list[str], max_line: int, most_lines: int
) -> tuple[int, CertificateError | None]:
    """How many of ``parts`` (the lines after the first ``before``) are good, and the
    error for the first that is not (blank, too long, or one line too many): checked on
    the whole chunk at once, the first bad line in the file's order reported."""
    if not parts:
        return 0, None
    bad: list[tuple[int, str]] = []
    if before + len(parts) > most_lines:
        index = most_lines - before
        bad.append(
            (
                index,
                f"{name}: more than {most_lines:,} lines (a certificate of "
                f"{_size(most_lines * SHORTEST_LINE)} has no more; a gzip bomb?)",
            )
        )
    if "" in parts:
        index = parts.index("")
        bad.append(
            (index, f"{name}: line {before + index + 1} is blank (a certificate has no blank line)")
        )
    if max(map(len, parts)) > max_line:
        index = next(i for i, p in enumerate(parts) if len(p) > max_line)
        bad.append(
            (
                index,
                f"{name}: line {before + index + 1} is longer than {_size(max_line)} "
                f"(lines are read to {_size(max_line)})",
            )
        )
    if not bad:
        return len(parts), None
    index, text = min(bad)
    return index, _unreadable(text)


def _size(count: int) -> str:
    if count >= 2**20:
        return f"{count / 2**20:g} MiB"
    return f"{count / 1024:g} KiB" if count >= 1024 else f"{count} bytes"


def _open_regular(name: str) -> BinaryIO:
    """The file opened for reading when it is a regular file (a folder, FIFO, device or
    socket: CertificateError before it is opened; opened without blocking, so a FIFO put
    in its place after the look cannot hang the read either)."""
    from .files import file_kind

    def check(info: os.stat_result) -> None:
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(name)
        if not stat.S_ISREG(info.st_mode):
            raise _fail(f"{name}: {file_kind(info.st_mode)}, not a certificate file")

    check(os.stat(name))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(name, flags)
    try:
        check(os.fstat(fd))
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


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
