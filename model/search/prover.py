"""The prover: does ``side`` win within ``within`` plies, whatever the others do?

Depth-first proof-number search (df-pn, with the 1 + epsilon trick) over the game protocol.
The prover's nodes are OR nodes, every other player's are AND nodes. A node of the search is
a position (the game's symmetry key, its plug-in's ``search_key``: symmetric positions share
an entry) together with the
plies left, which keeps the search graph free of cycles; entries for fewer plies left are
kept, so deepening the bound reuses them.

A draw, a loss, running out of plies and a position repeating on the search path are all
failures for the prover: a proof never rests on a repetition, and a disproof that a path
repetition caused is never stored (another path might not repeat there).

Where the game has a compiled kernel (:mod:`model.search.compiled`: Pyramid Partition up to
base 6, Pyraos, Allmer's Pyramid) each "does the side win within n plies?" goes to the
compiled df-pn, the same search some hundred times faster (``tests/bench/compiled.py``);
the lines, the first moves and the shortest win are asked the same way as here.
This pure-Python df-pn stays as the reference the compiled one is tested against and the
search wherever no kernel fits (a game without one, a Partition base above 6, a position
whose history counts).

What it answers is a :class:`Proof` (proven, disproven or unknown, the shortest win, its
first move, a principal line, the winning first moves); :func:`node_budget` stops it after
a number of nodes, so that what is found does not depend on the clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pyramid_lab.i18n import M_

from ..game import Game, Move, SaidError, no_proof_with_chance
from ..speed import push_search, search_moves
from . import prover_words
from .compiled.proof import ProofSearch
from .exact_budget import Deadline, core_ready
from .kernels import adapter_for
from .registry import Plugin
from .stop import SearchStopped, Stop, stop_function
from .symmetry import key_function


@dataclass(frozen=True, slots=True)
class Proof:
    """What the prover found about "``side`` wins within ``within`` plies".

    ``result`` is "proven", "disproven" or "unknown" (stopped first). When proven,
    ``plies`` is the length of the shortest win (the bound when ``shortest`` was off) and
    ``winning_move`` a first move of it (None when the side is not to move); ``line`` is a
    principal line, the winner's quickest moves against the longest resistance;
    ``first_moves`` every winning first move with the length of its shortest win, shortest
    first (asked for with ``first_moves=True`` when the side is to move: cooks).
    """

    result: str
    side: str
    within: int
    plies: int | None
    winning_move: Move | None
    nodes: int
    seconds: float
    stopped: str | None = None  # "time limit" or "interrupted" when result is "unknown"
    line: tuple[str, ...] = field(default=())
    first_moves: tuple[tuple[Move, int], ...] = field(default=())

    @property
    def proven(self) -> bool:
        return self.result == "proven"

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "side": self.side,
            "within": self.within,
            "plies": self.plies,
            "winning_move": None if self.winning_move is None else str(self.winning_move),
            "line": list(self.line),
            "first_moves": [[str(m), plies] for m, plies in self.first_moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "stopped": self.stopped,
        }


def node_budget(nodes: int) -> Callable[[], bool]:
    """A stop callable for the prover that ends the search after about ``nodes`` nodes (the
    prover asks every 256 nodes), so that what is found does not depend on the clock."""
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] * 256 > nodes

    return stop


INF = 1 << 40
EXPANSIONS = 2_000_000  # positions whose moves are kept
EPSILON = 0.25  # 1 + epsilon trick: a child is searched a little past its sibling's number
COMPILED_TABLE_MB = 256  # the compiled search's table (its pages taken as it fills)

ProverProgress = Callable[[float, str], None]


class Prover:
    """df-pn for one claim at a time; the table survives between claims on the same game
    (``prove`` with growing bounds, ``first_moves``)."""

    def __init__(
        self,
        game: Game,
        side: str,
        *,
        max_seconds: float | None = None,
        stop: Stop | None = None,
        progress: ProverProgress | None = None,
        progress_every: float = 0.25,
        compiled: bool = True,
        knowledge: Plugin,
    ) -> None:
        if game.has_chance:
            raise SaidError(no_proof_with_chance(game.title))
        if side not in game.players:
            raise SaidError(
                M_("{side} is not a player of {game}", side=repr(side), game=game.title)
            )
        self.game = game.copy()
        self.side = game.players.index(side)
        self.table: dict[tuple[Hashable, int], tuple[int, int]] = {}
        self.nodes = 0
        self.max_seconds = max_seconds
        self._stop = stop_function(stop)
        self.progress = progress
        self.progress_every = progress_every
        self._path: set[Hashable] = set()
        self._expanded: dict[Hashable, list[tuple[Any, Hashable, Hashable, int]]] = {}
        self._key = key_function(knowledge)
        self._adapter = adapter_for(game, knowledge, history=True) if compiled else None
        self._compiled: ProofSearch | None = None
        clock = Deadline.starting(max_seconds)
        if self._adapter is not None:
            # compiling is not proving: a compile (after an install, said as it goes) is off
            # the clock, a load from numba's cache (a second idle, several on a busy
            # machine) off it as the analysis's is, a stalled wait on it past that: the
            # same verdict on a busy machine (exact_budget's rule; issue 109 item 22)
            core_ready(progress, clock, prover=True)
            self._compiled = ProofSearch(self._adapter, table_mb=COMPILED_TABLE_MB)
        self._start = clock.start
        self._next_report = self._start + progress_every
        self._every = 1  # nodes between checks of the clock (see _paced_check): from 1,
        self._next_check = 1  # doubling to 256 on a small board within a few checks
        self._last_check = self._start
        self._task = ""
        self._fraction = 0.0
        self._found_plies: int | None = None  # the length of the last compiled proof

    # ---- the search --------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._paced_check()

    def _paced_check(self) -> None:
        """:meth:`_check` every 256 nodes on a small board, more often where nodes are slow
        (a base-30 pyramid's take milliseconds each: 256 of them would overrun a time limit
        by seconds): the interval halves while the checks are more than 10 ms apart and
        doubles back while they are less than 2 ms apart."""
        now = time.perf_counter()
        gap = now - self._last_check
        self._last_check = now
        if gap > 0.01 and self._every > 1:
            self._every //= 2
        elif gap < 0.002 and self._every < 256:
            self._every *= 2
        self._next_check = self.nodes + self._every
        self._check()

    def _check(self) -> None:
        """The time limit, the stop request and a progress report (SearchStopped)."""
        now = time.perf_counter()
        if self.max_seconds is not None and now - self._start > self.max_seconds:
            raise SearchStopped("time limit")
        if self._stop():
            raise SearchStopped("interrupted")
        if self.progress is not None and now >= self._next_report:
            self._next_report = now + self.progress_every
            fraction = self._fraction
            if self.max_seconds:
                fraction = max(fraction, (now - self._start) / self.max_seconds)
            said = prover_words.nodes(self._task, self.nodes)
            self.progress(min(fraction, 0.99), said)

    def _ask_compiled(self, left: int) -> bool:
        """The question to the compiled df-pn, from the current position."""
        assert self._compiled is not None
        assert self._adapter is not None
        game = self.game
        if self._stop():
            raise SearchStopped("interrupted")
        answer = self._compiled.ask(
            self._adapter.state(game), game.current_player() == self.side, left, self._check
        )
        self.nodes += answer.nodes
        self._found_plies = answer.plies
        return answer.proven

    def _leaf(self, game: Game, left: int) -> tuple[int, int] | None:
        """(pn, dn) of a finished position or of one with no plies left, else None."""
        outcome = game.outcome()
        if outcome is not None:
            return (0, INF) if outcome.winner == game.players[self.side] else (INF, 0)
        if left <= 0:
            return INF, 0
        return None

    def _children(self, left: int) -> list[list[Any]]:
        """[move, key, pn, dn, cut] for each move of the current position. The moves, the
        positions they lead to and whether those are finished are generated once per
        position and kept (df-pn comes back to a node many times)."""
        game = self.game
        position = game.position_key()
        expansion = self._expanded.get(position)
        if expansion is None:
            expansion = []
            winner = game.players[self.side]
            key_of = self._key
            for move in search_moves(game):
                push_search(game, move)
                try:
                    self._tick()
                    outcome = game.outcome()
                    status = 0 if outcome is None else 1 if outcome.winner == winner else -1
                    expansion.append((move, game.position_key(), key_of(game), status))
                finally:
                    game.pop()
            if len(self._expanded) < EXPANSIONS:
                self._expanded[position] = expansion
        table = self.table
        path = self._path
        below = left - 1
        children: list[list[Any]] = []
        for move, child, key, status in expansion:
            if child in path:
                children.append([move, None, INF, 0, True])
                continue
            if status:
                pn, dn = (0, INF) if status > 0 else (INF, 0)
            elif below <= 0:
                pn, dn = INF, 0
            else:
                pn, dn = table.get((key, below), (1, 1))
            children.append([move, (key, below), pn, dn, False])
        return children

    def _mid(self, key: tuple[Hashable, int], thpn: int, thdn: int) -> tuple[int, int, bool]:
        """Search the current position (``key``) until its proof number reaches ``thpn`` or
        its disproof number ``thdn``; returns (pn, dn, whether a path repetition cut it)."""
        game = self.game
        self._tick()
        left = key[1]
        is_or = game.current_player() == self.side
        children = self._children(left)
        if not children:  # cannot happen for a running game; never hang on it
            self.table[key] = (INF, 0)
            return INF, 0, False
        position = game.position_key()
        self._path.add(position)
        try:
            while True:
                if is_or:
                    pn = min(c[2] for c in children)
                    dn = min(INF, sum(c[3] for c in children))
                else:
                    pn = min(INF, sum(c[2] for c in children))
                    dn = min(c[3] for c in children)
                if pn >= thpn or dn >= thdn or pn == 0 or dn == 0:
                    break
                # the most proving child and the second best number
                index = 2 if is_or else 3
                best, second = None, INF
                for c in children:
                    if best is None or c[index] < best[index]:
                        if best is not None:
                            second = best[index]
                        best = c
                    elif c[index] < second:
                        second = c[index]
                assert best is not None
                bound = min(INF, int(second * (1 + EPSILON)) + 1)
                if is_or:
                    c_thpn = min(thpn, bound)
                    c_thdn = min(INF, thdn - dn + best[3])
                else:
                    c_thdn = min(thdn, bound)
                    c_thpn = min(INF, thpn - pn + best[2])
                push_search(game, best[0])
                try:
                    best[2], best[3], best[4] = self._mid(best[1], c_thpn, c_thdn)
                finally:
                    game.pop()
        finally:
            self._path.discard(position)
        cut = pn != 0 and any(c[4] for c in children if c[2] == INF)
        if pn == INF and cut:
            self.table.pop(key, None)  # this disproof holds only on this path
        else:
            self.table[key] = (pn, dn)
        return pn, dn, cut

    def _settle(self, left: int) -> tuple[int, int]:
        """(pn, dn) of the root for ``left`` plies, searched to the end."""
        game = self.game
        leaf = self._leaf(game, left)
        if leaf is not None:
            return leaf
        key = (self._key(game), left)
        entry = self.table.get(key)
        if entry is not None and (entry[0] == 0 or entry[1] == 0):
            return entry
        pn, dn, _ = self._mid(key, INF, INF)
        return pn, dn

    def wins_within(self, left: int) -> bool:
        """True if the side wins within ``left`` plies from the current position."""
        if self._compiled is not None:
            return self._ask_compiled(left)
        return self._settle(left)[0] == 0

    def shortest(self, within: int) -> int | None:
        """The length of the shortest win within ``within`` plies, or None (a binary
        search over the bound: winning within n plies implies winning within n + 1)."""
        if not self.wins_within(within):
            return None
        low, high = -1, within  # low fails (or is below 0), high wins
        if self._compiled is not None and self._found_plies is not None:
            high = min(high, self._found_plies)  # the proof found is that long
        while high - low > 1:
            middle = (low + high) // 2
            self._fraction = 1 - (high - low) / (within + 1)
            if self.wins_within(middle):
                high = middle
            else:
                low = middle
        return high

    # ---- lines -------------------------------------------------------------------------

    def _public(self, move: Any) -> Move:
        game = self.game
        push_search(game, move)
        return game.pop()

    def winning_move(self, left: int) -> Move | None:
        """A move of the side to move that wins within ``left`` plies (the quickest when
        ``left`` is the shortest win), or None."""
        for move, _ in self._answered(lambda: 0 if self.wins_within(left - 1) else None):
            return move
        return None

    def winning_moves(self, left: int) -> list[tuple[Move, int]]:
        """Each move of the side to move (the prover) that wins within ``left`` plies, with
        the length of its shortest win (1 + the plies after it)."""
        return [
            (move, plies + 1) for move, plies in self._answered(lambda: self.shortest(left - 1))
        ]

    def _answered(self, ask: Callable[[], int | None]) -> Iterator[tuple[Move, int]]:
        """Each move of the side to move, in search order, that ``ask()`` answers (not None)
        with the move played and the position before it on the path (a move that repeats a
        position on the path is not asked), with the answer; each given once taken back."""
        game = self.game
        root = game.position_key()
        self._path.add(root)
        try:
            for move in search_moves(game):
                push_search(game, move)
                try:
                    answer = None if game.position_key() in self._path else ask()
                finally:
                    game.pop()
                if answer is not None:
                    yield self._public(move), answer
        finally:
            self._path.discard(root)

    def line(self, plies: int) -> list[Move]:
        """The principal line of a win in exactly ``plies`` plies (the shortest): the
        prover's quickest move, a reply that resists longest, and so on. With the shortest
        win n plies away, a prover's move that wins within n - 1 is quickest, and a reply
        that the prover cannot beat within n - 2 resists longest."""
        game = self.game
        played: list[Move] = []
        try:
            while plies > 0 and not game.is_over():
                prover = game.current_player() == self.side
                chosen = None
                for move in search_moves(game):
                    push_search(game, move)
                    try:
                        if game.position_key() in self._path:
                            continue
                        if prover == self.wins_within(plies - 1 if prover else plies - 2):
                            chosen = move
                    finally:
                        game.pop()
                    if chosen is not None:
                        break
                if chosen is None:
                    break
                self._path.add(game.position_key())
                played.append(self._public(chosen))
                push_search(game, chosen)
                plies -= 1
        finally:
            for _ in played:
                game.pop()
            self._path.clear()
        return played


# ---- the functions the window and the command line call -------------------------------


def prove(
    game: Game,
    side: str,
    within: int,
    *,
    shortest: bool = True,
    line: bool = True,
    first_moves: bool = False,
    max_seconds: float | None = None,
    stop: Stop | None = None,
    progress: ProverProgress | None = None,
    knowledge: Plugin,
) -> Proof:
    """Does ``side`` win within ``within`` plies from ``game`` (left unchanged)?

    ``progress(fraction, text)`` is called a few times a second; ``stop`` (a
    threading.Event or a callable) and ``max_seconds`` end the search with "unknown".
    With ``shortest`` a proof reports the shortest win; with ``line`` its principal line;
    with ``first_moves`` (and the side to move) every winning first move, from the same
    table (a puzzle's cooks). ``knowledge``: the game's plug-in (its symmetry key and
    compiled kernel), handed by the caller (``search.knowledge_for(game)``).
    """
    if within < 0:
        raise SaidError(M_("within must be 0 or more, not {within}", within=str(within)))
    prover = Prover(
        game, side, max_seconds=max_seconds, stop=stop, progress=progress, knowledge=knowledge
    )
    start = prover._start
    prover._task = prover_words.task(side, within)
    result, plies, move, stopped = "unknown", None, None, None
    principal: tuple[str, ...] = ()
    winners: list[tuple[Move, int]] = []
    try:
        if not prover.wins_within(within):
            result = "disproven"
        else:
            result = "proven"
            plies = prover.shortest(within) if shortest else within
            assert plies is not None
            move, principal, winners = _what_wins(
                prover, within, plies, line=line and shortest, first_moves=first_moves
            )
    except SearchStopped as exc:
        result, plies, move, stopped = "unknown", None, None, str(exc)
        principal, winners = (), []
    finally:
        prover._path.clear()
    if progress is not None:
        progress(1.0, prover_words.result(prover._task, result))
    return Proof(
        result,
        side,
        within,
        plies,
        move,
        prover.nodes,
        time.perf_counter() - start,
        stopped,
        principal,
        tuple(winners),
    )


def first_moves(
    game: Game,
    side: str,
    within: int,
    *,
    max_seconds: float | None = None,
    stop: Stop | None = None,
    progress: ProverProgress | None = None,
    knowledge: Plugin,
) -> list[tuple[Move, int]]:
    """Every first move of ``side`` (who must be to move) that wins within ``within``
    plies, with the length of its shortest win, shortest first (for finding cooks).
    SearchStopped when stopped."""
    if game.is_over() or game.to_move != side:
        raise SaidError(M_("{side} is not to move", side=str(side)))
    prover = Prover(
        game, side, max_seconds=max_seconds, stop=stop, progress=progress, knowledge=knowledge
    )
    prover._task = prover_words.first_moves_task(side, within)
    found = prover.winning_moves(within)
    return sorted(found, key=lambda item: item[1])


def _what_wins(
    prover: Prover, within: int, plies: int, *, line: bool, first_moves: bool
) -> tuple[Move | None, tuple[str, ...], list[tuple[Move, int]]]:
    """What a proof that ``prover``'s side wins in ``plies`` (within ``within``) reports
    beside it: the first move of the win (where the side is to move), the principal line
    (with ``line``) and every winning first move with its length (with ``first_moves``)."""
    to_move = prover.game.current_player() == prover.side and plies > 0
    move = prover.winning_move(plies) if to_move else None
    principal = tuple(str(m) for m in prover.line(plies)) if line and plies > 0 else ()
    winners: list[tuple[Move, int]] = []
    if first_moves and to_move:
        side = prover.game.players[prover.side]
        prover._task = prover_words.first_moves_task(side, within)
        winners = sorted(prover.winning_moves(within), key=lambda item: item[1])
    return move, principal, winners
