"""Verify and Solve on the puzzle made, through the lab alone (viewer.lab.puzzle_editor's
PuzzleDesk, the Puzzle dock's verbs): Verify proves the goal and holds its verdict, a goal
written drops a verdict, a solution that does not replay is refused, set-up mode is applied
first (an illegal set-up is refused, said, and stays), Solve mode begins and set-up mode
ends it."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_lab_setup_mode import PointsUI

from pyramid_lab.model.puzzle import goal_of
from pyramid_lab.viewer.lab.puzzle_editor import DeskChange

ROOT = Path(__file__).resolve().parents[2]
WIN_IN_2 = ROOT / "model" / "data" / "puzzles" / "partition" / "floating-3-win-in-2-a.pyr.json"


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def heard(lab) -> list[DeskChange]:
    changes: list[DeskChange] = []
    lab.puzzle_desk.changed.connect(changes.append)
    return changes


def test_verify_proves_the_puzzle_and_holds_its_verdict(lab, inbox):
    assert lab.documents.open(WIN_IN_2)
    desk, changes = lab.puzzle_desk, heard(lab)
    desk.verify()
    assert desk.verifying
    assert desk.note == ("aside", f"Verifying {lab.puzzle.goal_text()}...")
    assert "show" in changes  # the dock shows the verdict
    inbox.until(lambda: not desk.verifying)
    verdict = lab.puzzle.verdict
    assert verdict is not None
    assert verdict.verified
    assert lab.puzzle.verdict_here(lab.game) is verdict
    assert changes[-2:] == ["verdict", "board"]
    assert lab.bulletin.status.startswith("Verify: ")


def test_a_goal_is_written_and_a_solution_that_does_not_replay_is_refused(lab):
    desk, changes = lab.puzzle_desk, heard(lab)
    desk.write_goal(lab.game.to_move, 2)
    assert changes == ["verdict", "goal"]  # no verdict of another goal; the board follows
    assert goal_of(lab.session.puzzle) == lab.puzzle.goal_of_moves(lab.game.to_move, 2)
    assert not desk.edit_solution(["9,9,9"])
    assert "Not saved" in desk.solution_error
    assert "solution" not in lab.session.puzzle


def test_verify_in_set_up_mode_refuses_an_illegal_set_up_and_stays(lab):
    desk, mode = lab.puzzle_desk, lab.setup_mode
    ui = PointsUI(lab.game)
    assert mode.enter(ui)
    assert mode.editor is not None
    apex = max(range(len(ui.points)), key=lambda site: ui.points[site][2])
    mode.editor.click(apex)  # a ball in the air
    desk.verify()
    assert mode.editor is not None  # set-up mode stays
    tone, text = desk.note
    assert tone == "bad"
    assert text.startswith("The set-up is not a legal position yet: ")
    assert not desk.verifying
    assert lab.bulletin.status.startswith("Set-up: ")


def test_solve_mode_begins_at_the_puzzle_position_and_set_up_ends_it(lab):
    assert lab.documents.open(WIN_IN_2)
    desk, changes = lab.puzzle_desk, heard(lab)
    desk.toggle_solve()
    assert lab.solver.active
    assert changes[-2:] == ["present", "solve"]
    assert lab.setup_mode.enter(PointsUI(lab.game))
    desk.setup_entered()  # (the window connects it to set-up mode's entering)
    assert not lab.solver.active
