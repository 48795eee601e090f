"""A book of proven values for any game whose search plug-in has a compiled solver: the
positions the project has settled (an empty pyramid that took minutes or hours of search),
shipped so that ``solve`` and the Analysis dock answer at once, and proven again on demand
(``pyramid-lab book verify``).

An entry keeps the position as position files write its pieces, the side to move, the
rule options, its value for the side to move ("win" or "loss"), the length of the winner's
strategy in plies (``exact``: the shortest win / the longest resistance; otherwise an upper
bound: for a game that always ends within its empty points, their number), what the proof
cost, and, for reading only, the line of moves that reached it. Positions are looked up by
the plug-in's key under the board's symmetries (:func:`model.search.symmetry.search_key`)
and the rule options, so a mirrored position is found too.

This module names no game: a game's plug-in makes a :class:`ValueBook` of its own file
(``book=ValueBook("partition", path)``); Pyraos keeps its own format and its endgame oracle
(:mod:`.pyraos_book`), built on the same verdicts (:mod:`.book`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..game import Game, PositionFormatError, game_class, quote
from .book import (
    VALUES,
    PerfectMove,
    PerfectValue,
    Verdict,
    best_first,
    check_verdict,
    lines_within,
    prove_all_again,
    read_book,
    reply,
    verdict_fields,
    verdict_json,
    without_values,
    write_book,
)
from .kernels import solver_for
from .symmetry import search_key

FORMAT = "pyramid-lab/book/1"

Progress = Callable[[str], None]


def _options_key(options: Any) -> str:
    return json.dumps(options.to_json(), sort_keys=True)


def _owns(raw: Any, name: str) -> bool:
    """Whether ``raw`` (a JSON document) is a book of the game ``name`` by its format."""
    return isinstance(raw, dict) and raw.get("format") == FORMAT and raw.get("game") == name


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
    def of(cls, game: Game, value: str, plies: int, exact: bool, **more: Any) -> BookEntry:
        options = tuple(sorted(game.options.to_json().items()))
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
            raise PositionFormatError("", f"{where}: an entry must be an object")
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
        except (KeyError, TypeError, ValueError) as exc:
            raise PositionFormatError("", f"{where}: a bad entry ({quote(exc)})") from None
        check_verdict(raw, entry.value, entry.plies, where)
        try:
            game = entry.game()
        except PositionFormatError as exc:
            raise PositionFormatError("", f"{where}: {exc}") from None
        if game.is_over():
            raise PositionFormatError("", f"{where}: the game is over there")
        return entry


def _key(game: Game) -> tuple[str, str, Hashable]:
    return game.name, _options_key(game.options), search_key(game)


class Book:
    """The entries and their index by position. ``game_name``: the game whose book this
    is (each :class:`ValueBook` has a subclass of its game's)."""

    game_name = ""

    def __init__(self, entries: Iterable[BookEntry] = (), note: str = "", name: str = "") -> None:
        self.entries = list(entries)
        self.note = note
        self.name = name or self.game_name
        self._index: dict[tuple[str, str, Hashable], BookEntry] = {}
        self._rules: set[tuple[str, str]] = set()
        for entry in self.entries:
            key = _key(entry.game())
            self._index[key] = entry
            self._rules.add(key[:2])

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, game: Game) -> BookEntry | None:
        """The entry of ``game``'s position (its history does not matter), or None; at
        once for rules the book has no entry of (no key is computed)."""
        rules = (game.name, _options_key(game.options))
        if rules not in self._rules:
            return None
        return self._index.get(_key(game))

    @classmethod
    def read(cls, path: Path | str, name: str = "") -> Book:
        """PositionFormatError for a malformed book: one read with the limits of position
        files (a regular file of at most MAX_BOOK_BYTES, numbers and nesting in reason)."""
        name = name or cls.game_name
        what = f"a book of {name} (format {FORMAT!r}, game {name!r})"
        entries, note = read_book(path, what, lambda raw: _owns(raw, name))
        return cls(
            (BookEntry.from_json(e, f"{path}: entry {i + 1}", name) for i, e in enumerate(entries)),
            note,
            name,
        )

    def write(self, path: Path | str) -> None:
        """Write the book whole or not at all; OSError when it cannot be written, or would
        be too big to read back."""
        entries = [e.to_json() for e in self.entries]
        write_book(
            path, {"format": FORMAT, "game": self.name, "note": self.note, "entries": entries}
        )


class ValueBook:
    """A game's book (the plug-in's ``book``): the file ``path`` of the game ``name``, read
    once when first asked; what :mod:`model.search.book` and ``pyramid-lab book`` ask of
    a book."""

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.BOOK_PATH = path
        #: the book interface's class (``Book(entries, note)``, ``Book.read(path)``)
        self.Book: type[Book] = type("Book", (Book,), {"game_name": name})
        self._shipped: Book | None = None

    def owns(self, raw: Any) -> bool:
        """Whether ``raw`` (a JSON document) is a book of this game by its format."""
        return _owns(raw, self.name)

    def shipped(self) -> Book:
        """The book that ships with the project (an empty one if it is missing)."""
        if self._shipped is None:
            exists = self.BOOK_PATH.exists()
            self._shipped = self.Book.read(self.BOOK_PATH) if exists else self.Book()
        return self._shipped

    def version_of(self, options: Any) -> str:
        """The version of the rules a book entry belongs to (``BookEntry.versions``)."""
        return _options_key(options)

    # ---- the values ----

    def perfect_value(self, game: Game, *, book: Book | None = None) -> PerfectValue | None:
        """The value of ``game``'s position when the book has it (at once); else None."""
        if game.name != self.name or without_values(game):
            return None
        entry = (self.shipped() if book is None else book).lookup(game)
        if entry is None:
            return None
        return PerfectValue(entry.value, entry.plies, entry.exact, "book")

    def perfect_moves(
        self,
        game: Game,
        *,
        max_seconds: float = 2.0,
        book: Book | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> tuple[PerfectMove, ...] | None:
        """Every legal move of ``game`` with its value, when the rules or the book settle
        every one (no search: the prover of the Analysis finds the endgames); else None.
        Wins first (shortest first), then losses (longest first)."""
        if game.name != self.name or without_values(game):
            return None
        book = self.shipped() if book is None else book
        if book.lookup(game) is None:  # the book keeps a position's replies with it
            return None
        out: list[PerfectMove] = []
        for move in game.legal_moves():
            if stop is not None and stop():
                return None
            child = game.copy()
            child.push(move)
            outcome = child.outcome()
            if outcome is not None:
                mine = outcome.value_for(game.to_move)
                if mine == 0:
                    return None
                value = "win" if mine > 0 else "loss"
                out.append(PerfectMove(str(move), value, 1, True, "rules"))
                continue
            entry = book.lookup(child)
            if entry is None:
                return None
            out.append(reply(move, entry.value, entry.plies, entry.exact, "book"))
        return best_first(out)

    # ---- building and verifying ----

    def _solver(self, game: Game, table_mb: float) -> Any:
        solver = solver_for(game, table_mb=table_mb)
        if solver is None:
            raise ValueError(f"{self.name} has no compiled solver for this position")
        return solver

    def build(
        self,
        options: Any,
        *,
        plies: int,
        seconds: float,
        table_mb: float = 2048,
        progress: Progress | None = None,
    ) -> list[BookEntry]:
        """Entries for every position within ``plies`` plies of the new game that the
        compiled solver settles in ``seconds`` each (one table for all, so later positions
        reuse earlier proofs), the shallowest first."""
        say = progress or (lambda text: None)
        lines = lines_within(game_class(self.name).new(options), plies, _key)
        solver: Any = None
        entries: list[BookEntry] = []
        for line, played in lines:
            game = type(played).from_setup(played.options, played.to_move, played.pieces())
            if solver is None:
                solver = self._solver(game, table_mb)
            else:
                solver.retarget(game)
            solver.tighten = False
            solver.max_seconds = seconds
            before = solver.nodes
            result = solver.solve()
            name = " ".join(line) or "the start"
            if result.value not in VALUES:
                say(f"{name}: not settled ({result.stopped}, {result.nodes - before:,} nodes)")
                continue
            plies_found = result.plies
            if plies_found is None:  # a loss without a length: the game ends by then
                plies_found = solver.max_depth + (solver.max_depth % 2 != 0)
            entries.append(
                BookEntry.of(
                    game,
                    result.value,
                    plies_found,
                    result.plies_exact and result.plies is not None,
                    nodes=result.nodes - before,
                    seconds=result.seconds,
                    line=line,
                )
            )
            say(f"{name}: {result.value} within {plies_found} plies, {result.seconds:.1f} s")
        return entries

    def verify_entries(
        self,
        entries: Iterable[BookEntry],
        *,
        max_seconds: float | None = None,
        table_mb: float = 2048,
    ) -> Iterator[Verdict]:
        """Prove each entry again, in the order given, with one fresh table for the run
        (an entry may use what the run proved for an earlier one, never the book's
        claims); ``max_seconds`` is each entry's budget."""
        return prove_all_again(
            entries, BookEntry.game, lambda game: self._solver(game, table_mb), max_seconds
        )


__all__ = ["FORMAT", "Book", "BookEntry", "ValueBook"]
