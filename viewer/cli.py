"""The ``pyramid-lab`` command line (the contract is in the README and ``formats.md``).

Exit status: 0 success, 2 malformed file or bad arguments (message on stderr), 1 internal
error. Commands that need no window import no Qt or VTK, so they stay fast.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from model.game import OverlaySpec, game_class, game_names

# export's limits and defaults (viewer.export imports no Qt or VTK at its top either)
from .export import DEFAULT_FPS, DEFAULT_FRAMES, DEFAULT_HOLD, MAX_FPS, MAX_FRAMES, MAX_HOLD

if TYPE_CHECKING:
    from model.game import Game

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"pyramid-lab: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def _non_negative(text: str) -> int:
    if len(text) > 20:  # int() refuses numbers of thousands of digits with ValueError anyway
        raise argparse.ArgumentTypeError(f"{text[:20]}...: too long for a number")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


#: Deepest ``perft``: it counts every sequence of moves, so even two moves a ply would be
#: 2**100 sequences; only a position with forced moves could be counted that deep.
MAX_PERFT_DEPTH = 100


def _perft_depth(text: str) -> int:
    value = _non_negative(text)
    if value > MAX_PERFT_DEPTH:
        raise argparse.ArgumentTypeError(f"must be 0 to {MAX_PERFT_DEPTH}, not {value}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):  # inf, nan, and numbers of hundreds of digits (inf too)
        shown = text if len(text) <= 20 else f"a number of {len(text)} characters"
        raise argparse.ArgumentTypeError(f"must be a finite number, not {shown}")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def _table_mb(text: str) -> float:
    """A table size in MiB: more than 0, and at most the machine's memory (a bigger one
    would be refused by the allocator or swap the machine to a halt)."""
    value = _positive_float(text)
    memory = _memory_mb()
    if memory is not None and value > memory:
        raise argparse.ArgumentTypeError(
            f"must be at most this machine's memory, {memory:,.0f} MiB, not {text}"
        )
    return value


def _memory_mb() -> float | None:
    """The machine's physical memory in MiB, where the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (AttributeError, ValueError, OSError):
        return None


#: The longest ``analyze --engine`` may think on one position.
MAX_ENGINE_SECONDS = 3600.0


def _engine_seconds(text: str) -> float:
    value = _positive_float(text)
    if not value <= MAX_ENGINE_SECONDS:  # also refuses inf
        raise argparse.ArgumentTypeError(
            f"must be at most {MAX_ENGINE_SECONDS:g} seconds, not {text}"
        )
    return value


def _bounded(lo: int, hi: int):
    def parse(text: str) -> int:
        value = _non_negative(text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be {lo} to {hi}, not {value}")
        return value

    return parse


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)x(\d+)", text)
    if match is None or not all(16 <= int(v) <= 8192 for v in match.groups()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1024x768 (16 to 8192)")
    return int(match.group(1)), int(match.group(2))


def _level_range(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d{1,6}):(\d{1,6})", text)
    if match is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a level range like 0:2")
    lo, hi = int(match.group(1)), int(match.group(2))
    if lo > hi:
        raise argparse.ArgumentTypeError(f"{text!r}: the first level must not be above the last")
    return lo, hi


def overlay_specs() -> dict[str, tuple[OverlaySpec, list[str]]]:
    """Every game's lesson overlays by name, with the titles of the games that have it."""
    specs: dict[str, tuple[OverlaySpec, list[str]]] = {}
    for name in game_names():
        cls = game_class(name)
        for spec in cls.lesson_overlays:
            specs.setdefault(spec.name, (spec, []))[1].append(cls.title)
    return specs


def _choice(choices: tuple[str, ...]):
    def parse(text: str) -> str:
        for choice in choices:
            if text.upper() == choice.upper():
                return choice
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(choices)}")

    return parse


def _add_view_options(command: argparse.ArgumentParser) -> None:
    """The view options of ``render`` and ``export``: size, levels, peel, clips, camera,
    ghosts, cut-open balls and each game's teaching overlays."""
    command.add_argument("--size", type=_size, default=(1024, 768), metavar="WxH")
    command.add_argument(
        "--levels",
        type=_level_range,
        default=None,
        metavar="LO:HI",
        help="show only levels LO to HI (0 is the base)",
    )
    command.add_argument(
        "--peel",
        type=_non_negative,
        default=0,
        metavar="S",
        help="hide the balls within S steps of any wall",
    )
    command.add_argument(
        "--clip",
        action="append",
        default=[],
        metavar="PLANE",
        help="hide balls beyond a plane, e.g. x<=2.5 or z>=0.7 (repeatable)",
    )
    command.add_argument("--view", choices=["iso", "top", "front", "side"], default="iso")
    command.add_argument(
        "--ghost-peeled", action="store_true", help="draw peeled and clipped balls as faint ghosts"
    )
    command.add_argument(
        "--cut-open",
        action="store_true",
        help="draw the balls a clip plane passes through cut open",
    )
    by_games: dict[tuple[str, ...], argparse._ArgumentGroup] = {}
    for spec, titles in overlay_specs().values():
        games = tuple(titles)
        if games not in by_games:
            by_games[games] = command.add_argument_group(
                f"{' and '.join(games)} overlays (a lesson file's own overlays are drawn as well)"
            )
        group = by_games[games]
        flag = f"--{spec.name.replace('_', '-')}"
        if spec.choices:
            group.add_argument(
                flag,
                type=_choice(spec.choices),
                default=None,
                metavar=spec.name.upper(),
                help=f"{spec.help} ({', '.join(spec.choices)})",
            )
        else:
            group.add_argument(flag, action="store_true", help=spec.help)
    command.add_argument(
        "--no-lesson", action="store_true", help="leave out a lesson file's overlays and caption"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pyramid-lab",
        description="Pyramid Lab: explore, edit and analyse pyramid board-game positions.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    open_ = commands.add_parser("open", help="open the desktop app (on Lesson 1 without a FILE)")
    open_.add_argument("file", nargs="?", metavar="FILE")

    analyze = commands.add_parser(
        "analyze", help="validate and analyse position files (one JSON line per file)"
    )
    analyze.add_argument("files", nargs="+", metavar="FILE")
    analyze.add_argument(
        "--text",
        action="store_true",
        help="explain each position in words (corners, holding groups, isolated regions)",
    )
    analyze.add_argument(
        "--engine",
        action="store_true",
        help="add the engine's analysis: the win rate, every legal move ranked, and a "
        "forced win the prover finds within 7 plies",
    )
    analyze.add_argument(
        "--seconds",
        type=_engine_seconds,
        default=None,
        metavar="S",
        help="with --engine: think S seconds on each position (default 3)",
    )

    perft = commands.add_parser("perft", help="count the move sequences of a given length")
    perft.add_argument("file", metavar="FILE")
    perft.add_argument("depth", metavar="DEPTH", type=_perft_depth, help="0 to 100")

    resolve = commands.add_parser(
        "resolve",
        help="Pyramid Ball: resolve one turn row by row (the new position and why, as JSON)",
    )
    resolve.add_argument("file", metavar="FILE")
    resolve.add_argument("offence", metavar="OFFENCEPROG", help="e.g. F,R,R/S,>L,F/B,F,F")
    resolve.add_argument("defence", metavar="DEFENCEPROG")
    resolve.add_argument(
        "--choose",
        action="append",
        default=[],
        metavar="SPECIAL",
        help="advanced game: the special move a scored-on player takes first (dash, "
        "quick_pass, blitz; once per pending choice, in order)",
    )

    solve = commands.add_parser(
        "solve", help="prove the value of a position by search (Ctrl+C stops it with a report)"
    )
    solve.add_argument("file", metavar="FILE")
    solve.add_argument(
        "--max-seconds",
        type=_positive_float,
        default=None,
        metavar="S",
        help="stop after S seconds and report how far the search got",
    )
    solve.add_argument(
        "--max-depth",
        type=_non_negative,
        default=200,
        metavar="PLIES",
        help="deepest iteration (default 200)",
    )
    solve.add_argument(
        "--table-mb",
        type=_table_mb,
        default=2048,
        metavar="MB",
        help="transposition table of a game's compiled solver, in MiB (default 2048)",
    )
    solve.add_argument(
        "--no-book",
        action="store_true",
        help="prove the value by search even where the game's book of proven values has it",
    )
    solve.add_argument("--quiet", action="store_true", help="no progress lines on stderr")

    book = commands.add_parser(
        "book",
        help="a game's book of proven values: show it, prove its entries again, or build it",
    )
    book.add_argument("action", choices=("verify", "build", "show"))
    book.add_argument(
        "--book", metavar="FILE", default=None, help="the book file (default: the shipped one)"
    )
    book.add_argument(
        "--game", default=None, help="the game whose book (default: the one game with a book)"
    )
    book.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="build: a rule option of the version to build, e.g. variant=children",
    )
    book.add_argument(
        "--plies",
        type=_non_negative,
        default=1,
        metavar="N",
        help="build: every position within N plies of the empty pyramid (1)",
    )
    book.add_argument(
        "--seconds",
        type=_positive_float,
        default=600.0,
        metavar="S",
        help="build: at most S seconds a position (600)",
    )
    book.add_argument(
        "--table-mb",
        type=_table_mb,
        default=2048,
        metavar="MB",
        help="build and verify: the solver's table in MiB (verify: one table for the run, "
        "so the fuller entries, proven first, make the emptier ones cheap)",
    )
    book.add_argument(
        "--sample",
        type=_non_negative,
        default=None,
        metavar="N",
        help="verify: N entries chosen at random (seeded), the cheapest first",
    )
    book.add_argument(
        "--min-pieces",
        type=_non_negative,
        default=None,
        metavar="N",
        help="verify: only entries with at least N pieces on the board (the cheap ones)",
    )
    book.add_argument(
        "--max-seconds",
        type=_positive_float,
        default=None,
        metavar="S",
        help="verify: at most S seconds an entry (the budget; without it an entry takes "
        "what it needs)",
    )

    verify = commands.add_parser(
        "verify",
        help="prove each puzzle's goal against every defence; check its solution, list cooks",
    )
    verify.add_argument("files", nargs="+", metavar="FILE")
    verify.add_argument(
        "--max-seconds",
        type=_positive_float,
        default=60.0,
        metavar="S",
        help="give up on a puzzle after S seconds (default 60): it then counts as not verified",
    )
    verify.add_argument(
        "--no-cooks", action="store_true", help="a puzzle with a second winning first move fails"
    )

    puzzles = commands.add_parser(
        "puzzles",
        help="list a puzzle collection in order: difficulty and the puzzles you solved",
    )
    puzzles.add_argument(
        "folder",
        nargs="?",
        metavar="FOLDER",
        help="a folder of puzzle files or a shipped collection's name (none: list those)",
    )
    puzzles.add_argument("--json", action="store_true", help="one JSON line per puzzle")
    practice = commands.add_parser(
        "practice", help="open the window practising a collection, at its first unsolved puzzle"
    )
    practice.add_argument(
        "folder", metavar="FOLDER", help="a folder of puzzle files or a shipped collection's name"
    )
    lesson = commands.add_parser("lesson", help="lesson files (*.lesson.json)")
    lesson_commands = lesson.add_subparsers(dest="lesson_command", required=True)
    lesson_check = lesson_commands.add_parser(
        "check",
        help="prove every task of each lesson has a right answer and the author's answers "
        "are accepted (exit 2 naming the step otherwise)",
    )
    lesson_check.add_argument("files", nargs="+", metavar="FILE")

    render = commands.add_parser("render", help="draw a position to a picture file, headless")
    render.add_argument("file", metavar="FILE")
    render.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT.png",
        help="the picture to write: .png, .jpg, .jpeg, .bmp, .tif or .tiff",
    )
    _add_view_options(render)

    export = commands.add_parser(
        "export",
        help="export a position, headless: a picture, a turntable or replay (GIF, MP4), "
        "a 3D web page (HTML) or floor plans for print (PDF)",
    )
    export.add_argument("file", metavar="FILE")
    export.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT.EXT",
        help="the file to write, its format by extension: a picture (.png, .jpg, ...), an "
        "animation (.gif, .mp4: with --turntable or --replay), an interactive 3D web page "
        "(.html, opens offline in any browser) or a sheet of floor plans per level (.pdf)",
    )
    motion = export.add_mutually_exclusive_group()
    motion.add_argument(
        "--turntable",
        dest="motion",
        action="store_const",
        const="turntable",
        help="an animation of the camera orbiting the board",
    )
    motion.add_argument(
        "--replay",
        dest="motion",
        action="store_const",
        const="replay",
        help="an animation of the game's moves from the start of the file's history",
    )
    export.add_argument(
        "--frames",
        type=_bounded(1, MAX_FRAMES),
        default=None,
        metavar="N",
        help=f"with --turntable: frames for one turn (default {DEFAULT_FRAMES})",
    )
    export.add_argument(
        "--hold",
        type=_bounded(1, MAX_HOLD),
        default=None,
        metavar="N",
        help=f"with --replay: frames each position is shown (default {DEFAULT_HOLD})",
    )
    export.add_argument(
        "--fps",
        type=_bounded(1, MAX_FPS),
        default=None,
        metavar="N",
        help=f"an animation's frames per second (default {DEFAULT_FPS})",
    )
    export.add_argument(
        "--title",
        default=None,
        metavar="TEXT",
        help="the title of a web page or floor-plan sheet (default: the puzzle's title, "
        "else the file's name)",
    )
    _add_view_options(export)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["open"])
    try:
        return _COMMANDS[args.command](args)
    except KeyboardInterrupt:
        print("pyramid-lab: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception:
        traceback.print_exc()
        print(
            "pyramid-lab: internal error (the report above is a bug; please file it)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _analyze(args: argparse.Namespace) -> int:
    from model import PositionFormatError
    from model.files import read

    if args.seconds is not None and not args.engine:
        print("pyramid-lab: error: argument --seconds: only with --engine", file=sys.stderr)
        return EXIT_BAD_INPUT
    status = EXIT_OK
    out = sys.stdout
    for path in args.files:
        try:
            doc = read(path)
        except PositionFormatError as exc:
            status = EXIT_BAD_INPUT
            print(f"pyramid-lab: {exc}", file=sys.stderr)
            if not args.text:
                out.write(json.dumps({"file": path, "error": str(exc)}) + "\n")
            continue
        analysis, refused = None, None
        if args.engine:
            try:
                analysis = _engine(doc.game, args.seconds)
            except ValueError as exc:  # no one player to move: nothing to rank
                status, refused = EXIT_BAD_INPUT, str(exc)
                print(f"pyramid-lab: {path}: {refused}", file=sys.stderr)
        if args.text:
            text = _explain(path, doc.game)
            if analysis is not None:
                text += "\n" + _explain_analysis(analysis)
            out.write(text + "\n")
        else:
            line = {"file": path, **doc.game.summary()}
            if analysis is not None:
                line["engine"] = analysis.to_json()
            elif refused is not None:
                line["engine"] = {"error": refused}
            out.write(json.dumps(line) + "\n")
        out.flush()  # a line per file as soon as it is analysed
    return status


ENGINE_SECONDS = 3.0


def _engine(game: Game, seconds: float | None) -> Any:
    from model.search import analyse

    return analyse(game, seconds=seconds or ENGINE_SECONDS)


def _explain_analysis(analysis: Any) -> str:
    """The engine's analysis in words: the evaluation, the best moves, a proven win."""
    lines = [f"  engine: {analysis.evaluation_text}"]
    for stat in analysis.moves[:5]:
        proven = f", proven {stat.proven}" if stat.proven else ""
        lines.append(f"    {stat.move}: win rate {round(stat.win_rate * 100)}%{proven}")
    if len(analysis.moves) > 5:
        lines.append(f"    ... {len(analysis.moves) - 5} more moves")
    if analysis.proven_text:
        lines.append(f"  {analysis.proven_text}")
    return "\n".join(lines)


def _explain(path: str, game: Game) -> str:
    """A teacher's reading of a position, in words."""
    lines = [f"{path}"]
    summary = game.summary()
    lines.append(f"  game: {game.title}, {game.options.to_json()}")
    if summary["winner"]:
        lines.append(f"  game over: {summary['winner']} ({summary['termination']})")
    else:
        lines.append(f"  {summary['to_move']} to move, {summary['legal_move_count']} legal moves")
    lines += [f"  {line}" for line in game.explain()]
    return "\n".join(lines)


def _perft(args: argparse.Namespace) -> int:
    from model import PositionFormatError
    from model.files import read
    from model.search import perft

    try:
        doc = read(args.file)
    except PositionFormatError as exc:
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        count = perft(doc.game, args.depth)
    except ValueError as exc:  # a game whose turns are too many to count this deep
        print(f"pyramid-lab: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(count)
    return EXIT_OK


def _resolve(args: argparse.Namespace) -> int:
    from model import IllegalMoveError, InvalidMoveError, PositionFormatError
    from model.files import read

    try:
        doc = read(args.file)
    except PositionFormatError as exc:
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    resolve = getattr(doc.game, "resolve_text", None)
    if resolve is None:
        print(
            f"pyramid-lab: error: {args.file}: resolve plays a programmed turn (Pyramid Ball), "
            f"not a turn of {doc.game.title}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    try:
        result = resolve(args.offence, args.defence, args.choose)
    except (InvalidMoveError, IllegalMoveError) as exc:
        print(f"pyramid-lab: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(result, indent=2))
    return EXIT_OK


def _solve(args: argparse.Namespace) -> int:
    import resource

    from model import PositionFormatError
    from model.files import read
    from model.search import solve, unsolvable

    try:
        game = read(args.file).game
    except PositionFormatError as exc:
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    reason = unsolvable(game)
    if reason is not None:
        print(f"pyramid-lab: error: {args.file}: cannot be solved: {reason}", file=sys.stderr)
        return EXIT_BAD_INPUT

    def progress(depth: int, nodes: int, seconds: float, entries: int) -> None:
        rate = nodes / seconds if seconds > 0 else 0.0
        memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"solve: within {depth} plies, {nodes:,} positions, {seconds:.1f} s, {rate:,.0f}/s, "
            f"table {entries:,}, memory {memory:,.0f} MB",
            file=sys.stderr,
            flush=True,
        )

    try:
        result = solve(  # Ctrl+C ends the search and still reports
            game,
            book=not args.no_book,
            table_mb=args.table_mb,
            max_seconds=args.max_seconds,
            max_depth=args.max_depth,
            progress=None if args.quiet else progress,
        )
    except MemoryError as exc:
        print(_no_memory(args.table_mb, exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    if result.path == "book":
        print("solve: from the book (--no-book proves it again)", file=sys.stderr, flush=True)
    kind = {"reference": "shared"}.get(result.path, result.path)  # the CLI's older word
    report = {
        "file": args.file,
        "game": game.name,
        "to_move": game.to_move,
        "solver": kind,
        **result.to_json(),
    }
    print(json.dumps(report), flush=True)
    return EXIT_OK


def _no_memory(table_mb: float, exc: MemoryError) -> str:
    """The one line for a search that ran out of memory (its table, most likely)."""
    detail = f" ({exc})" if str(exc) else ""
    return f"pyramid-lab: error: out of memory{detail}; try a smaller --table-mb than {table_mb:g}"


def _book(args: argparse.Namespace) -> int:
    """build: write a new book (merged with the file's entries of other versions); verify:
    one JSON line an entry, exit 2 when one is not proven again; show: the entries. The
    game's book (its search plug-in's, ``model.search.book_for``) does the work."""
    import random

    from model import PositionFormatError
    from model.search import book_for, book_games

    with_books = book_games()
    name = args.game or (with_books[0] if len(with_books) == 1 else None)
    if name not in with_books:
        print(
            f"pyramid-lab: error: --game is one of {', '.join(with_books)} (the games with a "
            "book of proven values)",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    cls = game_class(name)
    books = book_for(name)
    if args.book is not None and not args.book.strip():
        print("pyramid-lab: error: argument --book: an empty file name", file=sys.stderr)
        return EXIT_BAD_INPUT
    path = Path(args.book) if args.book is not None else books.BOOK_PATH
    if args.action == "build":  # the output first: a build may take hours
        from model.files import check_writable

        try:
            check_writable(path)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            print(f"pyramid-lab: error: --book: cannot write {path}: {reason}", file=sys.stderr)
            return EXIT_BAD_INPUT
    # a book to build may be new, as may the shipped one be missing; one to read may not
    new = not os.path.lexists(path) and (args.action == "build" or args.book is None)
    try:
        book = books.Book([]) if new else books.Book.read(path)
    except PositionFormatError as exc:
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.action == "show":
        for entry in book.entries:
            print(json.dumps(entry.to_json()), flush=True)
        return EXIT_OK
    if args.action == "build":
        bad = [text for text in args.option if "=" not in text]
        if bad:
            print(
                f"pyramid-lab: error: argument --option: {bad[0]!r} is not NAME=VALUE",
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
        try:
            pairs: dict[str, Any] = dict(text.split("=", 1) for text in args.option)
            pairs = {k: int(v) if v.lstrip("-").isdigit() else v for k, v in pairs.items()}
            options = cls.parse_options(pairs)
        except PositionFormatError as exc:
            print(f"pyramid-lab: error: argument --option: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT

        def say(text: str) -> None:
            print(f"book: {text}", file=sys.stderr, flush=True)

        try:
            made = books.build(
                options,
                plies=args.plies,
                seconds=args.seconds,
                table_mb=args.table_mb,
                progress=say,
            )
        except MemoryError as exc:
            print(_no_memory(args.table_mb, exc), file=sys.stderr)
            return EXIT_BAD_INPUT
        version = books.version_of(options)
        kept = [e for e in book.entries if e.versions != version]
        try:
            books.Book([*kept, *made], book.note).write(path)
        except OSError as exc:
            print(f"pyramid-lab: error: --book: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(json.dumps({"book": str(path), "entries": len(made), "kept": len(kept)}))
        return EXIT_OK
    entries = [
        e
        for e in book.entries
        if args.min_pieces is None or len(e.game().pieces()) >= args.min_pieces
    ]
    if args.sample is not None and args.sample < len(entries):
        entries = random.Random(0).sample(entries, args.sample)
    entries.sort(key=lambda e: -len(e.game().pieces()))  # the fullest (cheapest) first
    status = EXIT_OK
    verdicts = books.verify_entries(entries, max_seconds=args.max_seconds, table_mb=args.table_mb)
    for entry, verdict in zip(entries, verdicts, strict=True):
        if not verdict.ok:
            status = EXIT_BAD_INPUT
            print(f"pyramid-lab: book entry {entry.board}: {verdict.reason}", file=sys.stderr)
        print(json.dumps(verdict.to_json()), flush=True)
    return status


def _verify(args: argparse.Namespace) -> int:
    """One JSON line per file; exit 2 when a file is malformed or a puzzle is not verified
    (its goal fails or is not settled in time, its key move fails, or, with --no-cooks, it
    has cooks)."""
    from model import PositionFormatError
    from model.files import read
    from model.search import verify

    status = EXIT_OK
    for path in args.files:
        line: dict[str, Any] = {"file": path}
        try:
            doc = read(path)
            verdict = verify(doc.game, doc.puzzle, max_seconds=args.max_seconds)
        except (PositionFormatError, ValueError) as exc:  # a bad file, or no goal in it
            status = EXIT_BAD_INPUT
            named = str(exc) if isinstance(exc, PositionFormatError) else f"{path}: {exc}"
            print(f"pyramid-lab: {named}", file=sys.stderr)
            print(json.dumps({**line, "error": str(exc)}), flush=True)
            continue
        line.update(game=doc.game.name, **verdict.to_json())
        if args.no_cooks and verdict.verified and verdict.cooks:
            line["verified"] = False
            line["reason"] = f"cooked: {', '.join(verdict.cooks)} also win"
        if not line["verified"]:
            status = EXIT_BAD_INPUT
            print(f"pyramid-lab: {path}: not verified: {line['reason']}", file=sys.stderr)
        print(json.dumps(line), flush=True)
    return status


PUZZLE_DIR = Path(__file__).resolve().parents[1] / "examples" / "puzzles"


def _collection(folder: str) -> Any:
    """The collection of ``folder`` (a path, or a shipped collection's name); a message
    and None when there is none."""
    from model import PositionFormatError
    from model.collection import load

    path = Path(folder)
    if not path.is_dir() and "/" not in folder and (PUZZLE_DIR / folder).is_dir():
        path = PUZZLE_DIR / folder
    try:
        collection = load(path)
    except (NotADirectoryError, PositionFormatError) as exc:
        shipped = ", ".join(sorted(p.name for p in PUZZLE_DIR.iterdir() if p.is_dir()))
        print(f"pyramid-lab: {exc} (shipped collections: {shipped})", file=sys.stderr)
        return None
    for problem in collection.problems:
        print(f"pyramid-lab: {collection.folder}: left out: {problem}", file=sys.stderr)
    if not collection.entries:
        print(f"pyramid-lab: {folder}: no puzzle with a goal in it", file=sys.stderr)
        return None
    return collection


def _puzzles(args: argparse.Namespace) -> int:
    """The collection in order, one line a puzzle: a tick when solved, the difficulty, the
    goal, the title and the file (``--json``: one object a line)."""
    from model.collection import Progress

    if args.folder is None:
        for folder in sorted(p for p in PUZZLE_DIR.iterdir() if p.is_dir()):
            count = len(list(folder.glob("*.pyr.json")))
            print(f"{folder.name}: {count} puzzles ({folder})")
        return EXIT_OK
    collection = _collection(args.folder)
    if collection is None:
        return EXIT_BAD_INPUT
    progress = Progress()
    if progress.problem:
        print(f"pyramid-lab: {progress.problem}", file=sys.stderr)
    for i, entry in enumerate(collection.entries, 1):
        solved = progress.is_solved(entry.key)
        if args.json:
            line = {
                "index": i,
                "file": str(entry.path),
                "title": entry.title,
                "goal": entry.goal,
                "difficulty": entry.difficulty,
                "solved": solved,
            }
            print(json.dumps(line), flush=True)
            continue
        hard = "?" if entry.difficulty is None else str(entry.difficulty)
        mark = "x" if solved else " "
        print(f"[{mark}] {i:3}. {hard:>6}  {entry.title}  ({entry.path.name})")
    if not args.json:
        solved = progress.count(collection)
        total = len(collection.entries)
        print(f"{solved} of {total} solved; difficulty: {collection.measure or 'as written'}")
    return EXIT_OK


def _practice(args: argparse.Namespace) -> int:
    from model.collection import Progress

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        print(
            "pyramid-lab: there is no display to open the window on (DISPLAY is not set); "
            f"try: xvfb-run -a pyramid-lab practice {args.folder}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    collection = _collection(args.folder)
    if collection is None:
        return EXIT_BAD_INPUT
    index = Progress().next_unsolved(collection)
    first = collection.entries[index if index is not None else 0]
    os.environ.setdefault("QT_API", "pyside6")
    return run(str(first.path), practice=collection.folder)


def _read_for_drawing(args: argparse.Namespace, check: Any) -> tuple[Any, Any] | int:
    """``render``'s and ``export``'s common start: the clip planes, the output (``check``
    raises ValueError for a bad one), the file, the overlays. (document, RenderOptions),
    or the exit status after a one-line message."""
    from model import PositionFormatError
    from model.files import read
    from model.lesson import is_lesson_path, lesson_step_document

    from .render import RenderOptions, parse_clip

    try:
        clips = [parse_clip(text) for text in args.clip]
    except ValueError as exc:
        print(f"pyramid-lab: error: argument --clip: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        check(args.output)
    except ValueError as exc:
        print(f"pyramid-lab: error: argument -o/--output: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        doc = lesson_step_document(args.file) if is_lesson_path(args.file) else read(args.file)
    except PositionFormatError as exc:
        print(f"pyramid-lab: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    game = doc.game
    overlays = {
        spec.name: getattr(args, spec.name)
        for spec, _ in overlay_specs().values()
        if getattr(args, spec.name) not in (None, False)
    }
    own = {spec.name for spec in game.lesson_overlays}
    foreign = sorted(set(overlays) - own)
    if foreign:
        flags = ", ".join(f"--{name.replace('_', '-')}" for name in foreign)
        has = ", ".join(f"--{name.replace('_', '-')}" for name in sorted(own)) or "none"
        print(
            f"pyramid-lab: {flags}: not an overlay of {game.title} ({args.file}); "
            f"its overlays: {has}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    options = RenderOptions(
        size=args.size,
        levels=args.levels,
        peel=args.peel,
        clips=clips,
        view=args.view,
        ghost_peeled=args.ghost_peeled,
        cut_open=args.cut_open,
        overlays=overlays,
    )
    if not args.no_lesson:
        options = options.with_lesson(doc.lesson)
    return doc, options


def _render(args: argparse.Namespace) -> int:
    from .render import check_output, render_game

    read = _read_for_drawing(args, check_output)
    if isinstance(read, int):
        return read
    doc, options = read
    try:
        written = render_game(doc.game, args.output, options)
    except OSError as exc:  # e.g. the disk is full, or the folder went away meanwhile
        print(f"pyramid-lab: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(written)  # the file written: a symbolic link's target, as an absolute path
    return EXIT_OK


def _export(args: argparse.Namespace) -> int:
    for flag, value, motion in (
        ("--frames", args.frames, "turntable"),
        ("--hold", args.hold, "replay"),
    ):
        if value is not None and args.motion != motion:
            print(f"pyramid-lab: error: argument {flag}: only with --{motion}", file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.fps is not None and args.motion is None:
        print(
            "pyramid-lab: error: argument --fps: only with --turntable or --replay",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    from .export import ExportOptions, check_export, check_replay, export_game

    read = _read_for_drawing(args, lambda out: check_export(out, args.motion))
    if isinstance(read, int):
        return read
    doc, render = read
    game = doc.game
    if args.motion == "replay":
        try:
            check_replay(game)
        except ValueError as exc:
            print(f"pyramid-lab: error: {args.file}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    title = args.title or doc.puzzle.get("title") or Path(args.file).name.removesuffix(".pyr.json")
    options = ExportOptions(
        render=render,
        motion=args.motion,
        frames=args.frames or DEFAULT_FRAMES,
        hold=args.hold or DEFAULT_HOLD,
        fps=args.fps or DEFAULT_FPS,
        title=str(title),
    )
    try:
        written = export_game(game, args.output, options)
    except ValueError as exc:  # e.g. a level range with no level of this board
        print(f"pyramid-lab: error: {args.file}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:  # e.g. the disk is full, or the folder went away meanwhile
        print(f"pyramid-lab: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(written)  # the file written: a symbolic link's target, as an absolute path
    return EXIT_OK


def _lesson(args: argparse.Namespace) -> int:
    """``lesson check FILE...``: one line per file, ``ok`` with its counts or the steps at
    fault; exit 2 when a file is malformed or a task is not sound."""
    from model import PositionFormatError
    from model import lesson as lessons
    from model.search import check_lesson

    status = EXIT_OK
    for path in args.files:
        try:
            lesson = lessons.read(path)
        except PositionFormatError as exc:
            print(f"pyramid-lab: {exc}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        problems = check_lesson(lesson)
        for problem in problems:
            print(f"pyramid-lab: {path}: {problem}", file=sys.stderr)
        tasks = sum(step.task is not None for step in lesson.steps)
        if problems:
            status = EXIT_BAD_INPUT
            print(f"{path}: {len(problems)} of {tasks} tasks fail", flush=True)
        else:
            print(f"{path}: ok ({len(lesson.steps)} steps, {tasks} tasks)", flush=True)
    return status


LESSON_DIR = Path(__file__).resolve().parents[1] / "examples" / "lessons"


def first_lesson() -> Path | None:
    """The file the app opens without one: the first lesson file of the first game that
    has lessons (in examples/lessons/order.json's order), else the first lesson position."""
    from model.lesson import SUFFIX as LESSON_SUFFIX
    from model.lesson import lesson_folders

    for name in lesson_folders(LESSON_DIR):
        lessons = sorted((LESSON_DIR / name).glob(f"*{LESSON_SUFFIX}"))
        if lessons:
            return lessons[0]
    positions = sorted(LESSON_DIR.glob("*.pyr.json"))
    return positions[0] if positions else None


def _open(args: argparse.Namespace) -> int:
    from model import PositionFormatError
    from model.files import read
    from model.lesson import is_lesson_path
    from model.lesson import read as read_lesson

    lesson = first_lesson()
    path = args.file or (str(lesson) if lesson else None)
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        shown = path or "FILE"
        print(
            "pyramid-lab: there is no display to open the window on (DISPLAY is not set).\n"
            "Draw the position to a picture instead:\n"
            f"    pyramid-lab render {shown} -o position.png\n"
            "or run the window on a virtual display:\n"
            f"    xvfb-run -a pyramid-lab open {shown}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    if path is not None:
        try:
            (read_lesson if is_lesson_path(path) else read)(path)  # bad: said before a window
        except PositionFormatError as exc:
            print(f"pyramid-lab: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    os.environ.setdefault("QT_API", "pyside6")
    return run(path, None if path else game_class(game_names()[0]).new())


def run(path: str | None, game: Game | None = None, practice: Path | None = None) -> int:
    """Open the main window on ``path`` (or ``game``) and run the Qt event loop; with
    ``practice``, practising that collection (the Practice dock)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from model.files import read
    from model.lesson import is_lesson_path
    from model.lesson import read as read_lesson

    from .app import MainWindow
    from .session import Session

    app = QApplication.instance() or QApplication([])
    app.setOrganizationName("Pyramid Lab")
    app.setApplicationName("Pyramid Lab")
    lesson = read_lesson(path) if path is not None and is_lesson_path(path) else None
    if lesson is not None:
        session = Session(lesson.steps[0].position())  # the lesson's step comes next
    elif path is not None:
        session = Session.from_document(read(path), path)
    else:
        assert game is not None
        session = Session(game)
    window = MainWindow(session)
    if lesson is not None:
        window.lessons.start(lesson, Path(path))  # at the step last shown
    if path is not None:
        window.menus.remember_recent(Path(path))  # a file opened from the shell, too
    window.show()
    QTimer.singleShot(0, window.offer_recovery)  # a crashed run's unsaved game, if any
    if practice is not None:
        QTimer.singleShot(0, lambda: window.practising().open_collection(practice))
    return app.exec()


_COMMANDS = {
    "analyze": _analyze,
    "perft": _perft,
    "resolve": _resolve,
    "solve": _solve,
    "render": _render,
    "export": _export,
    "verify": _verify,
    "puzzles": _puzzles,
    "practice": _practice,
    "lesson": _lesson,
    "book": _book,
    "open": _open,
}


if __name__ == "__main__":
    sys.exit(main())
