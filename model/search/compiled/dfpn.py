"""Depth-first proof-number search (df-pn) compiled for every kernel, with a fixed-size table.

One question at a time: does the prover win within ``left`` plies from a position? A node
is a position with the plies left and whether the prover moves (an OR node) or the other
side (an AND node). The search is Nagai's df-pn with the 1 + epsilon trick, written with an
explicit stack so that :func:`run` can stop after a number of nodes and go on later from the
same registers (the caller keeps the clock in Python).

The table (:class:`Table`) has a fixed number of slots in buckets of four, keyed by the
kernel's position key and whether the prover moves; its size bounds the memory. Several
processes may search one table at once (a split solve's workers on one machine map it from
the same file): an entry is written without a lock, its first word the key XOR the other
three (Hyatt's lockless hashing), so an entry torn by two writers fails its check and reads
as absent; what one process proves, the others find. Per entry:

- ``win``: the prover wins within this many plies (proven; 255: not known), so a proof is
  found again for any bound at least as long;
- ``nowin``: the prover cannot win within ``nowin - 1`` plies (disproven; 0: not known);
- the proof and disproof numbers of the last search of the node and its plies left;
- the nodes spent below it, which decide what a full bucket gives up.

A draw, a loss, running out of plies and a position that repeats on the line are failures
for the prover. A proof never rests on a repetition; a disproof that a repetition on the line
caused holds on that line only and is not stored (Kishimoto and Mueller's graph history
interaction, kept out the simple way).

The helps (below: :data:`DECIDED`, :data:`DEAD`, :data:`ORDER`, :data:`INIT`) are options
in ``st[HELPS]``, answered by the kernel (:func:`core.outlook`, :func:`core.estimate`); each
keeps every proof and disproof it stores a true fact of the game, so a table serves any
question whatever the helps. ``tests/bench/prover_helps.py`` measures each alone.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from numba import njit

from . import core
from .arrays import Arrays, Words
from .bits import mix64, popcount
from .memory import TableMemory, shared_array, table_arrays
from .stacks import sort_children

INF = 1 << 62
LIMIT = INF - 1  # sums of proof numbers stop here: only a real disproof makes INF
NO_WIN = 255
BUCKET = 4
VALID = 1 << 61
# the work of a node answered at once, as an int64: a literal argument would compile
# :func:`store` for a signature of its own
_ONE_NODE = np.int64(1)
OR_BIT = 1 << 60
EPSILON = 0.25
#: Plies a question may ask about (the stack's height).
MAX_PLIES = 250

# an entry's words, and its info word: left (8) | win (8) | nowin (8) | work (40)
KEY, PN, DN, INFO = range(4)
# st: the search's registers between calls
PLY, MODE, NODES, DONE, RET_PN, RET_DN, RET_WIN, RET_CUT, REPEATS, STORED, REPLACED = range(11)
MADE = 11  # positions made by a move (every child of every node entered)
HELPS = 12  # the helps the search uses, a bit each (below)
REGISTERS = 13

# The helps (each an option, ``st[HELPS]``; the kernel's :func:`core.outlook` and
# :func:`core.estimate` answer them, a kernel without answers makes them no-ops):
#: a position that a side is sure to win whatever the other plays (Partition: three corners
#: held or held virtually, a pair of points for each) is scored at once: a disproof where
#: that side is the defender; a proof, whose length is at most the prover's last ball, where
#: it is the prover and that length is within the plies left.
DECIDED = 1
#: where the plies left cover the whole game, the dead points (moves neither side needs)
#: leave both sides' move lists; a proof at a defender's node then has the length of the
#: prover's last ball (the left-out replies were not searched).
DEAD = 2
#: children searched in the order of the kernel's estimate (the mover's best first), so
#: that ties of proof numbers go to the likelier move.
ORDER = 4
#: a new child's proof and disproof numbers 1 + the kernel's distances to a win for the
#: prover and the defender (rather than 1 and 1).
INIT = 8
ALL_HELPS = DECIDED | DEAD | ORDER | INIT
#: The helps by name (the benches and tests switch them one at a time).
HELP_NAMES = {"decided": DECIDED, "dead": DEAD, "order": ORDER, "init": INIT}
ENTER, LOOP, RETURN = 0, 1, 2


class Table(TableMemory):
    """The transposition table's arrays (see the module): ``slots`` a power of two. With a
    ``path``, mapped from that file (made where missing) and shared with every process that
    maps it: a file of a memory file system (``/dev/shm``), which may be unlinked once all
    have mapped it (its memory goes with the last of them). OSError where it cannot be."""

    ENTRY_BYTES = 32

    def __init__(self, megabytes: float, path: str | os.PathLike[str] | None = None) -> None:
        super().__init__(megabytes, path)
        # an entry's four words side by side (half a cache line); pages the search never
        # touches are never given memory
        if path is None:
            self.entries = table_arrays(self.slots, 1, 4)[0]
        else:
            self.entries = shared_array(Path(path), self.slots, 4)

    def held(self) -> list[np.ndarray]:
        return [self.entries]


@njit(cache=True, inline="always")
def _slot(tag: int, mask: int) -> int:
    return mix64(tag) & mask & ~(BUCKET - 1)


@njit(cache=True)
def probe(tt: Words, key: int, is_or: int, left: int, out: Words) -> bool:
    """What the table knows of the node: ``out`` = (pn, dn, win); False when nothing
    (``out`` untouched)."""
    tag = key | (OR_BIT if is_or else 0) | VALID
    base = _slot(tag, tt.shape[0] - 1)
    for i in range(BUCKET):
        # each word read once: another process may be writing the entry meanwhile
        pn, dn, data = tt[base + i, PN], tt[base + i, DN], tt[base + i, INFO]
        if tt[base + i, KEY] ^ pn ^ dn ^ data == tag:
            win = data >> 8 & 255
            if win <= left:
                out[0], out[1], out[2] = 0, INF, win
                return True
            if (data >> 16 & 255) > left:
                out[0], out[1], out[2] = INF, 0, NO_WIN
                return True
            if (data & 255) == left:
                out[0], out[1], out[2] = pn, dn, NO_WIN
                return True
            return False
    return False


@njit(cache=True, inline="always")
def _put(tt: Words, slot: int, tag: int, pn: int, dn: int, data: int) -> None:
    """Write an entry whole, its first word the tag XOR the others (see the module)."""
    tt[slot, PN], tt[slot, DN], tt[slot, INFO] = pn, dn, data
    tt[slot, KEY] = tag ^ pn ^ dn ^ data


@njit(cache=True)
def store(
    tt: Words, st: Words, key: int, is_or: int, left: int, pn: int, dn: int, win: int, work: int
) -> None:
    """Merge what the search learnt of the node: a proof keeps the shortest win, a disproof
    the longest bound, open numbers replace the old ones."""
    tag = key | (OR_BIT if is_or else 0) | VALID
    base = _slot(tag, tt.shape[0] - 1)
    victim = -1
    victim_worth = 1 << 62
    for i in range(BUCKET):
        k, old_pn, old_dn, data = (
            tt[base + i, KEY],
            tt[base + i, PN],
            tt[base + i, DN],
            tt[base + i, INFO],
        )
        if k ^ old_pn ^ old_dn ^ data == tag:
            old_win = data >> 8 & 255
            nowin = data >> 16 & 255
            work = min((data >> 24) + work, (1 << 39) - 1)
            if pn == 0:
                old_win = min(old_win, win)
            elif dn == 0:
                nowin = max(nowin, left + 1)
            else:
                _put(tt, base + i, tag, pn, dn, left | old_win << 8 | nowin << 16 | work << 24)
                return
            data = (data & 255) | old_win << 8 | nowin << 16 | work << 24
            _put(tt, base + i, tag, old_pn, old_dn, data)
            return
        if k == 0:
            worth = -1
        else:  # a torn entry's worth is what its words say: it may go
            final = (data >> 8 & 255) != NO_WIN or (data >> 16 & 255) != 0
            worth = (data >> 24 & ((1 << 39) - 1)) + (1 << 40 if final else 0)
        if worth < victim_worth:
            victim, victim_worth = i, worth
    if victim_worth >= 0:
        st[REPLACED] += 1
    else:
        st[STORED] += 1
    work = min(work, (1 << 39) - 1)
    if pn == 0:
        data = 255 | win << 8 | work << 24
    elif dn == 0:
        data = 255 | NO_WIN << 8 | (left + 1) << 16 | work << 24
    else:
        data = left | NO_WIN << 8 | work << 24
    _put(tt, base + victim, tag, pn, dn, data)


@njit(cache=True, nogil=True)  # the window's thread runs while it searches
def run(game: int, ctx: Words, tt: Words, st: Words, frames: Arrays, budget: int) -> bool:
    """Search on from the registers ``st`` for about ``budget`` nodes; True once the root
    (``states[0]`` with ``node_keys[0]``, ``left[0]``, ``is_or[0]``) is answered:
    ``st[RET_PN]`` 0 proven (``st[RET_WIN]`` the plies of the win found), INF disproven.
    ``frames``: :meth:`.stacks.DfpnFrames.arrays`.

    One function of 229 lines, kept whole because splitting it cost speed (issue 88): its
    steps as @njit helpers (entering a node, making a child, summing the children's
    numbers, going down) ran at 0.83x its speed (2 rounds: 0.73x, 0.91x) and, inlined
    (``inline="always"``, commit e2764af), at 0.66x (``tests/bench/kernel_split.py dfpn
    --other e2764af``: alternated in one process, the same nodes and answers; 2 cores
    shared at load 15 to 21). Each step there takes the stack's arrays from the ``frames``
    tuple again, and numba counts a reference for every array it takes (see :mod:`.lanes`)."""
    states, node_keys, left, is_or, thpn, thdn, current, started = frames[:8]
    count, moves, child_keys, cpn, cdn, cwin, fixed, cut, found = frames[8:17]
    look, ends, score = frames[17:20]
    helps = st[HELPS]
    ply = st[PLY]
    mode = st[MODE]
    nodes = st[NODES]
    stop = nodes + budget
    repeats = st[REPEATS] != 0
    ret_pn, ret_dn, ret_win, ret_cut = st[RET_PN], st[RET_DN], st[RET_WIN], st[RET_CUT]
    while True:
        if mode == ENTER:
            if nodes >= stop:
                break
            nodes += 1
            started[ply] = nodes
            ends[ply] = -1
            drop_dead = False
            last = 0
            if helps & (DECIDED | DEAD) and core.outlook(
                game, ctx, states[ply], look, helps & DECIDED != 0, helps & DEAD != 0
            ):
                empties = look[2]
                # the prover's last ball comes at the latest on this ply of the rest
                last = empties if (empties % 2 == 1) == (is_or[ply] == 1) else empties - 1
                if helps & DECIDED:
                    mover_sure = popcount(look[0]) >= 3
                    other_sure = popcount(look[1]) >= 3
                    prover_sure = mover_sure if is_or[ply] else other_sure
                    defender_sure = other_sure if is_or[ply] else mover_sure
                    if defender_sure or (prover_sure and last <= left[ply]):
                        if defender_sure:
                            ret_pn, ret_dn, ret_win = INF, 0, NO_WIN
                        else:
                            ret_pn, ret_dn, ret_win = 0, INF, last
                        ret_cut = 0
                        store(
                            tt,
                            st,
                            node_keys[ply],
                            is_or[ply],
                            left[ply],
                            ret_pn,
                            ret_dn,
                            ret_win,
                            _ONE_NODE,
                        )
                        mode = RETURN
                        continue
                if helps & DEAD and left[ply] >= empties:
                    drop_dead = True
            n = core.generate(game, ctx, states[ply], moves[ply])
            if n == 0:  # the side to move has lost
                if is_or[ply]:
                    ret_pn, ret_dn, ret_win = INF, 0, NO_WIN
                else:
                    ret_pn, ret_dn, ret_win = 0, INF, 0
                ret_cut = 0
                store(
                    tt,
                    st,
                    node_keys[ply],
                    is_or[ply],
                    left[ply],
                    ret_pn,
                    ret_dn,
                    ret_win,
                    _ONE_NODE,
                )
                mode = RETURN
                continue
            if drop_dead:
                kept = 0
                for i in range(n):
                    if not core.is_dead(game, look, moves[ply, i]):
                        moves[ply, kept] = moves[ply, i]
                        kept += 1
                if kept < n:
                    # every point dead: the winner is known whoever takes which; one move
                    # is the whole game
                    n = max(kept, 1)
                    ends[ply] = last
            count[ply] = n
            st[MADE] += n
            below = left[ply] - 1
            scratch = states[ply + 1]
            decided = False
            for i in range(n):
                core.play(game, ctx, states[ply], moves[ply, i], scratch)
                status = scratch[core.STATUS]
                fixed[ply, i] = 1
                cut[ply, i] = 0
                cwin[ply, i] = NO_WIN
                if status != core.RUNNING:
                    # the child's side to move has lost / won / drawn
                    prover_won = (status == core.LOST) == (is_or[ply] == 1)
                    if status == core.DRAWN:
                        prover_won = False
                    if prover_won:
                        cpn[ply, i], cdn[ply, i], cwin[ply, i] = 0, INF, 0
                    else:
                        cpn[ply, i], cdn[ply, i] = INF, 0
                else:
                    ck = core.key(game, ctx, scratch)
                    child_keys[ply, i] = ck
                    back = False
                    if repeats:
                        for j in range(ply - 1, -1, -2):
                            if node_keys[j] == ck:
                                back = True
                                break
                    if back:
                        cpn[ply, i], cdn[ply, i] = INF, 0
                        cut[ply, i] = 1
                    elif below <= 0:
                        cpn[ply, i], cdn[ply, i] = INF, 0
                        # no plies left, but a defender without a move has lost at once
                        # (only where positions can repeat can a side run out of moves)
                        if (
                            is_or[ply]
                            and repeats
                            and core.generate(game, ctx, scratch, moves[ply + 1]) == 0
                        ):
                            cpn[ply, i], cdn[ply, i], cwin[ply, i] = 0, INF, 0
                    else:
                        fixed[ply, i] = 0
                        cpn[ply, i], cdn[ply, i] = 1, 1
                        if helps & (ORDER | INIT) and core.estimate(game, ctx, scratch, found):
                            # the child's side to move is the prover below an AND node
                            if is_or[ply]:
                                to_prove, to_refute = found[1], found[0]
                            else:
                                to_prove, to_refute = found[0], found[1]
                            if helps & INIT:
                                cpn[ply, i], cdn[ply, i] = 1 + 2 * to_prove, 1 + 2 * to_refute
                            score[ply, i] = (
                                to_prove - to_refute if is_or[ply] else to_refute - to_prove
                            )
                if fixed[ply, i]:  # settled: its place in the order does not matter
                    score[ply, i] = 0
                # a win at once for the prover, or a refutation at once for the defender
                if is_or[ply] and cpn[ply, i] == 0:
                    decided = True
                    break
                if not is_or[ply] and cdn[ply, i] == 0:
                    decided = True
                    break
            if decided:
                count[ply] = i + 1
            elif helps & ORDER:
                sort_children(ply, n, moves, child_keys, cpn, cdn, cwin, fixed, cut, score)
            mode = LOOP
        elif mode == LOOP:
            n = count[ply]
            node_or = is_or[ply]
            below = left[ply] - 1
            pn = INF if node_or else 0
            dn = 0 if node_or else INF
            best = -1
            best_value = INF + 1
            second = INF
            win = NO_WIN if node_or else 0
            any_cut = False
            for i in range(n):
                if not fixed[ply, i]:
                    if probe(tt, child_keys[ply, i], 1 - node_or, below, found):
                        cpn[ply, i], cdn[ply, i], cwin[ply, i] = found[0], found[1], found[2]
                    if cpn[ply, i] == 0 or cdn[ply, i] == 0:
                        fixed[ply, i] = 1
                p, d = cpn[ply, i], cdn[ply, i]
                if p == INF and cut[ply, i]:
                    any_cut = True
                if node_or:
                    pn = min(pn, p)
                    if dn < INF:
                        dn = INF if d >= INF else min(LIMIT, dn + d)
                    value = p
                    if p == 0:
                        win = min(win, cwin[ply, i] + 1)
                else:
                    if pn < INF:
                        pn = INF if p >= INF else min(LIMIT, pn + p)
                    dn = min(dn, d)
                    value = d
                    if p == 0:
                        win = max(win, cwin[ply, i] + 1)
                if value < best_value:
                    second = best_value
                    best, best_value = i, value
                elif value < second:
                    second = value
            if pn == 0 or dn == 0 or pn >= thpn[ply] or dn >= thdn[ply]:
                ret_pn, ret_dn = pn, dn
                ret_win = win if pn == 0 else NO_WIN
                if pn == 0 and not node_or and ends[ply] >= 0:
                    ret_win = ends[ply]  # replies were left out: the game's end bounds it
                ret_cut = 1 if (pn != 0 and any_cut) else 0
                if not (pn == INF and ret_cut):
                    work = nodes - started[ply] + 1
                    store(tt, st, node_keys[ply], node_or, left[ply], pn, dn, ret_win, work)
                mode = RETURN
                continue
            if nodes >= stop:
                break
            second = min(second, INF - 1)
            bound = min(LIMIT, int(second * (1 + EPSILON)) + 1)
            c = ply + 1
            if node_or:
                thpn[c] = min(thpn[ply], bound)
                thdn[c] = min(LIMIT, thdn[ply] - dn + cdn[ply, best])
            else:
                thdn[c] = min(thdn[ply], bound)
                thpn[c] = min(LIMIT, thpn[ply] - pn + cpn[ply, best])
            current[ply] = best
            core.play(game, ctx, states[ply], moves[ply, best], states[c])
            node_keys[c] = child_keys[ply, best]
            left[c] = below
            is_or[c] = 1 - node_or
            ply = c
            mode = ENTER
        else:  # RETURN: the node at ``ply`` is answered
            if ply == 0:
                st[DONE] = 1
                break
            ply -= 1
            i = current[ply]
            cpn[ply, i], cdn[ply, i], cwin[ply, i] = ret_pn, ret_dn, ret_win
            if ret_pn == 0 or ret_dn == 0:
                fixed[ply, i] = 1
                cut[ply, i] = ret_cut
            mode = LOOP
    st[PLY], st[MODE], st[NODES] = ply, mode, nodes
    st[RET_PN], st[RET_DN], st[RET_WIN], st[RET_CUT] = ret_pn, ret_dn, ret_win, ret_cut
    return st[DONE] == 1
