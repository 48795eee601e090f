"""A book of proven values for any game whose search plug-in has a compiled solver: the
positions the project has settled (an empty pyramid that took minutes or hours of search),
shipped so that ``solve`` and the Analysis dock answer at once, and proven again on demand
(``pyramid-lab book verify``).

An entry keeps the position as position files write its pieces, the side to move, the
rule options, its value for the side to move ("win" or "loss"), the length of the winner's
strategy in plies (``exact``: the shortest win / the longest resistance; otherwise an upper
bound: for a game that always ends within its empty points, their number), what the proof
cost, and, for reading only, the line of moves that reached it. Positions are looked up by
the plug-in's key under the board's symmetries (``key``; ``position_key()`` without one)
and the rule options, so a mirrored position is found too.

This module names no game and asks no plug-in: a game's plug-in makes a :class:`ValueBook`
of its own file and hands it what it needs of the search (``ValueBook("partition", path,
solver=solver_maker(adapter), key=search_key)``: the compiled solver's maker and the
symmetry key), with the rule options its values depend on
(``rules``), the older formats of its file it still reads (``older``) and, in a subclass,
the positions whose moves it may settle by a short solve where it lacks them (``live``) or
a builder of its own (Pyraos's: :mod:`model.search.games.pyraos.book`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..game import Game, Move, PositionFormatError, game_class, quote
from .book import (
    VALUES,
    ExactValues,
    PerfectMove,
    PerfectValue,
    Verdict,
    bare,
    check_verdict,
    exact_moves,
    lines_within,
    prove_all_again,
    read_book,
    reply,
    settle_moves,
    verdict_fields,
    verdict_json,
    without_values,
    write_book,
)
from .symmetry import position_key as plain_key

if TYPE_CHECKING:
    from .compiled.solver import CompiledSolver

FORMAT = "pyramid-lab/book/1"


class MakeSolver(Protocol):
    """The compiled solver of a position (its plug-in's adapter handed in), or None where
    no kernel fits: ``model.search.kernels.solver_for``."""

    def __call__(self, game: Game, *, table_mb: float) -> CompiledSolver | None: ...


Progress = Callable[[str], None]
#: An older format's raw entry (and where it stands, for messages) in the current shape.
Upgrade = Callable[[Any, str], Any]
#: The table of a live solve (:meth:`ValueBook.live`), in MiB.
LIVE_TABLE_MB = 64


def _rule_options(options: Any, rules: Collection[str] | None) -> dict[str, Any]:
    """The rule options a value depends on, as files write them (``rules``: their names;
    None: all of them)."""
    written: dict[str, Any] = options.to_json()
    return written if rules is None else {k: v for k, v in written.items() if k in rules}


def _options_key(options: Any, rules: Collection[str] | None) -> str:
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
        except (KeyError, TypeError, ValueError, OverflowError) as exc:  # int(inf)
            raise PositionFormatError("", f"{where}: a bad entry ({quote(exc)})") from None
        check_verdict(raw, entry.value, entry.plies, where)
        try:
            game = entry.game()
        except PositionFormatError as exc:
            raise PositionFormatError("", f"{where}: {exc}") from None
        if game.is_over():
            raise PositionFormatError("", f"{where}: the game is over there")
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
        return game.name, _options_key(game.options, cls.rules), cls.position_key(game)

    @classmethod
    def _rules_of(cls, game: Game) -> tuple[str, str]:
        return game.name, _options_key(game.options, cls.rules)

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
        what = f"a book of {name} (format {FORMAT!r}, game {name!r})"
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


class ValueBook:
    """A game's book (the plug-in's ``book``): the file ``path`` of the game ``name``, read
    once when first asked; what :mod:`model.search.book` and ``pyramid-lab book`` ask of
    a book. ``rules``: the names of the rule options a value depends on (None: all the
    game's options); ``older``: the older formats of the game's book file, each with the
    function that gives one of its raw entries in the current shape (read so, written in
    the current format)."""

    def __init__(
        self,
        name: str,
        path: Path,
        *,
        solver: MakeSolver,
        key: Callable[[Game], Hashable] | None = None,
        rules: Collection[str] | None = None,
        older: Mapping[str, Upgrade] | None = None,
    ) -> None:
        self.name = name
        self.BOOK_PATH = path
        self.rules = None if rules is None else tuple(rules)
        #: the book interface's class (``Book(entries, note)``, ``Book.read(path)``)
        self._make_solver = solver
        self.Book: type[Book] = type(
            "Book",
            (Book,),
            {
                "game_name": name,
                "position_key": staticmethod(key or plain_key),
                "rules": self.rules,
                "older": dict(older or {}),
            },
        )
        self._shipped: Book | None = None

    def owns(self, raw: Any) -> bool:
        """Whether ``raw`` (a JSON document) is a book of this game by its format."""
        return self.Book.owns(raw)

    def shipped(self) -> Book:
        """The book that ships with the project (an empty one if it is missing)."""
        if self._shipped is None:
            exists = self.BOOK_PATH.exists()
            self._shipped = self.Book.read(self.BOOK_PATH) if exists else self.Book()
        return self._shipped

    def version_of(self, options: Any) -> str:
        """The version of the rules a book entry belongs to (``BookEntry.versions``)."""
        return _options_key(options, self.rules)

    def entry(self, game: Game, value: str, plies: int, exact: bool, **more: Any) -> BookEntry:
        """The entry of ``game``'s position, with the rule options its value depends on."""
        return BookEntry.of(game, value, plies, exact, rules=self.rules, **more)

    # ---- the values ----

    def exact(self, game: Game) -> tuple[ExactValues, str] | None:
        """Where exact values of ``game``'s position and those after it come from before
        the book's entries, with the source's name; None here (a game's book may have one:
        Pyraos's, its whole-game tables and shipped opening)."""
        return None

    def perfect_value(self, game: Game, *, book: Book | None = None) -> PerfectValue | None:
        """The value of ``game``'s position when :meth:`exact` or the book has it (at
        once); else None."""
        if game.name != self.name or without_values(game):
            return None
        exact = self.exact(game)
        if exact is not None:
            found = exact[0](game)
            if found is not None:
                return PerfectValue(found[0], found[1], True, exact[1])
        entry = (self.shipped() if book is None else book).lookup(game)
        if entry is None:
            return None
        return PerfectValue(entry.value, entry.plies, entry.exact, "book")

    def may_know(self, game: Game) -> bool:
        """Whether the book may know a position of ``game``'s rules at all (at once): it
        has exact values of them (:meth:`exact`) or an entry of them. A caller that looks
        up every move of a large board asks this first."""
        if game.name != self.name:
            return False
        return self.exact(game) is not None or self.shipped().has_rules(game)

    #: Whether the book keeps a position's replies only with the position (a book of
    #: :meth:`build`'s): the moves of a position it lacks are not looked up.
    replies_with_position = True

    def live(self, game: Game) -> bool:
        """Whether the moves of ``game`` that the book lacks may be settled by a solve
        within :meth:`perfect_moves`' time (an endgame: the solve is short); none here."""
        return False

    def book_end(self, game: Game) -> str:
        """Where the book ends at ``game``, in its words, and how to reach further (the
        Analysis dock, Hint, review and ``analyze`` say it); '' where it says nothing, as
        here (a game's book may say it: Pyraos's names the table that knows every move)."""
        return ""

    def perfect_moves(
        self,
        game: Game,
        *,
        max_seconds: float = 2.0,
        book: Book | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> tuple[PerfectMove, ...] | None:
        """Every legal move of ``game`` with its value, when the rules and :meth:`exact`,
        or the rules, the book and, where :meth:`live`, a solve within ``max_seconds`` in
        all settle every one; else None. Wins first (shortest first), then losses (longest
        first)."""
        if game.name != self.name or without_values(game):
            return None
        exact = self.exact(game)
        if exact is not None:
            moves, complete = exact_moves(game, *exact)
            if complete:
                return moves
        book = self.shipped() if book is None else book
        live = self.live(game)
        if not live and self.replies_with_position and book.lookup(game) is None:
            return None
        deadline = time.perf_counter() + max_seconds
        solver: Any = None

        def settle(move: Move, child: Game, remaining: int) -> PerfectMove | None:
            nonlocal solver, deadline
            if stop is not None and stop():
                return None
            entry = book.lookup(child)
            if entry is not None:
                return reply(move, entry.value, entry.plies, entry.exact, "book")
            left = deadline - time.perf_counter()
            if not live or left <= 0:
                return None
            position = bare(child)
            if solver is None:
                from .compiled import first_use  # a compile said before numba's import

                first_use.foretell(first_use.PROVER)
                solver = self._solver(position, LIVE_TABLE_MB)
                from .compiled import warm  # the kernels: loaded on first use

                # a first use compiles it: not on the clock
                deadline += warm.ready(parts=warm.PROVER)
            else:
                solver.retarget(position)
            solver.max_seconds = left
            result = solver.solve()
            if result.value not in VALUES or result.plies is None:
                return None
            return reply(move, result.value, result.plies, result.plies_exact, "solved")

        moves, complete = settle_moves(game, settle)
        return moves if complete else None

    # ---- building and verifying ----

    def _solver(self, game: Game, table_mb: float) -> Any:
        solver = self._make_solver(game, table_mb=table_mb)
        if solver is None:
            raise ValueError(f"{self.name} has no compiled solver for this position")
        return solver

    def _solve(
        self, solver: Any, game: Game, table_mb: float, seconds: float, *, tighten: bool
    ) -> tuple[Any, Any, int]:
        """``game``'s position solved within ``seconds`` on the table of ``solver`` (of a
        new one where None), its length tightened or not: the solver, its result and the
        positions this solve took."""
        if solver is None:
            solver = self._solver(game, table_mb)
        else:
            solver.retarget(game)
        solver.tighten = tighten
        solver.max_seconds = seconds
        before = solver.nodes
        result = solver.solve()
        return solver, result, result.nodes - before

    #: Whether :meth:`build` proves the length of the root's value exact (the others'
    #: lengths are "within": a win of at most that many plies).
    tighten_root = False

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
        reuse earlier proofs), the shallowest first, then :meth:`build_more`'s."""
        say = progress or (lambda text: None)
        lines = lines_within(game_class(self.name).new(options), plies, self.Book.key)
        solver: Any = None
        entries: list[BookEntry] = []
        for line, played in lines:
            game = bare(played)
            tighten = self.tighten_root and not line
            solver, result, nodes = self._solve(solver, game, table_mb, seconds, tighten=tighten)
            name = " ".join(line) or "the start"
            if result.value not in VALUES:
                say(f"{name}: not settled ({result.stopped}, {nodes:,} nodes)")
                continue
            plies_found = result.plies
            if plies_found is None:  # a loss without a length: the game ends by then
                plies_found = solver.max_depth + (solver.max_depth % 2 != 0)
            exact = result.plies_exact and result.plies is not None
            entries.append(
                self.entry(
                    game,
                    result.value,
                    plies_found,
                    exact,
                    nodes=nodes,
                    seconds=result.seconds,
                    line=line,
                )
            )
            say(
                f"{name}: {result.value} within {plies_found} plies"
                f"{'' if exact else ' (bound)'}, {nodes:,} nodes, {result.seconds:.1f} s"
            )
        if entries and solver is not None:
            entries += self.build_more(solver, entries, say)
        return entries

    def build_more(self, solver: Any, entries: list[BookEntry], say: Progress) -> list[BookEntry]:
        """What :meth:`build` adds to its ``entries`` (those of the lines, the shallowest
        first) with the table of their ``solver``: nothing here (Pyraos's book adds the
        positions along the root's best line)."""
        return []

    def verify_entry(
        self, entry: BookEntry, *, max_seconds: float | None = None, table_mb: float = 256
    ) -> Verdict:
        """Prove ``entry`` again from scratch (a fresh table): the winner wins within its
        plies, and where the entry says exact, not within two plies fewer."""
        return next(self.verify_entries([entry], max_seconds=max_seconds, table_mb=table_mb))

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
