"""``pyramid-lab analyze FILE...``: validate and analyse position files, one JSON line (or
a teacher's reading, ``--text``) per file; ``--engine`` adds the engine's analysis."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

from pyramid_lab.i18n import N_, Message, Mn_, _, format_percent, ngettext
from pyramid_lab.i18n import shown as said_in_process
from pyramid_lab.model.teaching import teaching_for
from pyramid_lab.model.words import colour

from ..lab.option_words import options_words
from .argtypes import threads
from .common import EXIT_BAD_INPUT, EXIT_OK, bad_input, error_line, shown
from .options import ENGINE_SECONDS, FILES, Option, add_options, flag

if TYPE_CHECKING:
    from pyramid_lab.model.game import Game
    from pyramid_lab.model.search import Analysis


#: ``analyze``'s arguments, in order.
ARGUMENTS = (
    FILES,
    flag(
        "--text", N_("explain each position in words (corners, holding groups, isolated regions)")
    ),
    flag(
        "--engine",
        N_(
            "add the engine's analysis: the win rate, every legal move ranked, and a "
            "forced win the prover finds within 7 plies"
        ),
    ),
    replace(ENGINE_SECONDS, help=N_("with --engine: think S seconds on each position (default 3)")),
    Option(
        "--threads",
        type=threads,
        metavar="N",
        help=N_(
            "with --engine: search on N threads at once (default: this machine's cores; "
            "1 searches as before, repeatably)"
        ),
    ),
)


def add_arguments(analyze: argparse.ArgumentParser) -> None:
    add_options(analyze, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    from ..script.named import read  # pl.load's reading: a file, a text, a shipped name

    for option in ("seconds", "threads"):
        if getattr(args, option) is not None and not args.engine:
            said = _("argument --{option}: only with --engine").format(option=option)
            return bad_input(error_line(said))
    status = EXIT_OK
    out = sys.stdout
    for path in args.files:
        try:
            doc = read(path)
        except ValueError as exc:  # PositionFormatError, or a name not shipped
            status = EXIT_BAD_INPUT
            print(f"pyramid-lab: {exc}", file=sys.stderr)
            if not args.text:
                out.write(json.dumps({"file": path, "error": str(exc)}) + "\n")
            continue
        analysis, refused = None, None
        if args.engine:
            from ..script import engine_analysis  # (Position.analyse's: one path, one answer)

            try:
                analysis = engine_analysis(doc.game, seconds=args.seconds, threads=args.threads)
            except ValueError as exc:  # no one player to move: nothing to rank
                status, refused = EXIT_BAD_INPUT, str(exc)
                print(f"pyramid-lab: {shown(path)}: {refused}", file=sys.stderr)
        if args.text:
            text = _explain(path, doc.game)
            if analysis is not None:
                text += "\n" + _explain_analysis(analysis)
            out.write(text + "\n")
        else:
            line = {"file": path, **teaching_for(doc.game).summary(doc.game)}
            if analysis is not None:
                line["engine"] = analysis.to_json()
            elif refused is not None:
                line["engine"] = {"error": refused}
            out.write(json.dumps(line) + "\n")
        out.flush()  # a line per file as soon as it is analysed
    return status


def _explain_analysis(analysis: Analysis) -> str:
    """The engine's analysis in words: the evaluation, the best moves, a proven win."""
    lines = ["  " + _("engine: {evaluation}").format(evaluation=analysis.evaluation_text)]
    for stat in analysis.moves[:5]:
        rate = format_percent(stat.win_rate)
        said = (
            _("{move}: win rate {rate}, proven {proven}")
            if stat.proven
            else _("{move}: win rate {rate}")
        )
        proven = said_in_process(Message(stat.proven)) if stat.proven else ""  # (a value's word)
        lines.append("    " + said.format(move=stat.move, rate=rate, proven=proven))
    if len(analysis.moves) > 5:
        more = len(analysis.moves) - 5
        lines.append(
            "    "
            + ngettext("... {count} more move", "... {count} more moves", more).format(count=more)
        )
    if analysis.proven_text:
        lines.append("  " + said_in_process(analysis.proven_text))  # (a Message: said)
    return "\n".join(lines)


def _explain(path: str, game: Game) -> str:
    """A teacher's reading of a position, in words."""
    lines = [f"{path}"]
    summary = teaching_for(game).summary(game)
    said = _("game: {title} ({options})").format(
        title=game.title, options=said_in_process(options_words(game))
    )
    lines.append("  " + said)
    # (the termination is the rules' code for it, as the JSON writes it: notation)
    if summary["winner"] == "draw":
        said = _("game over: draw ({termination})").format(termination=summary["termination"])
    elif summary["winner"]:
        said = _("game over: {winner} ({termination})").format(
            winner=said_in_process(colour(summary["winner"])), termination=summary["termination"]
        )
    else:
        count = summary["legal_move_count"]  # (English writes it bare, as before)
        said = said_in_process(
            Mn_(
                "{side} to move, {count} legal move",
                "{side} to move, {count} legal moves",
                count,
                side=colour(summary["to_move"]),
                count=count,
            )
        )
    lines.append("  " + said)
    lines += [f"  {said_in_process(line)}" for line in teaching_for(game).explain(game)]
    return "\n".join(lines)
