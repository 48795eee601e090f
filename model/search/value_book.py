"""A book of proven values for any game whose search plug-in has a compiled solver: the
positions the project has settled (an empty pyramid that took minutes or hours of search),
shipped so that ``solve`` and the Analysis dock answer at once, and proven again on demand
(``pyramid-lab book verify``).

Its entries (:mod:`.book_entries`: pieces, side to move, rule options, value, the winner's
plies, exact or a bound) are looked up by the plug-in's ``key`` under the board's symmetries
(``position_key()`` without one) and the rule options: a mirrored position is found too.

This module names no game and asks no plug-in: a game's plug-in makes a :class:`ValueBook`
of its own file and hands it what it needs of the search (``ValueBook("partition", path,
solver=solver_maker(adapter), key=search_key)``: the compiled solver's maker and the
symmetry key), with the rule options its values depend on
(``rules``), the older formats of its file it still reads (``older``) and, in a subclass,
the positions whose moves it may settle by a short solve where it lacks them (``live``) or
a builder of its own (Pyraos's: :mod:`model.search.games.pyraos.book`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..game import Game, Move
from ..speed import repeats_in_history
from .book import (
    VALUES,
    ExactValues,
    PerfectMove,
    PerfectValue,
    Progress,
    bare,
    exact_moves,
    reply,
    settle_moves,
)
from .book_entries import FORMAT, Book, BookEntry, Upgrade, rules_key
from .symmetry import position_key as plain_key

if TYPE_CHECKING:
    from .book_verify import Verdict
    from .compiled.solver import CompiledSolver


class MakeSolver(Protocol):
    """The compiled solver of a position (its plug-in's adapter handed in), or None where
    no kernel fits: ``model.search.kernels.solver_for``."""

    def __call__(self, game: Game, *, table_mb: float) -> CompiledSolver | None: ...


#: The table of a live solve (:meth:`ValueBook.live`), in MiB.
LIVE_TABLE_MB = 64


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
        return rules_key(options, self.rules)

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
        if game.name != self.name or game.is_over():
            return None
        if self.repetition_may_change(game, book=book):
            return None  # (its history may draw it: repetition_words says so)
        return self._bare_value(game, book)

    def _bare_value(self, game: Game, book: Book | None = None) -> PerfectValue | None:
        """The value of ``game``'s position without its history, from :meth:`exact` or the
        book; None where neither knows it."""
        exact = self.exact(game)
        if exact is not None:
            found = exact[0](game)
            if found is not None:
                return PerfectValue(found[0], found[1], True, exact[1])
        entry = (self.shipped() if book is None else book).lookup(game)
        if entry is None:
            return None
        return PerfectValue(entry.value, entry.plies, entry.exact, "book")

    def _value_of(self, book: Book | None) -> Callable[[Game], tuple[str, int, bool] | None]:
        def value_of(position: Game) -> tuple[str, int, bool] | None:
            found = self._bare_value(position, book)
            return None if found is None else (found.value, found.plies, found.exact)

        return value_of

    def repetition_may_change(self, game: Game, *, book: Book | None = None) -> bool:
        """Whether a position repeated in ``game``'s history may change the book's value of
        its position (:func:`.book.repetition_may_change`: where it may not, the book's
        value stands, history or not)."""
        if not repeats_in_history(game):
            return False
        from .book_repetition import repetition_may_change  # (where a position repeated)

        return repetition_may_change(game, self._value_of(book))

    def repetition_words(self, game: Game, *, book: Book | None = None) -> str:
        """Where a position repeated in ``game``'s history may change the book's value of
        its position: the book's value and why it may not hold; else ''."""
        if game.name != self.name or game.is_over() or not repeats_in_history(game):
            return ""
        from .book_repetition import repetition_words

        return repetition_words(game, self._value_of(book))

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
        waited: Callable[[float, float, bool], None] | None = None,
    ) -> tuple[PerfectMove, ...] | None:
        """Every legal move of ``game`` with its value, when the rules and :meth:`exact`,
        or the rules, the book and, where :meth:`live`, a solve within ``max_seconds`` in
        all settle every one; else None. Wins first (shortest first), then losses (longest
        first). A solve's first use in a process makes the compiled core ready first, off
        ``max_seconds`` by :mod:`.exact_budget`'s rule (:func:`.exact_budget.core_ready`: a
        compile whole, a load up to its bound, a stalled wait on the clock past that):
        ``waited(seconds, processor, loaded)`` is told the wait (wall, this thread's
        processor seconds, whether it was a load: the parts in numba's cache, no warm-up of
        the process's compiling) for the caller's clock (the analysis's: issue 111)."""
        if game.name != self.name or game.is_over() or self.repetition_may_change(game, book=book):
            return None
        exact = self.exact(game)
        if exact is not None:
            values, source = exact

            def after(child: Game) -> tuple[str, int] | None:  # (a child's history too)
                changed = self.repetition_may_change(child, book=book)
                return None if changed else values(child)

            moves, complete = exact_moves(game, after, source)
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
            if self.repetition_may_change(child, book=book):
                return None  # (a value without its history may not be the child's)
            entry = book.lookup(child)
            if entry is not None:
                return reply(move, entry.value, entry.plies, entry.exact, "book")
            if not live or deadline <= time.perf_counter():
                return None
            position = bare(child)
            if solver is None:  # the compiled core's first use: a compile off the clock, a
                # load off it by exact_budget's rule (this solve's clock and the caller's)
                from .exact_budget import Deadline, core_ready  # (a look-up loads neither)

                clock = Deadline(time.perf_counter(), deadline)
                took = core_ready(clock=clock, prover=True)
                deadline = clock.end
                if waited is not None:
                    waited(*took)
                solver = self.solver_for(position, LIVE_TABLE_MB)
            else:
                solver.retarget(position)
            solver.max_seconds = max(0.0, deadline - time.perf_counter())
            result = solver.solve()
            if result.value not in VALUES or result.plies is None:
                return None
            return reply(move, result.value, result.plies, result.plies_exact, "solved")

        moves, complete = settle_moves(game, settle)
        return moves if complete else None

    # ---- building and verifying ----

    def solver_for(self, game: Game, table_mb: float) -> Any:
        """A compiled solver of ``game``'s position on a table of ``table_mb``."""
        solver = self._make_solver(game, table_mb=table_mb)
        if solver is None:
            raise ValueError(f"{self.name} has no compiled solver for this position")
        return solver

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
        from .value_book_build import build_entries  # (a probe loads no builder)

        return build_entries(self, options, plies, seconds, table_mb, progress)

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
        from .book_verify import prove_all_again  # (a look-up loads no verifier)

        return prove_all_again(
            entries, BookEntry.game, lambda game: self.solver_for(game, table_mb), max_seconds
        )


__all__ = ["FORMAT", "Book", "BookEntry", "ValueBook"]
