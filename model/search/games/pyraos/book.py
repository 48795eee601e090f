"""The Pyraos book: proven values of positions near the opening, shipped with the project.

It is a :class:`model.search.value_book.ValueBook` (the one entry shape, reader, writer and
verifier of every game's book): the compiled solver (:mod:`model.search.compiled.solver`)
proved each entry; the book keeps the position, the line of moves from the empty pyramid
that reached it, its value for the side to move ("win" or "loss"), the length of the
winner's strategy in plies (``exact``: the shortest win / the longest resistance; otherwise
the length of the strategy found, an upper bound) and what the proof cost. Positions are
looked up by their canonical key under the 8 symmetries, so a position reached in another
order or mirrored is found too; a value holds for every repetition option (a forced win
never repeats a position), so only the variant and the removal make its version.

What Pyraos adds to the value book: in its build (``pyramid-lab book build``), the root's
length exact, then the positions along its best line (:meth:`PyraosBook.build_more`), its
exact values (:meth:`PyraosBook.exact`: a whole-game table, the shipped opening) and the
endgame solved
live (:meth:`PyraosBook.live`: every move of a position with at most
:data:`ENDGAME_EMPTY` empty points, within the time asked: the Analysis dock's oracle). The
first format of this book (``pyramid-lab/pyraos-book/1``, a board of 30 letters an entry)
is still read, in the one shape (:func:`from_board`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ....game import Game, PositionFormatError
from ....pyraos import LATTICE, Pyraos, PyraosOptions
from ...book import (
    DRAW,
    ExactValues,
    Progress,
    exact_moves,
    lines_within,
)
from ...kernels import solver_maker
from ...value_book import FORMAT, BookEntry, ValueBook

if TYPE_CHECKING:
    from ...compiled.adapters import Adapter
    from ...tables import WholeGameTable
    from .prober.table import WholeTable

BOOK_PATH = Path(__file__).resolve().parents[3] / "data" / "pyraos_book.json"
#: The book's first format: each entry's position a board of 30 letters.
BOARD_FORMAT = "pyramid-lab/pyraos-book/1"
ENDGAME_EMPTY = 12  # positions with at most this many empty points are solved live


def from_board(raw: Any, where: str) -> Any:
    """An entry of the first format (``variant``, ``removal``, ``board``: a letter a point,
    "W", "B" or ".", in the lattice's point order, level 0 row by row first, the top last)
    in the one shape (``game``, ``options``, ``pieces``); the other fields as they are.
    PositionFormatError naming ``where`` for a board that is none."""
    if not isinstance(raw, dict):
        return raw  # refused as the one shape's entries are
    out = {k: v for k, v in raw.items() if k not in ("variant", "removal", "board")}
    out["game"] = "pyraos"
    if "variant" in raw and "removal" in raw:
        out["options"] = {"variant": raw["variant"], "removal": raw["removal"]}
    board = raw.get("board")
    if not isinstance(board, str) or len(board) != LATTICE.count or set(board) - set("WB."):
        raise PositionFormatError(
            "", f"{where}: board must be {LATTICE.count} letters W, B or ., not {board!r}"
        )
    out["pieces"] = sorted(
        [list(LATTICE.point(p)), "white" if c == "W" else "black"]
        for p, c in enumerate(board)
        if c != "."
    )
    return out


def symmetry_key(game: Game) -> int:
    """The board from the mover's side, the least of its 8 symmetric images: the compiled
    kernel's key (the plug-in's ``search_key`` is the same key in pure Python, and slower:
    the Analysis looks up every reply). The kernel loads on the first look-up."""
    from .kernel import canonical

    own, opp = _pyraos(game).mover_masks()
    return int(canonical(own, opp))


def _pyraos(game: Game) -> Pyraos:
    """``game``, a Pyraos position (the book is handed its own game's)."""
    assert isinstance(game, Pyraos), game.name
    return game


def _empty_points(game: Game) -> int:
    white, black = _pyraos(game).masks()
    return int(LATTICE.count - (white | black).bit_count())


#: The tables opened, by folder, with their header's size, time (ns) and inode when opened:
#: a header written again (atomically: a new inode), even within the clock's step, is
#: opened again.
_TABLES: dict[Path, tuple[tuple[int, int, int], WholeTable | None]] = {}


def whole_table(game: Game) -> WholeTable | None:
    """The finished whole-game table of ``game``'s rules in the user's cache
    (:func:`.prober.places.whole_folder`; ``pyramid-lab endgame build --whole`` makes it), its
    layers mapped read-only, each checked when first read
    (:meth:`.prober.table.WholeTable.open_mapped`); None where there is none, it is unfinished
    or unreadable."""
    from .prober.places import whole_folder

    folder = whole_folder(game.options)
    try:
        info = (folder / "table.json").stat()  # whole.HEADER: no kernel loaded
    except OSError:
        return None
    from .prober.files import TableError
    from .prober.table import WholeTable

    stamp = (info.st_size, info.st_mtime_ns, info.st_ino)
    cached = _TABLES.get(folder)
    if cached is None or cached[0] != stamp:
        table: WholeTable | None
        try:
            table = WholeTable.open_mapped(folder)
        except TableError:
            table = None
        cached = (stamp, table if table is not None and table.finished else None)
        _TABLES[folder] = cached
    return cached[1]


def table_value(game: Game, table: WholeGameTable) -> tuple[str, int] | None:
    """("win" / "loss", plies) of ``game``'s position for the side to move from a whole
    ``table``; ("draw", 0) for a draw (endless play: the table holds every position). A
    layer found damaged when first read
    (:meth:`.prober.table.WholeTable.check_layer`) leaves the table unused from then on (its
    folder's header must change for it to be opened again): the position then has no
    table value."""
    from .prober.files import TableError

    own, opp = _pyraos(game).mover_masks()
    try:
        byte = table.probe(own, opp)
    except TableError:
        for folder, (stamp, cached) in list(_TABLES.items()):
            if cached is table:
                _TABLES[folder] = (stamp, None)
        return None
    if byte == 0:
        return DRAW, 0
    plies = byte - 1
    return ("win" if plies % 2 else "loss"), plies


def opening_value(game: Game, opening: Any) -> tuple[str, int] | None:
    """("win" / "loss", plies) of ``game``'s position for the side to move from a shipped
    opening (:mod:`.prober.opening`); ("draw", 0) for a position of at most its spheres that it
    lacks (it holds every such position but its draws); None for a position it does not
    know, or one in a damaged block of the file (its CRC held: the book does without, as
    without a file)."""
    from .prober.opening import OpeningError

    own, opp = _pyraos(game).mover_masks()
    try:
        byte = opening.byte(own, opp)
    except OpeningError:
        return None
    if byte is None:
        return None
    if byte == 0:
        return DRAW, 0
    plies = byte - 1
    return ("win" if plies % 2 else "loss"), plies


def exact_values(game: Game) -> tuple[ExactValues, str] | None:
    """Where exact values of ``game``'s rules come from, and the source's name: a
    finished whole-game table in the user's cache ("table"), else the opening shipped
    with the book for the version (every position of the first plies and the line of
    best play, taken from such a table: "book"); None where neither is."""
    table = whole_table(game)
    if table is not None:
        return (lambda position: table_value(position, table)), "table"
    from .prober import opening as shipped  # on first use (it loads neither numpy nor a kernel)

    options = game.options
    found = shipped.shipped(options.variant, options.removal)
    if found is not None:
        return (lambda position: opening_value(position, found)), "book"
    return None


class PyraosBook(ValueBook):
    """Pyraos's book (see the module). Where a whole-game table of the position's rules
    is built (:func:`whole_table`), every position's value and every move's come from it
    at once, exact (the shortest win, the longest resistance); without one, from the
    opening shipped for the version (:mod:`.prober.opening`: the first plies and the line of best
    play, taken from such a table), and then the book's entries. A draw there (a position
    of the opening's spheres it lacks, a table's 0) is a draw: the book's entries are wins
    and losses only."""

    #: Its replies stand without their position too (the first moves, the main line).
    replies_with_position = False

    def exact(self, game: Game) -> tuple[ExactValues, str] | None:
        """:func:`exact_values`: a whole-game table of the rules, else the shipped
        opening."""
        return exact_values(game)

    def book_end(self, game: Game) -> str:
        """Where the book ends (no whole table of the rules, and the opening does not know
        every move of the position): what it knows of the position, and the one command
        that builds a table giving every move's exact value, with its time and size here
        (the Analysis dock, Hint, review and ``analyze`` say it). '' where the book or a
        table knows every move, or the game is over."""
        if game.name != self.name or game.is_over():
            return ""
        repeated = self.repetition_words(game)
        if repeated:  # a position repeated in its history may change the book's value
            return repeated
        if self.repetition_may_change(game) or self.live(game):
            return ""  # (an endgame: solved live, every move exact)
        exact = self.exact(game)
        if exact is not None and (exact[1] == "table" or exact_moves(game, *exact)[1]):
            return ""
        from .prober.cost import book_end_words

        return book_end_words(game, None if exact is None else exact[0](game))

    def live(self, game: Game) -> bool:
        """An endgame: at most :data:`ENDGAME_EMPTY` empty points."""
        return _empty_points(game) <= ENDGAME_EMPTY

    def positions_within(self, variant: str, removal: str, plies: int) -> list[tuple[str, ...]]:
        """One line of moves to each distinct position (up to symmetry) within ``plies``
        plies of the empty pyramid, shallowest first."""
        start = Pyraos.new(PyraosOptions(variant, removal))
        return [line for line, _ in lines_within(start, plies, self.Book.key)]

    #: The root's length is proven exact, for the main line (:meth:`build_more`).
    tighten_root = True

    def build_more(self, solver: Any, entries: list[BookEntry], say: Progress) -> list[BookEntry]:
        """The positions along the root's best line (:func:`.book_line.main_line`), where the root
        (the empty pyramid) was settled."""
        if entries[0].line != ():
            return []
        known = {self.Book.key(entry.game()) for entry in entries}
        from .book_line import main_line  # (a builder: a look-up loads none of it)

        return main_line(self, solver, entries[0], known, say)


def adapter(options: Any) -> Adapter:
    """The compiled kernel's adapter, for the book's solver and the plug-in (the kernels
    load here, on first use; the compiled solver proves where it fits: a bounded search
    for Pyraos, exact lengths)."""
    from .adapters import PyraosAdapter

    return PyraosAdapter(options.variant, options.removal)


BOOK = PyraosBook(
    "pyraos",
    BOOK_PATH,
    solver=solver_maker(adapter),
    key=symmetry_key,
    rules=("variant", "removal"),
    older={BOARD_FORMAT: from_board},
)

__all__ = ["BOARD_FORMAT", "BOOK", "BOOK_PATH", "ENDGAME_EMPTY", "FORMAT", "PyraosBook"]
