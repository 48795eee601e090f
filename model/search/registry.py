"""The plug-ins of the search, one a game, found by the game's registry name.

A :class:`Plugin` holds all one game knows of search beyond its rules: the compiled
kernel's adapter (and so the compiled solver), a static evaluation, a symmetry key, the
levels of play (or players of its own), endgame tables, a book of proven values and
certificates. Every field is optional: a game
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

from collections.abc import Callable, Hashable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..game import Game

if TYPE_CHECKING:
    from .choice import Agent, Limits
    from .compiled.adapters import Adapter
    from .value_book import ValueBook

#: A game's own player of a level: (position, level, seed, player) -> (agent, limits).
OwnPlayer = Callable[[Game, str, "int | None", "int | None"], "tuple[Agent, Limits]"]
#: Progress of a certificate's making: (positions written, seconds).
CertificateProgress = Callable[[int, float], None]
#: Progress of an endgame table's building: (sweep, layer, decided, seconds).
TableProgress = Callable[[int, int, int, float], None]


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


class EndgameTables(Protocol):
    """A game's endgame tables (a module: the command line's ``endgame``)."""

    @property
    def TOP_LAYER(self) -> int:
        """A table's top layer (the most pieces a table's board holds, plus one)."""
        ...

    @property
    def EndgameError(self) -> type[ValueError]:
        """A table that cannot be used (one line, naming the file)."""
        ...

    def layers(self) -> list[tuple[int, int, int]]:
        """(pieces, shapes, positions) for each layer, from the top down."""
        ...

    def default_path(self, low: int, options: object) -> Path:
        """The table's file in the user's cache for those rules and ``low`` pieces."""
        ...

    def build(
        self,
        low: int,
        path: Path,
        options: object,
        progress: TableProgress | None = None,
        start: Path | None = None,
    ) -> list[tuple[int, int, int, int]]:
        """Build the table down to ``low`` pieces: (pieces, positions, wins, losses)."""
        ...

    def value(self, game: Game, path: Path) -> tuple[str, int]:
        """The table's value of the position for the side to move, and its fewest pieces."""
        ...


class WholeGameTable(Protocol):
    """A whole-game table opened or built (the game's own object, made by its
    :class:`WholeGameTables`): its folder, its pyramid and rules, whether it is finished,
    its positions and the rounds its build took, and a position's value."""

    @property
    def folder(self) -> Path: ...
    @property
    def base(self) -> int: ...
    @property
    def variant(self) -> str: ...
    @property
    def removal(self) -> str: ...
    @property
    def finished(self) -> bool: ...
    @property
    def positions(self) -> int:
        """The positions of every layer (a byte each)."""
        ...

    @property
    def rounds(self) -> int:
        """The rounds (or push steps) its build took, the one under way included."""
        ...

    def probe(self, own: int, opp: int) -> int:
        """The byte of the board (own, opp), ``own`` to move: 0 undecided, else 1 + the
        plies to the end (odd plies: a win for the side to move)."""
        ...


class SolverAgreement(Protocol):
    """One layer of a whole-game table against the forward solver: positions sampled,
    those that agree, disagree (as (own, opp, the table's words, the solver's)) and stay
    unsettled (those a draw in the table), whether the layer was left, the seconds."""

    @property
    def n(self) -> int: ...
    @property
    def sampled(self) -> int: ...
    @property
    def agree(self) -> int: ...
    @property
    def disagree(self) -> int: ...
    @property
    def unsettled(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def settled(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def given_up(self) -> bool: ...
    @property
    def wrong(self) -> list[tuple[int, int, str, str]]: ...


class WholeGameTables(EndgameTables, Protocol):
    """A game's whole-game tables beside its endgame tables (a module: the command line's
    ``endgame --whole``, ``verify`` and ``book``): every position's value to the end of the
    game, built (resumably, on a Dask cluster too), opened, probed and verified. A table is
    the game's own object, seen here as a :class:`WholeGameTable`; the game's functions
    refuse (its ``EndgameError``) a table another game made."""

    def whole_folder(self, options: Any, base: int = 4) -> Path:
        """The table's folder in the user's cache for those rules."""
        ...

    def whole_count(self, base: int = 4) -> list[tuple[int, int, int]]:
        """(pieces, shapes, positions) of each layer."""
        ...

    def whole_estimate(self, base: int, cores: int, push: bool = True) -> tuple[int, float, int]:
        """(positions, seconds, bytes of memory) a build is expected to take here."""
        ...

    def whole_build(
        self,
        folder: Path,
        options: Any,
        base: int,
        client: Any,
        progress: Callable[[dict[str, Any]], None] | None,
        *,
        stop: Callable[[], bool] | None = None,
        say: Callable[[str], None] | None = None,
    ) -> WholeGameTable:
        """Build (or resume) the table in ``folder`` (``client``: a Dask client, or None).
        ``stop()`` asked between units of a few seconds: true, the build ends, what it did
        kept, and the table comes unfinished (the window's Stop). As the command line and
        the lab ask it: the game's function may take more, with defaults."""
        ...

    def whole_open(self, folder: Path, lookups: bool = False) -> WholeGameTable:
        """The table in ``folder``, read and checked."""
        ...

    def whole_value(self, game: Game, table: WholeGameTable) -> tuple[str, int | None]:
        """The table's value of the position for the side to move, and plies to the end."""
        ...

    def whole_verify(
        self, table: WholeGameTable, progress: Callable[[int, int, int, float], None] | None = None
    ) -> tuple[int, list[tuple[int, int, str]]]:
        """(positions checked, those whose value does not follow from their children's)."""
        ...

    def whole_describe(self, byte: int) -> str:
        """A table's value in words."""
        ...

    def whole_client(self, workers: int, scheduler: str | None) -> AbstractContextManager[Any]:
        """A Dask client of ``workers`` local processes or of the cluster at ``scheduler``."""
        ...

    def whole_against_solver(
        self,
        table: WholeGameTable,
        count: int,
        seconds: float,
        low: int,
        seed: int,
        *,
        progress: Callable[[SolverAgreement], None] | None = None,
    ) -> Sequence[SolverAgreement]:
        """The table against the forward solver on random positions of each layer, down to
        ``low`` pieces (the game's function may take more, with defaults: the command line
        asks for no more)."""
        ...

    def whole_position_text(self, own: int, opp: int, base: int = 4) -> str:
        """A board of the table's index as the rules write it."""
        ...

    def whole_version(self, variant: str, removal: str) -> str:
        """The version of the rules in words."""
        ...

    def whole_build_words(self, variant: str, removal: str, cores: int | None = None) -> str:
        """The one command that builds a version's whole table, with its time, disk and
        memory on this machine's ``cores`` (its own count by default)."""
        ...

    def whole_opening(
        self,
        table: WholeGameTable,
        spheres: int,
        path: Path | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> tuple[Path, int, int, int]:
        """The book's opening written from the table."""
        ...


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
    #: The game's endgame tables, or None.
    endgame: EndgameTables | None = None
    #: The game's whole-game tables (with its endgame tables), or None.
    whole: WholeGameTables | None = None
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


def plugins() -> list[Plugin]:
    """Every plug-in, the importable ones imported, by game name."""
    names = sorted(set(_IMPORTERS) | set(_PLUGINS))
    return [plugin for name in names if (plugin := plugin_for(name)) is not NO_KNOWLEDGE]
