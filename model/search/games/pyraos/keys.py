"""A Pyraos board's key under the square's 8 symmetries in pure Python (the compiled
kernel's :func:`.kernel.canonical`, without a kernel to load): the plug-in's search key and
the shipped opening's look-up (a book answer loads no search)."""

from __future__ import annotations

from collections.abc import Sequence

from ....lattice import base_symmetries
from ....pyraos import POINTS


def _byte_tables(perm: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """For each of a mask's four bytes, the image under ``perm`` of every value of the byte:
    a value's image is its lowest bit's point's image added to the image of the rest."""
    tables = []
    for chunk in range(4):
        table = [0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            point = 8 * chunk + low.bit_length() - 1
            table[byte] = table[byte ^ low] | (1 << perm[point] if point < POINTS else 0)
        tables.append(tuple(table))
    return tuple(tables)


_SYMMETRY_BYTES = tuple(_byte_tables(perm) for perm in base_symmetries(4))


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
