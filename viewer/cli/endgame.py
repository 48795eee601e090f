"""``pyramid-lab endgame count|build|probe|verify|book``: a game's whole-game table by
retrograde analysis (a byte a position with its distance to the end, resumable; push
retrograde in this process, or rounds split over a Dask cluster; docs/engines.md):
counted, built (said before, shown while, stoppable with Ctrl+C and resumed by running it
again), probed, verified, and the opening book written from it. The endgame tables of K
pieces or more (2 bits a position, the layers K to 29) were retired in issue 88: the
whole-game table answers every position they answered; ``endgame build`` without
``--whole`` and ``--min-pieces`` on a build or a probe say so in one line."""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from pyramid_lab.i18n import N_, _, format_number, format_percent, ngettext
from pyramid_lab.i18n import shown as said_in_process

from .argtypes import piece_count
from .common import EXIT_BAD_INPUT, EXIT_OK, bad_input, read_or_say, system_said
from .options import RULE_OPTION, Option, add_options, flag

if TYPE_CHECKING:
    from pyramid_lab.model.files import PositionDocument

#: A game's tables: its whole-game tables (its search package's).
Tables = TypeVar("Tables")

#: What ``endgame build`` without ``--whole`` and ``--min-pieces`` on a build or a probe
#: are told (``asked``: the words the user gave).
RETIRED = N_(
    "{asked}: the endgame tables of K pieces or more were retired; the whole-game table "
    "answers every position they answered, with its distance to the end: build it with "
    "`pyramid-lab endgame build --whole`, probe it with `pyramid-lab endgame probe FILE`"
)


class _Intermixed(argparse.ArgumentParser):
    """The command's words parsed intermixed: its FILE after the options as before them
    (``probe --whole --table DIR FILE``; argparse alone gives an optional positional
    nothing once an option follows the action, and refuses the FILE after it)."""

    _mixing = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


#: ``endgame``'s arguments, in order.
ARGUMENTS = (
    Option("action", choices=("count", "build", "probe", "verify", "book")),
    Option("file", nargs="?", metavar="FILE", help=N_("probe: a position file")),
    Option("--game", help=N_("count and build: the game (default: the one with tables)")),
    Option(
        "--min-pieces",
        type=piece_count,
        metavar="K",
        help=N_(
            "verify --against-solver: the lowest layer tried (each layer lower takes much "
            "longer, see docs/engines.md)"
        ),
    ),
    replace(RULE_OPTION, help=N_("build: a rule option of the version, e.g. variant=alternate")),
    flag(
        "--whole",
        N_(
            "build: the whole game's table (every position, distances to the end; the only "
            "kind: count, probe, verify and book always read it)"
        ),
    ),
    Option(
        "--base",
        type=int,
        choices=(2, 3, 4),
        default=4,
        help=N_(
            "--whole build: the pyramid's base (4: the game; 2 and 3: small games, for checks)"
        ),
    ),
    Option(
        "--workers",
        type=int,
        metavar="N",
        help=N_(
            "--whole build: a local Dask cluster of N worker processes, by rounds (default "
            "0: this process, push retrograde on a thread a core: faster, a byte a position in "
            "memory)"
        ),
    ),
    Option(
        "--scheduler",
        metavar="ADDRESS",
        help=N_("--whole build: the Dask scheduler of an existing cluster to split the work over"),
    ),
    Option(
        "--against-solver",
        type=int,
        metavar="N",
        help=N_(
            "verify: instead of re-deriving every value, compare random positions of "
            "each layer (29 down to --min-pieces, or to the first where the solver settles too "
            "few) with the compiled forward solver's answer, until N a layer are settled (at "
            "most 2N tried)"
        ),
    ),
    Option(
        "--seconds",
        type=float,
        default=1.0,
        metavar="S",
        help=N_("verify --against-solver: the solver's processor time a position (default 1)"),
    ),
    Option(
        "--seed",
        type=int,
        default=1,
        help=N_("verify --against-solver: the random positions' seed (default 1)"),
    ),
    Option(
        "--spheres",
        type=int,
        metavar="K",
        help=N_(
            "book: every position with at most K spheres on the board (default 9: the "
            "first 9 plies, about 0.85 MB a version)"
        ),
    ),
    Option(
        "--book",
        type=Path,
        metavar="FILE",
        help=N_(
            "book: the opening file to write (default: the package's, where the book reads it)"
        ),
    ),
    Option(
        "--table",
        type=Path,
        metavar="PATH",
        help=N_("the table's folder (default: in the user's cache, named by the version)"),
    ),
)


def add_arguments(endgame: argparse.ArgumentParser) -> None:
    # the subcommands' action makes its parsers of one class: this one's, intermixed
    endgame.__class__ = _Intermixed
    add_options(endgame, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    """``endgame``: every action on the whole game's table: count, build (asked for by
    name, ``--whole``: a long build, said before it starts), verify, probe, book; the
    options of the endgame tables of K pieces, retired, are refused in one line, saying
    why. A probe asks the position's game alone for its tables (no other game's rules or
    plug-in is loaded)."""
    if args.action == "build" and not args.whole:
        return say(_(RETIRED).format(asked="endgame build"))
    if args.min_pieces is not None and args.action in ("build", "probe"):
        return say(_(RETIRED).format(asked=f"endgame {args.action} --min-pieces"))
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


def say(message: str) -> int:
    """``message`` said on stderr as the program's; the exit code of a bad input."""
    return bad_input(f"pyramid-lab: {message}")


def probed(args: argparse.Namespace) -> PositionDocument | None:
    """``endgame probe``'s position (its document), or None, said why."""
    if args.file is None:
        say(_("endgame probe: name a position FILE"))
        return None
    return read_or_say(args.file)


def game_with_tables(
    asked: str | None, none_such: str, tables_of: Callable[[str], Tables | None]
) -> tuple[str, Tables] | str:
    """The game whose tables to use and its tables (``tables_of``: its whole-game tables):
    the one asked for, else the only game that has them; or what to say when there is none
    such (``none_such``, an ``N_`` message of ``{name}`` and ``{games}``)."""
    from pyramid_lab.model.game import game_names, quote

    games = {game: tables for game in game_names() if (tables := tables_of(game)) is not None}
    name = asked or (next(iter(games)) if len(games) == 1 else None)
    if name is None or name not in games:
        return _(none_such).format(name=quote(name), games=", ".join(games))
    return name, games[name]


def rules_options(args: argparse.Namespace, name: str) -> object:
    """The rules of game ``name`` that ``--option NAME=VALUE`` asks for (ValueError, in
    words, for a bad one)."""
    from pyramid_lab.model.game import PositionFormatError, game_class, quote

    raw: dict[str, str] = {}
    for pair in args.option:
        if "=" not in pair:
            raise ValueError(_("--option {pair}: write NAME=VALUE").format(pair=quote(pair)))
        key, value = pair.split("=", 1)
        raw[key] = value
    try:
        options: object = game_class(name).parse_options(raw)
    except PositionFormatError as exc:
        raise ValueError(f"--option: {exc}") from None
    return options


#: A table's value of a position, for the side to move (its colour: the rules' name).
VALUES_FOR = {
    "win": N_("win for {side}"),
    "loss": N_("loss for {side}"),
    "draw": N_("draw for {side}"),
    "unknown": N_("unknown for {side}"),
}


def value_for(value: str, side: str, plies: int | None = None) -> str:
    """A table's ``value`` ("win", "loss", "draw", "unknown") for ``side``, in words, with
    the ``plies`` to the end where known (a win's or a loss's)."""
    if plies is not None and value == "win":
        return ngettext(
            "win for {side} in {plies} ply", "win for {side} in {plies} plies", plies
        ).format(side=side, plies=plies)
    if plies is not None and value == "loss":
        return ngettext(
            "loss for {side} in {plies} ply", "loss for {side} in {plies} plies", plies
        ).format(side=side, plies=plies)
    if value not in VALUES_FOR:  # (no other value is made)
        return f"{value} for {side}"
    return _(VALUES_FOR[value]).format(side=side)


def agreement_line(row: Any) -> str:
    """``verify --against-solver``'s line for a layer (a ``SolverAgreement``)."""
    said = (
        N_(
            "{n} spheres: {sampled} positions, {agree} agree, {disagree} disagree, "
            "{unsettled} unsettled ({draws} a draw in the table) in {seconds} s (left: "
            "the solver settles too few here)"
        )
        if row.given_up
        else N_(
            "{n} spheres: {sampled} positions, {agree} agree, {disagree} disagree, "
            "{unsettled} unsettled ({draws} a draw in the table) in {seconds} s"
        )
    )
    return _(said).format(
        n=row.n,
        sampled=format_number(row.sampled),
        agree=format_number(row.agree),
        disagree=format_number(row.disagree),
        unsettled=format_number(row.unsettled),
        draws=format_number(row.draws),
        seconds=format_number(row.seconds, digits=0),
    )


def disagreement_line(board: str, table: str, solved: str) -> str:
    """A position where the table and the solver differ, and their values."""
    return _("disagree: {board} (O to move): {table} in the table, {solved} by the solver").format(
        board=board, table=table, solved=solved
    )


def agreements_line(rows: Any, count: int) -> str:
    """``verify --against-solver``'s last line: the layers' sums, and the layers from the
    top down where ``count`` positions (or all) were settled."""
    full = 0
    while full < len(rows) and rows[full].settled >= min(count, rows[full].sampled or 1):
        full += 1
    said = (
        N_(
            "{agree} agree, {disagree} disagree, {unsettled} unsettled over {layers} layers; "
            "layers with {count} settled (or all their positions): {low} to 29 spheres"
        )
        if full
        else N_(
            "{agree} agree, {disagree} disagree, {unsettled} unsettled over {layers} layers; "
            "layers with {count} settled (or all their positions): none"
        )
    )
    return _(said).format(
        agree=format_number(sum(row.agree for row in rows)),
        disagree=format_number(sum(row.disagree for row in rows)),
        unsettled=format_number(sum(row.unsettled for row in rows)),
        layers=sum(1 for row in rows if row.settled),
        count=format_number(count),
        low=rows[full - 1].n if full else 0,
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
    from ..lab import table_build  # (the window's words for bytes, time; memory's one reader)
    from ..lab.table_build import amount, duration

    cores = os.cpu_count() or 1
    workers = args.workers or 0
    here = workers == 0 and args.scheduler is None  # push retrograde, else rounds
    size, seconds, memory = tables.whole_estimate(args.base, workers or cores, here)
    free = table_build.memory_available()
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
