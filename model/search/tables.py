"""What a game's tables answer, as the command line, the lab and the window ask them: its
whole-game tables (:class:`WholeGameTables`, a table opened as a :class:`WholeGameTable`),
a module of the game's search package found by :func:`model.search.registry.tables_for`
without the game's plug-in. Types only: nothing here runs, and nothing imports this module
but for its types."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

from ..game import Game


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


class WholeGameTables(Protocol):
    """A game's whole-game tables (a module: the command line's ``endgame``): every
    position's value to the end of the game, built (resumably, on a Dask cluster too),
    opened, probed and verified. A table is the game's own object, seen here as a
    :class:`WholeGameTable`; the game's functions refuse (its ``EndgameError``) a table
    another game made."""

    @property
    def EndgameError(self) -> type[ValueError]:
        """A table that cannot be used (one line, naming the file)."""
        ...

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
