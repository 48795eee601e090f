"""Pyraos's whole-game tables for callers outside the search (the command line, the lab):
count the layers, build a table, open, probe and verify one, write the book's opening from
it. Each function imports what it needs when called from one of the two folders: a probe
loads the reader (:mod:`.prober`: the table opened, checked and probed, the shipped
opening read), never the builder (:mod:`.builder`; tests/model/test_pyraos_prober.py);
what a build costs is the prober's (:mod:`.prober.cost`), said without the builder.

The endgame tables of K spheres or more (``retro.py``, 2 bits a position, win or loss, the
layers K to 29) were retired in issue 88: the whole-game table answers every position they
answered, with its distance to the end and the draws, in one file format with one reader
(docs/engines.md, "Pyraos endgame tables (retired)")."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import M_, Message

from ....errors import SaidError
from ....words import reason_of
from .prober.cost import whole_build_words as whole_build_words  # (the door's: tables.py)
from .prober.cost import whole_estimate as whole_estimate

if TYPE_CHECKING:
    from ...tables import WholeGameTable
    from .builder.agreement import LayerAgreement
    from .prober.table import WholeTable

#: 29: a table's top layer of the game's pyramid (the top is never on a table's board).
TOP_LAYER = 29


class EndgameError(SaidError):
    """A table that cannot be used (one line, naming the file): a Message, said in the
    language of whoever reads it."""


def whole_folder(options: Any, base: int = 4) -> Path:
    """The whole-game table's folder in the user's cache (:func:`.places.whole_folder`),
    named by the rules."""
    from .prober.places import whole_folder as folder

    return folder(options, base)


def whole_count(base: int = 4) -> list[tuple[int, int, int]]:
    """(spheres, canonical shapes, positions) of each layer of the whole-game table."""
    from .prober.index import index

    ix = index(base)
    return [(n, len(ix.shapes[n]), ix.sizes[n]) for n in range(ix.layers)]


def whole_build(
    folder: Path,
    options: Any,
    base: int = 4,
    client: Any = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    stop: Callable[[], bool] | None = None,
    say: Callable[[str], None] | None = None,
) -> WholeTable:
    """Build (or resume) the whole-game table in ``folder`` (``client`` None: in this
    process by push retrograde; a Dask client: by rounds over its workers); EndgameError
    for a folder of another kind, a damaged one or one of other rules. ``say`` gets what
    the build says beside its layers (resuming and what is kept; the kernels compiling).
    ``stop()`` is asked between units of a few seconds: once it says so, the build ends
    keeping what it did (the next build resumes it). The table: finished, or, stopped, as
    far as it got (not ``finished``; its layers mapped, as :func:`whole_open` with
    ``lookups``)."""
    from .builder.building import BuildRun, build_folder
    from .builder.steps import Stopped
    from .prober.files import TableError

    try:
        run = BuildRun(client=client, progress=progress, stop=stop, say=say)
        return build_folder(folder, base, options.variant, options.removal, **run)
    except TableError as exc:
        raise EndgameError(reason_of(exc)) from None
    except Stopped:
        return whole_open(folder, lookups=True)


def whole_open(folder: Path, lookups: bool = False) -> WholeTable:
    """The whole-game table in ``folder``, every layer read and checked; with ``lookups``
    mapped instead, a layer checked when a look-up first reads it (a probe of a position
    reads one layer's checksum and a page: :meth:`.prober.table.WholeTable.open_mapped`).
    EndgameError when it cannot be."""
    from .prober.files import TableError
    from .prober.table import WholeTable

    try:
        if lookups:
            return WholeTable.open_mapped(folder)
        return WholeTable.open(folder)
    except TableError as exc:
        raise EndgameError(reason_of(exc)) from None


def whole_value(game: Any, table: WholeGameTable) -> tuple[str, int | None]:
    """("win" / "loss" / "draw" / "unknown", plies to the end) of ``game``'s position for
    the side to move from a whole-game table (unknown: an unfinished table's undecided)."""
    if table.base != 4:
        raise EndgameError(not_the_games(table))
    _check_rules(table.folder, table.variant, table.removal, game.options)
    from .prober.files import TableError

    own, opp = game.mover_masks()
    try:
        byte = table.probe(own, opp)
    except TableError as exc:  # a mapped layer found damaged when first read
        raise EndgameError(reason_of(exc)) from None
    if byte == 0:
        return ("draw" if table.finished else "unknown"), None
    plies = byte - 1
    return ("win" if plies % 2 else "loss"), plies


def _own(table: WholeGameTable) -> WholeTable:
    """``table`` as this game's own (:class:`.prober.table.WholeTable`); EndgameError for a table
    another game made."""
    from .prober.table import WholeTable

    if not isinstance(table, WholeTable):
        raise EndgameError(M_("{folder}: not a Pyraos whole-game table", folder=str(table.folder)))
    return table


def whole_verify(
    table: WholeGameTable, progress: Callable[[int, int, int, float], None] | None = None
) -> tuple[int, list[tuple[int, int, str]]]:
    """(positions checked, every position whose value does not follow from its children's,
    or that is a copy no look-up reads and holds a value, as (spheres, index in the layer,
    the board and the table's value in words)).
    ``progress(spheres, positions checked so far, found so far, seconds)`` after each
    layer."""
    from .builder.verifying import is_copy, verify
    from .prober.table import describe, position_text

    table = _own(table)
    checked, bad = verify(table, progress)
    named = [
        (
            n,
            i,
            f"{position_text(own, opp, table.base)} (O to move), "
            + (
                f"a copy no look-up reads, {int(table.values[n][i])} where it holds 0"
                if is_copy(table, n, i, own, opp)
                else f"{describe(int(table.values[n][i]))} in the table"
            ),
        )
        for n, i, own, opp in bad
    ]
    return checked, named


def whole_describe(byte: int) -> str:
    """A table's byte in words ("a win in 15 plies", "a draw (endless play)")."""
    from .prober.table import describe

    return describe(byte)


def whole_client(workers: int, scheduler: str | None) -> AbstractContextManager[Any]:
    """A Dask client (a context manager) of a local cluster of ``workers`` processes or of
    the cluster at ``scheduler``, as the split solve makes it (its public
    :func:`model.search.split_cluster.dask_client`; SchedulerError, one line, when it cannot be
    reached)."""
    from ...split_cluster import dask_client

    return dask_client(workers, scheduler)


def whole_against_solver(
    table: WholeGameTable,
    count: int,
    seconds: float,
    low: int = 0,
    seed: int = 1,
    give_up: float = 0.1,
    progress: Callable[[LayerAgreement], None] | None = None,
    tries: int | None = None,
) -> list[LayerAgreement]:
    """The table against the compiled forward solver (:mod:`.builder.agreement`): random
    positions of each layer from 29 down to ``low`` until ``count`` are settled or
    ``tries`` (twice ``count`` if None) are tried, each solved within ``seconds``; a
    layer whose first tenth (100 at least) settles below ``give_up`` is left, and the
    layers below it are not tried (the solver settles fewer there). Each layer's
    :class:`.agreement.LayerAgreement`, also given to ``progress`` when done.
    EndgameError for a table not of the game's pyramid."""
    import random

    from ...kernels import solver_maker
    from .book import adapter
    from .builder import agreement

    table = _own(table)
    if table.base != 4:
        raise EndgameError(
            M_(
                "{folder}: a table of the base-{base} pyramid; the compiled solver plays the "
                "game's (base 4)",
                folder=str(table.folder),
                base=table.base,
            )
        )

    make = solver_maker(adapter)
    rng = random.Random(seed)
    rows = []
    for n in range(TOP_LAYER, low - 1, -1):
        row = agreement.compare_layer(
            table,
            n,
            count,
            seconds,
            rng,
            lambda game: make(game, table_mb=agreement.TABLE_MB),
            give_up,
            2 * count if tries is None else tries,
        )
        rows.append(row)
        if progress is not None:
            progress(row)
        if row.given_up:
            break
    return rows


def whole_position_text(own: int, opp: int, base: int = 4) -> str:
    """A board as the spec writes it (levels bottom first, ``O`` the side to move's)."""
    from .prober.table import position_text

    return position_text(own, opp, base)


def _check_rules(where: object, variant: str, removal: str, options: Any) -> None:
    """EndgameError unless a table made for ``variant`` and ``removal`` (found at ``where``)
    is of the rules of a game with ``options`` (a PyraosOptions)."""
    if (variant, removal) != (options.variant, options.removal):
        raise EndgameError(
            M_(
                "{where}: a table of the {version}, not of this position's {wanted}",
                where=str(where),
                version=whole_version(variant, removal),
                wanted=whole_version(options.variant, options.removal),
            )
        )


def not_the_games(table: WholeGameTable) -> Message:
    """``table`` is of another pyramid than the game's (base 4)."""
    return M_(
        "{folder}: a table of the base-{base} pyramid, not the game's",
        folder=str(table.folder),
        base=table.base,
    )


def whole_version(variant: str, removal: str) -> Message:
    """The version of the rules in words ("children's version (no removals)", "standard
    version (removal 0-2)")."""
    from .prober.files import version_words

    return version_words(variant, removal)


def whole_opening(
    table: WholeGameTable,
    spheres: int,
    path: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> tuple[Path, int, int, int]:
    """The book's opening of ``table``'s version (:mod:`.prober.opening`: every position with at
    most ``spheres`` spheres and the line of best play) written to ``path`` (default: the
    package's data, where the book reads it) and read back and checked against the table
    key by key: (the path, its bytes, its keys, how many the table values otherwise).
    EndgameError for an unfinished table or another pyramid's; OSError where it cannot
    be written."""
    from .builder import opening as opening_build
    from .prober import opening

    table = _own(table)
    if table.base != 4:
        raise EndgameError(not_the_games(table))
    if not table.finished:
        raise EndgameError(
            M_("{folder}: unfinished; the book takes a finished table", folder=str(table.folder))
        )
    made = opening_build.build(table, spheres, progress)
    path = path or opening.path_of(table.variant, table.removal)
    size = opening.write(made, path)
    try:
        back = opening.read(path)
    except opening.OpeningError as exc:
        raise EndgameError(reason_of(exc)) from None
    return path, size, back.count, opening_build.check(back, table)
