"""Pyraos' moves: a move as a value and its text, the engine's raw moves over masks
(:func:`generate`, a placement or a lift with every set of removed spheres), a position's
code for the repetition count, and :func:`perft_masks`, the move sequences of a depth."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from pyramid_lab.i18n import M_

from ..game import InvalidMoveError, Move, SaidError, quote
from ..lattice import Point
from ..words import reason_of
from .board import BASE4, POINTS, REPETITION, SPHERES, TOP, WHITE, Geometry, bits


@dataclass(frozen=True, slots=True, repr=False)
class PyraosMove(Move):
    """``source`` None: a placement; ``target`` None: the alternate version's pass.
    ``removed`` is sorted. Written ``1,1,0`` (place), ``3,3,0>0,0,1`` (lift), with removals
    appended as `` x0,0,0 x1,0,0``, or ``pass``."""

    target: Point | None
    source: Point | None = None
    removed: tuple[Point, ...] = ()

    @property
    def is_pass(self) -> bool:
        return self.target is None

    def __str__(self) -> str:
        if self.target is None:
            return "pass"
        head = f"{self.source}>{self.target}" if self.source else str(self.target)
        return " ".join([head, *(f"x{p}" for p in self.removed)])

    @classmethod
    def parse(cls, text: str) -> PyraosMove:
        tokens = text.split()
        if tokens == ["pass"]:
            return cls(None)
        if not tokens:
            raise InvalidMoveError(M_("an empty move; write e.g. 1,1,0 or 3,3,0>0,0,1 x0,0,0"))
        try:
            head, *rest = tokens
            if ">" in head:
                src, dst = head.split(">", 1)
                source, target = Point.parse(src), Point.parse(dst)
            else:
                source, target = None, Point.parse(head)
            if any(not r.startswith("x") for r in rest):
                raise SaidError(M_("removed spheres are written x followed by the point"))
            removed = tuple(sorted({Point.parse(r[1:]) for r in rest}, key=point_order))
            if len(removed) != len(rest):
                raise SaidError(M_("a sphere is removed twice"))
        except ValueError as exc:
            raise InvalidMoveError(
                M_(
                    "{text} is not a Pyraos move ({reason}); write e.g. 1,1,0 or 3,3,0>0,0,1 "
                    "x0,0,0 x1,0,0, or pass",
                    text=quote(text),
                    reason=reason_of(exc),
                )
            ) from None
        return cls(target, source, removed)


def point_order(p: Point) -> tuple[int, int, int]:
    return (p.k, p.j, p.i)


# A move inside the engine: (source id or -1, target id or -1 for a pass, removed mask).
RawMove = tuple[int, int, int]
PASS: RawMove = (-1, -1, 0)


def generate(
    own: int, opp: int, reserve: int, variant: str, removal: str, geo: Geometry = BASE4
) -> list[RawMove]:
    """Every legal move of the side owning ``own`` (no pass, no game-over check), on the
    pyramid ``geo`` (the game's by default)."""
    occ = own | opp
    moves: list[RawMove] = []
    empty = geo.full & ~occ
    support = geo.support
    targets = list(bits(empty & geo.level0))
    for p in bits(empty & geo.upper):
        if support[p] & occ == support[p]:
            targets.append(p)
    if reserve > 0:
        for t in targets:
            _with_removals(moves, -1, t, own | 1 << t, occ | 1 << t, variant, removal, geo)
    for s in bits(own):
        if geo.resting[s] & occ:
            continue  # not free
        occ_without = occ & ~(1 << s)
        higher = geo.above_level[geo.level[s]]
        for t in targets:
            if higher >> t & 1 and support[t] & occ_without == support[t]:
                new_own = own & ~(1 << s) | 1 << t
                _with_removals(moves, s, t, new_own, occ_without | 1 << t, variant, removal, geo)
    return moves


def _with_removals(
    moves: list[RawMove],
    s: int,
    t: int,
    own: int,
    occ: int,
    variant: str,
    removal: str,
    geo: Geometry,
) -> None:
    if variant != "children":
        for sq in geo.squares_at[t]:
            if sq & own == sq:
                break
        else:
            moves.append((s, t, 0))
            return
    else:
        moves.append((s, t, 0))
        return
    if removal == "0-2":
        moves.append((s, t, 0))
    seen = set()
    resting = geo.resting
    for r1 in bits(own):
        if resting[r1] & occ:
            continue
        moves.append((s, t, 1 << r1))
        occ1 = occ & ~(1 << r1)
        for r2 in bits(own & ~(1 << r1)):
            if not resting[r2] & occ1:
                pair = 1 << r1 | 1 << r2
                if pair not in seen:
                    seen.add(pair)
                    moves.append((s, t, pair))


def position_code(own: int, opp: int, turn: int) -> int:
    """A position as one int: the board from the mover's side and the mover."""
    return (own << POINTS | opp) << 1 | turn


def _moves_or_pass(own: int, opp: int, variant: str, removal: str) -> list[RawMove]:
    moves = generate(own, opp, SPHERES - own.bit_count(), variant, removal)
    if not moves and variant == "alternate":
        return [PASS]
    return moves


def perft_masks(
    own: int,
    opp: int,
    depth: int,
    variant: str,
    removal: str,
    repetition: int = REPETITION,
    seen: Mapping[int, int] | None = None,
    turn: int = WHITE,
) -> int:
    """Move sequences of length ``depth`` for the side owning ``own`` (game not over).

    ``turn`` is that side (0 white, 1 black) and ``seen`` counts the positions met so far
    (keys of :func:`position_code`, the current one included; None: only the current one once),
    so a sequence that brings a position back for the ``repetition``-th time ends there, as
    in play. Iterative (an explicit stack), so any depth is safe: lines ended before
    ``depth`` plies count nothing.
    """
    if depth == 0:
        return 1
    moves = _moves_or_pass(own, opp, variant, removal)
    if depth == 1:
        return len(moves)
    counts: Counter[int] = Counter(seen) if seen is not None else Counter()
    if seen is None:
        counts[position_code(own, opp, turn)] = 1
    total = 0
    # One frame per ply on the current line: the position, its remaining moves and its key.
    stack = [(own, opp, turn, iter(moves), -1)]
    while stack:
        own, opp, turn, pending, _ = stack[-1]
        for s, t, removed in pending:
            if t == TOP:
                continue  # the game ends: no longer sequence continues it
            new_own = own  # a pass leaves the board
            if t >= 0:
                new_own = ((own & ~(1 << s) if s >= 0 else own) | 1 << t) & ~removed
            key = position_code(opp, new_own, 1 - turn)
            count = counts[key] + 1
            if count >= repetition:
                continue  # a draw by repetition
            replies = _moves_or_pass(opp, new_own, variant, removal)
            if len(stack) == depth - 1:
                total += len(replies)
            elif replies:
                counts[key] = count
                stack.append((opp, new_own, 1 - turn, iter(replies), key))
                break
        else:
            key = stack.pop()[4]
            if key >= 0:
                counts[key] -= 1
    return total
