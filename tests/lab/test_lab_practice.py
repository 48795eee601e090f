"""Practice through the lab alone (viewer.lab.practice): a collection opened on its first
unsolved puzzle, the key move solving and ticking it for the next run, a wrong move refuted
and said in the rules' terms, Try again, hints from the idea to the move (from the written
solution, else from the prover on the lab's runner), the ticks forgotten."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from lab_helpers import play, settled

from pyramid_lab import i18n
from pyramid_lab.model.collection import INDEX, INDEX_FORMAT, Progress, position_key
from pyramid_lab.model.files import read, write

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "model" / "data" / "puzzles" / "partition"
WIN_IN_1 = "floating-3-win-in-1-a.pyr.json"  # red: 0,0,0, within 1 ply
WIN_IN_2 = "floating-3-win-in-2-a.pyr.json"  # red: 2,2,0 0,0,0 0,0,1, within 3 plies


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))


def collection(tmp_path, solutions=True):
    folder = tmp_path / "mine"
    folder.mkdir()
    for name in (WIN_IN_1, WIN_IN_2):
        doc = read(PUZZLES / name)
        puzzle = (
            doc.puzzle if solutions else {k: v for k, v in doc.puzzle.items() if k != "solution"}
        )
        write(folder / name, doc.game, puzzle)
    index = {
        "format": INDEX_FORMAT,
        "puzzles": [{"file": WIN_IN_1, "difficulty": 16}, {"file": WIN_IN_2, "difficulty": 64}],
    }
    (folder / INDEX).write_text(json.dumps(index))
    return folder


def test_a_collection_opens_on_its_first_unsolved_puzzle_in_solve_mode(lab, tmp_path, port):
    folder = collection(tmp_path)
    practice = lab.practice
    assert practice.open_collection(folder)
    assert practice.current == 0
    assert practice.playing()
    assert lab.solver.active
    assert lab.session.path == folder / WIN_IN_1
    assert "Practice: 2 puzzles in mine, 0 solved" in port.statuses


def test_the_key_move_solves_and_ticks_the_puzzle_for_the_next_run(lab, inbox, tmp_path, port):
    folder = collection(tmp_path)
    practice = lab.practice
    practice.open_collection(folder)
    play(lab, "0,0,0")
    kind, text = settled(lab, inbox)
    assert kind == "solved", text
    assert "Solved and ticked: 1 of 2 solved" in port.statuses
    key = position_key(read(folder / WIN_IN_1).game)
    assert Progress().is_solved(key)  # what the next run reads
    assert practice.next_unsolved()
    assert practice.current == 1
    assert lab.session.path == folder / WIN_IN_2
    practice.forget_ticks()
    assert not Progress().is_solved(key)


def test_a_wrong_move_is_refuted_said_in_the_rules_terms_and_tried_again(lab, inbox, tmp_path):
    folder = collection(tmp_path)
    practice = lab.practice
    practice.open_collection(folder)  # the win in 1
    anchor = lab.session.node
    wrong = next(str(m) for m in lab.game.legal_moves() if str(m) != "0,0,0")
    play(lab, wrong)
    kind, text = settled(lab, inbox)
    assert kind == "failed", text
    refuted, _answer = lab.solver.refuted
    assert str(refuted) == wrong
    why = practice.miss_text()
    assert why.startswith(f"{wrong} does not win at once: red "), why
    assert "the win at once takes" in why
    said = i18n.shown(why, "de")  # (a sentence of the catalog: the window's language)
    assert said.startswith(f"{wrong} gewinnt nicht sofort: Rot hält"), said
    assert "der sofortige Gewinn braucht" in said
    assert not Progress().solved  # a failed attempt ticks nothing
    practice.retry()
    assert lab.session.node is anchor
    assert lab.solver.status[0] == "info"
    assert practice.miss_text() == ""


def test_hints_give_the_idea_then_the_move(lab, inbox, tmp_path, port):
    folder = collection(tmp_path)
    practice = lab.practice
    practice.open_collection(folder)
    assert practice.play(1)  # the win in 2: 2,2,0 first
    practice.hint()
    assert practice.hint_stage == 1
    assert str(practice.hint_move[1]) == "2,2,0"
    assert practice.hint_idea is not None  # a placement: the idea, not the place
    assert practice.hint_idea.corners
    assert "at stake" in practice.hint_idea.text
    assert "um die es geht" in i18n.shown(practice.hint_idea.text, "de")
    assert port.statuses[-1].startswith("Hint 1 of 2: ")
    practice.hint()
    assert practice.hint_stage == 2
    assert port.statuses[-1] == "Hint 2 of 2: play 2,2,0"
    assert practice.used_hints == 2
    # the lab's lines, sentences of the catalog: the window says them in its language
    assert i18n.shown(port.statuses[-1], "de") == "Tipp 2 von 2: spiele 2,2,0"
    opened = next(s for s in port.statuses if s.startswith("Practice: "))
    assert i18n.shown(opened, "sv") == "Övning: 2 problem i mine, 0 lösta"
    assert i18n.shown(opened, i18n.PSEUDO).startswith("⟦")


def test_without_a_written_solution_the_hint_comes_from_the_prover(lab, inbox, tmp_path):
    folder = collection(tmp_path, solutions=False)
    practice = lab.practice
    practice.open_collection(folder)
    assert practice.play(1)
    practice.hint()
    assert practice.runner.thinking  # the lab goes on while the prover looks
    inbox.until(lambda: practice.hint_move is not None)
    assert str(practice.hint_move[1]) == "2,2,0"  # the only win in 2


def test_a_folder_without_puzzles_is_said_and_nothing_changes(lab, tmp_path, port):
    empty = tmp_path / "empty"
    empty.mkdir()
    practice = lab.practice
    assert not practice.open_collection(empty)
    assert practice.collection is None
    assert "holds no puzzle with a goal" in port.statuses[-1]
    assert not practice.open_collection(tmp_path / "missing")
    assert port.statuses[-1].startswith("Practice: ")
    assert not practice.next_unsolved()
    assert port.statuses[-1] == "Practice: open a collection first (Puzzles menu)"
    shutil.rmtree(empty)
