"""A whole-game table read, apart from its builder (:mod:`..builder`): :class:`WholeTable`,
opened whole and checked (a build's, a check's) or mapped for look-ups
(:meth:`WholeTable.probe`, the book's, the command line's ``probe --whole``), each layer's
checksum checked when first read; a value in words and a board as the spec writes it.
Building is :mod:`..builder.building`'s, the files' format and checks :mod:`.files`'."""

from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from pyramid_lab.i18n import M_

from ..pyramid_arrays import geometry_args, geometry_arrays, variant_codes
from .files import (
    TableError,
    checksum,
    damaged_header,
    layer_file,
    layer_size,
    open_regular,
    read_checked,
    read_header,
    remember_checked,
    stamp,
)
from .index import index, layers_of, value_of


class WholeTable:
    """A whole-game table: its folder, header and layers (a byte a position, numpy arrays
    or read-only maps of the files). :meth:`open` reads one whole (checked),
    :meth:`open_mapped` maps one for look-ups, :meth:`probe` gives a position's value and
    distance. A build makes and writes one (:mod:`..builder.building`); this reads it only."""

    def __init__(self, folder: Path, head: dict[str, Any], values: list[np.ndarray]):
        self.folder, self.head, self.values = folder, head, values
        #: Mapped layers whose checksum is still to be checked (:meth:`open_mapped`): each
        #: checked when first read, once.
        self.unchecked: dict[int, os.stat_result] = {}
        self.base: int = head["base"]
        self.variant: str = head["variant"]
        self.removal: str = head["removal"]
        self.codes = variant_codes(self.variant, self.removal)
        self.index = index(self.base)
        self.geo = geometry_arrays(self.base)
        self.geo_args = geometry_args(self.base)  # as it crosses into a kernel
        #: The layers as they cross into a kernel (their addresses: ``values``' arrays are
        #: written in place, never replaced).
        self.layers = layers_of(values)

    @property
    def finished(self) -> bool:
        return bool(self.head["finished"])

    @property
    def positions(self) -> int:
        """The positions of every layer (a byte each)."""
        return sum(int(v.size) for v in self.values)

    @property
    def rounds(self) -> int:
        """The rounds (or push steps) the build took, the one under way included."""
        return int(self.head["round"]) + 1

    @classmethod
    def open(cls, folder: Path, mmap: bool = False) -> WholeTable:
        """The table in ``folder``, every layer checked against its size and checksum
        (``mmap``: read-only maps of the files, not checked: a worker's view). Every file
        is looked at before it is read: a header or layer that is not a regular file or
        is larger than its bound is refused in one line (:class:`TableError`)."""
        head = read_header(folder)
        ix = index(int(head["base"]))
        layers = head["layers"]
        values: list[np.ndarray] = []
        for n, size in enumerate(ix.sizes):
            path = layer_file(folder, n)
            if layers[n]["positions"] != size:
                raise TableError(damaged_header(folder, layer_size(n)))
            with open_regular(path, size, exact=True) as f:
                if mmap:
                    # copy-on-write: the same (writable) array type as the client's, never
                    # written
                    values.append(np.memmap(f, dtype=np.uint8, mode="c", shape=(size,)))
                    continue
                data = np.fromfile(f, dtype=np.uint8, count=size)
            if len(data) != size:
                raise TableError(
                    M_(
                        "{path}: {size} bytes where layer {n} has {bound}",
                        path=str(path),
                        size=len(data),
                        n=n,
                        bound=size,
                    )
                )
            if checksum(data) not in layers[n]["crc"]:
                raise TableError(
                    M_("{path}: damaged (its values do not match the checksum)", path=str(path))
                )
            values.append(data)
        return cls(folder, head, values)

    @classmethod
    def open_mapped(cls, folder: Path) -> WholeTable:
        """The table in ``folder`` for look-ups: each layer looked at (a regular file of its
        size) and mapped read-only (copy-on-write: the kernels' array type, never
        written), none read; a layer's checksum is checked the first time a look-up reads
        it (:meth:`check_layer`: once, streamed, not kept in memory) and remembered in the
        folder's :data:`CHECKED` for the next process (by the file's size, time and inode:
        a layer written again is checked again). A probe of one position reads the
        header, one layer's checksum and a page of it: :class:`TableError` in one line for
        a folder that is no table or a layer found damaged."""
        head = read_header(folder)
        ix = index(int(head["base"]))
        remembered = read_checked(folder)
        values: list[np.ndarray] = []
        unchecked: dict[int, os.stat_result] = {}
        for n, size in enumerate(ix.sizes):
            path = layer_file(folder, n)
            if head["layers"][n]["positions"] != size:
                raise TableError(damaged_header(folder, layer_size(n)))
            with open_regular(path, size, exact=True) as f:
                info = os.fstat(f.fileno())
                if size == 0:
                    values.append(np.zeros(0, dtype=np.uint8))
                    continue
                values.append(np.memmap(f, dtype=np.uint8, mode="c", shape=(size,)))
            if remembered.get(str(n)) != [*stamp(info), *head["layers"][n]["crc"][-1:]]:
                unchecked[n] = info
        table = cls(folder, head, values)
        table.unchecked = unchecked
        return table

    def check_layer(self, n: int) -> None:
        """Layer ``n``'s checksum checked, if it is mapped and not yet (:meth:`open_mapped`):
        the file streamed a block at a time (not through the map: its pages are not kept),
        the result remembered here and in the folder; TableError when it does not hold."""
        info = self.unchecked.get(n)
        if info is None:
            return
        path = layer_file(self.folder, n)
        crc = 0
        block = bytearray(1 << 24)
        with open_regular(path, self.index.sizes[n], exact=True) as f:
            if stamp(os.fstat(f.fileno())) != stamp(info):
                raise TableError(
                    M_("{path}: written again since the table was opened", path=str(path))
                )
            while got := f.readinto(block):
                crc = zlib.crc32(memoryview(block)[:got], crc)
        crcs = self.head["layers"][n]["crc"]
        if crc not in crcs:
            raise TableError(
                M_("{path}: damaged (its values do not match the checksum)", path=str(path))
            )
        del self.unchecked[n]
        remember_checked(self.folder, n, [*stamp(info), crc])

    def probe(self, own: int, opp: int) -> int:
        """The byte of the position (own, opp), ``own`` to move: 0 undecided, else 1 +
        plies to the end (odd: a loss for the side to move, even: a win). A mapped layer
        is checked when first read (TableError when it is damaged)."""
        if self.unchecked:
            self.check_layer((own | opp).bit_count())
        return int(value_of(own, opp, self.geo_args, self.index.args, self.layers))


def describe(byte: int) -> str:
    if byte == 0:
        return "a draw (endless play)"
    plies = byte - 1
    return f"{'a loss' if plies % 2 == 0 else 'a win'} in {plies} plies"


def position_text(own: int, opp: int, base: int) -> str:
    """A board as the spec writes it (levels bottom first, ``O`` own, ``X`` the other's)."""
    from pyramid_lab.model.lattice import lattice

    lat = lattice(base)
    levels = []
    for k in range(base):
        rows = []
        for j in range(base - k):
            row = ""
            for i in range(base - k):
                p = lat.id_of(i, j, k)
                row += "O" if own >> p & 1 else "X" if opp >> p & 1 else "."
            rows.append(row)
        levels.append("/".join(rows))
    return "|".join(levels)


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernel a finished table is read by
    (:meth:`WholeTable.probe`: the book's, in the Analysis dock, Hint and review): one
    signature for every pyramid (its layers cross as their addresses,
    :func:`.index.layers_of`), the small pyramid standing in for the game's. The
    build's kernels are the build's to compile (a minute: docs/engines.md)."""
    value_of(0, 0, geometry_args(2), index(2).args, layers_of([np.zeros(1, dtype=np.uint8)]))
