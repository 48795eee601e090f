"""Depth-bounded AND/OR proof search compiled for every kernel, with a fixed-size table.

The second question engine of the compiled solver (:mod:`.solver`), beside df-pn
(:mod:`.dfpn`): "can the prover win within ``depth`` plies?" by a depth-first search with an
explicit stack (so :func:`run` stops every so many nodes and goes on later from the same
registers), which Pyraos, whose lines are long and whose wins are all near the full depth,
answers faster with than with df-pn. It has:

- a transposition table in two arrays (key, data: 16 bytes a position) keyed by the
  kernel's key from the side to move (in Pyraos both colours share entries), which several
  processes may search at once (mapped from one file: a split solve's workers on one
  machine): the key word is stored XOR the data word, so an entry torn by two writers
  fails its check and reads as absent (Hyatt's lockless hashing). Per position
  it keeps "the mover wins within w", "loses within l" (proven, stored unconditionally: a
  proof never rests on a repetition), "cannot win within a", "cannot lose within b" (failed
  proofs, kept as a + 1 and b + 1 so that 0 says nothing; stored only when no repetition
  cut the search below them) and a fingerprint of the child that decided last time;
- repetition as failure for the prover: a position already on the current line is a win
  for nobody, so endless play never proves anything. Only the line before the last move
  that can lead back (the kernel's ``reopens``: in Pyraos a removal or a pass) is compared;
- the kernel's lower bound on the length of any win, and its win at once (the Pyraos top),
  tried before any move is listed;
- enhanced transposition cutoffs: every child is looked up before any is searched; moves
  ordered by the kernel's static order, then the history counts, the last best child first.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from numba import njit

from . import core
from .arrays import Arrays, Words
from .memory import TableMemory, shared_array, table_arrays

UNKNOWN_BOUND = 255  # no proven win / loss
EMPTY_DATA = 0xFFFF  # win 255, loss 255, no failed depths, no best child
VALID = 1 << 62  # marks a used slot (a key is below 2**60)
BUCKET = 4
#: Plies a question may ask about (depths are kept in a byte).
MAX_PLIES = 248

# st (the search's registers, kept between calls): the line's length, the mode, the answer
# handed up from the node just finished, node count, whether the search has ended, and the
# count of children generated and looked up (expanded nodes' moves).
PLY, MODE, RET_OK, RET_REP, RET_BOUND, NODES, DONE, EXAMINED, STORED, REPLACED = range(10)
REGISTERS = 10
ENTER, NEXT, RETURN = 0, 1, 2
TRIED = -(1 << 62)
# what a finished child is worth, as a table entry for its side to move
_LOST = UNKNOWN_BOUND | 0 << 8 | UNKNOWN_BOUND << 16 | 0 << 24
_WON = 0 | UNKNOWN_BOUND << 8 | 0 << 16 | UNKNOWN_BOUND << 24
_DRAWN = UNKNOWN_BOUND | UNKNOWN_BOUND << 8 | UNKNOWN_BOUND << 16 | UNKNOWN_BOUND << 24


class Table(TableMemory):
    """The transposition table's two arrays (see the module): ``slots`` a power of two,
    at most ``megabytes`` MiB; pages are taken only as the search touches them. With a
    ``path``, mapped from that file and shared with every process that maps it (see
    :class:`.dfpn.Table`); OSError where it cannot be."""

    ENTRY_BYTES = 16

    def __init__(self, megabytes: float, path: str | os.PathLike[str] | None = None) -> None:
        super().__init__(megabytes, path)
        if path is None:
            self.keys, self.data = table_arrays(self.slots, 2)
        else:
            both = shared_array(Path(path), 2, self.slots)
            self.keys, self.data = both[0], both[1]

    def held(self) -> list[np.ndarray]:
        return [self.keys, self.data]


@njit(cache=True, inline="always")
def _slot(key: int, mask: int) -> int:
    mixed = key * -7046029254386353131  # the high half depends on every bit of the key
    return (mixed ^ mixed >> 32) & mask & ~(BUCKET - 1)


@njit(cache=True)
def probe(keys: np.ndarray, data: np.ndarray, key: int) -> int:
    """The entry of ``key`` (EMPTY_DATA when the table has none): win (8 bits), loss (8),
    nowin + 1 (8), noloss + 1 (8), best child's fingerprint (16)."""
    base = _slot(key, keys.shape[0] - 1)
    tagged = key | VALID
    for i in range(BUCKET):
        entry = data[base + i]  # read once: another process may be writing it
        if keys[base + i] ^ entry == tagged:
            return entry
    return EMPTY_DATA


@njit(cache=True, inline="always")
def _worth(entry: int) -> int:
    """How much a slot's entry is worth keeping: proofs first, then deeper failures."""
    proven = (entry & 255) != UNKNOWN_BOUND or (entry >> 8 & 255) != UNKNOWN_BOUND
    return (512 if proven else 0) + max(entry >> 16 & 255, entry >> 24 & 255)


@njit(cache=True, inline="always")
def store(
    keys: np.ndarray,
    data: np.ndarray,
    st: np.ndarray,
    key: int,
    win: int,
    loss: int,
    nowin: int,
    noloss: int,
    best: int,
) -> None:
    """:func:`_store`, its numbers handed as int64: numba compiles a kernel called from
    another once for each mix of constants among its arguments (a literal 0 or
    :data:`UNKNOWN_BOUND` at a call is a type of its own), and the search's four calls
    compiled it seven times, 1.4 s of a first use's 15 s (once: 0.2 s)."""
    _store(
        keys,
        data,
        st,
        np.int64(key),
        np.int64(win),
        np.int64(loss),
        np.int64(nowin),
        np.int64(noloss),
        np.int64(best),
    )


@njit(cache=True)
def _store(
    keys: np.ndarray,
    data: np.ndarray,
    st: np.ndarray,
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
        k, old = keys[base + i], data[base + i]
        if k ^ old == tagged:
            win = min(win, old & 255)
            loss = min(loss, old >> 8 & 255)
            nowin = max(nowin, old >> 16 & 255)
            noloss = max(noloss, old >> 24 & 255)
            if best == 0:
                best = old >> 32 & 0xFFFF
            entry = win | loss << 8 | nowin << 16 | noloss << 24 | best << 32
            data[base + i] = entry
            keys[base + i] = tagged ^ entry
            return
        worth = -1 if k == 0 else _worth(old)
        if worth < victim_worth:
            victim, victim_worth = i, worth
    if victim_worth < 0:
        st[STORED] += 1  # a new entry in an empty slot
    else:
        st[REPLACED] += 1  # an entry overwritten
    entry = win | loss << 8 | nowin << 16 | noloss << 24 | best << 32
    data[base + victim] = entry
    keys[base + victim] = tagged ^ entry


@njit(cache=True, inline="always")
def store_unproven(
    keys: np.ndarray, data: np.ndarray, st: np.ndarray, key: int, nowin: int, noloss: int, best: int
) -> None:
    """:func:`store` what a search that proved no bound learnt: no win within ``nowin``
    plies, no loss within ``noloss``."""
    store(keys, data, st, key, UNKNOWN_BOUND, UNKNOWN_BOUND, nowin, noloss, best)


@njit(cache=True, inline="always")
def fingerprint(key: int) -> int:
    return ((key * -7046029254386353131) >> 44 & 0xFFFF) | 1


@njit(cache=True, nogil=True)  # the window's thread runs while it searches
def run(
    game: int,
    ctx: Words,
    tt_keys: Words,
    tt_data: Words,
    history: Words,
    st: Words,
    frames: Arrays,
    budget: int,
) -> bool:
    """Search on from the registers in ``st`` for about ``budget`` nodes; True once the
    root is answered (``st[RET_OK]``, ``st[RET_BOUND]``, ``st[RET_REP]``).

    ``frames`` (:meth:`.stacks.BoundedFrames.arrays`), per ply of the line: the position
    (a kernel state row, its key), the plies left (``depth``), whether the ``prover``
    moves, ``last_back`` (the ply after the last move that reopens the line: positions
    from there on cannot come back), the moves, their children's keys and ordering
    scores, the child being searched, whether a repetition cut the search below, and the
    proof length so far.

    One function of 204 lines, kept whole (issue 88): its steps as @njit helpers (entering
    a node, expanding its children, the next child, handing an answer up; commit e2764af)
    were not measured in the time that pass had (``tests/bench/kernel_split.py bounded
    --other e2764af`` compares them, alternated), and the same split of :func:`.dfpn.run`
    ran at 0.83x, inlined at 0.66x (its docstring): each step takes the stack's arrays
    from the ``frames`` tuple again. It waits for its own figures.
    """
    states, keys, depth, prover, last_back, count, current = frames[:7]
    moves, child_keys, scores, repeated, bound = frames[7:]
    repeats = core.can_repeat(game)
    step = 1 if core.colour_free(game) else 2
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
            state = states[ply]
            d, pr = depth[ply], prover[ply]
            mode = RETURN
            ret_rep = 0
            if core.wins_at_once(game, ctx, state):
                ret_ok, ret_bound = pr, 1
                continue
            if core.lower_bound(game, ctx, state, pr == 1) > d:
                ret_ok = 0
                continue
            key = keys[ply]
            entry = probe(tt_keys, tt_data, key)
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
            n = core.generate(game, ctx, state, moves[ply])
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
            scratch = states[ply + 1]
            for i in range(n):
                m = moves[ply, i]
                core.play(game, ctx, state, m, scratch)
                ck = core.key(game, ctx, scratch)
                child_keys[ply, i] = ck
                status = scratch[core.STATUS]
                if status == core.RUNNING:
                    centry = probe(tt_keys, tt_data, ck)
                else:  # the game is over there: what that is worth to the child's mover
                    centry = (
                        _LOST if status == core.LOST else _WON if status == core.WON else _DRAWN
                    )
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
                if repeats:  # a repetition of the line: a win for nobody
                    top = ply if core.reopens(game, ctx, m) else last_back[ply] - 1
                    if step == 2 and (ply + 1 - top) % 2 != 0:
                        top -= 1  # only the child's side to move's own positions
                    back = False
                    for j in range(top, -1, -step):
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
                sc = core.order(game, ctx, m) * (1 << 40)
                sc += history[pr, core.history_slot(game, ctx, m)]
                if fingerprint(ck) == best_fp:
                    sc += 1 << 55
                scores[ply, i] = sc
            if pr:
                if win_bound != UNKNOWN_BOUND:
                    fp = fingerprint(child_keys[ply, win_child])
                    store(tt_keys, tt_data, st, key, win_bound, UNKNOWN_BOUND, 0, 0, fp)
                    ret_ok, ret_bound = 1, win_bound
                    continue
            else:
                if refuted:
                    store_unproven(tt_keys, tt_data, st, key, 0, d + 1, 0)
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
                        store_unproven(tt_keys, tt_data, st, keys[ply], depth[ply] + 1, 0, 0)
                else:
                    ret_ok, ret_bound = 1, bound[ply]
                    store(tt_keys, tt_data, st, keys[ply], UNKNOWN_BOUND, bound[ply], 0, 0, 0)
                continue
            scores[ply, pick] = TRIED
            current[ply] = pick
            m = moves[ply, pick]
            c = ply + 1
            core.play(game, ctx, states[ply], m, states[c])
            keys[c] = child_keys[ply, pick]
            depth[c] = depth[ply] - 1
            prover[c] = 1 - prover[ply]
            last_back[c] = c if core.reopens(game, ctx, m) else last_back[ply]
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
                    history[1, core.history_slot(game, ctx, m)] += d * d
                    fp = fingerprint(child_keys[ply, i])
                    store(tt_keys, tt_data, st, keys[ply], ret_bound, UNKNOWN_BOUND, 0, 0, fp)
                    continue
                repeated[ply] |= ret_rep
                mode = NEXT
            else:
                if not ret_ok:
                    history[0, core.history_slot(game, ctx, m)] += d * d
                    if ret_rep == 0:
                        fp = fingerprint(child_keys[ply, i])
                        store_unproven(tt_keys, tt_data, st, keys[ply], 0, d + 1, fp)
                    continue
                bound[ply] = max(bound[ply], ret_bound + 1)
                mode = NEXT
    st[PLY], st[MODE] = ply, mode
    st[RET_OK], st[RET_REP], st[RET_BOUND] = ret_ok, ret_rep, ret_bound
    st[NODES] = nodes
    st[EXAMINED] = examined
    return st[DONE] == 1
