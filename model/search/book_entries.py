"""A book's entries and its file, for :class:`model.search.value_book.ValueBook`: one
proven position (:class:`BookEntry`: its pieces, side to move, rule options, value, the
winner's plies, what the proof cost) and a book of them read, looked up and written
(:class:`Book`). Names no game."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_

from ..game import Game, PositionFormatError, game_class, quote
from .book import check_verdict, read_book, verdict_fields, verdict_json, write_book
from .symmetry import position_key as plain_key

FORMAT = "pyramid-lab/book/1"
#: An older format's raw entry (and where it stands, for messages) in the current shape.
Upgrade = Callable[[Any, str], Any]


def _rule_options(options: Any, rules: Collection[str] | None) -> dict[str, Any]:
    """The rule options a value depends on, as files write them (``rules``: their names;
    None: all of them)."""
    written: dict[str, Any] = options.to_json()
    return written if rules is None else {k: v for k, v in written.items() if k in rules}


def rules_key(options: Any, rules: Collection[str] | None) -> str:
    return json.dumps(_rule_options(options, rules), sort_keys=True)


@dataclass(frozen=True, slots=True)
class BookEntry:
    """One proven position (see the module): ``pieces`` as position files have them
    (point, colour), ``options`` the rule options as files write them."""

    name: str
    options: tuple[tuple[str, Any], ...]
    to_move: str
    pieces: tuple[tuple[tuple[int, ...], str], ...]
    value: str
    plies: int
    exact: bool
    nodes: int = 0
    seconds: float = 0.0
    line: tuple[str, ...] | None = None

    def game(self) -> Game:
        """The position (PositionFormatError when it is not one of the game's)."""
        cls = game_class(self.name)
        options = cls.parse_options(dict(self.options))
        return cls.from_setup(options, self.to_move, [(tuple(p), c) for p, c in self.pieces])

    @property
    def versions(self) -> str:
        """The version of the rules it belongs to (as :meth:`ValueBook.version_of` gives)."""
        return json.dumps(dict(self.options), sort_keys=True)

    @property
    def board(self) -> str:
        """The position in a few words, for messages."""
        rules = ", ".join(f"{k} {v}" for k, v in self.options)
        where = " ".join(f"{','.join(map(str, p))}:{c}" for p, c in self.pieces) or "empty"
        return f"{self.name} ({rules}) {where}, {self.to_move} to move"

    @classmethod
    def of(
        cls,
        game: Game,
        value: str,
        plies: int,
        exact: bool,
        *,
        rules: Collection[str] | None = None,
        **more: Any,
    ) -> BookEntry:
        """The entry of ``game``'s position; ``rules``: the names of the rule options its
        value depends on (None: all of them)."""
        options = tuple(sorted(_rule_options(game.options, rules).items()))
        pieces = tuple(sorted((tuple(p), c) for p, c in game.pieces()))
        return cls(game.name, options, game.to_move, pieces, value, plies, exact, **more)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "options": dict(self.options),
            "to_move": self.to_move,
            "pieces": [[list(p), c] for p, c in self.pieces],
            **verdict_json(self),
        }

    @classmethod
    def from_json(cls, raw: Any, where: str, name: str) -> BookEntry:
        if not isinstance(raw, dict):
            raise PositionFormatError("", M_("{where}: an entry must be an object", where=where))
        try:
            if raw["game"] != name:
                raise ValueError(f"an entry of {quote(raw['game'])} in the book of {name}")
            options, pieces = raw["options"], raw["pieces"]
            if not isinstance(options, dict) or not isinstance(pieces, list):
                raise ValueError("options must be an object and pieces a list")
            entry = cls(
                name,
                tuple(sorted((str(k), v) for k, v in options.items())),
                str(raw["to_move"]),
                tuple((tuple(int(c) for c in point), str(colour)) for point, colour in pieces),
                *verdict_fields(raw),
            )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:  # int(inf)
            raise PositionFormatError(
                "", M_("{where}: a bad entry ({error})", where=where, error=quote(exc))
            ) from None
        check_verdict(raw, entry.value, entry.plies, where)
        try:
            game = entry.game()
        except PositionFormatError as exc:  # (its key and reason, said in the reader's words)
            inner = M_("{key}: {reason}", key=exc.key, reason=exc.reason) if exc.key else exc.reason
            raise PositionFormatError(
                "", M_("{where}: {reason}", where=where, reason=inner)
            ) from None
        if game.is_over():
            raise PositionFormatError("", M_("{where}: the game is over there", where=where))
        return entry


class Book:
    """The entries and their index by position. ``game_name``: the game whose book this
    is, ``rules`` the names of the rule options its values depend on (None: all),
    ``older`` its older formats (each :class:`ValueBook` has a subclass of its game's)."""

    game_name = ""
    #: The look-up key of a position up to the board's symmetries (the game's plug-in's).
    position_key: Callable[[Game], Hashable] = staticmethod(plain_key)
    rules: Collection[str] | None = None
    older: Mapping[str, Upgrade] = {}

    def __init__(self, entries: Iterable[BookEntry] = (), note: str = "", name: str = "") -> None:
        self.entries = list(entries)
        self.note = note
        self.name = name or self.game_name
        # the rules at once; the positions' keys (Pyraos's: its compiled kernel) when a
        # position of their rules is first looked up
        self._rules = {self._rules_of(entry.game()) for entry in self.entries}
        self._indexed: dict[tuple[str, str, Hashable], BookEntry] | None = None

    def __len__(self) -> int:
        return len(self.entries)

    @classmethod
    def key(cls, game: Game) -> tuple[str, str, Hashable]:
        """The look-up key of ``game``'s position: the same up to the board's symmetries,
        for the rule options its value depends on."""
        return game.name, rules_key(game.options, cls.rules), cls.position_key(game)

    @classmethod
    def _rules_of(cls, game: Game) -> tuple[str, str]:
        return game.name, rules_key(game.options, cls.rules)

    @property
    def _index(self) -> dict[tuple[str, str, Hashable], BookEntry]:
        if self._indexed is None:
            self._indexed = {self.key(entry.game()): entry for entry in self.entries}
        return self._indexed

    def has_rules(self, game: Game) -> bool:
        """Whether the book has an entry of ``game``'s rules at all (at once)."""
        return self._rules_of(game) in self._rules

    def lookup(self, game: Game) -> BookEntry | None:
        """The entry of ``game``'s position (its history does not matter), or None; at
        once for rules the book has no entry of (no key is computed)."""
        if not self.has_rules(game):
            return None
        return self._index.get(self.key(game))

    @classmethod
    def owns(cls, raw: Any, name: str = "") -> bool:
        """Whether ``raw`` (a JSON document) is a book of the game ``name`` by its format:
        the current one, or an older one the book still reads."""
        name = name or cls.game_name
        if not isinstance(raw, dict):
            return False
        found = raw.get("format")
        if not isinstance(found, str):  # a list or a mapping is no format (and unhashable)
            return False
        return (found == FORMAT and raw.get("game") == name) or found in cls.older

    @classmethod
    def read(cls, path: Path | str, name: str = "") -> Book:
        """PositionFormatError for a malformed book: one read with the limits of position
        files (a regular file of at most MAX_BOOK_BYTES, numbers and nesting in reason).
        A file of an older format is read in the current shape (``older``)."""
        name = name or cls.game_name
        what = M_(
            "a book of {name} (format {format}, game {game})",
            name=name,
            format=repr(FORMAT),
            game=repr(name),
        )
        entries, note, shape = read_book(path, what, lambda raw: cls.owns(raw, name))
        upgrade = cls.older.get(shape)

        def entry(index: int, raw: Any) -> BookEntry:
            where = f"{path}: entry {index + 1}"
            return BookEntry.from_json(raw if upgrade is None else upgrade(raw, where), where, name)

        return cls((entry(i, e) for i, e in enumerate(entries)), note, name)

    def write(self, path: Path | str) -> None:
        """Write the book whole or not at all; OSError when it cannot be written, or would
        be too big to read back."""
        entries = [e.to_json() for e in self.entries]
        write_book(
            path, {"format": FORMAT, "game": self.name, "note": self.note, "entries": entries}
        )
