"""Playing agents over the game protocol: one interface for the window's "thinking
partner", its Analysis dock and the command line.

``agent.choose(game, limits, progress=None, stop=None) -> Choice``. The caller's game is
never changed (agents search a copy). ``progress(fraction, text)`` is called a few times a
second; ``stop`` (a threading.Event or a callable returning True) ends the search early with
the best move so far. :func:`agent_for` maps the levels "easy", "medium" and "strong" to an
agent and its limits per game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..game import SIMULTANEOUS, Game, Move
from .evaluate import evaluation_for
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


def _public(game: Game, move: Any) -> Move:
    """The protocol's Move for a search move (``search_moves`` may use a faster form)."""
    game.push_search(move)
    return game.pop()


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


# ---- random -------------------------------------------------------------------------------


class RandomAgent:
    """A legal move at random (seeded: the same seed plays the same game). At a
    simultaneous node with ``player`` set: a move of that player's (its part of the joint
    move); else a joint move."""

    name = "random"

    def __init__(self, seed: int | None = None, player: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.player = player

    def choose(
        self,
        game: Game,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        stop: Stop | None = None,
    ) -> Choice:
        start = time.perf_counter()
        simultaneous = self.player is not None and game.current_player() == SIMULTANEOUS
        moves = game.legal_moves(self.player) if simultaneous else game.legal_moves()
        if not moves:
            return _finished(game, self.name, start)
        move = self.rng.choice(moves)
        if progress is not None:
            progress(1.0, f"random: {move}")
        return Choice(move, self.name, 0.5, 0, 0, time.perf_counter() - start, pv=(str(move),))


class OwnPlayerAgent:
    """A game's own computer player (:meth:`Game.computer_player`: ``choose(game) ->
    Move``, chance nodes included) as an agent: it judges no chances."""

    def __init__(self, player: Any, level: str) -> None:
        self.player = player
        self.name = level

    def choose(
        self,
        game: Game,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        stop: Stop | None = None,
    ) -> Choice:
        start = time.perf_counter()
        if game.is_over():
            return _finished(game, self.name, start)
        move = self.player.choose(game.copy())
        if progress is not None:
            progress(1.0, f"{self.name}: {move}")
        seconds = time.perf_counter() - start
        return Choice(move, self.name, 0.5, 0, 0, seconds, pv=(str(move),), judged=False)


# ---- Monte Carlo tree search ------------------------------------------------------------------

WIN, LOSS, DRAW = 1, -1, 0
_PROVEN_TEXT = {WIN: "win", LOSS: "loss", DRAW: "draw"}
_RATE = {WIN: 1.0, LOSS: 0.0, DRAW: 0.5}


class _Node:
    __slots__ = ("amaf", "children", "move", "mover", "plies", "proven", "total", "visits")

    def __init__(self, move: Any, mover: int) -> None:
        self.move = move
        self.mover = mover  # the player who made ``move`` (the node's rewards are theirs)
        self.children: list[_Node] | None = None
        self.visits = 0
        self.total = 0.0
        self.proven: int | None = None  # WIN / LOSS / DRAW for ``mover`` (two players)
        self.plies = 0  # when proven: plies to the end (the quickest win found, the
        # longest loss)
        self.amaf: dict[Hashable, list[float]] | None = None  # move -> [visits, total]


class MCTSAgent:
    """UCT with RAVE (all-moves-as-first, for placement games such as Partition where a
    good move is good whenever it is played) and MCTS-Solver: a won or lost position is
    proven, proofs back up the tree (a move to a proven loss is never chosen, a proven win
    always), so short tactics come out exact. Random playouts over the protocol, capped at
    ``max_playout`` plies and then scored by the game's evaluation. N-player games back up
    each player's own return; proofs are for two players only.

    With ``every_move`` (the Analysis dock) the search goes on to its limits once the root is
    proven, among the root moves not yet proven, so every move gets a win rate of its own
    (else a win in one ends the search with the other moves unvisited).
    """

    name = "mcts"

    def __init__(
        self,
        *,
        seed: int | None = None,
        exploration: float = 0.7,
        rave: bool = True,
        rave_equivalence: float = 500.0,
        max_playout: int = 200,
        default_limits: Limits = Limits(seconds=1.0),
        every_move: bool = False,
    ) -> None:
        self.rng = random.Random(seed)
        self.every_move = every_move
        self.exploration = exploration
        self.rave = rave
        self.rave_equivalence = rave_equivalence
        self.max_playout = max_playout
        self.default_limits = default_limits
        if rave:
            self.name = "mcts-rave"

    def choose(
        self,
        game: Game,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        stop: Stop | None = None,
    ) -> Choice:
        limits = limits or self.default_limits
        if limits.seconds is None and limits.playouts is None:
            limits = replace(limits, seconds=self.default_limits.seconds or 1.0)
        clock = _Clock(limits, progress, stop)
        if game.is_over():
            return _finished(game, self.name, clock.start)
        game = game.copy()
        players = len(game.players)
        two = players == 2
        root = _Node(None, -1)
        rng = self.rng
        evaluate = evaluation_for(game)
        c = self.exploration
        use_rave = self.rave
        k = self.rave_equivalence
        max_playout = self.max_playout
        playouts = 0
        max_depth = 0
        limit = limits.playouts
        every_move = self.every_move and two
        if two:  # the root's moves that end the game are proven at once (a win in one)
            self._expand_root(game, root, rng, use_rave)
        while root.proven is None or every_move:
            if limit is not None and playouts >= limit:
                break
            if playouts & 15 == 0 and playouts and clock.out_of_time():
                break
            # -- selection and expansion --
            path = [root]
            node = root
            played: list[tuple[int, Any]] = []  # (player, move) for RAVE
            depth = 0
            while not game.is_over() and (node.proven is None or node is root):
                if node.children is None:  # a node grows its children on its second visit
                    moves = game.search_moves()
                    rng.shuffle(moves)
                    mover = game.current_player()
                    node.children = [_Node(m, mover) for m in moves]
                    if use_rave:
                        node.amaf = {}
                child = self._select(node, c, use_rave, k, rng, every_move and node is root)
                if child is None:
                    break
                game.push_search(child.move)
                played.append((child.mover, child.move))
                depth += 1
                path.append(child)
                node = child
                if child.visits == 0:
                    break
            if depth == 0 and every_move:
                break  # every root move is proven: nothing is left to learn
            max_depth = max(max_depth, depth)
            # -- simulation --
            rewards, steps = self._playout(game, node, rng, max_playout, evaluate, played, two)
            for _ in range(steps + depth):
                game.pop()
            # -- backpropagation --
            self._backup(path, rewards, played, use_rave, two)
            playouts += 1
            clock.report(
                clock.fraction(playouts),
                lambda n=playouts: f"{n} playouts, {self._summary(game, root)}",
            )
        return self._choice(game, root, playouts, max_depth, clock)

    # -- the pieces --

    @staticmethod
    def _expand_root(game: Game, root: _Node, rng: random.Random, use_rave: bool) -> None:
        moves = game.search_moves()
        rng.shuffle(moves)
        mover = game.current_player()
        root.children = [_Node(m, mover) for m in moves]
        if use_rave:
            root.amaf = {}
        for child in root.children:
            game.push_search(child.move)
            try:
                outcome = game.outcome()
                if outcome is not None:
                    value = outcome.returns()[mover]
                    child.proven = WIN if value > 0 else LOSS if value < 0 else DRAW
            finally:
                game.pop()
        MCTSAgent._prove(root)

    def _select(
        self,
        node: _Node,
        c: float,
        use_rave: bool,
        k: float,
        rng: random.Random,
        unproven_only: bool = False,
    ) -> _Node | None:
        """The child to search next by UCT (with RAVE); a proven win at once. With
        ``unproven_only`` proven children are passed over, and None means all are proven."""
        children = node.children
        assert children is not None
        best, best_value = None, -math.inf
        log_n = math.log(node.visits + 1)
        amaf = node.amaf
        for child in children:
            proven = child.proven
            if proven is not None:
                if unproven_only:
                    continue
                if proven == WIN:
                    return child
                if proven == LOSS:
                    continue
            n = child.visits
            stats = amaf.get(child.move) if use_rave and amaf else None
            if n == 0:
                value = 1.0 + rng.random() * 0.01
                if stats is not None and stats[0] > 0:
                    value = stats[1] / stats[0] + 0.5 + rng.random() * 0.01
            else:
                q = child.total / n
                if stats is not None and stats[0] > 0:
                    beta = math.sqrt(k / (3 * n + k))
                    q = (1 - beta) * q + beta * stats[1] / stats[0]
                value = q + c * math.sqrt(log_n / n)
            if value > best_value:
                best, best_value = child, value
        if best is None and unproven_only:
            return None
        if best is None:  # every move loses: play on with the most visited
            best = max(children, key=lambda ch: ch.visits)
        return best

    def _playout(
        self,
        game: Game,
        node: _Node,
        rng: random.Random,
        max_playout: int,
        evaluate: Callable[[Game], float],
        played: list[tuple[int, Any]],
        two: bool,
    ) -> tuple[tuple[float, ...], int]:
        """Random moves to the end (or the cap); (reward per player in 0..1, plies)."""
        if node.proven is not None and two:
            r = (node.proven + 1) / 2
            mover = node.mover
            return ((r, 1 - r) if mover == 0 else (1 - r, r)), 0
        steps = 0
        choice = rng.choice
        while True:
            outcome = game.outcome()
            if outcome is not None:
                rewards = tuple(min(1.0, max(0.0, (v + 1) / 2)) for v in outcome.returns())
                if steps == 0 and two and node.mover >= 0:
                    r = rewards[node.mover]
                    node.proven = WIN if r > 0.5 else LOSS if r < 0.5 else DRAW
                return rewards, steps
            if steps >= max_playout:
                players = len(game.players)
                value = evaluate(game)
                mover = game.current_player()
                r = 0.5 + 0.5 * value
                if players == 2:
                    return ((r, 1 - r) if mover == 0 else (1 - r, r)), steps
                return tuple(r if p == mover else 0.5 for p in range(players)), steps
            player = game.current_player()
            move = choice(game.search_moves())
            game.push_search(move)
            played.append((player, move))
            steps += 1

    def _backup(
        self,
        path: list[_Node],
        rewards: tuple[float, ...],
        played: list[tuple[int, Any]],
        use_rave: bool,
        two: bool,
    ) -> None:
        for index in range(len(path) - 1, -1, -1):
            node = path[index]
            node.visits += 1
            if node.mover >= 0:
                node.total += rewards[node.mover]
            if two and node.children is not None and node.proven is None:
                self._prove(node)
            if use_rave and node.amaf is not None and node.children:
                seen = set()
                amaf = node.amaf
                to_move = node.children[0].mover
                for player, move in played[index:]:
                    if player != to_move or move in seen:
                        continue
                    seen.add(move)
                    stats = amaf.get(move)
                    if stats is None:
                        amaf[move] = [1, rewards[player]]
                    else:
                        stats[0] += 1
                        stats[1] += rewards[player]

    @staticmethod
    def _prove(node: _Node) -> None:
        """MCTS-Solver: a move that wins for the player to move makes the node lost for its
        mover; when every move is proven, the best of them decides."""
        children = node.children
        assert children is not None
        best, settled, quickest = LOSS, True, None
        for child in children:
            proven = child.proven
            if proven == WIN:
                if quickest is None or child.plies < quickest:
                    quickest = child.plies
            elif proven is None:
                settled = False
            elif proven > best:
                best = proven
        if quickest is not None:
            node.proven, node.plies = LOSS, quickest + 1
        elif settled:
            node.proven = -best
            node.plies = 1 + max(ch.plies for ch in children if ch.proven == best)

    def _summary(self, game: Game, root: _Node) -> str:
        if not root.children:
            return ""
        best = max(root.children, key=lambda ch: ch.visits)
        if best.visits == 0:
            return ""
        return f"best {_public(game, best.move)} {best.total / best.visits:.0%}"

    def _choice(self, game: Game, root: _Node, playouts: int, depth: int, clock: _Clock) -> Choice:
        children = root.children or []

        def rank(ch: _Node) -> tuple[int, int, int, float]:
            proven = {WIN: 2, DRAW: 0, LOSS: -2, None: 0}[ch.proven]
            # the quickest proven win, the longest proven loss
            plies = -ch.plies if ch.proven == WIN else ch.plies if ch.proven == LOSS else 0
            return (proven, plies, ch.visits, ch.total / ch.visits if ch.visits else 0.0)

        ordered = sorted(children, key=rank, reverse=True)
        stats = tuple(
            MoveStat(
                _public(game, ch.move),
                ch.visits,
                _RATE[ch.proven] if ch.proven is not None else ch.total / max(ch.visits, 1),
                None,
                None if ch.proven is None else _PROVEN_TEXT[ch.proven],
                ch.plies + 1 if ch.proven in (WIN, LOSS) else None,
            )
            for ch in ordered
        )
        best = ordered[0] if ordered else None
        move = stats[0].move if stats else None
        pv: list[str] = []
        node = best
        pushed = 0
        while node is not None and node.visits > 0:
            pv.append(str(_public(game, node.move)))
            game.push_search(node.move)
            pushed += 1
            if not node.children:
                break
            node = max(node.children, key=lambda ch: (ch.proven == WIN, ch.visits))
        for _ in range(pushed):
            game.pop()
        proven, plies = None, None
        if root.proven is not None:
            proven = _PROVEN_TEXT[-root.proven]  # root.proven is for the previous mover
            plies = root.plies if root.proven != DRAW else None
        win_rate = stats[0].win_rate if stats else 0.5
        if proven is not None:
            win_rate = {"win": 1.0, "loss": 0.0, "draw": 0.5}[proven]
        return Choice(
            move,
            self.name,
            win_rate,
            playouts,
            depth,
            clock.elapsed(),
            tuple(pv),
            stats,
            proven,
            plies,
            stopped=clock.stopped,
        )


# ---- alpha-beta -------------------------------------------------------------------------------

MATE = 1_000_000
SCALE = 1000  # evaluation units per 1.0 of the evaluation function
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Stopped(Exception):
    pass


class AlphaBetaAgent:
    """Negamax with alpha-beta, iterative deepening, a transposition table keyed by
    ``position_key()`` (best move, depth, bound), move ordering from the table and the
    history heuristic, and the game's evaluation (:mod:`model.search.evaluate`) at the
    horizon. Wins score ``MATE - plies`` (the quickest win, the slowest loss); a position
    repeating on the search path scores as a draw. Two-player games only.

    The root's moves after the best are searched with a window that only shows they are not
    better, so their scores are bounds. With ``every_move`` (the Analysis dock) each root
    move is searched with the full window instead: every score is exact, at some cost in
    depth, and deepening goes on until every move is proven or time is short."""

    name = "alphabeta"

    def __init__(
        self, *, default_limits: Limits = Limits(seconds=1.0), every_move: bool = False
    ) -> None:
        self.default_limits = default_limits
        self.every_move = every_move

    def choose(
        self,
        game: Game,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        stop: Stop | None = None,
    ) -> Choice:
        limits = limits or self.default_limits
        if limits.seconds is None and limits.depth is None:
            limits = replace(limits, seconds=self.default_limits.seconds or 1.0)
        clock = _Clock(limits, progress, stop)
        if game.is_over():
            return _finished(game, self.name, clock.start)
        if len(game.players) != 2:
            raise ValueError(f"alpha-beta plays two-player games, not {game.title}")
        search = _AlphaBeta(game.copy(), clock, every_move=self.every_move)
        return search.run(limits.depth or 64, self.name)


@dataclass
class _AlphaBeta:
    game: Game
    clock: _Clock
    table: dict[Hashable, tuple[int, int, int, Any]] = field(default_factory=dict)
    history: dict[Hashable, int] = field(default_factory=dict)
    nodes: int = 0
    path: set[Hashable] = field(default_factory=set)
    depth_now: int = 0
    every_move: bool = False  # every root move with the full window: exact scores

    def __post_init__(self) -> None:
        self.evaluate = evaluation_for(self.game)

    def run(self, max_depth: int, name: str) -> Choice:
        game, clock = self.game, self.clock
        moves = game.search_moves()
        scores: dict[int, tuple[int, bool]] = {}
        best_index, best_score, done = 0, 0, 0
        order = list(range(len(moves)))
        for depth in range(1, max_depth + 1):
            self.depth_now = depth
            try:
                result = self._root(moves, order, depth)
            except _Stopped:
                break
            iteration_scores, best_index, best_score = result
            scores = iteration_scores
            done = depth
            # the best first, then the others by score
            order.sort(key=lambda i: (i != best_index, -scores[i][0]))
            if self.every_move:
                if all(abs(score) >= MATE - 1000 for score, _ in scores.values()):
                    break  # every move proven
            elif abs(best_score) >= MATE - 1000:
                break  # a proven result: deeper search will not change it
            if clock.limits.seconds is not None and clock.elapsed() > clock.limits.seconds / 2:
                break  # the next iteration would not finish
        if done == 0:  # not even depth 1 finished: take the first ordered move
            scores = {}
            best_index, best_score = order[0], 0
        stats = []
        for i in order:
            score, exact = scores.get(i, (0, False))
            stats.append(
                MoveStat(
                    _public(game, moves[i]),
                    0,
                    _win_rate(score),
                    score / SCALE if abs(score) < MATE - 1000 else float(score),
                    _proven(score) if exact or score <= -MATE + 1000 else None,
                    MATE - abs(score) if abs(score) >= MATE - 1000 else None,
                )
            )
        pv = self._pv(moves[best_index], done)
        proven = _proven(best_score) if done else None
        plies = MATE - abs(best_score) if proven in ("win", "loss") else None
        return Choice(
            _public(game, moves[best_index]),
            name,
            _win_rate(best_score),
            self.nodes,
            done,
            clock.elapsed(),
            tuple(pv),
            tuple(stats),
            proven,
            plies,
            best_score / SCALE if abs(best_score) < MATE - 1000 else float(best_score),
            clock.stopped,
        )

    def _root(
        self, moves: list[Any], order: list[int], depth: int
    ) -> tuple[dict[int, tuple[int, bool]], int, int]:
        game = self.game
        alpha, beta = -MATE - 1, MATE + 1
        scores: dict[int, tuple[int, bool]] = {}
        best_index, best = order[0], -MATE - 1
        root = game.position_key()
        self.path.add(root)
        try:
            for i in order:
                game.push_search(moves[i])
                try:
                    score = -self._search(depth - 1, -beta, -alpha, 1)
                finally:
                    game.pop()
                scores[i] = (score, score > alpha)  # exact unless it failed low
                if score > best:
                    best, best_index = score, i
                if score > alpha and not self.every_move:
                    alpha = score
        finally:
            self.path.discard(root)
        return scores, best_index, best

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        game = self.game
        self.nodes += 1
        if self.nodes & 255 == 0:
            clock = self.clock
            if clock.out_of_time():
                raise _Stopped
            clock.report(
                clock.fraction(depth=self.depth_now - 1),
                lambda: f"depth {self.depth_now}, {self.nodes} nodes",
            )
        outcome = game.outcome()
        if outcome is not None:
            value = outcome.value_for(game.to_move)
            return MATE - ply if value > 0 else -(MATE - ply) if value < 0 else 0
        key = game.position_key()
        if key in self.path:
            return 0
        if depth <= 0:
            return int(self.evaluate(game) * SCALE)
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth:
                value = _from_table(e_value, ply)
                if e_flag == _EXACT:
                    return value
                if e_flag == _LOWER and value >= beta:
                    return value
                if e_flag == _UPPER and value <= alpha:
                    return value
        moves = game.search_moves()
        history = self.history
        moves.sort(key=lambda m: history.get(m, 0), reverse=True)
        if tt_move is not None:
            try:
                moves.remove(tt_move)
                moves.insert(0, tt_move)
            except ValueError:
                pass
        original_alpha = alpha
        best, best_move = -MATE - 1, None
        self.path.add(key)
        try:
            for move in moves:
                game.push_search(move)
                try:
                    score = -self._search(depth - 1, -beta, -alpha, ply + 1)
                finally:
                    game.pop()
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            history[move] = history.get(move, 0) + depth * depth
                            break
        finally:
            self.path.discard(key)
        flag = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        self.table[key] = (depth, _to_table(best, ply), flag, best_move)
        return best

    def _pv(self, first: Any, depth: int) -> list[str]:
        game = self.game
        line = [str(_public(game, first))]
        game.push_search(first)
        pushed = 1
        seen = {game.position_key()}
        try:
            while pushed < max(depth, 1) and not game.is_over():
                entry = self.table.get(game.position_key())
                if entry is None or entry[3] is None:
                    break
                move = entry[3]
                if move not in game.search_moves():
                    break
                line.append(str(_public(game, move)))
                game.push_search(move)
                pushed += 1
                if game.position_key() in seen:
                    break
                seen.add(game.position_key())
        finally:
            for _ in range(pushed):
                game.pop()
        return line


def _to_table(value: int, ply: int) -> int:
    """Mate scores stored relative to the node (they do not depend on the path to it)."""
    if value >= MATE - 1000:
        return value + ply
    if value <= -MATE + 1000:
        return value - ply
    return value


def _from_table(value: int, ply: int) -> int:
    if value >= MATE - 1000:
        return value - ply
    if value <= -MATE + 1000:
        return value + ply
    return value


def _win_rate(score: int) -> float:
    if score >= MATE - 1000:
        return 1.0
    if score <= -MATE + 1000:
        return 0.0
    return 1 / (1 + math.exp(-score / (SCALE / 2)))


def _proven(score: int) -> str | None:
    if score >= MATE - 1000:
        return "win"
    if score <= -MATE + 1000:
        return "loss"
    return None


# ---- levels -------------------------------------------------------------------------------

LEVELS = ("easy", "medium", "strong")
ALPHA_BETA = ("terrace",)  # games whose strong level is alpha-beta
ALPHA_BETA_MEDIUM = ("terrace",)  # games whose medium level is a short alpha-beta
NO_RAVE = ("terrace", "pyraos")  # moves that are good whenever played: not so in a race of stones
PLAYOUT_CAPS = {"terrace": 24}  # random play wanders for ever; the evaluation judges
#: Games whose medium level is a number of playouts, not 0.5 s: in Pyramid Partition the
#: side to move wins once MCTS with RAVE has some 70 playouts a move, so medium at 0.5 s
#: (about 200) drew level with strong on colour alone (first movers won 20 of 20); at 40
#: it still beats easy (9-1) and strong beats it with either colour.
MEDIUM_PLAYOUTS = {"partition": 40}


def levels_for(game: Game | type[Game]) -> tuple[str, ...]:
    """The levels of computer play a game offers: its own players' (``computer_levels``)
    or the shared easy / medium / strong."""
    return game.computer_levels or LEVELS


def agent_for(
    game: Game,
    level: str,
    *,
    seed: int | None = None,
    every_move: bool = False,
    player: int | None = None,
) -> tuple[Agent, Limits]:
    """The agent and limits for a level of play in ``game``:

    - easy: MCTS with 100 playouts and no RAVE (sees a win or a loss in one, little more);
    - medium: 0.5 s: alpha-beta in Allmer's Pyramid (random playouts judge a race of stones
      badly), MCTS elsewhere (with RAVE in Partition, where a good point is good whenever
      it is taken; there 40 playouts, see ``MEDIUM_PLAYOUTS``);
    - strong: 2.5 s: alpha-beta in Allmer's Pyramid (evaluation: material and height),
      MCTS elsewhere: with RAVE in Pyramid Partition (a connection game: random playouts
      judge it better than a cheap evaluation), without in Pyraos (alpha-beta on the
      reserves at 2.5 s only drew level with MCTS at 0.5 s there: 10-10; MCTS at 2.5 s
      beat it 8-2).

    At a simultaneous node (both sides program a turn in secret): easy plays at random,
    medium and strong are :class:`~model.search.sampling.SamplingAgent` (0.4 s against 8
    likely replies; 2 s against 20). They answer a joint move, or with ``player`` (a side's
    index) that side's part of it: the random agent then picks that side's part at random.

    Chosen by the matches of ``tests/bench/engines.py``; each level beats the one below.
    ``every_move`` asks the medium and strong agents to judge every root move to the end of
    their limits (the Analysis dock), not only to find the best.

    A game with players of its own (``Game.computer_levels``: chance nodes, scores as
    returns, which the tree searches here do not know) gets them instead, by its levels.
    """
    if game.computer_levels:
        if level not in game.computer_levels:
            levels = ", ".join(game.computer_levels)
            raise ValueError(f"level must be one of {levels}, not {level!r}")
        return OwnPlayerAgent(game.computer_player(level, seed), level), Limits(playouts=1)
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if game.current_player() == SIMULTANEOUS:  # every side programs in secret: no tree
        from .sampling import SamplingAgent

        if level == "easy":
            return RandomAgent(seed, player=player), Limits(playouts=1)
        if level == "medium":
            return SamplingAgent(seed, replies=8, player=player), Limits(seconds=0.4)
        return SamplingAgent(seed, replies=20, player=player), Limits(seconds=2.0)
    two = len(game.players) == 2
    cap = PLAYOUT_CAPS.get(game.name, 200)
    if level == "easy":
        return MCTSAgent(seed=seed, rave=False, max_playout=cap), Limits(playouts=100)
    if level == "medium":
        if two and game.name in ALPHA_BETA_MEDIUM:
            return AlphaBetaAgent(every_move=every_move), Limits(seconds=0.5)
        rave = game.name not in NO_RAVE
        agent = MCTSAgent(seed=seed, rave=rave, max_playout=cap, every_move=every_move)
        playouts = MEDIUM_PLAYOUTS.get(game.name)
        return agent, Limits(playouts=playouts) if playouts else Limits(seconds=0.5)
    if two and game.name in ALPHA_BETA:
        return AlphaBetaAgent(every_move=every_move), Limits(seconds=2.5)
    return MCTSAgent(seed=seed, max_playout=cap, every_move=every_move), Limits(seconds=2.5)
