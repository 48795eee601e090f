"""Allmer's Pyramid compiled (numba): the 7x7 terraces as two 49-bit masks.

The state row, from the side to move (the end test at :data:`STATUS` as in every kernel)::

    own, opp, pushed, pusher, 0, 0, status, last move

``pushed`` and ``pusher`` are the fields (plus one; 0 for none) of the last move's pushed
stone and of the stone that pushed it, for the option that forbids pushing straight back.
``status`` is 0 while the game runs, -1 when the side to move has lost, 1 when it has won
(a push may complete the other side's victory fields) and 2 for a draw (both sides below
four stones). A side with no move loses: the core sees a position without moves. Repetition
is the core's business (it compares the positions on the line).

A move is ``kind << 12 | source << 6 | target`` with the kinds of :class:`model.terrace.Kind`
in the order RUN, SMASH, JUMP, PUSH. :mod:`model.terrace` is the reference the tests compare
moves, perft and outcomes with.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit

from ....terrace import CORNERS_0, FIELDS, LEVEL, OSIRIS_LINES, SIZE, STEP, VICTORY_FIELDS
from ...compiled.arrays import Words
from ...compiled.bits import cttz, mix64, next_random, popcount

STATE = 8
OWN, OPP, PUSHED, PUSHER = 0, 1, 2, 3
STATUS, LAST = 6, 7
LOST, WON, DRAWN = -1, 1, 2
RUN, SMASH, JUMP, PUSH = range(4)
MAX_MOVES = 256
MIN_STONES = 4

# ---- the context ---------------------------------------------------------------------------
LAST_STONES_LOSE, NO_PUSH_BACK, PLAYOUT_CAP = range(3)
HEADER = 4
LEVELS = HEADER  # [field]
STEPS = LEVELS + FIELDS  # [field][direction]
LINES = STEPS + 4 * FIELDS  # [line][8]: the line's length, then its fields
LEVEL_MASK = LINES + 12 * 8  # [level]
PERM = LEVEL_MASK + 4  # [symmetry][field]
SYM = PERM + 8 * FIELDS  # [symmetry][byte][256]
CONTEXT_SIZE = SYM + 8 * 7 * 256
CORNER_MASK = sum(1 << f for f in CORNERS_0)
VICTORY_MASK = sum(1 << f for f in VICTORY_FIELDS)
FULL = (1 << FIELDS) - 1


def _symmetries() -> list[list[int]]:
    """The 8 symmetries of the square board as field permutations (field -> image)."""
    perms = []
    for swap in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                perm = []
                for f in range(FIELDS):
                    r, c = divmod(f, SIZE)
                    a, b = (c, r) if swap else (r, c)
                    a = SIZE - 1 - a if flip_r else a
                    b = SIZE - 1 - b if flip_c else b
                    perm.append(a * SIZE + b)
                perms.append(perm)
    return perms


@cache
def context(last_stones_lose: bool, no_push_back: bool, playout_cap: int = 24) -> np.ndarray:
    """The options, the board's tables and the playout cap as the kernel's context."""
    ctx = np.zeros(CONTEXT_SIZE, dtype=np.int64)
    ctx[LAST_STONES_LOSE], ctx[NO_PUSH_BACK] = int(last_stones_lose), int(no_push_back)
    ctx[PLAYOUT_CAP] = playout_cap
    ctx[LEVELS : LEVELS + FIELDS] = LEVEL
    ctx[STEPS : STEPS + 4 * FIELDS] = np.array(STEP, dtype=np.int64).ravel()
    for i, line in enumerate(OSIRIS_LINES):
        ctx[LINES + 8 * i] = len(line)
        ctx[LINES + 8 * i + 1 : LINES + 8 * i + 1 + len(line)] = line
    for lv in range(4):
        ctx[LEVEL_MASK + lv] = sum(1 << f for f in range(FIELDS) if LEVEL[f] == lv)
    for s, perm in enumerate(_symmetries()):
        ctx[PERM + s * FIELDS : PERM + (s + 1) * FIELDS] = perm
        for b in range(7):
            for byte in range(256):
                ctx[SYM + (s * 7 + b) * 256 + byte] = sum(
                    1 << perm[8 * b + i] for i in range(8) if byte >> i & 1 and 8 * b + i < FIELDS
                )
    ctx.setflags(write=False)
    return ctx


@njit(cache=True, inline="always")
def encode(kind: int, source: int, target: int) -> int:
    return kind << 12 | source << 6 | target


@njit(cache=True)
def generate(ctx: Words, state: Words, out: Words) -> int:
    """Write the legal moves into ``out``; return how many (none once the game is over)."""
    if state[STATUS] != 0:
        return 0
    own, opp = state[OWN], state[OPP]
    occ = own | opp
    banned_s, banned_t = -1, -1
    if ctx[NO_PUSH_BACK] and state[PUSHED] > 0:
        banned_s, banned_t = state[PUSHED] - 1, state[PUSHER] - 1
    n = 0
    rest = own
    while rest:
        b = rest & -rest
        rest ^= b
        f = cttz(b)
        lv = ctx[LEVELS + f]
        for d in range(4):
            nxt = ctx[STEPS + 4 * f + d]
            if nxt < 0:
                continue
            # run on while the way is empty and never up; a stone one level lower is smashed
            cur, cur_lv = nxt, lv
            while cur >= 0:
                cl = ctx[LEVELS + cur]
                if cl > cur_lv:
                    break
                if occ >> cur & 1:
                    if cl < cur_lv:
                        out[n] = encode(SMASH, f, cur)
                        n += 1
                    break
                out[n] = encode(RUN, f, cur)
                n += 1
                cur_lv = cl
                cur = ctx[STEPS + 4 * cur + d]
            next_level = ctx[LEVELS + nxt]
            if next_level == lv + 1 and not occ >> nxt & 1:
                out[n] = encode(JUMP, f, nxt)
                n += 1
            if occ >> nxt & 1 and next_level == lv:
                if f == banned_s and nxt == banned_t:
                    continue
                t = ctx[STEPS + 4 * nxt + d]
                if t < 0:
                    ok = (CORNER_MASK >> nxt & 1) != 0
                elif ctx[LEVELS + t] == lv:
                    ok = not occ >> t & 1
                else:
                    ok = ctx[LEVELS + t] == lv - 1
                if ok:
                    out[n] = encode(PUSH, f, nxt)
                    n += 1
    return n


@njit(cache=True, inline="always")
def direction(source: int, target: int) -> int:
    """The direction (as :data:`model.terrace.DIRECTIONS`) from one field to another in line."""
    rs, cs = source // SIZE, source % SIZE
    rt, ct = target // SIZE, target % SIZE
    if rt < rs:
        return 0
    if rt > rs:
        return 1
    if ct < cs:
        return 2
    return 3


@njit(cache=True)
def osiris(ctx: Words, white: int, black: int) -> int:
    """The fields of every stone sandwiched X, Y..Y, X along a ring side, both colours."""
    marked = 0
    for line in range(12):
        base = LINES + 8 * line
        n = ctx[base]
        for i in range(n - 2):
            fi = ctx[base + 1 + i]
            if white >> fi & 1:
                x, y = white, black
            elif black >> fi & 1:
                x, y = black, white
            else:
                continue
            j = i + 1
            between = 0
            while j < n and y >> ctx[base + 1 + j] & 1:
                between |= 1 << ctx[base + 1 + j]
                j += 1
            if i + 1 < j < n and x >> ctx[base + 1 + j] & 1:
                marked |= between
    return marked


@njit(cache=True)
def play(ctx: Words, state: Words, move: int, child: Words) -> None:
    """Write into ``child`` the position after ``move`` (from the other side)."""
    own, opp = state[OWN], state[OPP]
    kind, s, t = move >> 12, move >> 6 & 63, move & 63
    pushed, pusher = 0, 0
    if kind == PUSH:
        dest = ctx[STEPS + 4 * t + direction(s, t)]
        victim_own = (own >> t & 1) != 0
        own &= ~(1 << t)
        opp &= ~(1 << t)
        if dest >= 0:
            own &= ~(1 << dest)  # smashed
            opp &= ~(1 << dest)
            if victim_own:
                own |= 1 << dest
            else:
                opp |= 1 << dest
            pushed, pusher = dest + 1, t + 1
    else:
        opp &= ~(1 << t)
        own &= ~(1 << t)
    own = (own & ~(1 << s)) | 1 << t
    removed = osiris(ctx, own, opp)
    own &= ~removed
    opp &= ~removed
    child[OWN], child[OPP] = opp, own
    child[PUSHED], child[PUSHER] = pushed, pusher
    child[LAST] = move
    child[STATUS] = end_status(ctx, opp, own)


@njit(cache=True)
def end_status(ctx: Words, mover: int, other: int) -> int:
    """The end test for the side to move (``mover``): the victory fields, then the stones."""
    if other & VICTORY_MASK == VICTORY_MASK:
        return LOST
    if mover & VICTORY_MASK == VICTORY_MASK:
        return WON
    short_mover = popcount(mover) < MIN_STONES
    short_other = popcount(other) < MIN_STONES
    if short_mover and short_other:
        return DRAWN
    if ctx[LAST_STONES_LOSE]:
        if short_mover:
            return LOST
        if short_other:
            return WON
    return 0


@njit(cache=True)
def transform(ctx: Words, mask: int, s: int) -> int:
    out = 0
    for b in range(7):
        byte = (mask >> (8 * b)) & 255
        if byte:
            out |= ctx[SYM + (s * 7 + b) * 256 + byte]
    return out


@njit(cache=True)
def key(ctx: Words, state: Words) -> int:
    """A 60-bit hash of the position's least image under the 8 symmetries (with the last
    push where pushing back is forbidden)."""
    own, opp = state[OWN], state[OPP]
    best_own, best_opp, best_push = own, opp, 0
    with_push = ctx[NO_PUSH_BACK] != 0 and state[PUSHED] > 0
    if with_push:
        best_push = state[PUSHED] * 64 + state[PUSHER]
    for s in range(1, 8):
        image = transform(ctx, own, s)
        if image > best_own:
            continue
        other = transform(ctx, opp, s)
        push = 0
        if with_push:
            image_pushed = ctx[PERM + s * FIELDS + state[PUSHED] - 1] + 1
            image_pusher = ctx[PERM + s * FIELDS + state[PUSHER] - 1] + 1
            push = image_pushed * 64 + image_pusher
        if image < best_own or (other < best_opp or (other == best_opp and push < best_push)):
            best_own, best_opp, best_push = image, other, push
    h = mix64(best_own ^ 0x2545F4914F6CDD1D)
    h = mix64(h ^ best_opp)
    h = mix64(h ^ best_push)
    return h & ((1 << 60) - 1)


@njit(cache=True)
def evaluate(ctx: Words, own: int, opp: int) -> float:
    """The plug-in's evaluation (:func:`.plugin.evaluation`): material, height, victory fields,
    in [-1, 1]."""
    material = popcount(own) - popcount(opp)
    height = 0
    for lv in range(1, 4):
        m = ctx[LEVEL_MASK + lv]
        height += lv * (popcount(own & m) - popcount(opp & m))
    fields = popcount(own & VICTORY_MASK) - popcount(opp & VICTORY_MASK)
    return min(1.0, max(-1.0, 0.25 * material + 0.04 * height + 0.08 * fields))


@njit(cache=True)
def playout(ctx: Words, state: Words, rng: Words, board: Words, scratch: Words) -> float:
    """Random moves to the end or the cap (then the evaluation): the score in [0, 1] for the
    side to move at the start. ``board`` is a workspace of two state rows."""
    current = board[0:STATE]
    following = board[STATE : 2 * STATE]
    for i in range(STATE):  # (a slice's copy compiles numba's error text: 1 s)
        current[i] = state[i]
    mine = True
    for _ in range(ctx[PLAYOUT_CAP] + 1):
        status = current[STATUS]
        if status != 0:
            value = 0.5 if status == DRAWN else (1.0 if status == WON else 0.0)
            return value if mine else 1.0 - value
        n = generate(ctx, current, scratch)
        if n == 0:
            return 0.0 if mine else 1.0
        if _ >= ctx[PLAYOUT_CAP]:
            break
        play(ctx, current, scratch[next_random(rng) % n], following)
        current, following = following, current
        mine = not mine
    value = 0.5 + 0.5 * evaluate(ctx, current[OWN], current[OPP])
    return value if mine else 1.0 - value
