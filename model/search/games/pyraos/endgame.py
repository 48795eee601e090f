"""Pyraos endgame tables for callers outside the search (the command line): count the
layers, build a table, probe a position. The tables and their kernels are
:mod:`.retro` (imported when first needed: numba)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

#: 29: a table's top layer (the top is never on a table's board).
TOP_LAYER = 29


class EndgameError(ValueError):
    """A table that cannot be used (one line, naming the file)."""


def layers() -> list[tuple[int, int, int]]:
    """(spheres, shapes, positions) for each layer from 29 down to 0, counted exactly."""
    from . import retro

    return [(n, len(retro.shapes()[n]), retro.layer_positions(n)) for n in range(29, -1, -1)]


def default_path(low: int, options: Any) -> Path:
    """The table's file in the user's cache, named by the version of the rules and ``low``."""
    from . import retro

    return retro.default_path(low, options.variant, options.removal)


def build(
    low: int,
    path: Path,
    options: Any,
    progress: Callable[[int, int, int, float], None] | None = None,
    start: Path | None = None,
) -> list[tuple[int, int, int, int]]:
    """Build the table of layers 29..``low`` for the rules ``options`` at ``path``;
    (spheres, positions, wins, losses) for each layer. ``progress(sweep, layer, decided,
    seconds)`` after each layer's sweep. ``start``: a finished table of the same rules
    with fewer layers, whose values are taken over (its layers need no work again).
    EndgameError for a ``start`` that cannot be."""
    from . import retro

    upper = None
    if start is not None:
        if start.resolve() == path.resolve():
            raise EndgameError(f"{start}: the table to build cannot be the one it starts from")
        try:
            upper = retro.EndgameTable.open(start)
        except retro.TableError as exc:
            raise EndgameError(str(exc)) from None
        if (upper.variant, upper.removal) != (options.variant, options.removal):
            raise EndgameError(f"{start}: a table of other rules")
        if upper.low < low:
            raise EndgameError(f"{start}: goes down to {upper.low} spheres, below {low}")
    table = retro.EndgameTable.create(path, low, options.variant, options.removal)
    if upper is not None:
        table.take_from(upper)
    retro.build(table, progress)
    return [(n, int(table.sizes[n]), *table.counts(n)) for n in range(29, low - 1, -1)]


def value(game: Any, path: Path) -> tuple[str, int]:
    """The table's value of ``game``'s position for the side to move: ("win" / "loss" /
    "unknown", the table's fewest spheres). EndgameError for a file that is no table, a
    damaged one, or one of other rules."""
    from . import retro

    try:
        table = retro.EndgameTable.open(path)
    except retro.TableError as exc:
        raise EndgameError(str(exc)) from None
    options = game.options
    if (table.variant, table.removal) != (options.variant, options.removal):
        raise EndgameError(
            f"{path}: a table of the {table.variant} version (removal {table.removal}), "
            f"not of this position's {options.variant} (removal {options.removal})"
        )
    white, black = game.masks()
    own, opp = (white, black) if game.to_move == "white" else (black, white)
    # The table's values hold for a position without repeats before it (as the solver's).
    fits = game.outcome() is None and not game.repeats_in_history()
    found = table.value(own, opp) if fits else retro.UNKNOWN
    return {retro.WIN: "win", retro.LOSS: "loss"}.get(found, "unknown"), table.low
