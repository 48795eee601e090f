"""A whole-game build by push keeps a byte a position while built (issue 76 item 2): an
undecided position's byte holds the count of its children still open, and a position of
more than a byte holds has its count in the side table. The base-3 pyramid's positions
have fewer children than a byte holds, so these tests make the byte hold at most 2 or 3
(``whole_steps.BYTE_HOLDS``): most positions then go through the side table, its counts
saved with the counters and read back on a resume, and the table must be the same bytes."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pyramid_lab.model.search.games.pyraos import builder
from pyramid_lab.model.search.games.pyraos.builder import pushing
from pyramid_lab.model.search.games.pyraos.builder import steps as whole_steps

VERSIONS = [("standard", "0-2"), ("standard", "1-2"), ("children", "0-2"), ("alternate", "0-2")]
# the build's kernels compiled once for the suite (tests/whole_kernels.py)
pytestmark = pytest.mark.usefixtures("whole_kernels")


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], builder.WholeTable]:
    root = tmp_path_factory.mktemp("whole")
    return {
        (v, r): builder.build(builder.create(root / f"{v}-{r}", 3, v, r), method="rounds")
        for v, r in VERSIONS
    }


def same(table: builder.WholeTable, other: builder.WholeTable) -> bool:
    return all(np.array_equal(a, b) for a, b in zip(table.values, other.values, strict=True))


@pytest.mark.parametrize(("variant", "removal"), VERSIONS)
@pytest.mark.parametrize("holds", [2, 3])
def test_the_side_table_gives_the_same_bytes(
    tables, tmp_path, monkeypatch, variant, removal, holds
):
    monkeypatch.setattr(whole_steps, "BYTE_HOLDS", holds)
    folder = tmp_path / "t"
    _stopped_after_counting(folder, variant, removal)
    # the side counts are saved after each layer's bytes: some positions went there
    sides = [
        (folder / f"counts-{n:02d}.bin").stat().st_size - size
        for n, size in enumerate(builder.index(3).sizes)
    ]
    assert sum(sides) > 0
    assert all(s % 8 == 0 for s in sides)
    table = builder.build_folder(folder, 3, variant, removal)
    assert same(table, tables[variant, removal])
    assert max(int(v.max()) for v in table.values) < pushing.OPEN  # no code left: draws are 0


def test_the_side_table_resumes_inside_a_step(tables, tmp_path, monkeypatch):
    monkeypatch.setattr(whole_steps, "BYTE_HOLDS", 2)
    folder = tmp_path / "t"

    def progress(entry: dict[str, Any]) -> None:
        if entry["step"] == "push" and entry["round"] == 4:
            raise KeyboardInterrupt  # in step 4 (a won frontier: the counts taken from)

    with pytest.raises(KeyboardInterrupt):
        builder.build(builder.create(folder, 3, "standard", "0-2"), progress=progress)
    said: list[str] = []
    table = builder.build_folder(folder, 3, "standard", "0-2", say=said.append)
    assert said[0].endswith("the counters kept: no counting pass")
    assert same(table, tables["standard", "0-2"])


def _stopped_after_counting(
    folder: Path, variant: str = "standard", removal: str = "0-2"
) -> builder.WholeTable:
    """A base-3 table's build stopped once its counting pass (14 layers) is done, at step
    1's first layer, opened again."""
    seen: list[dict[str, Any]] = []
    with pytest.raises(builder.Stopped):
        builder.build(
            builder.create(folder, 3, variant, removal),
            progress=seen.append,
            stop=lambda: len(seen) >= 14,
        )
    assert [e["step"] for e in seen] == ["count"] * 14
    return builder.WholeTable.open(folder)


def test_a_side_count_that_does_not_match_its_positions_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(whole_steps, "BYTE_HOLDS", 2)
    folder = tmp_path / "t"
    table = _stopped_after_counting(folder)
    head = table.head["counters"]
    n = max(range(14), key=lambda k: (folder / f"counts-{k:02d}.bin").stat().st_size)
    path = folder / f"counts-{n:02d}.bin"
    data = path.read_bytes()[:-8]  # one side count short, its checksum made to match
    path.write_bytes(data)
    head["crc"][n] = zlib.crc32(data)
    builder.write_head(table)
    with pytest.raises(builder.TableError, match="side counts do not match"):
        builder.build_folder(Path(folder), 3, "standard", "0-2")


def test_a_folder_with_the_old_2_byte_counters_is_counted_again(tables, tmp_path):
    # A build stopped before issue 76 item 2 kept 2-byte counters in counters-NN.bin,
    # named in the header with their checksums: they are never read as a byte a position
    # (another name), the counters are counted again, and the old files go at the end.
    folder = tmp_path / "t"
    table = _stopped_after_counting(folder)
    for n, size in enumerate(table.index.sizes):
        (folder / f"counts-{n:02d}.bin").unlink()
        old = np.full(size, 7, dtype=np.uint16)
        old.tofile(folder / f"counters-{n:02d}.bin")
        table.head["counters"]["crc"][n] = zlib.crc32(old.tobytes())
    builder.write_head(table)
    said: list[str] = []
    again = builder.build_folder(folder, 3, "standard", "0-2", say=said.append)
    assert said[0].endswith("the counters counted again first, a pass over every position")
    assert same(again, tables["standard", "0-2"])
    assert not list(folder.glob("counters-*"))


@pytest.mark.parametrize("holds", [2, 3])
def test_a_count_past_what_a_byte_holds_always_goes_to_the_side_table(tmp_path, monkeypatch, holds):
    # Each position's count of children still open is its byte (OPEN + the count) up to
    # BYTE_HOLDS, ESCAPE past it, whatever counts came before it in its chunk: the kernel
    # once compared with the greatest count seen so far instead (a name shadowed), so on
    # base 4 a count of 127 to 129 after a greater one wrapped past 255 (a wrong value, or
    # ESCAPE with no side count) and the build ran on past 118 plies
    monkeypatch.setattr(whole_steps, "BYTE_HOLDS", holds)
    table = builder.create(tmp_path / "t", 3, "standard", "0-2")
    codes = 0
    for n in range(table.index.layers - 1, -1, -1):
        whole_steps.push_layer(table, whole_steps.NO_SIDE, "count", n, 0)
        layer = table.values[n]
        codes += int(np.count_nonzero(layer >= pushing.OPEN))
        assert not np.any((layer > pushing.OPEN + holds) & (layer < pushing.ESCAPE)), n
    assert codes > 1000
