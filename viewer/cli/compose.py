"""``pyramid-lab puzzles compose --game G ... -o FOLDER``: puzzles made on demand
(:func:`model.search.puzzles.compose`), verified and ranked by the engine's difficulty, written
with ``collection.json`` (``pyramid-lab practice FOLDER`` plays them)."""

from __future__ import annotations

import argparse
import errno
import os
import stat
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import N_, _, format_number, ngettext, shown
from pyramid_lab.model.puzzle import puzzle_text

from .argtypes import bounded
from .common import EXIT_BAD_INPUT, EXIT_OK, error_line, system_said
from .options import RULE_OPTION, Option, add_options

if TYPE_CHECKING:
    from pyramid_lab.model.game import Game

#: The arguments only ``puzzles compose`` takes (``puzzles FOLDER`` refuses them).
OWN = ("game", "option", "count", "within", "difficulty", "exact", "out", "seed")


#: ``puzzles compose``'s arguments, in order.
ARGUMENTS = (
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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The compose arguments, on the ``puzzles`` command's parser."""
    group = parser.add_argument_group(
        "compose (pyramid-lab puzzles compose --game G --count N --within PLIES -o FOLDER)"
    )
    add_options(group, ARGUMENTS)


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


def _error(message: str) -> int:
    print(error_line(message), file=sys.stderr)
    return EXIT_BAD_INPUT


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


def run(args: argparse.Namespace) -> int:
    from pyramid_lab.model.game import shorten
    from pyramid_lab.model.search import knowledge_for, puzzles

    started = _start(args)
    if isinstance(started, str):
        return _error(started)
    start, pairs = started
    folder = Path(args.out)
    refused = _folder_refused(folder, args.out)
    if refused is not None:
        return _error(refused)

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
        return _error(str(exc))
    stem = "-".join([start.name, *(str(v) for v in pairs.values())])
    try:
        paths = puzzles.write_collection(folder, made, stem)
    except (OSError, ValueError) as exc:
        said = system_said(exc)
        return _error(f"-o {shorten(args.out)}: {said}")
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
