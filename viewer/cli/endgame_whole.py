"""``pyramid-lab endgame ... --whole``, ``verify`` and ``book``: the whole game's table
(a byte a position with its distance to the end, resumable; push retrograde in this
process, or rounds split over a Dask cluster; docs/engines.md): counted, built (said
before, shown while, stoppable with Ctrl+C and resumed by running it again), probed,
verified, and the opening book written from it."""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pyramid_lab.i18n import N_, _, format_number, format_percent, ngettext
from pyramid_lab.i18n import shown as said_in_process

from .common import EXIT_BAD_INPUT, EXIT_OK, system_said
from .endgame_parts import (
    agreement_line,
    agreements_line,
    disagreement_line,
    game_with_tables,
    probed,
    rules_options,
    say,
    value_for,
)


@runtime_checkable
class Versioned(Protocol):
    """Rules that name a version of a game with whole-game tables (Pyraos's)."""

    @property
    def variant(self) -> str: ...
    @property
    def removal(self) -> str: ...


def _count_whole(layers: list[tuple[int, int, int]]) -> int:
    """``endgame count --whole``: the whole-game table's layers, from the fewest pieces."""
    total = 0
    # TRANSLATORS: the headings of a table's columns, above its rows of numbers
    print(_("pieces  canonical shapes  positions (a byte each)"))
    for n, shapes, positions in reversed(layers):
        total += positions
        print(f"{n:6} {format_number(shapes):>17} {format_number(positions)}")
    print(
        _("all: {positions} positions, {bytes} bytes").format(
            positions=format_number(total), bytes=format_number(total)
        )
    )
    return EXIT_OK


def memory_available() -> int | None:
    """The bytes of memory the system can give now, None unknown: the one reader, the
    lab's (the window's build asks it too), imported only where a build is asked."""
    from ..lab.table_build import memory_available as available

    return available()


def run_whole(args: argparse.Namespace) -> int:
    """The whole game's table: count, build (said before, shown while, stoppable with
    Ctrl+C and resumed by running it again), verify, probe. A probe asks the position's
    game alone for its tables (no other game's rules or plug-in is loaded)."""
    import pyramid_lab.model.search as search

    if args.action == "probe":
        return _whole_probe(args)
    chosen = game_with_tables(
        args.game,
        N_("--game {name}: whole-game tables exist for {games}"),
        lambda game: search.tables_for(game).whole,
    )
    if isinstance(chosen, str):
        return say(chosen)
    name, tables = chosen
    if args.action == "count":
        return _count_whole(tables.whole_count(args.base))
    try:
        options = rules_options(args, name)
    except ValueError as exc:
        return say(str(exc))
    if not isinstance(options, Versioned):  # (every game with whole tables names one)
        return say(
            _("--game {name}: its rules name no version of a whole-game table").format(name=name)
        )
    folder = args.table or tables.whole_folder(options, args.base)
    if args.action == "verify":
        return _whole_verify(args, tables, folder)
    if args.action == "book":
        return _book(args, tables, folder)
    return _whole_build(args, tables, folder, options)


def _whole_probe(args: argparse.Namespace) -> int:
    """``endgame probe --whole FILE``: the position's value from its game's whole table."""
    import pyramid_lab.model.search as search

    doc = probed(args)
    if doc is None:
        return EXIT_BAD_INPUT
    game = doc.game
    tables = search.tables_for(game).whole
    if tables is None:
        return say(
            _("{file}: {game} has no whole-game tables").format(file=args.file, game=game.title)
        )
    folder = args.table or tables.whole_folder(game.options)
    if not folder.exists():
        options = game.options
        return say(
            _(
                "{folder}: no whole-game table there; build one with {command} or name one "
                "with --table"
            ).format(
                folder=folder,
                command=said_in_process(tables.whole_build_words(options.variant, options.removal)),
            )
        )
    try:
        table = tables.whole_open(folder, lookups=True)
        value, plies = tables.whole_value(game, table)
    except tables.EndgameError as exc:
        return say(str(exc))
    print(value_for(value, game.to_move, plies))
    return EXIT_OK


def _whole_verify(args: argparse.Namespace, tables: Any, folder: Path) -> int:
    """``endgame verify``: every value of the table re-derived from its children's (or,
    ``--against-solver``, random positions against the compiled solver)."""
    try:
        table = tables.whole_open(folder)
    except tables.EndgameError as exc:
        return say(str(exc))
    if args.against_solver is not None:
        return _against_solver(args, tables, table)
    began = time.perf_counter()
    total = table.positions
    print(
        _("{folder}: {total} positions to check against their children").format(
            folder=folder, total=format_number(total)
        ),
        flush=True,
    )

    def checked_to(n: int, checked: int, found: int, seconds: float) -> None:
        print(
            _(
                "{n} spheres checked: {checked} positions ({share}), {found} that do not "
                "hold, {seconds} s"
            ).format(
                n=n,
                checked=format_number(checked),
                share=format_percent(checked / total),
                found=format_number(found),
                seconds=format_number(seconds, digits=0),
            ),
            flush=True,
        )

    checked, bad = tables.whole_verify(table, checked_to)
    for n, i, text in bad[:20]:
        print(
            _("does not hold: {n} spheres, position {i}: {text}").format(
                n=n, i=format_number(i), text=text
            )
        )
    said = (
        N_(
            "{folder} (finished): {checked} positions checked against their children in "
            "{seconds} s, {bad} that do not hold"
        )
        if table.finished
        else N_(
            "{folder} (unfinished): {checked} positions checked against their children in "
            "{seconds} s, {bad} that do not hold"
        )
    )
    print(
        _(said).format(
            folder=folder,
            checked=format_number(checked),
            seconds=format_number(time.perf_counter() - began, digits=0),
            bad=format_number(len(bad)),
        )
    )
    return EXIT_OK if not bad else 1


def _whole_said(
    args: argparse.Namespace,
    tables: Any,
    options: Versioned,
    built: Any,
    resuming: bool,
) -> int | None:
    """Before a whole build: a build memory cannot hold refused (its exit code), else its
    size, memory and time said, and whether it resumes (nothing for a finished table); None
    to go on."""
    from ..lab.table_build import amount, duration  # (the window's words for bytes, time)

    cores = os.cpu_count() or 1
    workers = args.workers or 0
    here = workers == 0 and args.scheduler is None  # push retrograde, else rounds
    size, seconds, memory = tables.whole_estimate(args.base, workers or cores, here)
    free = memory_available()
    # a finished table: nothing estimated, the build only opens it (and finds another
    # build's lock)
    if built is None and here and free is not None and memory > free:
        return say(
            _(
                "the whole {variant} game, base {base}, needs {memory} of memory built in "
                "this process (a byte a position, a layer's copy and the index) and {free} "
                "are free; --workers 1 builds it by rounds in {size}, several times slower "
                "(docs/engines.md)"
            ).format(
                variant=options.variant,
                base=args.base,
                memory=amount(memory),
                free=amount(free),
                size=amount(size),
            )
        )
    if built is None:
        announced = (
            N_(
                "resuming the whole game, {version}, base {base}: {size} positions, {disk} MB "
                "on disk, {memory} MB in memory; {time} on {cores} idle cores{busy} "
                "({method}: docs/engines.md); Ctrl+C stops it, the same command resumes it"
            )
            if resuming
            else N_(
                "the whole game, {version}, base {base}: {size} positions, {disk} MB on disk, "
                "{memory} MB in memory; {time} on {cores} idle cores{busy} ({method}: "
                "docs/engines.md); Ctrl+C stops it, the same command resumes it"
            )
        )
        print(
            _(announced).format(
                version=tables.whole_version(options.variant, options.removal),
                base=args.base,
                size=format_number(size),
                disk=format_number(size / 1e6, digits=1),
                memory=format_number(memory / 1e6, digits=1),
                time=duration(seconds),
                cores=workers or cores,
                busy=busy_words(workers or cores),
                # TRANSLATORS: the names of the build's two methods (docs/engines.md)
                method=_("push retrograde") if here else _("rounds"),
            ),
            flush=True,
        )
    return None


def _whole_progress(entry: dict[str, Any]) -> None:
    """A whole build's line after each layer's share of a round or step."""
    rate = entry["evaluated"] / entry["seconds"] if entry["seconds"] else 0.0
    said = {
        "count": N_(
            "round {round}, {layer} spheres: {evaluated} counted, {decided} decided in "
            "{wall} s ({rate} a second a core)"
        ),
        "push": N_(
            "round {round}, {layer} spheres: {evaluated} pushed in {wall} s ({rate} a second "
            "a core)"
        ),
    }.get(
        entry.get("step", ""),
        N_(
            "round {round}, {layer} spheres: {evaluated} evaluated, {decided} decided in "
            "{wall} s ({rate} a second a core)"
        ),
    )
    print(
        _(said).format(
            round=entry["round"],
            layer=entry["layer"],
            evaluated=format_number(entry["evaluated"]),
            decided=format_number(entry.get("decided", 0)),
            wall=format_number(entry["wall"], digits=1),
            rate=format_number(rate, digits=0),
        ),
        flush=True,
    )


def _whole_build(args: argparse.Namespace, tables: Any, folder: Path, options: Versioned) -> int:
    """``endgame build --whole``: said before, shown while, stoppable with Ctrl+C and
    resumed by running it again."""
    workers = 0 if args.workers is None else args.workers
    if workers < 0:
        return say(_("--workers {workers}: 0 (this process) or more").format(workers=workers))
    built = _built_already(tables, folder, args.base, options)
    resuming = built is None and (folder / "table.json").is_file()
    refused = _whole_said(args, tables, options, built, resuming)
    if refused is not None:
        return refused
    began = time.perf_counter()
    steps = [0]  # the layers and steps this run has finished

    def progress(entry: dict[str, Any]) -> None:
        steps[0] += 1
        _whole_progress(entry)

    try:
        if workers == 0 and args.scheduler is None:
            table = tables.whole_build(
                folder,
                options,
                args.base,
                None,
                progress,
                say=lambda text: print(said_in_process(text), flush=True),
            )
        else:
            try:
                with tables.whole_client(workers, args.scheduler) as client:
                    table = tables.whole_build(folder, options, args.base, client, progress)
            except ConnectionError as exc:  # the scheduler cannot be reached
                return say(str(exc))
    except KeyboardInterrupt:
        print(stopped_words(folder, steps[0], resuming))
        return 130
    except OSError as exc:
        return say(_("{path}: {reason}").format(path=folder, reason=system_said(exc)))
    except tables.EndgameError as exc:
        return say(str(exc))
    rounds = table.rounds
    if built is not None:
        said = ngettext(
            "{folder}: built already ({rounds} round): nothing to do",
            "{folder}: built already ({rounds} rounds): nothing to do",
            rounds,
        )
    else:
        said = ngettext(
            "{folder} built in {seconds} s, {rounds} round",
            "{folder} built in {seconds} s, {rounds} rounds",
            rounds,
        )
    seconds = format_number(time.perf_counter() - began, digits=0)
    print(said.format(folder=folder, rounds=rounds, seconds=seconds))
    value = tables.whole_describe(table.probe(0, 0))
    print(_("the empty pyramid: {value} for the first player (white)").format(value=value))
    return EXIT_OK


def busy_words(cores: int) -> str:
    """'' on a quiet machine; else that the time said is a quiet machine's, with the load
    now (the build shares the cores: at load 10 on 2 cores its first layers took some 4
    times as long)."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # (no load average here)
        return ""
    if load <= cores / 2:
        return ""
    # TRANSLATORS: a clause added at the end of a sentence that says a build's time
    return _("; longer while the machine is busy (its load is {load} now on {cores} cores)").format(
        load=format_number(load, digits=1), cores=cores
    )


def stopped_words(folder: Path, steps: int, resuming: bool) -> str:
    """What Ctrl+C says: what the folder keeps, and how to go on."""
    if steps or resuming:
        return _(
            "stopped; {folder} keeps every layer and step done: run the same command to resume"
        ).format(folder=folder)
    return _(
        "stopped before the first layer was built: nothing of the table is kept yet (what "
        "numba finished compiling is kept in its cache); the same command starts it again"
    )


def _built_already(tables: Any, folder: Path, base: int, options: Versioned) -> Any:
    """The finished table of these rules in ``folder`` (mapped: nothing read but its
    header), or None: none there, one under way, of other rules, or one that does not open
    (the build says why)."""
    if not (folder / "table.json").is_file():
        return None
    try:
        table = tables.whole_open(folder, lookups=True)
    except tables.EndgameError:
        return None
    same = (table.base, table.variant, table.removal) == (base, options.variant, options.removal)
    return table if same and table.finished else None


def _against_solver(args: argparse.Namespace, tables: Any, table: Any) -> int:
    """``verify --against-solver N``: the table's values against the compiled forward
    solver's on N random positions a layer (docs/engines.md); exit 1 when one differs."""
    count = args.against_solver
    if count < 1:
        return say(
            _("--against-solver {count}: a number of positions, 1 or more").format(count=count)
        )
    if not args.seconds > 0:
        return say(_("--seconds {seconds}: a time above 0").format(seconds=args.seconds))
    low = 0 if args.min_pieces is None else args.min_pieces
    print(
        _(
            "{folder}: random positions against the compiled solver until {count} a layer are "
            "settled ({tried} tried at most, {seconds} s of processor time a position at "
            "most), from 29 spheres down"
        ).format(
            folder=table.folder,
            count=format_number(count),
            tried=format_number(2 * count),
            seconds=f"{args.seconds:g}",
        ),
        flush=True,
    )

    def progress(row: Any) -> None:
        print(agreement_line(row), flush=True)
        for own, opp, said, solved in row.wrong[:20]:
            print(disagreement_line(tables.whole_position_text(own, opp), said, solved))

    try:
        rows = tables.whole_against_solver(
            table, count, args.seconds, low, args.seed, progress=progress
        )
    except tables.EndgameError as exc:
        return say(str(exc))
    print(agreements_line(rows, count))
    wrong = sum(row.disagree for row in rows)
    return EXIT_OK if not wrong else 1


def _book(args: argparse.Namespace, tables: Any, folder: Path) -> int:
    """``endgame book``: the book's opening of a finished whole table's version written
    (to the package's data by default) and checked against the table."""
    spheres = 9 if args.spheres is None else args.spheres
    if not 0 <= spheres <= 29:
        return say(_("--spheres {spheres}: 0 to 29").format(spheres=spheres))
    try:
        table = tables.whole_open(folder)
        path, size, keys, wrong = tables.whole_opening(
            table, spheres, args.book, lambda text: print(text, flush=True)
        )
    except tables.EndgameError as exc:
        return say(str(exc))
    except OSError as exc:
        return say(_("{path}: {reason}").format(path=args.book, reason=system_said(exc)))
    print(
        _(
            "{path}: {size} bytes, {keys} positions of the {version}, {wrong} that the table "
            "values otherwise"
        ).format(
            path=path,
            size=format_number(size),
            keys=format_number(keys),
            version=tables.whole_version(table.variant, table.removal),
            wrong=format_number(wrong),
        )
    )
    return EXIT_OK if not wrong else 1
