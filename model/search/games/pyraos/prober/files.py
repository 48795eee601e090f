"""The whole-game table's files as a reader sees them (:mod:`.table`): the header
(``table.json``) read with bounds and every field checked, a layer's file looked at before
it is opened, the layers' checksums remembered for look-ups. What a build writes is
:mod:`..builder.store`'s; nothing here reads a position."""

from __future__ import annotations

import io
import json
import os
import stat
import zlib
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pyramid_lab.i18n import M_, Message, number

from .....errors import SaidError
from .....files import file_kind, reading, write_bytes
from .....pyraos import geometry
from .....words import system_reason
from ..pyramid_arrays import variant_codes

if TYPE_CHECKING:
    pass

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


class TableError(SaidError):
    """A folder that is not a whole-game table of this program, or a damaged one (one line):
    a Message, said in the language of whoever reads it."""


def version_words(variant: str, removal: str) -> Message:
    """The version of the rules in words: the children's has no removals at all (its
    removal option does not apply), the others take 0 to 2 or 1 to 2 spheres back (the
    rules' names for them kept)."""
    if variant == "children":
        return M_("children's version (no removals)")
    # TRANSLATORS: a Pyraos table's rules: {variant} and {removal} the rules' own names
    return M_("{variant} version (removal {removal})", variant=variant, removal=removal)


def checksum(data: np.ndarray) -> int:
    value = 0
    step = 1 << 24
    for start in range(0, len(data), step):
        value = zlib.crc32(data[start : start + step].tobytes(), value)
    return value


def layer_file(folder: Path, n: int) -> Path:
    return folder / f"layer-{n:02d}.bin"


#: A header is read up to this size at most (a base-4 table's is about 5 KB).
MAX_HEADER = 1 << 20


def _check_regular(path: Path, info: os.stat_result, bound: int, exact: bool) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise TableError(not_a_tables_file(path, info.st_mode))
    if exact and info.st_size != bound:
        raise TableError(
            M_(
                "{path}: {size} bytes where it has {bound}",
                path=str(path),
                size=number(info.st_size),
                bound=number(bound),
            )
        )
    if info.st_size > bound:
        raise TableError(
            M_(
                "{path}: {size} bytes beyond the {bound} it may have",
                path=str(path),
                size=number(info.st_size),
                bound=number(bound),
            )
        )


def not_a_tables_file(path: Path, mode: int) -> Message:
    """``path`` is no regular file (``mode``): a directory, a pipe, ..."""
    return M_("{path}: {kind}, not a table's file", path=str(path), kind=file_kind(mode))


def os_failure(path: Path, exc: OSError, failing: Message) -> Message:
    """``path`` failed: the system's failure (in the catalog's words), else ``failing``."""
    return M_(
        "{path}: {reason}", path=str(path), reason=system_reason(exc) if exc.strerror else failing
    )


def open_regular(path: Path, bound: int, exact: bool = False) -> io.BufferedReader:
    """``path`` opened to read (a binary file object) when it is a regular file of at most
    ``bound`` bytes (``exact``: of ``bound`` bytes), looked at before it is opened and
    again once open (:func:`model.files.reading.open_regular`); anything else (missing, a
    directory, a FIFO, a device such as /dev/zero, a larger file) is a :class:`TableError`
    in one line, before a byte is read."""
    try:
        return reading.open_regular(
            os.fspath(path), lambda info: _check_regular(path, info, bound, exact)
        )
    except FileNotFoundError:
        raise TableError(M_("{path}: missing", path=str(path))) from None
    except OSError as exc:
        raise TableError(os_failure(path, exc, M_("cannot be read"))) from None


def read_header(folder: Path) -> dict[str, Any]:
    """The header of the table in ``folder``: a regular file of at most
    :data:`MAX_HEADER` bytes, JSON of the format and version this program writes, each
    field of its type and range (:func:`_check_head`); else :class:`TableError`, one
    line."""
    from .....files import loads_json
    from .....game import PositionFormatError

    path = folder / HEADER
    if not (folder.is_dir() or path.exists()):
        raise TableError(M_("{folder}: no such folder", folder=str(folder)))
    with open_regular(path, MAX_HEADER) as f:
        try:
            text = f.read(MAX_HEADER + 1)
        except OSError as exc:
            raise TableError(os_failure(path, exc, M_("cannot be read"))) from None
    try:
        head = loads_json(text, MAX_HEADER, HEADER)
    except PositionFormatError as exc:
        raise TableError(
            M_(
                "{folder}: {file} is not JSON ({reason})",
                folder=str(folder),
                file=HEADER,
                reason=exc.reason,
            )
        ) from None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise TableError(
            M_(
                "{folder}: not a whole-game Pyraos table ({file} of another kind)",
                folder=str(folder),
                file=HEADER,
            )
        )
    version = head.get("version")
    if type(version) is not int or version not in (1, VERSION):
        raise TableError(
            M_(
                "{folder}: a table of format {format}; this program reads {version}",
                folder=str(folder),
                format=version if type(version) is int else M_("unknown"),
                version=VERSION,
            )
        )
    if version == 1 and not (_is_int(head.get("base"), 2, OLD_EXACT_BASES)):
        raise TableError(
            M_(
                "{folder}: a table of format 1 for base {base}, built by an earlier version whose "
                "counting pass could wrap a count past a byte, so some of its values are wrong: "
                "delete the folder and build the table again",
                folder=str(folder),
                base=str(head.get("base")),
            )
        )
    what = _check_head(head)
    if what is not None:
        raise TableError(damaged_header(folder, what))
    return head


def _is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _check_head(head: dict[str, Any]) -> Message | None:
    """What is wrong with a header's fields (None: each of its type and range): the base,
    the rules, the round and its layers done, the layers' sizes and checksums, the rounds'
    counts, the counting pass's checkpoint."""
    base = head.get("base")
    if not _is_int(base, 2, 4):
        return M_("its pyramid's base")
    variant, removal = head.get("variant"), head.get("removal")
    if not isinstance(variant, str) or not isinstance(removal, str):
        return M_("its rules")
    try:
        variant_codes(variant, removal)
    except KeyError:
        return M_("its rules")
    layers = head.get("layers")
    count = geometry(base).points
    if not isinstance(layers, list) or len(layers) != count:
        return _layers_counted(layers)
    for n, layer in enumerate(layers):
        if not isinstance(layer, dict) or not _is_int(layer.get("positions"), 0, 1 << 40):
            return layer_size(n)
        crc = layer.get("crc")
        if (
            not isinstance(crc, list)
            or not 1 <= len(crc) <= 2
            or not all(_is_int(c, 0, 0xFFFFFFFF) for c in crc)
        ):
            return M_("layer {n}'s checksum", n=n)
    if not _is_int(head.get("round"), 0, MAX_BYTE):
        return M_("its round")
    done = head.get("done")
    if not isinstance(done, list) or not all(_is_int(n, 0, count - 1) for n in done):
        return M_("its layers done")
    if type(head.get("finished")) is not bool:
        return M_("whether it is finished")
    decided = head.get("decided")
    if (
        not isinstance(decided, list)
        or len(decided) > MAX_BYTE + 1
        or not all(_is_int(d, 0, 1 << 40) for d in decided)
    ):
        return M_("its rounds' counts")
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
        return M_("its counters kept")
    return None


def _layers_counted(layers: object) -> Message:
    """What is wrong with a header's layers: no list of them, or not as many as the
    pyramid's."""
    if not isinstance(layers, list):
        return M_("no list of layers")
    return M_("{count} layers", count=len(layers))


def layer_size(n: int) -> Message:
    """What is wrong in a header that gives layer ``n`` a wrong size."""
    return M_("layer {n}'s size", n=n)


def beyond(folder: Path, plies: int) -> Message:
    """A build that would count a distance beyond ``plies``, the most a byte holds."""
    return M_("{folder}: a distance beyond {count} plies", folder=str(folder), count=plies)


def damaged_header(folder: Path, what: Message) -> Message:
    """``folder``'s header is damaged: ``what`` of it (:func:`_check_head`'s words)."""
    return M_("{folder}: a damaged {file} ({what})", folder=str(folder), file=HEADER, what=what)


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
    with suppress(OSError):  # (saved as every file is: its links checked)
        write_bytes(folder / CHECKED, json.dumps(known).encode(), suffix="")
