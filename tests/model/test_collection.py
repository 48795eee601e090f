"""model.collection: a folder's puzzles in order (its collection.json first, then by the
difficulty written in the files, then by name) and the ticks kept in a file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.model.collection import (
    INDEX,
    INDEX_FORMAT,
    Progress,
    difficulty_of,
    load,
    position_key,
    rank_key,
)
from pyramid_lab.model.files import read, write
from pyramid_lab.model.game import PositionFormatError

PARTITION = Path(__file__).resolve().parents[2] / "model" / "data" / "puzzles" / "partition"
A, B, C = (
    "floating-3-win-in-1-a.pyr.json",
    "floating-3-win-in-2-a.pyr.json",
    "stacking-3-win-in-2-a.pyr.json",
)


@pytest.fixture
def folder(tmp_path):
    out = tmp_path / "set"
    out.mkdir()
    for name in (A, B, C):
        shutil.copy(PARTITION / name, out / name)
    return out


def test_the_index_orders_first_then_the_written_difficulty(folder):
    (folder / INDEX).write_text(json.dumps({"format": INDEX_FORMAT, "puzzles": [{"file": C}]}))
    for name, value in ((A, "900 playouts"), (B, "12 playouts")):
        doc = read(folder / name)
        write(folder / name, doc.game, {**doc.puzzle, "difficulty": value})
    (folder / "plain.pyr.json").write_text((folder / A).read_text().replace('"puzzle"', '"x"'))
    collection = load(folder)
    assert [e.path.name for e in collection.entries] == [C, B, A]
    assert [e.difficulty for e in collection.entries[1:]] == [12, 900]
    assert collection.entries[0].goal == "blue wins within 3 plies"
    assert collection.problems  # the file with an unknown key is named, not fatal


def test_a_bad_index_or_folder_is_refused(folder, tmp_path):
    (folder / INDEX).write_text(json.dumps({"format": "other"}))
    with pytest.raises(PositionFormatError, match=r"collection\.json"):
        load(folder)
    with pytest.raises(NotADirectoryError):
        load(tmp_path / "none")


def test_ticks_are_kept_in_a_file_and_follow_the_position(folder, tmp_path):
    store = tmp_path / "config" / "solved.json"
    progress = Progress(store)
    collection = load(folder)
    first = collection.entries[0]
    assert progress.next_unsolved(collection) == 0
    assert progress.mark(first)
    assert not progress.mark(first)  # already ticked
    again = Progress(store)  # the next run
    assert again.is_solved(first.key)
    assert again.count(collection) == 1
    assert again.next_unsolved(collection) == 1
    assert again.next_unsolved(collection, current=2) == 1  # back to the skipped one
    assert again.next_unsolved(collection, current=1) == 2  # not the one being played
    renamed = folder / "renamed.pyr.json"
    (folder / first.path.name).rename(renamed)
    assert position_key(read(renamed).game) == first.key  # a tick follows the puzzle
    again.forget()
    assert not Progress(store).solved


def test_a_damaged_store_is_set_aside_and_said_and_none_counts_solved(tmp_path):
    store = tmp_path / "solved.json"
    store.write_text("not json")
    progress = Progress(store)
    assert progress.solved == {}
    assert "was damaged (not valid JSON" in progress.take_notice()
    assert (tmp_path / "solved.damaged.json").read_text() == "not json"  # kept, beside it


def test_difficulty_is_the_number_a_text_starts_with():
    assert difficulty_of({"difficulty": "64 playouts"}) == 64
    assert difficulty_of({"difficulty": "hard"}) is None
    assert difficulty_of({}) is None


def test_past_the_saturation_point_the_rank_goes_by_plies_then_proof_nodes():
    cap = 13107
    found = rank_key(6784, 7, 16597, cap)
    short = rank_key(65536, 3, 479, cap)  # never settled: a win in 2
    longer = rank_key(13114, 7, 2065, cap)  # one seed never settled: a win in 4
    assert found < short < longer  # the playouts no longer order those two
    assert rank_key(40, 3, 10, None) < rank_key(65536, 1, 10, None)  # no cap: playouts
    assert rank_key(None, 1, 1, cap) > longer  # no measure: last


def test_levels_are_thirds_of_the_measured_puzzles_and_the_measure_is_kept(folder):
    index = {
        "format": INDEX_FORMAT,
        "saturates_at": 100,
        "puzzles": [
            {"file": A, "difficulty": 8, "plies": 1, "proof_nodes": 10},
            {"file": B, "difficulty": 50, "plies": 3, "proof_nodes": 265},
            {"file": C, "difficulty": 26242, "plies": 3, "proof_nodes": 129},
        ],
    }
    (folder / INDEX).write_text(json.dumps(index))
    entries = load(folder).entries
    assert [e.level_name for e in entries] == ["easy", "medium", "hard"]
    assert [e.stars for e in entries] == [
        "\u2605\u2606\u2606",
        "\u2605\u2605\u2606",
        "\u2605\u2605\u2605",
    ]
    assert [e.capped for e in entries] == [False, False, True]
    assert entries[2].difficulty == 26242  # the raw measure stays
    assert entries[2].measure_text() == (
        "26242 playouts (the engine often misses it; ranked by 3 plies, 129 proof nodes)"
    )
    # the practice dock's tooltip says it in the window's language (issue 108 item 3)
    assert entries[1].measure_text() == "50 playouts (3 plies, 265 proof nodes)"
    assert i18n.shown(entries[2].measure_text(), "de") == (
        "26.242 Playouts (die Engine verfehlt es oft; eingestuft nach 3 Halbzüge, 129 Beweisknoten)"
    )
