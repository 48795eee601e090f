"""The whole game of Pyraos by retrograde analysis: every position from the empty pyramid to
the last sphere below the top, under the square's 8 symmetries, with each position's
distance to the end, resumable and split over a Dask cluster (issue 67).

Positions are boards from the side to move (each reserve is the spheres per side less
those on the board); a *layer* holds the boards of ``n`` spheres, indexed as canonical
shape (the least image of the occupied points under the 8 symmetries) x colouring (own
count, then the colex rank of the own spheres among the shape's points). A shape with
symmetries of its own keeps every colouring, so some positions are there twice, valued
alike; that costs a few per cent and keeps the index a product. The index of any board is
found by table lookup (:mod:`.whole_kernel`).

The analysis (K = 0: nothing is left outside, so what stays undecided is a draw by endless
play) goes in rounds ``d`` = 0, 1, 2, ...: round ``d`` decides exactly the positions whose
value is reached in ``d`` plies with best play (odd: wins, a child lost; even: losses,
every child won), visiting only positions still undecided. Values written in a round never
change what that round finds elsewhere, so a round's layers and shape ranges can run in
any order, at once on several workers, and a round cut short can be run again from where
its layers stand. The analysis ends after two rounds in a row decide nothing.

The table is a folder: ``table.json`` (format, the pyramid's base, the version of the
rules, the round under way and its layers done, each layer's size and CRC-32, the log of
every round) and ``layer-NN.bin`` (a byte a position: 0 undecided, else 1 + the plies to
the end). Each layer file is written whole to a temporary file and renamed, then the
header likewise, after the layer's share of a round; a build killed at any moment (kill -9
included) starts again from the last layer written, and reopening checks every layer
against its size and checksum.
"""

from __future__ import annotations

import json
import os
import stat
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from ....files import file_kind
from ....pyraos import Geometry, _symmetries, geometry
from . import whole_kernel as wk
from .kernel import variant_codes

FORMAT = "pyramid-lab/pyraos-whole"
VERSION = 1
HEADER = "table.json"
LOG = "log.jsonl"
LOCK = "build.lock"
MAX_BYTE = 255  # a byte holds distances up to 254 plies
#: Positions a unit of work holds at most (a shape range of one layer).
UNIT_POSITIONS = 1 << 22
#: Push retrograde: positions a thread takes at a time (several at once a unit: threads);
#: a build writes its layers at most this often (a kill loses the steps since).
PUSH_CHUNK = wk.CHUNK
CHECKPOINT_SECONDS = 600.0


class TableError(ValueError):
    """A folder that is not a whole-game table of this program, or a damaged one (one line)."""


# ---- the pyramid and the index -------------------------------------------------------------


@cache
def geometry_arrays(base: int) -> tuple[np.ndarray, ...]:
    """The kernels' arrays of the pyramid of ``base`` (see :mod:`.whole_kernel`)."""
    geo = geometry(base)
    points = geo.points
    level2 = geo.support[geo.top]
    scalars = np.array(
        [points, geo.spheres, geo.top, geo.full, geo.level0, geo.upper, level2], dtype=np.int64
    )
    squares = np.zeros((points, 4), dtype=np.int64)
    counts = np.zeros(points, dtype=np.int64)
    for p, row in enumerate(geo.squares_at):
        counts[p] = len(row)
        squares[p, : len(row)] = row
    sym = np.zeros((8, 4, 256), dtype=np.int64)
    bits = (np.arange(256, dtype=np.int64)[:, None] >> np.arange(8, dtype=np.int64)) & 1
    for s, perm in enumerate(_symmetries(base)):
        for c in range(4):
            # the image of each of the chunk's 8 points (none past the last point)
            to = [1 << perm[8 * c + b] if 8 * c + b < points else 0 for b in range(8)]
            sym[s, c] = bits @ np.array(to, dtype=np.int64)
    arrays = (
        scalars,
        np.array(geo.support, dtype=np.int64),
        np.array(geo.resting, dtype=np.int64),
        np.array(geo.level, dtype=np.int64),
        np.array(geo.above_level, dtype=np.int64),
        squares,
        counts,
        sym,
        np.array([geo.support[p] for p in range(points) if geo.level[p] > 0], dtype=np.int64),
    )
    for a in arrays:
        a.setflags(write=False)
    return arrays


def all_shapes(geo: Geometry) -> list[int]:
    """Every support-closed set of points of the pyramid without its top: level by level,
    each shape below grown by every subset of the points it supports, in the order of the
    subsets' numbers (subset ``sub`` takes the i-th free point where its bit i is set).
    Numpy over the shapes at once, a shape's free points as a bit of each point of the
    level (the subsets of each such set listed once): 0.05 s at base 4, not 1 s."""
    current = np.zeros(1, dtype=np.int64)
    for k in range(geo.base - 1):
        points = [p for p in range(geo.points) if geo.level[p] == k]
        free = np.zeros(len(current), dtype=np.int64)  # bit i: points[i] is supported
        for i, p in enumerate(points):
            need = geo.support[p] if k else 0
            free |= ((current & need) == need).astype(np.int64) << i
        kinds, which = np.unique(free, return_inverse=True)
        subsets = []
        for kind in kinds.tolist():
            bits = np.array([1 << p for i, p in enumerate(points) if kind >> i & 1], np.int64)
            subs = np.arange(1 << len(bits), dtype=np.int64)[:, None]
            subsets.append((subs >> np.arange(len(bits), dtype=np.int64) & 1) @ bits)
        sizes = np.array([len(row) for row in subsets], dtype=np.int64)
        lengths, starts = sizes[which], (np.cumsum(sizes) - sizes)[which]
        ends = np.cumsum(lengths)
        within = np.arange(int(ends[-1]), dtype=np.int64) - np.repeat(ends - lengths, lengths)
        current = (
            np.repeat(current, lengths)
            | np.concatenate(subsets)[np.repeat(starts, lengths) + within]
        )
    return current.tolist()


def _images(masks: np.ndarray, base: int) -> np.ndarray:
    """The images of ``masks`` under each of the 8 symmetries, (8, len(masks)): a byte
    table a byte of the mask (the kernels' ``transform``), over the whole array at once."""
    sym = geometry_arrays(base)[7]
    out = np.zeros((8, len(masks)), dtype=np.int64)
    for s in range(8):
        for c in range(4):
            out[s] |= sym[s, c, masks >> (8 * c) & 255]
    return out


@dataclass
class Index:
    """The positions of the pyramid of ``base``: canonical shapes by layer, the hash of
    every shape and the colourings' counts (see :mod:`.whole_kernel`)."""

    base: int
    shapes: list[np.ndarray]  # canonical shapes of each layer, sorted
    shape_points: list[np.ndarray]  # their points in order, -1 padded
    # hashed (shape, info side by side), slot_shape, slot_sym, binom, ncol, coff, slot_global,
    # stab (a canonical shape's own symmetries), first (a layer's first canonical shape)
    arrays: tuple[np.ndarray, ...]
    sizes: list[int] = field(default_factory=list)

    @property
    def layers(self) -> int:
        return len(self.shapes)


def _popcount(masks: np.ndarray) -> np.ndarray:
    return np.bitwise_count(masks).astype(np.int64)


def _hash_slots(occ: np.ndarray, size: int) -> np.ndarray:
    """Each shape's slot in an open-addressing table of ``size`` slots probed linearly from
    its hash (as :func:`.whole_index.find_slot` looks it up), numpy over the shapes at
    once: each round, the shapes that want the same empty slot, the first takes it and the
    others go on to the next slot with those that found theirs taken (so every slot from a
    shape's hash to its own is full: the look-up finds it)."""
    home = ((occ * wk.HASH_MULTIPLIER) >> 24) & (size - 1)
    slot = np.full(len(occ), -1, dtype=np.int64)
    taken = np.zeros(size, dtype=bool)
    left = np.arange(len(occ), dtype=np.int64)
    want = home.copy()
    while len(left):
        free = ~taken[want]
        # the first (in order) of the shapes wanting each empty slot takes it
        cand = left[free]
        wanted, first = np.unique(want[free], return_index=True)
        winners = cand[first]
        slot[winners] = wanted
        taken[wanted] = True
        placed = np.zeros(len(occ), dtype=bool)
        placed[winners] = True
        keep = ~placed[left]
        left = left[keep]
        want = (want[keep] + 1) & (size - 1)
    return slot


@cache
def index(base: int) -> Index:
    """The index of the pyramid of ``base`` (:class:`Index`), numpy over its shapes at
    once (base 4's 141,119 shapes in a tenth of a second: a probe's first answer waits for
    it)."""
    geo = geometry(base)
    perms = _symmetries(base)
    every = np.array(all_shapes(geo), dtype=np.int64)
    layers = geo.points  # 0 .. points - 1 spheres (the top never on a board)
    images = _images(every, base)  # (8, shapes), numpy at once
    least, which = images.min(axis=0), images.argmin(axis=0)
    canonical = every[every == least]
    counts_of = _popcount(canonical)
    shapes = [np.sort(canonical[counts_of == n]) for n in range(layers)]
    # each shape's canonical shape's number in its layer
    lay = _popcount(least)
    number = np.zeros(len(every), dtype=np.int64)
    for n in range(layers):
        at = lay == n
        number[at] = np.searchsorted(shapes[n], least[at])
    size = 1 << max(4, (2 * len(every)).bit_length())
    slots = _hash_slots(every, size)
    keys = np.full(size, -1, dtype=np.int64)
    slot_shape = np.zeros(size, dtype=np.int64)
    slot_sym = np.zeros(size, dtype=np.int64)
    keys[slots], slot_shape[slots], slot_sym[slots] = every, number, which
    binom = np.zeros((32, 32), dtype=np.int64)
    for i in range(32):
        for j in range(i + 1):
            binom[i, j] = comb(i, j)
    spheres = geo.spheres
    ncol = np.zeros(layers, dtype=np.int64)
    coff = np.full((layers, layers + 1), -1, dtype=np.int64)
    for n in range(layers):
        total = 0
        for a in range(max(0, n - spheres), min(spheres, n) + 1):
            coff[n, a] = total
            total += comb(n, a)
        ncol[n] = total
    shape_points = []
    point_ids = np.arange(32, dtype=np.int64)
    for row in shapes:
        bits = (row[:, None] >> point_ids) & 1  # a shape's points, in order, then -1
        order = np.argsort(-bits, axis=1, kind="stable")
        shape_points.append(np.where(np.take_along_axis(bits, order, axis=1) == 1, order, -1))
    first_of = np.cumsum([0] + [len(row) for row in shapes])
    slot_global = np.where(keys >= 0, slot_shape, 0)
    slot_global[slots] += first_of[_popcount(every)]
    stab = np.zeros(int(first_of[-1]), dtype=np.int64)
    for n, row in enumerate(shapes):
        own = _images(row, base)
        for g in range(1, len(perms)):
            stab[first_of[n] : first_of[n + 1]] |= (own[g] == row).astype(np.int64) << g
    hashed = np.empty(2 * size, dtype=np.int64)
    hashed[0::2] = keys
    hashed[1::2] = slot_shape | slot_sym << 24 | slot_global << 28
    first = np.array(first_of[:-1], dtype=np.int64)
    arrays = (hashed, slot_shape, slot_sym, binom, ncol, coff, slot_global, stab, first)
    sizes = [len(shapes[n]) * int(ncol[n]) for n in range(layers)]
    return Index(base, shapes, shape_points, arrays, sizes)


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernel a finished table is read by
    (:meth:`WholeTable.value`: the book's, in the Analysis dock, Hint and review) for the
    game's pyramid, whose 30 layers are a signature of their own; the small pyramid's
    index stands in for its (the same types). The build's kernels are the build's to
    compile (a minute: docs/engines.md)."""
    values = tuple(np.zeros(1, dtype=np.uint8) for _ in range(geometry(4).points))
    wk.value_of(0, 0, geometry_arrays(2), index(2).arrays, values)


def count(base: int = 4) -> list[tuple[int, int, int]]:
    """(spheres, canonical shapes, positions) of each layer of the pyramid of ``base``."""
    ix = index(base)
    return [(n, len(ix.shapes[n]), ix.sizes[n]) for n in range(ix.layers)]


# ---- the table's folder ---------------------------------------------------------------------


def _crc(data: np.ndarray) -> int:
    value = 0
    step = 1 << 24
    for start in range(0, len(data), step):
        value = zlib.crc32(data[start : start + step].tobytes(), value)
    return value


def _write_atomic(path: Path, payload: bytes | np.ndarray) -> None:
    """``payload`` written whole to a new temporary file beside ``path`` (whatever was
    left there by a build killed before, even a FIFO, removed first), then renamed."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.unlink()
    except FileNotFoundError:
        pass
    except IsADirectoryError:
        raise TableError(f"{tmp}: a directory, where the build writes a file") from None
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(fd, "wb") as f:
        if isinstance(payload, np.ndarray):
            payload.tofile(f)
        else:
            f.write(payload)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _append_regular(path: Path) -> int:
    """A descriptor appending to the regular file ``path`` (made if missing; opened
    non-blocking, so that a FIFO there is refused, not waited on): TableError else."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        raise TableError(f"{path}: {exc.strerror or 'cannot be written'}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise TableError(f"{path}: {file_kind(mode)}, not a table's file")
    return fd


def _layer_file(folder: Path, n: int) -> Path:
    return folder / f"layer-{n:02d}.bin"


#: A header is read up to this size at most (a base-4 table's is about 5 KB).
MAX_HEADER = 1 << 20


def _check_regular(path: Path, info: os.stat_result, bound: int, exact: bool) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise TableError(f"{path}: {file_kind(info.st_mode)}, not a table's file")
    if info.st_size > bound or (exact and info.st_size != bound):
        limit = f"where it has {bound:,}" if exact else f"beyond the {bound:,} it may have"
        raise TableError(f"{path}: {info.st_size:,} bytes {limit}")


def _open_regular(path: Path, bound: int, exact: bool = False) -> Any:
    """``path`` opened to read (a binary file object) when it is a regular file of at most
    ``bound`` bytes (``exact``: of ``bound`` bytes), looked at before it is opened and
    again once open (non-blocking: a FIFO put there in between cannot hang it); anything
    else (missing, a directory, a FIFO, a device such as /dev/zero, a larger file) is a
    :class:`TableError` in one line, before a byte is read."""
    try:
        _check_regular(path, os.stat(path), bound, exact)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise TableError(f"{path}: missing") from None
    except OSError as exc:
        raise TableError(f"{path}: {exc.strerror or 'cannot be read'}") from None
    handle = os.fdopen(fd, "rb")
    try:
        _check_regular(path, os.fstat(fd), bound, exact)
    except BaseException:
        handle.close()
        raise
    return handle


def read_header(folder: Path) -> dict[str, Any]:
    """The header of the table in ``folder``: a regular file of at most
    :data:`MAX_HEADER` bytes, JSON of the format and version this program writes, each
    field of its type and range (:func:`_check_head`); else :class:`TableError`, one
    line."""
    from ....files import loads_json
    from ....game import PositionFormatError

    path = folder / HEADER
    if not (folder.is_dir() or path.exists()):
        raise TableError(f"{folder}: no such folder")
    with _open_regular(path, MAX_HEADER) as f:
        try:
            text = f.read(MAX_HEADER + 1)
        except OSError as exc:
            raise TableError(f"{path}: {exc.strerror or 'cannot be read'}") from None
    try:
        head = loads_json(text, MAX_HEADER, HEADER)
    except PositionFormatError as exc:
        raise TableError(f"{folder}: {HEADER} is not JSON ({exc.reason})") from None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise TableError(f"{folder}: not a whole-game Pyraos table ({HEADER} of another kind)")
    version = head.get("version")
    if type(version) is not int or version != VERSION:
        shown = version if type(version) is int else "unknown"
        raise TableError(f"{folder}: a table of format {shown}; this program reads {VERSION}")
    what = _check_head(head)
    if what is not None:
        raise TableError(f"{folder}: a damaged {HEADER} ({what})")
    return head


def _is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _check_head(head: dict[str, Any]) -> str | None:
    """What is wrong with a header's fields (None: each of its type and range): the base,
    the rules, the round and its layers done, the layers' sizes and checksums, the rounds'
    counts, the counting pass's checkpoint."""
    base = head.get("base")
    if not _is_int(base, 2, 4):
        return "its pyramid's base"
    variant, removal = head.get("variant"), head.get("removal")
    if not isinstance(variant, str) or not isinstance(removal, str):
        return "its rules"
    try:
        variant_codes(variant, removal)
    except KeyError:
        return "its rules"
    layers = head.get("layers")
    count = geometry(base).points
    if not isinstance(layers, list) or len(layers) != count:
        return f"{len(layers) if isinstance(layers, list) else 'no list of'} layers"
    for n, layer in enumerate(layers):
        if not isinstance(layer, dict) or not _is_int(layer.get("positions"), 0, 1 << 40):
            return f"layer {n}'s size"
        crc = layer.get("crc")
        if (
            not isinstance(crc, list)
            or not 1 <= len(crc) <= 2
            or not all(_is_int(c, 0, 0xFFFFFFFF) for c in crc)
        ):
            return f"layer {n}'s checksum"
    if not _is_int(head.get("round"), 0, MAX_BYTE):
        return "its round"
    done = head.get("done")
    if not isinstance(done, list) or not all(_is_int(n, 0, count - 1) for n in done):
        return "its layers done"
    if type(head.get("finished")) is not bool:
        return "whether it is finished"
    decided = head.get("decided")
    if (
        not isinstance(decided, list)
        or len(decided) > MAX_BYTE + 1
        or not all(_is_int(d, 0, 1 << 40) for d in decided)
    ):
        return "its rounds' counts"
    record = head.get("counters")
    if record is not None and (
        not isinstance(record, dict)
        or not _is_int(record.get("round"), 0, MAX_BYTE)
        or not isinstance(record.get("pushed"), list)
        or not all(_is_int(n, 0, count - 1) for n in record["pushed"])
        or not isinstance(record.get("crc"), list)
        or len(record["crc"]) != count
        or not all(c is None or _is_int(c, 0, 0xFFFFFFFF) for c in record["crc"])
        or not (
            record.get("partial") is None
            or (
                isinstance(record["partial"], list)
                and len(record["partial"]) == 2
                and _is_int(record["partial"][0], 0, count - 1)
                and _is_int(record["partial"][1], 0, 1 << 40)
            )
        )
    ):
        return "its counters kept"
    return None


#: The layers whose checksum a look-up has checked, remembered for the next process.
CHECKED = "checked.json"


def _stamp(info: os.stat_result) -> list[int]:
    return [info.st_size, info.st_mtime_ns, info.st_ino]


def _read_checked(folder: Path) -> dict[str, Any]:
    """The folder's :data:`CHECKED` (layer: size, time, inode, checksum), or nothing when
    it is missing or not what this program writes (then every layer is checked again)."""
    try:
        with _open_regular(folder / CHECKED, 1 << 16) as f:
            found = json.loads(f.read(1 << 16))
    except (TableError, ValueError, OSError, RecursionError):
        return {}
    return found if isinstance(found, dict) else {}


def _remember_checked(folder: Path, n: int, stamp: list[int]) -> None:
    """Layer ``n``'s check added to the folder's :data:`CHECKED` where it can be written
    (a folder read-only to this user is checked again next time)."""
    known = _read_checked(folder)
    known[str(n)] = stamp
    tmp = folder / f"{CHECKED}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "w") as f:
            f.write(json.dumps(known))
        os.replace(tmp, folder / CHECKED)
    except OSError:
        with suppress(OSError):
            tmp.unlink()


class WholeTable:
    """A whole-game table's folder: :meth:`create` starts one, :meth:`open` reads one
    (checked), :meth:`value` gives a position's value and distance."""

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

    @property
    def finished(self) -> bool:
        return bool(self.head["finished"])

    @classmethod
    def create(cls, folder: Path, base: int, variant: str, removal: str) -> WholeTable:
        ix = index(base)
        folder.mkdir(parents=True, exist_ok=True)
        values = [np.zeros(size, dtype=np.uint8) for size in ix.sizes]
        head = {
            "format": FORMAT,
            "version": VERSION,
            "base": base,
            "variant": variant,
            "removal": removal,
            "round": 0,
            "done": [],
            "finished": False,
            "layers": [
                {"positions": size, "crc": [_crc(v)]}
                for size, v in zip(ix.sizes, values, strict=True)
            ],
            "decided": [],  # positions each round decided
        }
        table = cls(folder, head, values)
        for n in range(ix.layers):
            _write_atomic(_layer_file(folder, n), values[n])
        table.write_head()
        return table

    def write_head(self) -> None:
        _write_atomic(self.folder / HEADER, json.dumps(self.head).encode())

    def log(self, entry: dict[str, Any]) -> None:
        """One line of the build's log (``log.jsonl``: each layer's share of each round)."""
        with os.fdopen(_append_regular(self.folder / LOG), "a") as f:
            f.write(json.dumps(entry) + "\n")

    def write_layer(self, n: int) -> None:
        """The layer's file replaced by its values now. The header names both checksums,
        the file's before and after, while the file is replaced: killed in between, either
        file is a state of the build (values are only ever added)."""
        layer = self.head["layers"][n]
        new = _crc(self.values[n])
        layer["crc"] = [layer["crc"][0], new]
        self.write_head()
        _write_atomic(_layer_file(self.folder, n), self.values[n])
        layer["crc"] = [new]

    @classmethod
    def read_head(cls, folder: Path) -> dict[str, Any]:
        """The folder's header, read with bounds (:func:`read_header`)."""
        return read_header(folder)

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
            path = _layer_file(folder, n)
            if layers[n]["positions"] != size:
                raise TableError(f"{folder}: a damaged {HEADER} (layer {n}'s size)")
            with _open_regular(path, size, exact=True) as f:
                if mmap:
                    # copy-on-write: the same (writable) array type as the client's, never
                    # written
                    values.append(np.memmap(f, dtype=np.uint8, mode="c", shape=(size,)))
                    continue
                data = np.fromfile(f, dtype=np.uint8, count=size)
            if len(data) != size:
                raise TableError(f"{path}: {len(data)} bytes where layer {n} has {size}")
            if _crc(data) not in layers[n]["crc"]:
                raise TableError(f"{path}: damaged (its values do not match the checksum)")
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
        remembered = _read_checked(folder)
        values: list[np.ndarray] = []
        unchecked: dict[int, os.stat_result] = {}
        for n, size in enumerate(ix.sizes):
            path = _layer_file(folder, n)
            if head["layers"][n]["positions"] != size:
                raise TableError(f"{folder}: a damaged {HEADER} (layer {n}'s size)")
            with _open_regular(path, size, exact=True) as f:
                info = os.fstat(f.fileno())
                if size == 0:
                    values.append(np.zeros(0, dtype=np.uint8))
                    continue
                values.append(np.memmap(f, dtype=np.uint8, mode="c", shape=(size,)))
            if remembered.get(str(n)) != [*_stamp(info), *head["layers"][n]["crc"][-1:]]:
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
        path = _layer_file(self.folder, n)
        crc = 0
        block = bytearray(1 << 24)
        with _open_regular(path, self.index.sizes[n], exact=True) as f:
            if _stamp(os.fstat(f.fileno())) != _stamp(info):
                raise TableError(f"{path}: written again since the table was opened")
            while got := f.readinto(block):
                crc = zlib.crc32(memoryview(block)[:got], crc)
        crcs = self.head["layers"][n]["crc"]
        if crc not in crcs:
            raise TableError(f"{path}: damaged (its values do not match the checksum)")
        del self.unchecked[n]
        _remember_checked(self.folder, n, [*_stamp(info), crc])

    def value(self, own: int, opp: int) -> int:
        """The byte of (own, opp): 0 undecided, else 1 + plies to the end (odd: a loss for
        the side to move, even: a win). A mapped layer is checked when first read
        (TableError when it is damaged)."""
        if self.unchecked:
            self.check_layer((own | opp).bit_count())
        return int(wk.value_of(own, opp, self.geo, self.index.arrays, tuple(self.values)))

    def counts(self, n: int) -> tuple[int, int, int]:
        """(won, lost, undecided) for the side to move in layer ``n`` (copies of a position
        under its shape's own symmetries left out)."""
        self.check_layer(n)
        ix = self.index
        args = (self.geo, ix.arrays, ix.shapes[n], ix.shape_points[n], self.values[n])
        won, lost, undecided = wk.layer_counts(n, *args)
        return int(won), int(lost), int(undecided)


def describe(byte: int) -> str:
    if byte == 0:
        return "a draw (endless play)"
    plies = byte - 1
    return f"{'a loss' if plies % 2 == 0 else 'a win'} in {plies} plies"


# ---- one round's work -----------------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """Round ``d`` over positions ``first`` to ``last`` of layer ``n`` (a range of its
    canonical shapes, or a part of one large shape)."""

    folder: str
    n: int
    first: int
    last: int
    d: int
    fresh: np.ndarray  # a flag a canonical shape (over all layers): decided in round d - 1


def fresh_of(table: WholeTable, d: int) -> np.ndarray:
    """A flag a canonical shape, numbered over all layers: whether a position of it was
    decided in round ``d - 1`` (its byte is ``d``; none before round 1)."""
    ix = table.index
    flags = []
    for n in range(ix.layers):
        out = np.zeros(len(ix.shapes[n]), dtype=np.uint8)
        if d >= 1:
            wk.fresh_shapes(table.values[n], int(ix.arrays[4][n]), d, out)
        flags.append(out)
    return np.concatenate(flags)


def units_of(table: WholeTable, n: int, d: int, fresh: np.ndarray) -> list[Unit]:
    size = table.index.sizes[n]
    return [
        Unit(str(table.folder), n, first, min(size, first + UNIT_POSITIONS), d, fresh)
        for first in range(0, size, UNIT_POSITIONS)
    ]


def run_unit(
    unit: Unit, table: WholeTable, codes: tuple[int, int]
) -> tuple[np.ndarray, int, int, float]:
    """(new bytes of the unit's positions, evaluated, decided, processor seconds: of every
    thread, so that rates a core hold on a loaded machine)."""
    ix = table.index
    out = np.zeros(unit.last - unit.first, dtype=np.uint8)
    chunks = (unit.last - unit.first + wk.CHUNK - 1) // wk.CHUNK
    stats = np.zeros((chunks, 2), dtype=np.int64)
    began = time.process_time()
    kernel = wk.round_range if chunks > 1 else wk.round_range_serial
    kernel(
        unit.n,
        unit.first,
        unit.last,
        unit.d,
        codes[0],
        codes[1],
        table.geo,
        ix.arrays,
        ix.shapes[unit.n],
        ix.shape_points[unit.n],
        tuple(table.values),
        unit.fresh,
        out,
        stats,
    )
    seconds = time.process_time() - began
    return out, int(stats[:, 0].sum()), int(stats[:, 1].sum()), seconds


_WORKER_VIEW: dict[str, tuple[int, WholeTable]] = {}


def worker_unit(unit: Unit) -> tuple[Unit, np.ndarray, int, int, float]:
    """A Dask worker's share: the unit run over read-only maps of the folder's layers,
    reopened each round (the client writes a round's layers before the next starts)."""
    import numba

    numba.set_num_threads(1)  # one thread a worker: the cluster gives the parallelism
    seen = _WORKER_VIEW.get(unit.folder)
    if seen is None or seen[0] != unit.d:
        table = WholeTable.open(Path(unit.folder), mmap=True)
        seen = (unit.d, table)
        _WORKER_VIEW[unit.folder] = seen
    table = seen[1]
    out, evaluated, decided, seconds = run_unit(unit, table, table.codes)
    return unit, out, evaluated, decided, seconds


# ---- the build ------------------------------------------------------------------------------

Progress = Callable[[dict[str, Any]], None]


class Stopped(Exception):
    """The build was asked to stop; the folder holds every layer finished so far."""


def version_words(variant: str, removal: str) -> str:
    """The version of the rules in words: the children's has no removals at all (its
    removal option does not apply), the others take 0 to 2 or 1 to 2 spheres back."""
    if variant == "children":
        return "children's version (no removals)"
    return f"{variant} version (removal {removal})"


def open_or_create(folder: Path, base: int, variant: str, removal: str) -> WholeTable:
    """The table under way in ``folder`` (checked), or a new one; TableError for a folder
    of another pyramid or other rules."""
    if (folder / HEADER).exists():
        table = WholeTable.open(folder)
        if (table.base, table.variant, table.removal) != (base, variant, removal):
            raise TableError(
                f"{folder}: a table of base {table.base}, the "
                f"{version_words(table.variant, table.removal)}; not of base {base}, the "
                f"{version_words(variant, removal)}"
            )
        return table
    return WholeTable.create(folder, base, variant, removal)


def build(
    table: WholeTable,
    client: Any = None,
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
    method: str = "push",
    say: Callable[[str], None] | None = None,
) -> WholeTable:
    """Decide every position: in this process (``client`` None) by push retrograde
    (:func:`_push`, ``method`` "push", the default) or by rounds that re-read children
    (:func:`_rounds`, "rounds"), with a Dask client always by rounds, its workers taking
    the units. Both give the same bytes and keep the same header, so either resumes the
    other's table. ``progress`` gets a dict after each layer; ``stop()`` is asked between
    layers (true: :class:`Stopped`); ``say`` gets what the build says beside its layers
    (resuming and what is kept, the kernels compiling). One build a folder at a time (a
    lock held while it runs, let go by the system however it ends): TableError for a
    second."""
    with locked(table.folder):
        return _build(table, client, progress, stop, method, say)


def _build(
    table: WholeTable,
    client: Any,
    progress: Progress | None,
    stop: Callable[[], bool] | None,
    method: str,
    say: Callable[[str], None] | None = None,
) -> WholeTable:
    """:func:`build`'s and :func:`build_folder`'s work, the lock held (ValueError for a
    ``method`` neither names)."""
    if method not in ("push", "rounds"):
        raise ValueError(f"method {method!r}: push or rounds")
    if client is None and method == "push":
        return _push(table, progress, stop, say or (lambda text: None))
    _drop_counters(table)  # the rounds change values, not the counters: kept, they'd lie
    return _rounds(table, client, progress, stop)


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """The folder's build lock held (the folder made if missing): one build a folder at a
    time, let go by the system however the build ends; TableError (one line, before any
    file of the table is read) while another build holds it."""
    import fcntl

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TableError(f"{folder}: {exc.strerror or 'cannot be made'}") from None
    fd = _append_regular(folder / LOCK)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise TableError(
                f"{folder}: another build is running on it (wait for it to end, or stop it)"
            ) from None
        yield
    finally:
        os.close(fd)


def build_folder(
    folder: Path,
    base: int,
    variant: str,
    removal: str,
    client: Any = None,
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
    method: str = "push",
    say: Callable[[str], None] | None = None,
) -> WholeTable:
    """:func:`build` of the table in ``folder`` (made, or resumed: :func:`open_or_create`),
    the lock taken before the folder is read, so that a second build is told another is
    running, not shown the first one's files half written."""
    with locked(folder):
        table = open_or_create(folder, base, variant, removal)
        return _build(table, client, progress, stop, method, say)


def _rounds(
    table: WholeTable,
    client: Any,
    progress: Progress | None,
    stop: Callable[[], bool] | None,
) -> WholeTable:
    head = table.head
    codes = table.codes
    layers = list(range(table.index.layers - 1, -1, -1))
    written = time.perf_counter()
    while not head["finished"]:
        d = int(head["round"])
        if d + 1 > MAX_BYTE - 1:
            raise TableError(f"{table.folder}: a distance beyond {MAX_BYTE - 2} plies")
        fresh = fresh_of(table, d)
        for n in layers:
            if n in head["done"]:
                continue
            if stop is not None and stop():
                raise Stopped
            began = time.perf_counter()
            units = units_of(table, n, d, fresh)
            results: Iterator[tuple[Unit, np.ndarray, int, int, float]]
            if client is None:
                results = ((u, *run_unit(u, table, codes)) for u in units)
            else:
                from distributed import as_completed

                futures = client.map(worker_unit, units, pure=False)
                results = (f.result() for f in as_completed(futures))
            evaluated = decided = 0
            busy = 0.0
            for unit, out, ev, dec, seconds in results:
                if dec:
                    view = table.values[n][unit.first : unit.last]
                    np.maximum(view, out, out=view)  # undecided bytes are 0
                evaluated += ev
                decided += dec
                busy += seconds
            if decided:
                table.write_layer(n)
            head["done"].append(n)
            rounds = head["decided"]
            while len(rounds) <= d:
                rounds.append(0)
            rounds[d] += decided
            entry = {
                "round": d,
                "layer": n,
                "evaluated": evaluated,
                "decided": decided,
                "seconds": round(busy, 4),  # processor seconds, all threads and workers
                "wall": round(time.perf_counter() - began, 4),
            }
            table.log(entry)
            # the header after a layer that changed (its checksum) or a second's work;
            # a kill before it only makes the layers since the last one run again
            if decided or time.perf_counter() - written > 1.0:
                table.write_head()
                written = time.perf_counter()
            if progress is not None:
                progress(entry)
        rounds = head["decided"]
        if d >= 1 and rounds[d] == 0 and rounds[d - 1] == 0:
            head["finished"] = True
        else:
            head["round"] = d + 1
            head["done"] = []
        table.write_head()
        written = time.perf_counter()
    return table


def _count_byte(layer: np.ndarray, byte: int) -> int:
    """How many positions of ``layer`` hold ``byte``: numba's threads over a large layer,
    numpy over a small one (starting the threads cost more than the count, 2 ms a call on a
    quiet machine and far more on a busy one, where they wait for cores)."""
    if layer.shape[0] < PUSH_CHUNK:
        return int(np.count_nonzero(layer == byte))
    return int(wk.count_byte(layer, byte))


class Interrupted(KeyboardInterrupt):
    """Ctrl+C during a build's layer, raised between two of its units (:func:`push_layer`):
    ``at``, the first position of the layer not yet done."""

    def __init__(self, n: int, at: int):
        super().__init__()
        self.n, self.at = n, at


@contextmanager
def _interrupts_between_units() -> Iterator[Callable[[], bool]]:
    """Ctrl+C (SIGINT) and SIGTERM (which the command line makes a Ctrl+C) held while a
    build runs and given to :func:`push_layer` to raise between two units (every unit
    done is then known: a push's unit is never half counted, nor a layer pushed whole and
    not yet named as pushed): a callable that says whether one came. Off the main thread
    (where Python gives no signal), one that never says so."""
    import signal
    import threading

    came = [False]
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return

    def hold(signum: int, frame: Any) -> None:
        came[0] = True

    held = (signal.SIGINT, signal.SIGTERM)
    before = [signal.signal(signum, hold) for signum in held]
    try:
        yield lambda: came[0]
    finally:
        for signum, handler in zip(held, before, strict=True):
            signal.signal(signum, handler)


def push_layer(
    table: WholeTable,
    counters: tuple[np.ndarray, ...],
    step: str,
    n: int,
    arg: int,
    begin: int = 0,
    interrupted: Callable[[], bool] | None = None,
) -> tuple[np.ndarray, float]:
    """Push retrograde's kernel of ``step`` ("count": :func:`.whole_kernel.seed_range`,
    ``arg`` the rounds pushed before; "push": :func:`.whole_kernel.push_range`, ``arg`` the
    frontier's byte) over layer ``n`` from position ``begin``, a unit at a time on
    numba's threads: (its stats summed: positions, seeded, the most children; processor
    seconds). :class:`Interrupted` between two units once ``interrupted()`` says so."""
    ix = table.index
    parallel, serial = (
        (wk.seed_range, wk.seed_range_serial)
        if step == "count"
        else (wk.push_range, wk.push_range_serial)
    )
    values = tuple(table.values)
    total = np.zeros(3, dtype=np.int64)
    busy = 0.0
    for first in range(begin, ix.sizes[n], UNIT_POSITIONS):
        if interrupted is not None and interrupted():
            raise Interrupted(n, first)
        last = min(ix.sizes[n], first + UNIT_POSITIONS)
        chunks = (last - first + PUSH_CHUNK - 1) // PUSH_CHUNK
        stats = np.zeros((chunks, 3 if step == "count" else 2), dtype=np.int64)
        t = time.process_time()
        (parallel if chunks > 1 else serial)(
            n,
            first,
            last,
            arg,
            *table.codes,
            table.geo,
            ix.arrays,
            ix.shapes[n],
            ix.shape_points[n],
            values,
            counters,
            stats,
            PUSH_CHUNK,
        )
        busy += time.process_time() - t
        total[:2] += stats[:, :2].sum(axis=0)
        if step == "count":
            total[2] = max(total[2], int(stats[:, 2].max()))
    return total, busy


def _counters_file(folder: Path, n: int) -> Path:
    return folder / f"counters-{n:02d}.bin"


def _drop_counters(table: WholeTable) -> None:
    """The counters kept forgotten (the header first, then their files): a finished table,
    or one the rounds go on with, has none."""
    if table.head.pop("counters", None) is not None:
        table.write_head()
    for n in range(table.index.layers):
        with suppress(FileNotFoundError):
            _counters_file(table.folder, n).unlink()


def _load_counters(
    table: WholeTable, counters: tuple[np.ndarray, ...], start: int
) -> tuple[set[int], list[int], tuple[int, int] | None] | None:
    """The counters the header says are kept for round ``start`` read back into
    ``counters``: (the layers read, the layers the step had pushed, the layer it was
    pushing and its first position not pushed); None where there are none for that
    round, or a step's part was kept and one file does not match its checksum."""
    record = table.head.get("counters")
    if record is None or record["round"] != start:
        return None
    # a step's part kept: every counter or none (they hold that part's pushes); else each
    # layer's counters are what counting it again gives, and one that does not match is
    # counted again alone (a build killed while it wrote them)
    whole = bool(record["pushed"]) or record.get("partial") is not None
    kept = set()
    for n, crc in enumerate(record["crc"]):
        if crc is None:
            continue
        size = table.index.sizes[n]
        try:
            with _open_regular(_counters_file(table.folder, n), 2 * size, exact=True) as f:
                data = np.fromfile(f, dtype=np.uint16, count=size)
        except TableError:
            data = np.zeros(0, dtype=np.uint16)
        if len(data) != size or _crc(data) != crc:
            if whole:
                return None
            continue
        counters[n][:] = data
        kept.add(n)
    partial = record.get("partial")
    return kept, list(record["pushed"]), None if partial is None else (partial[0], partial[1])


def _save_counters(
    table: WholeTable,
    counters: tuple[np.ndarray, ...],
    r: int,
    layers: list[int],
    pushed: list[int],
    partial: tuple[int, int] | None = None,
) -> None:
    """``layers``' counters written (each whole, to a temporary file renamed) and named in
    the header's record for round ``r`` (``pushed``: the layers step ``r`` has pushed;
    ``partial``: the layer it was pushing and its first position not pushed);
    the header itself is the caller's to write, after (killed in between, the older
    record's checksums do not match the new files: the counters are counted again)."""
    head = table.head
    record = head.get("counters")
    if record is None or record["round"] != r:
        record = {"round": r, "pushed": [], "crc": [None] * table.index.layers}
    for n in layers:
        _write_atomic(_counters_file(table.folder, n), counters[n])
        record["crc"][n] = _crc(counters[n])
    record["pushed"] = list(pushed)
    record["partial"] = None if partial is None else list(partial)
    head["counters"] = record


def ready_kernels(table: WholeTable, say: Callable[[str], None]) -> None:
    """Push retrograde's kernels for the table's pyramid made ready before the build's
    clock starts (compiled on a first build, a minute or so; loaded from numba's cache
    after), saying which: called on empty ranges, with the table's own arrays (their
    types are the kernels' signatures). A build's first layer is then its own work."""
    from ...compiled import first_use

    part = f"pyraos-whole-{table.index.layers}-layers"
    compiling = not first_use.compiled((part,))
    say(
        "compiling the whole game's kernels for their first use (a minute or so, once)"
        if compiling
        else "loading the whole game's compiled kernels"
    )
    began = time.perf_counter()
    ix = table.index
    values = tuple(table.values)
    counters = tuple(np.zeros(0, dtype=np.uint16) for _ in ix.sizes)
    n = ix.layers - 1
    common = (table.geo, ix.arrays, ix.shapes[n], ix.shape_points[n], values, counters)
    for kernel in (wk.seed_range, wk.seed_range_serial):
        kernel(n, 0, 0, 0, *table.codes, *common, np.zeros((0, 3), np.int64), PUSH_CHUNK)
    for kernel in (wk.push_range, wk.push_range_serial):
        kernel(n, 0, 0, 1, *table.codes, *common, np.zeros((0, 2), np.int64), PUSH_CHUNK)
    wk.count_byte(table.values[n][:0], 1)
    first_use.mark(part)
    if compiling:
        say(f"compiled in {time.perf_counter() - began:.0f} s")


def _push(
    table: WholeTable,
    progress: Progress | None,
    stop: Callable[[], bool] | None,
    say: Callable[[str], None],
) -> WholeTable:
    """Push retrograde: every position's children counted once (a byte of them that are
    still open, :func:`.whole_kernel.seed_range`), then step ``r`` = 1, 2, ... pushes the
    positions decided at ``r - 1`` plies (byte ``r``) to their predecessors, found by
    un-moves (:func:`.whole_kernel.push_range`): a loss makes each undecided one a win in
    ``r``, a win takes one from each one's counter and makes the one left at 0 a loss in
    ``r``. A position is read twice in all (counted, then pushed once decided) instead of
    once a round while undecided; draws are never read again.

    The header's round ``r`` means, as for :func:`_rounds`, every position decided in
    fewer than ``r`` plies is written. The counters (2 bytes a position) are kept too
    (``counters-NN.bin``, named with their checksums in the header's ``counters``
    record, for a round): the counting pass writes each layer's values and counters when
    it is counted (stopped or killed, it resumes at the layer it was in); a step's
    layers, its counters and the layers it pushed are written when it is stopped (it
    resumes at the layer it was in), and after the step that ends
    :data:`CHECKPOINT_SECONDS` after the last write (killed, it resumes from there; values
    written beyond the header's round are correct, only decided sooner than it says).
    Where the counters kept do not serve (none for the header's round, a file that does
    not match its checksum, a table the rounds went on with), they are counted again from
    the values: the pushes done are those of bytes below the header's round. A finished
    table keeps none."""
    head = table.head
    if head["finished"]:
        _drop_counters(table)
        return table
    ix = table.index
    values = tuple(table.values)
    counters = tuple(np.zeros(size, dtype=np.uint16) for size in ix.sizes)
    start = int(head["round"])
    head["done"] = []
    on_disk = [ix.sizes[n] - _count_byte(values[n], 0) for n in range(ix.layers)]
    loaded = _load_counters(table, counters, start)
    kept, pushed, partial = loaded if loaded is not None else (set(), [], None)
    decided = sum(on_disk)
    if start > 0:
        again = (
            "the counters kept: no counting pass"
            if len(kept) == ix.layers
            else f"the counters of {len(kept)} layers kept, the other "
            f"{ix.layers - len(kept)} counted again first"
            if kept
            else "the counters counted again first, a pass over every position"
        )
        half = partial is not None and len(kept) == ix.layers
        step = f", {len(pushed) + half} of its layers pushed" if pushed or half else ""
        step += f" ({partial[0]} spheres' in part)" if half and partial else ""
        say(
            f"resuming at step {start}{step}: every position decided in fewer than {start} "
            f"plies kept ({decided:,} positions decided); {again}"
        )
    elif kept:
        say(
            f"resuming the counting pass: {len(kept)} of {ix.layers} layers counted, kept "
            f"({sum(ix.sizes[n] for n in kept):,} positions); {ix.layers - len(kept)} to count"
        )
    elif decided:
        say(f"resuming: {decided:,} positions decided kept; the counting pass from its start")
    ready_kernels(table, say)
    with _interrupts_between_units() as interrupted:
        return _push_steps(
            table, counters, start, kept, pushed, partial, on_disk, progress, stop, interrupted
        )


def _push_steps(
    table: WholeTable,
    counters: tuple[np.ndarray, ...],
    start: int,
    kept: set[int],
    pushed: list[int],
    partial: tuple[int, int] | None,
    on_disk: list[int],
    progress: Progress | None,
    stop: Callable[[], bool] | None,
    interrupted: Callable[[], bool],
) -> WholeTable:
    """:func:`_push`'s counting pass and steps, from where the table was kept."""
    head = table.head
    ix = table.index
    values = tuple(table.values)
    layers = list(range(ix.layers - 1, -1, -1))
    if len(kept) < ix.layers:
        # a counting pass to finish (or do again): a step's part is kept only with every
        # counter, and the record names only the layers this pass has counted
        pushed, partial = [], None
        record = head.get("counters")
        crcs = [record["crc"][n] if record and n in kept else None for n in range(ix.layers)]
        head["counters"] = {"round": start, "pushed": [], "partial": None, "crc": crcs}

    def entry(
        step: str, r: int, n: int, evaluated: int, decided: int, busy: float, began: float
    ) -> None:
        e = {
            "step": step,  # "count": children counted; "push": decided positions pushed
            "round": r,
            "layer": n,
            "evaluated": evaluated,
            "decided": decided,
            "seconds": round(busy, 4),
            "wall": round(time.perf_counter() - began, 4),
        }
        table.log(e)
        if progress is not None:
            progress(e)

    def count_all(byte: int) -> list[int]:
        return [_count_byte(values[n], byte) for n in range(ix.layers)]

    def sync() -> None:
        """Write the layers that gained values since they were last written."""
        for n in range(ix.layers):
            now = ix.sizes[n] - _count_byte(values[n], 0)
            if now != on_disk[n]:
                table.write_layer(n)
                on_disk[n] = now

    # the start: the positions the rules decide alone, and every other one's counter;
    # each layer kept when counted (values, then counters, then the header naming them)
    for n in layers:
        if n in kept:
            continue
        if stop is not None and stop():
            raise Stopped
        began = time.perf_counter()
        stats, busy = push_layer(
            table, counters, "count", n, max(0, start - 1), interrupted=interrupted
        )
        if stats[2] > 65535:  # never on the pyramids the model has
            raise TableError(f"{table.folder}: a position with more children than a counter holds")
        now = ix.sizes[n] - _count_byte(values[n], 0)
        if now != on_disk[n]:  # the positions the rules decide alone, in this layer only
            table.write_layer(n)
            on_disk[n] = now
        _save_counters(table, counters, start, [n], [])
        table.write_head()
        entry("count", start, n, int(stats[0]), int(stats[1]), busy, began)
    rounds = head["decided"]
    if start == 0:  # the positions without a move: every loss in 0 plies, step 0's share
        rounds[:] = [sum(count_all(1))]
        start = 1
        pushed, partial = [], None
    r = start
    synced = time.perf_counter()
    while True:
        frontier = count_all(r)
        done = list(pushed) if r == start else []
        for n in layers:
            if not frontier[n] or n in done:
                continue
            begin = partial[1] if partial is not None and r == start and partial[0] == n else 0
            try:
                if stop is not None and stop():
                    raise Stopped
                began = time.perf_counter()
                stats, busy = push_layer(table, counters, "push", n, r, begin, interrupted)
                done.append(n)
                entry("push", r, n, int(stats[0]), 0, busy, began)
            except (Stopped, KeyboardInterrupt) as exc:
                # asked to stop (or Ctrl+C, held until a unit ends: push_layer): the
                # step's layers pushed so far kept, with the counters and the part of the
                # layer under way that was pushed (each unit pushed once in all)
                sync()
                head["round"] = r
                at = (exc.n, exc.at) if isinstance(exc, Interrupted) else None
                _save_counters(table, counters, r, layers, done, at)
                table.write_head()
                raise
        total = sum(count_all(r + 1))
        while len(rounds) <= r:
            rounds.append(0)
        rounds[r] = total
        if total == 0 or time.perf_counter() - synced >= CHECKPOINT_SECONDS:
            # the layers first, then the counters, then the header that says how far they
            # hold (killed in between, the header's older round is resumed, over values
            # decided later, its counters counted again)
            sync()
            head["round"] = r + 1
            if total == 0:
                # as the rounds leave it: the round after the last that decided nothing too
                rounds.append(0)
                head["finished"] = True
                head.pop("counters", None)
            else:
                _save_counters(table, counters, r + 1, layers, [])
            table.write_head()
            synced = time.perf_counter()
        if total == 0:
            _drop_counters(table)
            return table
        r += 1
        if r + 1 > MAX_BYTE - 1:
            raise TableError(f"{table.folder}: a distance beyond {MAX_BYTE - 2} plies")


def verify(
    table: WholeTable, progress: Callable[[int, int, int, float], None] | None = None
) -> tuple[int, list[tuple[int, int, int, int]]]:
    """Re-derive every value from its children's in one pass: (positions checked, every
    position that does not hold as (layer, index, own, opp)). ``progress(layer, positions
    checked so far, found so far, seconds)`` after each layer."""
    began = time.perf_counter()
    ix = table.index
    v, r = table.codes
    values = tuple(table.values)
    checked = 0
    bad: list[tuple[int, int, int, int]] = []
    for n in range(ix.layers):
        args = (v, r, table.geo, ix.arrays, ix.shapes[n], ix.shape_points[n], values)
        for first in range(0, ix.sizes[n], UNIT_POSITIONS):
            last = min(ix.sizes[n], first + UNIT_POSITIONS)
            found = np.zeros((last - first + wk.CHUNK - 1) // wk.CHUNK, dtype=np.int64)
            wk.verify_range(n, first, last, *args, found)
            for chunk in np.flatnonzero(found):
                begin = first + int(chunk) * wk.CHUNK
                indices = np.zeros(int(found[chunk]), dtype=np.int64)
                wk.verify_chunk(n, begin, min(last, begin + wk.CHUNK), *args, indices)
                for i in indices:
                    own, opp = wk.unrank(n, int(i), ix.shapes[n], ix.shape_points[n], ix.arrays)
                    bad.append((n, int(i), int(own), int(opp)))
        checked += ix.sizes[n]
        if progress is not None:
            progress(n, checked, len(bad), time.perf_counter() - began)
    return checked, bad


def is_copy(table: WholeTable, n: int, i: int, own: int, opp: int) -> bool:
    """Whether position ``i`` of layer ``n`` (the board ``own``, ``opp``) is a copy no
    look-up reads (another image of a position under its shape's own symmetries)."""
    found = wk.locate(own, opp, table.geo, table.index.arrays)
    return (int(found[0]), int(found[1])) != (n, i)


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
