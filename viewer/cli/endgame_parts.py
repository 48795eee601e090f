"""The parts of ``pyramid-lab endgame`` (:mod:`viewer.cli.endgame`, its actions in
:mod:`viewer.cli.endgame_whole`): a refusal said, the position probed, the game whose
tables to use and the rules asked, a value in words, and the lines of ``verify
--against-solver``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pyramid_lab.i18n import N_, _, format_number, ngettext

from .common import EXIT_BAD_INPUT, read_or_say

if TYPE_CHECKING:
    from pyramid_lab.model.files import PositionDocument

#: A game's tables: its whole-game tables (its search package's).
Tables = TypeVar("Tables")


def say(message: str) -> int:
    """``message`` said on stderr as the program's; the exit code of a bad input."""
    print(f"pyramid-lab: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


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
