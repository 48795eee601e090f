"""The Pyraos book's opening part, taken from a finished whole-game table
(:mod:`..builder`): the exact value and distance of every position with at most ``spheres``
spheres on the board, and of the positions along the table's line of best play from the
empty pyramid with all their children, shipped as package data so that the Analysis dock,
Hint and review give them at once without a table (issue 67).

A version's file is ``model/data/pyraos-opening-<variant>-<removal>.bin``: a header line
(JSON: :data:`FORMAT`, the version, ``spheres``, how many keys, ``block``: keys a block,
``blocks``, ``size`` and ``crc``: the bytes after the line and their CRC-32, the line, the
table's figures), then an index of 16 bytes a block (its first key, 8 bytes, its length
and the CRC-32 of its contents, 4 bytes each, little-endian) and the blocks, each
compressed on its own (a raw LZMA2 stream, 64 KiB dictionary: :data:`_FILTERS`). A
position's key is the board from the side to move, the least ``own << 30 | opp`` of its 8
symmetric images (the book's look-up key, :func:`.kernel.canonical`); the keys are in
ascending order, ``block`` to a block, and a block holds a byte ``w`` (1 to 8), its keys'
differences from the one before (the first 0: the index has the key) as ``w`` planes of a
byte a key (the lowest bytes of every difference, then the next: the high planes, mostly
zeros, pack to nothing), then a byte a key as the table has it (1 + the plies to the end
with best play, odd plies a win for the side to move). A draw (endless play: byte 0) is
left out: a position with at most ``spheres`` spheres that is not there is a draw; one
with more that is not there is not known here.

A look-up reads the file, checks its CRC (a millisecond) and decompresses only the block
of the key asked (about 40 KB inside, a millisecond; the planes are put together by
slices and the keys summed by :func:`itertools.accumulate`, no loop of Python's), so that
a book answer loads neither numpy nor a search (issue 76 item 6: the first format, one xz
stream, took 0.13 s to decompress and numpy 0.09 s to load on each command). The first
format (``pyramid-lab/pyraos-opening/1``: one xz stream of the header line, the keys'
differences as 8 bytes each and the bytes) is still read, whole, so that a file written
before can be written again in this one (:mod:`..opening_convert`).

Nine spheres hold the first nine plies of every game (a move adds one sphere at most)
in about 1.1 MB a version, so the four versions fit the 5 MB the issue allows.
``pyramid-lab endgame book --table DIR`` writes a version's file from its table and checks
every key against the table.
"""

from __future__ import annotations

import itertools
import json
import lzma
import struct
import zlib
from bisect import bisect_left, bisect_right
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import M_, Message, number

from .....errors import SaidError
from .....files import write_bytes
from .....words import system_reason
from ..keys import board_key

if TYPE_CHECKING:
    import numpy as np


FORMAT = "pyramid-lab/pyraos-opening/2"
#: The first format (one xz stream), still read.
FORMAT_XZ = "pyramid-lab/pyraos-opening/1"
#: Every position with at most this many spheres on the board (the first plies).
SPHERES = 9
#: Keys a block: a look-up decompresses one block (about 40 KB inside).
BLOCK = 8192
#: A block's compression (the decoder needs only the dictionary's size).
_FILTERS = [{"id": lzma.FILTER_LZMA2, "dict_size": 1 << 16}]
_PACK_FILTERS = [{**_FILTERS[0], "preset": 9 | lzma.PRESET_EXTREME}]
DATA = Path(__file__).resolve().parents[4] / "data"
#: A file (compressed) and its contents are read up to these sizes at most.
MAX_FILE = 16 * 1024 * 1024
MAX_CONTENT = 256 * 1024 * 1024
#: A block's index entry: its first key, its compressed length, its contents' CRC-32.
_ENTRY = struct.Struct("<QII")
#: The blocks kept decompressed (a review or an analysis asks the same ones again), about
#: 330 KB each (a list of Python's ints: bisected at C speed).
_KEPT = 32
_XZ_MAGIC = b"\xfd7zXZ\x00"


class OpeningError(SaidError):
    """A file that is not a Pyraos opening of this program, or a damaged one (one line): a
    Message, said in the language of whoever reads it."""


def path_of(variant: str, removal: str, folder: Path = DATA) -> Path:
    """A version's opening file (``folder``: the package's data by default)."""
    return folder / f"pyraos-opening-{variant}-{removal}.bin"


class _Blocks:
    """A file's blocks, decompressed one at a time as a look-up needs them."""

    def __init__(self, where: str, data: bytes, at: int, head: dict[str, Any]) -> None:
        self.where = where
        self.data = data
        self.count = int(head["keys"])
        self.per_block = int(head["block"])
        blocks = int(head["blocks"])
        if self.per_block < 1 or blocks != -(-self.count // self.per_block):
            raise OpeningError(M_("{file}: damaged (its blocks do not match its keys)", file=where))
        end = at + blocks * _ENTRY.size
        entries = list(_ENTRY.iter_unpack(data[at:end]))
        self.firsts = [first for first, _, _ in entries]
        self.crcs = [crc for _, _, crc in entries]
        self.starts = [end]
        for _, length, _ in entries:
            self.starts.append(self.starts[-1] + length)
        if self.starts[-1] != len(data):
            raise OpeningError(
                M_("{file}: damaged (its blocks do not match its index)", file=where)
            )
        if any(a >= b for a, b in itertools.pairwise(self.firsts)):
            raise OpeningError(_out_of_order(where))
        self.kept: dict[int, tuple[list[int], bytes]] = {}

    def size_of(self, at: int) -> int:
        """How many keys block ``at`` holds."""
        return min(self.per_block, self.count - at * self.per_block)

    def block(self, at: int) -> tuple[list[int], bytes]:
        """Block ``at``'s keys and bytes; OpeningError where it is damaged."""
        found = self.kept.pop(at, None) or self._unpack(at)
        if len(self.kept) >= _KEPT:
            del self.kept[next(iter(self.kept))]  # the one asked longest ago
        self.kept[at] = found
        return found

    def _unpack(self, at: int) -> tuple[list[int], bytes]:
        n = self.size_of(at)
        bad = OpeningError(M_("{file}: damaged (block {block})", file=self.where, block=at))
        try:
            raw = lzma.decompress(
                self.data[self.starts[at] : self.starts[at + 1]],
                format=lzma.FORMAT_RAW,
                filters=_FILTERS,
            )
        except lzma.LZMAError:
            raise bad from None
        width = raw[0] if raw else 0
        if zlib.crc32(raw) != self.crcs[at] or not 1 <= width <= 8:
            raise bad
        if len(raw) != 1 + (width + 1) * n:
            raise bad
        wide = bytearray(8 * n)  # each difference's 8 bytes, little-endian
        for plane in range(width):
            wide[plane::8] = raw[1 + plane * n : 1 + (plane + 1) * n]
        steps = memoryview(wide).cast("Q").tolist()
        if steps[0] or 0 in itertools.islice(steps, 1, None):  # (a step of 0: a key twice)
            raise OpeningError(_out_of_order(self.where))
        steps[0] = self.firsts[at]
        keys = list(itertools.accumulate(steps))  # (an array of 8 bytes a key: twice as slow)
        after = self.firsts[at + 1] if at + 1 < len(self.firsts) else None
        if after is not None and keys[-1] >= after:
            raise OpeningError(_out_of_order(self.where))
        return keys, raw[-n:]

    def find(self, key: int) -> int | None:
        """The byte of ``key``; None where the file has no such key."""
        at = bisect_right(self.firsts, key) - 1
        if at < 0:
            return None
        keys, values = self.block(at)
        i = bisect_left(keys, key)
        return values[i] if i < len(keys) and keys[i] == key else None

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Every key and byte, decompressed (numpy: the writer's and the tests' view)."""
        import numpy as np

        keys: list[int] = []
        values = bytearray()
        for at in range(len(self.firsts)):
            k, v = self._unpack(at)
            keys += k
            values += v
        return np.array(keys, dtype=np.int64), np.frombuffer(bytes(values), dtype=np.uint8)


def _planes(steps: np.ndarray) -> bytes:
    """A block's differences (uint64) as the file has them: their width in bytes, then
    that many planes of a byte a difference, the lowest first."""
    width = max(1, (int(steps.max()).bit_length() + 7) // 8)
    low = steps.astype("<u8").view("u1").reshape(-1, 8)[:, :width]
    return bytes([width]) + low.T.tobytes()


class Opening:
    """A version's opening: its keys ascending and their bytes (see the module), held in
    memory (made from a table, or read from a file of the first format) or read a block
    at a time from a file; ``head`` the file's header."""

    def __init__(
        self,
        variant: str,
        removal: str,
        spheres: int,
        keys: Any = None,
        values: Any = None,
        head: dict[str, Any] | None = None,
        *,
        blocks: _Blocks | None = None,
    ) -> None:
        self.variant, self.removal, self.spheres = variant, removal, spheres
        self.head: dict[str, Any] = dict(head or {})
        self._keys, self._values, self._blocks = keys, values, blocks
        if blocks is None and (keys is None or values is None or len(keys) != len(values)):
            raise ValueError("an opening in memory takes as many keys as values")

    @property
    def count(self) -> int:
        """How many keys it holds."""
        return self._blocks.count if self._blocks is not None else len(self._keys)

    @property
    def keys(self) -> np.ndarray:
        """Every key, ascending (int64; a file's are decompressed, all, on first use)."""
        return self._arrays()[0]

    @property
    def values(self) -> np.ndarray:
        """Every key's byte (uint8), in the keys' order."""
        return self._arrays()[1]

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._keys is None and self._blocks is not None:
            self._keys, self._values = self._blocks.arrays()
        return self._keys, self._values

    def byte(self, own: int, opp: int) -> int | None:
        """The table's byte of (own, opp), the board from the side to move (0: a draw);
        None where the opening does not know it (more spheres, off the line).
        OpeningError where the block it is in is damaged."""
        key = board_key(own, opp)  # the kernel's key in Python: no kernel to load
        if self._blocks is not None:
            found = self._blocks.find(key)
        else:
            at = bisect_left(self._keys, key)
            hit = at < len(self._keys) and int(self._keys[at]) == key
            found = int(self._values[at]) if hit else None
        if found is not None:
            return found
        return 0 if (own | opp).bit_count() <= self.spheres else None


def _out_of_order(where: str) -> Message:
    return M_("{file}: damaged (its keys are not in order)", file=where)


def _not_an_opening(where: str, expected: str) -> Message:
    return M_("{file}: not a Pyraos opening (format {format})", file=where, format=expected)


def to_bytes(opening: Opening, block: int = BLOCK) -> bytes:
    """The file's contents (see the module). OpeningError where the keys are not
    ascending and each once, or a byte is not one."""
    import numpy as np

    keys = np.asarray(opening.keys, dtype=np.int64)
    values = np.asarray(opening.values, dtype=np.uint8).tobytes()
    if len(keys) and (np.any(np.diff(keys) <= 0) or keys[0] < 0):
        raise OpeningError(M_("an opening's keys go in ascending order, each once"))
    index, parts = bytearray(), []
    for start in range(0, len(keys), block):
        part = keys[start : start + block]
        raw = _planes(np.diff(part, prepend=part[:1])) + values[start : start + block]
        packed = lzma.compress(raw, format=lzma.FORMAT_RAW, filters=_PACK_FILTERS)
        index += _ENTRY.pack(int(part[0]), len(packed), zlib.crc32(raw))
        parts.append(packed)
    body = bytes(index) + b"".join(parts)
    head = dict(opening.head)
    for old in (
        "format",
        "variant",
        "removal",
        "spheres",
        "keys",
        "block",
        "blocks",
        "size",
        "crc",
    ):
        head.pop(old, None)
    head = {
        "format": FORMAT,
        "variant": opening.variant,
        "removal": opening.removal,
        "spheres": opening.spheres,
        "keys": len(keys),
        "block": block,
        "blocks": len(parts),
        "size": len(body),
        "crc": zlib.crc32(body),
        **head,
    }
    return json.dumps(head).encode() + b"\n" + body


def from_bytes(data: bytes, where: str) -> Opening:
    """The opening in ``data`` (a file's bytes); OpeningError naming ``where`` otherwise."""
    if data.startswith(_XZ_MAGIC):
        return _from_xz(data, where)
    line, newline, body = data.partition(b"\n")
    head = _head(line if newline else b"", where, FORMAT)
    try:
        size, crc = int(head["size"]), int(head["crc"])
    except (ValueError, KeyError, TypeError):
        raise OpeningError(_not_an_opening(where, FORMAT)) from None
    if len(body) != size:
        raise OpeningError(M_("{file}: cut short, or more than its header says", file=where))
    if zlib.crc32(body) != crc:
        raise OpeningError(M_("{file}: damaged (its CRC does not match its header)", file=where))
    try:
        blocks = _Blocks(where, data, len(line) + 1, head)
    except (ValueError, KeyError, TypeError, struct.error) as exc:
        if isinstance(exc, OpeningError):
            raise
        said = M_("{file}: damaged (its index does not match its header)", file=where)
        raise OpeningError(said) from None
    return Opening(head["variant"], head["removal"], head["spheres"], head=head, blocks=blocks)


def _head(line: bytes, where: str, expected: str) -> dict[str, Any]:
    """A file's header line, checked: a dict of ``expected``'s format with its version."""
    try:
        head = json.loads(line)
        ok = isinstance(head, dict) and head.get("format") == expected
        if ok:
            int(head["keys"])
            head["variant"], head["removal"] = str(head["variant"]), str(head["removal"])
            head["spheres"] = int(head["spheres"])
    except (ValueError, KeyError, TypeError):
        ok = False
    if not ok:
        raise OpeningError(_not_an_opening(where, expected))
    return dict(head)


def _from_xz(data: bytes, where: str) -> Opening:
    """An opening of the first format (one xz stream, read whole: numpy's)."""
    import lzma

    import numpy as np

    unpack = lzma.LZMADecompressor()
    try:
        content = unpack.decompress(data, max_length=MAX_CONTENT)
    except lzma.LZMAError:
        raise OpeningError(M_("{file}: not a Pyraos opening (not xz)", file=where)) from None
    if not unpack.eof:
        raise OpeningError(
            M_(
                "{file}: cut short, or more than {count} bytes inside",
                file=where,
                count=number(MAX_CONTENT),
            )
        )
    line, _, body = content.partition(b"\n")
    head = _head(line, where, FORMAT_XZ)
    count = int(head["keys"])
    if len(body) != 9 * count or zlib.crc32(body) != head.get("crc"):
        raise OpeningError(M_("{file}: damaged (its keys do not match its header)", file=where))
    keys = np.cumsum(np.frombuffer(body[: 8 * count], dtype="<u8").astype(np.int64))
    values = np.frombuffer(body[8 * count :], dtype=np.uint8)
    if count and (np.any(np.diff(keys) <= 0) or keys[0] < 0):
        raise OpeningError(_out_of_order(where))
    return Opening(head["variant"], head["removal"], head["spheres"], keys, values, head)


def read(path: Path) -> Opening:
    """The opening file at ``path`` (either format); OpeningError (one line) when it
    cannot be read."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE:
            raise OpeningError(
                M_(
                    "{file}: {count} bytes, more than an opening has",
                    file=str(path),
                    count=number(size),
                )
            )
        data = path.read_bytes()
    except OSError as exc:
        if exc.strerror:  # (the system's words)
            said = M_("{file}: {reason}", file=str(path), reason=system_reason(exc))
        else:
            said = M_("{file}: cannot be read", file=str(path))
        raise OpeningError(said) from None
    return from_bytes(data, str(path))


@cache
def shipped(variant: str, removal: str) -> Opening | None:
    """The shipped opening of a version, read once; None where none ships (its table was
    not built here) or it cannot be read (a damaged install: the book does without)."""
    path = path_of(variant, removal)
    if not path.exists():
        return None
    try:
        found = read(path)
    except OpeningError:
        return None
    return found if (found.variant, found.removal) == (variant, removal) else None


def write(opening: Opening, path: Path) -> int:
    """Write the file whole or not at all; its size."""
    data = to_bytes(opening)
    write_bytes(path, data)
    return len(data)
