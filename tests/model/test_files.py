"""Position files: round trips, every malformed case named, atomic saving."""

from __future__ import annotations

import json
import os

import pytest

from model import files
from model.game import PositionFormatError
from model.partition import Partition, PartitionOptions
from tests.conftest import make_partition


def doc(**changes):
    base = {
        "format": "pyramid-lab/1",
        "game": "partition",
        "options": {"size": 3, "version": "stacking"},
        "to_move": "blue",
        "pieces": [[0, 0, 0, "red"]],
    }
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


def load(raw):
    return files.loads(json.dumps(raw))


def test_reads_the_spec_example():
    text = json.dumps(
        {
            "format": "pyramid-lab/1",
            "game": "partition",
            "options": {"size": 5, "version": "floating"},
            "to_move": "red",
            "pieces": [[0, 0, 0, "red"], [1, 0, 0, "blue"]],
            "history": [],
            "puzzle": {"title": "Seal the apex", "goal": "red wins in 2", "notes": "..."},
        }
    )
    d = files.loads(text)
    assert d.game.to_move == "red"
    assert d.game.colour_at((1, 0, 0)) == "blue"
    assert d.puzzle["title"] == "Seal the apex"


def test_defaults_from_empty_options():
    d = load(doc(options={}, to_move="red", pieces=[]))
    assert d.game.options == PartitionOptions(5, "floating")


@pytest.mark.parametrize(
    ("raw", "key", "words"),
    [
        (doc(format="pyramid-lab/2"), "format", "must be 'pyramid-lab/1'"),
        (doc(game="chess"), "game", "unknown game 'chess'"),
        (doc(options=None), "options", "required key is missing"),
        (doc(options=[]), "options", "must be a JSON object"),
        (doc(options={"size": 1}), "options.size", "from 2 to"),
        (doc(options={"size": True}), "options.size", "integer"),
        (doc(options={"version": "flying"}), "options.version", "'stacking' or 'floating'"),
        (doc(options={"colour": 1}), "options", "unknown option"),
        (doc(to_move="green"), "to_move", "'red' or 'blue'"),
        (doc(pieces={"a": 1}), "pieces", "must be a list"),
        (doc(pieces=[[0, 0, "red"]]), "pieces[0]", "must be [int, int, int, colour]"),
        (doc(pieces=[[0, 0, 0.5, "red"]]), "pieces[0]", "must be [int, int, int, colour]"),
        (doc(pieces=[[0, 0, 0, "green"]]), "pieces[0]", "colour must be"),
        (doc(pieces=[[0, 0, 3, "red"]]), "pieces[0]", "outside the base-3 pyramid"),
        (doc(pieces=[[2, 0, 1, "red"]]), "pieces[0]", "outside the base-3 pyramid"),
        (doc(pieces=[[0, 0, 0, "red"], [0, 0, 0, "blue"]]), "pieces[1]", "also given as pieces[0]"),
        (doc(pieces=[[0, 0, 1, "red"]]), "pieces[0]", "not supported"),
        (doc(pieces=[[0, 0, 0, "red"], [1, 0, 0, "red"]]), "pieces", "red has 2 balls and blue 0"),
        (doc(history="0,0,0"), "history", "list of moves"),
        (
            doc(history=["0,0,0", "0,0,0"], to_move="red", pieces=[]),
            "history[1]",
            "already holds a red ball",
        ),
        (doc(history=["0,0,1"], pieces=[[0, 0, 1, "red"]]), "history[0]", "not supported"),
        (doc(history=["nonsense"]), "history[0]", "not a point"),
        (doc(history=["1,0,0"]), "history", "does not give the position"),
        (doc(start="middle"), "start", "only value is 'pieces'"),
        (doc(study="yes"), "study", "true or false"),
        (doc(puzzle={"title": 3}), "puzzle", "text fields"),
        (doc(colour="red"), "colour", "unknown key"),
    ],
)
def test_malformed_documents_are_named(raw, key, words):
    with pytest.raises(PositionFormatError) as info:
        load(raw)
    assert info.value.key == key
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON: Expecting property name"),
        ("[1, 2]", "one JSON object"),
        (b"\xff\xfe{", "not"),
    ],
)
def test_unreadable_text(text, words):
    with pytest.raises(PositionFormatError, match=words):
        files.loads(text)


def test_read_names_the_file(tmp_path):
    path = tmp_path / "bad.pyr.json"
    path.write_text("{}")
    with pytest.raises(PositionFormatError, match=rf"^{path}: format: required key is missing"):
        files.read(path)
    with pytest.raises(PositionFormatError, match="No such file"):
        files.read(tmp_path / "missing.pyr.json")


def played_game():
    g = Partition(PartitionOptions(4, "stacking"))
    for text in ["0,0,0", "1,0,0", "0,1,0", "1,1,0", "0,0,1", "3,3,0"]:
        g.push_text(text)
    return g


def test_round_trip_of_a_played_game(tmp_path):
    g = played_game()
    path = tmp_path / "game.pyr.json"
    files.write(path, g, {"title": "six moves"})
    d = files.read(path)
    assert d.game.position_key() == g.position_key()
    assert [str(m) for m in d.game.move_stack] == [str(m) for m in g.move_stack]
    assert d.puzzle == {"title": "six moves"}
    assert not d.game.started_from_setup()
    d.game.pop()  # the loaded history can be taken back
    assert d.game.colour_at((3, 3, 0)) is None
    assert files.dumps(files.read(path).game, {"title": "six moves"}) == path.read_text()


def test_round_trip_of_a_set_up_position_with_moves(tmp_path):
    g = make_partition(4, [(0, 0, 0)], [(3, 3, 0)], study=False)
    g.push_text("1,1,1")
    path = tmp_path / "p.pyr.json"
    files.write(path, g)
    raw = json.loads(path.read_text())
    assert raw["start"] == "pieces"
    assert raw["history"] == ["1,1,1"]
    assert [0, 0, 0, "red"] in raw["pieces"]
    assert [1, 1, 1, "red"] not in raw["pieces"]
    d = files.read(path)
    assert d.game.position_key() == g.position_key()
    assert d.game.started_from_setup()


def test_round_trip_of_a_study(tmp_path):
    g = make_partition(3, [(0, 0, 0), (1, 0, 0), (2, 0, 0)], [], study=True)
    path = tmp_path / "s.pyr.json"
    files.write(path, g)
    assert json.loads(path.read_text())["study"] is True
    assert files.read(path).game.position_key() == g.position_key()


def test_save_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "keep.pyr.json"
    files.write(path, played_game())
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        files.write(path, Partition(PartitionOptions(3)))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.pyr.json"]  # no temp left


# ---- lessons -------------------------------------------------------------------------------


def test_lesson_round_trip(tmp_path):
    game = Partition.new(PartitionOptions(3))
    lesson = files.Lesson("Look at SW.", {"walls": True, "region": "SW"})
    path = tmp_path / "l.pyr.json"
    files.write(path, game, {"title": "L"}, lesson)
    raw = json.loads(path.read_text())
    assert raw["lesson"] == {"caption": "Look at SW.", "overlays": {"walls": True, "region": "SW"}}
    back = files.read(path)
    assert back.lesson == lesson
    assert back.puzzle == {"title": "L"}
    assert files.read(path).lesson is not None
    assert files.loads(files.dumps(game)).lesson is None


@pytest.mark.parametrize(
    ("lesson", "key", "words"),
    [
        ("hello", "lesson", "must be an object"),
        ({"caption": ""}, "lesson.caption", "non-empty"),
        ({"caption": "x", "colour": 1}, "lesson.colour", "unknown key"),
        ({"caption": "x", "overlays": {"walls": "yes"}}, "lesson.overlays.walls", "true or false"),
        ({"caption": "x", "overlays": {"region": "XX"}}, "lesson.overlays.region", "one of SW, SE"),
        ({"caption": "x", "overlays": {"glow": True}}, "lesson.overlays.glow", "unknown overlay"),
    ],
)
def test_malformed_lessons_are_named(lesson, key, words):
    with pytest.raises(PositionFormatError) as info:
        load(doc(lesson=lesson))
    assert info.value.key == key
    assert words in str(info.value)


def test_partition_overlays_on_another_game_are_refused():
    raw = {
        "format": "pyramid-lab/1",
        "game": "pyraos",
        "options": {},
        "to_move": "white",
        "pieces": [],
        "lesson": {"caption": "Pylos-like", "overlays": {"walls": True}},
    }
    with pytest.raises(PositionFormatError) as info:
        load(raw)
    assert info.value.key == "lesson.overlays.walls"
    assert "Pyraos has none" in str(info.value)
    raw["lesson"]["overlays"] = {}
    assert load(raw).lesson.caption == "Pylos-like"
