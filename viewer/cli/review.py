"""``pyramid-lab review FILE``: the game's line judged move by move (the window's Analysis >
Review game): each move's verdict (best, good, inaccuracy, mistake, missed win) with the
better move, and the win-rate graph's values; ``--save`` writes the review into the file,
``--puzzles FOLDER`` makes a verified puzzle of each missed win or refuted mistake."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import M_, N_, Message, _, format_number, ngettext
from pyramid_lab.i18n import shown as said_in_process
from pyramid_lab.model.setup import start_copy

from .common import EXIT_BAD_INPUT, EXIT_OK, bad_input, read_or_say, shown, system_said
from .options import ENGINE_SECONDS, FILE, Option, add_options, flag

if TYPE_CHECKING:
    from pyramid_lab.model.files import PositionDocument
    from pyramid_lab.model.game import Game
    from pyramid_lab.model.review import GameReview

REVIEW_SECONDS = 2.0  # (a script's too: viewer.script.engine.REVIEW_SECONDS)
#: Why ``--save`` refuses a position text or a shipped name (read, but no file to write).
NOT_A_FILE = N_("a position text or a shipped name, not a file: save a copy to a file first")


#: ``review``'s arguments, in order.
ARGUMENTS = (
    FILE,
    replace(
        ENGINE_SECONDS,
        default=REVIEW_SECONDS,
        help=N_("think S seconds on each position (default %(default)g)"),
    ),
    flag("--json", N_("one JSON object: the moves and the graph's values")),
    flag("--save", N_("write the review into FILE")),
    Option(
        "--puzzles",
        metavar="FOLDER",
        help=N_("write a verified puzzle file into FOLDER for each missed win or refuted mistake"),
    ),
    Option("--graph", metavar="OUT.png", help=N_("draw the win-rate graph into OUT.png")),
    Option("--seed", type=int, help=argparse.SUPPRESS),
)


def add_arguments(review: argparse.ArgumentParser) -> None:
    add_options(review, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    from ..script.engine import review_game, unreviewed  # a script's review, the same

    doc = read_or_say(args.file)
    if doc is None:
        return EXIT_BAD_INPUT
    game = doc.game
    why: str | None = unreviewed(game)  # the scripts' review's words and checks
    if why is None and args.save:  # a read-only file is said before the review, not after
        unsaveable = _unsaveable(args.file)
        why = (
            None if unsaveable is None else _("cannot be saved: {reason}").format(reason=unsaveable)
        )
    if why is not None:  # (the review's refusal a Message: said in the command line's language)
        return bad_input(f"pyramid-lab: {shown(args.file)}: {said_in_process(why)}")
    count = len(game.move_stack) + 1
    print(
        ngettext(
            "pyramid-lab: reviewing {count} position, about {seconds} s",
            "pyramid-lab: reviewing {count} positions, about {seconds} s",
            count,
        ).format(count=count, seconds=format_number(count * args.seconds, digits=0)),
        file=sys.stderr,
        flush=True,
    )
    try:
        result = review_game(game, seconds=args.seconds, seed=args.seed)
    except ValueError as exc:
        return bad_input(f"pyramid-lab: {shown(args.file)}: {exc}")
    made: list[dict[str, Any]] = []
    if args.puzzles is not None:
        made = _puzzles(game, result, Path(args.puzzles), Path(args.file))
    _print_review(args, game, result, made)
    if args.graph is not None and not _graph_written(args.graph, game, result):
        return EXIT_BAD_INPUT
    if args.save:
        return _save(args.file, doc, result)
    return EXIT_OK


def _unsaveable(file: str) -> str | None:
    """Why ``--save`` cannot write ``file`` (a position text or a shipped name, a read-only
    file), or None."""
    from pyramid_lab.model.files import check_writable

    said = None if os.path.lexists(file) else _(NOT_A_FILE)
    try:
        check_writable(file)
    except (OSError, ValueError) as exc:
        said = said or system_said(exc)
    return said


def _graph_written(out: str, game: Game, result: GameReview) -> bool:
    """The win-rate graph drawn into ``out``, said; False (said why) when not written."""
    from pyramid_lab.model.files import write_bytes

    from ..pictures.export import review_graph_png

    try:
        write_bytes(out, review_graph_png(result, game.players[0]))
    except OSError as exc:
        print(
            _("pyramid-lab: {file}: not written: {reason}").format(file=out, reason=exc),
            file=sys.stderr,
        )
        return False
    print(_("pyramid-lab: the graph is in {file}").format(file=out), file=sys.stderr)
    return True


def _save(file: str, doc: PositionDocument, result: GameReview) -> int:
    """``--save``: the review written into ``file``. Replaced only if it is still as it
    was read: a game saved over it during the review is kept, and the review goes beside
    it (NAME (2).pyr.json), said."""
    from pyramid_lab.model import PositionFormatError
    from pyramid_lab.model.files import write

    try:
        written, _kept = write(
            file,
            doc.game,
            doc.puzzle,
            doc.lesson,
            doc.variations,
            result,
            read=doc.fingerprint,
            beside=True,
        )
    except (OSError, PositionFormatError) as exc:
        said = system_said(exc)
        return bad_input(
            _("pyramid-lab: {file}: not saved: {reason}").format(file=shown(file), reason=said)
        )
    if written != Path(os.path.realpath(file)):  # (a link is written through)
        print(
            _(
                "pyramid-lab: {file} changed since it was read (saved meanwhile), so it is "
                "kept as it is: the review is saved in {written}"
            ).format(file=file, written=written),
            file=sys.stderr,
        )
    else:
        print(
            _("pyramid-lab: the review is saved in {file}").format(file=shown(file)),
            file=sys.stderr,
        )
    return EXIT_OK


def _print_review(
    args: argparse.Namespace, game: Game, result: GameReview, made: list[dict[str, Any]]
) -> None:
    """The review on stdout: one JSON line (--json), else a line a move and the summary."""
    if args.json:
        out = {
            "file": args.file,
            "game": game.name,
            **result.to_json(),
            "summary": result.summary(),
        }
        if args.puzzles is not None:
            out["puzzle_files"] = made
        print(json.dumps(out), flush=True)
        return
    for move in result.moves:
        print(said_in_process(move.text))
    print(said_in_process(result.summary()))
    for spot in result.puzzles:
        print(
            ngettext(
                "puzzle after move {ply}: {side} wins within {within} ply",
                "puzzle after move {ply}: {side} wins within {within} plies",
                spot.within,
            ).format(
                ply=spot.ply,
                side=said_in_process(Message(spot.side)),  # (a colour: a word)
                within=spot.within,
            )
        )
    for item in made:
        said = (
            _("puzzle {ply}: {file}") if item.get("file") else _("puzzle {ply}: not kept: {reason}")
        )
        reason = said_in_process(item["why"])  # (a Message: the command line's language)
        print(said.format(ply=item["ply"], file=item.get("file"), reason=reason))


def _puzzles(game: Game, result: GameReview, folder: Path, source: Path) -> list[dict[str, Any]]:
    """A verified puzzle file for each puzzle spot of the review: what became of each."""
    from pyramid_lab.model.files import SUFFIX, write
    from pyramid_lab.model.search import knowledge_for, puzzles

    made: list[dict[str, Any]] = []
    stem = source.name.removesuffix(SUFFIX)
    for spot in result.puzzles:
        position = start_copy(game)
        for move in list(game.move_stack)[: spot.ply]:
            position.push(move)
        puzzle, why = puzzles.make_puzzle(
            position, spot.within, spot.key, max_nodes=None, knowledge=knowledge_for(position)
        )
        item: dict[str, Any] = {"ply": spot.ply}
        if puzzle is None:
            made.append({**item, "file": None, "why": why})
            continue
        puzzle["notes"] = f"From {source.name}, after move {spot.ply}."
        path = folder / f"{stem}-after-{spot.ply}{SUFFIX}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write(path, position, puzzle)
        except OSError as exc:
            made.append({**item, "file": None, "why": M_("not written: {error}", error=str(exc))})
            continue
        made.append({**item, "file": str(path), "why": ""})
    return made
