"""A whole-game table's folder handed over by someone else (issue 76 item 5): a header or
layer that is not a regular file (a FIFO, a link to /dev/zero, a directory) or larger than
its bound is refused before it is read; every malformed header is one line (a TableError),
whatever its types, nesting or size (fuzzed); a second build on a folder being built is told
another build runs; ``verify`` finds a copy no look-up reads that holds a value."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_lab.model.search.games.pyraos import builder
from pyramid_lab.model.search.games.pyraos.builder import walk as whole_walk
from pyramid_lab.model.search.games.pyraos.prober import index as whole_index
from pyramid_lab.model.search.games.pyraos.prober import table as whole_table

FULL = os.environ.get("PYRAMID_FUZZ") == "full"
# the build's kernels compiled once for the suite (tests/whole_kernels.py)
pytestmark = pytest.mark.usefixtures("whole_kernels")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("whole") / "t"
    builder.build(builder.create(folder, 2, "standard", "0-2"))
    return folder


@pytest.fixture
def folder(built: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    return copy


def head_of(folder: Path) -> dict[str, Any]:
    return json.loads((folder / builder.HEADER).read_text())


def test_a_copy_opens_as_built(folder):
    table = builder.WholeTable.open(folder)
    assert table.finished
    assert table.probe(0, 0) == builder.WholeTable.open(folder, mmap=True).probe(0, 0)


def test_a_table_of_format_1_is_read_below_base_4_and_refused_at_base_4(folder):
    """Format 1's counting pass could wrap a count of 127 to 129 past its byte: only base 4
    has such counts, so its tables are refused in words, the smaller ones read still."""
    head = head_of(folder)
    assert head["version"] == builder.VERSION == 2
    empty = builder.WholeTable.open(folder).probe(0, 0)
    head["version"] = 1
    (folder / builder.HEADER).write_text(json.dumps(head))
    old = builder.WholeTable.open(folder)
    assert old.finished
    assert old.probe(0, 0) == empty != 0
    head["base"] = 4
    (folder / builder.HEADER).write_text(json.dumps(head))
    with pytest.raises(builder.TableError) as caught:
        builder.WholeTable.open(folder)
    assert str(caught.value) == (
        f"{folder}: a table of format 1 for base 4, built by an earlier version whose counting "
        "pass could wrap a count past a byte, so some of its values are wrong: delete the "
        "folder and build the table again"
    )


@pytest.mark.parametrize("name", [builder.HEADER, "layer-01.bin"])
@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("fifo", "a named pipe (FIFO), not a table's file"),
        ("zero", "a character device, not a table's file"),
        ("folder", "a directory, not a table's file"),
    ],
)
def test_a_file_that_is_not_a_regular_file_is_refused_unread(folder, name, kind, said):
    # A FIFO would hang the read for good, /dev/zero would be read until memory runs out:
    # each is refused by what it is, before a byte is read.
    path = folder / name
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    for mmap in (False, True):
        with pytest.raises(builder.TableError) as caught:
            builder.WholeTable.open(folder, mmap=mmap)
        assert str(caught.value) == f"{path}: {said}"


def test_files_larger_than_their_bound_are_refused_unread(folder):
    layer = folder / "layer-01.bin"
    size = layer.stat().st_size
    with open(layer, "ab") as f:
        f.write(b"\0")
    with pytest.raises(builder.TableError, match=rf"layer-01\.bin: {size + 1} bytes where it has"):
        builder.WholeTable.open(folder)
    header = folder / builder.HEADER
    header.write_bytes(b" " * (builder.MAX_HEADER + 1))
    with pytest.raises(builder.TableError, match=r"table\.json: 1,048,577 bytes beyond the"):
        builder.WholeTable.open(folder)


def _set(head: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    at: Any = head
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return head


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("base",), "3", "its pyramid's base"),
        (("base",), 3.0, "its pyramid's base"),
        (("base",), True, "its pyramid's base"),
        (("base",), 7, "its pyramid's base"),
        (("variant",), ["standard"], "its rules"),
        (("removal",), "3-4", "its rules"),
        (("layers", 1, "crc"), 5, "layer 1's checksum"),
        (("layers", 1, "crc"), ["5"], "layer 1's checksum"),
        (("layers", 2), 7, "layer 2's size"),
        (("layers", 2, "positions"), "4", "layer 2's size"),
        (("layers",), {}, "no list of layers"),
        (("round",), -1, "its round"),
        (("round",), None, "its round"),
        (("done",), [99], "its layers done"),
        (("finished",), 1, "whether it is finished"),
        (("decided",), "many", "its rounds' counts"),
    ],
)
def test_a_malformed_header_is_one_line(folder, path, value, said):
    (folder / builder.HEADER).write_text(json.dumps(_set(head_of(folder), path, value)))
    with pytest.raises(builder.TableError) as caught:
        builder.WholeTable.open(folder)
    assert str(caught.value) == f"{folder}: a damaged {builder.HEADER} ({said})"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": 1e999999}', "too big to read"),
        ('{"format": NaN}', "not JSON"),
        ('{"version": 1, "version": 1}', "given twice"),
        ("\xff", "not JSON"),
        ("", "the file is empty"),
        ('{"format": "pyramid-lab/pyraos-whole", "version": 1.0}', "a table of format unknown"),
        ('{"format": "pyramid-lab/pyraos-whole", "version": true}', "a table of format unknown"),
        ("[1, 2]", "of another kind"),
    ],
)
def test_a_header_that_is_no_header_is_one_line(folder, text, said):
    (folder / builder.HEADER).write_bytes(text.encode("latin-1"))
    with pytest.raises(builder.TableError, match=said) as caught:
        builder.WholeTable.open(folder)
    assert "\n" not in str(caught.value)


def _mutations() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False),
        st.text(max_size=8),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
        ),
        max_leaves=12,
    )


def _paths(head: dict[str, Any]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []

    def walk(value: Any, at: tuple[Any, ...]) -> None:
        if at:
            out.append(at)
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, (*at, key))
        elif isinstance(value, list):
            for i, inner in enumerate(value):
                walk(inner, (*at, i))

    walk(head, ())
    return out


FUZZ = settings(
    max_examples=600 if FULL else 120,
    derandomize=not FULL,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@FUZZ
@given(st.data())
def test_fuzzed_headers_open_or_are_refused_in_one_line(built, folder, data):
    # A field of the header replaced by anything JSON holds (or the header cut short, or
    # bytes flipped): the table opens, or a TableError of one line says why; nothing else
    # gets out (no TypeError, KeyError, RecursionError: the command line's traceback).
    head = head_of(built)
    header = folder / builder.HEADER
    choice = data.draw(st.sampled_from(["field", "cut", "flip"]))
    if choice == "field":
        paths = _paths(head)
        path = data.draw(st.sampled_from(paths))
        text = json.dumps(_set(head, path, data.draw(_mutations())))
    else:
        text = json.dumps(head)
        at = data.draw(st.integers(0, len(text) - 1))
        if choice == "cut":
            text = text[:at]
        else:
            text = text[:at] + data.draw(st.sampled_from(list('{}[]",:0a -.'))) + text[at + 1 :]
    header.write_text(text)
    said = ""
    try:
        table = builder.WholeTable.open(folder)
    except builder.TableError as exc:
        said = str(exc)
    else:
        assert table.probe(0, 0) >= 0
    assert "\n" not in said


def test_a_second_build_is_told_another_runs_before_reading_the_folder(tmp_path):
    # The lock is taken before the folder is read: a build under way is never seen half
    # written (its layers and header between two writes) by a second one.
    import fcntl

    folder = tmp_path / "t"
    builder.create(folder, 2, "standard", "0-2")
    (folder / "layer-01.bin").write_bytes(b"half")  # as a build might leave it a moment
    with open(folder / builder.LOCK, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(builder.TableError, match="another build is running on it"):
            builder.build_folder(folder, 2, "standard", "0-2")


def test_verify_finds_a_copy_no_look_up_reads_holding_a_value(built, tmp_path):
    # The copies (a position's other images under its shape's own symmetries) stay 0: no
    # look-up reads them, so a value there is a table written wrong that answers nothing.
    folder = tmp_path / "t"
    shutil.copytree(built, folder)
    table = builder.WholeTable.open(folder)
    ix = table.index
    copies = [
        (n, i)
        for n in range(ix.layers)
        for i in range(ix.sizes[n])
        if builder.is_copy(
            table, n, i, *whole_walk.unrank(n, i, ix.shapes[n], ix.shape_points[n], ix.arrays)
        )
    ]
    assert copies
    assert all(table.values[n][i] == 0 for n, i in copies)
    n, i = random.Random(1).choice(copies)
    table.values[n][i] = 3
    builder.write_layer(table, n)
    builder.write_head(table)
    table = builder.WholeTable.open(folder)
    checked, bad = builder.verify(table)
    assert checked == sum(ix.sizes)
    assert [(m, j) for m, j, _, _ in bad] == [(n, i)]
    assert np.count_nonzero(table.values[n]) > 0
    from pyramid_lab.model.search.games.pyraos import endgame

    _, named = endgame.whole_verify(table)  # endgame verify's words
    assert [(m, j) for m, j, _ in named] == [(n, i)]
    assert named[0][2].endswith("(O to move), a copy no look-up reads, 3 where it holds 0")


# ---- a probe reads only what it needs (issue 76 item 4) ------------------------------------


def test_a_mapped_table_checks_a_layer_when_first_read_and_remembers_it(
    built, tmp_path, monkeypatch
):
    # Opening for look-ups reads no layer (the whole-file readers fail here if called); a
    # look-up checks its layer's checksum once; the next process finds it remembered.
    folder = tmp_path / "t"
    shutil.copytree(built, folder)
    full = builder.WholeTable.open(folder)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a whole layer read")

    monkeypatch.setattr(whole_table, "checksum", refuse)
    monkeypatch.setattr(np, "fromfile", refuse)
    table = builder.WholeTable.open_mapped(folder)
    layers = full.index.layers
    assert sorted(table.unchecked) == list(range(layers))
    assert table.probe(0, 0) == full.probe(0, 0)
    assert sorted(table.unchecked) == list(range(1, layers))
    again = builder.WholeTable.open_mapped(folder)
    assert sorted(again.unchecked) == list(range(1, layers))
    own = 1 << 2
    assert again.probe(own, 0) == full.probe(own, 0)
    assert again.probe(own, 0) == full.probe(own, 0)
    assert sorted(again.unchecked) == list(range(2, layers))
    # a layer written again is checked again
    (folder / "layer-01.bin").write_bytes((folder / "layer-01.bin").read_bytes())
    assert 1 in builder.WholeTable.open_mapped(folder).unchecked


def test_a_damaged_layer_is_found_when_a_look_up_first_reads_it(built, tmp_path):
    folder = tmp_path / "t"
    shutil.copytree(built, folder)
    layer = folder / "layer-02.bin"
    data = bytearray(layer.read_bytes())
    data[0] ^= 8
    layer.write_bytes(bytes(data))
    table = builder.WholeTable.open_mapped(folder)  # no layer read yet
    assert table.probe(0, 0) > 0  # layer 0 holds
    with pytest.raises(builder.TableError, match=r"layer-02\.bin: damaged"):
        table.probe(0b11, 0)
    with pytest.raises(builder.TableError, match=r"layer-02\.bin: damaged"):
        builder.WholeTable.open_mapped(folder).probe(0b11, 0)  # not remembered as checked


def test_the_index_finds_every_shape_of_base_4_at_its_least_image():
    # The index is made by numpy at once (a probe's first answer waits for it): every
    # shape of the game's pyramid is found by the kernels' look-up, led to its canonical
    # shape (the least image, by the symmetry the slot names) and that shape's number.
    from pyramid_lab.model.pyraos import geometry

    ix = builder.index(4)
    every = np.array(builder.all_shapes(geometry(4)), dtype=np.int64)
    images = builder.images(every, 4)
    least = images.min(axis=0)
    hashed = ix.arrays.hashed
    found = np.array(
        [
            whole_index.slot_info(whole_index.find_slot(occ, hashed), hashed)
            for occ in every.tolist()
        ]
    )
    assert all(whole_index.find_slot(occ, hashed) >= 0 for occ in every.tolist()[::97])
    number, sym, glob = found.T
    assert np.array_equal(images[sym, np.arange(len(every))], least)
    layer = np.bitwise_count(least).astype(np.int64)
    for n in range(ix.layers):
        at = layer == n
        assert np.array_equal(ix.shapes[n][number[at]], least[at])
        assert np.array_equal(glob[at], ix.arrays.first[n] + number[at])
    assert whole_index.find_slot(1 << 40, hashed) == -1
