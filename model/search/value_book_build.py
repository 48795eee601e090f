"""A :class:`model.search.value_book.ValueBook`'s build (``pyramid-lab book build``): every
position within some plies of the new game that the compiled solver settles, on one table
for all, with a line of progress for each. Apart from the book so that a look-up (the
Analysis dock's, a probe's) loads no builder."""

from __future__ import annotations

from typing import Any, Protocol

from pyramid_lab.i18n import M_, Mn_, Value, number

from ..game import Game, game_class
from .book import VALUES, Progress, bare, lines_within
from .book_entries import Book, BookEntry


class Building(Protocol):
    """What a build reads of its book (a :class:`model.search.value_book.ValueBook`)."""

    name: str
    Book: type[Book]
    tighten_root: bool

    def solver_for(self, game: Game, table_mb: float) -> Any: ...

    def entry(self, game: Game, value: str, plies: int, exact: bool, **more: Any) -> BookEntry: ...

    def build_more(
        self, solver: Any, entries: list[BookEntry], say: Progress
    ) -> list[BookEntry]: ...


def solve_one(
    book: Building, solver: Any, game: Game, table_mb: float, seconds: float, *, tighten: bool
) -> tuple[Any, Any, int]:
    """``game``'s position solved within ``seconds`` on the table of ``solver`` (of a
    new one where None), its length tightened or not: the solver, its result and the
    positions this solve took."""
    if solver is None:
        solver = book.solver_for(game, table_mb)
    else:
        solver.retarget(game)
    solver.tighten = tighten
    solver.max_seconds = seconds
    before = solver.nodes
    result = solver.solve()
    return solver, result, result.nodes - before


def build_entries(
    book: Building,
    options: Any,
    plies: int,
    seconds: float,
    table_mb: float,
    progress: Progress | None,
) -> list[BookEntry]:
    """``ValueBook.build``'s entries: the lines' positions, the shallowest first, then
    the book's ``build_more``'s."""
    say = progress or (lambda text: None)
    lines = lines_within(game_class(book.name).new(options), plies, book.Book.key)
    solver: Any = None
    entries: list[BookEntry] = []
    for line, played in lines:
        game = bare(played)
        tighten = book.tighten_root and not line
        solver, result, nodes = solve_one(book, solver, game, table_mb, seconds, tighten=tighten)
        name = " ".join(line) or M_("the start")
        if result.value not in VALUES:
            stopped = str(result.stopped)
            said = M_(
                "{name}: not settled ({stopped}, {nodes} nodes)",
                name=name,
                stopped=stopped,
                nodes=number(nodes),
            )
            say(said)
            continue
        plies_found = result.plies
        if plies_found is None:  # a loss without a length: the game ends by then
            plies_found = solver.max_depth + (solver.max_depth % 2 != 0)
        exact = result.plies_exact and result.plies is not None
        more = {"nodes": nodes, "seconds": result.seconds, "line": line}
        entries.append(book.entry(game, result.value, plies_found, exact, **more))
        say(_settled(name, result.value, exact, plies_found, nodes, result.seconds))
    if entries and solver is not None:
        entries += book.build_more(solver, entries, say)
    return entries


def _settled(name: str, value: str, exact: bool, plies: int, nodes: int, seconds: float) -> str:
    """A book build's line for a position settled: its value within ``plies`` (a bound where
    not ``exact``), the nodes and seconds it took; a value the catalog does not know as it
    is."""
    figures: dict[str, Value] = {"name": name, "plies": plies, "nodes": number(nodes)}
    figures["seconds"] = number(seconds, digits=1)
    if (value, exact) == ("win", True):
        return Mn_(
            "{name}: win within {plies} ply, {nodes} nodes, {seconds} s",
            "{name}: win within {plies} plies, {nodes} nodes, {seconds} s",
            plies,
            **figures,
        )
    if (value, exact) == ("win", False):
        return Mn_(
            "{name}: win within {plies} ply (bound), {nodes} nodes, {seconds} s",
            "{name}: win within {plies} plies (bound), {nodes} nodes, {seconds} s",
            plies,
            **figures,
        )
    if (value, exact) == ("loss", True):
        return Mn_(
            "{name}: loss within {plies} ply, {nodes} nodes, {seconds} s",
            "{name}: loss within {plies} plies, {nodes} nodes, {seconds} s",
            plies,
            **figures,
        )
    if (value, exact) == ("loss", False):
        return Mn_(
            "{name}: loss within {plies} ply (bound), {nodes} nodes, {seconds} s",
            "{name}: loss within {plies} plies (bound), {nodes} nodes, {seconds} s",
            plies,
            **figures,
        )
    bound = "" if exact else " (bound)"
    return f"{name}: {value} within {plies} plies{bound}, {nodes:,} nodes, {seconds:.1f} s"
