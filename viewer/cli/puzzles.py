"""``pyramid-lab puzzles [FOLDER]``: a puzzle collection in order, with its difficulty and
the puzzles solved; :func:`load_collection` also serves ``practice``. ``pyramid-lab puzzles
compose --game G ... -o FOLDER`` (:func:`compose`): puzzles made on demand
(:func:`model.search.puzzles.compose`), verified and ranked by the engine's difficulty, written
with ``collection.json`` (``pyramid-lab practice FOLDER`` plays them)."""

from __future__ import annotations

import argparse
import errno
import json
import os
import stat
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import N_, _, current, format_number, ngettext, shown
from pyramid_lab.model import content
from pyramid_lab.model.puzzle import puzzle_text

from .argtypes import bounded
from .common import EXIT_BAD_INPUT, EXIT_OK, Parser, bad_input, error_line, system_said
from .options import RULE_OPTION, Option, add_options, flag

if TYPE_CHECKING:
    from pyramid_lab.model.game import Game

PUZZLE_DIR = content.puzzles()


def load_collection(folder: str) -> Any:
    """The collection of ``folder`` (a path, or a shipped collection's name); a message
    and None when there is none."""
    from pyramid_lab.model import PositionFormatError
    from pyramid_lab.model.collection import load
    from pyramid_lab.model.game import shorten

    path = Path(folder)
    if "/" not in folder and _is_folder(PUZZLE_DIR / folder) and not _is_folder(path):
        path = PUZZLE_DIR / folder
    try:
        collection = load(path)
    except (NotADirectoryError, PositionFormatError) as exc:
        shipped = ", ".join(sorted(p.name for p in PUZZLE_DIR.iterdir() if p.is_dir()))
        said = _("pyramid-lab: {reason} (shipped collections: {shipped})")
        print(said.format(reason=exc, shipped=shipped), file=sys.stderr)
        return None
    where = shorten(str(collection.folder))
    for problem in collection.problems:
        said = _("pyramid-lab: {folder}: left out: {problem}")
        print(said.format(folder=where, problem=problem), file=sys.stderr)
    if not collection.entries:
        said = _("pyramid-lab: {folder}: no puzzle with a goal in it")
        print(said.format(folder=shorten(folder)), file=sys.stderr)
        return None
    return collection


def _is_folder(path: Path) -> bool:
    """``path`` is a folder (False for a name too long to look up, or not to be looked at:
    :func:`model.collection.load` says why)."""
    try:
        return path.is_dir()
    except OSError:
        return False


#: A puzzle's level in its collection, in words (``--json`` keeps the names).
LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def say(text: str) -> None:
    """Tell the user something (a per-user file set aside, say): a line on stderr."""
    print(f"pyramid-lab: {text}", file=sys.stderr)


#: ``puzzles``'s own arguments, in order (``puzzles compose``'s follow them).
ARGUMENTS = (
    Option(
        "folder",
        nargs="?",
        metavar="FOLDER",
        help=N_("a folder of puzzle files or a shipped collection's name (none: list those)"),
    ),
    flag("--json", N_("one JSON line per puzzle")),
)


def add_arguments(puzzles: argparse.ArgumentParser) -> None:
    add_options(puzzles, ARGUMENTS)
    add_compose_arguments(puzzles)  # pyramid-lab puzzles compose ...


def compose_parser() -> argparse.ArgumentParser:
    """``pyramid-lab puzzles compose``'s own parser: its usage line and its ``--help``
    (``puzzles`` takes FOLDER, and ``compose`` is one of its values there)."""
    parser = Parser(
        prog="pyramid-lab puzzles compose",
        description=_(
            "Make puzzles on demand: seeded games of the computer against itself, "
            "their wins within PLIES found by the prover, verified (one key move, no cooks), "
            "ranked by the engine's difficulty and written as a collection to -o FOLDER."
        ),
    )
    add_compose_arguments(parser)
    return parser


def list_collections(as_json: bool) -> int:
    """The shipped collections, a line each (``--json``: an object a line), then, for a
    person, what to type next (on stderr: the list stays one collection a line)."""
    names = []
    for folder in sorted(p for p in PUZZLE_DIR.iterdir() if p.is_dir()):
        count = len(list(folder.glob("*.pyr.json")))
        names.append(folder.name)
        if as_json:
            row = {"collection": folder.name, "puzzles": count, "folder": str(folder)}
            print(json.dumps(row))
        else:
            said = ngettext(
                "{name}: {count} puzzle ({folder})", "{name}: {count} puzzles ({folder})", count
            )
            print(said.format(name=folder.name, count=count, folder=folder))
    if names and not as_json:
        sys.stdout.flush()  # (the hint after the list, where a pipe buffers it)
        said = _(
            "List one in order: pyramid-lab puzzles {name}; practise it in the window: "
            "pyramid-lab practice {name}"
        )
        print(said.format(name=names[0]), file=sys.stderr)
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    """The collection in order, one line a puzzle: a tick when solved, the level (easy,
    medium, hard: thirds of the collection in order), the title and the file (``--json``:
    one object a line, with the raw measure)."""
    from pyramid_lab.model.collection import Progress

    if args.folder == "compose":  # a folder of that name: ./compose
        return compose(args)
    if misplaced(args):
        said = _("{flag} is for puzzles compose").format(flag=misplaced(args))
        return bad_input(error_line(said))
    if args.folder is None:
        return list_collections(args.json)
    collection = load_collection(args.folder)
    if collection is None:
        return EXIT_BAD_INPUT
    from pyramid_lab.model.game import shorten

    progress = Progress(tell=say)  # a damaged file set aside, a newer one left: a line
    for i, entry in enumerate(collection.entries, 1):
        solved = progress.is_solved(entry.key)
        if args.json:
            line = {
                "index": i,
                "file": str(entry.path),
                "title": entry.title,
                "goal": entry.goal,
                "difficulty": entry.difficulty,
                "level": entry.level_name or None,
                "plies": entry.plies,
                "proof_nodes": entry.proof_nodes,
                "saturated": entry.capped,
                "solved": solved,
            }
            print(json.dumps(line), flush=True)
            continue
        hard = _(LEVELS[entry.level_name]) if entry.level_name in LEVELS else "?"
        mark = "x" if solved else " "
        title, name = shorten(entry.title_in(current())), shorten(entry.path.name)
        print(f"[{mark}] {i:3}. {hard:<6}  {title}  ({name})")
    if not args.json:
        done = progress.count(collection)
        total = len(collection.entries)
        measure = shorten(collection.measure) or _("as written")
        if any(e.capped for e in collection.entries):
            # TRANSLATORS: added to the name of a collection's measure of difficulty
            measure += _("; where it saturates, by plies, then the prover's nodes")
        said = _(
            "{done} of {total} solved; easy, medium, hard: thirds of the collection in order "
            "of difficulty ({measure}; --json has each puzzle's measure)"
        )
        print(said.format(done=done, total=total, measure=measure))
    return EXIT_OK


#: The arguments only ``puzzles compose`` takes (``puzzles FOLDER`` refuses them).
OWN = ("game", "option", "count", "within", "difficulty", "exact", "out", "seed")


#: ``puzzles compose``'s arguments, in order.
COMPOSE_ARGUMENTS = (
    Option("--game", help=N_("the game: partition, pyraos or terrace")),
    replace(
        RULE_OPTION,
        metavar="K=V",
        help=N_("a rule option, e.g. size=4 or version=floating (again for more)"),
    ),
    Option("--count", type=bounded(1, 500), metavar="N"),
    Option("--within", type=bounded(1, 15), metavar="PLIES", help=N_("wins within PLIES")),
    Option("--difficulty", choices=("easy", "medium", "hard")),
    Option(
        "--exact",
        action="store_const",
        const=True,
        help=N_("only wins as long as PLIES allows (no quicker ones)"),
    ),
    Option("--out", short="-o", metavar="FOLDER", help=N_("where to write them")),
    Option("--seed", type=int, help=N_("the games' seed (0)")),
)


def add_compose_arguments(parser: argparse.ArgumentParser) -> None:
    """The compose arguments, on the ``puzzles`` command's parser."""
    group = parser.add_argument_group(
        "compose (pyramid-lab puzzles compose --game G --count N --within PLIES -o FOLDER)"
    )
    add_options(group, COMPOSE_ARGUMENTS)


def misplaced(args: argparse.Namespace) -> str | None:
    """The first compose argument given to ``puzzles FOLDER`` (which takes none)."""
    for name in OWN:
        value = getattr(args, name, None)
        if value not in (None, []):
            return "--" + name
    return None


def _value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def _start(args: argparse.Namespace) -> tuple[Game, dict[str, Any]] | str:
    """The game's start with the rules asked and those rules (each option's pair), or what
    is wrong with the arguments."""
    from pyramid_lab.model import PositionFormatError
    from pyramid_lab.model.game import game_class, game_names

    missing = [f"--{n}" for n in ("game", "count", "within", "out") if getattr(args, n) is None]
    if missing:
        return _("puzzles compose needs {arguments}").format(arguments=", ".join(missing))
    try:
        cls = game_class(args.game)
    except KeyError:
        return _("argument --game: {game} is not one of {games}").format(
            game=repr(args.game), games=", ".join(game_names())
        )
    bad = [text for text in args.option if "=" not in text]
    if bad:
        return _("argument --option: {option} is not K=V").format(option=repr(bad[0]))
    try:
        pairs = {k: _value(v) for k, v in (text.split("=", 1) for text in args.option)}
        return cls.new(cls.parse_options(pairs)), pairs
    except (PositionFormatError, ValueError) as exc:  # ValueError: an int of 5,000 digits
        return f"argument --option: {exc}"


def _folder_refused(folder: Path, named: str) -> str | None:
    """What is wrong with the folder to write in (a name too long, with a NUL, under a
    file: said before composing), or None (a missing one is made when written)."""
    from pyramid_lab.model.game import shorten

    try:
        if not stat.S_ISDIR(os.stat(folder).st_mode):
            raise NotADirectoryError(errno.ENOTDIR, "not a folder")
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        said = system_said(exc)
        return f"-o {shorten(named)}: {said}"
    return None


def compose(args: argparse.Namespace) -> int:
    from pyramid_lab.model.game import shorten
    from pyramid_lab.model.search import knowledge_for, puzzles

    started = _start(args)
    if isinstance(started, str):
        return bad_input(error_line(started))
    start, pairs = started
    folder = Path(args.out)
    refused = _folder_refused(folder, args.out)
    if refused is not None:
        return bad_input(error_line(refused))

    def say(fraction: float, text: str) -> None:
        percent = f"{round(fraction * 100):3d}%"
        print(
            _("compose: {percent} {step}").format(percent=percent, step=shown(text)),
            file=sys.stderr,
            flush=True,
        )

    began = time.perf_counter()
    try:
        made = puzzles.compose(
            start,
            knowledge=knowledge_for(start),
            count=args.count,
            within=args.within,
            difficulty_band=args.difficulty,
            exact=bool(args.exact),
            seed=args.seed or 0,
            progress=say,
        )
    except ValueError as exc:
        return bad_input(error_line(str(exc)))
    stem = "-".join([start.name, *(str(v) for v in pairs.values())])
    try:
        paths = puzzles.write_collection(folder, made, stem)
    except (OSError, ValueError) as exc:
        said = system_said(exc)
        return bad_input(error_line(f"-o {shorten(args.out)}: {said}"))
    return _said_made(paths, made, args.count, time.perf_counter() - began, folder)


def _said_made(paths: Any, made: Any, count: int, seconds: float, folder: Path) -> int:
    """Each puzzle written and its difficulty, then how many of ``count`` in how long; the
    command's status (2 when none was found)."""
    for path, item in zip(paths, made, strict=True):
        difficulty = item.puzzle.get("difficulty")
        said = (
            _("{path}: {title} (not measured)")
            if difficulty is None
            else _("{path}: {title} ({difficulty})")
        )
        print(
            said.format(path=path, title=puzzle_text(item.puzzle, "title"), difficulty=difficulty)
        )
    print(
        ngettext(
            "{made} of {count} puzzle in {seconds} s, in {folder}",
            "{made} of {count} puzzles in {seconds} s, in {folder}",
            count,
        ).format(
            made=len(made),
            count=count,
            seconds=format_number(seconds, digits=0),
            folder=folder,
        )
    )
    if len(made) < count:
        print(
            ngettext(
                "pyramid-lab: only {made} of {count} puzzle found in the games played",
                "pyramid-lab: only {made} of {count} puzzles found in the games played",
                count,
            ).format(made=len(made), count=count),
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT if not made else EXIT_OK
    return EXIT_OK
