"""A Pyraos board's key under the square's 8 symmetries in pure Python (the compiled
kernel's :func:`.kernel.canonical`, without a kernel to load): the plug-in's search key and
the shipped opening's look-up (a book answer loads no search)."""

from __future__ import annotations

from ....pyraos import POINTS, _symmetries


def _byte_tables(perm: list[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(
            sum(
                1 << perm[8 * chunk + b]
                for b in range(8)
                if byte >> b & 1 and 8 * chunk + b < POINTS
            )
            for byte in range(256)
        )
        for chunk in range(4)
    )


_SYMMETRY_BYTES = tuple(_byte_tables(perm) for perm in _symmetries())


def _transform(mask: int, table: tuple[tuple[int, ...], ...]) -> int:
    return (
        table[0][mask & 255]
        | table[1][mask >> 8 & 255]
        | table[2][mask >> 16 & 255]
        | table[3][mask >> 24 & 255]
    )


def board_key(own: int, opp: int) -> int:
    """The least ``own << 30 | opp`` of the board's 8 symmetric images."""
    return min(
        _transform(own, table) << POINTS | _transform(opp, table) for table in _SYMMETRY_BYTES
    )
