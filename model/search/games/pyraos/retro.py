"""Pyraos endgame tables by retrograde analysis: every position with at least ``K`` spheres
on the board, 2 bits a position, in one memory-mapped file.

A position is seen from the side to move, as in :mod:`.kernel`: ``own`` and ``opp``
masks; each side's reserve is 15 minus its spheres on the board (a removed sphere goes back
to its owner's reserve: :meth:`model.pyraos.Pyraos.push_raw` only clears the mask), so the
board is the whole position. The top is never in a position of the table: placing it ends
the game, so a board of ``n`` spheres (0 to 29) is a support-closed *shape* of ``n`` of the
29 other points and a *colouring* of it, ``a`` own spheres and ``n - a`` the other's, each
at most 15. The index of a position in layer ``n`` is::

    rank of the shape among layer n's (sorted masks) * colourings(n)
      + colourings of n with fewer than a own spheres
      + rank of the own spheres among the shape's points (combinatorial number system)

Values: 0 not decided (a draw by endless play, or a line leaving the table), 1 the side to
move wins, 2 it loses. A move adds at most one sphere and a removal takes up to two, so a
position's children lie one layer up, in its own layer, or one or two layers down. The
layers ``K`` to 29 are solved together by sweeps until one changes nothing: a position
where the top can be placed is won; one without a move is lost (in the alternate version a
pass is its move); otherwise it is won when some child is lost, lost when every child is
won, and stays 0 while a child is 0 or has fewer than ``K`` spheres (outside the table: not
known). So a value is written only when it is proven within the table, and sweeps only
ever change 0 into a value: the fixed point is reached when a sweep changes nothing.

Repetition: the rules end a game in a draw on a third occurrence of a position. A proven
win here is a win within some number of plies; the shortest such strategy never repeats a
position, so it wins under the rule too from a position without history (as the solver
assumes, :meth:`model.search.compiled.adapters.Adapter.fits`); a loss is the dual. A
position that stays 0 once ``K`` is 0 is a draw by endless play (the rules' repetition
draw); with ``K`` above 0 it is only "not known".
"""

from __future__ import annotations

import os
import stat
import struct
import zlib
from collections.abc import Callable
from functools import cache
from math import comb
from pathlib import Path

import numpy as np
from numba import njit, prange

from ....files import file_kind
from ....pyraos import LEVEL, POINTS, SPHERES, SUPPORT, TOP
from ...compiled.arrays import Arrays, Bytes, Words
from ...compiled.bits import popcount
from .kernel import MAX_MOVES, can_place_top, move_target, moves_or_pass
from .kernel import play as play_mask
from .places import endgame_path
from .pyramid_arrays import variant_codes
from .whole_walk import unrank_colouring

UNKNOWN, WIN, LOSS = 0, 1, 2
TOP_LAYER = POINTS - 1  # 29: the top is never on a table's board
MAGIC = b"PYRAOSRT"
VERSION = 1
HEADER = 512  # bytes before the values
_HEAD = struct.Struct("<8sIIiii")  # magic, version, min spheres, variant, removal, complete
_LAYER = struct.Struct("<QQ")  # byte offset (from the data's start), positions
_CRC_AT = _HEAD.size + 30 * _LAYER.size


class TableError(ValueError):
    """A file that is not an endgame table of this program, or a damaged one (one line)."""


# ---- shapes and counting --------------------------------------------------------------------


@cache
def shapes() -> tuple[np.ndarray, ...]:
    """For each size 0-29 the sorted masks of the support-closed sets of that many points
    (the top excluded)."""
    levels = [[p for p in range(POINTS) if LEVEL[p] == k and p != TOP] for k in range(3)]
    current = [0]
    for k, points in enumerate(levels):
        grown = []
        for base in current:
            free = [p for p in points if SUPPORT[p] & base == SUPPORT[p]] if k else points
            for sub in range(1 << len(free)):
                add = 0
                for i, p in enumerate(free):
                    if sub >> i & 1:
                        add |= 1 << p
                grown.append(base | add)
        current = grown
    by_size: list[list[int]] = [[] for _ in range(TOP_LAYER + 1)]
    for mask in current:
        by_size[mask.bit_count()].append(mask)
    return tuple(np.array(sorted(row), dtype=np.int64) for row in by_size)


def colour_range(n: int) -> range:
    """The own-sphere counts a board of ``n`` spheres can have (each side at most 15)."""
    return range(max(0, n - SPHERES), min(SPHERES, n) + 1)


def colourings(n: int) -> int:
    return sum(comb(n, a) for a in colour_range(n))


def layer_positions(n: int) -> int:
    """The exact number of positions (side to move's view) with ``n`` spheres on the board."""
    return len(shapes()[n]) * colourings(n)


# ---- tables for the kernels ----------------------------------------------------------------


@cache
def kernel_tables() -> tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray
]:
    """(binomials, flat shapes, shape starts, shape counts, colourings, colour offsets)."""
    binom = np.zeros((32, 32), dtype=np.int64)
    for i in range(32):
        for j in range(i + 1):
            binom[i, j] = comb(i, j)
    rows = shapes()
    flat = np.concatenate(rows)
    counts = np.array([len(r) for r in rows], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    ncol = np.array([colourings(n) for n in range(TOP_LAYER + 1)], dtype=np.int64)
    coff = np.full((TOP_LAYER + 1, SPHERES + 1), -1, dtype=np.int64)
    for n in range(TOP_LAYER + 1):
        total = 0
        for a in colour_range(n):
            coff[n, a] = total
            total += comb(n, a)
    return binom, flat, starts, counts, ncol, coff


@njit(cache=True)
def rank(own: int, opp: int, tabs: Arrays) -> int:
    """The index of (own, opp) in its layer (-1 if the board is no table position);
    ``tabs``: the index's tables (:func:`kernel_tables`)."""
    binom, flat, starts, counts, ncol, coff = tabs
    occ = own | opp
    n = popcount(occ)
    lo, hi = starts[n], starts[n] + counts[n]
    r = np.searchsorted(flat[lo:hi], occ)
    if r >= counts[n] or flat[lo + r] != occ:
        return -1
    a = popcount(own)
    if coff[n, a] < 0:
        return -1
    comb_rank = 0
    j = 0
    i = 0
    rest = occ
    while rest:
        b = rest & -rest
        rest ^= b
        if own & b:
            i += 1
            comb_rank += binom[j, i]
        j += 1
    return r * ncol[n] + coff[n, a] + comb_rank


@njit(cache=True)
def unrank(n: int, index: int, tabs: Arrays) -> tuple[int, int]:
    """The (own, opp) of position ``index`` of layer ``n``."""
    binom, flat, starts, _, ncol, coff = tabs
    r = index // ncol[n]
    occ = flat[starts[n] + r]
    _, _, pattern = unrank_colouring(index - r * ncol[n], n, SPHERES, binom, coff[n])
    own = 0
    j = 0
    rest = occ
    while rest:
        b = rest & -rest
        rest ^= b
        if pattern >> j & 1:
            own |= b
        j += 1
    return own, occ & ~own


@njit(cache=True)
def probe(own: int, opp: int, low: int, data: Bytes, offsets: Words, tabs: Arrays) -> int:
    """The table's value of (own, opp) from the mover's side; 0 below ``low`` spheres."""
    n = popcount(own | opp)
    if n < low or n > TOP_LAYER:
        return UNKNOWN
    index = rank(own, opp, tabs)
    if index < 0:
        return UNKNOWN
    return (data[offsets[n] + (index >> 2)] >> (2 * (index & 3))) & 3


@njit(cache=True)
def evaluate(
    own: int,
    opp: int,
    low: int,
    variant: int,
    removal: int,
    scratch: Words,
    data: Bytes,
    offsets: Words,
    tabs: Arrays,
) -> int:
    """One position's value from its children's in the table (see the module)."""
    if can_place_top(own, opp):
        return WIN
    m = moves_or_pass(own, opp, variant, removal, scratch, 0)
    if m == 0:
        return LOSS
    all_won = True
    for i in range(m):
        move = scratch[i]
        if move_target(move) == TOP:
            return WIN
        child_opp = play_mask(own, move)
        v = probe(opp, child_opp, low, data, offsets, tabs)
        if v == LOSS:
            return WIN
        if v != WIN:
            all_won = False
    return LOSS if all_won else UNKNOWN


CHUNK = 1 << 14  # bytes of one layer a worker takes at a time


@njit(cache=True, parallel=True)
def sweep_layer(
    n: int,
    low: int,
    variant: int,
    removal: int,
    data: Bytes,
    offsets: Words,
    sizes: Words,
    tabs: Arrays,
    first: int,
    last: int,
) -> int:
    """Decide what can be decided of layer ``n``'s bytes ``first`` to ``last`` (excluded)
    now; the positions newly decided."""
    size = sizes[n]
    nbytes = min(last, (size + 3) // 4) - first
    chunks = (nbytes + CHUNK - 1) // CHUNK
    changed = np.zeros(chunks, dtype=np.int64)
    base = offsets[n] + first
    for c in prange(chunks):
        scratch = np.empty(MAX_MOVES, dtype=np.int64)
        done = 0
        for b in range(c * CHUNK, min(nbytes, (c + 1) * CHUNK)):
            byte = np.int64(data[base + b])
            new = byte
            for k in range(4):
                index = 4 * (first + b) + k
                if index >= size:
                    break
                if (byte >> (2 * k)) & 3:
                    continue
                own, opp = unrank(n, index, tabs)
                v = evaluate(own, opp, low, variant, removal, scratch, data, offsets, tabs)
                if v:
                    new |= v << (2 * k)
                    done += 1
            if new != byte:
                data[base + b] = np.uint8(new)
        changed[c] = done
    return changed.sum()


@njit(cache=True)
def count_values(data: Bytes, start: int, size: int) -> tuple[int, int]:
    """(wins, losses) among ``size`` values from byte ``start``."""
    wins = 0
    losses = 0
    for index in range(size):
        v = (data[start + (index >> 2)] >> (2 * (index & 3))) & 3
        if v == WIN:
            wins += 1
        elif v == LOSS:
            losses += 1
    return wins, losses


# ---- the file --------------------------------------------------------------------------------


def layout(low: int) -> tuple[np.ndarray, np.ndarray, int]:
    """(byte offsets by layer, positions by layer, data bytes) of a table of layers
    ``low``-29 (layers below hold nothing)."""
    offsets = np.zeros(TOP_LAYER + 1, dtype=np.int64)
    sizes = np.zeros(TOP_LAYER + 1, dtype=np.int64)
    total = 0
    for n in range(TOP_LAYER, low - 1, -1):
        offsets[n] = total
        sizes[n] = layer_positions(n)
        total += (int(sizes[n]) + 3) // 4
    return offsets, sizes, total


def default_path(low: int, variant: str = "standard", removal: str = "0-2") -> Path:
    """The table's file in the user's cache (:func:`.places.endgame_path`)."""
    return endgame_path(low, variant, removal)


class EndgameTable:
    """A table file: :meth:`create` makes one, :meth:`open` reads one (refusing, in one
    line, a file of another format or a damaged one), :meth:`value` probes a position."""

    def __init__(self, path: Path, data: np.memmap, low: int, variant: str, removal: str):
        self.path, self.data, self.low = path, data, low
        self.variant, self.removal = variant, removal
        self.codes = variant_codes(variant, removal)
        self.offsets, self.sizes, self.nbytes = layout(low)
        self.tabs = kernel_tables()

    @classmethod
    def create(
        cls, path: Path, low: int, variant: str = "standard", removal: str = "0-2"
    ) -> EndgameTable:
        if not 0 <= low <= TOP_LAYER:
            raise ValueError(f"the fewest spheres must be 0 to {TOP_LAYER}, not {low}")
        _, _, nbytes = layout(low)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:
            f.truncate(HEADER + nbytes)
        data = np.memmap(path, dtype=np.uint8, mode="r+", offset=HEADER, shape=(nbytes,))
        table = cls(path, data, low, variant, removal)
        table.write_header(complete=False)
        return table

    def take_from(self, upper: EndgameTable) -> None:
        """Start from ``upper``, a finished table of the same rules whose fewest spheres
        are more: its layers are this one's first bytes (layers are laid out from 29 down),
        and every value it proved stays proven with more layers below."""
        if (upper.variant, upper.removal) != (self.variant, self.removal):
            raise ValueError(f"{upper.path}: a table of other rules")
        if upper.low < self.low:
            raise ValueError(f"{upper.path}: goes down to {upper.low} spheres, below {self.low}")
        self.data[: upper.nbytes] = upper.data[:]

    def write_header(self, complete: bool) -> None:
        v, r = self.codes
        head = _HEAD.pack(MAGIC, VERSION, self.low, v, r, int(complete))
        for n in range(TOP_LAYER + 1):
            head += _LAYER.pack(int(self.offsets[n]), int(self.sizes[n]))
        head += struct.pack("<I", self.crc() if complete else 0)
        self.data.flush()
        with open(self.path, "r+b") as f:
            f.write(head.ljust(HEADER, b"\0"))

    def crc(self) -> int:
        value = 0
        step = 1 << 24
        for start in range(0, self.nbytes, step):
            value = zlib.crc32(self.data[start : start + step].tobytes(), value)
        return value

    @classmethod
    def open(cls, path: Path, check: bool = True, unfinished: bool = False) -> EndgameTable:
        """The table at ``path``; ``check`` its checksum; ``unfinished``: a table whose
        build is still going or was stopped is read too (every value written is proven;
        more are undecided)."""

        def refuse(why: str) -> TableError:
            return TableError(f"{path}: {why}")

        try:
            info = os.stat(path)
            if not stat.S_ISREG(info.st_mode):  # a FIFO would hang the read, a device run on
                raise refuse(f"{file_kind(info.st_mode)}, not an endgame table")
            flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
            with os.fdopen(os.open(path, flags), "rb") as f:
                mode = os.fstat(f.fileno()).st_mode
                if not stat.S_ISREG(mode):
                    raise refuse(f"{file_kind(mode)}, not an endgame table")
                head = f.read(HEADER)
            size = info.st_size
        except OSError as exc:
            raise refuse(exc.strerror or "cannot be read") from None
        if len(head) < HEADER or head[:8] != MAGIC:
            raise refuse("not a Pyraos endgame table (no PYRAOSRT header)")
        _magic, version, low, v, r, complete = _HEAD.unpack_from(head)
        if version != VERSION:
            raise refuse(f"an endgame table of format {version}; this program reads {VERSION}")
        names = {code: name for name, code in _variant_names()}
        if not 0 <= low <= TOP_LAYER or (v, r) not in names:
            raise refuse("a damaged header (its layers or version of the rules)")
        offsets, sizes, nbytes = layout(low)
        for n in range(TOP_LAYER + 1):
            if _LAYER.unpack_from(head, _HEAD.size + n * _LAYER.size) != (
                int(offsets[n]),
                int(sizes[n]),
            ):
                raise refuse(f"a damaged header (layer {n} does not match the rules' count)")
        if size != HEADER + nbytes:
            raise refuse(f"{size} bytes where a table down to {low} spheres has {HEADER + nbytes}")
        if not complete and not unfinished:
            raise refuse("an unfinished table (its build was stopped); build it again")
        (stored,) = struct.unpack_from("<I", head, _CRC_AT)
        data = np.memmap(path, dtype=np.uint8, mode="r", offset=HEADER, shape=(nbytes,))
        table = cls(path, data, low, *names[(v, r)])
        if check and complete and table.crc() != stored:
            raise refuse("damaged: its values do not match the checksum")
        return table

    def value(self, own: int, opp: int) -> int:
        """0, WIN or LOSS for the side to move owning ``own``."""
        return int(probe(own, opp, self.low, self.data, self.offsets, self.tabs))

    def counts(self, n: int) -> tuple[int, int]:
        """(wins, losses) of layer ``n``."""
        w, lo = count_values(self.data, int(self.offsets[n]), int(self.sizes[n]))
        return int(w), int(lo)

    def sweep(self, n: int, first: int = 0, last: int | None = None) -> int:
        """Decide what can be decided now of layer ``n`` (its bytes ``first`` to ``last``);
        the positions newly decided."""
        v, r = self.codes
        stop = (int(self.sizes[n]) + 3) // 4 if last is None else last
        args = (self.data, self.offsets, self.sizes, self.tabs, first, stop)
        return int(sweep_layer(n, self.low, v, r, *args))


def _variant_names() -> list[tuple[tuple[str, str], tuple[int, int]]]:
    return [
        ((v, r), variant_codes(v, r))
        for v in ("standard", "children", "alternate")
        for r in ("0-2", "1-2")
    ]


def build(
    table: EndgameTable, progress: Callable[[int, int, int, float], None] | None = None
) -> list[tuple[int, int, float]]:
    """Sweep the layers 29 down to the table's lowest until a sweep decides nothing; then
    the header is written as complete. ``progress(sweep, layer, decided, seconds)`` after
    each layer's sweep; the (layer, decided, seconds) of every sweep."""
    import time

    log = []
    sweep = 0
    while True:
        sweep += 1
        total = 0
        for n in range(TOP_LAYER, table.low - 1, -1):
            began = time.perf_counter()
            done = table.sweep(n)
            seconds = time.perf_counter() - began
            log.append((n, done, seconds))
            total += done
            if progress is not None:
                progress(sweep, n, done, seconds)
        if total == 0:
            break
    table.write_header(complete=True)
    return log
