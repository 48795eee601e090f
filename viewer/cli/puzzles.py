"""``pyramid-lab puzzles [FOLDER]``: a puzzle collection in order, with its difficulty and
the puzzles solved; :func:`load_collection` also serves ``practice``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import N_, _, current, ngettext
from pyramid_lab.model import content

from .common import EXIT_BAD_INPUT, EXIT_OK, Parser, error_line
from .compose import add_arguments as add_compose_arguments
from .compose import misplaced
from .compose import run as compose
from .options import Option, add_options, flag

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
        print(error_line(said), file=sys.stderr)
        return EXIT_BAD_INPUT
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
