"""The Pyraos book's opening part, taken from a finished whole-game table
(:mod:`.whole`): the exact value and distance of every position with at most ``spheres``
spheres on the board, and of the positions along the table's line of best play from the
empty pyramid with all their children, shipped as package data so that the Analysis dock,
Hint and review give them at once without a table (issue 67).

A version's file is ``model/data/pyraos-opening-<variant>-<removal>.xz``: one xz stream
of a header line (JSON: :data:`FORMAT`, the version, ``spheres``, how many keys, the line,
the table's figures) and then its keys and bytes: every position's key (the board from the
side to move, the least ``own << 30 | opp`` of its 8 symmetric images: the book's look-up
key, :func:`.kernel.canonical`) in ascending order, each written as its difference from the
one before (8 bytes, little-endian: xz packs the small differences well), then a byte a
key as the table has it (1 + the plies to the end with best play, odd plies a win for the
side to move). A draw (endless play: byte 0) is left out: a position with at most
``spheres`` spheres that is not there is a draw; one with more that is not there is not
known here.

Nine spheres hold the first nine plies of every game (a move adds one sphere at most)
in about 0.85 MB a version, so the four versions fit the 5 MB the issue allows; ten would
take about 1.7 MB a version (docs/engines.md). ``pyramid-lab endgame book --table DIR``
writes a version's file from its table and checks every key against the table.
"""

from __future__ import annotations

import json
import lzma
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ....files import write_bytes
from ....pyraos import Pyraos, PyraosOptions
from .keys import board_key

if TYPE_CHECKING:
    from ...registry import WholeGameTable
    from .whole_table import WholeTable

FORMAT = "pyramid-lab/pyraos-opening/1"
#: Every position with at most this many spheres on the board (the first plies).
SPHERES = 9
DATA = Path(__file__).resolve().parents[3] / "data"
#: A file (compressed) and its contents are read up to these sizes at most.
MAX_FILE = 16 * 1024 * 1024
MAX_CONTENT = 256 * 1024 * 1024


class OpeningError(ValueError):
    """A file that is not a Pyraos opening of this program, or a damaged one (one line)."""


def path_of(variant: str, removal: str, folder: Path = DATA) -> Path:
    """A version's opening file (``folder``: the package's data by default)."""
    return folder / f"pyraos-opening-{variant}-{removal}.xz"


@dataclass
class Opening:
    """A version's opening: ``keys`` ascending (int64) and their ``values`` (see the
    module); ``head`` the file's header."""

    variant: str
    removal: str
    spheres: int
    keys: np.ndarray
    values: np.ndarray
    head: dict[str, Any] = field(default_factory=dict)

    def byte(self, own: int, opp: int) -> int | None:
        """The table's byte of (own, opp), the board from the side to move (0: a draw);
        None where the opening does not know it (more spheres, off the line)."""
        key = board_key(own, opp)  # the kernel's key in Python: no kernel to load
        at = int(np.searchsorted(self.keys, key))
        if at < len(self.keys) and int(self.keys[at]) == key:
            return int(self.values[at])
        return 0 if (own | opp).bit_count() <= self.spheres else None


def to_bytes(opening: Opening) -> bytes:
    """The file's contents (see the module), compressed."""
    keys = np.asarray(opening.keys, dtype=np.int64)
    steps = np.diff(keys, prepend=np.int64(0)).astype("<u8")
    values = np.asarray(opening.values, dtype=np.uint8)
    body = steps.tobytes() + values.tobytes()
    head = dict(opening.head)
    head.update(
        format=FORMAT,
        variant=opening.variant,
        removal=opening.removal,
        spheres=opening.spheres,
        keys=len(keys),
        crc=zlib.crc32(body),
    )
    return lzma.compress(json.dumps(head).encode() + b"\n" + body, preset=9)


def from_bytes(data: bytes, where: str) -> Opening:
    """The opening in ``data`` (a file's bytes); OpeningError naming ``where`` otherwise."""
    unpack = lzma.LZMADecompressor()
    try:
        content = unpack.decompress(data, max_length=MAX_CONTENT)
    except lzma.LZMAError:
        raise OpeningError(f"{where}: not a Pyraos opening (not xz)") from None
    if not unpack.eof:
        raise OpeningError(f"{where}: cut short, or more than {MAX_CONTENT:,} bytes inside")
    line, _, body = content.partition(b"\n")
    try:
        head = json.loads(line)
        ok = isinstance(head, dict) and head.get("format") == FORMAT
        count = int(head["keys"]) if ok else 0
        variant, removal, spheres = str(head["variant"]), str(head["removal"]), int(head["spheres"])
    except (ValueError, KeyError, TypeError):
        ok = False
    if not ok:
        raise OpeningError(f"{where}: not a Pyraos opening (format {FORMAT})")
    if len(body) != 9 * count or zlib.crc32(body) != head.get("crc"):
        raise OpeningError(f"{where}: damaged (its keys do not match its header)")
    keys = np.cumsum(np.frombuffer(body[: 8 * count], dtype="<u8").astype(np.int64))
    values = np.frombuffer(body[8 * count :], dtype=np.uint8)
    if count and (np.any(np.diff(keys) <= 0) or keys[0] < 0):
        raise OpeningError(f"{where}: damaged (its keys are not in order)")
    return Opening(variant, removal, spheres, keys, values, head)


def read(path: Path) -> Opening:
    """The opening file at ``path``; OpeningError (one line) when it cannot be read."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE:
            raise OpeningError(f"{path}: {size:,} bytes, more than an opening has")
        data = path.read_bytes()
    except OSError as exc:
        raise OpeningError(f"{path}: {exc.strerror or 'cannot be read'}") from None
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


# ---- made from a table ------------------------------------------------------------------


def best_line(table: WholeTable, start: Pyraos) -> tuple[list[Pyraos], list[str]]:
    """The positions along the table's line of best play from ``start`` and its moves:
    the winner's shortest win, the loser's longest resistance (the first such move in the
    rules' order), until the game ends or a draw."""
    line, moves = [start], []
    game = start
    while not game.is_over():
        byte = table.probe(*game.mover_masks())
        if byte == 0:
            break
        for move in game.legal_moves():
            child = game.copy()
            child.push(move)
            over = child.is_over()  # the top placed, or the other side left without a move
            if (byte == 2) if over else table.probe(*child.mover_masks()) == byte - 1:
                break
        else:
            raise OpeningError(f"{table.folder}: no move keeps the value of a line position")
        game = child
        line.append(game)
        moves.append(str(move))
    return line, moves


def build(
    table: WholeTable, spheres: int = SPHERES, progress: Callable[[str], None] | None = None
) -> Opening:
    """The opening of ``table``'s version: every decided position of its layers up to
    ``spheres``, and the positions along its best line from the empty pyramid with all
    their children."""
    from . import whole_kernel as wk
    from .kernel import canonical

    say = progress or (lambda text: None)
    ix = table.index
    found: dict[int, int] = {}
    parts_k, parts_v = [], []
    for n in range(min(spheres, ix.layers - 1) + 1):
        size = ix.sizes[n]
        keys = np.zeros(size, dtype=np.int64)
        values = np.zeros(size, dtype=np.uint8)
        layer = np.asarray(table.values[n])
        args = (table.geo, ix.arrays, ix.shapes[n], ix.shape_points[n], layer, keys, values)
        m = wk.layer_keys(n, *args)
        parts_k.append(keys[:m])
        parts_v.append(values[:m])
        say(f"{n} spheres: {m:,} positions decided of {size:,}")
    start = Pyraos.new(PyraosOptions(table.variant, table.removal))
    line, moves = best_line(table, start)
    for game in line:
        if game.is_over():
            continue
        for move in game.legal_moves():
            child = game.copy()
            child.push(move)
            for position in (game, child):
                if position.is_over():
                    continue
                own, opp = position.mover_masks()
                if (own | opp).bit_count() > spheres:
                    byte = table.probe(own, opp)
                    if byte:
                        found[int(canonical(own, opp))] = byte
    say(f"the line of best play: {len(line) - 1} plies, {len(found):,} positions beyond")
    keys = np.concatenate([*parts_k, np.array(list(found), dtype=np.int64)])
    values = np.concatenate([*parts_v, np.array(list(found.values()), dtype=np.uint8)])
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    unique = np.ones(len(keys), dtype=bool)
    unique[1:] = keys[1:] != keys[:-1]  # a position's copies: one key, one byte
    keys, values = keys[unique], values[unique]
    root = table.probe(0, 0)
    head = {
        "note": (
            "Taken from this project's whole-game table of the version (pyramid-lab endgame "
            "build --whole, push retrograde): every position with at most "
            f"{spheres} spheres on the board, and the line of best play from the empty "
            "pyramid with every move's position; the values and distances are exact."
        ),
        "empty": root,
        "line": moves,
    }
    return Opening(table.variant, table.removal, spheres, keys, values, head)


def check(opening: Opening, table: WholeGameTable) -> int:
    """How many of the opening's keys the table gives another byte (0: all agree)."""
    wrong = 0
    mask = (1 << 30) - 1
    for key, byte in zip(opening.keys.tolist(), opening.values.tolist(), strict=True):
        if table.probe(key >> 30, key & mask) != byte:
            wrong += 1
    return wrong


def write(opening: Opening, path: Path) -> int:
    """Write the file whole or not at all; its size."""
    data = to_bytes(opening)
    write_bytes(path, data)
    return len(data)
