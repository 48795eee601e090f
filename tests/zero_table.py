"""A finished base-4 Pylos table of the standard version, every byte 0 (a draw), its layers
sparse files: the header names each layer's size and the checksum of the layers a probe
reads (the others are never read). Shared by the prober's test
(tests/model/test_pyraos_prober.py) and the table probe of tests/bench/wave_compare.py,
which writes it with the prober of the tree it times."""

from __future__ import annotations

import json
import zlib
from collections.abc import Collection
from pathlib import Path


def write_zero_table(folder: Path, probed: Collection[int]) -> None:
    """The table in ``folder`` (made), the checksums of the layers ``probed`` (by their
    balls on the board) written true, the others' left 0."""
    from pyramid_lab.model.search.games.pyraos.prober.files import FORMAT, VERSION
    from pyramid_lab.model.search.games.pyraos.prober.index import index

    folder.mkdir(parents=True)
    layers = []
    for n, size in enumerate(index(4).sizes):
        with open(folder / f"layer-{n:02d}.bin", "wb") as f:
            f.truncate(size)
        crc, left, block = 0, size if n in probed else 0, bytes(1 << 24)
        while left:
            crc = zlib.crc32(block[: min(left, len(block))], crc)
            left -= min(left, len(block))
        layers.append({"positions": size, "crc": [crc]})
    head = {"format": FORMAT, "version": VERSION, "base": 4, "variant": "standard"}
    head |= {"removal": "0-2", "round": 0, "done": [], "finished": True}
    head |= {"layers": layers, "decided": []}
    (folder / "table.json").write_text(json.dumps(head))
