"""Position files (``*.pyr.json``, format ``pyramid-lab/1``): strict reading, atomic saving.

Reading never half-loads: the whole document is checked (keys, pieces, the rules' own
validation, the history replay) before a game is returned, and every problem raises
:class:`PositionFormatError` naming the key and the reason.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import math
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from .game import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Piece,
    PositionFormatError,
    check_keys,
    game_class,
    not_replayed,
    quote,
)
from .save_links import check_links
from .setup import (
    file_state,
    from_setup_state,
    replay_text,
    setup_position,
    setup_state,
    start_copy,
    started_from_setup,
)

if TYPE_CHECKING:  # (a position's reading imports the puzzle, review and teaching
    # modules when a file has them: a book answer's start-up needs none)
    from .review import GameReview

FORMAT = "pyramid-lab/1"
SUFFIX = ".pyr.json"
_KEYS = {
    "format",
    "game",
    "options",
    "to_move",
    "pieces",
    "history",
    "start",
    "study",
    "puzzle",
    "lesson",
    "variations",
    "state",
    "review",
}
_REQUIRED = ("format", "game", "options", "to_move", "pieces")

#: The formats of the app's other documents (model.lesson.FORMAT and
#: model.collection.INDEX_FORMAT are these: those modules import this one).
LESSON_FORMAT = "pyramid-lab-lesson/1"
COLLECTION_FORMAT = "pyramid-lab-collection/1"
#: Other documents of the app by their ``format``: what a position file's reader says of
#: one given to it instead.
OTHER_DOCUMENTS = {
    LESSON_FORMAT: (
        "this is a lesson file, not a position file: 'pyramid-lab open FILE' opens it "
        "(the window), 'pyramid-lab lesson check FILE' checks it"
    ),
    COLLECTION_FORMAT: (
        "this is a puzzle collection's index, not a position file: 'pyramid-lab practice "
        "FOLDER' plays its puzzles, 'pyramid-lab puzzles FOLDER' lists them"
    ),
}

#: Largest position file read: a full base-50 Partition pyramid with its whole game in the
#: history is about 1.6 MB, so 4 MiB leaves room for texts and is read in a blink.
MAX_FILE_BYTES = 4 * 1024 * 1024


def _too_big(size: int, limit: int = MAX_FILE_BYTES, what: str = "position file") -> str:
    return f"too big: {size:,} bytes (a {what} is at most {limit:,} bytes, {_mib(limit)})"


def _mib(size: int) -> str:
    return f"{size / 2**20:g} MiB"


@dataclass(frozen=True)
class Lesson:
    """A teaching page: a caption shown beside the position, and the overlays to show
    (names and values from the game's ``lesson_overlays``, e.g. ``{"walls": True}``)."""

    caption: str
    overlays: Mapping[str, Any] = field(default_factory=dict)
    #: A lesson step's highlighted points (a position file's coordinates), drawn in magenta
    #: as the window's Lesson dock draws them; not written (a position file has none).
    highlights: tuple[tuple[int, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"caption": self.caption, "overlays": dict(self.overlays)}


@dataclass
class PositionDocument:
    """A loaded file: the game (with its history on the move stack), puzzle texts and the
    lesson it teaches, if any."""

    game: Game
    puzzle: dict[str, Any] = field(default_factory=dict)  # see model.puzzle
    lesson: Lesson | None = None
    variations: list[list[Move]] = field(default_factory=list)  # other lines, from the start
    review: GameReview | None = None  # the review of a line from the start (model.review)
    # The file as it was read (None: not read from a file): a save over it checks it first.
    fingerprint: Fingerprint | None = None


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
            data = _read_regular_file(os.fspath(path), max(self.size, 1), "file")
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


def _read_lesson(raw: Any, cls: type[Game]) -> Lesson:
    if not isinstance(raw, dict):
        raise PositionFormatError("lesson", 'must be an object: {"caption": ..., "overlays": ...}')
    check_keys(raw, ("caption", "overlays"), where="lesson")
    caption = raw.get("caption")
    if not isinstance(caption, str) or not caption.strip():
        raise PositionFormatError("lesson.caption", "must be a non-empty text")
    return Lesson(caption, read_overlays(raw.get("overlays", {}), cls, "lesson.overlays"))


def read_overlays(overlays: Any, cls: type[Game], key: str) -> dict[str, Any]:
    """A lesson's overlays checked against the game's ``lesson_overlays``: the ones on, by
    name (PositionFormatError under ``key`` otherwise)."""
    if not isinstance(overlays, dict):
        raise PositionFormatError(key, "must be an object")
    from .teaching import teaching_for

    specs = {spec.name: spec for spec in teaching_for(cls).lesson_overlays}
    values: dict[str, Any] = {}
    for name, value in overlays.items():
        where = f"{key}.{name}"
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(specs) if specs else "none"
            raise PositionFormatError(where, f"unknown overlay; {cls.title} has {known}")
        if not spec.choices and not isinstance(value, bool):
            raise PositionFormatError(where, f"must be true or false, not {quote(value)}")
        if spec.choices and value is not None and value not in spec.choices:
            raise PositionFormatError(
                where, f"must be one of {', '.join(spec.choices)} or null, not {quote(value)}"
            )
        if value not in (False, None):
            values[name] = value
    return values


def loads(text: str | bytes) -> PositionDocument:
    """Parse a position document (PositionFormatError on anything malformed, whatever it is:
    bad bytes, bad JSON, nesting or numbers beyond reason, a document over the size cap)."""
    raw = loads_json(text)
    try:
        return from_json(raw)
    except RecursionError:  # a check that walks a value nested far beyond the format's
        raise PositionFormatError("", "lists or objects nested too deeply") from None


def loads_json(
    text: str | bytes, max_bytes: int = MAX_FILE_BYTES, what: str = "position file"
) -> Any:
    """The JSON value of ``text`` read with the limits of position files: at most
    ``max_bytes``, UTF-8, integers of at most a hundred digits, no NaN or Infinity, no key
    twice in an object, no nesting beyond the decoder's stack. PositionFormatError (naming
    no key) on anything else."""
    if len(text) > max_bytes:
        raise PositionFormatError("", _too_big(len(text), max_bytes, what))
    if not text.strip():
        raise PositionFormatError(
            "", "the file is empty" if not text else "the file is empty (only white space)"
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
        raise PositionFormatError("", f"not UTF-8 text ({exc.reason})") from None
    except json.JSONDecodeError as exc:
        raise PositionFormatError(
            "",
            f"not valid JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno}, "
            f"column {exc.colno}",
        ) from None
    except RecursionError:
        # Only nesting far beyond the format's (a position file is at most four levels
        # deep) gets here: the decoder ran out of stack.
        raise PositionFormatError("", "lists or objects nested too deeply") from None


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
            "", f"a number of {digits} digits (at most {_MAX_INT_DIGITS} are read)"
        )
    return int(literal)


def _parse_float(literal: str) -> float:
    """A number with a fraction or an exponent; one beyond any float (``1e400``, which
    Python would read as infinity, and no save could write back) is refused."""
    value = float(literal)
    if not math.isfinite(value):
        shown = literal if len(literal) <= 20 else f"{literal[:20]}..."
        raise PositionFormatError("", f"the number {shown} is too big to read (beyond any float)")
    return value


def _reject_constant(name: str) -> Any:
    raise PositionFormatError("", f"not valid JSON: {name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object, refusing a key given twice (JSON would silently keep only the last)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise PositionFormatError("", f"the key {quote(key)} is given twice in one object")
            seen.add(key)
    return obj


def document_game(raw: Mapping[str, Any], format: str) -> type[Game]:
    """The game a document (its object ``raw``, of the format ``format``) is for: its
    ``format`` and ``game`` checked (PositionFormatError naming the key)."""
    if raw["format"] != format:
        raise PositionFormatError("format", f"must be {format!r}, not {quote(raw['format'])}")
    if not isinstance(raw["game"], str):
        raise PositionFormatError("game", "must be a game name (a string)")
    try:
        return game_class(raw["game"])
    except KeyError as exc:
        raise PositionFormatError("game", str(exc.args[0])) from None


def from_json(raw: Any) -> PositionDocument:
    if not isinstance(raw, dict):
        raise PositionFormatError("", "a position file must hold one JSON object")
    kind = raw.get("format")
    other = OTHER_DOCUMENTS.get(kind) if isinstance(kind, str) else None
    if other is not None:
        raise PositionFormatError("format", other)
    if raw.get("format") == FORMAT and isinstance(raw.get("game"), str):
        document_game(raw, FORMAT)  # an unknown game is said before what it would need
    check_keys(raw, _KEYS, required=_REQUIRED)
    cls = document_game(raw, FORMAT)
    if not isinstance(raw["options"], dict):
        raise PositionFormatError("options", "must be a JSON object (may be empty: {})")
    options = cls.parse_options(raw["options"])
    to_move = raw["to_move"]
    if to_move not in cls.players:
        raise PositionFormatError(
            "to_move", f"must be {' or '.join(map(repr, cls.players))}, not {quote(to_move)}"
        )
    pieces = _read_pieces(raw["pieces"], cls)
    history = raw.get("history", [])
    if not isinstance(history, list) or not all(isinstance(m, str) for m in history):
        raise PositionFormatError("history", "must be a list of moves written as strings")
    start = raw.get("start")
    if start not in (None, "pieces"):
        raise PositionFormatError("start", f"the only value is 'pieces', not {quote(start)}")
    study = raw.get("study", False)
    if not isinstance(study, bool):
        raise PositionFormatError("study", f"must be true or false, not {quote(study)}")
    puzzle = raw.get("puzzle", {})
    if not isinstance(puzzle, dict):
        raise PositionFormatError("puzzle", "must be an object: title, notes, goal, solution")

    lesson = _read_lesson(raw["lesson"], cls) if "lesson" in raw else None
    state = raw.get("state")
    if state is not None and not isinstance(state, dict):
        raise PositionFormatError("state", "must be a JSON object")

    if study and history and start != "pieces":
        raise PositionFormatError(
            "study", 'a study\'s history must start from its pieces (add "start": "pieces")'
        )
    if history and start != "pieces":
        game = cls.new(options)
        replay(game, history)
        replayed = _piece_set(game.pieces())
        if (
            replayed != _piece_set(pieces)
            or game.to_move != to_move
            or (state is not None and file_state(game) != state)
        ):
            raise PositionFormatError(
                "history",
                "replaying it from the start does not give the position in 'pieces' and "
                "'to_move' (add \"start\": \"pieces\" if the history starts from 'pieces')",
            )
    else:
        if state is None:
            game = cls.from_setup(options, to_move, pieces, study=study)
        else:
            game = from_setup_state(cls, options, to_move, pieces, state, study=study)
        replay(game, history)
    variations = _read_variations(raw.get("variations", []), game)
    if puzzle:  # (an empty one is checked already)
        from .puzzle import check_puzzle

        puzzle = check_puzzle(puzzle, game)  # at the position: its solution must replay there
    review = None
    if "review" in raw:
        from .review import read_review

        review = read_review(raw["review"], game)
    return PositionDocument(game, puzzle, lesson, variations, review)


def _read_variations(raw: Any, game: Game) -> list[list[Move]]:
    """Each line replayed from the start of the history, on a copy of the game."""
    if not isinstance(raw, list) or not all(
        isinstance(line, list) and line and all(isinstance(m, str) for m in line) for line in raw
    ):
        raise PositionFormatError(
            "variations", "must be a list of lines, each a non-empty list of moves as strings"
        )
    start = start_copy(game)
    lines = []
    for index, line in enumerate(raw):
        replayed = start.copy()
        replay(replayed, line, f"variations[{index}]")
        lines.append(list(replayed.move_stack))
    return lines


def _read_pieces(raw: Any, cls: type[Game]) -> list[Piece]:
    if not isinstance(raw, list):
        raise PositionFormatError("pieces", "must be a list")
    n = cls.coordinate_count
    pieces: list[Piece] = []
    seen: dict[tuple[int, ...], int] = {}
    for index, entry in enumerate(raw):
        key = f"pieces[{index}]"
        if (
            not isinstance(entry, list)
            or len(entry) != n + 1
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in entry[:n])
            or not isinstance(entry[n], str)
        ):
            shape = ", ".join(["int"] * n + ["colour"])
            raise PositionFormatError(key, f"must be [{shape}], not {json.dumps(entry)}")
        coords = tuple(entry[:n])
        if coords in seen:
            raise PositionFormatError(
                key, f"{list(coords)} is also given as pieces[{seen[coords]}]"
            )
        seen[coords] = index
        pieces.append((coords, entry[n]))
    return pieces


def replay(game: Game, history: list[str], key: str = "history") -> None:
    """Play a document's moves (texts, found at ``key``) on ``game``: PositionFormatError
    naming the first that does not replay."""
    for index, text in enumerate(history):
        try:
            replay_text(game, text)
        except (InvalidMoveError, IllegalMoveError) as exc:
            raise PositionFormatError(f"{key}[{index}]", not_replayed(text, exc)) from None


def _piece_set(pieces: list[Piece]) -> set[Piece]:
    return {(tuple(c), colour) for c, colour in pieces}


def to_json(
    game: Game,
    puzzle: Mapping[str, Any] | None = None,
    lesson: Lesson | None = None,
    variations: Sequence[Sequence[Move | str]] = (),
    review: GameReview | None = None,
) -> dict[str, Any]:
    """The document for ``game``: the current pieces, and the moves played as history;
    ``variations`` are the other lines explored, each from the start of the history."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "options": game.options.to_json(),
        "to_move": game.to_move,
    }
    history = [str(m) for m in game.move_stack]
    if history and started_from_setup(game):
        # The history is replayed onto 'pieces', so 'pieces' holds the set-up it starts from.
        to_move, pieces = setup_position(game)
        doc["to_move"] = to_move
        doc["start"] = "pieces"
        state = setup_state(game)
    else:
        pieces = game.pieces()
        state = file_state(game)
    if state is not None:
        doc["state"] = state
    doc["pieces"] = [[*coords, colour] for coords, colour in sorted(pieces)]
    doc["history"] = history
    if game.study:
        doc["study"] = True
    if puzzle:
        doc["puzzle"] = dict(puzzle)
    if lesson is not None:
        doc["lesson"] = lesson.to_json()
    if variations:
        doc["variations"] = [[str(m) for m in line] for line in variations]
    if review is not None:
        doc["review"] = review.to_json()
    return doc


def dumps(
    game: Game,
    puzzle: Mapping[str, Any] | None = None,
    lesson: Lesson | None = None,
    variations: Sequence[Sequence[Move | str]] = (),
    review: GameReview | None = None,
) -> str:
    doc = to_json(game, puzzle, lesson, variations, review)
    pieces = doc.pop("pieces")
    history = doc.pop("history")
    lines = doc.pop("variations", None)
    reviewed = doc.pop("review", None)
    # One piece per line (and one variation per line) keeps files readable and diffable.
    text = json.dumps(doc, indent=2, allow_nan=False)[:-2]
    text += ',\n  "pieces": [' + ",".join("\n    " + _strict(p) for p in pieces)
    text += "\n  ]" if pieces else "]"
    text += ',\n  "history": ' + _strict(history)
    if lines:
        text += ',\n  "variations": [' + ",".join("\n    " + _strict(v) for v in lines)
        text += "\n  ]"
    if reviewed is not None:  # one judged move per line
        moves = reviewed.pop("moves")
        head = _strict(reviewed)[:-1]
        text += ',\n  "review": ' + head + (", " if reviewed else "") + '"moves": ['
        text += ",".join("\n    " + _strict(m) for m in moves)
        text += "\n  ]}" if moves else "]}"
    return text + "\n}\n"


def _strict(value: Any) -> str:
    """JSON of ``value``; ValueError for inf or nan, which no reader of JSON takes."""
    return json.dumps(value, allow_nan=False)


def read(path: str | os.PathLike[str]) -> PositionDocument:
    """Load a position file; PositionFormatError (naming the file) on any problem. The
    document carries the file's :class:`Fingerprint`, for a save over it to check."""
    source = os.fspath(path)
    data, info = _read_limited(source, MAX_FILE_BYTES, "position file")
    try:
        doc = loads(data)
    except PositionFormatError as exc:
        raise exc.with_source(source) from None
    doc.fingerprint = Fingerprint.of(data, info)
    return doc


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
        raise PositionFormatError("", exc.strerror or str(exc), source=source) from None
    except ValueError as exc:  # e.g. a NUL character in the name
        raise PositionFormatError("", f"cannot open: {exc}", source=source) from None


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
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((kind for test, kind in kinds if test(mode)), "not a regular file")


def _read_regular_file(path: str, max_bytes: int, what: str) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (:func:`_read_regular`)."""
    return _read_regular(path, max_bytes, what)[0]


def _read_regular(path: str, max_bytes: int, what: str) -> tuple[bytes, os.stat_result]:
    """The bytes, and the file's status as they were read, of a regular file of at most
    ``max_bytes``. Anything else (a directory, a FIFO, a device such as /dev/zero) is
    refused before a byte is read; the file is opened non-blocking, so a FIFO swapped in
    after the first look cannot hang the read either."""

    def check(info: os.stat_result) -> None:
        if not stat.S_ISREG(info.st_mode):
            raise PositionFormatError("", f"{file_kind(info.st_mode)}, not a {what}")
        if info.st_size > max_bytes:
            raise PositionFormatError("", _too_big(info.st_size, max_bytes, what))

    check(os.stat(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        check(info)
        data = handle.read(max_bytes + 1)  # the file may have grown since fstat
    if len(data) > max_bytes:
        raise PositionFormatError("", _too_big(len(data), max_bytes, what))
    return data, info


def write(
    path: str | os.PathLike[str],
    game: Game,
    puzzle: Mapping[str, Any] | None = None,
    lesson: Lesson | None = None,
    variations: Sequence[Sequence[Move | str]] = (),
    review: GameReview | None = None,
    *,
    read: Fingerprint | None = None,
    beside: bool = False,
) -> tuple[Path, Fingerprint]:
    """Save atomically: write a temporary file beside the target, then rename it over.
    A document too big to be read back is refused (OSError EFBIG) and nothing is written.
    ``review`` is the review of a line from the start (``model.review``). ``read`` and
    ``beside`` are :func:`save_bytes`'s; the path written and its fingerprint are returned.
    A symbolic link is followed only to a position file's name, and only where no one else
    could have planted it (:func:`model.save_links.check_links`: UnsafeLinkError); a
    document holding inf or nan is refused (ValueError): no reader would take it back."""
    check_links(path, SUFFIX)
    try:
        data = dumps(game, puzzle, lesson, variations, review).encode("utf-8")
    except ValueError:  # json's "Out of range float values": inf or nan somewhere
        raise ValueError(
            f"{os.fsdecode(path)}: not saved: the document holds a number that is not finite "
            "(inf or nan), which no position file can hold"
        ) from None
    if len(data) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES
        raise OSError(
            errno.EFBIG, f"not saved, it could not be read back: {_too_big(len(data), limit)}"
        )
    return save_bytes(path, data, read=read, beside=beside)


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically: the target holds the old text or the new."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    read: Fingerprint | None = None,
    beside: bool = False,
) -> Path:
    """Replace the file at ``path`` by ``data`` atomically, and return the path written
    (:func:`save_bytes`)."""
    return save_bytes(path, data, read=read, beside=beside)[0]


def save_bytes(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    read: Fingerprint | None = None,
    beside: bool = False,
) -> tuple[Path, Fingerprint]:
    """Replace the file at ``path`` by ``data`` atomically; return the path written and
    its :class:`Fingerprint` (for the next save over it).

    A save never replaces what it did not read: given ``read`` (the fingerprint of the file
    as it was read), a file that changed since is left as it is, and the bytes go beside it
    (``NAME (2).EXT``, the first free name, when ``beside``) or FileChangedError is raised.
    A read-only file (no write permission bit, or none for this user) is never replaced:
    ReadOnlyError. (The check and the rename are two steps: a save landing between them,
    a few microseconds, is not seen.)

    The bytes go to a temporary file beside the target (``.NAME.PID-XXXXXXXX.tmp``), are
    flushed to disk, and the temporary file is renamed over the target, so the target holds
    the old content or the new, never a mix. A symbolic link is written through (its target
    is replaced, the link stays); an existing file keeps its permission bits, a new one gets
    the usual ``0666 & ~umask``. Temporary files that a killed save left beside the same
    target are removed first; this save's own is removed on any error. OSError when the
    target is not a regular file or cannot be written.
    """
    digest = hashlib.sha256(data).hexdigest()

    def fill(tmp: str, out: BinaryIO) -> str:
        out.write(data)
        return digest

    return save_file(path, fill, read=read, beside=beside, size=len(data))


def save_file(
    path: str | os.PathLike[str],
    fill: Callable[[str, BinaryIO], str | None],
    *,
    read: Fingerprint | None = None,
    beside: bool = False,
    size: int | None = None,
) -> tuple[Path, Fingerprint]:
    """:func:`save_bytes` for a file too big to hold in memory (a long animation):
    ``fill(tmp, out)`` writes it, through ``out`` (the temporary file, open for binary
    writing) or by its name ``tmp`` (as a video encoder does), and returns the SHA-256 of
    what it wrote if it knows it (None: the file is read back, a block at a time, for it).
    Everything else is :func:`save_bytes`'s: the checks, the rename, the fingerprint; a file
    of other than ``size`` bytes (when given) is an error, never a success."""
    target = Path(os.path.realpath(path))
    folder = target.parent
    started = time.time()
    info = _existing_target(target, path)
    if info is not None:
        _check_replaceable(target, info, path)
        if read is not None and not read.matches(target):
            if not beside:
                raise FileChangedError(
                    errno.EEXIST, "changed on disk since it was read: not replaced", os.fspath(path)
                )
            target = free_name_beside(target)
            info = None
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    stem = _temp_stem(target.name)
    _remove_stale_temps(folder, stem, started)  # first: the save may fail (a full disk)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{stem}.{os.getpid()}-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise _naming(exc, path) from None
    try:
        with os.fdopen(fd, "wb") as out:
            digest = fill(tmp, out)
            if not out.closed:  # (a writer by name may close it first)
                out.flush()
        with open(tmp, "rb") as done:  # by name: ``fill`` may have written it so
            fd = done.fileno()
            if digest is None:
                digest = _digest_of(done)
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            if info is not None and hasattr(os, "fchown"):
                with contextlib.suppress(OSError):  # only root may give a file away
                    os.fchown(fd, info.st_uid, info.st_gid)
            os.fsync(fd)
            written = os.fstat(fd)
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and exc.filename in (None, tmp, os.fspath(folder)):
            raise _naming(exc, path) from None
        raise
    _fsync_folder(folder)
    _check_written(target, written, written.st_size if size is None else size, path)
    return target, Fingerprint(written.st_size, written.st_mtime_ns, digest)


def _naming(exc: OSError, path: str | os.PathLike[str]) -> OSError:
    """``exc`` (of the temporary file, or its folder) said of the file the user named: the
    same kind of error (errno picks the subclass), the same reason."""
    return OSError(exc.errno, exc.strerror or str(exc), os.fspath(path))


def _digest_of(handle: BinaryIO) -> str:
    digest = hashlib.sha256()
    for block in iter(lambda: handle.read(1 << 20), b""):
        digest.update(block)
    return digest.hexdigest()


def _check_replaceable(target: Path, info: os.stat_result, path: str | os.PathLike[str]) -> None:
    """ReadOnlyError when the file a save would replace is read-only: its permission bits
    give no one write access (root included, as editors do), or this user cannot write it.
    The rename needs only the folder's permission, so this is asked here."""
    if stat.S_IMODE(info.st_mode) & 0o222 == 0 or not os.access(target, os.W_OK):
        raise ReadOnlyError(
            errno.EACCES,
            "the file is read-only: not replaced (save it under another name)",
            os.fspath(path),
        )


def free_name_beside(target: Path) -> Path:
    """The first free name beside ``target`` for a copy: ``game (2).pyr.json``, ``(3)``..."""
    name = target.name
    suffix = next((s for s in (SUFFIX, ".lesson.json") if name.endswith(s)), target.suffix)
    stem = name[: len(name) - len(suffix)] if suffix else name
    stem = re.sub(r" \(\d+\)$", "", stem)
    for number in range(2, 10_000):
        candidate = target.with_name(f"{stem} ({number}){suffix}")
        if not os.path.lexists(candidate):
            return candidate
    raise FileExistsError(errno.EEXIST, "no free name beside it", os.fspath(target))


def _existing_target(target: Path, path: str | os.PathLike[str]) -> os.stat_result | None:
    """The file a save replaces (None when there is none yet); OSError when it is not a
    regular file (a folder, a device, a FIFO)."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        raise OSError(
            errno.EISDIR if stat.S_ISDIR(info.st_mode) else errno.EINVAL,
            f"{file_kind(info.st_mode)}, not a file to save to",
            os.fspath(path),
        )
    return info


def _check_written(
    target: Path, written: os.stat_result, size: int, path: str | os.PathLike[str]
) -> None:
    """OSError unless ``target`` is now the file just written, whole: a success is never
    claimed for bytes that did not land (a file system that drops them, a rename lost)."""
    try:
        now = os.stat(target)
    except OSError as exc:
        raise OSError(
            errno.EIO,
            f"not written: it is not there after saving ({exc.strerror})",
            os.fspath(path),
        ) from None
    if (now.st_dev, now.st_ino) != (written.st_dev, written.st_ino) or now.st_size != size:
        raise OSError(
            errno.EIO,
            f"not written as it should be: {now.st_size:,} bytes there, {size:,} saved",
            os.fspath(path),
        )


def check_writable(path: str | os.PathLike[str]) -> Path:
    """The file :func:`write_bytes` would replace for ``path``, checked before any work by
    making (and removing) a temporary file beside it; OSError when it cannot be written
    (a read-only file, a missing or read-only folder, a folder or device in the way, a file
    system such as /proc that takes no new files)."""
    target = Path(os.path.realpath(path))
    info = _existing_target(target, path)
    if info is not None:
        _check_replaceable(target, info, path)
    stem = _temp_stem(target.name)
    fd, tmp = tempfile.mkstemp(prefix=f".{stem}.{os.getpid()}-", suffix=".tmp", dir=target.parent)
    os.close(fd)
    os.unlink(tmp)
    return target


def remove_stale_temps(path: str | os.PathLike[str]) -> None:
    """Remove the temporary files that killed saves of ``path`` left beside it (see
    :func:`write_bytes`); the window does it when it opens a file. Never raises."""
    try:
        target = Path(os.path.realpath(path))
    except (OSError, ValueError):
        return
    _remove_stale_temps(target.parent, _temp_stem(target.name), time.time())


def _temp_stem(name: str) -> str:
    """The target's name as it appears in its temporary files (shortened when it is so long
    that ``.NAME.PID-XXXXXXXX.tmp`` would pass the 255-byte limit on a name)."""
    return name if len(os.fsencode(name)) <= 200 else name[:40]


def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # no other way to read it; set it straight back
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


#: A temporary file is stale when its writer is gone; failing that, after this many seconds.
_STALE_AFTER = 24 * 3600


def _remove_stale_temps(folder: Path, stem: str, started: float) -> None:
    """Remove the temporary files that killed saves of the same target left behind: those
    whose writing process no longer runs, and old-style ones (``.NAME.XXXXXXXX.tmp``, no
    process id) from before this save began. A save in progress elsewhere is left alone."""
    pattern = re.compile(rf"\.{re.escape(stem)}\.(?:(\d+)-)?[a-z0-9_]{{8}}\.tmp")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None:
            continue
        try:
            modified = entry.stat(follow_symlinks=False).st_mtime
            pid = match.group(1)
            if pid is None:
                stale = modified < started
            else:
                stale = modified < started - _STALE_AFTER or not _running(int(pid))
            if stale:
                os.unlink(entry.path)
        except OSError:
            continue


def _running(pid: int) -> bool:
    """Whether a process with this id runs on this machine (True when it cannot be told)."""
    if pid == os.getpid() or os.name != "posix":  # another thread of ours may be saving
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # e.g. PermissionError: it runs, as another user
    return True
