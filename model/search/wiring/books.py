"""The door's ``books`` namespace: the books of proven values (each a
:class:`model.search.value_book.ValueBook`: ``perfect_value``, ``perfect_moves``, ``build``,
...), each game's its plug-in's."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...game import Game
from ..registry import plugin_for, plugins

if TYPE_CHECKING:
    from ..choice import Choice
    from ..registry import Plugin
    from ..value_book import ValueBook


def book_games() -> list[str]:
    """The names of the games with a book of proven values."""
    return [p.game for p in plugins() if p.book is not None]


def book_for(game: Game | type[Game] | str) -> ValueBook | None:
    """The game's book (``BOOK_PATH``, ``Book``, ``build``, ``version_of``,
    ``verify_entries``, ``perfect_value``, ``perfect_moves``), or None."""
    return plugin_for(game).book


def book_game(path: Path | str) -> str:
    """The game whose book the file at ``path`` is, by its format (each game's book knows
    its own); PositionFormatError naming the file where it cannot be read or is none of
    theirs."""
    from ..shelf import book_game as _book_game  # (the shelf's verdicts: the solver's types)

    return _book_game(path, {p.game: p.book for p in plugins() if p.book is not None})


def proven_choice(game: Game, choice: Choice, *, knowledge: Plugin) -> tuple[Choice, str]:
    """A search's ``choice`` for ``game`` (left unchanged) checked against what the game's
    book proves of every move (:func:`model.search.proof_rank.proven_choice`): never a
    move proven lost while one not proven lost is left; and what is proven of the moves,
    in words ('' where nothing or everything is). What the Hint asks after its search;
    ``knowledge``: the game's plug-in."""
    from ..proof_rank import proven_choice as _proven_choice  # (a probe loads no ranking)

    return _proven_choice(game, choice, knowledge.book)
