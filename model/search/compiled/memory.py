"""Memory for the searches' big tables: anonymous maps whose pages the system gives only as
they are touched, and huge pages asked for once a search has shown it runs long.

numpy asks for huge pages on every large array it allocates, and each huge page's first
touch zeroes 2 MiB: a short search that stores a few hundred positions at random places of
a table of 256 MiB then spent a hundred times longer in the kernel than searching (a Pyraos
endgame's 109 nodes: 0.17 s; 5 ms in a table of 1 MiB). So the tables are mapped here with
small pages, and :func:`advise_huge_pages` asks for huge ones when a search goes on: random
probes of a table of gigabytes otherwise miss the TLB on nearly every look-up.
"""

from __future__ import annotations

import contextlib
import mmap
import os
from pathlib import Path

import numpy as np


def table_arrays(slots: int, count: int, width: int = 1) -> list[np.ndarray]:
    """``count`` zeroed int64 arrays of ``slots`` rows of ``width`` words each (one word:
    flat arrays), in anonymous memory with small pages (see the module)."""
    arrays = []
    for _ in range(count):
        try:
            size = slots * width * 8
            memory = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
            flat = np.frombuffer(memory, dtype=np.int64)  # keeps the map alive
        except (OSError, ValueError, AttributeError):
            flat = np.zeros(slots * width, dtype=np.int64)
        arrays.append(flat if width == 1 else flat.reshape(slots, width))
    return arrays


def advise_huge_pages(arrays: list[np.ndarray]) -> None:
    """Mark the arrays' memory for huge pages where the system offers them: random probes
    of a table of gigabytes otherwise miss the TLB on nearly every look-up. Only for a
    search that has run a while: each huge page's first touch zeroes 2 MiB (and may
    compact memory), which made a 256 MiB table's short endgame solves 8 times slower."""
    advice = getattr(mmap, "MADV_HUGEPAGE", None)
    for array in arrays:
        base = array.base
        while isinstance(base, np.ndarray):  # a reshaped view: its map is further down
            base = base.base
        if advice is not None and isinstance(base, mmap.mmap):
            with contextlib.suppress(OSError, ValueError):
                base.madvise(advice)


def shared_array(path: Path, slots: int, width: int) -> np.ndarray:
    """A zeroed int64 array of ``slots`` rows of ``width`` words mapped from the file
    ``path`` (made at that size where it is missing or shorter; an existing one is mapped as
    it is, what other processes wrote in it kept), shared with every process that maps it.
    OSError where the file cannot be made or mapped."""
    size = slots * width * 8
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if os.fstat(fd).st_size < size:
            os.ftruncate(fd, size)  # the same size from every process: no data lost
        memory = mmap.mmap(fd, size, flags=mmap.MAP_SHARED)
    finally:
        os.close(fd)  # the map keeps the file
    return np.frombuffer(memory, dtype=np.int64).reshape(slots, width)


def table_slots(megabytes: float, entry_bytes: int) -> int:
    """The slots of a transposition table of ``entry_bytes`` an entry within ``megabytes``
    MiB: the most, a power of two, at least 1024."""
    slots = 1024
    while slots * 2 * entry_bytes <= megabytes * 2**20:
        slots *= 2
    return slots


class TableMemory:
    """A transposition table's memory (each proof search's ``Table`` is one):
    ``ENTRY_BYTES`` an entry, ``slots`` sized to the MiB asked (:func:`table_slots`), the
    file it is shared through (``path``, None: the process's own), and huge pages asked for
    once the search has shown it runs long (:meth:`go_huge`)."""

    ENTRY_BYTES = 16

    def __init__(self, megabytes: float, path: str | os.PathLike[str] | None) -> None:
        self.slots = table_slots(megabytes, self.ENTRY_BYTES)
        self.path = None if path is None else str(path)
        self.huge = False  # huge pages asked for (see advise_huge_pages)

    def held(self) -> list[np.ndarray]:
        """The arrays the table's entries are in."""
        raise NotImplementedError

    def go_huge(self) -> None:
        """Ask for huge pages, once: the search has shown it runs long."""
        if not self.huge:
            advise_huge_pages(self.held())
            self.huge = True

    @property
    def megabytes(self) -> float:
        return self.slots * self.ENTRY_BYTES / 2**20
