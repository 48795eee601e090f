"""What the proof search's helps ask of a Pyramid Partition position (numba; see
:mod:`model.search.compiled.dfpn`): the corners each side is sure to hold, the dead points
(:func:`outlook`) and a cheap distance to a win (:func:`estimate`), over the bitboards and
the context of :mod:`.kernel`."""

from __future__ import annotations

import numpy as np
from numba import njit

from ...compiled.arrays import Words
from ...compiled.bits import popcount
from .kernel import (
    CORNER,
    FAR,
    FULL,
    NBR,
    OPP_HELD,
    OPP_HI,
    OPP_LO,
    OWN_HELD,
    OWN_HI,
    OWN_LO,
    STACKING,
    escapes,
    flood,
    has,
    legal,
    new_holdings,
    pop_point,
)

# :func:`_sure`'s side, as numba's booleans: a literal True or False would compile it twice
_MOVER, _OTHER = np.bool_(True), np.bool_(False)

#
# Facts these rest on (tests/model/test_prover_helps.py checks each against exhaustive play
# on base 3):
#
# 1. A side's holdings depend on its own balls only (A is made of them; the escape flood
#    runs over every point outside A, whoever holds it) and grow with them: more balls
#    make A larger (a group only grows or merges) and a larger A leaves fewer escapes.
# 2. Two sides never hold one corner, and on the full pyramid every corner has a holder;
#    so the side that holds three corners of the full pyramid is the one that held three
#    first (holdings never shrink): the winner is a function of the full pyramid's colours.
#
# So a corner is decided only once it is held: were it out of X's reach with every empty
# point X's, the other side would hold it on that full pyramid, with the balls it has now.
# What is decided before, under a strategy: a *virtual* corner of X is an open corner c with
# two points X may take (``legal`` now, so still then, in either version), each of which
# alone makes X hold c with its present balls (1: whatever else is played, X still holds c
# after taking either). With the pairs of X's virtual corners disjoint, X answers a ball on
# one point of a pair with the other and so holds every such corner on the full pyramid,
# and by 2 the other side never holds it. So X, holding h corners with v such pairs, and,
# when X moves first, one more corner that one further point (in no pair) gives at once, is
# sure of those corners: with three, the other side can reach at most two, never wins, and
# X wins (the game always has a winner) at the latest with its last ball.
#
# Let U(X, c) be the groups of X's balls and the empty points together that touch W(c): the
# most A can ever be for X. An empty point p outside U(X, c) can never join X's A for c
# (its group in any later board lies inside its group of X-or-empty points, which touches
# no wall of W(c), and the groups it would join touch none either), so whether X holds c
# never depends on p; and by 2 neither does whether the other side holds c. So p does not
# matter to the winner when for every corner still open to both sides p lies outside
# U(red, c) or outside U(blue, c): the winner of every full pyramid is the same whoever
# takes p. Such a point is *dead*. In the floating version the game on the other empty
# points has the same value for the same side to move (Hex's argument: the game is decided
# by the full board and a ball more never hurts, so a side answers a move on p with any
# ball of its own and plays on as before), and a winning first move, when there is one,
# is one off the dead points; so the search may leave them out of both sides' move lists.
# Not in the stacking version: there a ball on p changes which points may be taken next
# (a tempo can matter), so no point is dead there.


@njit(cache=True)
def _potential(ctx: Words, c: int, mine_lo: int, mine_hi: int) -> tuple[int, int, bool]:
    """A of the side with the balls ``mine`` for corner ``c`` (its groups touching W(c)),
    and whether that side holds ``c``."""
    far_lo, far_hi = ctx[FAR + 2 * c], ctx[FAR + 2 * c + 1]
    a_lo, a_hi = flood(ctx, mine_lo & far_lo, mine_hi & far_hi, mine_lo, mine_hi)
    corner = ctx[CORNER + c]
    if has(a_lo, a_hi, corner):
        return a_lo, a_hi, True
    if not (a_lo | a_hi):
        return a_lo, a_hi, False
    escape = escapes(
        ctx, corner, ctx[FULL] & ~a_lo, ctx[FULL + 1] & ~a_hi, far_lo & ~a_lo, far_hi & ~a_hi
    )
    return a_lo, a_hi, not escape


@njit(cache=True)
def _sure(
    ctx: Words,
    mine_lo: int,
    mine_hi: int,
    held: int,
    taken: int,
    legal_lo: int,
    legal_hi: int,
    to_move: bool,
    s1: Words,
) -> int:
    """The corners the side with the balls ``mine`` (holding ``held``; ``taken`` held by
    either side) is sure to hold on the full pyramid, whatever the other side plays: those
    it holds, and those it holds virtually (see above); ``to_move``: it moves first.
    ``s1``: scratch of 10 words."""
    open_ = 31 & ~taken
    for c in range(5):
        s1[2 * c] = 0
        s1[2 * c + 1] = 0
    if not open_:
        return held
    rest_lo, rest_hi = legal_lo, legal_hi
    while rest_lo | rest_hi:
        rest_lo, rest_hi, x = pop_point(rest_lo, rest_hi)
        if x < 64:
            x_lo, x_hi = 1 << x, 0
        else:
            x_lo, x_hi = 0, 1 << (x - 64)
        got = new_holdings(ctx, x_lo, x_hi, mine_lo | x_lo, mine_hi | x_hi, open_)
        for c in range(5):
            if got >> c & 1:
                s1[2 * c] |= x_lo
                s1[2 * c + 1] |= x_hi
    sure = held
    used_lo = 0
    used_hi = 0
    # corners with the fewest such points first: each gets two points no other uses
    for _ in range(5):
        best = -1
        fewest = 1 << 30
        for c in range(5):
            if open_ >> c & 1 and not sure >> c & 1:
                k = popcount(s1[2 * c] & ~used_lo) + popcount(s1[2 * c + 1] & ~used_hi)
                if 2 <= k < fewest:
                    best, fewest = c, k
        if best < 0:
            break
        a_lo, a_hi = s1[2 * best] & ~used_lo, s1[2 * best + 1] & ~used_hi
        for _ in range(2):
            a_lo, a_hi, x = pop_point(a_lo, a_hi)
            if x < 64:
                used_lo |= 1 << x
            else:
                used_hi |= 1 << (x - 64)
        sure |= 1 << best
    if to_move:  # one more corner by taking one of its points now
        for c in range(5):
            free = (s1[2 * c] & ~used_lo) | (s1[2 * c + 1] & ~used_hi)
            if open_ >> c & 1 and not sure >> c & 1 and free:
                sure |= 1 << c
                break
    return sure


@njit(cache=True)
def outlook(ctx: Words, state: Words, out: Words, sure: bool, dead: bool) -> None:
    """What is decided before the pyramid is full (see above): ``out[0]`` the corners the
    side to move is sure to hold (held or held virtually, a 5-bit mask; three or more: it
    wins whatever the other side plays), ``out[1]`` the other side's, ``out[2]`` the empty
    points, ``out[3:5]`` the dead empty points (lo, hi words; none in the stacking
    version); ``out[5:15]`` scratch. Only what ``sure`` and ``dead`` ask for is looked
    for (the rest reads as nothing decided, nothing dead)."""
    own_lo, own_hi, opp_lo, opp_hi = state[OWN_LO], state[OWN_HI], state[OPP_LO], state[OPP_HI]
    empty_lo = ctx[FULL] & ~(own_lo | opp_lo)
    empty_hi = ctx[FULL + 1] & ~(own_hi | opp_hi)
    mine = state[OWN_HELD]
    theirs = state[OPP_HELD]
    taken = mine | theirs
    legal_lo, legal_hi = legal(ctx, state)
    s1 = out[5:15]
    out[0], out[1] = mine, theirs
    if sure:
        out[0] = _sure(ctx, own_lo, own_hi, mine, taken, legal_lo, legal_hi, _MOVER, s1)
        out[1] = _sure(ctx, opp_lo, opp_hi, theirs, taken, legal_lo, legal_hi, _OTHER, s1)
    out[2] = popcount(empty_lo) + popcount(empty_hi)
    out[3], out[4] = 0, 0
    if not dead or ctx[STACKING] or popcount(out[0]) >= 3 or popcount(out[1]) >= 3:
        return
    live_lo = 0
    live_hi = 0
    for c in range(5):
        if taken >> c & 1:
            continue
        m_lo, m_hi, m_can = _potential(ctx, c, own_lo | empty_lo, own_hi | empty_hi)
        o_lo, o_hi, o_can = _potential(ctx, c, opp_lo | empty_lo, opp_hi | empty_hi)
        if m_can and o_can:  # open to both: a point in both sides' U may matter
            live_lo |= m_lo & o_lo
            live_hi |= m_hi & o_hi
    out[3], out[4] = empty_lo & ~live_lo, empty_hi & ~live_hi


@njit(cache=True)
def _neighbours(ctx: Words, lo: int, hi: int) -> tuple[int, int]:
    out_lo = 0
    out_hi = 0
    while lo | hi:
        lo, hi, p = pop_point(lo, hi)
        out_lo |= ctx[NBR + 2 * p]
        out_hi |= ctx[NBR + 2 * p + 1]
    return out_lo, out_hi


DISTANCE_CAP = 9


@njit(cache=True)
def connection(ctx: Words, c: int, mine_lo: int, mine_hi: int, empty_lo: int, empty_hi: int) -> int:
    """The fewest empty points the side with ``mine`` must take to join corner ``c`` to a
    wall of W(c) through its balls (:data:`DISTANCE_CAP` where it cannot, or past it)."""
    corner = ctx[CORNER + c]
    far_lo, far_hi = ctx[FAR + 2 * c], ctx[FAR + 2 * c + 1]
    if has(mine_lo, mine_hi, corner):
        k = 0
    elif has(empty_lo, empty_hi, corner):
        k = 1
    else:
        return DISTANCE_CAP
    if corner < 64:
        seed_lo, seed_hi = 1 << corner, 0
    else:
        seed_lo, seed_hi = 0, 1 << (corner - 64)
    r_lo, r_hi = flood(ctx, seed_lo, seed_hi, mine_lo | seed_lo, mine_hi | seed_hi)
    while k < DISTANCE_CAP:
        if (r_lo & far_lo) | (r_hi & far_hi):
            return k
        n_lo, n_hi = _neighbours(ctx, r_lo, r_hi)
        n_lo &= empty_lo & ~r_lo
        n_hi &= empty_hi & ~r_hi
        if not (n_lo | n_hi):
            return DISTANCE_CAP
        r_lo, r_hi = flood(
            ctx, r_lo | n_lo, r_hi | n_hi, mine_lo | r_lo | n_lo, mine_hi | r_hi | n_hi
        )
        k += 1
    return DISTANCE_CAP


@njit(cache=True)
def estimate(ctx: Words, state: Words, out: Words) -> None:
    """A cheap distance to a win for each side: ``out[0]`` the side to move's, ``out[1]``
    the other's, each the sum of its three shortest connections of a corner to W(c) (0
    for a corner it holds; the other side's corners out)."""
    own_lo, own_hi, opp_lo, opp_hi = state[OWN_LO], state[OWN_HI], state[OPP_LO], state[OPP_HI]
    empty_lo = ctx[FULL] & ~(own_lo | opp_lo)
    empty_hi = ctx[FULL + 1] & ~(own_hi | opp_hi)
    for side in range(2):
        if side == 0:
            m_lo, m_hi, held, lost = own_lo, own_hi, state[OWN_HELD], state[OPP_HELD]
        else:
            m_lo, m_hi, held, lost = opp_lo, opp_hi, state[OPP_HELD], state[OWN_HELD]
        a = b = c3 = DISTANCE_CAP  # the three smallest
        for c in range(5):
            if lost >> c & 1:
                continue
            d = 0 if held >> c & 1 else connection(ctx, c, m_lo, m_hi, empty_lo, empty_hi)
            if d < a:
                a, b, c3 = d, a, b
            elif d < b:
                b, c3 = d, b
            elif d < c3:
                c3 = d
        out[side] = a + b + c3
