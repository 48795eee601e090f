"""The puzzle collection (model/data/puzzles/<game>/, made by scripts/make_puzzles.py): every
file reads, states a goal, and verifies with exactly one winning first move and a tight
bound; every game has at least thirty puzzles, Partition has both versions, and each
folder's collection.json lists every puzzle once, easiest first, with the difficulty its
file states."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pyramid_lab.model.collection import INDEX, LEVELS, load, rank_key, read_index
from pyramid_lab.model.files import read
from pyramid_lab.model.puzzle import goal_of
from pyramid_lab.model.search import knowledge_for, prove, verify
from tests.patience import WAIT_S

PUZZLES = Path(__file__).resolve().parents[2] / "model" / "data" / "puzzles"
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
    # a budget no load reaches (a verify takes a second or two): a broken one still ends
    verdict = verify(game, doc.puzzle, max_seconds=WAIT_S, knowledge=knowledge_for(game))
    assert verdict.verified, verdict.reason()
    assert verdict.cooks == [], f"cooks: {verdict.cooks}"
    assert len(verdict.winning_moves) == 1
    assert verdict.plies == goal.within, "the goal is not the shortest win"
    if goal.within > 2:  # tight: no win two plies shorter (the side's previous turn)
        shorter = prove(
            game,
            goal.side,
            goal.within - 2,
            shortest=False,
            line=False,
            knowledge=knowledge_for(game),
        )
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
    saturates_at = index["saturates_at"]
    keys = [
        rank_key(i["difficulty"], i["plies"], i["proof_nodes"], saturates_at)
        for i in index["puzzles"]
    ]
    assert keys == sorted(keys), "easiest first"
    assert len(set(values)) > 3, "the measure tells the puzzles apart"
    # where the playouts saturate the order goes on by plies, then proof nodes: no ties
    assert len(set(keys)) > len(keys) * 3 // 4
    for item in index["puzzles"]:
        stated = read(folder / item["file"]).puzzle["difficulty"]
        assert stated == f"{item['difficulty']} playouts"
    collection = load(folder)
    assert [e.path.name for e in collection.entries] == listed
    assert collection.problems == []
    assert len({e.key for e in collection.entries}) == len(listed), "no position twice"
    levels = [e.level for e in collection.entries]
    assert levels == sorted(levels), "the levels rise with the order"
    assert {e.level_name for e in collection.entries} == set(LEVELS)  # thirds of it


def test_pyraos_puzzles_past_the_playout_cap_are_ranked_by_plies_then_proof_nodes():
    entries = load(PUZZLES / "pyraos").entries
    capped = [e for e in entries if e.capped]
    assert len(capped) > len(entries) // 2  # most of Pyraos sits at the cap
    assert entries[-len(capped) :] == capped  # after every puzzle the engine finds
    order = [(e.plies, e.proof_nodes) for e in capped]
    assert order == sorted(order)
    assert (capped[0].plies, capped[-1].plies) == (3, 7)  # a win in 2 before a win in 4
    assert "often misses it" in capped[0].measure_text()
