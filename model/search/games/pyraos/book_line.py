"""The Pyraos book's build adds the positions along the root's best line
(:meth:`.book.PyraosBook.build_more`), each settled again from the solver's table: apart
from the book so that a look-up loads no builder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...book import bare

if TYPE_CHECKING:
    from ...book import Progress
    from ...book_entries import BookEntry
    from ...value_book_build import Building


def main_line(
    book: Building, solver: Any, root: BookEntry, known: set[Any], say: Progress
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
        key = book.Book.key(position)
        if key not in known:
            known.add(key)
            out.append(
                book.entry(
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
