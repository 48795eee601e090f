"""What ``pyramid-lab endgame``'s two kinds of tables share (the endgame tables of
:mod:`viewer.cli.endgame`, the whole game's of :mod:`viewer.cli.endgame_whole`): a
refusal said, the position probed, the game whose tables to use and the rules asked."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from .common import EXIT_BAD_INPUT, read_or_say

if TYPE_CHECKING:
    from pyramid_lab.model.files import PositionDocument

#: A game's tables: its endgame tables or its whole-game tables (its search plug-in's).
Tables = TypeVar("Tables")


def say(message: str) -> int:
    """``message`` said on stderr as the program's; the exit code of a bad input."""
    print(f"pyramid-lab: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def probed(args: argparse.Namespace) -> PositionDocument | None:
    """``endgame probe``'s position (its document), or None, said why."""
    if args.file is None:
        say("endgame probe: name a position FILE")
        return None
    return read_or_say(args.file)


def game_with_tables(
    asked: str | None, kind: str, tables_of: Callable[[str], Tables | None]
) -> tuple[str, Tables] | str:
    """The game whose tables to use (``kind``, in words) and its tables (``tables_of``: its
    endgame tables, or its whole-game tables): the one asked for, else the only game that
    has them; or what to say when there is none such."""
    from pyramid_lab.model.game import game_names, quote

    games = {game: tables for game in game_names() if (tables := tables_of(game)) is not None}
    name = asked or (next(iter(games)) if len(games) == 1 else None)
    if name is None or name not in games:
        return f"--game {quote(name)}: {kind} exist for {', '.join(games)}"
    return name, games[name]


def rules_options(args: argparse.Namespace, name: str) -> object:
    """The rules of game ``name`` that ``--option NAME=VALUE`` asks for (ValueError, in
    words, for a bad one)."""
    from pyramid_lab.model.game import PositionFormatError, game_class, quote

    raw: dict[str, str] = {}
    for pair in args.option:
        if "=" not in pair:
            raise ValueError(f"--option {quote(pair)}: write NAME=VALUE")
        key, value = pair.split("=", 1)
        raw[key] = value
    try:
        options: object = game_class(name).parse_options(raw)
    except PositionFormatError as exc:
        raise ValueError(f"--option: {exc}") from None
    return options
