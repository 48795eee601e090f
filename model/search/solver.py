"""The reference solver over any game of the protocol: iterative deepening that proves
wins, losses and draws (the door, :func:`model.search.solve`, asks a game's book and its
compiled solver first and comes here for every other game)."""

from __future__ import annotations

import resource
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, Message, Mn_

from .. import showing
from ..game import Game, SaidError, Termination
from ..speed import push_search, search_moves
from .stop import SearchStopped
from .symmetry import Key, position_key

# ---- solving ----------------------------------------------------------------------------

WIN, LOSS, UNKNOWN, DRAW = 1, -1, 0, 2
_NAMES = {WIN: "win", LOSS: "loss", UNKNOWN: "unknown", DRAW: "draw"}


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The value of a position for the side to move, as far as the search got.

    ``value`` is "win", "loss", "draw" or "unknown"; ``plies`` is the length of the win
    (shortest) or of the loss (longest resistance) when proven, and the depth that proved a
    draw; ``depth`` the deepest search finished.
    """

    value: str
    plies: int | None
    best_move: str | None
    depth: int
    nodes: int
    seconds: float
    table_entries: int
    peak_memory_mb: float
    stopped: str | None  # None when proven; else "time limit", "interrupted", "depth limit"
    #: False when ``plies`` is only the length of the strategy found, not proven the
    #: extreme: the winner wins within it, perhaps sooner (an upper bound on the shortest
    #: win, and on the longest resistance too: the loser cannot hold out longer).
    plies_exact: bool = True
    #: What the search learnt of each first move: (move, "win" / "loss" / "unknown" for
    #: the side to move now if it plays it, plies within which that comes as the table
    #: knows them, an upper bound, or None).
    first_moves: tuple[tuple[str, str, int | None], ...] = ()
    #: "search", or "book" when the value comes from the game's book of proven values.
    source: str = "search"
    #: Which path of the door answered: "book", "compiled" or "reference" (this module).
    path: str = "reference"

    @property
    def positions(self) -> int:
        """The positions the search visited (:attr:`nodes`)."""
        return self.nodes

    def __repr__(self) -> str:  # and a notebook's table: model.showing
        return showing.solve_repr(self)

    def _repr_html_(self) -> str:
        return showing.solve_html(self)

    def to_json(self) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        if self.first_moves:
            extra["first_moves"] = [
                {"move": move, "value": value, "plies": plies}
                for move, value, plies in self.first_moves
            ]
        return {
            "value": self.value,
            "plies": self.plies,
            "best_move": self.best_move,
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "table_entries": self.table_entries,
            "peak_memory_mb": round(self.peak_memory_mb, 1),
            "complete": self.stopped is None,
            "stopped": self.stopped,
            "plies_exact": self.plies_exact if self.plies is not None else None,
            "source": self.source,
            **extra,
        }


Progress = Callable[[int, int, float, int], None]  # depth, nodes, seconds, table entries


def _terminal_value(game: Game) -> int:
    """WIN, LOSS or DRAW for the side to move of a finished two-player game."""
    outcome = game.outcome()
    assert outcome is not None
    value = outcome.value_for(game.to_move)
    return WIN if value > 0 else LOSS if value < 0 else DRAW


def unsolvable(game: Game) -> Message | None:
    """Why :class:`Solver` cannot prove ``game``'s value (its count of players, dice or
    simultaneous turns would make a proof false; a Message, said in the reader's language),
    or None when it can."""
    count, title = len(game.players), game.title
    if count != 2:
        return Mn_(
            "the solver proves two-player games; {game} has {count} player",
            "the solver proves two-player games; {game} has {count} players",
            count,
            game=title,
            count=count,
        )
    if game.has_chance:
        return M_(
            "{game} is a game of chance (dice): the solver proves values only in games "
            "without chance (it would take a roll of the dice for a player's move)",
            game=title,
        )
    if game.simultaneous_turns:
        return M_(
            "{game}'s sides move at once (simultaneous turns): the solver proves values "
            "only in games whose sides take turns",
            game=title,
        )
    return None


class Solver:
    """Proves wins, losses and draws by iterative deepening over the game protocol, for
    two-player games that take turns (no simultaneous or chance nodes).

    Positions are keyed by the ``key`` the solver is handed (the door's solve hands its
    plug-in's symmetry key: Partition's and Pyraos's 8 symmetries of the square base, so
    there symmetric positions share entries); without one by ``position_key()``, which
    shares nothing. A position that repeats on the current path is never scored as a win
    for either side, so endless play counts as a draw, but a draw is proven only by the
    game's own ending (a drawn outcome, such as a threefold repetition the rules declare),
    never by a cycle the search cut. A draw is never a win: moving into one proves nothing
    for the mover. Proven
    values are stored unconditionally (they never rest on a cut repetition), except a draw
    that rests on a drawn repetition (it holds on that path only); a failed proof is stored
    with its depth only when no repetition cut the search below it.
    """

    def __init__(
        self,
        game: Game,
        *,
        max_seconds: float | None = None,
        max_depth: int = 200,
        progress: Progress | None = None,
        progress_every: float = 1.0,
        key: Key | None = None,
    ) -> None:
        reason = unsolvable(game)
        if reason is not None:
            raise SaidError(reason)
        self.game = game.copy()
        self.max_seconds = max_seconds
        self.max_depth = max_depth
        self.progress = progress
        self.progress_every = progress_every
        self.key = position_key if key is None else key
        self.proven: dict[Hashable, tuple[int, int]] = {}  # key -> (WIN/LOSS, plies bound)
        self.failed: dict[Hashable, int] = {}  # key -> depth that proved nothing
        self.nodes = 0
        self._path: set[Hashable] = set()
        self._start = 0.0
        self._next_report = 0.0
        self._iteration = 0
        self._every = 1  # nodes between looks at the clock (see _check)
        self._next_check = 1
        self._last_check = 0.0

    def solve(self) -> SolveResult:
        self._start = time.perf_counter()
        self._next_report = self._start + self.progress_every
        self._every, self._next_check, self._last_check = 1, self.nodes + 1, self._start
        stopped: str | None
        depth_done, value, stopped = 0, UNKNOWN, "depth limit"
        try:
            for depth in range(1, self.max_depth + 1):
                self._iteration = depth
                value, _ = self._search(depth)
                depth_done = depth
                self._report(depth)
                if value != UNKNOWN:
                    stopped = None
                    break
        except SearchStopped as exc:
            stopped = str(exc)
        except KeyboardInterrupt:
            stopped = "interrupted"
        finally:
            self._path.clear()
        return self._result(value, depth_done, stopped)

    def _result(self, value: int, depth: int, stopped: str | None) -> SolveResult:
        game = self.game
        outcome = game.outcome()
        best = None
        plies = depth if value != UNKNOWN else None
        if outcome is not None:
            value = _terminal_value(game)
            plies, stopped = 0, None
        elif value != UNKNOWN:
            best = self._best_move(value)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return SolveResult(
            _NAMES[value],
            plies,
            best,
            depth,
            self.nodes,
            time.perf_counter() - self._start,
            len(self.proven) + len(self.failed),
            peak,
            stopped,
        )

    def _best_move(self, value: int) -> str | None:
        """The winning move with the shortest proof, the losing move that resists longest
        (by the proof lengths in the table), or a move that holds the draw."""
        game = self.game
        best, best_plies = None, None
        # the child's value (for its side to move) that realises ``value`` for the parent
        wanted = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}[value]
        for move in search_moves(game):
            push_search(game, move)
            try:
                if game.outcome() is not None:
                    entry: tuple[int, int] | None = (_terminal_value(game), 0)
                else:
                    entry = self.proven.get(self.key(game))
            finally:
                played = game.pop()
            if entry is None or entry[0] != wanted:
                continue
            longer = value == LOSS
            if best_plies is None or (entry[1] > best_plies if longer else entry[1] < best_plies):
                best, best_plies = played, entry[1]
        return None if best is None else str(best)

    def _report(self, depth: int) -> None:
        if self.progress is not None:
            self.progress(
                depth,
                self.nodes,
                time.perf_counter() - self._start,
                len(self.proven) + len(self.failed),
            )

    def _check(self) -> None:
        """The time limit and a progress report, every 1,024 nodes on a small board and
        more often where nodes are slow (a base-30 stacking pyramid's take tens of
        milliseconds each: 1,024 of them would overrun a limit by half a minute): the
        interval halves while checks are more than 10 ms apart, doubles back while they
        are less than 2 ms apart."""
        now = time.perf_counter()
        gap = now - self._last_check
        self._last_check = now
        if gap > 0.01 and self._every > 1:
            self._every //= 2
        elif gap < 0.002 and self._every < 1024:
            self._every *= 2
        self._next_check = self.nodes + self._every
        if self.max_seconds is not None and now - self._start > self.max_seconds:
            raise SearchStopped("time limit")
        if now >= self._next_report:
            self._next_report = now + self.progress_every
            self._report(self._iteration)

    def _search(self, depth: int) -> tuple[int, bool]:
        """(WIN / LOSS / UNKNOWN for the side to move within ``depth`` plies, whether a
        repetition cut the search)."""
        game = self.game
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        if game.is_over():
            # A draw by repetition depends on the path that led here (and the game's
            # history), so nothing resting on it is stored.
            outcome = game.outcome()
            assert outcome is not None  # the game is over
            return _terminal_value(game), outcome.termination is Termination.REPETITION
        if depth == 0:
            return UNKNOWN, False
        key = self.key(game)
        if key in self._path:
            return UNKNOWN, True
        entry = self.proven.get(key)
        if entry is not None and entry[1] <= depth:
            return entry[0], False
        if self.failed.get(key, -1) >= depth:
            return UNKNOWN, False
        self._path.add(key)
        # all_lose: every child wins for the opponent; settled: every child is proven
        # (a win for the opponent or a draw), so without a win this node is proven too
        all_lose, settled, repeated = True, True, False
        try:
            for move in search_moves(game):
                push_search(game, move)
                try:
                    value, rep = self._search(depth - 1)
                finally:
                    game.pop()
                if value == LOSS:
                    self.proven[key] = (WIN, depth)
                    return WIN, False
                if value != WIN:
                    all_lose = False
                    repeated = repeated or rep
                if value == UNKNOWN:
                    settled = False
        finally:
            self._path.discard(key)
        if all_lose:
            self.proven[key] = (LOSS, depth)
            return LOSS, False
        if settled:
            if repeated:  # a drawn repetition below: this draw holds on this path only
                return DRAW, True
            self.proven[key] = (DRAW, depth)
            return DRAW, False
        if not repeated:
            self.failed[key] = depth
        return UNKNOWN, repeated


def solve(game: Game, **options: Any) -> SolveResult:
    """The game-theoretic value of ``game`` for the side to move (see :class:`Solver`)."""
    return Solver(game, **options).solve()
