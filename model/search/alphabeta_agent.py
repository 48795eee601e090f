"""Alpha-beta over the game protocol in pure Python (see :mod:`.agents`): the reference
search of two-player games where the compiled one does not run."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from pyramid_lab.i18n import Message, Mn_

from ..game import Game
from ..speed import push_search, search_moves
from .agents import Evaluation, evaluation_or_neutral, public_move
from .choice import Choice, Clock, Limits, MoveStat, SearchAgent

MATE = 1_000_000
SCALE = 1000  # evaluation units per 1.0 of the evaluation function
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Stopped(Exception):
    pass


class AlphaBetaAgent(SearchAgent):
    """Negamax with alpha-beta, iterative deepening, a transposition table keyed by
    ``position_key()`` (best move, depth, bound), move ordering from the table and the
    history heuristic, and the ``evaluation`` it is handed (the game's plug-in's; the
    neutral 0 without) at the horizon. Wins score ``MATE - plies`` (the quickest win, the
    slowest loss); a position repeating on the search path scores as a draw. Two-player
    games only.

    The root's moves after the best are searched with a window that only shows they are not
    better, so their scores are bounds. With ``every_move`` (the Analysis dock) each root
    move is searched with the full window instead: every score is exact, at some cost in
    depth, and deepening goes on until every move is proven or time is short."""

    name = "alphabeta"
    bounds = ("seconds", "depth")

    def __init__(
        self,
        *,
        default_limits: Limits = Limits(seconds=1.0),
        every_move: bool = False,
        evaluation: Evaluation | None = None,
    ) -> None:
        self.default_limits = default_limits
        self.every_move = every_move
        self.evaluate = evaluation_or_neutral(evaluation)

    def _search(self, view: Game, limits: Limits, clock: Clock) -> Choice:
        if len(view.players) != 2:
            raise ValueError(f"alpha-beta plays two-player games, not {view.title}")
        search = _AlphaBeta(view, clock, self.evaluate, every_move=self.every_move)
        return search.run(limits.depth or 64, self.name)


@dataclass
class _AlphaBeta:
    game: Game
    clock: Clock
    evaluate: Evaluation
    table: dict[Hashable, tuple[int, int, int, Any]] = field(default_factory=dict)
    history: dict[Hashable, int] = field(default_factory=dict)
    nodes: int = 0
    path: set[Hashable] = field(default_factory=set)
    depth_now: int = 0
    every_move: bool = False  # every root move with the full window: exact scores

    def run(self, max_depth: int, name: str) -> Choice:
        game, clock = self.game, self.clock
        moves = search_moves(game)
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
                    public_move(game, moves[i]),
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
            public_move(game, moves[best_index]),
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
            unjudged=0 if done else len(moves),  # not even depth 1 finished: none scored
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
                push_search(game, moves[i])
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
                lambda: _depth_words(self.depth_now, self.nodes),
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
        moves = search_moves(game)
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
                push_search(game, move)
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
        line = [str(public_move(game, first))]
        push_search(game, first)
        pushed = 1
        seen = {game.position_key()}
        try:
            while pushed < max(depth, 1) and not game.is_over():
                entry = self.table.get(game.position_key())
                if entry is None or entry[3] is None:
                    break
                move = entry[3]
                if move not in search_moves(game):
                    break
                line.append(str(public_move(game, move)))
                push_search(game, move)
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


def _depth_words(depth: int, nodes: int) -> Message:
    """'depth 4, 1234 nodes': alpha-beta's progress."""
    return Mn_(
        "depth {depth}, {count} node",
        "depth {depth}, {count} nodes",
        nodes,
        depth=depth,
        count=nodes,
    )
