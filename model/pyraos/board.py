"""The board of Pyraos: the colours, variants and options' ranges, the rules' tables of a
pyramid as masks over the lattice's point ids (:func:`geometry`; the game's base 4 as
module constants), the set bits of a mask, and whether a sphere completes a square."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..lattice import lattice

WHITE, BLACK = 0, 1
COLOURS = ("white", "black")
VARIANTS = ("standard", "children", "alternate")
REMOVALS = ("0-2", "1-2")
SPHERES = 15
REPETITION = 3  # default: the third occurrence of a position is a draw
REPETITION_RANGE = (3, 5)


@dataclass(frozen=True, slots=True)
class Geometry:
    """The tables of the rules for a pyramid of ``base`` (the game is base 4; smaller bases
    are the same rules on a smaller pyramid, each side with half its points rounded up,
    for tests of the whole-game solvers): masks over the lattice's point ids."""

    base: int
    points: int
    spheres: int
    top: int
    full: int
    level: tuple[int, ...]
    support: tuple[int, ...]  # the 2x2 square under each point (0 on level 0)
    resting: tuple[int, ...]  # the points that rest on each point
    squares_at: tuple[tuple[int, ...], ...]  # the squares each point is part of
    above_level: tuple[int, ...]  # points on a strictly higher level than k
    level0: int
    upper: int


@cache
def geometry(base: int) -> Geometry:
    """The rules' tables of a pyramid of ``base`` (2 to 4)."""
    if not 2 <= base <= 4:
        raise ValueError(f"a Pyraos pyramid has a base of 2 to 4, not {base}")
    lat = lattice(base)
    points = lat.count
    level = tuple(p.k for p in lat.points)
    support = tuple(sum(1 << s for s in row) for row in lat.support_lists)
    # Every 2x2 square of one level is the support of the point above it.
    squares = tuple(support[p] for p in range(points) if level[p] > 0)
    level0 = sum(1 << p for p in range(points) if level[p] == 0)
    full = (1 << points) - 1
    return Geometry(
        base=base,
        points=points,
        spheres=(points + 1) // 2,
        top=lat.id_of(0, 0, base - 1),
        full=full,
        level=level,
        support=support,
        resting=tuple(sum(1 << r for r in row) for row in lat.resting_lists),
        squares_at=tuple(tuple(sq for sq in squares if sq >> p & 1) for p in range(points)),
        above_level=tuple(sum(1 << q for q in range(points) if level[q] > k) for k in range(base)),
        level0=level0,
        upper=full & ~level0,
    )


BASE4 = geometry(4)
LATTICE = lattice(4)
POINTS = BASE4.points  # 30
TOP = BASE4.top
FULL = BASE4.full
LEVEL = BASE4.level
SUPPORT = BASE4.support
RESTING = BASE4.resting
SQUARES = tuple(SUPPORT[p] for p in range(POINTS) if LEVEL[p] > 0)
SQUARES_AT = BASE4.squares_at
ABOVE_LEVEL = BASE4.above_level
LEVEL0 = BASE4.level0
UPPER = BASE4.upper


# The set bits of each byte, shifted for each of the four bytes of a 30-bit mask.
_BYTE_BITS = tuple(
    tuple(tuple(8 * chunk + b for b in range(8) if byte >> b & 1) for byte in range(256))
    for chunk in range(4)
)


def bits(mask: int) -> tuple[int, ...]:
    """The set bit positions of a 30-bit ``mask``, lowest first."""
    b0, b1, b2, b3 = _BYTE_BITS
    return b0[mask & 255] + b1[mask >> 8 & 255] + b2[mask >> 16 & 255] + b3[mask >> 24 & 255]


def completes_square(own: int, t: int) -> bool:
    """Whether the sphere on ``t`` completes a 2x2 square of ``own`` (a colour's mask)."""
    return any(sq & own == sq for sq in SQUARES_AT[t])
