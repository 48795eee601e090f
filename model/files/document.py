"""Position files (``*.pyr.json``, format ``pyramid-lab/1``): the documents, read strictly
(the whole document checked, keys, pieces, the rules' own validation, the history
replay, before a game is returned; every problem a :class:`PositionFormatError` naming the
key and the reason) and written atomically (:mod:`.saving`)."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import M_

from ..errors import SaidError, not_a_bool, not_a_player
from ..game import (
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
from ..setup import (
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
    from ..review import GameReview
from .reading import (
    MAX_FILE_BYTES,
    SUFFIX,
    Fingerprint,
    loads_json,
    not_finite,
    not_read_back,
    read_fingerprinted,
)
from .saving import save_bytes

FORMAT = "pyramid-lab/1"
#: The keys a position file may have.
KEYS = {
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


def _read_lesson(raw: Any, cls: type[Game]) -> Lesson:
    if not isinstance(raw, dict):
        raise PositionFormatError(
            "lesson", M_('must be an object: {"caption": ..., "overlays": ...}')
        )
    check_keys(raw, ("caption", "overlays"), where="lesson")
    caption = raw.get("caption")
    if not isinstance(caption, str) or not caption.strip():
        raise PositionFormatError("lesson.caption", M_("must be a non-empty text"))
    return Lesson(caption, read_overlays(raw.get("overlays", {}), cls, "lesson.overlays"))


def read_overlays(overlays: Any, cls: type[Game], key: str) -> dict[str, Any]:
    """A lesson's overlays checked against the game's ``lesson_overlays``: the ones on, by
    name (PositionFormatError under ``key`` otherwise)."""
    if not isinstance(overlays, dict):
        raise PositionFormatError(key, M_("must be an object"))
    from ..teaching import teaching_for

    specs = {spec.name: spec for spec in teaching_for(cls).lesson_overlays}
    values: dict[str, Any] = {}
    for name, value in overlays.items():
        where = f"{key}.{name}"
        spec = specs.get(name)
        if spec is None:
            raise PositionFormatError(
                where,
                M_("unknown overlay; {game} has {known}", game=cls.title, known=", ".join(specs))
                if specs
                else M_("unknown overlay; {game} has none", game=cls.title),
            )
        if not spec.choices and not isinstance(value, bool):
            raise PositionFormatError(where, not_a_bool(value))
        if spec.choices and value is not None and value not in spec.choices:
            raise PositionFormatError(
                where,
                M_(
                    "must be one of {choices} or null, not {value}",
                    choices=", ".join(spec.choices),
                    value=quote(value),
                ),
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
        raise PositionFormatError("", M_("lists or objects nested too deeply")) from None


def document_game(raw: Mapping[str, Any], format: str) -> type[Game]:
    """The game a document (its object ``raw``, of the format ``format``) is for: its
    ``format`` and ``game`` checked (PositionFormatError naming the key)."""
    if raw["format"] != format:
        raise PositionFormatError(
            "format",
            M_("must be {format}, not {value}", format=repr(format), value=quote(raw["format"])),
        )
    if not isinstance(raw["game"], str):
        raise PositionFormatError("game", M_("must be a game name (a string)"))
    try:
        return game_class(raw["game"])
    except KeyError as exc:
        raise PositionFormatError("game", str(exc.args[0])) from None


def from_json(raw: Any) -> PositionDocument:
    """The document of a position file's JSON value, checked whole (PositionFormatError
    naming the key at fault)."""
    cls = _document_class(raw)
    if not isinstance(raw["options"], dict):
        raise PositionFormatError("options", M_("must be a JSON object (may be empty: {})"))
    options = cls.parse_options(raw["options"])
    to_move = raw["to_move"]
    if to_move not in cls.players:
        raise PositionFormatError("to_move", not_a_player(cls.players, to_move))
    pieces = _read_pieces(raw["pieces"], cls)
    history = raw.get("history", [])
    if not isinstance(history, list) or not all(isinstance(m, str) for m in history):
        raise PositionFormatError("history", M_("must be a list of moves written as strings"))
    start = raw.get("start")
    if start not in (None, "pieces"):
        raise PositionFormatError(
            "start", M_("the only value is 'pieces', not {value}", value=quote(start))
        )
    study = raw.get("study", False)
    if not isinstance(study, bool):
        raise PositionFormatError("study", not_a_bool(study))
    puzzle = raw.get("puzzle", {})
    if not isinstance(puzzle, dict):
        raise PositionFormatError("puzzle", M_("must be an object: title, notes, goal, solution"))
    lesson = _read_lesson(raw["lesson"], cls) if "lesson" in raw else None
    state = raw.get("state")
    if state is not None and not isinstance(state, dict):
        raise PositionFormatError("state", M_("must be a JSON object"))
    if study and history and start != "pieces":
        raise PositionFormatError(
            "study", M_('a study\'s history must start from its pieces (add "start": "pieces")')
        )
    setup = (options, to_move, pieces, state, study)
    game = _replayed(cls, setup, history) if start != "pieces" and history else None
    if game is None:
        game = _set_up(cls, setup)
        replay(game, history)
    return _with_extras(raw, game, puzzle, lesson)


def _document_class(raw: Any) -> type[Game]:
    """The game of a position file's JSON value, its format and keys checked."""
    if not isinstance(raw, dict):
        raise PositionFormatError("", M_("a position file must hold one JSON object"))
    kind = raw.get("format")
    other = OTHER_DOCUMENTS.get(kind) if isinstance(kind, str) else None
    if other is not None:
        raise PositionFormatError("format", other)
    if raw.get("format") == FORMAT and isinstance(raw.get("game"), str):
        document_game(raw, FORMAT)  # an unknown game is said before what it would need
    check_keys(raw, KEYS, required=_REQUIRED)
    return document_game(raw, FORMAT)


#: A file's set-up: options, side to move, pieces, state (or None) and whether a study.
_Setup = tuple[Any, str, list[Piece], "dict[str, Any] | None", bool]


def _set_up(cls: type[Game], setup: _Setup) -> Game:
    options, to_move, pieces, state, study = setup
    if state is None:
        return cls.from_setup(options, to_move, pieces, study=study)
    return from_setup_state(cls, options, to_move, pieces, state, study=study)


def _replayed(cls: type[Game], setup: _Setup, history: list[str]) -> Game:
    """The game of a history from the start, which must give the file's position."""
    options, to_move, pieces, state, _study = setup
    game = cls.new(options)
    replay(game, history)
    if (
        _piece_set(game.pieces()) != _piece_set(pieces)
        or game.to_move != to_move
        or (state is not None and file_state(game) != state)
    ):
        raise PositionFormatError(
            "history",
            "replaying it from the start does not give the position in 'pieces' and "
            "'to_move' (add \"start\": \"pieces\" if the history starts from 'pieces')",
        )
    return game


def _with_extras(
    raw: dict[str, Any], game: Game, puzzle: dict[str, Any], lesson: Lesson | None
) -> PositionDocument:
    """The document: the game with its variations, puzzle and review read at it."""
    variations = _read_variations(raw.get("variations", []), game)
    if puzzle:  # (an empty one is checked already)
        from ..puzzle import check_puzzle

        puzzle = check_puzzle(puzzle, game)  # at the position: its solution must replay there
    review = None
    if "review" in raw:
        from ..review import read_review

        review = read_review(raw["review"], game)
    return PositionDocument(game, puzzle, lesson, variations, review)


def _read_variations(raw: Any, game: Game) -> list[list[Move]]:
    """Each line replayed from the start of the history, on a copy of the game."""
    if not isinstance(raw, list) or not all(
        isinstance(line, list) and line and all(isinstance(m, str) for m in line) for line in raw
    ):
        raise PositionFormatError(
            "variations", M_("must be a list of lines, each a non-empty list of moves as strings")
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
        raise PositionFormatError("pieces", M_("must be a list"))
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
            raise PositionFormatError(
                key, M_("must be [{shape}], not {value}", shape=shape, value=json.dumps(entry))
            )
        coords = tuple(entry[:n])
        if coords in seen:
            raise PositionFormatError(
                key,
                M_(
                    "{point} is also given as {key}",
                    point=str(list(coords)),
                    key="pieces[" + str(seen[coords]) + "]",
                ),
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
    data, read_as = read_fingerprinted(source, MAX_FILE_BYTES, "position file")
    try:
        doc = loads(data)
    except PositionFormatError as exc:
        raise exc.with_source(source) from None
    doc.fingerprint = read_as
    return doc


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
    could have planted it (:func:`model.save_links.checked_place`: UnsafeLinkError); a
    document holding inf or nan is refused (ValueError): no reader would take it back."""
    try:
        data = dumps(game, puzzle, lesson, variations, review).encode("utf-8")
    except ValueError:  # json's "Out of range float values": inf or nan somewhere
        raise SaidError(not_finite(os.fsdecode(path))) from None
    if len(data) > MAX_FILE_BYTES:
        raise OSError(errno.EFBIG, not_read_back(len(data)))
    return save_bytes(path, data, read=read, beside=beside, suffix=SUFFIX)
