"""What every playing agent shares (``model.search.agents``,
``model.search.games.ball``, ``model.search.compiled.agent``, a game's own
players): the limits a search runs within, the answer it gives (:class:`Choice`, one
:class:`MoveStat` per root move), the clock that checks limits, stop and progress in a
search loop, and :class:`SearchAgent` (also named :data:`Agent`), the template of
``choose()``: the steps every agent takes before it searches, written once."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from pyramid_lab.i18n import M_

from ..game import CHANCE, Game, Move, SaidError, decision_view
from .stop import Stop, stop_function

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

    @property
    def mark(self) -> str:
        """How every front end marks the move: "exact" (proven, its length the shortest
        win or the longest resistance, or none), "within" (proven, a strategy's length) or
        "estimate" (the search's win rate, not a proven value)."""
        if self.proven is None:
            return "estimate"
        return "exact" if self.exact or self.plies is None else "within"


@dataclass(frozen=True, slots=True)
class Choice:
    """An agent's answer: the move, and what the window shows about it.

    ``win_rate`` is the estimated chance (0..1) for the side to move; ``proven`` is "win",
    "loss" or "draw" when the search proved the value (``plies`` then says how far, when
    known); ``visits`` counts playouts (MCTS) or nodes (alpha-beta); ``depth`` is the
    deepest tree node (MCTS) or the last finished iteration (alpha-beta); ``pv`` the
    principal variation as move texts; ``stats`` every root move, best first (see
    ``unjudged`` for those the search never judged).
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
    #: Root moves the search never judged before its limits were reached: the moves in
    #: ``stats`` with neither visits nor a proof (MCTS: no playout reached them, their
    #: win rate means nothing), or every move (alpha-beta: not even depth 1 finished).
    unjudged: int = 0

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
            "unjudged": self.unjudged,
        }


class Clock:
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


class SearchAgent(ABC):
    """The template of an agent's ``choose()``: subclasses write :meth:`_search` (and where
    they need to, the other hooks); ``choose`` does what every agent does first:

    1. the limits: none given, or none of those that end this agent's search
       (:attr:`bounds`) set: the default limits' seconds (:attr:`default_limits`);
    2. :meth:`_before` (off the clock: compiling a search is not thinking), then the clock
       (limits, ``stop`` and ``progress``; :class:`Clock`);
    3. a finished game: no move;
    4. a chance node: :meth:`_chance` (refused with a clear message, unless the agent rolls
       the dice: :attr:`rolls_dice`, with ``self.rng`` by the outcomes' odds);
    5. the view the agent may search (:meth:`_view`: the deciding seat's information state,
       never the caller's game);
    6. with :attr:`forced_at_once`, a lone legal move is played without a search;
    7. :meth:`_search` (view, limits, clock) gives the :class:`Choice`.

    A game's own computer player (Rolling Pyramids' planner, ``move(game) -> Move``) can
    be one: ``rolls_dice`` and ``forced_at_once`` set, its decision in :meth:`_search`
    returning :meth:`_answer` (unjudged), and :meth:`move` where a bare move is wanted.
    """

    name: str = "agent"
    #: The limits used when ``choose`` gets none, or none of :attr:`bounds`.
    default_limits: Limits = Limits(seconds=1.0)
    #: The limits that end this agent's search (``Limits`` field names).
    bounds: ClassVar[tuple[str, ...]] = ("seconds", "playouts")
    #: The seat the agent decides for (None: the side to move).
    player: int | None = None
    #: At a chance node: roll the dice (True) or refuse (False).
    rolls_dice: ClassVar[bool] = False
    #: A lone legal move is played at once, unjudged, without searching.
    forced_at_once: ClassVar[bool] = False
    #: A random.Random where the agent draws (the dice with :attr:`rolls_dice`); the
    #: compiled search keeps its generator's state in an array.
    rng: Any

    def choose(
        self,
        game: Game,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        stop: Stop | None = None,
    ) -> Choice:
        limits = self.limits_for(limits)
        self._before(game, progress)
        clock = Clock(limits, progress, stop)
        if game.is_over():
            return _finished(game, self.name, clock.start)
        if game.current_player() == CHANCE:
            return self._chance(game, clock)
        view = self._view(game)
        if self.forced_at_once:
            moves = view.legal_moves()
            if len(moves) == 1:
                return self._answer(moves[0], clock)
        return self._search(view, limits, clock)

    def move(self, game: Game) -> Move:
        """The move :meth:`choose` picks with the default limits (a game's own players'
        interface: ``choose(game) -> Move``); ValueError when the game is over."""
        move = self.choose(game).move
        if move is None:
            over = M_("{agent}: the game is over, there is no move to play", agent=self.name)
            raise SaidError(over)
        return move

    def limits_for(self, limits: Limits | None) -> Limits:
        """Step 1 of the template (see the class)."""
        limits = limits or self.default_limits
        if all(getattr(limits, bound) is None for bound in self.bounds):
            limits = replace(limits, seconds=self.default_limits.seconds or 1.0)
        return limits

    # ---- the hooks ----

    @abstractmethod
    def _search(self, view: Game, limits: Limits, clock: Clock) -> Choice:
        """The agent's own decision in ``view`` (a copy it may change, restored or not)."""

    def _before(self, game: Game, progress: ProgressCallback | None) -> None:
        """Work before the clock starts on ``game`` (the compiled search made ready, its
        steps told to ``progress``); none here."""
        return

    def _view(self, game: Game) -> Game:
        """What the agent searches: the deciding seat's information state (a copy)."""
        return decision_view(game, self.player)

    def _chance(self, game: Game, clock: Clock) -> Choice:
        """At a chance node: an outcome drawn by its odds with :attr:`rolls_dice`, else a
        ValueError (a tree search here has no side to move to decide for)."""
        if not self.rolls_dice:
            raise ValueError(
                f"{self.name} decides for a player, and no player is to move at a chance "
                f"node of {game.title}: roll the dice (the game's chance_outcomes) first"
            )
        outcomes = game.chance_outcomes()
        move = self.rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
        return self._answer(move, clock)

    def _answer(self, move: Move, clock: Clock, *, judged: bool = False) -> Choice:
        """A move chosen without a search to show (a die rolled, a forced move, a game's
        own player's pick): reported as progress, its chances unjudged unless ``judged``."""
        if clock.progress is not None:
            clock.progress(1.0, f"{self.name}: {move}")
        return Choice(move, self.name, 0.5, 0, 0, clock.elapsed(), pv=(str(move),), judged=judged)


#: What :func:`model.search.agent_for` gives: every agent is a :class:`SearchAgent`
#: (``choose(game, limits, progress, stop) -> Choice``).
Agent = SearchAgent
