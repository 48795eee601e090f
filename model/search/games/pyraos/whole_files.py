"""The whole-game table's files (:mod:`.whole`): the header (``table.json``) read with
bounds and every field checked, the layers and counters written whole to a temporary file
and renamed, the build's log and lock, and the layers' checksums remembered for look-ups.
Nothing here reads a position: the table object is :mod:`.whole_table`'s."""

from __future__ import annotations

import json
import os
import stat
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ....files import file_kind
from ....pyraos import geometry
from .kernel import variant_codes

if TYPE_CHECKING:
    from .whole_index import Index

FORMAT = "pyramid-lab/pyraos-whole"
#: 2 since the counting pass's fix: a build of format 1 could write a count of 127 to 129
#: past what its byte holds (a base-4 table decided positions wrongly; base 2 and 3 have no
#: count over 126, so their tables of format 1 are read still).
VERSION = 2
OLD_EXACT_BASES = 3  # format 1's tables read as exact up to this base
HEADER = "table.json"
LOG = "log.jsonl"
LOCK = "build.lock"
MAX_BYTE = 255  # a byte holds distances up to 254 plies


class TableError(ValueError):
    """A folder that is not a whole-game table of this program, or a damaged one (one line)."""


def version_words(variant: str, removal: str) -> str:
    """The version of the rules in words: the children's has no removals at all (its
    removal option does not apply), the others take 0 to 2 or 1 to 2 spheres back."""
    if variant == "children":
        return "children's version (no removals)"
    return f"{variant} version (removal {removal})"


def checksum(data: np.ndarray) -> int:
    value = 0
    step = 1 << 24
    for start in range(0, len(data), step):
        value = zlib.crc32(data[start : start + step].tobytes(), value)
    return value


def write_atomic(path: Path, payload: bytes | np.ndarray | tuple[np.ndarray, ...] | int) -> None:
    """``payload`` (or its arrays one after the other; an ``int``: that many zero bytes, a
    sparse file, none of them written) written whole to a new temporary file beside
    ``path`` (whatever was left there by a build killed before, even a FIFO, removed
    first), then renamed."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.unlink()
    except FileNotFoundError:
        pass
    except IsADirectoryError:
        raise TableError(f"{tmp}: a directory, where the build writes a file") from None
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(fd, "wb") as f:
        if isinstance(payload, int):
            f.truncate(payload)
        elif isinstance(payload, np.ndarray):
            payload.tofile(f)
        elif isinstance(payload, tuple):
            for part in payload:
                part.tofile(f)
        else:
            f.write(payload)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def append_regular(path: Path) -> int:
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


def layer_file(folder: Path, n: int) -> Path:
    return folder / f"layer-{n:02d}.bin"


#: A header is read up to this size at most (a base-4 table's is about 5 KB).
MAX_HEADER = 1 << 20


def _check_regular(path: Path, info: os.stat_result, bound: int, exact: bool) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise TableError(f"{path}: {file_kind(info.st_mode)}, not a table's file")
    if info.st_size > bound or (exact and info.st_size != bound):
        limit = f"where it has {bound:,}" if exact else f"beyond the {bound:,} it may have"
        raise TableError(f"{path}: {info.st_size:,} bytes {limit}")


def open_regular(path: Path, bound: int, exact: bool = False) -> Any:
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
    with open_regular(path, MAX_HEADER) as f:
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
    if type(version) is not int or version not in (1, VERSION):
        shown = version if type(version) is int else "unknown"
        raise TableError(f"{folder}: a table of format {shown}; this program reads {VERSION}")
    if version == 1 and not (_is_int(head.get("base"), 2, OLD_EXACT_BASES)):
        raise TableError(
            f"{folder}: a table of format 1 for base {head.get('base')}, built by an earlier "
            "version whose counting pass could wrap a count past a byte, so some of its values "
            "are wrong: delete the folder and build the table again"
        )
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


def stamp(info: os.stat_result) -> list[int]:
    return [info.st_size, info.st_mtime_ns, info.st_ino]


def read_checked(folder: Path) -> dict[str, Any]:
    """The folder's :data:`CHECKED` (layer: size, time, inode, checksum), or nothing when
    it is missing or not what this program writes (then every layer is checked again)."""
    try:
        with open_regular(folder / CHECKED, 1 << 16) as f:
            found = json.loads(f.read(1 << 16))
    except (TableError, ValueError, OSError, RecursionError):
        return {}
    return found if isinstance(found, dict) else {}


def remember_checked(folder: Path, n: int, stamp: list[int]) -> None:
    """Layer ``n``'s check added to the folder's :data:`CHECKED` where it can be written
    (a folder read-only to this user is checked again next time)."""
    known = read_checked(folder)
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


# ---- what a build writes ---------------------------------------------------------------------


class Stored(Protocol):
    """A table as its files are written from and read into (:class:`.whole_table.WholeTable`,
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
        raise TableError(f"{folder}: {exc.strerror or 'cannot be made'}") from None
    fd = append_regular(folder / LOCK)
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
            raise TableError(f"{counters_file(table.folder, n)}: its side counts do not match")
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
