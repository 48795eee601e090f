"""``pyramid-lab verify FILE...``: prove each puzzle's goal against every defence, check its
solution and list its cooks."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from pyramid_lab.i18n import N_, _, shown

from .common import EXIT_BAD_INPUT, EXIT_OK
from .options import FILES, MAX_SECONDS, add_options, flag

#: ``verify``'s arguments, in order.
ARGUMENTS = (
    FILES,
    replace(
        MAX_SECONDS,
        default=60.0,
        help=N_("give up on a puzzle after S seconds (default 60): it then counts as not verified"),
    ),
    flag("--no-cooks", N_("a puzzle with a second winning first move fails")),
    flag(
        "--text",
        N_("say it in sentences (key move, cooks, main line) instead of a JSON line a file"),
    ),
)


def add_arguments(verify: argparse.ArgumentParser) -> None:
    add_options(verify, ARGUMENTS)


def run(args: argparse.Namespace) -> int:
    """One JSON line per file (with --text, a paragraph of sentences); exit 2 when a file
    is malformed or a puzzle is not verified (its goal fails or is not settled in time, its
    key move fails, or, with --no-cooks, it has cooks)."""
    from pyramid_lab.model import PositionFormatError
    from pyramid_lab.model.search import knowledge_for, verify

    from ..lab.reading import read_position

    status = EXIT_OK
    for path in args.files:
        line: dict[str, Any] = {"file": path}
        try:
            doc = read_position(path)
            verdict = verify(
                doc.game,
                doc.puzzle,
                max_seconds=args.max_seconds,
                knowledge=knowledge_for(doc.game),
            )
        except (PositionFormatError, ValueError) as exc:  # a bad file, or no goal in it
            status = EXIT_BAD_INPUT
            named = str(exc) if isinstance(exc, PositionFormatError) else f"{path}: {exc}"
            print(f"pyramid-lab: {named}", file=sys.stderr)
            if not args.text:
                print(json.dumps({**line, "error": str(exc)}), flush=True)
            continue
        line.update(game=doc.game.name, **verdict.to_json())
        # the JSON's words stay English (a program reads them); a person's, the language's
        reason = shown(verdict.reason())
        if args.no_cooks and verdict.verified and verdict.cooks:
            line["verified"] = False
            line["reason"] = f"cooked: {', '.join(verdict.cooks)} also win"
            reason = _("cooked: {moves} also win").format(moves=", ".join(verdict.cooks))
        if not line["verified"]:
            status = EXIT_BAD_INPUT
            said = _("pyramid-lab: {file}: not verified: {reason}")
            print(said.format(file=path, reason=reason), file=sys.stderr)
        if args.text:
            print(f"{path}: {shown(verdict.goal.describe())}")
            sentences = verdict.sentences()
            if line["verified"] is False and verdict.verified:  # failed for --no-cooks
                sentences[0] = ("bad", _("Not verified: {reason}").format(reason=reason))
            for _tone, sentence in sentences:
                print(f"  {shown(sentence)}")
            print(flush=True)
        else:
            print(json.dumps(line), flush=True)
    return status
