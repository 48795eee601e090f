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


@njit(cache=True)
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
    A node is entered (:func:`_enter`), then its children searched in turn
    (:func:`_next`), each answer handed up to its parent here.
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
            answered, ok, ret_bound, ret_rep, n = _enter(
                game, ctx, tt_keys, tt_data, history, st, frames, ply, ret_bound
            )
            examined += n
            mode = NEXT
            if answered:
                ret_ok, mode = ok, RETURN
        elif mode == NEXT:
            answered, ok, ret_bound, rep, c = _next(
                game, ctx, tt_keys, tt_data, st, frames, ply, ret_bound
            )
            if answered:
                ret_ok, ret_rep, mode = ok, rep, RETURN
            else:
                ply, mode = c, ENTER
        else:  # RETURN: the node at ``ply`` is answered
            if ply == 0:
                st[DONE] = 1
                break
            ply -= 1
            mode, ret_rep, ret_bound = _hand_up(
                game, ctx, tt_keys, tt_data, history, st, frames, ply, ret_ok, ret_rep, ret_bound
            )
    st[PLY], st[MODE] = ply, mode
    st[RET_OK], st[RET_REP], st[RET_BOUND] = ret_ok, ret_rep, ret_bound
    st[NODES] = nodes
    st[EXAMINED] = examined
    return st[DONE] == 1


@njit(cache=True, inline="always")
def _hand_up(
    game: int,
    ctx: Words,
    tt_keys: Words,
    tt_data: Words,
    history: Words,
    st: Words,
    frames: Arrays,
    ply: int,
    ret_ok: int,
    ret_rep: int,
    ret_bound: int,
) -> tuple[int, int, int]:
    """The answer of the child searched at ``ply`` handed up to its node: (RETURN, ...)
    where that settles the node (a win for the prover, a refutation for the defender:
    stored), else (NEXT, ...) to search its next child; with the answer's repetition and
    bound as they go on."""
    keys, depth, prover, current = frames[1], frames[2], frames[3], frames[6]
    moves, child_keys, repeated, bound = frames[7], frames[8], frames[10], frames[11]
    i = current[ply]
    m = moves[ply, i]
    d = depth[ply]
    if prover[ply]:
        if ret_ok:
            history[1, core.history_slot(game, ctx, m)] += d * d
            fp = fingerprint(child_keys[ply, i])
            store(tt_keys, tt_data, st, keys[ply], ret_bound + 1, UNKNOWN_BOUND, 0, 0, fp)
            return RETURN, 0, ret_bound + 1
        repeated[ply] |= ret_rep
        return NEXT, ret_rep, ret_bound
    if not ret_ok:
        history[0, core.history_slot(game, ctx, m)] += d * d
        if ret_rep == 0:
            fp = fingerprint(child_keys[ply, i])
            store_unproven(tt_keys, tt_data, st, keys[ply], 0, d + 1, fp)
        return RETURN, ret_rep, ret_bound
    bound[ply] = max(bound[ply], ret_bound + 1)
    return NEXT, ret_rep, ret_bound


@njit(cache=True, inline="always")
def _enter(
    game: int,
    ctx: Words,
    tt_keys: Words,
    tt_data: Words,
    history: Words,
    st: Words,
    frames: Arrays,
    ply: int,
    ret_bound: int,
) -> tuple[bool, int, int, int, int]:
    """Enter the node at ``ply``: (True, ok, bound, repeated, examined) where it is answered
    at once (won at once, out of reach, known from the table, no move, no plies left, or
    decided by its children's entries), else (False, 0, ``ret_bound``, 0, examined) with its
    children ordered (:func:`_expand`); ``examined``: the children made."""
    states, keys, depth, prover, count = frames[0], frames[1], frames[2], frames[3], frames[5]
    moves, child_keys = frames[7], frames[8]
    state = states[ply]
    d, pr = depth[ply], prover[ply]
    if core.wins_at_once(game, ctx, state):
        return True, pr, 1, 0, 0
    if core.lower_bound(game, ctx, state, pr == 1) > d:
        return True, 0, ret_bound, 0, 0
    key = keys[ply]
    entry = probe(tt_keys, tt_data, key)
    if pr:
        won, failed = entry & 255, entry >> 16 & 255
    else:
        won, failed = entry >> 8 & 255, entry >> 24 & 255
    if won <= d:
        return True, 1, won, 0, 0
    if failed > d:
        return True, 0, ret_bound, 0, 0
    n = core.generate(game, ctx, state, moves[ply])
    if n == 0:  # no move: the mover loses now
        return True, 1 - pr, 0, 0, 0
    if d == 0:
        return True, 0, ret_bound, 0, 0
    count[ply] = n
    win_bound, win_child, refuted, escape = _expand(
        game, ctx, tt_keys, tt_data, history, frames, ply, n, entry >> 32 & 0xFFFF
    )
    if pr:
        if win_bound != UNKNOWN_BOUND:
            fp = fingerprint(child_keys[ply, win_child])
            store(tt_keys, tt_data, st, key, win_bound, UNKNOWN_BOUND, 0, 0, fp)
            return True, 1, win_bound, 0, n
    else:
        if refuted:
            store_unproven(tt_keys, tt_data, st, key, 0, d + 1, 0)
            return True, 0, ret_bound, 0, n
        if escape:
            return True, 0, ret_bound, 1, n
    return False, 0, ret_bound, 0, n


@njit(cache=True, inline="always")
def _expand(
    game: int,
    ctx: Words,
    tt_keys: Words,
    tt_data: Words,
    history: Words,
    frames: Arrays,
    ply: int,
    n: int,
    best_fp: int,
) -> tuple[int, int, bool, bool]:
    """Look every child of the node at ``ply`` up (cutoffs, ordering) and find repetitions:
    the prover's shortest win among them and its child (``UNKNOWN_BOUND``, -1: none),
    whether the defender refutes the node outright, whether it escapes by a repetition;
    each child's score (:data:`TRIED`: not to be searched)."""
    states, keys, depth, prover = frames[0], frames[1], frames[2], frames[3]
    moves, child_keys, scores, repeated, bound = (
        frames[7],
        frames[8],
        frames[9],
        frames[10],
        frames[11],
    )
    repeats = core.can_repeat(game)
    state, scratch = states[ply], states[ply + 1]
    d, pr = depth[ply], prover[ply]
    repeated[ply] = 0
    bound[ply] = 0
    win_bound, win_child, escape = UNKNOWN_BOUND, -1, False
    for i in range(n):
        m = moves[ply, i]
        core.play(game, ctx, state, m, scratch)
        ck = core.key(game, ctx, scratch)
        child_keys[ply, i] = ck
        centry = _child_entry(tt_keys, tt_data, scratch[core.STATUS], ck)
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
                return win_bound, win_child, True, escape
        if repeats and _repeats_line(game, ctx, keys, frames[4], ply, m, ck):
            scores[ply, i] = TRIED  # a repetition of the line: a win for nobody
            if pr:
                repeated[ply] = 1
            else:
                escape = True
            continue
        scores[ply, i] = _score(game, ctx, history, pr, m, fingerprint(ck) == best_fp)
    return win_bound, win_child, False, escape


@njit(cache=True, inline="always")
def _child_entry(tt_keys: Words, tt_data: Words, status: int, child: int) -> int:
    """The table's entry of a child, or what a finished game there is worth to its mover."""
    if status == core.RUNNING:
        return probe(tt_keys, tt_data, child)
    return _LOST if status == core.LOST else _WON if status == core.WON else _DRAWN


@njit(cache=True, inline="always")
def _score(game: int, ctx: Words, history: Words, pr: int, move: int, was_best: bool) -> int:
    """A child's place in the order: the kernel's order of the move, then its history, the
    table's best child first of all."""
    sc = core.order(game, ctx, move) * (1 << 40)
    sc += history[pr, core.history_slot(game, ctx, move)]
    return sc + (1 << 55 if was_best else 0)


@njit(cache=True, inline="always")
def _repeats_line(
    game: int, ctx: Words, keys: Words, last_back: Words, ply: int, move: int, child: int
) -> bool:
    """Is the child (key ``child``, made by ``move`` at ``ply``) a position of the line
    since it last reopened, one of its side to move's own?"""
    step = 1 if core.colour_free(game) else 2
    top = ply if core.reopens(game, ctx, move) else last_back[ply] - 1
    if step == 2 and (ply + 1 - top) % 2 != 0:
        top -= 1  # only the child's side to move's own positions
    for j in range(top, -1, -step):  # noqa: SIM110  (a loop numba compiles plainly)
        if keys[j] == child:
            return True
    return False


@njit(cache=True, inline="always")
def _next(
    game: int,
    ctx: Words,
    tt_keys: Words,
    tt_data: Words,
    st: Words,
    frames: Arrays,
    ply: int,
    ret_bound: int,
) -> tuple[bool, int, int, int, int]:
    """The next child of the node at ``ply`` (the best score not yet tried), gone down to:
    (False, 0, ``ret_bound``, 0, its ply); or, every child searched, the node's answer
    stored: (True, ok, bound, repeated, ``ply``)."""
    states, keys, depth, prover, last_back = frames[0], frames[1], frames[2], frames[3], frames[4]
    count, current, moves, child_keys = frames[5], frames[6], frames[7], frames[8]
    scores, repeated, bound = frames[9], frames[10], frames[11]
    pick = -1
    best = TRIED
    for i in range(count[ply]):
        if scores[ply, i] > best:
            best, pick = scores[ply, i], i
    if pick < 0:  # every child searched
        if prover[ply]:
            if repeated[ply] == 0:
                store_unproven(tt_keys, tt_data, st, keys[ply], depth[ply] + 1, 0, 0)
            return True, 0, ret_bound, repeated[ply], ply
        store(tt_keys, tt_data, st, keys[ply], UNKNOWN_BOUND, bound[ply], 0, 0, 0)
        return True, 1, bound[ply], 0, ply
    scores[ply, pick] = TRIED
    current[ply] = pick
    m = moves[ply, pick]
    c = ply + 1
    core.play(game, ctx, states[ply], m, states[c])
    keys[c] = child_keys[ply, pick]
    depth[c] = depth[ply] - 1
    prover[c] = 1 - prover[ply]
    last_back[c] = c if core.reopens(game, ctx, m) else last_back[ply]
    return False, 0, ret_bound, 0, c
