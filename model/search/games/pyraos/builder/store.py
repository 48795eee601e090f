"""What a whole-game table's build writes (:mod:`.building`, :mod:`.steps`): the
header and layers written whole to a temporary file and renamed, the build's log and lock,
and the counters kept to resume a push step. Reading a table is :mod:`..prober.files`' and
:mod:`..prober.table`'s: a probe imports nothing of this."""

from __future__ import annotations

import json
import os
import stat
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

import numpy as np

from pyramid_lab.i18n import M_

from .....files import save_file
from ..prober.files import (
    HEADER,
    LOCK,
    LOG,
    TableError,
    checksum,
    layer_file,
    not_a_tables_file,
    open_regular,
    os_failure,
)

if TYPE_CHECKING:
    from ..prober.index import Index


def write_atomic(path: Path, payload: bytes | np.ndarray | tuple[np.ndarray, ...] | int) -> None:
    """``payload`` (or its arrays one after the other; an ``int``: that many zero bytes, a
    sparse file, none of them written) written whole to a new temporary file beside
    ``path`` and renamed over it, as every file of the program is saved
    (:func:`model.files.save_file`: the links on the path checked, the file renamed into
    the folder checked); the temporary file a build killed before this way of saving left
    (``NAME.tmp``, even a FIFO) removed first."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.unlink()
    except FileNotFoundError:
        pass
    except IsADirectoryError:
        raise TableError(
            M_("{path}: a directory, where the build writes a file", path=str(tmp))
        ) from None

    def fill(_name: str, f: BinaryIO) -> None:
        if isinstance(payload, int):
            f.truncate(payload)
        elif isinstance(payload, np.ndarray):
            payload.tofile(f)
        elif isinstance(payload, tuple):
            for part in payload:
                part.tofile(f)
        else:
            f.write(payload)

    save_file(path, fill, read_back=False, suffix="")


def append_regular(path: Path) -> int:
    """A descriptor appending to the regular file ``path`` (made if missing; opened
    non-blocking, so that a FIFO there is refused, not waited on): TableError else."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        raise TableError(os_failure(path, exc, M_("cannot be written"))) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise TableError(not_a_tables_file(path, mode))
    return fd


class Stored(Protocol):
    """A table as its files are written from and read into (:class:`..prober.table.WholeTable`,
    not imported: it reads its files here): its folder, header, layers and index."""

    @property
    def folder(self) -> Path: ...
    @property
    def head(self) -> dict[str, Any]: ...
    @property
    def values(self) -> list[np.ndarray]: ...
    @property
    def index(self) -> Index: ...


def write_head(table: Stored) -> None:
    """The table's header written (whole, then renamed)."""
    write_atomic(table.folder / HEADER, json.dumps(table.head).encode())


def log(table: Stored, entry: dict[str, Any]) -> None:
    """One line of the build's log (``log.jsonl``: each layer's share of each round)."""
    with os.fdopen(append_regular(table.folder / LOG), "a") as f:
        f.write(json.dumps(entry) + "\n")


def write_layer(table: Stored, n: int, values: np.ndarray | None = None) -> None:
    """The layer's file replaced by its values now (``values``: those of the table's that
    are decided, where a build keeps other codes in the others). The header names both
    checksums, the file's before and after, while the file is replaced: killed in
    between, either file is a state of the build (values are only ever added)."""
    data = table.values[n] if values is None else values
    layer = table.head["layers"][n]
    new = checksum(data)
    layer["crc"] = [layer["crc"][0], new]
    write_head(table)
    write_atomic(layer_file(table.folder, n), data)
    layer["crc"] = [new]


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """The folder's build lock held (the folder made if missing): one build a folder at a
    time, let go by the system however the build ends; TableError (one line, before any
    file of the table is read) while another build holds it."""
    import fcntl

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TableError(os_failure(folder, exc, M_("cannot be made"))) from None
    fd = append_regular(folder / LOCK)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise TableError(
                M_(
                    "{folder}: another build is running on it (wait for it to end, or stop it)",
                    folder=str(folder),
                )
            ) from None
        yield
    finally:
        os.close(fd)


def counters_file(folder: Path, n: int) -> Path:
    """Layer ``n``'s counters kept (:func:`save_counters`: a byte a position and the side
    counts; named ``counts-``, not the 2-byte counters' ``counters-`` of a build before
    issue 76 item 2, so that a folder such a build left is counted again, never misread)."""
    return folder / f"counts-{n:02d}.bin"


def _old_counters_file(folder: Path, n: int) -> Path:
    return folder / f"counters-{n:02d}.bin"


def drop_counters(table: Stored) -> None:
    """The counters kept forgotten (the header first, then their files): a finished table,
    or one the rounds go on with, has none."""
    if table.head.pop("counters", None) is not None:
        write_head(table)
    for n in range(table.index.layers):
        for path in (counters_file(table.folder, n), _old_counters_file(table.folder, n)):
            with suppress(FileNotFoundError):
                path.unlink()


def _file_checksum(path: Path, bound: int) -> tuple[int, int] | None:
    """(size, checksum) of the regular file ``path`` of at most ``bound`` bytes, read 16 MiB
    at a time; None where it is missing, larger or not a regular file."""
    try:
        with open_regular(path, bound) as f:
            value, size = 0, 0
            while block := f.read(1 << 24):
                value = zlib.crc32(block, value)
                size += len(block)
    except TableError:
        return None
    return size, value


def load_counters(
    table: Stored, start: int, escape: int
) -> tuple[set[int], list[int], tuple[int, int] | None, dict[int, np.ndarray]] | None:
    """The counters the header says are kept for round ``start`` read back: each kept
    layer's bytes as they were being built (its values, and its undecided positions' codes
    of their children still open) into the table's values, and the side counts of its
    positions of byte ``escape``, in order: (the layers read, the layers the step had
    pushed, the layer it was pushing and its first position not pushed, the side counts
    of each layer read); None where there are none for that round, or a step's part was
    kept and one file does not match its checksum (every file is checked before one is
    read, so the values are then as the layers' files left them)."""
    record = table.head.get("counters")
    if record is None or record["round"] != start:
        return None
    # a step's part kept: every counter or none (they hold that part's pushes); else each
    # layer's counters are what counting it again gives, and one that does not match is
    # counted again alone (a build killed while it wrote them)
    whole = bool(record["pushed"]) or record.get("partial") is not None
    sizes = table.index.sizes
    kept = set()
    for n, crc in enumerate(record["crc"]):
        if crc is None:
            continue
        found = _file_checksum(counters_file(table.folder, n), COUNTER_BYTES * sizes[n])
        if found is None or found[0] < sizes[n] or (found[0] - sizes[n]) % 8 or found[1] != crc:
            if whole:
                return None
            continue
        kept.add(n)
    side = {}
    for n in sorted(kept):
        size = sizes[n]
        with open_regular(counters_file(table.folder, n), COUNTER_BYTES * size) as f:
            f.readinto(table.values[n].data)
            side[n] = np.frombuffer(f.read(), dtype=np.int64).copy()
        if len(side[n]) != np.count_nonzero(table.values[n] == escape):
            raise TableError(
                M_(
                    "{path}: its side counts do not match",
                    path=str(counters_file(table.folder, n)),
                )
            )
    partial = record.get("partial")
    partial_at = None if partial is None else (partial[0], partial[1])
    return kept, list(record["pushed"]), partial_at, side


#: A layer's counters' file: its bytes as built, then the side counts (8 bytes each) of
#: its positions of more children than a byte holds (a few): at most this many bytes a
#: position.
COUNTER_BYTES = 9


def save_counters(
    table: Stored,
    counters: dict[int, tuple[np.ndarray, np.ndarray]],
    r: int,
    pushed: list[int],
    partial: tuple[int, int] | None = None,
) -> None:
    """``counters``' layers written (each its bytes as built and its side counts, whole,
    to a temporary file renamed) and named in the header's record for round ``r``
    (``pushed``: the layers step ``r`` has pushed; ``partial``: the layer it was pushing
    and its first position not pushed); the header itself is the caller's to write, after
    (killed in between, the older record's checksums do not match the new files: the
    counters are counted again)."""
    head = table.head
    record = head.get("counters")
    if record is None or record["round"] != r:
        record = {"round": r, "pushed": [], "crc": [None] * table.index.layers}
    for n, (built, side) in counters.items():
        write_atomic(counters_file(table.folder, n), (built, side))
        record["crc"][n] = zlib.crc32(side.tobytes(), checksum(built))
    record["pushed"] = list(pushed)
    record["partial"] = None if partial is None else list(partial)
    head["counters"] = record
