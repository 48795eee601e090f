"""Write the Pyraos book's openings of the first format (one xz stream,
``pyramid-lab/pyraos-opening/1``) in the block format (``pyramid-lab/pyraos-opening/2``,
:mod:`model.search.games.pyraos.prober.opening`) with the project's writer, and check every entry
of the file written against the old file, decoded here on its own (issue 76 item 6).

    .venv/bin/python -m pyramid_lab.model.search.games.pyraos.opening_convert OLD.xz ...

(the shipped files of the first format: ``git show 4946e51:model/data/NAME.xz``). Each
OLD.xz becomes OLD.bin beside it (``--check-only``: nothing written, the .bin already
there compared). The check: the same keys in the same order with the same bytes, every
key's byte as a look-up answers it (a block at a time), keys between them absent, the
header's version, spheres, line and note the same. Exit status 1 where anything differs.
(``pyramid-lab endgame book --table DIR`` writes the new format from a finished table.)
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
from pathlib import Path
from typing import Any

import numpy as np

from .prober import opening


def old_entries(path: Path) -> tuple[dict[str, Any], np.ndarray, np.ndarray]:
    """The first format decoded here, without the module: header, keys, bytes."""
    content = lzma.decompress(path.read_bytes())
    line, _, body = content.partition(b"\n")
    head = json.loads(line)
    count = int(head["keys"])
    keys = np.cumsum(np.frombuffer(body[: 8 * count], dtype="<u8").astype(np.int64))
    return head, keys, np.frombuffer(body[8 * count :], dtype=np.uint8)


def compare(old: Path, new: Path) -> list[str]:
    """What differs between the old file's entries and the new one's (empty: none)."""
    head, keys, values = old_entries(old)
    back = opening.read(new)
    wrong = []
    for name in ("variant", "removal", "spheres", "line", "empty", "note"):
        if head.get(name) != back.head.get(name) or (
            name in ("variant", "removal", "spheres") and head[name] != getattr(back, name)
        ):
            wrong.append(f"header {name}")
    if back.count != len(keys) or not np.array_equal(back.keys, keys):
        wrong.append("keys")
    if not np.array_equal(back.values, values):
        wrong.append("bytes")
    blocks = back._blocks  # the look-up's own path, a block at a time
    assert blocks is not None
    looked = [blocks.find(k) for k in keys.tolist()]
    if looked != values.tolist():
        differ = sum(a != b for a, b in zip(looked, values.tolist(), strict=True))
        wrong.append(f"{differ:,} look-ups")
    between = [k + 1 for k in keys.tolist()[::97]]
    present = set(keys.tolist())
    if any(blocks.find(k) is not None for k in between if k not in present):
        wrong.append("a key between two found")
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", nargs="+", type=Path, help="openings of the first format")
    parser.add_argument("--check-only", action="store_true", help="write nothing, compare")
    args = parser.parse_args(argv)
    status = 0
    for old in args.old:
        new = old.with_suffix(".bin")
        if not args.check_only:
            try:
                size = opening.write(opening.read(old), new)
            except opening.OpeningError as exc:
                print(exc, file=sys.stderr)
                return 2
        else:
            size = new.stat().st_size
        wrong = compare(old, new)
        count = opening.read(new).count
        verdict = "identical" if not wrong else "DIFFERENT: " + ", ".join(wrong)
        print(
            f"{old.name} ({old.stat().st_size:,} bytes) -> {new.name} ({size:,} bytes): "
            f"{count:,} entries, {verdict}"
        )
        status |= bool(wrong)
    return status


if __name__ == "__main__":
    sys.exit(main())
