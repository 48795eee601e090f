"""A compiled Pyraos solver: depth-bounded proof search on the numba kernel.

``prove(prover, depth)`` answers one question: can ``prover`` force a win within ``depth``
plies? It is an AND/OR depth-first search (explicit stack, so it can stop every so many
nodes to report progress and resume) with:

- a transposition table in numpy arrays keyed by the canonical key (8 symmetries, the board
  from the mover's side, so both colours share entries). Per position it keeps "the mover
  wins within w", "loses within l" (proven, stored unconditionally: a proof never rests on
  a repetition), "cannot win within a", "cannot lose within b" (failed proofs, kept as
  a + 1 and b + 1 so that 0 says nothing; stored only when no repetition cut the search
  below them) and the child that decided last time;
- repetition as failure for the prover: a position already on the current line (up to
  symmetry) is a win for nobody, so endless play never proves anything. A line can only come
  back to a position through a removal or a pass (placements add a sphere, lifts raise one),
  so only the line before its last removal or pass is compared;
- a lower bound on the length of any win (the board gains at most one sphere a ply; the top
  needs 29 below it, and a side runs out of moves only with its 15 spheres on the board);
- enhanced transposition cutoffs: every child is looked up before any is searched.

:class:`PyraosSolver.solve` finds the value for the side to move by iterative deepening, one
question a depth (wins have the parity of the winner's plies), so ``plies`` is the shortest
win or the longest resistance, as :class:`model.search.solver.Solver` reports them. That
pure-Python solver is the reference this one is tested against.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from ..pyraos import SPHERES, TOP, Pyraos
from .compiled.memory import advise_huge_pages, table_arrays
from .pyraos_kernel import (
    ALTERNATE,
    MAX_MOVES,
    can_place_top,
    canonical,
    move_removed,
    move_source,
    move_target,
    moves_or_pass,
    play,
    popcount,
    variant_codes,
)
from .solver import SearchStopped, SolveResult

# ---- the transposition table ------------------------------------------------------------

UNKNOWN_BOUND = 255  # no proven win / loss
EMPTY_DATA = 0xFFFF  # win 255, loss 255, no failed depths, no best child
VALID = 1 << 62  # marks a used slot (a canonical key is below 2**60)
BUCKET = 4
MAX_DEPTH = 250  # depths are kept in a byte
ENTRY_BYTES = 16


@njit(cache=True, inline="always")
def _slot(key: int, mask: int) -> int:
    mixed = key * -7046029254386353131  # the high half depends on every bit of the key
    return (mixed ^ mixed >> 32) & mask & ~(BUCKET - 1)


@njit(cache=True)
def tt_probe(keys: np.ndarray, data: np.ndarray, key: int) -> int:
    """The entry of ``key`` (EMPTY_DATA when the table has none)."""
    base = _slot(key, keys.shape[0] - 1)
    tagged = key | VALID
    for i in range(BUCKET):
        if keys[base + i] == tagged:
            return data[base + i]
    return EMPTY_DATA


@njit(cache=True, inline="always")
def _worth(entry: int) -> int:
    """How much a slot's entry is worth keeping: proofs first, then deeper failures."""
    proven = (entry & 255) != UNKNOWN_BOUND or (entry >> 8 & 255) != UNKNOWN_BOUND
    return (512 if proven else 0) + max(entry >> 16 & 255, entry >> 24 & 255)


@njit(cache=True)
def tt_store(
    keys: np.ndarray,
    data: np.ndarray,
    stats: np.ndarray,
    key: int,
    win: int,
    loss: int,
    nowin: int,
    noloss: int,
    best: int,
) -> None:
    """Merge what was learnt about ``key``: bounds only tighten; ``best`` (a child's
    fingerprint, 0 for none) replaces the old one."""
    base = _slot(key, keys.shape[0] - 1)
    tagged = key | VALID
    victim = -1
    victim_worth = 1 << 30
    for i in range(BUCKET):
        k = keys[base + i]
        if k == tagged:
            old = data[base + i]
            win = min(win, old & 255)
            loss = min(loss, old >> 8 & 255)
            nowin = max(nowin, old >> 16 & 255)
            noloss = max(noloss, old >> 24 & 255)
            if best == 0:
                best = old >> 32 & 0xFFFF
            data[base + i] = win | loss << 8 | nowin << 16 | noloss << 24 | best << 32
            return
        worth = -1 if k == 0 else _worth(data[base + i])
        if worth < victim_worth:
            victim, victim_worth = i, worth
    if victim_worth < 0:
        stats[0] += 1  # a new entry in an empty slot
    else:
        stats[1] += 1  # an entry overwritten
    keys[base + victim] = tagged
    data[base + victim] = win | loss << 8 | nowin << 16 | noloss << 24 | best << 32


@njit(cache=True, inline="always")
def fingerprint(key: int) -> int:
    return ((key * -7046029254386353131) >> 44 & 0xFFFF) | 1


# ---- the search ---------------------------------------------------------------------------

# st (the search's registers, kept between calls): the line's length, the mode, the answer
# handed up from the node just finished, node count, whether the search has ended, and the
# count of children generated and looked up (expanded nodes' moves).
PLY, MODE, RET_OK, RET_REP, RET_BOUND, NODES, DONE, EXAMINED = range(8)
STATE_SIZE = 8
ENTER, NEXT, RETURN = 0, 1, 2
TRIED = -(1 << 62)


@njit(cache=True)
def lower_bound(own: int, opp: int, prover_moves: bool, variant: int) -> int:
    """Fewest plies in which the prover could win (a win by the top, or, outside the
    alternate version, by the defender left without a move)."""
    empty = 30 - popcount(own | opp)  # the top is placed on the ply after 29 are down
    if prover_moves:
        top = empty if empty % 2 == 1 else empty + 1
        if variant == ALTERNATE:
            return top
        return min(top, 2 * (SPHERES - popcount(opp)) + 1)
    top = empty if empty % 2 == 0 else empty + 1
    if variant == ALTERNATE:
        return top
    return min(top, 2 * (SPHERES - popcount(own)))


@njit(cache=True)
def _heuristic(move: int, level: np.ndarray) -> int:
    """Height first, then spheres kept in reserve (removals, a lift instead of a
    placement). Ahead of the history counts: on random children's positions 12 plies in,
    this order took 5.6 million nodes where history first took 12.4 million (and the
    mirror reply first, once tried, 6.9 million)."""
    removed = popcount(move_removed(move))
    lift = 1 if move_source(move) >= 0 else 0
    return level[move_target(move)] * 16 + removed + lift if move_target(move) >= 0 else 0


@njit(cache=True)
def run(
    st: np.ndarray,
    own: np.ndarray,
    opp: np.ndarray,
    keys: np.ndarray,
    depth: np.ndarray,
    prover: np.ndarray,
    last_back: np.ndarray,
    count: np.ndarray,
    current: np.ndarray,
    moves: np.ndarray,
    child_keys: np.ndarray,
    scores: np.ndarray,
    repeated: np.ndarray,
    bound: np.ndarray,
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    tt_stats: np.ndarray,
    history: np.ndarray,
    level: np.ndarray,
    variant: int,
    removal: int,
    budget: int,
) -> bool:
    """Search on from the registers in ``st`` for about ``budget`` nodes; True once the
    root is answered (``st[RET_OK]``, ``st[RET_BOUND]``, ``st[RET_REP]``).

    Per ply of the line: the position (``own``/``opp`` from the mover's side, its canonical
    ``keys``), the plies left (``depth``), whether the ``prover`` moves, ``last_back`` (the
    ply after the last removal or pass: positions from there on cannot repeat), the moves,
    their children's keys and ordering scores, the child being searched, whether a
    repetition cut the search below, and the proof length so far (``bound``).
    """
    ply, mode = st[PLY], st[MODE]
    ret_ok, ret_rep, ret_bound = st[RET_OK], st[RET_REP], st[RET_BOUND]
    nodes = st[NODES]
    examined = st[EXAMINED]
    stop = nodes + budget
    while True:
        if mode == ENTER:
            if nodes >= stop:
                break
            nodes += 1
            a, b, d, pr = own[ply], opp[ply], depth[ply], prover[ply]
            mode = RETURN
            ret_rep = 0
            if can_place_top(a, b):
                ret_ok, ret_bound = pr, 1
                continue
            if lower_bound(a, b, pr == 1, variant) > d:
                ret_ok = 0
                continue
            key = keys[ply]
            entry = tt_probe(tt_keys, tt_data, key)
            if pr:
                if (entry & 255) <= d:
                    ret_ok, ret_bound = 1, entry & 255
                    continue
                if (entry >> 16 & 255) > d:
                    ret_ok = 0
                    continue
            else:
                if (entry >> 8 & 255) <= d:
                    ret_ok, ret_bound = 1, entry >> 8 & 255
                    continue
                if (entry >> 24 & 255) > d:
                    ret_ok = 0
                    continue
            n = moves_or_pass(a, b, variant, removal, moves[ply], 0)
            if n == 0:  # no move: the mover loses now
                ret_ok, ret_bound = 1 - pr, 0
                continue
            if d == 0:
                ret_ok = 0
                continue
            # expand: look every child up (cutoffs, ordering), find repetitions
            best_fp = entry >> 32 & 0xFFFF
            count[ply] = n
            examined += n
            repeated[ply] = 0
            bound[ply] = 0
            win_bound = UNKNOWN_BOUND
            win_child = -1
            refuted = False
            escape = False
            for i in range(n):
                m = moves[ply, i]
                ck = canonical(b, play(a, m))
                child_keys[ply, i] = ck
                centry = tt_probe(tt_keys, tt_data, ck)
                if pr:
                    closs = centry >> 8 & 255
                    if closs <= d - 1:
                        if closs + 1 < win_bound:
                            win_bound, win_child = closs + 1, i
                        continue
                    if (centry >> 24 & 255) > d - 1:
                        scores[ply, i] = TRIED  # the defender survives it
                        continue
                else:
                    cwin = centry & 255
                    if cwin <= d - 1:
                        bound[ply] = max(bound[ply], cwin + 1)
                        scores[ply, i] = TRIED  # proven already
                        continue
                    if (centry >> 16 & 255) > d - 1:
                        refuted = True
                        break
                # a repetition of the line: a win for nobody
                top = ply if (move_removed(m) != 0 or move_target(m) < 0) else last_back[ply] - 1
                back = False
                for j in range(top, -1, -1):
                    if keys[j] == ck:
                        back = True
                        break
                if back:
                    scores[ply, i] = TRIED
                    if pr:
                        repeated[ply] = 1
                    else:
                        escape = True
                    continue
                t = move_target(m)
                s = move_source(m)
                sc = _heuristic(m, level) * (1 << 40) + history[pr, s + 1, t + 1]
                if fingerprint(ck) == best_fp:
                    sc += 1 << 55
                scores[ply, i] = sc
            if pr:
                if win_bound != UNKNOWN_BOUND:
                    tt_store(
                        tt_keys,
                        tt_data,
                        tt_stats,
                        key,
                        win_bound,
                        UNKNOWN_BOUND,
                        0,
                        0,
                        fingerprint(child_keys[ply, win_child]),
                    )
                    ret_ok, ret_bound = 1, win_bound
                    continue
            else:
                if refuted:
                    tt_store(
                        tt_keys, tt_data, tt_stats, key, UNKNOWN_BOUND, UNKNOWN_BOUND, 0, d + 1, 0
                    )
                    ret_ok = 0
                    continue
                if escape:
                    ret_ok, ret_rep = 0, 1
                    continue
            mode = NEXT
        elif mode == NEXT:
            n = count[ply]
            pick = -1
            best = TRIED
            for i in range(n):
                if scores[ply, i] > best:
                    best, pick = scores[ply, i], i
            mode = RETURN
            if pick < 0:  # every child searched
                ret_rep = 0
                if prover[ply]:
                    ret_ok, ret_rep = 0, repeated[ply]
                    if ret_rep == 0:
                        tt_store(
                            tt_keys,
                            tt_data,
                            tt_stats,
                            keys[ply],
                            UNKNOWN_BOUND,
                            UNKNOWN_BOUND,
                            depth[ply] + 1,
                            0,
                            0,
                        )
                else:
                    ret_ok, ret_bound = 1, bound[ply]
                    tt_store(
                        tt_keys,
                        tt_data,
                        tt_stats,
                        keys[ply],
                        UNKNOWN_BOUND,
                        bound[ply],
                        0,
                        0,
                        0,
                    )
                continue
            scores[ply, pick] = TRIED
            current[ply] = pick
            m = moves[ply, pick]
            c = ply + 1
            own[c] = opp[ply]
            opp[c] = play(own[ply], m)
            keys[c] = child_keys[ply, pick]
            depth[c] = depth[ply] - 1
            prover[c] = 1 - prover[ply]
            back = move_removed(m) != 0 or move_target(m) < 0
            last_back[c] = c if back else last_back[ply]
            ply = c
            mode = ENTER
        else:  # RETURN: the node at ``ply`` is answered
            if ply == 0:
                st[DONE] = 1
                break
            ply -= 1
            i = current[ply]
            m = moves[ply, i]
            d = depth[ply]
            if prover[ply]:
                if ret_ok:
                    ret_bound += 1
                    ret_rep = 0
                    history[1, move_source(m) + 1, move_target(m) + 1] += d * d
                    tt_store(
                        tt_keys,
                        tt_data,
                        tt_stats,
                        keys[ply],
                        ret_bound,
                        UNKNOWN_BOUND,
                        0,
                        0,
                        fingerprint(child_keys[ply, i]),
                    )
                    continue
                repeated[ply] |= ret_rep
                mode = NEXT
            else:
                if not ret_ok:
                    history[0, move_source(m) + 1, move_target(m) + 1] += d * d
                    if ret_rep == 0:
                        tt_store(
                            tt_keys,
                            tt_data,
                            tt_stats,
                            keys[ply],
                            UNKNOWN_BOUND,
                            UNKNOWN_BOUND,
                            0,
                            d + 1,
                            fingerprint(child_keys[ply, i]),
                        )
                    continue
                bound[ply] = max(bound[ply], ret_bound + 1)
                mode = NEXT
    st[PLY], st[MODE] = ply, mode
    st[RET_OK], st[RET_REP], st[RET_BOUND] = ret_ok, ret_rep, ret_bound
    st[NODES] = nodes
    st[EXAMINED] = examined
    return st[DONE] == 1


# ---- the driver ---------------------------------------------------------------------------

Progress = Callable[[int, int, float, int], None]  # depth, nodes, seconds, table entries


@dataclass(frozen=True, slots=True)
class Proof:
    """The answer to "can the prover win within ``depth`` plies?"."""

    proven: bool
    plies: int | None  # the proof's length (at most ``depth``) when proven
    repetition: bool  # a failure that rested on a repetition somewhere below
    nodes: int


def table_size(table_mb: float) -> int:
    """Slots of a table of at most ``table_mb`` MiB (a power of two, at least 1024)."""
    slots = 1024
    while slots * 2 * ENTRY_BYTES <= table_mb * 2**20:
        slots *= 2
    return slots


class PyraosSolver:
    """Proves Pyraos positions with the compiled kernel; the same interface and results as
    :class:`model.search.solver.Solver` (``solve()`` gives a SolveResult), plus
    :meth:`prove` for one bounded question. Positions are taken without their history.

    ``table_mb`` sizes the transposition table (16 bytes a position); the table and its
    knowledge are kept across calls, so later questions reuse earlier proofs.
    """

    BUDGET = 1 << 18  # nodes per call into the compiled search (a fraction of a second)

    def __init__(
        self,
        game: Pyraos,
        *,
        max_seconds: float | None = None,
        max_depth: int = 200,
        progress: Progress | None = None,
        progress_every: float = 1.0,
        table_mb: float = 64,
    ) -> None:
        if game.name != "pyraos":
            raise ValueError(f"the compiled solver plays Pyraos, not {game.title}")
        self.game = game.copy()
        options = game.options
        self.variant, self.removal = variant_codes(options.variant, options.removal)
        white, black = game.masks()
        self.own, self.opp = (white, black) if game.to_move == "white" else (black, white)
        self.max_seconds = max_seconds
        self.max_depth = min(max_depth, MAX_DEPTH - 2)
        self.progress = progress
        self.progress_every = progress_every
        slots = table_size(table_mb)
        self.tt_keys, self.tt_data = table_arrays(slots, 2)
        self._huge = False  # huge pages asked for (after the first call's budget)
        self.tt_stats = np.zeros(2, dtype=np.int64)
        self.history = np.zeros((2, 32, 32), dtype=np.int64)
        self.level = np.array([p.k for p in game.lattice.points], dtype=np.int64)
        plies = self.max_depth + 2
        self.frames = (
            np.zeros(plies, dtype=np.int64),  # own
            np.zeros(plies, dtype=np.int64),  # opp
            np.zeros(plies, dtype=np.int64),  # keys
            np.zeros(plies, dtype=np.int64),  # depth
            np.zeros(plies, dtype=np.int64),  # prover
            np.zeros(plies, dtype=np.int64),  # last_back
            np.zeros(plies, dtype=np.int64),  # count
            np.zeros(plies, dtype=np.int64),  # current
            np.zeros((plies, MAX_MOVES), dtype=np.int64),  # moves
            np.zeros((plies, MAX_MOVES), dtype=np.int64),  # child keys
            np.zeros((plies, MAX_MOVES), dtype=np.int64),  # scores
            np.zeros(plies, dtype=np.int64),  # repeated
            np.zeros(plies, dtype=np.int64),  # bound
        )
        self.nodes = 0
        self.examined = 0  # children generated and looked up in the table
        self.depth_done = 0
        self._start = time.perf_counter()
        self._next_report = 0.0
        self._iteration = 0
        self._deadline: float | None = None

    def retarget(self, game: Pyraos) -> None:
        """Work on another position of the same version from now on, keeping the table
        (all it proved stays proven)."""
        if variant_codes(game.options.variant, game.options.removal) != (
            self.variant,
            self.removal,
        ):
            raise ValueError("the table belongs to another version of the rules")
        self.game = game.copy()
        white, black = game.masks()
        self.own, self.opp = (white, black) if game.to_move == "white" else (black, white)
        self.depth_done = 0

    # ---- one question ----

    def prove(
        self, prover_moves: bool, depth: int, own: int | None = None, opp: int | None = None
    ) -> Proof:
        """Can the side to move (``prover_moves``) or its opponent win within ``depth``
        plies from the position (or from ``own``/``opp``, the board from the mover's side)?
        Raises SearchStopped when the time runs out."""
        own = self.own if own is None else own
        opp = self.opp if opp is None else opp
        depth = min(depth, MAX_DEPTH - 2)
        f = self.frames
        f[0][0], f[1][0], f[2][0] = own, opp, canonical(own, opp)
        f[3][0], f[4][0], f[5][0] = depth, int(prover_moves), 0
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        st[MODE] = ENTER
        before = self.nodes
        while True:
            st[NODES] = self.nodes
            st[EXAMINED] = self.examined
            done = run(
                st,
                *f,
                self.tt_keys,
                self.tt_data,
                self.tt_stats,
                self.history,
                self.level,
                self.variant,
                self.removal,
                self.BUDGET,
            )
            self.nodes = int(st[NODES])
            self.examined = int(st[EXAMINED])
            if done:
                break
            if not self._huge:  # a long search now: worth the huge pages
                advise_huge_pages([self.tt_keys, self.tt_data])
                self._huge = True
            self._tick()
        proven = bool(st[RET_OK])
        return Proof(
            proven,
            int(st[RET_BOUND]) if proven else None,
            bool(st[RET_REP]),
            self.nodes - before,
        )

    def _tick(self) -> None:
        now = time.perf_counter()
        if self.max_seconds is not None and now - self._start > self.max_seconds:
            raise SearchStopped("time limit")
        if self._deadline is not None and now > self._deadline:
            raise _SliceOver("slice")
        if now >= self._next_report:
            self._next_report = now + self.progress_every
            self._report(self._iteration)

    def _report(self, depth: int) -> None:
        if self.progress is not None:
            self.progress(depth, self.nodes, time.perf_counter() - self._start, self.entries)

    @property
    def entries(self) -> int:
        """Positions in the table (slots filled)."""
        return int(self.tt_stats[0])

    # ---- the value ----

    def solve(self) -> SolveResult:
        """The value for the side to move (see the module): iterative deepening a ply at a
        time up to ``QUICK_DEPTH``, then the open questions at ``max_depth`` for both sides
        in turn, in time slices that double, and once one is proven, the length tightened
        two plies at a time while the time lasts."""
        self._start = time.perf_counter()
        self._next_report = self._start + self.progress_every
        stopped: str | None
        value, plies, stopped, exact = "unknown", None, "depth limit", True
        try:
            if self.game.outcome() is None:
                for depth in range(1, min(self.max_depth, self.QUICK_DEPTH) + 1):
                    self._iteration = depth
                    mover_wins = depth % 2 == 1  # wins take the winner's plies: odd, even
                    lowest = lower_bound(self.own, self.opp, mover_wins, self.variant)
                    if lowest <= depth:
                        proof = self.prove(mover_wins, depth)
                        if proof.proven:
                            value = "win" if mover_wins else "loss"
                            plies = proof.plies
                    self.depth_done = depth
                    self._report(depth)
                    if value != "unknown":
                        stopped = None
                        break
                if value == "unknown" and self.max_depth > self.QUICK_DEPTH:
                    value, plies = self._open_questions()
                    if value != "unknown":
                        stopped = None
                        if self.tighten:
                            plies, exact = self._tighten(value == "win", plies)
                        else:
                            exact = False
        except SearchStopped as exc:
            stopped = str(exc)
        except KeyboardInterrupt:
            stopped = "interrupted"
        return self._result(value, plies, stopped, exact)

    QUICK_DEPTH = 16
    #: After an open question is proven, look for a shorter win / longer resistance.
    tighten = True
    FIRST_SLICE = 2.0  # seconds (a question the table already answers takes no longer)

    def _open_questions(self) -> tuple[str, int | None]:
        """Ask "a win within ``max_depth``?" for the opponent and for the mover in turn,
        each for a time slice that doubles every round; the first proof decides. A question
        answered "no" is not asked again. ("unknown", None) when both are answered no."""
        depth = self.max_depth
        open_ = {False: depth if depth % 2 == 0 else depth - 1, True: depth - (depth % 2 == 0)}
        span = self.FIRST_SLICE
        while open_:
            for mover_wins in (False, True):
                if mover_wins not in open_:
                    continue
                self._iteration = open_[mover_wins]
                self._deadline = time.perf_counter() + span
                try:
                    proof = self.prove(mover_wins, open_[mover_wins])
                except _SliceOver:
                    continue
                finally:
                    self._deadline = None
                if proof.proven:
                    self.depth_done = self._iteration
                    return ("win" if mover_wins else "loss"), proof.plies
                del open_[mover_wins]
            span *= 2
        self.depth_done = depth
        return "unknown", None

    def _tighten(self, mover_wins: bool, plies: int | None) -> tuple[int | None, bool]:
        """The shortest win (longest resistance): ask again two plies shorter until the
        answer is no. (plies, exact); not exact when the time ran out first."""
        assert plies is not None
        try:
            while plies - 2 >= lower_bound(self.own, self.opp, mover_wins, self.variant):
                self._iteration = plies - 2
                proof = self.prove(mover_wins, plies - 2)
                if not proof.proven:
                    break
                assert proof.plies is not None
                plies = proof.plies
        except SearchStopped:
            return plies, False
        except KeyboardInterrupt:
            return plies, False
        return plies, True

    def _result(
        self, value: str, plies: int | None, stopped: str | None, exact: bool = True
    ) -> SolveResult:
        outcome = self.game.outcome()
        best = None
        firsts: tuple[tuple[str, str, int | None], ...] = ()
        if outcome is not None:
            mine = outcome.value_for(self.game.to_move)
            value = "win" if mine > 0 else "loss" if mine < 0 else "draw"
            plies, stopped = 0, None
        else:
            if value != "unknown":
                best = self.best_move(value)
            firsts = self.first_moves()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return SolveResult(
            value,
            plies,
            best,
            self.depth_done,
            self.nodes,
            time.perf_counter() - self._start,
            self.entries,
            peak,
            stopped,
            exact,
            firsts,
        )

    def first_moves(self) -> tuple[tuple[str, str, int | None], ...]:
        """Every legal move with what the table knows of it for the side to move now: a
        win or a loss within n plies (the length of the strategy the search found for the
        winner, exact where it searched shortest wins), or unknown; wins first, shortest
        first, then unknown, then losses, longest first."""
        rows: list[tuple[int, int, Any, str, int | None]] = []
        for move, win, loss in self.child_bounds():
            if loss is not None:
                rows.append((0, loss + 1, move, "win", loss + 1))
            elif win is not None:
                rows.append((2, -(win + 1), move, "loss", win + 1))
            else:
                rows.append((1, 0, move, "unknown", None))
        rows.sort(key=lambda row: row[:3])
        return tuple((move, value, plies) for _, _, move, value, plies in rows)

    def child_bounds(self) -> list[tuple[str, int | None, int | None]]:
        """Per legal move: (the move, the child's proven win and loss lengths for its side
        to move as far as the table knows them, None where it knows none)."""
        out: list[tuple[str, int | None, int | None]] = []
        game = self.game
        buffer = np.empty(MAX_MOVES, dtype=np.int64)
        for raw in game.raw_moves():
            move = str(game.to_move_value(raw))
            child_own, child_opp = self.opp, _play_raw(self.own, raw)
            if raw[1] == TOP:
                out.append((move, None, 0))  # the child has lost: the top is taken
            elif can_place_top(child_own, child_opp):
                out.append((move, 1, None))
            elif moves_or_pass(child_own, child_opp, self.variant, self.removal, buffer, 0) == 0:
                out.append((move, None, 0))  # no move: lost
            else:
                entry = tt_probe(self.tt_keys, self.tt_data, canonical(child_own, child_opp))
                win, loss = entry & 255, entry >> 8 & 255
                out.append(
                    (
                        move,
                        None if win == UNKNOWN_BOUND else int(win),
                        None if loss == UNKNOWN_BOUND else int(loss),
                    )
                )
        return out

    def best_move(self, value: str) -> str | None:
        """The winning move with the shortest proof, or the losing move resisting longest,
        by the proof lengths in the table (as the reference solver chooses)."""
        best, best_plies = None, None
        for move, win, loss in self.child_bounds():
            if value == "win" and loss is not None and (best_plies is None or loss < best_plies):
                best, best_plies = move, loss
            if value == "loss" and win is not None and (best_plies is None or win > best_plies):
                best, best_plies = move, win
        return best


class _SliceOver(SearchStopped):
    """One open question's time slice is over (the search goes on with the other)."""


def warm_up() -> float:
    """Compile the search kernel (or load it from numba's cache) if this process has not
    yet; the seconds that took (a first solve would otherwise spend them on its clock)."""
    if run.signatures:
        return 0.0
    began = time.perf_counter()
    PyraosSolver(Pyraos.new(), table_mb=1).prove(True, 1)  # answered at once: no win in 1
    return time.perf_counter() - began


def _play_raw(own: int, raw: tuple[int, int, int]) -> int:
    s, t, removed = raw
    if t < 0:
        return own
    if s >= 0:
        own &= ~(1 << s)
    return (own | 1 << t) & ~removed


def solve(game: Pyraos, **options: Any) -> SolveResult:
    """The value of ``game`` for the side to move (see :class:`PyraosSolver`)."""
    return PyraosSolver(game, **options).solve()
