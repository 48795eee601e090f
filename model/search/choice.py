"""What every playing agent shares (``model.search.agents``, ``model.search.sampling``):
the limits a search runs within, the answer it gives (:class:`Choice`, one
:class:`MoveStat` per root move), the :class:`Agent` protocol and the clock that checks
limits, stop and progress in a search loop."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..game import Game, Move
from .prover import Stop, stop_function

ProgressCallback = Callable[[float, str], None]


@dataclass(frozen=True, slots=True)
class Limits:
    """How long an agent may think: seconds of wall time, playouts (MCTS iterations) or a
    depth (alpha-beta plies). Any that are set apply, the first reached ends the search;
    with none set an agent uses its own default."""

    seconds: float | None = None
    playouts: int | None = None
    depth: int | None = None

    def scaled(self, factor: float) -> Limits:
        """The same limits with time and playouts multiplied by ``factor``."""
        return Limits(
            None if self.seconds is None else self.seconds * factor,
            None if self.playouts is None else max(1, round(self.playouts * factor)),
            self.depth,
        )


@dataclass(frozen=True, slots=True)
class MoveStat:
    """One legal move as the Analysis dock lists it: MCTS visits and the win rate of the
    side to move after playing it, or alpha-beta's score (``visits`` 0). ``proven`` is
    "win", "loss" or "draw" for the side to move when the search proved it."""

    move: Move
    visits: int
    win_rate: float
    score: float | None = None
    proven: str | None = None
    plies: int | None = None  # when proven a win or loss: plies to the end, this move first
    #: False when ``plies`` is the length of a strategy found, not the shortest win or the
    #: longest resistance (shown as "within").
    exact: bool = True

    @property
    def text(self) -> str:
        return str(self.move)

    @property
    def proven_text(self) -> str:
        """'win in 3 plies', 'loss within 40 plies', 'draw', or '' when nothing is
        proven."""
        if self.proven is None:
            return ""
        if self.plies is None or self.proven == "draw":
            return self.proven
        word = "in" if self.exact else "within"
        return f"{self.proven} {word} {self.plies} {'ply' if self.plies == 1 else 'plies'}"


@dataclass(frozen=True, slots=True)
class Choice:
    """An agent's answer: the move, and what the window shows about it.

    ``win_rate`` is the estimated chance (0..1) for the side to move; ``proven`` is "win",
    "loss" or "draw" when the search proved the value (``plies`` then says how far, when
    known); ``visits`` counts playouts (MCTS) or nodes (alpha-beta); ``depth`` is the
    deepest tree node (MCTS) or the last finished iteration (alpha-beta); ``pv`` the
    principal variation as move texts; ``stats`` every root move, best first.
    """

    move: Move | None
    agent: str
    win_rate: float
    visits: int
    depth: int
    seconds: float
    pv: tuple[str, ...] = ()
    stats: tuple[MoveStat, ...] = ()
    proven: str | None = None
    plies: int | None = None
    score: float | None = None
    stopped: bool = False
    #: False: the agent picks a move without judging its chances (a game's own simple
    #: player), so ``win_rate`` means nothing.
    judged: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "move": None if self.move is None else str(self.move),
            "agent": self.agent,
            "win_rate": round(self.win_rate, 3),
            "proven": self.proven,
            "plies": self.plies,
            "score": self.score,
            "visits": self.visits,
            "depth": self.depth,
            "seconds": round(self.seconds, 3),
            "pv": list(self.pv),
            "stats": [
                {
                    "move": s.text,
                    "visits": s.visits,
                    "win_rate": round(s.win_rate, 3),
                    "score": s.score,
                    "proven": s.proven,
                    "plies": s.plies,
                }
                for s in self.stats
            ],
            "stopped": self.stopped,
        }


class Agent(Protocol):
    name: str

    def choose(
        self,
        game: Game,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        stop: Stop | None = None,
    ) -> Choice: ...


class _Clock:
    """Limits, stop and progress reports, checked cheaply in a search loop."""

    def __init__(
        self,
        limits: Limits,
        progress: ProgressCallback | None,
        stop: Stop | None,
        every: float = 0.2,
    ) -> None:
        self.start = time.perf_counter()
        self.limits = limits
        self.progress = progress
        self.stop = stop_function(stop)
        self.every = every
        self.next_report = self.start + every
        self.stopped = False

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def fraction(self, playouts: int = 0, depth: int = 0) -> float:
        limits = self.limits
        done = 0.0
        if limits.seconds:
            done = max(done, self.elapsed() / limits.seconds)
        if limits.playouts:
            done = max(done, playouts / limits.playouts)
        if limits.depth:
            done = max(done, depth / limits.depth)
        return min(done, 1.0)

    def out_of_time(self) -> bool:
        seconds = self.limits.seconds
        if seconds is not None and time.perf_counter() - self.start >= seconds:
            return True
        if self.stop():
            self.stopped = True
            return True
        return False

    def report(self, fraction: float, text: Callable[[], str]) -> None:
        if self.progress is None:
            return
        now = time.perf_counter()
        if now >= self.next_report:
            self.next_report = now + self.every
            self.progress(min(fraction, 0.99), text())


def _finished(game: Game, name: str, start: float) -> Choice:
    return Choice(None, name, 0.5, 0, 0, time.perf_counter() - start)
