"""The plug-ins of the search, one a game, found by the game's registry name.

A :class:`Plugin` holds all one game knows of search beyond its rules: the compiled
kernel's adapter (and so the compiled solver), a static evaluation, a symmetry key, the
levels of play (or players of its own), a book of proven values and certificates (its
tables are found without it: :func:`tables_for`). Every field is optional: a game
without a plug-in (or without a field) plays and solves through the protocol alone, with
the pure-Python reference searches.

The search is handed its knowledge, as OpenSpiel's caller builds an evaluator and hands it
to algorithms that never name a game: only the door (:mod:`model.search.wiring`, behind
:mod:`model.search`) asks :func:`plugin_for`, for the caller
(``search.knowledge_for(game)``), who hands each search the plug-in as a required
argument; below, each generic algorithm hands on what it needs of one (an evaluation, a
key, an adapter, a book); no generic module asks the registry. This module imports nothing
of the search; the plug-ins themselves live in :mod:`model.search.games`, each imported and
registered when its game's is first asked for (:mod:`model.search.games.plugins`, which the
door imports, hands this module the importer).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ..game import Game

if TYPE_CHECKING:
    from .choice import Agent, Limits
    from .compiled.adapters import Adapter
    from .tables import WholeGameTables
    from .value_book import ValueBook

#: A game's own player of a level: (position, level, seed, player) -> (agent, limits).
OwnPlayer = Callable[[Game, str, "int | None", "int | None"], "tuple[Agent, Limits]"]
#: Progress of a certificate's making: (positions written, seconds).
CertificateProgress = Callable[[int, float], None]


class Certificate(Protocol):
    """A certificate made: its text (checked by the rules model alone), the winner, the
    lines below its header and what making it took."""

    @property
    def text(self) -> str: ...
    @property
    def winner(self) -> str: ...
    @property
    def lines(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def nodes(self) -> int: ...


class MakeCertificate(Protocol):
    """(position, table_mb=, progress=) -> its certificate."""

    def __call__(
        self, game: Game, *, table_mb: float, progress: CertificateProgress | None
    ) -> Certificate: ...


@dataclass(frozen=True)
class Plugin:
    """One game's search knowledge (see the module). ``game`` is its registry name. Every
    field is typed: mypy checks each plug-in against it, and the generic search hands what
    it needs of one down to the layers below (the compiled layer never asks here)."""

    game: str
    #: options -> the compiled kernel's adapter for that version of the rules, or None
    #: (the kernels import on first use). Where a kernel fits, the compiled solver proves.
    adapter: Callable[[object], Adapter | None] | None = None
    #: position -> its score in [-1, 1] for the side to move.
    evaluation: Callable[[Game], float] | None = None
    #: position -> a key equal for positions equal up to the board's symmetries.
    search_key: Callable[[Game], Hashable] | None = None
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
    #: The game's own player of a level, one of ``own_levels`` or, where those are the
    #: shared ones, easy / medium / strong at the game's simultaneous nodes.
    agent: OwnPlayer | None = None
    #: The book of proven values (one shape for every game:
    #: :class:`model.search.value_book.ValueBook`), or None.
    book: ValueBook | None = None
    #: A certificate of a position's value that the rules model checks without the
    #: search, or None: the game has none.
    certificate: MakeCertificate | None = None


_PLUGINS: dict[str, Plugin] = {}
#: The games whose plug-ins :func:`plugin_for` imports on first asking -> how (a game's
#: name -> its plug-in, imported now: :func:`set_plugin_importer`); none until the door is
#: imported.
_IMPORTERS: dict[str, Callable[[str], Plugin | None]] = {}


def register(plugin: Plugin) -> Plugin:
    """Make ``plugin`` the search knowledge of its game (one plug-in a game)."""
    if plugin.game in _PLUGINS and _PLUGINS[plugin.game] is not plugin:
        raise ValueError(f"two search plug-ins registered for {plugin.game!r}")
    _PLUGINS[plugin.game] = plugin
    return plugin


#: No knowledge beyond the rules (every field unset): the reference searches.
NO_KNOWLEDGE = Plugin("")

#: Who hands the search a game's knowledge where one search meets several games (a
#: lesson's tasks, a cluster's worker processes): a game -> its plug-in (the door's
#: ``knowledge_for``).
KnowledgeOf = Callable[[Game], Plugin]


def set_plugin_importer(games: tuple[str, ...], importer: Callable[[str], Plugin | None]) -> None:
    """Make ``importer`` (a game's name -> its plug-in, imported now) what
    :func:`plugin_for` asks for the plug-in of one of ``games`` not yet registered.
    :mod:`model.search.games.plugins` calls it when imported (the door imports it)."""
    _IMPORTERS.update(dict.fromkeys(games, importer))


def plugin_for(game: Game | type[Game] | str) -> Plugin:
    """The plug-in of ``game`` (a position, a game class or a registry name), imported and
    registered when first asked for; an empty one (every field unset: the reference
    searches) for a game without one."""
    name = game if isinstance(game, str) else game.name
    plugin = _PLUGINS.get(name)
    if plugin is None and (importer := _IMPORTERS.get(name)) is not None:
        found = importer(name)
        plugin = None if found is None else register(found)
    return NO_KNOWLEDGE if plugin is None else plugin


class Tables(NamedTuple):
    """A game's tables, found without its plug-in (:func:`tables_for`): its whole-game
    tables, or None."""

    whole: WholeGameTables | None = None


_TABLE_IMPORTERS: dict[str, Callable[[str], Tables]] = {}


def set_tables_importer(games: tuple[str, ...], importer: Callable[[str], Tables]) -> None:
    """Make ``importer`` (a game's name -> its tables, imported now, and nothing else of its
    search: a probe loads no book, no solver and no other game) what :func:`tables_for` asks
    for the tables of one of ``games``."""
    _TABLE_IMPORTERS.update(dict.fromkeys(games, importer))


def tables_for(game: Game | type[Game] | str) -> Tables:
    """The tables of ``game`` (a position, a game class or a registry name), its tables'
    module imported alone (not its plug-in: a probe loads no book, solver or other game);
    neither for a game without any."""
    name = game if isinstance(game, str) else game.name
    importer = _TABLE_IMPORTERS.get(name)
    return Tables() if importer is None else importer(name)


def plugins() -> list[Plugin]:
    """Every plug-in, the importable ones imported, by game name."""
    names = sorted(set(_IMPORTERS) | set(_PLUGINS))
    return [plugin for name in names if (plugin := plugin_for(name)) is not NO_KNOWLEDGE]
