"""The plug-ins of the search, one a game, found by the game's registry name.

A :class:`Plugin` holds all one game knows of search beyond its rules: the compiled
kernel's adapter, a static evaluation, a symmetry key, the levels of play (or players of
its own), a faster solver and a book of proven values. Every field is optional: a game
without a plug-in (or without a field) plays and solves through the protocol alone, with
the pure-Python reference searches.

The generic modules of the search (``levels``, ``evaluate``, ``symmetry``,
``compiled.adapters``, the door) ask :func:`plugin_for` and name no game. This module
imports nothing of the search, so every module may ask it; the plug-ins themselves live in
:mod:`model.search.games`, which registers each (the door imports it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..game import Game


@dataclass(frozen=True)
class Plugin:
    """One game's search knowledge (see the module). ``game`` is its registry name."""

    game: str
    #: options -> the compiled kernel's adapter for that version of the rules, or None.
    adapter: Callable[[Any], Any] | None = None
    #: position -> its score in [-1, 1] for the side to move.
    evaluation: Callable[[Any], float] | None = None
    #: position -> a key equal for positions equal up to the board's symmetries.
    search_key: Callable[[Any], Hashable] | None = None
    #: Playouts a move of each level (easy, medium, strong) of the compiled MCTS.
    playouts: Mapping[str, int] = field(default_factory=dict)
    #: Moves are points kept by whoever took them: RAVE (all moves as first) helps.
    rave: bool = False
    #: The longest random playout (the evaluation judges where play wanders).
    playout_cap: int = 200
    #: The pure-Python levels: alpha-beta plays medium / strong (a race of stones).
    alpha_beta_medium: bool = False
    alpha_beta_strong: bool = False
    #: The pure-Python medium level as a number of playouts, not 0.5 s (None: seconds).
    medium_playouts: int | None = None
    #: The game's own levels of play (chance nodes, scores as returns, simultaneous
    #: turns: the shared tree searches do not fit); empty: easy / medium / strong.
    own_levels: tuple[str, ...] = ()
    #: (position, level, seed, player) -> (agent, limits): the game's own player of a
    #: level, one of ``own_levels`` or, where those are the shared ones, easy / medium /
    #: strong at the game's simultaneous nodes.
    agent: Callable[[Any, str, int | None, int | None], tuple[Any, Any]] | None = None
    #: (position, **options) -> a solver with ``solve() -> SolveResult`` faster than the
    #: reference, or None where it does not fit the position.
    solver: Callable[..., Any] | None = None
    #: The game's endgame tables (a module: ``TOP_LAYER``, ``layers()``,
    #: ``default_path(low, options)``, ``build(low, path, options, progress, start)``,
    #: ``value(game, path)``; its ``EndgameError`` a ValueError), or None.
    endgame: Any = None
    #: The book of proven values: an object with ``perfect_value(game)``,
    #: ``perfect_moves(game, max_seconds=, stop=)``, ``BOOK_PATH``, ``Book``,
    #: ``build(options, plies=, seconds=, table_mb=, progress=)``, ``version_of(options)``,
    #: ``verify_entries(entries, max_seconds=, table_mb=)`` and ``owns(json)`` (whether a
    #: file's JSON is a book of this game). :class:`model.search.value_book.ValueBook` is
    #: one for any game with a compiled solver.
    book: Any = None
    #: (position, table_mb=, progress=) -> a certificate of its value that the rules model
    #: checks without the search (``text``, ``winner``, ``lines``, ``seconds``, ``nodes``),
    #: or None: the game has none.
    certificate: Callable[..., Any] | None = None


_PLUGINS: dict[str, Plugin] = {}


def register(plugin: Plugin) -> Plugin:
    """Make ``plugin`` the search knowledge of its game (one plug-in a game)."""
    if plugin.game in _PLUGINS and _PLUGINS[plugin.game] is not plugin:
        raise ValueError(f"two search plug-ins registered for {plugin.game!r}")
    _PLUGINS[plugin.game] = plugin
    return plugin


_NONE = Plugin("")


def plugin_for(game: Game | type[Game] | str) -> Plugin:
    """The plug-in of ``game`` (a position, a game class or a registry name); an empty
    one (every field unset: the reference searches) for a game without one."""
    name = game if isinstance(game, str) else game.name
    return _PLUGINS.get(name, _NONE)


def plugins() -> list[Plugin]:
    """Every registered plug-in, by game name."""
    return [_PLUGINS[name] for name in sorted(_PLUGINS)]
