"""The puzzle collection (examples/puzzles/<game>/, made by scripts/make_puzzles.py): every
file reads, states a goal, and verifies with exactly one winning first move and a tight
bound; every game has at least thirty puzzles, Partition has both versions, and each
folder's collection.json lists every puzzle once, easiest first, with the difficulty its
file states."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from model.collection import INDEX, load, read_index
from model.files import read
from model.puzzle import goal_of
from model.search import prove, verify

PUZZLES = Path(__file__).resolve().parents[2] / "examples" / "puzzles"
FILES = sorted(PUZZLES.glob("*/*.pyr.json"))
GAMES = ("partition", "pyraos", "terrace")


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_puzzle_verifies_uniquely_and_tightly(path: Path):
    doc = read(path)
    game = doc.game
    assert game.name == path.parent.name
    assert not game.study, "a collection puzzle is a position reached by play"
    assert not game.is_over()
    assert doc.puzzle.get("title")
    assert doc.puzzle.get("notes")
    goal = goal_of(doc.puzzle)
    assert goal is not None, "the puzzle states no goal"
    assert goal.side == game.to_move
    assert goal.within % 2 == 1, "a win of the side to move ends on its own turn"
    assert game.legal_move_count() > 1, "the key move is not the only legal move"
    verdict = verify(game, doc.puzzle, max_seconds=30)
    assert verdict.verified, verdict.reason()
    assert verdict.cooks == [], f"cooks: {verdict.cooks}"
    assert len(verdict.winning_moves) == 1
    assert verdict.plies == goal.within, "the goal is not the shortest win"
    if goal.within > 2:  # tight: no win two plies shorter (the side's previous turn)
        shorter = prove(game, goal.side, goal.within - 2, shortest=False, line=False)
        assert shorter.result == "disproven"
    solution = doc.puzzle["solution"]
    assert solution[0] == verdict.key_move
    assert len(solution) == goal.within, "the solution is the whole main line"
    replay = game.copy()
    for text in solution:
        replay.push_text(text)
    outcome = replay.outcome()
    assert outcome is not None
    assert outcome.winner == goal.side


def test_the_collection_has_thirty_puzzles_per_game_and_both_partition_versions():
    per_game = Counter(path.parent.name for path in FILES)
    for name in GAMES:
        assert per_game[name] >= 30, f"{name}: {per_game[name]} puzzles"
    versions = {read(p).game.options.version for p in FILES if p.parent.name == "partition"}
    assert versions == {"floating", "stacking"}
    sizes = {read(p).game.options.size for p in FILES if p.parent.name == "partition"}
    assert len(sizes) >= 3


@pytest.mark.parametrize("name", GAMES)
def test_each_collection_is_ordered_by_the_difficulty_its_files_state(name):
    folder = PUZZLES / name
    index = read_index(folder)
    assert index is not None, f"{name}: no {INDEX}"
    listed = [item["file"] for item in index["puzzles"]]
    assert sorted(listed) == sorted(p.name for p in folder.glob("*.pyr.json"))
    values = [item["difficulty"] for item in index["puzzles"]]
    assert values == sorted(values), "easiest first"
    assert len(set(values)) > 3, "the measure tells the puzzles apart"
    for item in index["puzzles"]:
        stated = read(folder / item["file"]).puzzle["difficulty"]
        assert stated == f"{item['difficulty']} playouts"
    collection = load(folder)
    assert [e.path.name for e in collection.entries] == listed
    assert collection.problems == []
    assert len({e.key for e in collection.entries}) == len(listed), "no position twice"
