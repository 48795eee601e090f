"""The Pyraos book: proven values of positions near the opening, shipped with the project.

The compiled solver (:mod:`model.search.compiled.solver`) proved each entry; the book keeps
the line of moves from the empty pyramid that reaches it, its value for the side to move
("win" or "loss"), the length of the winner's strategy in plies (``exact``: the shortest
win / the longest resistance; otherwise the length of the strategy found, an upper bound)
and what the proof cost. Positions are looked up by their canonical key under the 8
symmetries, so a position reached in another order or mirrored is found too.

``build`` makes entries (``pyramid-lab book build``); ``verify_entries`` proves entries again
with a fresh table for the run (``pyramid-lab book verify``, a sample of cheap entries in
CI); :func:`perfect_moves` gives, for every legal move of a position, its value with perfect
play when the book or a short solve settles all of them (the Analysis dock's oracle).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game import PositionFormatError
from ..pyraos import LATTICE, Pyraos, PyraosOptions
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

BOOK_PATH = Path(__file__).resolve().parents[1] / "data" / "pyraos_book.json"
FORMAT = "pyramid-lab/pyraos-book/1"

if TYPE_CHECKING:
    from .compiled.solver import CompiledSolver


@dataclass(frozen=True, slots=True)
class BookEntry:
    """One proven position (see the module): ``board`` has a letter a point ("W", "B" or
    ".") in the lattice's point order (level 0 row by row first, the top last); ``line``
    the moves from the empty pyramid that reached it when the book was built (for reading
    only: ``board`` is the position)."""

    variant: str
    removal: str
    board: str
    to_move: str
    value: str
    plies: int
    exact: bool
    nodes: int = 0
    seconds: float = 0.0
    line: tuple[str, ...] | None = None

    def game(self) -> Pyraos:
        """The position (PositionFormatError when the board is not a legal one)."""
        if len(self.board) != LATTICE.count or set(self.board) - set("WB."):
            raise PositionFormatError(
                "", f"book: board must be {LATTICE.count} letters W, B or ., not {self.board!r}"
            )
        pieces = [
            (tuple(LATTICE.point(p)), "white" if c == "W" else "black")
            for p, c in enumerate(self.board)
            if c != "."
        ]
        return Pyraos.from_setup(PyraosOptions(self.variant, self.removal), self.to_move, pieces)

    @property
    def versions(self) -> tuple[str, str]:
        """The version of the rules it belongs to (as :func:`version_of` gives it)."""
        return self.variant, self.removal

    @classmethod
    def of(cls, game: Pyraos, value: str, plies: int, exact: bool, **more: Any) -> BookEntry:
        white, black = game.masks()
        board = "".join(
            "W" if white >> p & 1 else "B" if black >> p & 1 else "." for p in range(LATTICE.count)
        )
        options = game.options
        return cls(
            options.variant, options.removal, board, game.to_move, value, plies, exact, **more
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "removal": self.removal,
            "board": self.board,
            "to_move": self.to_move,
            **verdict_json(self),
        }

    @classmethod
    def from_json(cls, raw: Any, where: str) -> BookEntry:
        if not isinstance(raw, dict):
            raise PositionFormatError("", f"{where}: an entry must be an object")
        try:
            entry = cls(
                str(raw["variant"]),
                str(raw["removal"]),
                str(raw["board"]),
                str(raw["to_move"]),
                *verdict_fields(raw),
            )
            from .compiled.pyraos_kernel import variant_codes  # the kernels: on first use

            variant_codes(entry.variant, entry.removal)
        except (KeyError, TypeError, ValueError) as exc:
            raise PositionFormatError("", f"{where}: a bad entry ({exc!r})") from exc
        check_verdict(raw, entry.value, entry.plies, where)
        try:
            entry.game()
        except PositionFormatError as exc:
            raise PositionFormatError("", f"{where}: {exc}") from None
        return entry


def bare(game: Pyraos) -> Pyraos:
    """The position of ``game`` without its history (values are of positions alone)."""
    return Pyraos.from_setup(game.options, game.to_move, game.pieces())


def position_key(game: Pyraos) -> tuple[str, str, int]:
    """(variant, removal, canonical key of the board from the mover's side)."""
    from .compiled.pyraos_kernel import canonical  # the kernels load on first use

    white, black = game.masks()
    own, opp = (white, black) if game.to_move == "white" else (black, white)
    return game.options.variant, game.options.removal, int(canonical(own, opp))


class Book:
    """The entries and their index by position."""

    def __init__(self, entries: Iterable[BookEntry], note: str = "") -> None:
        self.entries = list(entries)
        self.note = note
        self._index: dict[tuple[str, str, int], BookEntry] = {}
        for entry in self.entries:
            self._index[position_key(entry.game())] = entry

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, game: Pyraos) -> BookEntry | None:
        """The entry of ``game``'s position (its history does not matter), or None."""
        if game.name != "pyraos":
            return None
        return self._index.get(position_key(game))

    @classmethod
    def read(cls, path: Path | str = BOOK_PATH) -> Book:
        """PositionFormatError for a malformed book: one read with the limits of position
        files (a regular file of at most MAX_BOOK_BYTES, numbers and nesting in reason)."""
        entries, note = read_book(path, f"a Pyraos book (format {FORMAT!r})", owns)
        return cls(
            (BookEntry.from_json(e, f"{path}: entry {i + 1}") for i, e in enumerate(entries)),
            note,
        )

    def write(self, path: Path | str = BOOK_PATH) -> None:
        """Write the book whole or not at all; OSError when it cannot be written, or would
        be too big to read back."""
        entries = [e.to_json() for e in self.entries]
        write_book(path, {"format": FORMAT, "note": self.note, "entries": entries})


def owns(raw: Any) -> bool:
    """Whether ``raw`` (a JSON document) is a Pyraos book by its format."""
    return isinstance(raw, dict) and raw.get("format") == FORMAT


@cache
def shipped() -> Book:
    """The book that ships with the project (an empty one if it is missing)."""
    return Book.read() if BOOK_PATH.exists() else Book([])


# ---- the oracle ----------------------------------------------------------------------------


def _without_values(game: Pyraos) -> bool:
    """Perfect-play values say nothing here: not Pyraos, or :func:`.book.without_values`."""
    return game.name != "pyraos" or without_values(game)


def perfect_value(game: Pyraos, *, book: Book | None = None) -> PerfectValue | None:
    """The value of ``game``'s position with perfect play when the book has it (no search:
    at once); None otherwise."""
    if _without_values(game):
        return None
    entry = (shipped() if book is None else book).lookup(game)
    if entry is None:
        return None
    return PerfectValue(entry.value, entry.plies, entry.exact, "book")


ENDGAME_EMPTY = 12  # positions with at most this many empty points are solved live


def perfect_moves(
    game: Pyraos,
    *,
    max_seconds: float = 2.0,
    book: Book | None = None,
    stop: Callable[[], bool] | None = None,
) -> tuple[PerfectMove, ...] | None:
    """Every legal move of ``game`` with its value under perfect play, from the book, or
    in the endgame (few empty points) from a solve within ``max_seconds`` in all; None
    when not every move is settled. Wins first (shortest first), then losses (longest
    first)."""
    if _without_values(game):
        return None
    book = shipped() if book is None else book
    white, black = game.masks()
    empty = 30 - (white | black).bit_count()
    solver: CompiledSolver | None = None
    deadline = time.perf_counter() + max_seconds
    out: list[PerfectMove] = []
    for move in game.legal_moves():
        child = game.copy()
        child.push(move)
        outcome = child.outcome()
        if outcome is not None:
            mine = outcome.value_for(game.to_move)
            if mine == 0:
                return None
            out.append(PerfectMove(str(move), "win" if mine > 0 else "loss", 1, True, "rules"))
            continue
        child = bare(child)
        entry = book.lookup(child)
        if entry is not None:
            out.append(reply(move, entry.value, entry.plies, entry.exact, "book"))
            continue
        if empty > ENDGAME_EMPTY or (stop is not None and stop()):
            return None
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        if solver is None:
            from .compiled.proof import warm_up

            deadline += warm_up("bounded")  # a first use compiles it: not the position's time
            solver = _solver(child, 64)
        else:
            solver.retarget(child)
        solver.max_seconds = left
        result = solver.solve()
        if result.value not in VALUES or result.plies is None:
            return None
        out.append(reply(move, result.value, result.plies, result.plies_exact, "solved"))
    return best_first(out)


# ---- building and verifying ------------------------------------------------------------------


def _solver(game: Pyraos, table_mb: float) -> CompiledSolver:
    """The compiled solver of a position (without its history), its table kept for the
    positions it is retargeted to."""
    from .compiled.adapters import PyraosAdapter
    from .compiled.solver import CompiledSolver

    options = game.options
    return CompiledSolver(game, PyraosAdapter(options.variant, options.removal), table_mb=table_mb)


Progress = Callable[[str], None]


def positions_within(variant: str, removal: str, plies: int) -> list[tuple[str, ...]]:
    """One line of moves to each distinct position (up to symmetry) within ``plies`` plies
    of the empty pyramid, shallowest first."""
    start = Pyraos.new(PyraosOptions(variant, removal))
    return [line for line, _ in lines_within(start, plies, position_key)]


def version_of(options: PyraosOptions) -> tuple[str, str]:
    """The version of the rules a book entry belongs to (``BookEntry.versions``)."""
    return options.variant, options.removal


def build(
    options: PyraosOptions,
    *,
    plies: int,
    seconds: float,
    table_mb: float = 2048,
    main_line: bool = True,
    progress: Progress | None = None,
) -> list[BookEntry]:
    """Entries for every position within ``plies`` plies of the empty pyramid that the
    solver settles in ``seconds`` each (one table for all, so later positions reuse earlier
    proofs), then, with ``main_line``, the positions along the root's best line."""
    variant, removal = version_of(options)
    say = progress or (lambda text: None)
    solver: CompiledSolver | None = None
    entries: list[BookEntry] = []
    known: set[tuple[str, str, int]] = set()
    start = Pyraos.new(PyraosOptions(variant, removal))
    for line in positions_within(variant, removal, plies):
        played = start.copy()
        for text in line:
            played.push_text(text)
        game = bare(played)
        if solver is None:
            solver = _solver(game, table_mb)
        else:
            solver.retarget(game)
        solver.tighten = not line  # the root's length exactly; the others "within"
        solver.max_seconds = seconds
        before = solver.nodes
        result = solver.solve()
        name = " ".join(line) or "the empty pyramid"
        if result.value not in VALUES or result.plies is None:
            say(f"{name}: not settled ({result.stopped}, {result.nodes - before:,} nodes)")
            continue
        entries.append(
            BookEntry.of(
                game,
                result.value,
                result.plies,
                result.plies_exact,
                nodes=result.nodes - before,
                seconds=result.seconds,
                line=line,
            )
        )
        known.add(position_key(game))
        say(
            f"{name}: {result.value} within {result.plies} plies"
            f"{'' if result.plies_exact else ' (bound)'}, {result.nodes - before:,} nodes, "
            f"{result.seconds:.1f} s"
        )
    if main_line and entries and entries[0].line == () and solver is not None:
        entries += _main_line(solver, entries[0], known, say)
    return entries


def _main_line(
    solver: CompiledSolver, root: BookEntry, known: set[tuple[str, str, int]], say: Progress
) -> list[BookEntry]:
    """The positions along the best line from the root (the winner's shortest proof, the
    loser's longest resistance, as the table knows them), each settled again from the
    table."""
    out: list[BookEntry] = []
    game = root.game()
    line = list(root.line or ())
    value = root.value
    while True:
        solver.retarget(bare(game))
        best = solver.best_move(value)
        if best is None:
            break
        game.push_text(best)
        line.append(best)
        value = "loss" if value == "win" else "win"
        if game.is_over():
            break
        position = bare(game)
        solver.retarget(position)
        solver.max_seconds = 60
        before = solver.nodes
        result = solver.solve()
        if result.value != value or result.plies is None:
            break
        key = position_key(position)
        if key not in known:
            known.add(key)
            out.append(
                BookEntry.of(
                    position,
                    value,
                    result.plies,
                    result.plies_exact,
                    nodes=result.nodes - before,
                    seconds=result.seconds,
                    line=tuple(line),
                )
            )
            say(f"main line {' '.join(line)}: {value} within {result.plies} plies")
    return out


def verify_entry(
    entry: BookEntry, *, max_seconds: float | None = None, table_mb: float = 256
) -> Verdict:
    """Prove ``entry`` again from scratch (a fresh table): the winner wins within its
    plies, and where the entry says exact, not within two plies fewer."""
    return next(verify_entries([entry], max_seconds=max_seconds, table_mb=table_mb))


def verify_entries(
    entries: Iterable[BookEntry], *, max_seconds: float | None = None, table_mb: float = 2048
) -> Iterator[Verdict]:
    """Prove each entry again, in the order given, with one fresh table for the run
    (:func:`.book.prove_all_again`); ``max_seconds`` is each entry's budget."""
    return prove_all_again(
        entries, lambda entry: bare(entry.game()), lambda game: _solver(game, table_mb), max_seconds
    )
