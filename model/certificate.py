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
    ReadError,
    declared_text_bytes,
    iter_lines,
    read_lines,
    refusal,
    size_words,
)
from .certificate_keys import Listed, key_words
from .certificate_lines import LINE_BITS, LINE_MASK, Symmetries, read_listed, text_bound
from .files import nested_over
from .game import PositionFormatError, quote
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
        raise refusal("line 1: the header must be one JSON object")
    missing = [k for k in HEADER_KEYS if k not in header]
    extra = sorted(k for k in header if k not in HEADER_KEYS)
    if missing or extra:
        what = [f"missing {', '.join(missing)}"] * bool(missing)
        what += [f"unknown {', '.join(map(quote, extra))}"] * bool(extra)
        raise refusal(f"line 1: the header's keys: {'; '.join(what)}")
    if header["format"] != FORMAT:
        raise refusal(f"line 1: format must be {FORMAT!r}, not {quote(header['format'])}")
    if header["game"] != Partition.name:
        raise refusal(
            f"line 1: game must be {Partition.name!r} (certificates are for Pyramid "
            f"Partition), not {quote(header['game'])}"
        )
    if header["winner"] not in Partition.players:
        raise refusal(f"line 1: winner must be 'red' or 'blue', not {quote(header['winner'])}")
    from .files import FORMAT as POSITION_FORMAT
    from .files import from_json

    position = {k: header[k] for k in HEADER_KEYS if k != "winner"}
    position["format"] = POSITION_FORMAT
    try:
        game = from_json(position).game
    except PositionFormatError as exc:
        raise refusal(f"line 1: the position: {exc}") from None
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
        raise refusal("the certificate is empty")
    if nested_over(first, MAX_HEADER_DEPTH):
        raise refusal(f"line 1: the header nests lists or objects over {MAX_HEADER_DEPTH} deep")
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        raise refusal("line 1: the header is not JSON") from None
    options = header.get("options") if isinstance(header, dict) else None
    size = options.get("size") if isinstance(options, dict) else None
    if isinstance(size, int) and not isinstance(size, bool) and size > MAX_BASE:
        # (said before the position is made: a base-50 pyramid's tables take seconds)
        raise refusal(
            f"line 1: a base-{size} pyramid: certificates are of bases 2 to {MAX_BASE} "
            "(the bases a search proves); no line is read"
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

    def where(self) -> str:
        moves = " ".join(str(m) for m in self.game.move_stack)
        return f"after {moves}" if moves else "at the start"

    def winner_to_move(self) -> None:
        game = self.game
        images = self.symmetries.images(key_text(game.cells()))
        key = min(images)  # (the same for every image of the position)
        if key in self.used:
            return
        found = ((s, self.listed.get(key_words(image))) for s, image in enumerate(images))
        sym, said = next(((s, n) for s, n in found if n is not None), (None, 0))
        if sym is None:
            raise refusal(
                f"gap: the position {self.where()} ({self.winner} to move) is not listed "
                f"(key {key_text(game.cells())})"
            )
        self.used.add(key)
        self._report()
        number = said & LINE_MASK
        move = Place(game.lattice.point(self.symmetries.inverse[sym][said >> LINE_BITS]))
        reason = game.why_illegal(move)
        if reason is not None:
            raise refusal(f"line {number}: the move {move} {self.where()} is illegal: {reason}")
        game.push(move)
        try:
            outcome = game.outcome()
            if outcome is not None:
                if outcome.winner != self.winner:
                    raise refusal(f"line {number}: {describe_result(game)} {self.where()}")
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
                    raise refusal(
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
        raise refusal(f"the position is already over: {describe_result(game)}")
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


def _refuse_declared(declared: int, header: int, game: Partition, winner: str) -> None:
    """Refuse a file that says it holds more than its ``header``'s bytes and the most any
    proof of its position takes (:func:`text_bound`), before its lines are read."""
    bound = text_bound(game, winner)
    if declared > header + bound:
        raise refusal(
            f"{size_words(declared)} decompressed (its gzip trailer says), over the "
            f"{size_words(bound)} any proof of this base-{game.lattice.n} position takes; "
            "no line below the header is read"
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
        raise refusal(f"{os.fspath(path)}: does not check: {exc}") from None
    finally:
        lines.close()  # (the file, when a line was refused before its end)
