"""Pyramid Partition's certificates: a proof of a settled position that anyone can check
without our search (the checker, :mod:`model.certificate`, reads the rules alone).

The proof is the winner's strategy: one line ``KEY MOVE`` for every position of it where
the winner is to move and nobody has won yet, a winning move each, such that every reply
of the other side leads to a listed position (up to the base's 8 symmetries) or to the
winner's win. It is found by the compiled df-pn solver on one table: the winner's move at
each position is the one the table proved with the shortest win (asked again where the
table lost it), and every reply is followed, each position once up to symmetry (the
kernel's key).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyramid_lab.i18n import M_

from ....certificate import FORMAT
from ....game import SaidError
from ...compiled import core, dfpn
from ...compiled.proof import ProofSearch
from ...shelf import from_book
from ...value_book import ValueBook

#: progress(lines written, seconds)
CertificateProgress = Callable[[int, float], None]


@dataclass(frozen=True, slots=True)
class Certificate:
    """A certificate made: its text (header line, then one line a winner's position), the
    winner, the lines below the header and what making it took."""

    text: str
    winner: str
    lines: int
    seconds: float
    nodes: int


def _mask(lo: int, hi: int) -> int:
    return (int(lo) & 0xFFFFFFFFFFFFFFFF) | (int(hi) & 0xFFFFFFFFFFFFFFFF) << 64


def _empty(count: int, state: np.ndarray) -> int:
    """The empty points of a kernel state of a pyramid of ``count`` points."""
    full = int(_mask(state[0], state[1]) | _mask(state[2], state[3]))
    return count - full.bit_count()


def make_certificate(
    game: Any,
    *,
    book: ValueBook,
    table_mb: float = 1024,
    progress: CertificateProgress | None = None,
    progress_every: float = 5.0,
) -> Certificate:
    """The certificate of the Partition position ``game`` (left unchanged). ValueError for
    a finished position or one no kernel plays (a base above 6); MemoryError where the
    table cannot be had."""
    if game.outcome() is not None:
        raise SaidError(M_("the game is over: there is nothing to prove"))
    solver = book._make_solver(game, table_mb=table_mb)
    if solver is None:
        raise SaidError(
            M_("no compiled solver plays base {size}: no certificate", size=game.lattice.n)
        )
    count, root = game.lattice.count, solver.adapter.state(game)
    began = time.perf_counter()
    # the book's best move at the root, where it knows one: proving the position after
    # it is the whole proof, which the question at the root may not find first
    known = from_book(game, book)
    hint = None
    if known is not None and known.value == "win" and known.best_move is not None:
        hint = game.lattice.id_of(*game.parse_move(known.best_move).point)
    # a win with the book's move is proven from that move; otherwise (a loss, the book
    # silent) the question at the root, whose disproofs serve the walk after it
    mover_wins = hint is not None or solver.search.ask(root, True, _empty(count, root)).proven
    winner = game.to_move if mover_wins else game.other(game.to_move)
    letters = {"red": "r", "blue": "b"}
    walk = _Walk(solver, [str(p) for p in game.lattice.points], began)
    walk.say(letters[winner], letters[game.other(winner)], progress, progress_every)
    if mover_wins:
        walk.winner_to_move(root, hint)
    else:
        for _, child in walk.children(root):
            walk.winner_to_move(child)
    header = {
        "format": FORMAT,
        "game": game.name,
        "options": game.options.to_json(),
        "to_move": game.to_move,
        "pieces": [[*coords, colour] for coords, colour in sorted(game.pieces())],
        "winner": winner,
    }
    text = json.dumps(header) + "\n" + "".join(line + "\n" for line in walk.lines)
    seconds = time.perf_counter() - began
    return Certificate(text, winner, len(walk.lines), seconds, walk.search.nodes)


class _Walk:
    """The winner's strategy walked from a position: a winning move at each of the
    winner's positions (each once up to symmetry), every reply followed."""

    def __init__(self, solver: Any, points: list[str], began: float) -> None:
        self.search, self.code, self.ctx = solver.search, solver.adapter.code, solver.search.ctx
        self.count, self.points = len(points), points
        self.moves = np.zeros(solver.adapter.max_moves, dtype=np.int64)
        self.found = np.zeros(3, dtype=np.int64)
        search = self.search  # df-pn's table, where the search is df-pn
        self.entries = search.table.entries if isinstance(search, ProofSearch) else None
        self.began = began
        self.seen: set[int] = set()
        self.lines: list[str] = []

    def say(self, own: str, opp: str, progress: CertificateProgress | None, every: float) -> None:
        """How its lines are written: the winner's and the loser's letters; and its
        progress, said every ``every`` seconds."""
        self.own, self.opp, self.progress, self.every = own, opp, progress, every
        self.next_report = self.began + every

    def empty(self, state: np.ndarray) -> int:
        return _empty(self.count, state)

    def children(self, state: np.ndarray) -> list[tuple[int, np.ndarray]]:
        code, ctx, moves = self.code, self.ctx, self.moves
        out = []
        for move in moves[: core.generate(code, ctx, state, moves)].tolist():
            child = np.zeros(core.STATE, dtype=np.int64)
            core.play(code, ctx, state, move, child)
            out.append((move, child))
        return out

    def proven_loss(self, child: np.ndarray) -> int | None:
        """The plies within which the child's side to move is proven to lose, by the table
        (a proof of the other side's win); the child's empty points where the table holds
        a disproof of its side to move's win over all of them (the pyramid always has a
        winner: that is a loss, of no known length); else None."""
        key = int(core.key(self.code, self.ctx, child))
        plies: int | None = self.search.bounds(key)[1]
        if plies is None and self.entries is not None:
            left = self.empty(child)
            if dfpn.probe(self.entries, key, 1, left, self.found) and self.found[1] == 0:
                return left + 1  # after every proof of known length
        return plies

    def winning_move(self, state: np.ndarray, hint: int | None = None) -> tuple[int, np.ndarray]:
        search, kids = self.search, self.children(state)
        for move, child in kids:
            if child[core.STATUS] == core.LOST:
                return move, child
        for move, child in kids:  # the book's winning move, proven on its own first
            if move == hint and search.ask(child, False, self.empty(child)).proven:
                return move, child
        for attempt in range(2):
            best: tuple[int, int, np.ndarray] | None = None
            for move, child in kids:
                plies = self.proven_loss(child)
                if plies is not None and (best is None or plies < best[0]):
                    best = (plies, move, child)
            if best is not None:
                return best[1], best[2]
            if attempt == 0 and not search.ask(state, True, self.empty(state)).proven:
                raise RuntimeError("the certificate's walk reached a position the winner loses")
        for move, child in kids:  # the table keeps no child's proof: ask each
            if search.ask(child, False, self.empty(child)).proven:
                return move, child
        raise RuntimeError("no winning move found where the solver proved a win")

    def text_of(self, state: np.ndarray) -> str:
        mine, theirs = _mask(state[0], state[1]), _mask(state[2], state[3])
        own, opp = self.own, self.opp
        return "".join(
            own if mine >> p & 1 else opp if theirs >> p & 1 else "." for p in range(self.count)
        )

    def winner_to_move(self, state: np.ndarray, hint: int | None = None) -> None:
        """List ``state`` (the winner to move) with its winning move, then every reply."""
        key = int(core.key(self.code, self.ctx, state))
        if key in self.seen:
            return
        self.seen.add(key)
        move, child = self.winning_move(state, hint)
        self.lines.append(f"{self.text_of(state)} {self.points[move]}")
        if self.progress is not None and time.perf_counter() >= self.next_report:
            self.next_report = time.perf_counter() + self.every
            self.progress(len(self.lines), time.perf_counter() - self.began)
        if child[core.STATUS] != core.RUNNING:  # the winner has won
            return
        for _, grandchild in self.children(child):
            if grandchild[core.STATUS] != core.RUNNING:
                raise RuntimeError("a reply of the losing side ends the game")
            self.winner_to_move(grandchild)
