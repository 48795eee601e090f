"""Benchmark: Pyraos move generation, the mask generator vs. a straightforward reference.

Run by hand:  .venv/bin/python tests/bench/pyraos_perft.py

Runs perft from the empty pyramid and from a few mid-game positions with the engine's
bitmask generator (precomputed support / resting-on / square masks, make and unmake on
two integers) and with a plain reference generator written here (a dict board keyed by
(i, j, k), supports from coordinates, a copied board per move), checks that both count the
same, and prints nodes per second (best of 3 runs each) and the speed-up. Goal: 10x.
"""

from __future__ import annotations

import random
import time

from pyramid_lab.model.pyraos import Pyraos, PyraosOptions, perft_masks

# ---- the reference: the rules read straight off the spec -------------------------------


def ref_points():
    return [(i, j, k) for k in range(4) for j in range(4 - k) for i in range(4 - k)]


POINTS = ref_points()


def ref_support(p):
    i, j, k = p
    return (
        []
        if k == 0
        else [(i, j, k - 1), (i + 1, j, k - 1), (i, j + 1, k - 1), (i + 1, j + 1, k - 1)]
    )


def ref_supported(board, p):
    return all(s in board for s in ref_support(p))


def ref_free(board, p):
    return not any(p in ref_support(q) for q in board)


def ref_squares_with(p):
    i, j, k = p
    out = []
    for di in (0, -1):
        for dj in (0, -1):
            a, b = i + di, j + dj
            if min(a, b) >= 0 and max(a, b) + 1 < 4 - k:
                out.append([(a, b, k), (a + 1, b, k), (a, b + 1, k), (a + 1, b + 1, k)])
    return out


def ref_moves(board, colour, variant, removal):
    """Boards after each legal move (the move's result is all perft needs)."""
    results = []
    mine = [p for p, c in board.items() if c == colour]
    empties = [p for p in POINTS if p not in board and ref_supported(board, p)]
    steps = []
    if len(mine) < 15:
        steps += [(None, t) for t in empties]
    for s in mine:
        if not ref_free(board, s):
            continue
        without = dict(board)
        del without[s]
        steps += [
            (s, t) for t in POINTS if t[2] > s[2] and t not in without and ref_supported(without, t)
        ]
    for s, t in steps:
        new = dict(board)
        if s is not None:
            del new[s]
        new[t] = colour
        square = any(all(new.get(q) == colour for q in sq) for sq in ref_squares_with(t))
        if variant == "children" or not square:
            results.append((new, t))
            continue
        if removal == "0-2":
            results.append((new, t))
        seen = set()
        for r1 in [p for p, c in new.items() if c == colour and ref_free(new, p)]:
            one = dict(new)
            del one[r1]
            results.append((one, t))
            for r2 in [p for p, c in one.items() if c == colour and ref_free(one, p)]:
                pair = frozenset((r1, r2))
                if pair not in seen:
                    seen.add(pair)
                    two = dict(one)
                    del two[r2]
                    results.append((two, t))
    return results


def ref_perft(board, colour, depth, variant, removal):
    if depth == 0:
        return 1
    other = "black" if colour == "white" else "white"
    children = ref_moves(board, colour, variant, removal)
    if not children:
        if variant != "alternate":
            return 0
        return 1 if depth == 1 else ref_perft(board, other, depth - 1, variant, removal)
    if depth == 1:
        return len(children)
    return sum(
        ref_perft(b, other, depth - 1, variant, removal) for b, t in children if t != (0, 0, 3)
    )


# ---- the comparison --------------------------------------------------------------------


def positions():
    yield "empty pyramid", Pyraos.new(), 4
    rng = random.Random(11)
    for plies in (10, 18, 26):
        g = Pyraos.new()
        while len(g._raws) < plies:
            if g.is_over():
                g = Pyraos.new()
            g.push_raw(rng.choice(g.raw_moves()))
        yield (
            f"random game after {plies} plies",
            Pyraos.from_setup(g.options, g.to_move, g.pieces()),
            4,
        )


def timed(fn, *args, repeat=3):
    """The value and the best wall time of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn(*args)
        best = min(best, time.perf_counter() - start)
    return value, best


def main() -> None:
    opts = PyraosOptions()
    print(
        f"{'position':<28} {'depth':>5} {'nodes':>9} {'engine n/s':>11} "
        f"{'reference n/s':>14} {'speed-up':>9}"
    )
    for name, game, depth in positions():
        own, opp = game.masks()[game._turn], game.masks()[1 - game._turn]
        board = {tuple(c): colour for c, colour in game.pieces()}
        nodes, t_fast = timed(perft_masks, own, opp, depth, opts.variant, opts.removal)
        ref, t_ref = timed(ref_perft, board, game.to_move, depth, opts.variant, opts.removal)
        assert ref == nodes, (name, ref, nodes)
        print(
            f"{name:<28} {depth:>5} {nodes:>9,} {nodes / t_fast:>11,.0f} "
            f"{nodes / t_ref:>14,.0f} {t_ref / t_fast:>8.1f}x"
        )


if __name__ == "__main__":
    main()
